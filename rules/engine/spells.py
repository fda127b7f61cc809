"""Casting a spell, in either edition, through the same duels as every other action.

Second edition: a spell is one opposed duel (Ca against the target's resist stat) that
also carries the spell's TN and suits, or a simple duel against the TN when nobody
resists. First edition: the caster first wins a simple casting duel (Ca against the CC,
with its suits); then each target resists with a simple duel of its stat against the
final casting total, suits ignored, and resists only with a strictly higher total. A
friendly target may give up and tie. The casting total minus the resist total is the
combat total for the damage flip; a spell nobody resists has no margin, so its damage
flip takes no accuracy twist (see docs/rules-decisions.md, "First edition").
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .cards import Suit
from .damage import DamageResult, DamageTrack, damage_flip
from .duels import (
    DuelDecisions,
    Duelist,
    OpposedDuelResult,
    SimpleDuelResult,
    opposed_duel,
    parse_suits,
    simple_duel,
)
from .errors import RulesError
from .ruleset import Ruleset, get_ruleset

if TYPE_CHECKING:
    from .deck import FateDeck

__all__ = ["SpellResult", "cast_spell", "spell_damage"]


@dataclass(frozen=True, slots=True)
class SpellResult:
    """A cast spell. ``affected``: its effects apply to the target (or, with no target,
    the spell was cast). ``margin`` is the combat total for damage (None without a
    resisting target). ``resisted`` is None when no one resisted."""

    cast: bool
    casting: SimpleDuelResult | OpposedDuelResult
    resist: SimpleDuelResult | None
    resisted: bool | None  # None: no separate resist duel
    affected: bool
    margin: int | None
    ruleset: str

    @property
    def casting_total(self) -> int:
        casting = self.casting
        return casting.total if isinstance(casting, SimpleDuelResult) else casting.attacker_total


def cast_spell(
    caster: Duelist,
    cc: int,
    cc_suits: Iterable[Suit | str] | str | None,
    caster_deck: FateDeck,
    *,
    target: Duelist | None = None,
    target_deck: FateDeck | None = None,
    caster_decisions: DuelDecisions | None = None,
    target_decisions: DuelDecisions | None = None,
    friendly_target_ties: bool = False,
    ruleset: Ruleset | str | None = None,
    purpose: str = "spell",
) -> SpellResult:
    """Cast a spell of casting cost (TN) ``cc`` with ``cc_suits``, at ``target`` if it
    resists (its ``stat`` is the resist stat). ``friendly_target_ties``: a friendly
    target gives up its resist duel and ties the casting total (first edition), or relents
    (second edition: not modelled, so refused)."""
    rules = get_ruleset(ruleset)
    suits = parse_suits(cc_suits)
    if target is not None and target_deck is None:
        raise RulesError("A resisting target flips from its own Fate Deck: give target_deck.")
    if rules.spells == "opposed_duel":
        if target is None:
            casting = simple_duel(caster, cc, suits, caster_deck, caster_decisions,
                                  purpose=f"{purpose}: casting", ruleset=rules)
            return SpellResult(casting.success, casting, None, None, casting.success, None,
                               rules.key)
        if friendly_target_ties:
            raise RulesError("Second edition friendly targets relent before flipping; that is "
                             "not modelled here.")
        duel = opposed_duel(caster, target, caster_deck, target_deck, tn=cc,
                            required_suits=suits, attacker_decisions=caster_decisions,
                            defender_decisions=target_decisions, purpose=purpose,
                            ruleset=rules)
        won = duel.attacker_won
        return SpellResult(won, duel, None, None, won, duel.margin if won else None,
                           rules.key)

    casting = simple_duel(caster, cc, suits, caster_deck, caster_decisions,
                          purpose=f"{purpose}: casting duel", ruleset=rules)
    if not casting.success:
        return SpellResult(False, casting, None, None, False, None, rules.key)
    if target is None:
        return SpellResult(True, casting, None, None, True, None, rules.key)
    if friendly_target_ties:
        return SpellResult(True, casting, None, False, True, 0, rules.key)
    # Resisting needs a total strictly higher than the casting total; suits are ignored.
    resist = simple_duel(target, casting.total + 1, (), target_deck, target_decisions,
                         purpose=f"{purpose}: resist duel", ruleset=rules)
    if resist.success:
        return SpellResult(True, casting, resist, True, False, None, rules.key)
    return SpellResult(True, casting, resist, False, True, casting.total - resist.total,
                       rules.key)


def spell_damage(
    spell: SpellResult,
    track: DamageTrack | str,
    caster_deck: FateDeck,
    **modifiers,
) -> DamageResult:
    """The damage flip of a spell that affected its target, with its margin's twist
    (none when nobody resisted). ``modifiers`` go to ``damage_flip`` (armor, action...)."""
    if not spell.affected:
        raise RulesError("The spell was not cast or was resisted, so there is no damage flip.")
    return damage_flip(track, caster_deck, margin=spell.margin, ruleset=spell.ruleset,
                       **modifiers)
