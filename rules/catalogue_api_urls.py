"""API routes of the content catalogue, under /api/rules/: models/, upgrades/, packs/."""

from rest_framework.routers import SimpleRouter

from . import catalogue_api

router = SimpleRouter()
router.register("models", catalogue_api.ModelCardViewSet, basename="catalogue-model")
router.register("upgrades", catalogue_api.UpgradeCardViewSet, basename="catalogue-upgrade")
router.register("packs", catalogue_api.PackViewSet, basename="catalogue-pack")

urlpatterns = router.urls
