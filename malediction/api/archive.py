"""The archive of finished events, read-only: the list, one event's whole record (rounds,
pairings, results, final standings) and its standings alone (per unit or per player).
Readable by whoever may see the event's page; an event still running is not archived
(404). The shapes below are what the answers hold, so the schema says it exactly.

``EventArchiveActions`` (on ``/events/``) exports and imports an event's full archive
document, as the event pages do."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response

from config import fields
from config.parsers import JSONParser
from league.models import League
from league.permissions import can_manage_content, can_manage_league
from malediction import archived
from malediction.archive import ArchiveError, export_event, import_event
from malediction.forms import MAX_UPLOAD_BYTES
from malediction.models import Event, Match, Round, WinType
from malediction.services.common import can_manage_event


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


# --- An event's archive document: export and import (``malediction.archive``) -----------


class MalEventDocumentSerializer(serializers.Serializer):
    """The archive document (``malediction.archive.FORMAT``), natural keys throughout;
    the importer checks every reference and row."""

    format = serializers.CharField(max_length=40)
    league = serializers.CharField(max_length=80)
    event = fields.DictField(max_length=20)
    teams = fields.ListField(child=fields.DictField(max_length=5), max_length=500)
    registrations = fields.ListField(child=fields.DictField(max_length=10), max_length=1000)
    rounds = fields.ListField(child=fields.DictField(max_length=10), max_length=50)
    matches = fields.ListField(child=fields.DictField(max_length=30), max_length=5000)


class MalEventImportSerializer(serializers.Serializer):
    league = serializers.SlugField(max_length=80, help_text="The league that gets the event.")
    archive = MalEventDocumentSerializer()


class MalEventImportResultSerializer(serializers.Serializer):
    event = serializers.IntegerField()
    league = serializers.CharField()
    url = serializers.CharField()


class EventArchiveActions:
    """Mixed into ``play.EventViewSet``: ``archive`` (GET, the event's organizers: it holds
    every list, as the page's export) and ``import`` (POST, a league's organizers)."""

    max_body_bytes = None  # the import's own, as large as the page's upload

    @extend_schema(responses={200: MalEventDocumentSerializer, 403: OpenApiTypes.OBJECT})
    @action(detail=True, methods=["get"], url_path="archive", url_name="archive-export",
            permission_classes=[IsAuthenticated])
    def archive_export(self, request, pk=None):
        """The event's whole archive, lossless; importing it gives an equal archive."""
        event = self.get_object()
        if not can_manage_event(request.user, event):
            raise PermissionDenied(gettext("Only the league's admins and organizers may do this."))
        return Response(export_event(event))

    @extend_schema(request=MalEventImportSerializer,
                   responses={201: MalEventImportResultSerializer, 400: OpenApiTypes.OBJECT,
                              403: OpenApiTypes.OBJECT})
    @action(detail=False, methods=["post"], url_path="import", url_name="archive-import",
            permission_classes=[IsAuthenticated], parser_classes=[JSONParser],
            max_body_bytes=MAX_UPLOAD_BYTES)
    def archive_import(self, request):
        """A new event in ``league`` from an archive: all or nothing; a 400 lists every
        missing user or card under ``archive``."""
        league = _league_to_manage(request)
        data = MalEventImportSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            event = import_event(request.data["archive"], league=league)
        except ArchiveError as exc:
            return Response({"detail": str(exc), "archive": exc.problems[:50]},
                            status=status.HTTP_400_BAD_REQUEST)
        return Response({"event": event.pk, "league": league.slug,
                         "url": event.get_absolute_url()}, status=status.HTTP_201_CREATED)


def _league_to_manage(request) -> League:
    """Who asks before what is asked: a user who manages no such league gets the 403
    whatever the body holds; an organizer naming an unknown league, a field error."""
    slug = request.data.get("league") if isinstance(request.data, dict) else None
    league = League.objects.filter(slug=slug).first() if isinstance(slug, str) else None
    if league is not None and can_manage_league(request.user, league):
        return league
    if league is None and can_manage_content(request.user):  # manages some league
        raise serializers.ValidationError({"league": [gettext("No league with this slug.")]})
    raise PermissionDenied(gettext("Only the league's admins and organizers may do this."))
