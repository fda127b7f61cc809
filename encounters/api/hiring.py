"""Before the game: hire the crew (with a Wandering Mercenary), reveal it, use a Warrant."""

from __future__ import annotations

from django.utils.translation import gettext, gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.decorators import action

from campaign.models import ArsenalModel
from catalogue.models import ModelCard
from config.fields import DictField, PrimaryKeyRelatedField
from encounters.api.common import MAX_HIRED, MAX_ID, GameActions
from encounters.services import games, on_the_move, warrant


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


class OnTheMoveSerializer(serializers.Serializer):
    event = serializers.CharField(
        max_length=60,
        help_text=gettext_lazy(
            "On The Move (Mobile Encampment): the key of a non-Joker weekly event to play "
            "in this game instead of the flipped one(s)."),
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


class HiringActions(GameActions):
    """Hire, reveal the crew, use a Warrant."""

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

    @extend_schema(request=OnTheMoveSerializer, responses={200: dict})
    @action(detail=True, methods=["post"], url_path="on-the-move")
    def on_the_move(self, request, pk=None):
        """On The Move: name the weekly event to play instead; applied once both players
        named the same one, before either crew hires."""
        data = self._data(OnTheMoveSerializer)
        on_the_move.propose(game=self.get_object(), actor=request.user, event_key=data["event"])
        return self._game()

    @extend_schema(request=WarrantSerializer, responses={200: dict})
    @action(detail=True, methods=["post"])
    def warrant(self, request, pk=None):
        """Use the crew's Warrant: Attack or Defend in this Story Encounter."""
        data = self._data(WarrantSerializer)
        warrant.choose_role(game=self.get_object(), actor=request.user, role=data["role"])
        return self._game()
