"""The auto-resolve API: runs (ask, confirm, withdraw, replay) and predictions.

Refusals are 400s with the reason (``config.api.exception_handler``); the log goes
through ``selectors.log_for``, so schemes stay secret as on the replay page."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, permissions, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from autoresolve import replay, selectors
from autoresolve.forms import PredictForm
from autoresolve.models import Prediction, ResolveRun
from autoresolve.services import matchups, predictions, resolve
from encounters.models import Game
from encounters.selectors import can_view_game


class RunSerializer(serializers.ModelSerializer):
    game = serializers.IntegerField(source="game_id", read_only=True)
    asked_by = serializers.SerializerMethodField()

    class Meta:
        model = ResolveRun
        fields = ["id", "game", "mode", "status", "seed", "simulator_version", "progress",
                  "summary", "error", "attempts", "asked_by", "created_at", "started_at",
                  "finished_at"]
        read_only_fields = fields

    def get_asked_by(self, run) -> list[str]:
        return [r.side_key or "organizer" for r in run.requests.all()]


class AskSerializer(serializers.Serializer):
    game = serializers.IntegerField(min_value=1)


class PredictionSerializer(serializers.ModelSerializer):
    progress = serializers.IntegerField(read_only=True)

    class Meta:
        model = Prediction
        fields = ["id", "label", "games", "seed", "simulator_version", "status", "progress",
                  "chunks_total", "chunks_done", "result", "error", "created_at",
                  "finished_at"]
        read_only_fields = fields


class PredictRequestSerializer(serializers.Serializer):
    """As the predict page: a game, or two crews / catalogue lists, and a setup."""

    crew_a = serializers.IntegerField(required=False, min_value=1)
    crew_b = serializers.IntegerField(required=False, min_value=1)
    list_a = serializers.CharField(required=False, max_length=2000)
    faction_a = serializers.CharField(required=False, max_length=30)
    list_b = serializers.CharField(required=False, max_length=2000)
    faction_b = serializers.CharField(required=False, max_length=30)
    game = serializers.IntegerField(required=False, min_value=1)
    size = serializers.IntegerField(required=False, min_value=20, max_value=80, default=50)
    strategy = serializers.CharField(required=False, default="random")
    deployment = serializers.CharField(required=False, default="random")
    games = serializers.IntegerField(required=False, default=predictions.DEFAULT_GAMES)

    def validate(self, attrs):
        form = PredictForm(data={k: v for k, v in attrs.items() if v is not None})
        if not form.is_valid():
            raise serializers.ValidationError(
                {k if k != "__all__" else "non_field_errors": [str(e) for e in v]
                 for k, v in form.errors.items()})
        return form.cleaned_data


class ResolveRunViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin,
                        viewsets.GenericViewSet):
    """Auto-resolve runs of the games you may see. ``POST`` asks to auto-resolve a game
    (as the campaign's setting allows)."""

    serializer_class = RunSerializer
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]

    def get_queryset(self):
        return selectors.visible_runs(self.request.user).prefetch_related("requests") \
            .order_by("-id")

    def _game(self, pk) -> Game:
        game = get_object_or_404(Game.objects.select_related("campaign"), pk=pk)
        if not can_view_game(self.request.user, game):
            from rest_framework.exceptions import NotFound

            raise NotFound()
        return game

    @extend_schema(request=AskSerializer, responses={201: RunSerializer})
    def create(self, request):
        data = AskSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        outcome = resolve.request_resolve(game=self._game(data.validated_data["game"]),
                                          actor=request.user)
        return Response(RunSerializer(outcome.run).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=None, responses={200: RunSerializer})
    @action(detail=True, methods=["post"])
    def confirm(self, request, pk=None):
        """Confirm (a player) or rule (an organizer) the run's result, as the setting says."""
        run = self.get_object()
        resolve.confirm(game=run.game, actor=request.user)
        return Response(RunSerializer(ResolveRun.objects.get(pk=run.pk)).data)

    @extend_schema(request=None, responses={200: RunSerializer})
    @action(detail=True, methods=["post"])
    def withdraw(self, request, pk=None):
        run = resolve.withdraw_request(run=self.get_object(), actor=request.user)
        return Response(RunSerializer(run).data)

    @extend_schema(responses={200: dict})
    @action(detail=True, methods=["get"])
    def replay(self, request, pk=None):
        """The event log (the opponent's schemes hidden until the game counts), the board
        and the replay steps."""
        run = self.get_object()
        log = selectors.log_for(run, request.user)
        return Response({"log": log, "board": replay.board(log) if log else None,
                         "steps": replay.steps(log) if log else []})


class PredictionViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin,
                        viewsets.GenericViewSet):
    """Your matchup predictions; ``POST`` asks for one (a cache hit answers 200)."""

    serializer_class = PredictionSerializer
    permission_classes = [permissions.IsAuthenticated]

    def get_queryset(self):
        return selectors.visible_predictions(self.request.user)

    @extend_schema(request=PredictRequestSerializer, responses={201: PredictionSerializer,
                                                                200: PredictionSerializer})
    def create(self, request):
        data = PredictRequestSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        setup, label = matchups.matchup_input(request.user, data.validated_data)
        outcome = predictions.request_prediction(setup=setup, actor=request.user, label=label,
                                                 games=data.validated_data["games"])
        code = status.HTTP_200_OK if outcome.cached else status.HTTP_201_CREATED
        return Response(PredictionSerializer(outcome.prediction).data, status=code)
