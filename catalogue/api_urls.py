"""API routes of the content catalogue, under /api/rules/ (models/, upgrades/, packs/), where
they lived before the catalogue became an app of its own."""

from config.routers import Router

from . import api

router = Router()
router.register("models", api.ModelCardViewSet, basename="catalogue-model")
router.register("upgrades", api.UpgradeCardViewSet, basename="catalogue-upgrade")
router.register("packs", api.PackViewSet, basename="catalogue-pack")

urlpatterns = router.urls
