"""The games: list, read, create a campaign game, generate a standalone setup, its
flips and a cheap version poll. ``GameViewSet`` gathers every concern's actions."""

from __future__ import annotations

from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, permissions, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from campaign.models import Campaign, Crew
from encounters.api.common import GameActions
from encounters.api.hiring import HiringActions
from encounters.api.offers import OfferActions
from encounters.api.record import GameSummarySerializer, game_data
from encounters.api.results import ResultActions
from encounters.api.schemes import SchemeActions
from encounters.api.table_effects import TableEffectActions
from encounters.api.tracker import TrackerActions
from encounters.models import Game
from encounters.selectors import visible_games
from encounters.services import games
from league.models import League


class GameCreateSerializer(serializers.Serializer):
    campaign = serializers.PrimaryKeyRelatedField(queryset=Campaign.objects.all())
    crew_a = serializers.PrimaryKeyRelatedField(queryset=Crew.objects.all())
    crew_b = serializers.PrimaryKeyRelatedField(queryset=Crew.objects.all())
    size = serializers.IntegerField(min_value=1, max_value=100, required=False)
    kind = serializers.ChoiceField(Game.Kind.choices, default=Game.Kind.STANDARD)



class SetupRequestSerializer(serializers.Serializer):
    size = serializers.IntegerField(min_value=10, max_value=100)
    kind = serializers.ChoiceField(Game.Kind.choices, default=Game.Kind.STANDARD)
    league = serializers.SlugRelatedField(
        slug_field="slug", queryset=League.objects.all(), required=False, allow_null=True,
        help_text=
            gettext_lazy("A league you belong to: its default edition applies without 'ruleset'."))
    ruleset = serializers.ChoiceField(
        [("m2e", "Second edition"), ("m1e", "First edition")],
        required=False,
        allow_null=True,
        help_text=gettext_lazy("The edition (default: the league's, else m2e)."),
    )
    first_edition_size = serializers.ChoiceField(
        ["scrap", "brawl"],
        required=False,
        allow_null=True,
        help_text=gettext_lazy(
            "First edition: Scrap (1-55) or Brawl (30-80); needed from 30 to 55."
        ),
    )
    strategy_mode = serializers.ChoiceField(
        ["general", "extended", "quick_reference"],
        default="general",
        help_text=gettext_lazy(
            "First edition strategies: the general or extended table (1.5), or the "
            "original quick reference table."
        ),
    )
    location = serializers.CharField(
        required=False,
        allow_null=True,
        max_length=60,
        help_text=gettext_lazy("First edition: an agreed location key instead of flipping for it."),
    )

    def validate(self, attrs):
        """First edition's own limits as field errors (with a league default, the same
        checks come from the generator as a 400)."""
        if attrs.get("ruleset") != "m1e":
            return attrs
        from rules.engine.encounters import EncounterError
        from rules.engine.first_edition_setup import size_for
        from rules.engine.first_edition_tables import first_edition_tables

        errors = {}
        try:
            size_for(attrs["size"], attrs.get("first_edition_size"))
        except EncounterError as exc:
            key = "first_edition_size" if "choose the size" in str(exc) else "size"
            errors[key] = [str(exc)]
        if attrs.get("kind") == Game.Kind.STORY:
            errors["kind"] = ["The first edition sources hold no story encounters."]
        location = attrs.get("location")
        if location and location not in {loc.key for loc in first_edition_tables().locations}:
            errors["location"] = [f"Unknown first edition location {location!r}."]
        if errors:
            raise serializers.ValidationError(errors)
        return attrs


class GameViewSet(
    HiringActions,
    SchemeActions,
    TrackerActions,
    OfferActions,
    TableEffectActions,
    ResultActions,
    GameActions,
    mixins.ListModelMixin,
    viewsets.GenericViewSet,
):
    """Campaign games and their tracker. Writes go through the encounter services."""

    permission_classes = [permissions.IsAuthenticatedOrReadOnly]
    serializer_class = GameSummarySerializer

    def get_queryset(self):
        return visible_games(self.request.user)



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

        records = (
            FlipRecord.objects.filter(
                subject_type=ContentType.objects.get_for_model(Game), subject_id=game.pk
            )
            .select_related("flipped_by")
            .order_by("id")
        )
        return Response(FlipRecordSerializer(records, many=True).data)

    @extend_schema(responses={200: dict})
    @action(detail=True, methods=["get"])
    def version(self, request, pk=None):
        """A cheap poll for the tracker: the version changes whenever the game does."""
        game = self.get_object()
        return Response({"version": game.version, "state": game.state})
