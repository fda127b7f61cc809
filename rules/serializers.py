"""API input and output for the rules engine (duel odds, flips)."""

from __future__ import annotations

from django.utils.translation import gettext, gettext_lazy
from rest_framework import serializers

from config.fields import ListField
from rules.duel_input import (
    MAX_TWISTS,
    POLICY_CHOICES,
    RULESET_CHOICES,
    build_duel_spec,
    parse_damage_track,
)
from rules.engine.cards import Card, Suit
from rules.engine.duels import DEFAULT_DUEL_POLICY
from rules.engine.errors import RulesError

SUIT_CHOICES = [s.value for s in Suit]


class CardCodeField(serializers.CharField):
    """A card code such as "13R", "1M", "RJ" or "BJ"."""

    def to_internal_value(self, data):
        text = super().to_internal_value(data)
        try:
            return Card.parse(text).code
        except RulesError as exc:
            raise serializers.ValidationError(str(exc)) from exc


class DuelSideSerializer(serializers.Serializer):
    stat = serializers.IntegerField(
        min_value=0, max_value=20, help_text=gettext_lazy("The duel stat, e.g. Ml 6.")
    )
    positive = serializers.IntegerField(
        min_value=0,
        max_value=MAX_TWISTS,
        default=0,
        help_text=gettext_lazy("Positive fate modifiers."),
    )
    negative = serializers.IntegerField(
        min_value=0,
        max_value=MAX_TWISTS,
        default=0,
        help_text=gettext_lazy("Negative fate modifiers."),
    )
    bonus = serializers.IntegerField(min_value=-10, max_value=10, default=0)
    suits = ListField(
        child=serializers.ChoiceField(SUIT_CHOICES),
        default=list,
        max_length=4,
        help_text=gettext_lazy("Suits the action or stat always adds to the total."),
    )
    can_use_soulstones = serializers.BooleanField(
        default=False, help_text=gettext_lazy("Masters and Henchmen may spend Soulstones on duels.")
    )
    soulstone_twist = serializers.BooleanField(
        default=False, help_text=gettext_lazy("Second edition: a Soulstone declared for a twist.")
    )
    soulstone_suit = serializers.ChoiceField(
        SUIT_CHOICES,
        required=False,
        allow_null=True,
        help_text=gettext_lazy("Second edition: a Soulstone declared for a suit."),
    )
    soulstone_card = serializers.BooleanField(
        default=False,
        help_text=gettext_lazy(
            "First edition: after its cheat, a losing side discards a Soulstone to add "
            "a second card's value and suit."
        ),
    )
    focused = serializers.IntegerField(min_value=0, max_value=MAX_TWISTS, default=0)
    defensive = serializers.IntegerField(min_value=0, max_value=MAX_TWISTS, default=0)
    hand = ListField(
        child=CardCodeField(),
        default=list,
        max_length=13,
        help_text=gettext_lazy("Known control hand (card codes such as 9M, RJ)."),
    )
    cheat = serializers.ChoiceField(["to_win", "never"], default="to_win")

    def validate_hand(self, value):
        if len(set(value)) != len(value):
            raise serializers.ValidationError(gettext("A hand cannot hold the same card twice."))
        return value

    def validate(self, attrs):
        uses = (
            attrs.get("soulstone_twist")
            or attrs.get("soulstone_suit")
            or attrs.get("soulstone_card")
        )
        if uses and not attrs.get("can_use_soulstones"):
            raise serializers.ValidationError(
                {"can_use_soulstones": "Only Masters and Henchmen may spend Soulstones on a duel."}
            )
        return attrs


class DuelOddsRequestSerializer(serializers.Serializer):
    attacker = DuelSideSerializer(
        help_text=gettext_lazy("The acting model (attacker, or the simple duel).")
    )
    defender = DuelSideSerializer(
        required=False,
        allow_null=True,
        help_text=gettext_lazy("Leave out for a simple duel against a TN."),
    )
    tn = serializers.IntegerField(min_value=0, max_value=40, required=False, allow_null=True)
    required_suits = ListField(
        child=serializers.ChoiceField(SUIT_CHOICES), default=list, max_length=4
    )
    trigger_suits = ListField(
        child=serializers.ChoiceField(SUIT_CHOICES), default=list, max_length=4
    )
    damage = serializers.CharField(
        required=False,
        allow_null=True,
        allow_blank=True,
        help_text=gettext_lazy("Damage track weak/moderate/severe, e.g. 2/3/4."),
    )
    armor = serializers.IntegerField(min_value=0, max_value=10, default=0)
    hard_to_wound = serializers.IntegerField(min_value=0, max_value=MAX_TWISTS, default=0)
    policy = serializers.ChoiceField(
        POLICY_CHOICES,
        default=DEFAULT_DUEL_POLICY,
        help_text=gettext_lazy(
            'How both sides cheat: "reduce_damage" (the default: cheat to win, and a '
            "losing defender that cannot win cheats to cut the damage, as in the rules manual's "
            'Seamus example) or "to_win" (cheat only to win).'
        ),
    )
    ruleset = serializers.ChoiceField(
        RULESET_CHOICES,
        default="m2e",
        help_text=gettext_lazy(
            'The edition: "m2e" (second, the default) or "m1e" (first: no TN in an '
            "opposed duel, Soulstones add a card after the cheat, the Red Joker deals Severe "
            "plus a second damage flip)."
        ),
    )

    def validate_damage(self, value):
        if not value:
            return None
        try:
            return parse_damage_track(value)
        except ValueError as exc:
            raise serializers.ValidationError(str(exc)) from exc

    def validate(self, attrs):
        if not attrs.get("defender") and attrs.get("tn") is None:
            raise serializers.ValidationError({"tn": "A simple duel needs a TN."})
        if not attrs.get("defender") and attrs.get("damage"):
            raise serializers.ValidationError(
                {"damage": "Damage needs an opposed duel (give a defender)."}
            )
        self._check_edition(attrs)
        try:
            attrs["spec"] = build_duel_spec(attrs)
        except RulesError as exc:
            raise serializers.ValidationError({"non_field_errors": [str(exc)]}) from exc
        return attrs

    def _check_edition(self, attrs) -> None:
        """Field errors for what the chosen edition does not have."""
        first = attrs.get("ruleset") == "m1e"
        errors: dict = {}
        if first and attrs.get("defender"):
            for key in ("tn", "required_suits"):
                if attrs.get(key):
                    errors[key] = "A first-edition opposed duel has no TN or required suits."
        for role in ("attacker", "defender"):
            side = attrs.get(role) or {}
            if first:
                wrong = [k for k in ("soulstone_twist", "soulstone_suit") if side.get(k)]
                why = "First edition declares no Soulstone before the flip; use soulstone_card."
            else:
                wrong = ["soulstone_card"] if side.get("soulstone_card") else []
                why = "Only first edition adds a Soulstone card; use soulstone_twist or _suit."
            if wrong:
                errors[role] = {key: [why] for key in wrong}
        if errors:
            raise serializers.ValidationError(errors)


class DamageOddsSerializer(serializers.Serializer):
    none = serializers.FloatField()
    weak = serializers.FloatField()
    moderate = serializers.FloatField()
    severe = serializers.FloatField()
    red_joker = serializers.FloatField()


class DuelOddsResponseSerializer(serializers.Serializer):
    """The figures of ``rules.engine.odds.DuelOdds.as_dict`` (probabilities as floats)."""

    p_win = serializers.FloatField(help_text=gettext_lazy("Probability that the attacker wins."))
    margin_distribution = serializers.DictField(
        child=serializers.FloatField(),
        help_text=gettext_lazy("Attacker total minus defender total (or TN)."),
    )
    suit_probability = serializers.DictField(
        child=serializers.DictField(child=serializers.FloatField()),
        help_text=gettext_lazy("Per side, the probability that the final total carries each suit."),
    )
    trigger_probability = serializers.DictField(
        child=serializers.DictField(child=serializers.FloatField()),
        help_text=gettext_lazy(
            "Per side, the probability that each trigger's suits are in the final total."
        ),
    )
    cheat_probability = serializers.DictField(child=serializers.FloatField())
    damage = DamageOddsSerializer(allow_null=True)
    damage_on_hit = DamageOddsSerializer(allow_null=True)
    expected_damage = serializers.FloatField(allow_null=True)
    expected_damage_on_hit = serializers.FloatField(allow_null=True)
    red_joker_follow_up = serializers.DictField(
        child=serializers.FloatField(),
        allow_null=True,
        help_text=gettext_lazy(
            "First edition: given a Red Joker on the damage flip, the chances of its "
            "second flip (none, weak, moderate, severe)."
        ),
    )
    policy = serializers.ChoiceField(
        POLICY_CHOICES, help_text=gettext_lazy("The duel policy assumed.")
    )
    ruleset = serializers.ChoiceField(
        RULESET_CHOICES, help_text=gettext_lazy("The edition assumed.")
    )


class FlipRecordSerializer(serializers.ModelSerializer):
    flipped_by = serializers.StringRelatedField()
    final = serializers.CharField(read_only=True)

    class Meta:
        from rules.models import FlipRecord

        model = FlipRecord
        fields = [
            "id",
            "purpose",
            "source",
            "seed",
            "cards",
            "net_twist",
            "chosen",
            "cheated_in",
            "final",
            "flipped_by",
            "created_at",
        ]
        read_only_fields = fields


class ServerFlipRequestSerializer(serializers.Serializer):
    purpose = serializers.CharField(max_length=120)
    positive = serializers.IntegerField(min_value=0, max_value=MAX_TWISTS, default=0)
    negative = serializers.IntegerField(min_value=0, max_value=MAX_TWISTS, default=0)


class TableFlipRequestSerializer(ServerFlipRequestSerializer):
    cards = ListField(child=CardCodeField(), min_length=1, max_length=4)
    chosen = CardCodeField(required=False, allow_null=True)
    cheated_in = CardCodeField(required=False, allow_null=True)
