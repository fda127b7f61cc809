"""War bands, events, matches and the tracker as an API. Reads go through the same
selectors as the pages (a locked list before its reveal is a secret); writes call the
same services and answer 400 with the reasons (``problems``), never half-writing."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import Http404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response

from config import fields
from malediction import selectors, standings
from malediction.api.archive import EventArchiveActions
from malediction.api.teams import EventTeamActions
from malediction.models import Card, Event, Match, WarBand
from malediction.result_form import OPTIONAL_FACTS, ResultForm
from malediction.services import events, results, tracker, warbands
from malediction.services.common import MaledictionError


def refused(exc: MaledictionError) -> Response:
    body = {"detail": str(exc), "problems": exc.problems}
    if getattr(exc, "fields", None):
        body.update(exc.fields)
    return Response(body, status=status.HTTP_400_BAD_REQUEST)


# --- War bands --------------------------------------------------------------------------


class MalEntrySerializer(serializers.Serializer):
    card = serializers.IntegerField(min_value=1, max_value=2**31)
    count = serializers.IntegerField(min_value=1, max_value=9)

    class Meta:
        list_serializer_class = fields.ListSerializer  # publishes the list's max_length


class MalWarBandInputSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=120)
    seeker = serializers.IntegerField(min_value=1, max_value=2**31)
    legacy = serializers.IntegerField(min_value=1, max_value=2**31, required=False,
                                      allow_null=True)
    terrain = serializers.IntegerField(min_value=1, max_value=2**31)
    deck = MalEntrySerializer(many=True, max_length=60)
    side = MalEntrySerializer(many=True, max_length=10, required=False, default=list)

    def resolved(self) -> dict:
        data = self.validated_data
        ids = {data["seeker"], data["terrain"], data.get("legacy") or 0,
               *(e["card"] for e in data["deck"]), *(e["card"] for e in data["side"])}
        cards = Card.objects.in_bulk(ids)
        missing = sorted(i for i in ids - set(cards) if i)
        if missing:
            raise serializers.ValidationError({"deck": [f"No card with id {i}." for i in
                                                        missing[:10]]})
        return {"name": data["name"], "seeker": cards[data["seeker"]],
                "legacy": cards.get(data.get("legacy") or 0),
                "terrain": cards[data["terrain"]],
                "deck": [(cards[e["card"]], e["count"]) for e in data["deck"]],
                "side": [(cards[e["card"]], e["count"]) for e in data["side"]]}


class MalWarBandSerializer(serializers.ModelSerializer):
    text = serializers.SerializerMethodField()

    class Meta:
        model = WarBand
        fields = ["id", "name", "seeker", "legacy", "terrain", "text"]

    def get_text(self, band) -> str:
        return warbands.as_text(band)


class MalListTextSerializer(serializers.Serializer):
    text = serializers.CharField(max_length=20000)
    name = serializers.CharField(max_length=120, required=False, default="")


class WarBandViewSet(viewsets.ReadOnlyModelViewSet):
    """The user's war bands; ``validate`` explains every refusal and writes nothing."""

    serializer_class = MalWarBandSerializer
    permission_classes = [IsAuthenticated]

    def get_queryset(self):
        return WarBand.objects.filter(owner=self.request.user).select_related(
            "seeker", "legacy", "terrain").order_by("name")

    @extend_schema(request=MalWarBandInputSerializer,
                   responses={201: MalWarBandSerializer, 400: OpenApiTypes.OBJECT})
    def create(self, request):
        data = MalWarBandInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            band = warbands.save_war_band(owner=request.user, **data.resolved())
        except MaledictionError as exc:
            return refused(exc)
        return Response(MalWarBandSerializer(band).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=MalWarBandInputSerializer, responses={200: OpenApiTypes.OBJECT})
    @action(detail=False, methods=["post"])
    def validate(self, request):
        """Every reason the war band would be refused (empty: legal) and its counts."""
        data = MalWarBandInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        band = data.resolved()
        problems = warbands.validate(seeker=band["seeker"], legacy=band["legacy"],
                                     terrain=band["terrain"], deck=band["deck"],
                                     side=band["side"])
        counts = warbands.counts(band["deck"], band["side"])
        return Response({"problems": problems, "deck": counts.deck, "side": counts.side,
                         "by_rank": counts.by_rank, "by_kind": counts.by_kind})

    @extend_schema(request=MalListTextSerializer,
                   responses={201: MalWarBandSerializer, 400: OpenApiTypes.OBJECT})
    @action(detail=False, methods=["post"], url_path="import-text")
    def import_text(self, request):
        """A war band from a pasted list (one card a line with its count)."""
        data = MalListTextSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            band = warbands.import_text(owner=request.user, **data.validated_data)
        except MaledictionError as exc:
            return refused(exc)
        return Response(MalWarBandSerializer(band).data, status=status.HTTP_201_CREATED)


# --- Events -----------------------------------------------------------------------------


class MalEventSerializer(serializers.ModelSerializer):
    league = serializers.SlugRelatedField(slug_field="slug", read_only=True)

    class Meta:
        model = Event
        fields = ["id", "league", "name", "mode", "board", "threshold", "list_deadline",
                  "reveal", "planned_rounds", "state"]


class MalSubmitSerializer(serializers.Serializer):
    war_band = serializers.IntegerField(min_value=1, max_value=2**31)


class EventViewSet(EventArchiveActions, EventTeamActions, viewsets.ReadOnlyModelViewSet):
    """Events the user may see; ``registrations`` shows each list only when
    ``selectors.visible_list_ids`` allows; ``standings`` as of any round."""

    serializer_class = MalEventSerializer
    permission_classes = [AllowAny]

    def get_queryset(self):
        return selectors.visible_events(self.request.user)

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    @action(detail=True, methods=["get"])
    def registrations(self, request, pk=None):
        event = self.get_object()
        visible = selectors.visible_list_ids(event, request.user)
        rows = [{"id": r.pk, "player": str(r.player), "team": r.team.name if r.team else None,
                 "checked_in": r.checked_in, "submitted": r.submitted_at is not None,
                 "list": r.submitted_list if r.pk in visible else None}
                for r in event.registrations.select_related("player", "team")]
        return Response(rows)

    @extend_schema(parameters=[OpenApiParameter("round", int), OpenApiParameter(
        "per", str, enum=["unit", "player"])], responses={200: OpenApiTypes.OBJECT})
    @action(detail=True, methods=["get"])
    def standings(self, request, pk=None):
        event = self.get_object()
        raw = request.query_params.get("round", "")
        upto = int(raw) if raw.isdigit() and len(raw) < 4 else None
        table = standings.build(event, upto_round=upto,
                                per="player" if request.query_params.get("per") == "player"
                                else "unit")
        return Response({"event": event.name, "round": table.week, "per": table.per,
                         "tie_breaks": [str(t) for t in standings.TIE_BREAKS],
                         "rows": [{"rank": r.rank, "name": r.name, "played": r.played,
                                   "wins": r.wins, "losses": r.losses, "margin": r.margin,
                                   "strength_of_schedule": r.sos, "mastery": r.mastery}
                                  for r in table.rows]})

    @extend_schema(request=None, responses={201: OpenApiTypes.OBJECT, 400: OpenApiTypes.OBJECT})
    @action(detail=True, methods=["post"], permission_classes=[IsAuthenticated])
    def register(self, request, pk=None):
        try:
            reg = events.register(event=self.get_object(), player=request.user,
                                  actor=request.user)
        except MaledictionError as exc:
            return refused(exc)
        return Response({"registration": reg.pk}, status=status.HTTP_201_CREATED)

    @extend_schema(request=MalSubmitSerializer,
                   responses={200: OpenApiTypes.OBJECT, 400: OpenApiTypes.OBJECT})
    @action(detail=True, methods=["post"], url_path="submit-list",
            permission_classes=[IsAuthenticated])
    def submit_list(self, request, pk=None):
        data = MalSubmitSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        event = self.get_object()
        reg = event.registrations.filter(player=request.user).first()
        band = WarBand.objects.filter(owner=request.user,
                                      pk=data.validated_data["war_band"]).first()
        if reg is None or band is None:
            return Response({"detail": "Register first and submit one of your war bands."},
                            status=status.HTTP_400_BAD_REQUEST)
        try:
            warbands.submit_list(registration=reg, war_band=band, actor=request.user)
        except MaledictionError as exc:
            return refused(exc)
        return Response({"submitted_at": reg.submitted_at})


# --- Matches and the tracker ------------------------------------------------------------


class MalFactsSerializer(serializers.Serializer):
    relics_claimed = serializers.IntegerField(min_value=0, max_value=500, required=False)
    relics_lost = serializers.IntegerField(min_value=0, max_value=500, required=False)
    kill_mastery = serializers.IntegerField(min_value=0, max_value=500, required=False)
    bids_won = serializers.IntegerField(min_value=0, max_value=500, required=False)


class MalReportSerializer(serializers.Serializer):
    winner = serializers.ChoiceField(choices=["a", "b"])
    mastery_a = serializers.IntegerField(min_value=-200, max_value=500)
    mastery_b = serializers.IntegerField(min_value=-200, max_value=500)
    final_round = serializers.IntegerField(min_value=1, max_value=5)
    win_type = serializers.ChoiceField(choices=["threshold", "deck_out", "concession",
                                                "no_show"])
    facts_a = MalFactsSerializer(required=False)
    facts_b = MalFactsSerializer(required=False)

    def form(self) -> ResultForm:
        d = self.validated_data
        facts = {k: {n: v for n, v in d.get(f"facts_{k}", {}).items() if n in OPTIONAL_FACTS}
                 for k in "ab" if d.get(f"facts_{k}")}
        return ResultForm(d["winner"], d["mastery_a"], d["mastery_b"], d["final_round"],
                          d["win_type"], facts)


class MalRulingSerializer(MalReportSerializer):
    reason = serializers.CharField(max_length=250)


class MalDisputeSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=250)


class MalTrackerEntrySerializer(serializers.Serializer):
    """One tracker entry (``rules.engine.malediction.match_state``): its ``type`` and fields."""

    type = serializers.CharField(max_length=30)
    data = fields.DictField(max_length=12, required=False, default=dict)


def _match_body(match: Match, viewer) -> dict:
    visible = selectors.visible_list_ids(match.event, viewer) if match.event_id else set()
    return {
        "id": match.pk, "event": match.event_id, "round": match.round.number if match.round
        else None, "table": match.table, "is_bye": match.is_bye, "state": match.state,
        "date": match.date, "mode": match.mode, "board": match.board,
        "threshold": match.threshold, "winner": match.winner,
        "final_round": match.final_round, "win_type": match.win_type,
        "version": match.version,
        "sides": [{"key": s.key, "team": s.team.name if s.team else None,
                   "final_mastery": s.final_mastery,
                   **{n: getattr(s, n) for n in OPTIONAL_FACTS},
                   "seats": [{"player": str(seat.player),
                              "list": ({"seeker": seat.seeker.name if seat.seeker else None,
                                        "legacy": seat.legacy.name if seat.legacy else None,
                                        "terrain": seat.terrain.name if seat.terrain else None,
                                        "deck": seat.deck, "side_deck": seat.side_deck,
                                        "swap": seat.swap}
                                       if seat.registration_id in visible else None)}
                             for seat in s.seats.all()]}
                  for s in match.sides.all()],
    }


class MatchViewSet(viewsets.GenericViewSet):
    """Matches of visible events: the result form, report / confirm / dispute / rule,
    and the tracker (``tracker`` state, ``tracker-entry``, ``tracker-undo``)."""

    permission_classes = [AllowAny]

    def get_queryset(self):
        return (Match.objects.filter(event__in=selectors.visible_events(self.request.user))
                .select_related("event__league", "round")
                .prefetch_related("sides__team", "sides__seats__player", "sides__seats__seeker",
                                  "sides__seats__legacy", "sides__seats__terrain"))

    def _call(self, call):
        try:
            call()
        except MaledictionError as exc:
            return refused(exc)
        except PermissionDenied as exc:
            return Response({"detail": str(exc)}, status=status.HTTP_403_FORBIDDEN)
        match = self.get_queryset().get(pk=self.kwargs["pk"])
        return Response(_match_body(match, self.request.user))

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def retrieve(self, request, pk=None):
        return Response(_match_body(self.get_object(), request.user))

    @extend_schema(request=MalReportSerializer,
                   responses={200: OpenApiTypes.OBJECT, 400: OpenApiTypes.OBJECT})
    @action(detail=True, methods=["post"], permission_classes=[IsAuthenticated])
    def report(self, request, pk=None):
        data = MalReportSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        match = self.get_object()
        return self._call(lambda: results.report_result(match=match, actor=request.user,
                                                        form=data.form()))

    @extend_schema(request=None, responses={200: OpenApiTypes.OBJECT, 400: OpenApiTypes.OBJECT})
    @action(detail=True, methods=["post"], permission_classes=[IsAuthenticated])
    def confirm(self, request, pk=None):
        match = self.get_object()
        return self._call(lambda: results.confirm_result(match=match, actor=request.user))

    @extend_schema(request=MalDisputeSerializer,
                   responses={200: OpenApiTypes.OBJECT, 400: OpenApiTypes.OBJECT})
    @action(detail=True, methods=["post"], permission_classes=[IsAuthenticated])
    def dispute(self, request, pk=None):
        data = MalDisputeSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        match = self.get_object()
        return self._call(lambda: results.dispute_result(
            match=match, actor=request.user, reason=data.validated_data["reason"]))

    @extend_schema(request=MalRulingSerializer,
                   responses={200: OpenApiTypes.OBJECT, 400: OpenApiTypes.OBJECT})
    @action(detail=True, methods=["post"], permission_classes=[IsAuthenticated])
    def rule(self, request, pk=None):
        data = MalRulingSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        match = self.get_object()
        return self._call(lambda: results.rule_result(
            match=match, actor=request.user, form=data.form(),
            reason=data.validated_data["reason"]))

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    @action(detail=True, methods=["get"], url_path="tracker")
    def tracker_state(self, request, pk=None):
        match = self.get_object()
        if match.is_bye:
            raise Http404
        try:
            state = tracker.state_of(match)
        except MaledictionError as exc:
            return refused(exc)
        entries = match.tracker_entries.order_by("seq").values("seq", "kind", "data",
                                                               "undone", "at")
        return Response({"version": match.version, "state": state.to_dict(),
                         "entries": list(entries)})

    @extend_schema(request=MalTrackerEntrySerializer,
                   responses={200: OpenApiTypes.OBJECT, 400: OpenApiTypes.OBJECT})
    @action(detail=True, methods=["post"], url_path="tracker-entry",
            permission_classes=[IsAuthenticated])
    def tracker_entry(self, request, pk=None):
        data = MalTrackerEntrySerializer(data=request.data)
        data.is_valid(raise_exception=True)
        entry = {**data.validated_data["data"], "type": data.validated_data["type"]}
        match = self.get_object()
        return self._call(lambda: tracker.add_entry(match=match, actor=request.user,
                                                    entry=entry))

    @extend_schema(request=None, responses={200: OpenApiTypes.OBJECT, 400: OpenApiTypes.OBJECT})
    @action(detail=True, methods=["post"], url_path="tracker-undo",
            permission_classes=[IsAuthenticated])
    def tracker_undo(self, request, pk=None):
        match = self.get_object()
        return self._call(lambda: tracker.undo_last(match=match, actor=request.user))
