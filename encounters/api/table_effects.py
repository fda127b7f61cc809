"""Facts of the table the Bounties read: models brought in, Markers, model events,
Bounty notes, end-of-game facts, quarters held and the Soulstone Pool."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext, gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.decorators import action

from catalogue.models import Station
from config.fields import ListField
from encounters.api.common import SIDES, GameActions
from encounters.models import BountyNote, HiredModel, MarkerChange, ModelEvent, TableModel
from encounters.services import table


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


class TableEffectActions(GameActions):
    """Table models, Markers, model events, notes, end facts, quarters, Pool."""

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
