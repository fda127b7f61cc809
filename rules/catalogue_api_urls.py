"""API routes of the content catalogue (owned by the catalogue work)."""

urlpatterns: list = []
