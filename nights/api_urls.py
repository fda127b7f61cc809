from config.routers import Router
from nights.api import NightViewSet

router = Router()
router.register("", NightViewSet, basename="night")
urlpatterns = router.urls
