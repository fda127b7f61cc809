"""API of a campaign's weeks, under /api/campaigns/<id>/weeks/."""

from django.urls import path

from .api import CampaignWeekViewSet

weeks = "campaigns/<id:campaign_pk>/weeks/"
week = weeks + "<id:number>/"
urlpatterns = [
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
