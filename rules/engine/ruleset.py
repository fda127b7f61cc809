"""Which edition's rules the engine plays: a parameter of the engine, not a copy of it.

Second edition (``SECOND_EDITION``, key "m2e") is the default of every engine function.
First edition (``FIRST_EDITION``, key "m1e") is read from the French rules and the English
quick reference (``../shared/seeds/m1e-*``); where they disagree or the OCR lost a sign,
``docs/rules-decisions.md`` ("First edition") records what the product plays.

Each difference is a field with a plain meaning, so the engine reads a flag where the
editions part ways and shares everything else: flips, duels, damage and odds are one
implementation. Campaign features stay second edition only (``campaigns``).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal

from .errors import RulesError

__all__ = [
    "DEFAULT_RULESET",
    "FIRST_EDITION",
    "RULESETS",
    "SECOND_EDITION",
    "Ruleset",
    "get_ruleset",
]


@dataclass(frozen=True, slots=True)
class Ruleset:
    """The rules that differ between editions (the rest of the engine is shared)."""

    key: str
    name: str
    #: "before_flip": a Master declares Soulstones before flipping (a twist and/or a
    #: suit). "card_after_cheat": after cheating, discard one to add a second card.
    soulstones_in_duels: Literal["before_flip", "card_after_cheat"]
    #: Who picks a card first when both sides have twists.
    picks_first: Literal["defender", "attacker"]
    #: Who may change a total first: the lower total (Defender on a tie), or the side
    #: that would lose as things stand (TN and suits included).
    changes_first: Literal["lower_total", "losing_side"]
    #: Whether the opponent's flipped Red Joker forbids Cheating Fate.
    opponent_red_joker_blocks_cheating: bool
    #: Whether the defender's Soulstone twist also hurts the damage flip.
    defender_soulstone_hurts_damage: bool
    #: Whether an opposed duel may carry a TN and suits for the attacker.
    opposed_duels_have_tn: bool
    #: A Red Joker damage flip: Severe plus Weak, or Severe plus a second damage flip.
    red_joker_damage: Literal["severe_plus_weak", "severe_plus_flip"]
    #: Twists an action adds to its damage flip (besides the margin's), by action.
    action_damage_twists: MappingProxyType
    #: Healing flips: read on the healer's Weak/Moderate/Severe track (cheatable), or on
    #: the fixed healing table (1/2/3, Red Joker all; never cheated).
    healing: Literal["damage_track", "fixed_table"]
    #: Spells: one opposed duel (optional TN), or a casting duel against the CC and
    #: then a resist duel the target must win outright (suits ignored).
    spells: Literal["opposed_duel", "cast_then_resist"]
    #: Initiative: the highest card chooses to go first or second, or goes first.
    initiative: Literal["highest_chooses", "highest_goes_first"]
    general_ap: int
    master_ap: int
    #: Phases of a turn, in order, and the phase in which discards are shuffled back.
    phases: tuple[str, ...]
    shuffle_phase: str
    #: Control Hand size by encounter size key ("*" for any size).
    hand_sizes: MappingProxyType
    #: What failing a fear duel does: Horror (Paralyzed) or Morale (Falling Back).
    fear: Literal["horror", "morale"]
    #: The turn after which the game may end; the card value needed to go on then.
    last_sure_turn: int
    continue_value: int
    #: Whether the campaign rules (arsenals, weeks, Aftermath) may be played.
    campaigns: bool

    def hand_size(self, encounter_size: str = "*") -> int:
        """The maximum Control Hand size for this encounter size."""
        sizes = self.hand_sizes
        if encounter_size in sizes:
            return sizes[encounter_size]
        if "*" in sizes:
            return sizes["*"]
        raise RulesError(
            f"{self.name} has no encounter size {encounter_size!r}; use one of "
            f"{sorted(sizes)}."
        )

    def __str__(self) -> str:
        return self.name


SECOND_EDITION = Ruleset(
    key="m2e",
    name="Second edition",
    soulstones_in_duels="before_flip",
    picks_first="defender",
    changes_first="lower_total",
    opponent_red_joker_blocks_cheating=True,
    defender_soulstone_hurts_damage=True,
    opposed_duels_have_tn=True,
    red_joker_damage="severe_plus_weak",
    action_damage_twists=MappingProxyType({}),
    healing="damage_track",
    spells="opposed_duel",
    initiative="highest_chooses",
    general_ap=2,
    master_ap=3,
    phases=("draw", "initiative", "activation", "end"),
    shuffle_phase="draw",
    hand_sizes=MappingProxyType({"*": 6}),
    fear="horror",
    last_sure_turn=5,
    continue_value=10,
    campaigns=True,
)

FIRST_EDITION = Ruleset(
    key="m1e",
    name="First edition",
    soulstones_in_duels="card_after_cheat",
    picks_first="attacker",
    changes_first="losing_side",
    opponent_red_joker_blocks_cheating=False,
    defender_soulstone_hurts_damage=False,
    opposed_duels_have_tn=False,
    red_joker_damage="severe_plus_flip",
    action_damage_twists=MappingProxyType({"charge": 1, "focus": 1, "channel": 1}),
    healing="fixed_table",
    spells="cast_then_resist",
    initiative="highest_goes_first",
    general_ap=2,
    master_ap=2,
    phases=("draw", "activation", "closing"),
    shuffle_phase="closing",
    hand_sizes=MappingProxyType({"scrap": 6, "brawl": 7}),
    fear="morale",
    last_sure_turn=6,
    continue_value=10,
    campaigns=False,
)

DEFAULT_RULESET = SECOND_EDITION
RULESETS: MappingProxyType = MappingProxyType(
    {ruleset.key: ruleset for ruleset in (SECOND_EDITION, FIRST_EDITION)}
)


def get_ruleset(value: Ruleset | str | None = None) -> Ruleset:
    """A ruleset from itself or its key ("m2e", "m1e"); None is the default (second)."""
    if value is None:
        return DEFAULT_RULESET
    if isinstance(value, Ruleset):
        return value
    ruleset = RULESETS.get(str(value).strip().lower())
    if ruleset is None:
        raise RulesError(f"Unknown ruleset {value!r}: use one of {', '.join(RULESETS)}.")
    return ruleset
