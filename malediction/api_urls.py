"""API routes of Malediction, under /api/malediction/."""

from django.urls import path

from config.routers import Router
from malediction.api import odds, packs

router = Router()
router.register("packs", packs.PackViewSet, basename="malediction-pack")

urlpatterns = [
    path("attack-odds/", odds.AttackOddsView.as_view(), name="malediction-attack-odds"),
    *router.urls,
]
