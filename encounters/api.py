"""Encounter API: set up a campaign game, hire, choose schemes, track the game, report.

Every response that carries game data is built from ``encounters.selectors.game_view``,
so an opponent never receives unrevealed schemes, noted models or an unrevealed hire.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext, gettext_lazy
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import mixins, permissions, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from campaign.models import ArsenalModel, ArsenalUpgrade, Campaign, Crew
from catalogue.models import ModelCard, Station
from config.fields import DictField, ListField, ListSerializer, PrimaryKeyRelatedField
from encounters.models import (
    BountyNote,
    Casualty,
    Game,
    HiredModel,
    LinkedSeries,
    MarkerChange,
    ModelEvent,
    SchemeChoice,
    ScripEffect,
    TableModel,
)
from encounters.score_check import score_check
from encounters.selectors import can_view_game, game_view, visible_games
from encounters.services import finished_off as reflips
from encounters.services import (
    games,
    items,
    posse,
    results,
    scrip_effects,
    table,
    tracker,
    traveler,
    warrant,
)
from encounters.services import series as series_services
from league.models import League
from rules import tables

SIDES = [("a", gettext_lazy("Side A")), ("b", gettext_lazy("Side B"))]
#: More models than any crew hires; a longer list is refused before lookups.
MAX_HIRED = 50
MAX_ID = 2**63 - 1


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


class HireSerializer(serializers.Serializer):
    models = PrimaryKeyRelatedField(
        queryset=ArsenalModel.objects.all(), many=True, max_length=MAX_HIRED
    )
    wandering_mercenary = serializers.PrimaryKeyRelatedField(
        queryset=ModelCard.objects.all(),
        required=False,
        allow_null=True,
        help_text=gettext_lazy("Wandering Mercenaries weeks: the free mercenary (cost 7 or less)."),
    )
    attach = DictField(
        child=serializers.IntegerField(min_value=1, max_value=MAX_ID),
        required=False,
        max_length=MAX_HIRED,
        help_text=gettext_lazy("Arsenal upgrade id -> arsenal model id."),
    )

    def validate_attach(self, value):
        """Keys are upgrade ids too: {"x": 5} was a 500 (found by fuzzing)."""
        if any(not (key.isascii() and key.isdigit()) or len(key) > 18 for key in value):
            raise serializers.ValidationError(gettext("Give arsenal upgrade ids as the keys."))
        return {int(key): model for key, model in value.items()}


class SchemePickSerializer(serializers.Serializer):
    scheme = serializers.CharField(max_length=60)
    noted_model = serializers.PrimaryKeyRelatedField(
        queryset=HiredModel.objects.all(), required=False, allow_null=True
    )

    class Meta:
        list_serializer_class = ListSerializer  # publishes the list's max_length


class ThirdSchemePickSerializer(serializers.Serializer):
    scheme = serializers.CharField(max_length=60)
    noted_model = serializers.PrimaryKeyRelatedField(
        queryset=HiredModel.objects.all(), required=False, allow_null=True
    )

    def validate_scheme(self, value):
        """An unknown key is a field error (which keys the game allows, the service says)."""
        from rules.encounter_tables import encounter_tables

        try:
            encounter_tables().scheme(value)
        except KeyError:
            raise serializers.ValidationError(gettext("Unknown scheme %(key)s.")
                                              % {"key": repr(value)}) from None
        return value


class SchemesSerializer(serializers.Serializer):
    schemes = SchemePickSerializer(many=True, max_length=10)
    third_scheme = ThirdSchemePickSerializer(
        required=False,
        allow_null=True,
        help_text=gettext_lazy(
            "A Lucrative Offer's week only: an optional third scheme (any generic scheme or "
            "the crew's Faction scheme, not one of the two). It scores no VP; each VP it "
            "would score pays 2 Scrip as event Scrip. Left out or null: no third scheme "
            "(a saved one is removed)."
        ),
    )


class WarrantSerializer(serializers.Serializer):
    role = serializers.ChoiceField(
        choices=[("attacker", gettext_lazy("Attack")), ("defender", gettext_lazy("Defend"))],
        help_text=gettext_lazy(
            "Warrant (Guild Outpost): the role the crew takes in this Story Encounter, "
            "chosen once before either crew hires. When both crews' Warrants choose the "
            "same role, the flipped roles stand."
        ),
    )


class TableCardsSerializer(serializers.Serializer):
    a = serializers.CharField(max_length=6, required=False)
    b = serializers.CharField(max_length=6, required=False)


class InitiativeSerializer(serializers.Serializer):
    table_cards = TableCardsSerializer(required=False)


class InitiativeReflipSerializer(serializers.Serializer):
    pay = serializers.ChoiceField(
        tracker.PAYMENTS,
        default="soulstone",
        help_text=gettext_lazy(
            "soulstone (from the Pool, the default) or scrip: 1 Scrip of the crew, "
            "with the Brain In a Jar Fortification."
        ),
    )


class BBQSerializer(serializers.Serializer):
    model = serializers.PrimaryKeyRelatedField(
        queryset=HiredModel.objects.all(),
        help_text=gettext_lazy("One of your models in play: it heals 1 damage at the table."),
    )


class StrategyVPSerializer(serializers.Serializer):
    side = serializers.ChoiceField(SIDES)
    vp = serializers.IntegerField(min_value=0, max_value=4)


class SchemeVPSerializer(serializers.Serializer):
    scheme = serializers.PrimaryKeyRelatedField(queryset=SchemeChoice.objects.all())
    vp = serializers.IntegerField(min_value=0, max_value=3)


class SchemeRevealSerializer(serializers.Serializer):
    scheme = serializers.PrimaryKeyRelatedField(queryset=SchemeChoice.objects.all())


class ThirdSchemeVPSerializer(serializers.Serializer):
    vp = serializers.IntegerField(
        min_value=0,
        max_value=3,
        help_text=gettext_lazy(
            "The VP the third scheme would have scored so far: replaces the last value "
            "(never added to it). Paid as 2 Scrip per VP, never counted as VP."
        ),
    )


class CasualtySerializer(serializers.Serializer):
    side = serializers.CharField(
        max_length=7, help_text=gettext_lazy("a, b, or neutral (a Neutral model).")
    )
    model = serializers.PrimaryKeyRelatedField(
        queryset=HiredModel.objects.all(), required=False, allow_null=True
    )
    table_model = serializers.PrimaryKeyRelatedField(
        queryset=TableModel.objects.all(),
        required=False,
        allow_null=True,
        help_text=gettext_lazy("A summoned or Neutral victim already on the table."),
    )
    summoned_name = serializers.CharField(max_length=120, required=False, allow_blank=True)
    how = serializers.ChoiceField(Casualty.How.choices, default=Casualty.How.KILLED)
    by_model = serializers.PrimaryKeyRelatedField(
        queryset=HiredModel.objects.all(), required=False, allow_null=True
    )
    by_table_model = serializers.PrimaryKeyRelatedField(
        queryset=TableModel.objects.all(), required=False, allow_null=True
    )
    by_effect = serializers.CharField(max_length=120, required=False, allow_blank=True)
    by_side = serializers.CharField(
        max_length=7,
        required=False,
        allow_null=True,
        allow_blank=True,
        help_text=gettext_lazy("Whose effect killed it (no killer model): a, b, neutral or blank."),
    )
    action = serializers.CharField(max_length=60, required=False, allow_blank=True)
    blast = serializers.BooleanField(default=False)
    own_activation = serializers.BooleanField(default=False)
    automatic = serializers.BooleanField(default=False)

    def validate_side(self, value):
        if value not in ("a", "b", "neutral"):
            raise serializers.ValidationError(gettext("Choose a, b or neutral."))
        return value

    def validate_by_side(self, value):
        if value not in ("a", "b", "neutral", "", None):
            raise serializers.ValidationError(gettext("Choose a, b, neutral or blank."))
        return value or None


class BringInSerializer(serializers.Serializer):
    side = serializers.ChoiceField(
        SIDES,
        required=False,
        allow_null=True,
        help_text=gettext_lazy("The summoning side; empty for a Neutral model."),
    )
    name = serializers.CharField(max_length=120)
    cost = serializers.IntegerField(min_value=0, max_value=30, required=False, allow_null=True)
    station = serializers.ChoiceField(Station.choices, required=False, allow_blank=True)
    characteristics = ListField(
        child=serializers.CharField(max_length=40), required=False, max_length=12
    )


def _one_of(allowed, message):
    def check(self, value):
        if value not in allowed:
            raise serializers.ValidationError(message)
        return value

    return check


class MarkerSerializer(serializers.Serializer):
    kind = serializers.CharField(max_length=10, help_text=gettext_lazy("scheme, corpse or scrap."))
    delta = serializers.IntegerField(
        min_value=-20, max_value=20, help_text=gettext_lazy("Markers placed (positive) or removed.")
    )
    owner = serializers.CharField(
        max_length=1,
        required=False,
        allow_blank=True,
        help_text=gettext_lazy("A Scheme Marker's side: a or b."),
    )
    quarter = serializers.IntegerField(
        min_value=0,
        max_value=4,
        default=0,
        help_text=gettext_lazy("1-4; 0 near the centre or straddling."),
    )
    by_side = serializers.CharField(
        max_length=1,
        required=False,
        allow_blank=True,
        help_text=gettext_lazy("The side that placed or removed them."),
    )
    interact = serializers.BooleanField(default=False)

    validate_kind = _one_of(MarkerChange.Kind.values, "Choose scheme, corpse or scrap.")
    validate_owner = _one_of(("a", "b", ""), "Choose a, b or blank.")
    validate_by_side = _one_of(("a", "b", ""), "Choose a, b or blank.")

    def validate_delta(self, value):
        if value == 0:
            raise serializers.ValidationError(gettext("Place or remove at least one Marker."))
        return value


class UseItemSerializer(serializers.Serializer):
    upgrade = serializers.PrimaryKeyRelatedField(queryset=ArsenalUpgrade.objects.all(),
                                                 help_text=gettext_lazy("The one-use item to use."))
    injury = serializers.PrimaryKeyRelatedField(
        queryset=ArsenalUpgrade.objects.all(), required=False, allow_null=True,
        help_text=gettext_lazy("Healing Salve and Field Repairs: the Injury they remove."))
    keep = serializers.BooleanField(
        required=False, default=False,
        help_text=gettext_lazy("Scrap Pile: pay 3 Scrip to keep the item in the Arsenal."))


class TravelerGuidanceSerializer(serializers.Serializer):
    model = serializers.PrimaryKeyRelatedField(
        queryset=HiredModel.objects.all(),
        help_text=gettext_lazy("One of your hired models in play, within 1 inch of the Traveler "
                               "Marker, that spends a (1) Interact Action to ask."))
    cheated_in = serializers.CharField(
        max_length=6, required=False, allow_blank=True,
        help_text=gettext_lazy("Always refused when given: nobody may cheat this flip."))


class TravelerGuidanceResponseSerializer(serializers.Serializer):
    model = serializers.IntegerField(help_text=gettext_lazy("The hired model that asked."))
    card = serializers.CharField(help_text=gettext_lazy("The card the server flipped."))
    flip = serializers.IntegerField(
        help_text=gettext_lazy("The flip record (its seed replays it)."))
    outcome = serializers.ChoiceField(
        sorted(tables.TRAVELER_OUTCOMES),
        help_text=gettext_lazy("What the chart gave: model_killed, heal_all, scheme_marker, "
                               "scrip or extra_barter_flip."))
    summary = serializers.CharField()
    scrip = serializers.IntegerField(
        help_text=gettext_lazy("Event scrip counted (the per-game limit may cut it)."))
    casualty = serializers.IntegerField(allow_null=True,
                                        help_text=gettext_lazy("The casualty recorded, if killed."))


class ModelEventSerializer(serializers.Serializer):
    kind = serializers.CharField(
        max_length=20, help_text=gettext_lazy("horror_failed or upgrade_attached.")
    )
    validate_kind = _one_of(ModelEvent.Kind.values, "Choose horror_failed or upgrade_attached.")
    model = serializers.PrimaryKeyRelatedField(
        queryset=HiredModel.objects.all(), required=False, allow_null=True
    )
    table_model = serializers.PrimaryKeyRelatedField(
        queryset=TableModel.objects.all(), required=False, allow_null=True
    )
    name = serializers.CharField(max_length=120, required=False, allow_blank=True)

    def validate(self, data):
        if bool(data.get("model")) == bool(data.get("table_model")):
            raise serializers.ValidationError({"model": ["Give a model or a table model."]})
        return data


class NoteSerializer(serializers.Serializer):
    bounty = serializers.ChoiceField(["escort-mission", "hit-list", "roundup"])
    model = serializers.PrimaryKeyRelatedField(
        queryset=HiredModel.objects.all(), required=False, allow_null=True
    )
    characteristic = serializers.CharField(max_length=40, required=False, allow_blank=True)


class EndFactsSerializer(serializers.Serializer):
    side = serializers.ChoiceField(SIDES)
    in_their_zone = ListField(
        child=serializers.IntegerField(min_value=0, max_value=50),
        min_length=2,
        max_length=2,
        required=False,
        help_text=gettext_lazy(
            "[this side's models, enemy and Neutral models] in the opponent's zone."
        ),
    )
    engaging_leader = serializers.IntegerField(min_value=0, max_value=50, required=False)
    afflicted = serializers.IntegerField(min_value=0, max_value=50, required=False)
    pool = serializers.IntegerField(min_value=0, max_value=99, required=False)
    pigs = ListField(
        child=serializers.IntegerField(min_value=1, max_value=4), required=False, max_length=4
    )
    escorted = serializers.BooleanField(required=False, allow_null=True, default=None)


class QuartersSerializer(serializers.Serializer):
    side = serializers.ChoiceField(SIDES)
    quarters = ListField(child=serializers.IntegerField(min_value=1, max_value=4), max_length=4)


class PoolSerializer(serializers.Serializer):
    side = serializers.ChoiceField(SIDES)
    change = serializers.ChoiceField([(-1, "-1"), (1, "+1")])


class FinishedOffSerializer(serializers.Serializer):
    table_card = serializers.CharField(max_length=6, required=False, allow_blank=True)
    cheated_in = serializers.CharField(max_length=6, required=False, allow_blank=True)
    threshold = serializers.IntegerField(min_value=1, max_value=14, default=3)


def _card_code(value: str) -> str:
    """A card code as the tracker takes it (blank: none), or a field error."""
    from rules.engine.cards import Card
    from rules.engine.errors import RulesError

    if not value:
        return ""
    try:
        return Card.parse(value).code
    except RulesError as exc:
        raise serializers.ValidationError(str(exc)) from exc


class ReflipFinishedOffSerializer(serializers.Serializer):
    source = serializers.ChoiceField(
        reflips.SOURCE_CHOICES,
        help_text=gettext_lazy("The Fortification of your crew that reflips."))
    table_card = serializers.CharField(
        max_length=6, required=False, allow_blank=True,
        help_text=gettext_lazy("The card flipped again at the table; blank: the server flips."))
    cheated_in = serializers.CharField(
        max_length=6, required=False, allow_blank=True,
        help_text=gettext_lazy("A card the model's controller cheats in, when allowed."))
    in_deployment_zone = serializers.BooleanField(
        default=False,
        help_text=gettext_lazy("Tasteful Dirge: the model was killed or sacrificed in your "
                               "Deployment Zone."))

    def validate_table_card(self, value):
        return _card_code(value)

    def validate_cheated_in(self, value):
        return _card_code(value)


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
        fields = ["id", "campaign", "week", "kind", "state", "size", "turn", "event_key", "version"]


def _scrip_effects(game: Game) -> dict[int, list[dict]]:
    """Side id -> the Fortifications it paid Scrip for at the table (one query)."""
    uses: dict[int, list[dict]] = {}
    for use in ScripEffect.objects.filter(side__game=game).order_by("id"):
        uses.setdefault(use.side_id, []).append(
            {"kind": use.kind, "turn": use.turn, "model": use.model_name or None})
    return uses


def game_data(game: Game, user) -> dict:
    """The game as this user may see it (the secrets selector decides)."""
    view = game_view(game, user)
    g = view.game
    report = g.reports.exclude(status="superseded").order_by("id").last()
    check = score_check(report, {s.side.key: s.total_vp for s in view.sides})
    uses = _scrip_effects(g)
    return {
        **GameSummarySerializer(g).data,
        "setup": g.setup,
        # Schemes either crew may choose beyond the pool (Posse's Take Prisoner), labelled.
        "extra_schemes": [{k: row[k] for k in ("key", "name", "fortification")}
                          for row in posse.offered(g)],
        "first_player": g.first_player,
        "ended_on_turn": g.ended_on_turn,
        "viewer_side": view.viewer_side,
        "sides": [
            {
                "key": s.side.key,
                "player": str(s.side.player),
                "crew": s.side.crew_id,
                "crew_name": str(s.side.crew) if s.side.crew_id else None,
                "hire_revealed": s.side.hire_revealed,
                "hired": [
                    {
                        "id": h.pk,
                        "name": h.name,
                        "cost": h.cost,
                        "is_leader": h.is_leader,
                        "upgrades": h.upgrades,
                    }
                    for h in s.hired
                ]
                if s.hire_visible
                else None,
                "campaign_rating": s.side.campaign_rating,
                "soulstone_pool": s.side.soulstone_pool,
                "strategy_vp": s.side.strategy_vp,
                "schemes": s.schemes,
                "vp": s.total_vp,
                "withdrew_on_turn": s.side.withdrew_on_turn,
                "event_scrip": s.side.event_scrip,
                "traveler_barter_flips": s.side.traveler_barter_flips,
                "third_scheme": s.third_scheme,
                "scrip_effects": uses.get(s.side.pk, []),
            }
            for s in view.sides
        ],
        "casualties": [
            {
                "id": c.pk,
                "side": c.victim_side_key,
                "model": c.victim_name,
                "how": c.how,
                "by": c.killer_name if (c.by_model_id or c.by_table_model_id) else c.by_effect,
                "by_side": c.by_side,
                "action": c.action,
                "blast": c.blast,
                "own_activation": c.own_activation,
                "turn": c.turn,
                "finished_off": c.finished_off,
                "flip": c.flip.final if c.flip_id else None,
                "reflip": c.reflip.final if c.reflip_id else None,
                "reflipped_with": c.reflipped_with,
            }
            for c in view.casualties
        ],
        "table": table_data(view),
        "log": [{"turn": entry.turn, "text": entry.text} for entry in view.log],
        "result": None
        if report is None
        else {
            "vp": check.reported,
            "status": report.status,
            "agrees_with_tracker": check.agrees,
            "why_different": check.reason,
        },
    }


def table_data(view) -> dict:
    """The table's facts for the game record, as the viewer may see them (Bounty notes
    through the selector: a secret note shows only that it exists)."""
    table = view.table
    return {
        "needed": sorted(table.needed),
        "bounties": table.bounties,
        "models": [
            {
                "id": t.pk,
                "name": t.name,
                "origin": t.origin,
                "side": t.side.key if t.side_id else None,
                "station": t.station,
                "characteristics": t.characteristics,
                "cost": t.cost,
                "turn": t.turn,
            }
            for t in table.table_models
        ],
        "markers": [
            {"kind": k, "owner": o, "quarter": q, "count": n}
            for (k, o, q), n in sorted(table.markers.items())
            if n
        ],
        "notes": [
            {key: n[key] for key in ("id", "side", "bounty", "model", "characteristic", "revealed")}
            for n in table.notes
        ],
        "secret_notes": [{"side": side, "bounty": name} for side, name in table.hidden_notes],
        "end_facts": {
            s.side.key: {**(s.side.end_facts or {}), "quarters_held": s.side.quarters_held or {}}
            for s in view.sides
        },
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

    @extend_schema(request=HireSerializer, responses={200: dict})
    @action(detail=True, methods=["post"])
    def hire(self, request, pk=None):
        data = self._data(HireSerializer)
        games.hire_crew(
            game=self.get_object(),
            actor=request.user,
            models=data["models"],
            attach=data.get("attach"),
            wandering=data.get("wandering_mercenary"),
        )
        return self._game()

    @extend_schema(request=None, responses={200: dict})
    @action(detail=True, methods=["post"], url_path="reveal-crew")
    def reveal_crew(self, request, pk=None):
        games.reveal_crew(game=self.get_object(), actor=request.user)
        return self._game()

    @extend_schema(request=WarrantSerializer, responses={200: dict})
    @action(detail=True, methods=["post"])
    def warrant(self, request, pk=None):
        """Use the crew's Warrant: Attack or Defend in this Story Encounter."""
        data = self._data(WarrantSerializer)
        warrant.choose_role(game=self.get_object(), actor=request.user, role=data["role"])
        return self._game()

    @extend_schema(request=SchemesSerializer, responses={200: dict})
    @action(detail=True, methods=["post"])
    def schemes(self, request, pk=None):
        data = self._data(SchemesSerializer)
        third = data.get("third_scheme")
        games.choose_schemes(
            game=self.get_object(),
            actor=request.user,
            choices=[(c["scheme"], c.get("noted_model")) for c in data["schemes"]],
            third=(third["scheme"], third.get("noted_model")) if third else None,
        )
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
        tracker.flip_initiative(
            game=self.get_object(), actor=request.user, table_cards=data.get("table_cards") or None
        )
        return self._game()

    @extend_schema(request=InitiativeReflipSerializer, responses={200: dict})
    @action(detail=True, methods=["post"], url_path="reflip-initiative")
    def reflip_initiative(self, request, pk=None):
        """Reflip the player's own initiative card, paying a Soulstone or (Brain In a
        Jar) 1 Scrip."""
        data = self._data(InitiativeReflipSerializer)
        tracker.reflip_initiative(game=self.get_object(), actor=request.user, pay=data["pay"])
        return self._game()

    @extend_schema(request=None, responses={200: dict})
    @action(detail=True, methods=["post"], url_path="reflip-strategy")
    def reflip_strategy(self, request, pk=None):
        """Metal Servant: once per game, 1 Scrip to reflip the Strategy flip, before either
        crew is revealed and before any scheme is chosen."""
        scrip_effects.reflip_strategy(game=self.get_object(), actor=request.user)
        return self._game()

    @extend_schema(request=BBQSerializer, responses={200: dict})
    @action(detail=True, methods=["post"])
    def bbq(self, request, pk=None):
        """BBQ: once per Turn after initiative, 1 Scrip heals 1 damage on one of the
        player's models (the players remove it at the table; the log names the model)."""
        data = self._data(BBQSerializer)
        scrip_effects.bbq(game=self.get_object(), actor=request.user, model=data["model"])
        return self._game()

    @extend_schema(request=StrategyVPSerializer, responses={200: dict})
    @action(detail=True, methods=["post"], url_path="strategy-vp")
    def strategy_vp(self, request, pk=None):
        data = self._data(StrategyVPSerializer)
        tracker.score_strategy(
            game=self.get_object(), actor=request.user, side_key=data["side"], vp=data["vp"]
        )
        return self._game()

    @extend_schema(request=SchemeVPSerializer, responses={200: dict})
    @action(detail=True, methods=["post"], url_path="scheme-vp")
    def scheme_vp(self, request, pk=None):
        data = self._data(SchemeVPSerializer)
        tracker.score_scheme(
            game=self.get_object(), actor=request.user, scheme=data["scheme"], vp=data["vp"]
        )
        return self._game()

    @extend_schema(request=SchemeRevealSerializer, responses={200: dict})
    @action(detail=True, methods=["post"], url_path="reveal-scheme")
    def reveal_scheme(self, request, pk=None):
        data = self._data(SchemeRevealSerializer)
        tracker.reveal_scheme(game=self.get_object(), actor=request.user, scheme=data["scheme"])
        return self._game()

    @extend_schema(request=None, responses={200: dict})
    @action(detail=True, methods=["post"], url_path="third-scheme/reveal")
    def reveal_third_scheme(self, request, pk=None):
        """A Lucrative Offer: reveal the player's own third scheme (and its noted model)."""
        tracker.reveal_third_scheme(game=self.get_object(), actor=request.user)
        return self._game()

    @extend_schema(request=ThirdSchemeVPSerializer, responses={200: dict})
    @action(detail=True, methods=["post"], url_path="third-scheme/vp")
    def third_scheme_vp(self, request, pk=None):
        """A Lucrative Offer: what the player's third scheme would have scored, within the
        scheme's own caps. No VP total changes; the Aftermath pays 2 Scrip per VP."""
        data = self._data(ThirdSchemeVPSerializer)
        tracker.score_third_scheme(game=self.get_object(), actor=request.user, vp=data["vp"])
        return self._game()

    @extend_schema(request=CasualtySerializer, responses={200: dict})
    @action(detail=True, methods=["post"])
    def casualties(self, request, pk=None):
        data = self._data(CasualtySerializer)
        tracker.record_casualty(
            game=self.get_object(), actor=request.user, side_key=data.pop("side"), **data
        )
        return self._game()

    @extend_schema(request=BringInSerializer, responses={200: dict})
    @action(detail=True, methods=["post"], url_path="table-models")
    def table_models(self, request, pk=None):
        """A model enters play: summoned by a side, or a Neutral model of the event."""
        data = self._data(BringInSerializer)
        table.bring_in(
            game=self.get_object(),
            actor=request.user,
            name=data["name"],
            side_key=data.get("side") or None,
            station=data.get("station", ""),
            cost=data.get("cost"),
            characteristics=data.get("characteristics", ()),
        )
        return self._game()

    @extend_schema(request=MarkerSerializer, responses={200: dict})
    @action(detail=True, methods=["post"])
    def markers(self, request, pk=None):
        """Markers placed or removed (the game record's ``markers``)."""
        data = self._data(MarkerSerializer)
        table.mark(
            game=self.get_object(),
            actor=request.user,
            kind=data["kind"],
            delta=data["delta"],
            owner=data.get("owner", ""),
            quarter=data["quarter"],
            by_side=data.get("by_side", ""),
            interact=data["interact"],
        )
        return self._game()

    @extend_schema(request=ModelEventSerializer, responses={200: dict})
    @action(detail=True, methods=["post"], url_path="model-events")
    def model_events(self, request, pk=None):
        """A model failed a Horror duel, or an Upgrade was attached to it."""
        data = self._data(ModelEventSerializer)
        table.model_event(
            game=self.get_object(),
            actor=request.user,
            kind=data["kind"],
            model=data.get("model") or data.get("table_model"),
            name=data.get("name", ""),
        )
        return self._game()

    @extend_schema(request=UseItemSerializer, responses={200: dict})
    @action(detail=True, methods=["post"], url_path="use-item")
    def use_item(self, request, pk=None):
        """A hired model uses a one-use item (annihilated) or Field Repairs (once a game)."""
        data = self._data(UseItemSerializer)
        items.use_item(game=self.get_object(), actor=request.user, upgrade=data["upgrade"],
                       injury=data.get("injury"), keep=data.get("keep", False))
        return self._game()

    @extend_schema(
        request=TravelerGuidanceSerializer,
        responses={200: inline_serializer("TravelerGuidanceGame", {
            "guidance": TravelerGuidanceResponseSerializer()}, )},
        description=gettext_lazy(
            "The Lonely Traveler week: one of your models in play asks the Traveler Marker "
            "for guidance. The server makes one recorded flip on the Lonely Traveler chart "
            "(never cheated) and applies it: the model is killed (a casualty by the Lonely "
            "Traveler), heals, may place a Scheme Marker, earns 2 event scrip, or gives its "
            "side one more Barter flip after the game. Answers the game, with `guidance`. "
            "400 (field errors) for a model not hired in this game, not yours or not in "
            "play, a card cheated in, a game not in play, or a week without the Traveler."),
    )
    @action(detail=True, methods=["post"], url_path="traveler-guidance")
    def traveler_guidance(self, request, pk=None):
        game = self.get_object()
        data = self._data(TravelerGuidanceSerializer)
        try:
            answer = traveler.ask_guidance(game=game, actor=request.user, model=data["model"],
                                           cheated_in=data.get("cheated_in") or None)
        except traveler.TravelerRefused as exc:
            raise serializers.ValidationError(
                {exc.field or "non_field_errors": [str(exc)]}) from exc
        response = self._game()
        response.data["guidance"] = {
            "model": answer.model.pk, "card": answer.card, "flip": answer.flip.pk,
            "outcome": answer.result.outcome, "summary": answer.result.summary,
            "scrip": answer.scrip,
            "casualty": answer.casualty.pk if answer.casualty else None}
        return response

    @extend_schema(request=NoteSerializer, responses={200: dict})
    @action(detail=True, methods=["post"])
    def notes(self, request, pk=None):
        """The player's Bounty note (Escort Mission, Hit List: secret; Roundup)."""
        data = self._data(NoteSerializer)
        table.note(
            game=self.get_object(),
            actor=request.user,
            bounty=data["bounty"],
            model=data.get("model"),
            characteristic=data.get("characteristic", ""),
        )
        return self._game()

    @extend_schema(request=None, responses={200: dict})
    @action(detail=True, methods=["post"], url_path=r"notes/(?P<note_id>\d{1,18})/reveal")
    def reveal_note(self, request, pk=None, note_id=None):
        game = self.get_object()
        row = get_object_or_404(BountyNote, pk=note_id, side__game=game)
        table.reveal_note(game=game, actor=request.user, note=row)
        return self._game()

    @extend_schema(request=EndFactsSerializer, responses={200: dict})
    @action(detail=True, methods=["post"], url_path="end-facts")
    def end_facts(self, request, pk=None):
        """What the table shows at the end, for one side (only what is given changes)."""
        data = self._data(EndFactsSerializer)
        zone = data.get("in_their_zone")
        table.set_end_facts(
            game=self.get_object(),
            actor=request.user,
            side_key=data["side"],
            in_their_zone=tuple(zone) if zone else None,
            engaging_leader=data.get("engaging_leader"),
            afflicted=data.get("afflicted"),
            pigs=data.get("pigs"),
            pool=data.get("pool"),
            escorted=data.get("escorted"),
        )
        return self._game()

    @extend_schema(request=QuartersSerializer, responses={200: dict})
    @action(detail=True, methods=["post"])
    def quarters(self, request, pk=None):
        """The quarters a side holds at the end of the current Turn."""
        data = self._data(QuartersSerializer)
        table.hold_quarters(
            game=self.get_object(),
            actor=request.user,
            side_key=data["side"],
            quarters=data["quarters"],
        )
        return self._game()

    @extend_schema(request=PoolSerializer, responses={200: dict})
    @action(detail=True, methods=["post"])
    def pool(self, request, pk=None):
        """A Soulstone spent from, or added to, a side's Pool."""
        data = self._data(PoolSerializer)
        table.adjust_pool(
            game=self.get_object(),
            actor=request.user,
            side_key=data["side"],
            change=int(data["change"]),
        )
        return self._game()

    @extend_schema(request=FinishedOffSerializer, responses={200: dict})
    @action(
        detail=True, methods=["post"], url_path=r"casualties/(?P<casualty_id>\d{1,18})/finished-off"
    )
    def finished_off(self, request, pk=None, casualty_id=None):
        game = self.get_object()
        casualty = get_object_or_404(Casualty, pk=casualty_id, game=game)
        data = self._data(FinishedOffSerializer)
        tracker.flip_finished_off(
            casualty=casualty,
            actor=request.user,
            table_card=data.get("table_card") or None,
            cheated_in=data.get("cheated_in") or None,
            threshold=data["threshold"],
        )
        return self._game()

    @extend_schema(
        request=ReflipFinishedOffSerializer,
        responses={200: dict},
        description=gettext_lazy(
            "Reflip a settled Finished Off flip with a Fortification of your crew: Grizzled "
            "Bartender (your models, twice per game), Tasteful Dirge (your model that fell in "
            "your Deployment Zone) or Gallows (any model, once per game). One reflip per flip, "
            "never of a cheated flip; the new flip decides the result and both are recorded. "
            "Answers the game. 400 (field errors) for bad input or a refused reflip."),
    )
    @action(
        detail=True, methods=["post"],
        url_path=r"casualties/(?P<casualty_id>\d{1,18})/reflip-finished-off",
    )
    def reflip_finished_off(self, request, pk=None, casualty_id=None):
        game = self.get_object()
        casualty = get_object_or_404(Casualty, pk=casualty_id, game=game)
        data = self._data(ReflipFinishedOffSerializer)
        reflips.reflip_finished_off(
            casualty=casualty,
            actor=request.user,
            source=data["source"],
            table_card=data.get("table_card") or None,
            cheated_in=data.get("cheated_in") or None,
            in_deployment_zone=data["in_deployment_zone"],
        )
        return self._game()

    @extend_schema(request=EventScripSerializer, responses={200: dict})
    @action(detail=True, methods=["post"], url_path="event-scrip")
    def event_scrip(self, request, pk=None):
        data = self._data(EventScripSerializer)
        tracker.add_event_scrip(
            game=self.get_object(),
            actor=request.user,
            side_key=data["side"],
            amount=data["amount"],
            why=data["why"],
        )
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
        tracker.end_turn(
            game=self.get_object(), actor=request.user, table_card=data.get("table_card") or None
        )
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
