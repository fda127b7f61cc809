"""Pages of the content catalogue, under /rules/catalogue/ in the ``rules`` namespace."""

from django.urls import path

from . import catalogue_views as views

urlpatterns = [
    path("", views.browse, name="catalogue"),
    path("packs/", views.pack_list, name="catalogue-packs"),
    path("packs/import/", views.pack_import, name="catalogue-pack-import"),
    path("packs/<slug:slug>/", views.pack_detail, name="catalogue-pack"),
    path("packs/<slug:slug>/export.json", views.export_json, name="catalogue-pack-json"),
    path("packs/<slug:slug>/export.zip", views.export_zip, name="catalogue-pack-zip"),
    path("packs/<slug:pack>/models/<slug:slug>/", views.model_detail, name="catalogue-model"),
]
