from rest_framework.routers import SimpleRouter

from league.api import LeagueViewSet

router = SimpleRouter()
router.register("leagues", LeagueViewSet, basename="league")
urlpatterns = router.urls
