from django.urls import include, path

from campaign.api import CampaignViewSet, CrewViewSet
from campaign.card_api import CrewCardsView
from config.routers import Router

router = Router()
router.register("campaigns", CampaignViewSet, basename="campaign")
router.register("crews", CrewViewSet, basename="crew")

urlpatterns = [*router.urls, path("", include("campaign.weeks.api_urls")),
               path("crews/<id:pk>/cards/", CrewCardsView.as_view(), name="crew-cards")]
