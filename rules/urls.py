from django.urls import include, path

from . import views

app_name = "rules"
urlpatterns = [
    path("odds/", views.odds, name="odds"),
    path("tables/", include("rules.table_urls")),
    path("catalogue/", include("rules.catalogue_urls")),
]
