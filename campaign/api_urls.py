from rest_framework.routers import SimpleRouter

from campaign.api import CampaignViewSet, CrewViewSet

router = SimpleRouter()
router.register("campaigns", CampaignViewSet, basename="campaign")
router.register("crews", CrewViewSet, basename="crew")
urlpatterns = router.urls
