"""The Malediction auto-resolve API: runs (ask, status, confirm, withdraw, replay) and
matchup predictions between two war bands, under ``/api/malediction/``.

Mirrors ``autoresolve.api`` and goes through the services and selectors the pages use
(``mal_resolve``, ``mal_predictions``, ``mal_selectors``, ``mal_replay``). A run is shown to
whoever ``can_view_run`` allows (its input holds both lists); anyone else who may see the
match gets a 403 for a write to it, before its body is read, and a 404 for a read.
Refusals are 400s with the reason (``non_field_errors``)."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, permissions, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from autoresolve import mal_replay, mal_selectors
from autoresolve.mal_forms import BOARDS, MODES, MalPredictForm
from autoresolve.models import MalResolveRun, Prediction
from autoresolve.services import mal_predictions, mal_resolve
from autoresolve.services.predictions import DEFAULT_GAMES, MAX_GAMES, MIN_GAMES
from malediction.models import Match
from malediction.services.common import MaledictionError


class MalRunSerializer(serializers.ModelSerializer):
    match = serializers.IntegerField(source="match_id", read_only=True)
    report = serializers.IntegerField(source="report_id", read_only=True, allow_null=True)
    asked = serializers.ListField(child=serializers.CharField(), read_only=True)

    class Meta:
        model = MalResolveRun
        fields = ["id", "match", "mode", "status", "asked", "seed", "simulator_version",
                  "progress", "summary", "report", "error", "attempts", "created_at",
                  "started_at", "finished_at"]
        read_only_fields = fields


class MalAskSerializer(serializers.Serializer):
    match = serializers.IntegerField(min_value=1, max_value=2**63 - 1)


class MalReplaySerializer(serializers.Serializer):
    """A done run's replay; ``log`` null (and the rest empty) until the run is done."""

    log = serializers.JSONField(allow_null=True)
    board = serializers.JSONField(allow_null=True)
    steps = serializers.ListField(child=serializers.JSONField())
    rounds = serializers.ListField(child=serializers.JSONField())
    players = serializers.ListField(child=serializers.CharField())
    not_modelled = serializers.ListField(child=serializers.JSONField())


class MalPredictionSerializer(serializers.ModelSerializer):
    progress = serializers.IntegerField(read_only=True)
    names = serializers.SerializerMethodField()

    class Meta:
        model = Prediction
        fields = ["id", "label", "names", "games", "seed", "simulator_version", "status",
                  "progress", "chunks_total", "chunks_done", "result", "error", "created_at",
                  "finished_at"]
        read_only_fields = fields

    def get_names(self, prediction) -> list[str]:
        return list((prediction.input or {}).get("names") or [])


class MalPredictRequestSerializer(serializers.Serializer):
    """As the predict page (``MalPredictForm``): two war bands you may use (your own, or
    the catalogue's band of a Seeker), a mode, a table and the number of matches."""

    first = serializers.IntegerField(min_value=1, max_value=2**63 - 1, required=False,
                                     help_text="One of your war bands (or first_catalogue).")
    first_catalogue = serializers.IntegerField(
        min_value=1, max_value=2**63 - 1, required=False,
        help_text="A Seeker card: side a is its catalogue band (or first).")
    second = serializers.IntegerField(min_value=1, max_value=2**63 - 1, required=False,
                                      help_text="One of your war bands (or second_catalogue).")
    second_catalogue = serializers.IntegerField(
        min_value=1, max_value=2**63 - 1, required=False,
        help_text="A Seeker card: side b is its catalogue band (or second).")
    mode = serializers.ChoiceField(choices=MODES, required=False, default=MODES[0][0])
    board = serializers.ChoiceField(choices=BOARDS, required=False, default=BOARDS[0][0])
    games = serializers.IntegerField(min_value=MIN_GAMES, max_value=MAX_GAMES,
                                     required=False, default=DEFAULT_GAMES)

    def validate(self, attrs):
        form = MalPredictForm(data=attrs, user=self.context["request"].user)
        if not form.is_valid():
            raise serializers.ValidationError(
                {k if k != "__all__" else "non_field_errors": [str(e) for e in v]
                 for k, v in form.errors.items()})
        return form.cleaned_data


def _refused(exc: MaledictionError) -> Response:
    return Response({"non_field_errors": [str(exc)]}, status=status.HTTP_400_BAD_REQUEST)


class MalResolveRunViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin,
                           viewsets.GenericViewSet):
    """Auto-resolve runs of the Malediction matches you may see. ``POST`` asks to
    auto-resolve a match (as the event's setting allows: its players, or an organizer)."""

    serializer_class = MalRunSerializer
    permission_classes = [permissions.IsAuthenticated]

    def get_queryset(self):
        return mal_selectors.visible_runs(self.request.user)

    def _lookup(self) -> MalResolveRun | None:
        return (MalResolveRun.objects.select_related("match__event__league")
                .filter(pk=self.kwargs["pk"]).first())

    def get_object(self):
        """The run as its page shows it: 404 unless ``can_view_run``."""
        run = self._lookup()
        if run is None or not mal_selectors.can_view_run(self.request.user, run):
            raise NotFound()
        return run

    def _run(self) -> MalResolveRun:
        """The path's run for a write: 404 unless its match is one you may see, 403
        unless you may see the run (before the body or the service is asked)."""
        run = self._lookup()
        if run is None or not mal_selectors.can_view_match(self.request.user, run.match):
            raise NotFound()
        if not mal_selectors.can_view_run(self.request.user, run):
            raise PermissionDenied(gettext("Only the match's players and the event's "
                                           "organizers may do this."))
        return run

    def _answer(self, run: MalResolveRun, call) -> Response:
        try:
            call()
        except MaledictionError as exc:
            return _refused(exc)
        return Response(MalRunSerializer(MalResolveRun.objects.get(pk=run.pk)).data)

    @extend_schema(request=MalAskSerializer, responses={201: MalRunSerializer})
    def create(self, request):
        data = MalAskSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        match = (Match.objects.select_related("event__league")
                 .filter(pk=data.validated_data["match"]).first())
        if match is None or not mal_selectors.can_view_match(request.user, match):
            raise serializers.ValidationError(
                {"match": [gettext("No match you may see has this id.")]})
        try:
            run = mal_resolve.request_resolve(match=match, actor=request.user)
        except MaledictionError as exc:
            return _refused(exc)
        return Response(MalRunSerializer(run).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=None, responses={200: MalRunSerializer})
    @action(detail=True, methods=["post"])
    def confirm(self, request, pk=None):
        """Confirm (a player) or rule (an organizer) the run's result, as the setting says."""
        run = self._run()
        return self._answer(run, lambda: mal_resolve.confirm(match=run.match,
                                                             actor=request.user))

    @extend_schema(request=None, responses={200: MalRunSerializer})
    @action(detail=True, methods=["post"])
    def withdraw(self, request, pk=None):
        """Withdraw your unanswered request."""
        run = self._run()
        return self._answer(run, lambda: mal_resolve.withdraw(run=run, actor=request.user))

    @extend_schema(responses={200: MalReplaySerializer})
    @action(detail=True, methods=["get"])
    def replay(self, request, pk=None):
        """The event log, the table and its steps, the match round by round in words, and
        the card texts the simulator did not play (empty until the run is done)."""
        return Response(mal_replay.replay_of(self.get_object()))


class MalPredictionViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin,
                           viewsets.GenericViewSet):
    """Your Malediction matchup predictions (``progress`` and ``status`` while they run,
    ``result`` once done); ``POST`` asks for one (a cache hit answers 200)."""

    serializer_class = MalPredictionSerializer
    permission_classes = [permissions.IsAuthenticated]

    def get_queryset(self):
        return mal_selectors.visible_predictions(self.request.user)

    @extend_schema(request=MalPredictRequestSerializer,
                   responses={201: MalPredictionSerializer, 200: MalPredictionSerializer})
    def create(self, request):
        data = MalPredictRequestSerializer(data=request.data, context={"request": request})
        data.is_valid(raise_exception=True)
        try:
            outcome = mal_predictions.predict_bands(actor=request.user, **data.validated_data)
        except MaledictionError as exc:
            return _refused(exc)
        code = status.HTTP_200_OK if outcome.cached else status.HTTP_201_CREATED
        return Response(MalPredictionSerializer(outcome.prediction).data, status=code)
