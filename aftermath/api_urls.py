from rest_framework.routers import SimpleRouter

from aftermath.api import AftermathViewSet

router = SimpleRouter()
router.register("aftermaths", AftermathViewSet, basename="aftermath")
urlpatterns = router.urls
