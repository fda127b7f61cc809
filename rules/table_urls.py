"""Pages of the campaign rule tables, under ``/rules/tables/`` in the ``rules`` namespace."""

from django.urls import path

from . import table_views

urlpatterns = [
    path("", table_views.index, name="tables"),
    path("<slug:key>/", table_views.table_page, name="table"),
]
