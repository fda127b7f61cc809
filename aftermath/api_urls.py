from aftermath.api import AftermathViewSet
from config.routers import Router

router = Router()
router.register("aftermaths", AftermathViewSet, basename="aftermath")
urlpatterns = router.urls
