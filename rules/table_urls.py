"""Pages of the campaign rule tables (owned by the tables work)."""

urlpatterns: list = []
