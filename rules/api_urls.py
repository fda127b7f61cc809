"""API of the rules under /api/rules/: duel odds and the flip record."""

from django.urls import path

from config.routers import Router

from . import api

router = Router()
router.register("flips", api.FlipViewSet, basename="flip")

urlpatterns = [
    path("duel-odds/", api.DuelOddsView.as_view(), name="api-duel-odds"),
    *router.urls,
]
