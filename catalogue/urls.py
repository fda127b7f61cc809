"""Pages of the content catalogue, under /rules/catalogue/ (its URLs predate the app)."""

from django.urls import path

from . import views
from .community import views as community

app_name = "catalogue"
urlpatterns = [
    path("", views.browse, name="browse"),
    path("packs/", views.pack_list, name="packs"),
    path("packs/import/", views.pack_import, name="pack-import"),
    path("packs/community/", community.community_import, name="community-import"),
    path("packs/community/confirm/", community.community_confirm, name="community-confirm"),
    path("packs/<slug:slug>/", views.pack_detail, name="pack"),
    path("packs/<slug:slug>/coverage/", views.pack_coverage, name="pack-coverage"),
    path("packs/<slug:slug>/export.json", views.export_json, name="pack-json"),
    path("packs/<slug:slug>/export.zip", views.export_zip, name="pack-zip"),
    path("packs/<slug:pack>/models/<slug:slug>/", views.model_detail, name="model"),
    path("packs/<slug:pack>/models/<slug:slug>/effects/", views.model_effects,
         name="model-effects"),
]
