"""The tracker: turns, initiative, Strategy VP, casualties and their Finished Off
flips, event scrip, withdrawal."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext, gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.decorators import action

from encounters.api.common import SIDES, GameActions
from encounters.models import Casualty, HiredModel, TableModel
from encounters.services import tracker


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


class StrategyVPSerializer(serializers.Serializer):
    side = serializers.ChoiceField(SIDES)
    vp = serializers.IntegerField(min_value=0, max_value=4)


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


class FinishedOffSerializer(serializers.Serializer):
    table_card = serializers.CharField(max_length=6, required=False, allow_blank=True)
    cheated_in = serializers.CharField(max_length=6, required=False, allow_blank=True)
    threshold = serializers.IntegerField(
        min_value=1, max_value=14, required=False, allow_null=True, default=None,
        help_text="Only to raise it (On Our Ground); 3, or 11 with Tough As Nails, is read "
                  "from the model.")


class EventScripSerializer(serializers.Serializer):
    side = serializers.ChoiceField(SIDES)
    amount = serializers.IntegerField(min_value=1, max_value=12)
    why = serializers.CharField(max_length=120)


class CasualtyScripCorrectionSerializer(serializers.Serializer):
    side = serializers.ChoiceField(SIDES)
    amount = serializers.IntegerField(min_value=-12, max_value=12)
    why = serializers.CharField(max_length=120)


class EndTurnSerializer(serializers.Serializer):
    table_card = serializers.CharField(max_length=6, required=False, allow_blank=True)


class TrackerActions(GameActions):
    """Start, initiative, Strategy VP, casualties, event scrip, end of turn."""

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

    @extend_schema(request=StrategyVPSerializer, responses={200: dict})
    @action(detail=True, methods=["post"], url_path="strategy-vp")
    def strategy_vp(self, request, pk=None):
        data = self._data(StrategyVPSerializer)
        tracker.score_strategy(
            game=self.get_object(), actor=request.user, side_key=data["side"], vp=data["vp"]
        )
        return self._game()

    @extend_schema(request=CasualtySerializer, responses={200: dict})
    @action(detail=True, methods=["post"])
    def casualties(self, request, pk=None):
        data = self._data(CasualtySerializer)
        tracker.record_casualty(
            game=self.get_object(), actor=request.user, side_key=data.pop("side"), **data
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

    @extend_schema(request=CasualtyScripCorrectionSerializer, responses={200: dict})
    @action(detail=True, methods=["post"], url_path="casualty-scrip")
    def casualty_scrip(self, request, pk=None):
        """Correct the event Scrip computed from casualties (Contract Work, Extermination)
        by a signed amount, with the reason; the log keeps it."""
        from encounters.services import casualty_scrip

        data = self._data(CasualtyScripCorrectionSerializer)
        casualty_scrip.correct(game=self.get_object(), actor=request.user, side_key=data["side"],
                               amount=data["amount"], why=data["why"])
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
