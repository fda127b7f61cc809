from rest_framework.routers import SimpleRouter

from nights.api import NightViewSet

router = SimpleRouter()
router.register("", NightViewSet, basename="night")
urlpatterns = router.urls
