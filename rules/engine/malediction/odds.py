"""Exact attack odds: outcome chances, damage distribution and the chance to defeat.

Every number is a ``Fraction`` over the d20's 20 equally likely faces, so the page and the
API show exact values and the simulator's heuristic commander compares them without noise.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .attack import DIE_FACES, Outcome, resolve_attack
from .cards import Power
from .errors import MaledictionRulesError

__all__ = ["MAX_ATTACKS", "AttackOdds", "attack_odds", "damage_distribution", "defeat_chances",
           "expected_damage"]

MAX_ATTACKS = 5
_FACE = Fraction(1, DIE_FACES)


@dataclass(frozen=True, slots=True)
class AttackOdds:
    critical_hit: Fraction
    hit: Fraction
    graze: Fraction
    critical_graze: Fraction
    #: damage -> chance, ascending damage.
    damage: tuple[tuple[int, Fraction], ...]
    expected_damage: Fraction
    #: Chance the target (of ``hp`` health) is defeated within 1, 2, ... attacks.
    defeat_within: tuple[Fraction, ...]

    def to_dict(self) -> dict:
        """JSON-safe: fractions as "n/d" strings and floats side by side."""
        def f(x: Fraction) -> dict:
            return {"exact": f"{x.numerator}/{x.denominator}", "value": float(x)}
        return {
            "critical_hit": f(self.critical_hit), "hit": f(self.hit), "graze": f(self.graze),
            "critical_graze": f(self.critical_graze),
            "damage": [{"damage": d, **f(p)} for d, p in self.damage],
            "expected_damage": f(self.expected_damage),
            "defeat_within": [{"attacks": i + 1, **f(p)} for i, p in enumerate(self.defeat_within)],
        }


def damage_distribution(acc: int | None, power: Power | None, defense: int | None,
                        bonus: int = 0) -> dict[int, Fraction]:
    """Damage of one attack -> its exact chance."""
    dist: dict[int, Fraction] = {}
    for roll in range(1, DIE_FACES + 1):
        dmg = resolve_attack(roll, acc, power, defense, bonus).damage
        dist[dmg] = dist.get(dmg, Fraction(0)) + _FACE
    return dict(sorted(dist.items()))


def expected_damage(dist: dict[int, Fraction]) -> Fraction:
    return sum((d * p for d, p in dist.items()), Fraction(0))


def defeat_chances(dist: dict[int, Fraction], hp: int, attacks: int = MAX_ATTACKS
                   ) -> tuple[Fraction, ...]:
    """Chance that total damage reaches ``hp`` within 1..``attacks`` attacks (exact)."""
    if hp < 1:
        return tuple(Fraction(1) for _ in range(attacks))
    # Distribution of damage dealt so far, capped at hp (the target is then defeated).
    alive: dict[int, Fraction] = {0: Fraction(1)}
    dead = Fraction(0)
    chances = []
    for _ in range(attacks):
        nxt: dict[int, Fraction] = {}
        for done, p in alive.items():
            for dmg, q in dist.items():
                total = done + dmg
                if total >= hp:
                    dead += p * q
                else:
                    nxt[total] = nxt.get(total, Fraction(0)) + p * q
        alive = nxt
        chances.append(dead)
    return tuple(chances)


def attack_odds(acc: int | None, power: Power | None, defense: int | None, hp: int | None = None,
                attacks: int = MAX_ATTACKS, bonus: int = 0) -> AttackOdds:
    """Everything the odds tool shows for ACC and Power against DEF (and HP)."""
    if not 1 <= attacks <= 20:
        raise MaledictionRulesError("Ask for 1 to 20 attacks.")
    counts = dict.fromkeys(Outcome, 0)
    for roll in range(1, DIE_FACES + 1):
        counts[resolve_attack(roll, acc, power, defense, bonus).outcome] += 1
    dist = damage_distribution(acc, power, defense, bonus)
    return AttackOdds(
        critical_hit=counts[Outcome.CRITICAL_HIT] * _FACE, hit=counts[Outcome.HIT] * _FACE,
        graze=counts[Outcome.GRAZE] * _FACE,
        critical_graze=counts[Outcome.CRITICAL_GRAZE] * _FACE,
        damage=tuple(dist.items()), expected_damage=expected_damage(dist),
        defeat_within=defeat_chances(dist, hp, attacks) if hp is not None else (),
    )
