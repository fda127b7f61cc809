"""What a crew pays for or uses at the table: Scrip-paid Fortifications (Metal
Servant, BBQ, Finished Off reflips), one-use items and the Lonely Traveler."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.decorators import action

from campaign.models import ArsenalUpgrade
from encounters.api.common import GameActions
from encounters.models import Casualty, HiredModel
from encounters.services import finished_off as reflips
from encounters.services import items, scrip_effects, traveler
from rules import tables


class BBQSerializer(serializers.Serializer):
    model = serializers.PrimaryKeyRelatedField(
        queryset=HiredModel.objects.all(),
        help_text=gettext_lazy("One of your models in play: it heals 1 damage at the table."),
    )


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


class OfferActions(GameActions):
    """Metal Servant, BBQ, one-use items, the Traveler, Finished Off reflips."""

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
