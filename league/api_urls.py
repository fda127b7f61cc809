from config.routers import Router
from league.api import LeagueViewSet

router = Router()
router.register("leagues", LeagueViewSet, basename="league")
urlpatterns = router.urls
