"""Top-level URLs: pages, accounts, the API with its OpenAPI schema and docs, admin."""

from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from . import views

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("accounts/", include("accounts.urls")),
    path("rules/", include("rules.urls")),
    path("leagues/", include("league.urls")),
    path("campaigns/", include("campaign.urls")),
    path("campaigns/", include("standings.urls")),
    path("games/", include("encounters.urls")),
    path("aftermath/", include("aftermath.urls")),
    path("exports/", include("exports.urls")),
    path("nights/", include("nights.urls")),
    path("api/", include("league.api_urls")),
    path("api/", include("campaign.api_urls")),
    path("api/", include("encounters.api_urls")),
    path("api/", include("aftermath.api_urls")),
    path("api/", include("exports.api_urls")),
    path("api/nights/", include("nights.api_urls")),
    path("api/", include("standings.api_urls")),
    path("api/rules/", include("rules.api_urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("admin/", admin.site.urls),
]

handler404 = "config.views.page_not_found"
handler500 = "config.views.server_error"
