"""The archive of finished events, read-only: the list, one event's whole record (rounds,
pairings, results, final standings) and its standings alone (per unit or per player).
Readable by whoever may see the event's page; an event still running is not archived
(404). The shapes below are what the answers hold, so the schema says it exactly."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from malediction import archived
from malediction.models import Event, Match, Round, WinType


class MalArchiveSeatSerializer(serializers.Serializer):
    player = serializers.CharField()
    seeker = serializers.CharField(allow_null=True)
    legacy = serializers.CharField(allow_null=True)


class MalArchiveSideSerializer(serializers.Serializer):
    key = serializers.CharField()
    team = serializers.CharField(allow_null=True)
    won = serializers.BooleanField()
    final_mastery = serializers.IntegerField(allow_null=True)
    relics_claimed = serializers.IntegerField(allow_null=True)
    relics_lost = serializers.IntegerField(allow_null=True)
    kill_mastery = serializers.IntegerField(allow_null=True)
    bids_won = serializers.IntegerField(allow_null=True)
    seats = MalArchiveSeatSerializer(many=True)


class MalArchiveMatchSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    table = serializers.IntegerField(allow_null=True)
    is_bye = serializers.BooleanField()
    state = serializers.ChoiceField(choices=Match.State.choices)
    winner = serializers.CharField(allow_null=True)
    final_round = serializers.IntegerField(allow_null=True)
    win_type = serializers.ChoiceField(choices=WinType.choices, allow_null=True)
    ruled = serializers.BooleanField()
    ruling_reason = serializers.CharField(allow_blank=True)
    sides = MalArchiveSideSerializer(many=True)


class MalArchiveRoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    date = serializers.DateField()
    state = serializers.ChoiceField(choices=Round.State.choices)
    paired_at = serializers.DateTimeField(allow_null=True)
    notes = serializers.ListField(child=serializers.CharField(allow_blank=True))
    matches = MalArchiveMatchSerializer(many=True)


class MalArchiveStandingRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    name = serializers.CharField()
    played = serializers.IntegerField()
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    byes = serializers.IntegerField()
    margin = serializers.IntegerField()
    strength_of_schedule = serializers.IntegerField()
    mastery = serializers.IntegerField()


class MalArchiveStandingsSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    per = serializers.ChoiceField(choices=["player", "team"])
    tie_breaks = serializers.ListField(child=serializers.CharField())
    rows = MalArchiveStandingRowSerializer(many=True)


class MalArchivedEventSerializer(serializers.ModelSerializer):
    league = serializers.SlugRelatedField(slug_field="slug", read_only=True)

    class Meta:
        model = Event
        fields = ["id", "league", "name", "mode", "board", "threshold", "planned_rounds",
                  "state"]


class MalArchiveSerializer(MalArchivedEventSerializer):
    """An event's whole record (built by ``malediction.archived.archive_of``)."""

    league = serializers.CharField()
    rounds = MalArchiveRoundSerializer(many=True)
    standings = MalArchiveStandingsSerializer()

    class Meta(MalArchivedEventSerializer.Meta):
        fields = [*MalArchivedEventSerializer.Meta.fields, "rounds", "standings"]


class EventArchiveViewSet(viewsets.ReadOnlyModelViewSet):
    """Finished events the user may see (``archived.archived_events``)."""

    serializer_class = MalArchivedEventSerializer
    permission_classes = [AllowAny]

    def get_queryset(self):
        return archived.archived_events(self.request.user)

    @extend_schema(responses={200: MalArchiveSerializer})
    def retrieve(self, request, pk=None):
        """The event, each round's pairings and counted results, the final standings."""
        event = self.get_object()
        return Response(MalArchiveSerializer(archived.archive_of(event, request.user)).data)

    @extend_schema(parameters=[OpenApiParameter("per", str, enum=["unit", "player"])],
                   responses={200: MalArchiveStandingsSerializer})
    @action(detail=True, methods=["get"])
    def standings(self, request, pk=None):
        """The final standings: per unit (teams in team modes) or per player."""
        event = self.get_object()
        per = "player" if request.query_params.get("per") == "player" else "unit"
        return Response(MalArchiveStandingsSerializer(
            archived.final_standings(event, per=per)).data)
