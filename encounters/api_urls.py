from config.routers import Router
from encounters.api import GameViewSet, SeriesViewSet

router = Router()
router.register("games", GameViewSet, basename="game")
router.register("series", SeriesViewSet, basename="series")
urlpatterns = router.urls
