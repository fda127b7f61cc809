"""Schemes: choose them secretly (and A Lucrative Offer's third), reveal and score them."""

from __future__ import annotations

from django.utils.translation import gettext, gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.decorators import action

from config.fields import ListSerializer
from encounters.api.common import GameActions
from encounters.models import HiredModel, SchemeChoice
from encounters.services import games, tracker


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


class SchemeActions(GameActions):
    """Choose, reveal and score schemes (and the third scheme)."""

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
