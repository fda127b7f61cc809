"""Encounter API: set up a campaign game, hire, choose schemes, track the game, report.

Every response that carries game data is built from ``encounters.selectors.game_view``,
so an opponent never receives unrevealed schemes, noted models or an unrevealed hire.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, permissions, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from campaign.models import ArsenalModel, Campaign, Crew
from encounters.models import Casualty, Game, HiredModel, LinkedSeries, SchemeChoice
from encounters.selectors import can_view_game, game_view, visible_games
from encounters.services import games, results, tracker
from encounters.services import series as series_services
from rules.models import ModelCard

SIDES = [("a", "Side A"), ("b", "Side B")]


class GameCreateSerializer(serializers.Serializer):
    campaign = serializers.PrimaryKeyRelatedField(queryset=Campaign.objects.all())
    crew_a = serializers.PrimaryKeyRelatedField(queryset=Crew.objects.all())
    crew_b = serializers.PrimaryKeyRelatedField(queryset=Crew.objects.all())
    size = serializers.IntegerField(min_value=1, max_value=100, required=False)
    kind = serializers.ChoiceField(Game.Kind.choices, default=Game.Kind.STANDARD)


class SeriesStartSerializer(serializers.Serializer):
    opponent = serializers.SlugRelatedField(slug_field="username",
                                            queryset=get_user_model().objects.all())
    size = serializers.IntegerField(min_value=10, max_value=100)
    faction = serializers.CharField(max_length=30)
    leader = serializers.CharField(max_length=120)


class SeriesDeclareSerializer(serializers.Serializer):
    faction = serializers.CharField(max_length=30)
    leader = serializers.CharField(max_length=120)


class SeriesNextSerializer(serializers.Serializer):
    spoils = serializers.CharField(max_length=40, required=False, allow_blank=True)
    choice = serializers.CharField(max_length=60, required=False, allow_blank=True)


def series_data(series) -> dict:
    info = series_services.summary(series)
    return {
        "id": series.pk, "size": series.size,
        "players": {"a": str(series.player_a), "b": str(series.player_b)},
        "factions": {"a": series.faction_a, "b": series.faction_b},
        "leaders": {"a": series.leader_a, "b": series.leader_b},
        "games": [{"id": g.pk, "number": g.series_number, "state": g.state,
                   "spoils": g.spoils} for g in info.games],
        "totals": info.totals, "complete": info.complete, "winner": info.winner,
        "spoils_to": info.spoils_to,
    }


class SeriesViewSet(viewsets.GenericViewSet):
    """Linked Games between two players: five Story Encounters, total VP decides."""

    permission_classes = [permissions.IsAuthenticatedOrReadOnly]
    serializer_class = SeriesStartSerializer
    queryset = LinkedSeries.objects.select_related("player_a", "player_b")

    def _data(self, serializer_class) -> dict:
        serializer = serializer_class(data=self.request.data)
        serializer.is_valid(raise_exception=True)
        return serializer.validated_data

    @extend_schema(responses={200: dict})
    def retrieve(self, request, pk=None):
        return Response(series_data(self.get_object()))

    @extend_schema(request=SeriesStartSerializer, responses={201: dict})
    def create(self, request):
        series = series_services.start_series(actor=request.user, **self._data(
            SeriesStartSerializer))
        return Response(series_data(series), status=status.HTTP_201_CREATED)

    @extend_schema(request=SeriesDeclareSerializer, responses={200: dict})
    @action(detail=True, methods=["post"])
    def declare(self, request, pk=None):
        series = series_services.declare(series=self.get_object(), actor=request.user,
                                         **self._data(SeriesDeclareSerializer))
        return Response(series_data(series))

    @extend_schema(request=SeriesNextSerializer, responses={201: dict})
    @action(detail=True, methods=["post"], url_path="next-game")
    def next_game(self, request, pk=None):
        data = self._data(SeriesNextSerializer)
        game = series_services.next_game(series=self.get_object(), actor=request.user,
                                         spoils=data.get("spoils") or None,
                                         choice=data.get("choice") or None)
        return Response(game_data(game, request.user), status=status.HTTP_201_CREATED)


class SetupRequestSerializer(serializers.Serializer):
    size = serializers.IntegerField(min_value=10, max_value=100)
    kind = serializers.ChoiceField(Game.Kind.choices, default=Game.Kind.STANDARD)


class HireSerializer(serializers.Serializer):
    models = serializers.PrimaryKeyRelatedField(queryset=ArsenalModel.objects.all(), many=True)
    wandering_mercenary = serializers.PrimaryKeyRelatedField(
        queryset=ModelCard.objects.all(), required=False, allow_null=True,
        help_text="Wandering Mercenaries weeks: the free mercenary (cost 7 or less).")
    attach = serializers.DictField(child=serializers.IntegerField(), required=False,
                                   help_text="Arsenal upgrade id -> arsenal model id.")


class SchemePickSerializer(serializers.Serializer):
    scheme = serializers.CharField(max_length=60)
    noted_model = serializers.PrimaryKeyRelatedField(queryset=HiredModel.objects.all(),
                                                     required=False, allow_null=True)


class SchemesSerializer(serializers.Serializer):
    schemes = SchemePickSerializer(many=True)


class TableCardsSerializer(serializers.Serializer):
    a = serializers.CharField(max_length=6, required=False)
    b = serializers.CharField(max_length=6, required=False)


class InitiativeSerializer(serializers.Serializer):
    table_cards = TableCardsSerializer(required=False)


class StrategyVPSerializer(serializers.Serializer):
    side = serializers.ChoiceField(SIDES)
    vp = serializers.IntegerField(min_value=0, max_value=4)


class SchemeVPSerializer(serializers.Serializer):
    scheme = serializers.PrimaryKeyRelatedField(queryset=SchemeChoice.objects.all())
    vp = serializers.IntegerField(min_value=0, max_value=3)


class SchemeRevealSerializer(serializers.Serializer):
    scheme = serializers.PrimaryKeyRelatedField(queryset=SchemeChoice.objects.all())


class CasualtySerializer(serializers.Serializer):
    side = serializers.ChoiceField(SIDES)
    model = serializers.PrimaryKeyRelatedField(queryset=HiredModel.objects.all(),
                                               required=False, allow_null=True)
    summoned_name = serializers.CharField(max_length=120, required=False, allow_blank=True)
    how = serializers.ChoiceField(Casualty.How.choices, default=Casualty.How.KILLED)
    by_model = serializers.PrimaryKeyRelatedField(queryset=HiredModel.objects.all(),
                                                  required=False, allow_null=True)
    by_effect = serializers.CharField(max_length=120, required=False, allow_blank=True)
    automatic = serializers.BooleanField(default=False)


class FinishedOffSerializer(serializers.Serializer):
    table_card = serializers.CharField(max_length=6, required=False, allow_blank=True)
    cheated_in = serializers.CharField(max_length=6, required=False, allow_blank=True)
    threshold = serializers.IntegerField(min_value=1, max_value=14, default=3)


class EventScripSerializer(serializers.Serializer):
    side = serializers.ChoiceField(SIDES)
    amount = serializers.IntegerField(min_value=1, max_value=12)
    why = serializers.CharField(max_length=120)


class EndTurnSerializer(serializers.Serializer):
    table_card = serializers.CharField(max_length=6, required=False, allow_blank=True)


class ReportSerializer(serializers.Serializer):
    vp_a = serializers.IntegerField(min_value=0, max_value=12)
    vp_b = serializers.IntegerField(min_value=0, max_value=12)


class DisputeSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=250)


class RulingSerializer(ReportSerializer):
    reason = serializers.CharField(max_length=250)


class GameSummarySerializer(serializers.ModelSerializer):
    class Meta:
        model = Game
        fields = ["id", "campaign", "week", "kind", "state", "size", "turn", "event_key",
                  "version"]


def game_data(game: Game, user) -> dict:
    """The game as this user may see it (the secrets selector decides)."""
    view = game_view(game, user)
    g = view.game
    return {
        **GameSummarySerializer(g).data,
        "setup": g.setup,
        "first_player": g.first_player,
        "ended_on_turn": g.ended_on_turn,
        "viewer_side": view.viewer_side,
        "sides": [{
            "key": s.side.key, "player": str(s.side.player), "crew": s.side.crew_id,
            "crew_name": str(s.side.crew) if s.side.crew_id else None,
            "hire_revealed": s.side.hire_revealed,
            "hired": [{"id": h.pk, "name": h.name, "cost": h.cost, "is_leader": h.is_leader,
                       "upgrades": h.upgrades} for h in s.hired] if s.hire_visible else None,
            "campaign_rating": s.side.campaign_rating,
            "soulstone_pool": s.side.soulstone_pool,
            "strategy_vp": s.side.strategy_vp, "schemes": s.schemes,
            "vp": s.total_vp, "withdrew_on_turn": s.side.withdrew_on_turn,
            "event_scrip": s.side.event_scrip,
        } for s in view.sides],
        "casualties": [{
            "id": c.pk, "side": c.side.key,
            "model": c.model.name if c.model_id else c.summoned_name,
            "how": c.how, "by": c.by_model.name if c.by_model_id else c.by_effect,
            "turn": c.turn, "finished_off": c.finished_off,
        } for c in view.casualties],
        "log": [{"turn": entry.turn, "text": entry.text} for entry in view.log],
    }


class GameViewSet(mixins.ListModelMixin, viewsets.GenericViewSet):
    """Campaign games and their tracker. Writes go through the encounter services."""

    permission_classes = [permissions.IsAuthenticatedOrReadOnly]
    serializer_class = GameSummarySerializer

    def get_queryset(self):
        return visible_games(self.request.user)

    def get_object(self) -> Game:
        game = get_object_or_404(Game, pk=self.kwargs["pk"])
        if not can_view_game(self.request.user, game):
            raise NotFound()
        return game

    def _data(self, serializer_class) -> dict:
        serializer = serializer_class(data=self.request.data)
        serializer.is_valid(raise_exception=True)
        return serializer.validated_data

    def _game(self, game_id=None, code=status.HTTP_200_OK) -> Response:
        game = Game.objects.get(pk=game_id or self.kwargs["pk"])
        return Response(game_data(game, self.request.user), status=code)

    @extend_schema(responses={200: dict})
    def retrieve(self, request, pk=None):
        return Response(game_data(self.get_object(), request.user))

    @extend_schema(request=GameCreateSerializer, responses={201: dict})
    def create(self, request):
        data = self._data(GameCreateSerializer)
        game = games.create_campaign_game(actor=request.user, **data)
        return self._game(game.pk, status.HTTP_201_CREATED)

    @extend_schema(request=SetupRequestSerializer, responses={201: dict})
    @action(detail=False, methods=["post"], permission_classes=[permissions.IsAuthenticated])
    def setups(self, request):
        """Generate a standalone encounter (standard or story); the flips are recorded and
        the result is shared by its id."""
        data = self._data(SetupRequestSerializer)
        game = games.create_setup(actor=request.user, **data)
        return self._game(game.pk, status.HTTP_201_CREATED)

    @extend_schema(responses={200: dict})
    @action(detail=True, methods=["get"])
    def flips(self, request, pk=None):
        """Every card flipped for this game's setup and at its table, in order."""
        game = self.get_object()
        from django.contrib.contenttypes.models import ContentType

        from rules.models import FlipRecord
        from rules.serializers import FlipRecordSerializer

        records = FlipRecord.objects.filter(
            subject_type=ContentType.objects.get_for_model(Game), subject_id=game.pk
        ).select_related("flipped_by").order_by("id")
        return Response(FlipRecordSerializer(records, many=True).data)

    @extend_schema(responses={200: dict})
    @action(detail=True, methods=["get"])
    def version(self, request, pk=None):
        """A cheap poll for the tracker: the version changes whenever the game does."""
        game = self.get_object()
        return Response({"version": game.version, "state": game.state})

    @extend_schema(request=HireSerializer, responses={200: dict})
    @action(detail=True, methods=["post"])
    def hire(self, request, pk=None):
        data = self._data(HireSerializer)
        games.hire_crew(game=self.get_object(), actor=request.user, models=data["models"],
                        attach=data.get("attach"),
                        wandering=data.get("wandering_mercenary"))
        return self._game()

    @extend_schema(request=None, responses={200: dict})
    @action(detail=True, methods=["post"], url_path="reveal-crew")
    def reveal_crew(self, request, pk=None):
        games.reveal_crew(game=self.get_object(), actor=request.user)
        return self._game()

    @extend_schema(request=SchemesSerializer, responses={200: dict})
    @action(detail=True, methods=["post"])
    def schemes(self, request, pk=None):
        data = self._data(SchemesSerializer)
        games.choose_schemes(game=self.get_object(), actor=request.user,
                             choices=[(c["scheme"], c.get("noted_model"))
                                      for c in data["schemes"]])
        return self._game()

    @extend_schema(request=None, responses={200: dict})
    @action(detail=True, methods=["post"])
    def start(self, request, pk=None):
        tracker.start(game=self.get_object(), actor=request.user)
        return self._game()

    @extend_schema(request=InitiativeSerializer, responses={200: dict})
    @action(detail=True, methods=["post"])
    def initiative(self, request, pk=None):
        data = self._data(InitiativeSerializer)
        tracker.flip_initiative(game=self.get_object(), actor=request.user,
                                table_cards=data.get("table_cards") or None)
        return self._game()

    @extend_schema(request=None, responses={200: dict})
    @action(detail=True, methods=["post"], url_path="reflip-initiative")
    def reflip_initiative(self, request, pk=None):
        tracker.reflip_initiative(game=self.get_object(), actor=request.user)
        return self._game()

    @extend_schema(request=StrategyVPSerializer, responses={200: dict})
    @action(detail=True, methods=["post"], url_path="strategy-vp")
    def strategy_vp(self, request, pk=None):
        data = self._data(StrategyVPSerializer)
        tracker.score_strategy(game=self.get_object(), actor=request.user,
                               side_key=data["side"], vp=data["vp"])
        return self._game()

    @extend_schema(request=SchemeVPSerializer, responses={200: dict})
    @action(detail=True, methods=["post"], url_path="scheme-vp")
    def scheme_vp(self, request, pk=None):
        data = self._data(SchemeVPSerializer)
        tracker.score_scheme(game=self.get_object(), actor=request.user,
                             scheme=data["scheme"], vp=data["vp"])
        return self._game()

    @extend_schema(request=SchemeRevealSerializer, responses={200: dict})
    @action(detail=True, methods=["post"], url_path="reveal-scheme")
    def reveal_scheme(self, request, pk=None):
        data = self._data(SchemeRevealSerializer)
        tracker.reveal_scheme(game=self.get_object(), actor=request.user, scheme=data["scheme"])
        return self._game()

    @extend_schema(request=CasualtySerializer, responses={200: dict})
    @action(detail=True, methods=["post"])
    def casualties(self, request, pk=None):
        data = self._data(CasualtySerializer)
        tracker.record_casualty(game=self.get_object(), actor=request.user,
                                side_key=data.pop("side"), **data)
        return self._game()

    @extend_schema(request=FinishedOffSerializer, responses={200: dict})
    @action(detail=True, methods=["post"], url_path=r"casualties/(?P<casualty_id>\d+)/finished-off")
    def finished_off(self, request, pk=None, casualty_id=None):
        game = self.get_object()
        casualty = get_object_or_404(Casualty, pk=casualty_id, game=game)
        data = self._data(FinishedOffSerializer)
        tracker.flip_finished_off(casualty=casualty, actor=request.user,
                                  table_card=data.get("table_card") or None,
                                  cheated_in=data.get("cheated_in") or None,
                                  threshold=data["threshold"])
        return self._game()

    @extend_schema(request=EventScripSerializer, responses={200: dict})
    @action(detail=True, methods=["post"], url_path="event-scrip")
    def event_scrip(self, request, pk=None):
        data = self._data(EventScripSerializer)
        tracker.add_event_scrip(game=self.get_object(), actor=request.user,
                                side_key=data["side"], amount=data["amount"], why=data["why"])
        return self._game()

    @extend_schema(request=None, responses={200: dict})
    @action(detail=True, methods=["post"])
    def withdraw(self, request, pk=None):
        tracker.strategic_withdraw(game=self.get_object(), actor=request.user)
        return self._game()

    @extend_schema(request=EndTurnSerializer, responses={200: dict})
    @action(detail=True, methods=["post"], url_path="end-turn")
    def end_turn(self, request, pk=None):
        data = self._data(EndTurnSerializer)
        tracker.end_turn(game=self.get_object(), actor=request.user,
                         table_card=data.get("table_card") or None)
        return self._game()

    @extend_schema(request=ReportSerializer, responses={200: dict})
    @action(detail=True, methods=["post"])
    def report(self, request, pk=None):
        data = self._data(ReportSerializer)
        results.report_result(game=self.get_object(), actor=request.user, **data)
        return self._game()

    @extend_schema(request=None, responses={200: dict})
    @action(detail=True, methods=["post"])
    def confirm(self, request, pk=None):
        results.confirm_result(game=self.get_object(), actor=request.user)
        return self._game()

    @extend_schema(request=DisputeSerializer, responses={200: dict})
    @action(detail=True, methods=["post"])
    def dispute(self, request, pk=None):
        data = self._data(DisputeSerializer)
        results.dispute_result(game=self.get_object(), actor=request.user, **data)
        return self._game()

    @extend_schema(request=RulingSerializer, responses={200: dict})
    @action(detail=True, methods=["post"])
    def rule(self, request, pk=None):
        data = self._data(RulingSerializer)
        results.rule_result(game=self.get_object(), actor=request.user, **data)
        return self._game()
