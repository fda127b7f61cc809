"""API routes of Malediction, under /api/malediction/."""

from config.routers import Router
from malediction.api import packs

router = Router()
router.register("packs", packs.PackViewSet, basename="malediction-pack")

urlpatterns = router.urls
