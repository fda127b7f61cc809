"""``GET /api/home/``: the same home as the page, for apps and scripts."""

from __future__ import annotations

from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from home.selectors import organizer_home, player_home
from notifications.api import NotificationSerializer


class HomeNeedSerializer(serializers.Serializer):
    kind = serializers.CharField(
        help_text=gettext_lazy(
            "confirm_result, aftermath, new_hires, check_in, "
            "build, auto_resolve_request; for organizers "
            "dispute, overdue_game, overdue_aftermath, "
            "turnover_due, failed_job, join_request."
        )
    )
    text = serializers.CharField()
    url = serializers.CharField()
    action = serializers.CharField()
    campaign = serializers.CharField()


class HomeCrewSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="crew.pk")
    name = serializers.CharField(source="crew.name")
    status = serializers.CharField(source="crew.status")
    faction = serializers.CharField(source="crew.faction.name")
    scrip = serializers.IntegerField(source="crew.scrip")
    campaign = serializers.IntegerField(source="crew.campaign_id")
    campaign_name = serializers.CharField(source="crew.campaign.name")
    campaign_status = serializers.CharField(source="crew.campaign.status")
    current_week = serializers.IntegerField(source="crew.campaign.current_week")
    week_state = serializers.CharField(source="week.state", default=None, allow_null=True)
    sheet_url = serializers.CharField(source="crew.get_absolute_url")


class HomeNextGameSerializer(serializers.Serializer):
    text = serializers.CharField()
    url = serializers.CharField()
    state = serializers.CharField()
    campaign = serializers.CharField()


class HomeCampaignSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    name = serializers.CharField()
    status = serializers.CharField()
    current_week = serializers.IntegerField()


class HomeOrganizerSerializer(serializers.Serializer):
    campaigns = HomeCampaignSerializer(many=True)
    needs = HomeNeedSerializer(many=True)


class HomeSerializer(serializers.Serializer):
    crews = HomeCrewSerializer(many=True)
    needs = HomeNeedSerializer(many=True)
    next_game = HomeNextGameSerializer(allow_null=True)
    notifications = NotificationSerializer(many=True)
    organizer = HomeOrganizerSerializer(allow_null=True)


class HomeView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: HomeSerializer})
    def get(self, request):
        me = player_home(request.user)
        data = {
            "crews": me.crews,
            "needs": me.needs,
            "next_game": me.next_game,
            "notifications": me.notifications,
            "organizer": organizer_home(request.user),
        }
        return Response(HomeSerializer(data).data)
