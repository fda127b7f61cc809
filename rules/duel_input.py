"""One translation from validated duel input (page form or API) to the engine's DuelSpec.

The calculator page and the API accept the same fields; both validate with their own
tools (a Django form, a DRF serializer) and then call ``build_duel_spec`` so the two can
never disagree on what a field means.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy

from rules.engine.cards import Card, Suit
from rules.engine.duels import DEFAULT_DUEL_POLICY, DUEL_POLICIES
from rules.engine.odds import DuelistSpec, DuelSpec
from rules.engine.ruleset import RULESETS

#: The engine names its policies and editions in English (it imports no Django); the
#: pages and the API show these translated labels, one per engine key.
_LABELS = {
    "reduce_damage": gettext_lazy(
        "Cheat to win, or to reduce the damage when the duel is lost anyway"),
    "to_win": gettext_lazy("Cheat only to win"),
    "m2e": gettext_lazy("Second edition"),
    "m1e": gettext_lazy("First edition"),
}
#: Choices shown and accepted for the duel policy and the edition (key, label).
POLICY_CHOICES = [(key, _LABELS.get(key, label)) for key, label in DUEL_POLICIES.items()]
RULESET_CHOICES = [(key, _LABELS.get(key, ruleset.name)) for key, ruleset in RULESETS.items()]
#: The four suits, by their engine value, named in the page's language.
SUIT_LABELS = {"rams": gettext_lazy("Rams"), "crows": gettext_lazy("Crows"),
               "tomes": gettext_lazy("Tomes"), "masks": gettext_lazy("Masks")}

SIDE_FIELDS = (
    "stat",
    "positive",
    "negative",
    "bonus",
    "suits",
    "can_use_soulstones",
    "soulstone_twist",
    "soulstone_suit",
    "focused",
    "defensive",
    "hand",
    "cheat",
    "soulstone_card",
)
MAX_TWISTS = 4


def _suits(values) -> tuple[Suit, ...]:
    return tuple(Suit.parse(v) for v in values or ())


def build_side(data: dict[str, Any]) -> DuelistSpec:
    return DuelistSpec(
        stat=data["stat"],
        positive=data.get("positive") or 0,
        negative=data.get("negative") or 0,
        bonus=data.get("bonus") or 0,
        suits=_suits(data.get("suits")),
        can_use_soulstones=bool(data.get("can_use_soulstones")),
        soulstone_twist=bool(data.get("soulstone_twist")),
        soulstone_suit=Suit.parse(data["soulstone_suit"]) if data.get("soulstone_suit") else None,
        focused=data.get("focused") or 0,
        defensive=data.get("defensive") or 0,
        hand=tuple(Card.parse(c) for c in data.get("hand") or ()),
        cheat=data.get("cheat") or "to_win",
        soulstone_card=bool(data.get("soulstone_card")),
    )


def build_duel_spec(data: dict[str, Any]) -> DuelSpec:
    """Build the engine's spec; the engine re-validates and raises RulesError if it objects."""
    damage = data.get("damage")
    return DuelSpec(
        attacker=build_side(data["attacker"]),
        defender=build_side(data["defender"]) if data.get("defender") else None,
        tn=data.get("tn"),
        required_suits=_suits(data.get("required_suits")),
        trigger_suits=_suits(data.get("trigger_suits")),
        damage=tuple(damage) if damage else None,
        armor=data.get("armor") or 0,
        hard_to_wound=data.get("hard_to_wound") or 0,
        policy=data.get("policy") or DEFAULT_DUEL_POLICY,
        ruleset=data.get("ruleset") or "m2e",
    )


def parse_damage_track(text: str) -> tuple[int, int, int]:
    """Parse "2/3/4" into (weak, moderate, severe); raises ValueError with a clear message."""
    parts = [p.strip() for p in str(text).split("/")]
    if len(parts) != 3 or not all(p.isdigit() for p in parts):
        raise ValueError("Write damage as weak/moderate/severe, e.g. 2/3/4.")
    weak, moderate, severe = (int(p) for p in parts)
    if max(weak, moderate, severe) > 30:
        raise ValueError("Damage values above 30 are not supported.")
    return weak, moderate, severe
