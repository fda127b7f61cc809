"""Top-level URLs: pages, accounts, the API with its OpenAPI schema and docs, admin."""

from csp.decorators import csp_update
from django.contrib import admin
from django.urls import include, path, register_converter
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from config.converters import IdConverter

register_converter(IdConverter, "id")  # before the apps' URL modules use <id:...>

from home import views as home_views  # noqa: E402

from . import views  # noqa: E402

urlpatterns = [
    path("", home_views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("accounts/", include("accounts.urls")),
    path("rules/catalogue/", include("catalogue.urls")),
    path("rules/", include("rules.urls")),
    path("leagues/", include("league.urls")),
    path("campaigns/", include("campaign.urls")),
    path("campaigns/", include("standings.urls")),
    path("games/", include("encounters.urls")),
    path("aftermath/", include("aftermath.urls")),
    path("auto-resolve/", include("autoresolve.urls")),
    path("exports/", include("exports.urls")),
    path("nights/", include("nights.urls")),
    path("notifications/", include("notifications.urls")),
    path("malediction/", include("malediction.urls")),
    path("api/", include("league.api_urls")),
    path("api/", include("campaign.api_urls")),
    path("api/", include("encounters.api_urls")),
    path("api/", include("aftermath.api_urls")),
    path("api/", include("autoresolve.api_urls")),
    path("api/", include("exports.api_urls")),
    path("api/nights/", include("nights.api_urls")),
    path("api/", include("standings.api_urls")),
    path("api/", include("notifications.api_urls")),
    path("api/", include("home.api_urls")),
    path("api/malediction/", include("malediction.api_urls")),
    path("api/rules/", include("rules.api_urls")),
    path("api/rules/", include("catalogue.api_urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # The split view serves Swagger UI's start-up script as a file (no inline script, for
    # the CSP); Swagger UI injects a <style> element, so this page alone allows inline style.
    path("api/docs/", csp_update({"style-src": ["'unsafe-inline'"]})(
        SpectacularSwaggerSplitView.as_view(url_name="api-schema")), name="api-docs"),
    path("admin/", admin.site.urls),
]

handler404 = "config.views.page_not_found"
handler500 = "config.views.server_error"
