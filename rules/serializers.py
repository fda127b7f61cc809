"""API input and output for the rules engine (duel odds, flips)."""

from __future__ import annotations

from rest_framework import serializers

from rules.duel_input import MAX_TWISTS, build_duel_spec, parse_damage_track
from rules.engine.cards import Card, Suit
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
        min_value=0, max_value=20, help_text="The duel stat, e.g. Ml 6."
    )
    positive = serializers.IntegerField(
        min_value=0, max_value=MAX_TWISTS, default=0, help_text="Positive fate modifiers."
    )
    negative = serializers.IntegerField(
        min_value=0, max_value=MAX_TWISTS, default=0, help_text="Negative fate modifiers."
    )
    bonus = serializers.IntegerField(min_value=-10, max_value=10, default=0)
    suits = serializers.ListField(
        child=serializers.ChoiceField(SUIT_CHOICES),
        default=list,
        max_length=4,
        help_text="Suits the action or stat always adds to the total.",
    )
    can_use_soulstones = serializers.BooleanField(
        default=False, help_text="Masters and Henchmen may spend Soulstones on duels."
    )
    soulstone_twist = serializers.BooleanField(default=False)
    soulstone_suit = serializers.ChoiceField(SUIT_CHOICES, required=False, allow_null=True)
    focused = serializers.IntegerField(min_value=0, max_value=MAX_TWISTS, default=0)
    defensive = serializers.IntegerField(min_value=0, max_value=MAX_TWISTS, default=0)
    hand = serializers.ListField(
        child=CardCodeField(),
        default=list,
        max_length=13,
        help_text="Known control hand (card codes such as 9M, RJ).",
    )
    cheat = serializers.ChoiceField(["to_win", "never"], default="to_win")

    def validate_hand(self, value):
        if len(set(value)) != len(value):
            raise serializers.ValidationError("A hand cannot hold the same card twice.")
        return value

    def validate(self, attrs):
        uses = attrs.get("soulstone_twist") or attrs.get("soulstone_suit")
        if uses and not attrs.get("can_use_soulstones"):
            raise serializers.ValidationError(
                {"can_use_soulstones": "Only Masters and Henchmen may spend Soulstones on a duel."}
            )
        return attrs


class DuelOddsRequestSerializer(serializers.Serializer):
    attacker = DuelSideSerializer(help_text="The acting model (attacker, or the simple duel).")
    defender = DuelSideSerializer(
        required=False, allow_null=True, help_text="Leave out for a simple duel against a TN."
    )
    tn = serializers.IntegerField(min_value=0, max_value=40, required=False, allow_null=True)
    required_suits = serializers.ListField(
        child=serializers.ChoiceField(SUIT_CHOICES), default=list, max_length=4
    )
    trigger_suits = serializers.ListField(
        child=serializers.ChoiceField(SUIT_CHOICES), default=list, max_length=4
    )
    damage = serializers.CharField(
        required=False,
        allow_null=True,
        allow_blank=True,
        help_text="Damage track weak/moderate/severe, e.g. 2/3/4.",
    )
    armor = serializers.IntegerField(min_value=0, max_value=10, default=0)
    hard_to_wound = serializers.IntegerField(min_value=0, max_value=MAX_TWISTS, default=0)

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
        try:
            attrs["spec"] = build_duel_spec(attrs)
        except RulesError as exc:
            raise serializers.ValidationError({"non_field_errors": [str(exc)]}) from exc
        return attrs


class DamageOddsSerializer(serializers.Serializer):
    none = serializers.FloatField()
    weak = serializers.FloatField()
    moderate = serializers.FloatField()
    severe = serializers.FloatField()
    red_joker = serializers.FloatField()


class DuelOddsResponseSerializer(serializers.Serializer):
    """The figures of ``rules.engine.odds.DuelOdds.as_dict`` (probabilities as floats)."""

    p_win = serializers.FloatField(help_text="Probability that the attacker wins.")
    margin_distribution = serializers.DictField(
        child=serializers.FloatField(), help_text="Attacker total minus defender total (or TN)."
    )
    suit_probability = serializers.DictField(
        child=serializers.DictField(child=serializers.FloatField()),
        help_text="Per side, the probability that the final total carries each suit.",
    )
    trigger_probability = serializers.DictField(
        child=serializers.DictField(child=serializers.FloatField()),
        help_text="Per side, the probability that each trigger's suits are in the final total.",
    )
    cheat_probability = serializers.DictField(child=serializers.FloatField())
    damage = DamageOddsSerializer(allow_null=True)
    damage_on_hit = DamageOddsSerializer(allow_null=True)
    expected_damage = serializers.FloatField(allow_null=True)
    expected_damage_on_hit = serializers.FloatField(allow_null=True)


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
    cards = serializers.ListField(child=CardCodeField(), min_length=1, max_length=4)
    chosen = CardCodeField(required=False, allow_null=True)
    cheated_in = CardCodeField(required=False, allow_null=True)
