"""Standings API: the same table as the page and the exports (one ``StandingsTable``),
the week-by-week history, the metric registry and the campaign's tie-breaks.

Reads follow the campaign's visibility (a hidden campaign is a 404); only the league's
admins and organizers change the tie-breaks. Serializer names start with ``Standings``
so their OpenAPI components stay unique.
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext, gettext_lazy
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import permissions, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.selectors import visible_campaigns
from config.fields import ListField
from standings import metrics
from standings.compute import build_history, build_table
from standings.selectors import load_facts, tie_breaks
from standings.services import set_tie_breaks


class StandingsMetricSerializer(serializers.Serializer):
    key = serializers.CharField()
    label = serializers.CharField()
    short = serializers.CharField()
    direction = serializers.ChoiceField(
        choices=[d.value for d in metrics.Direction],
        help_text=gettext_lazy("Whether a higher or a lower value ranks first."),
    )
    description = serializers.CharField()


class StandingsRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    tied = serializers.BooleanField(help_text=gettext_lazy("The rank is shared with another crew."))
    crew_id = serializers.IntegerField(source="entrant.crew_id")
    crew = serializers.CharField(source="entrant.crew")
    player = serializers.CharField(source="entrant.player")
    faction = serializers.CharField(source="entrant.faction")
    values = serializers.SerializerMethodField()

    def get_values(self, row) -> dict[str, int]:
        return {m.key: v for m, v in zip(self.context["columns"], row.values, strict=True)}


class StandingsTableSerializer(serializers.Serializer):
    campaign_id = serializers.IntegerField()
    campaign = serializers.CharField()
    week = serializers.IntegerField()
    last_week = serializers.IntegerField()
    tie_breaks = StandingsMetricSerializer(many=True)
    columns = StandingsMetricSerializer(many=True)
    rows = serializers.SerializerMethodField()

    @extend_schema(responses=StandingsRowSerializer(many=True))
    def get_rows(self, table) -> list[dict]:
        return StandingsRowSerializer(
            table.rows, many=True, context={"columns": table.columns}
        ).data


class StandingsWeekQuerySerializer(serializers.Serializer):
    week = serializers.IntegerField(required=False, min_value=1)

    def validate_week(self, value):
        last = self.context["last_week"]
        if value > last:
            raise serializers.ValidationError(
                gettext("The campaign has reached week %(last)s.") % {"last": last}
            )
        return value


class StandingsHistoryCrewSerializer(serializers.Serializer):
    crew_id = serializers.IntegerField(source="entrant.crew_id")
    crew = serializers.CharField(source="entrant.crew")
    player = serializers.CharField(source="entrant.player")
    positions = serializers.ListField(child=serializers.IntegerField())
    scrip = serializers.ListField(
        child=serializers.IntegerField(),
        help_text=gettext_lazy("Scrip balance at the end of each week."),
    )


class StandingsHistorySerializer(serializers.Serializer):
    weeks = serializers.ListField(child=serializers.IntegerField())
    crews = StandingsHistoryCrewSerializer(many=True)


class StandingsConfigSerializer(serializers.Serializer):
    tie_breaks = ListField(
        child=serializers.CharField(max_length=60),
        allow_null=True,
        allow_empty=False,
        max_length=20,
        help_text=gettext_lazy("Ordered metric keys; null goes back to the book's order."),
    )
    is_default = serializers.BooleanField(read_only=True)
    defaults = serializers.ListField(child=serializers.CharField(), read_only=True)

    def validate_tie_breaks(self, value):
        found = metrics.problems(value) if value is not None else []
        if found:
            raise serializers.ValidationError(found)
        return value


class _CampaignView(APIView):
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]

    def campaign(self):
        return get_object_or_404(
            visible_campaigns(self.request.user), pk=self.kwargs["campaign_pk"]
        )


class StandingsView(_CampaignView):
    @extend_schema(
        parameters=[
            OpenApiParameter("week", int, description="As of this week (default: the latest).")
        ],
        responses={200: StandingsTableSerializer},
    )
    def get(self, request, campaign_pk: int):
        campaign = self.campaign()
        facts = load_facts(campaign)
        query = StandingsWeekQuerySerializer(
            data=request.query_params, context={"last_week": facts.last_week}
        )
        query.is_valid(raise_exception=True)
        table = build_table(facts, tie_breaks(campaign), query.validated_data.get("week"))
        return Response(StandingsTableSerializer(table).data)


class StandingsHistoryView(_CampaignView):
    @extend_schema(responses={200: StandingsHistorySerializer})
    def get(self, request, campaign_pk: int):
        campaign = self.campaign()
        history = build_history(load_facts(campaign), tie_breaks(campaign))
        return Response(StandingsHistorySerializer(history).data)


class StandingsConfigView(_CampaignView):
    def _body(self, campaign) -> dict:
        keys = tie_breaks(campaign)
        defaults = metrics.default_keys(campaign.competitive_mode)
        config = getattr(campaign, "standings_config", None)
        return {
            "tie_breaks": list(keys),
            "defaults": list(defaults),
            "is_default": not (config and config.tie_breaks),
        }

    @extend_schema(responses={200: StandingsConfigSerializer})
    def get(self, request, campaign_pk: int):
        return Response(StandingsConfigSerializer(self._body(self.campaign())).data)

    @extend_schema(request=StandingsConfigSerializer, responses={200: StandingsConfigSerializer})
    def put(self, request, campaign_pk: int):
        campaign = self.campaign()
        data = StandingsConfigSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        set_tie_breaks(
            campaign=campaign, actor=request.user, keys=data.validated_data["tie_breaks"]
        )
        campaign = self.campaign()
        return Response(StandingsConfigSerializer(self._body(campaign)).data)


class StandingsMetricsView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: StandingsMetricSerializer(many=True)})
    def get(self, request):
        return Response(StandingsMetricSerializer(metrics.REGISTRY.values(), many=True).data)
