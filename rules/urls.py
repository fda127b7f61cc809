"""Pages of the rules under /rules/: the duel calculator and the rule tables."""

from django.urls import path

from .views import odds, tables

app_name = "rules"
urlpatterns = [
    path("odds/", odds.odds, name="odds"),
    path("tables/", tables.index, name="tables"),
    path("tables/<slug:key>/", tables.table_page, name="table"),
]
