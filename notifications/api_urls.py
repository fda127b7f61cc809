from config.routers import Router
from notifications.api import NotificationViewSet

router = Router()
router.register("notifications", NotificationViewSet, basename="notification")
urlpatterns = router.urls
