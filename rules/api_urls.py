from django.urls import include, path
from rest_framework.routers import SimpleRouter

from . import api

router = SimpleRouter()
router.register("flips", api.FlipViewSet, basename="flip")

urlpatterns = [
    path("duel-odds/", api.DuelOddsView.as_view(), name="api-duel-odds"),
    *router.urls,
    path("", include("rules.catalogue_api_urls")),
]
