from autoresolve.api import PredictionViewSet, ResolveRunViewSet
from autoresolve.mal_api import MalPredictionViewSet, MalResolveRunViewSet
from config.routers import Router

router = Router()
router.register("auto-resolve/runs", ResolveRunViewSet, basename="resolve-run")
router.register("predictions", PredictionViewSet, basename="prediction")
# Malediction's, beside its own API under /api/malediction/ (that app's tables stay its own).
router.register("malediction/auto-resolve/runs", MalResolveRunViewSet,
                basename="malediction-resolve-run")
router.register("malediction/predictions", MalPredictionViewSet,
                basename="malediction-prediction")
urlpatterns = router.urls
