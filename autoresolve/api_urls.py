from autoresolve.api import PredictionViewSet, ResolveRunViewSet
from config.routers import Router

router = Router()
router.register("auto-resolve/runs", ResolveRunViewSet, basename="resolve-run")
router.register("predictions", PredictionViewSet, basename="prediction")
urlpatterns = router.urls
