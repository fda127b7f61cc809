"""API routes of Malediction, under /api/malediction/."""

from django.urls import path

from config.routers import Router
from malediction.api import archive, odds, packs, play

router = Router()
router.register("packs", packs.PackViewSet, basename="malediction-pack")
router.register("war-bands", play.WarBandViewSet, basename="malediction-war-band")
router.register("events", play.EventViewSet, basename="malediction-event")
router.register("matches", play.MatchViewSet, basename="malediction-match")
router.register("archive", archive.EventArchiveViewSet, basename="malediction-archive")

urlpatterns = [
    path("attack-odds/", odds.AttackOddsView.as_view(), name="malediction-attack-odds"),
    *router.urls,
]
