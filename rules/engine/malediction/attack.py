"""One attack: d20 + ACC against DEF (rulebook, Attack and Criticals; chart "Attack").

- A natural 20 is a critical hit whatever the DEF: hit + graze of the *base* Power.
- A natural 1 is a critical graze whatever the DEF: exactly 1 damage, no ability power.
- Otherwise total = roll + ACC; total >= DEF is a hit (the hit value), else a graze.

Ability power (``bonus``) adds to hits and grazes; a critical hit adds it once after the base
sum, a critical graze never (docs/rules-decisions.md). Null stats ("-", ``None``) count 0.
Damage never goes below 0.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .cards import Power
from .errors import MaledictionRulesError

__all__ = ["DIE_FACES", "AttackResult", "Outcome", "resolve_attack"]

DIE_FACES = 20


class Outcome(str, Enum):
    CRITICAL_HIT = "critical_hit"
    HIT = "hit"
    GRAZE = "graze"
    CRITICAL_GRAZE = "critical_graze"


@dataclass(frozen=True, slots=True)
class AttackResult:
    roll: int
    total: int
    outcome: Outcome
    damage: int


def resolve_attack(roll: int, acc: int | None, power: Power | None, defense: int | None,
                   bonus: int = 0) -> AttackResult:
    """The outcome and damage of one attack die ``roll`` (1-20).

    >>> resolve_attack(13, 2, Power(3, 1), 10)   # the rulebook's example: 15 >= 10, 3 damage
    AttackResult(roll=13, total=15, outcome=<Outcome.HIT: 'hit'>, damage=3)
    """
    if not 1 <= roll <= DIE_FACES:
        raise MaledictionRulesError(f"The attack die shows 1 to {DIE_FACES}, not {roll}.")
    total = roll + (acc or 0)
    hit, graze = (power.hit, power.graze) if power is not None else (0, 0)
    if roll == DIE_FACES:
        return AttackResult(roll, total, Outcome.CRITICAL_HIT, max(0, hit + graze + bonus))
    if roll == 1:
        return AttackResult(roll, total, Outcome.CRITICAL_GRAZE, 1)
    if total >= (defense or 0):
        return AttackResult(roll, total, Outcome.HIT, max(0, hit + bonus))
    return AttackResult(roll, total, Outcome.GRAZE, max(0, graze + bonus))
