from rest_framework.routers import SimpleRouter

from encounters.api import GameViewSet, SeriesViewSet

router = SimpleRouter()
router.register("games", GameViewSet, basename="game")
router.register("series", SeriesViewSet, basename="series")
urlpatterns = router.urls
