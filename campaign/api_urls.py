from django.urls import path
from rest_framework.routers import SimpleRouter

from campaign.api import CampaignViewSet, CrewViewSet
from campaign.week_api import CampaignWeekViewSet

router = SimpleRouter()
router.register("campaigns", CampaignViewSet, basename="campaign")
router.register("crews", CrewViewSet, basename="crew")

weeks = "campaigns/<int:campaign_pk>/weeks/"
week = weeks + "<int:number>/"
urlpatterns = [
    *router.urls,
    path(weeks, CampaignWeekViewSet.as_view({"get": "list"}), name="campaign-weeks"),
    path(weeks + "flip-now/", CampaignWeekViewSet.as_view({"post": "flip_now"}),
         name="campaign-weeks-flip-now"),
    path(week, CampaignWeekViewSet.as_view({"get": "retrieve"}), name="campaign-week"),
    path(week + "set-event/", CampaignWeekViewSet.as_view({"post": "set_event"}),
         name="campaign-week-set-event"),
    path(week + "pit-fight/", CampaignWeekViewSet.as_view({"post": "pit_fight"}),
         name="campaign-week-pit-fight"),
    path(week + "avatar/", CampaignWeekViewSet.as_view({"post": "avatar"}),
         name="campaign-week-avatar"),
    path(week + "bullet/claim/", CampaignWeekViewSet.as_view({"post": "claim_bullet"}),
         name="campaign-week-bullet-claim"),
]
