"""The exact odds agree with the engine core played out a million times.

``duel_odds`` counts; the engine (``FateDeck``, ``opposed_duel``/``simple_duel``,
``damage_flip`` with ``GreedyDecisions``/``NeverCheat``) plays. Both implement the same
documented policy, so every probability the odds give must sit within sampling error of
the engine's frequencies. Each case starts every duel from fresh decks (the known hand
in hand, the rest shuffled) with a fixed seed, so failures reproduce.

Every attack, defense, simple-duel and damage flip counts as one flip; together the cases
make more than 10^6 of them.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache

import pytest

from rules.engine.cards import FULL_DECK, Suit
from rules.engine.damage import Severity, apply_armor, damage_flip, damage_for
from rules.engine.deck import FateDeck
from rules.engine.duels import (
    Duelist,
    GreedyDecisions,
    NeverCheat,
    SoulstoneUse,
    Trigger,
    has_suits,
    opposed_duel,
    resolve_damage,
    simple_duel,
)
from rules.engine.odds import SEVERITIES, DuelistSpec, DuelOdds, DuelSpec, duel_odds, trigger_label

SEED = 20_140_601
#: A frequency may stray this many standard errors from the exact probability.
TOLERANCE_SE = 5.0
MIN_FLIPS = 1_000_000

CASES: dict[str, tuple[DuelSpec, int]] = {
    # Ml 6 with one positive twist against Df 5, damage 2/3/4 on an Armor +1 target.
    "typical attack": (
        DuelSpec(DuelistSpec(6, positive=1), DuelistSpec(5), damage=(2, 3, 4), armor=1),
        110_000,
    ),
    # Known hands on both sides: "to win" cheating, the defender's cheat answered by the
    # attacker's, damage cheated up with what is left in hand.
    "hands and cheating": (
        DuelSpec(
            DuelistSpec(5, positive=1, hand=("13R", "9M", "5C", "1T", "RJ", "7C")),
            DuelistSpec(5, hand=("12T", "8R", "3M", "BJ"), trigger_suits="tomes"),
            trigger_suits=("rams", "masks masks"),
            damage=(2, 3, 5),
        ),
        110_000,
    ),
    # Negative twists on both flips and the damage flip: the lowest card is forced, the
    # Red Joker may still be taken, the Black Joker always is. A required suit and a
    # Master's Soulstones on the defender (twist: also a negative on the damage flip).
    "jokers under negative twists": (
        DuelSpec(
            DuelistSpec(10, negative=2, suits="crows", hand=("10M", "6C")),
            DuelistSpec(
                4,
                negative=3,
                can_use_soulstones=True,
                soulstone_twist=True,
                soulstone_suit="masks",
                defensive=1,
            ),
            tn=11,
            required_suits=("crows", "rams"),
            damage=(1, 3, 4),
            hard_to_wound=1,
        ),
        110_000,
    ),
    # A Master's simple duel: Soulstone twist and suit, Focused, a hand kept ("never").
    "simple duel with soulstones": (
        DuelSpec(
            DuelistSpec(
                5,
                focused=1,
                can_use_soulstones=True,
                soulstone_twist=True,
                soulstone_suit="tomes",
                hand=("11M", "4R"),
                cheat="never",
            ),
            tn=14,
            required_suits="masks",
            trigger_suits="tomes tomes",
            damage=(2, 4, 6),
        ),
        150_000,
    ),
}


@dataclass
class Tally:
    """What the engine did over ``trials`` duels."""

    trials: int = 0
    flips: int = 0
    wins: int = 0
    damage_total: int = 0
    margins: Counter = field(default_factory=Counter)
    severities: Counter = field(default_factory=Counter)  # Severity value -> count
    suits: Counter = field(default_factory=Counter)  # (role, suit) -> count
    triggers: Counter = field(default_factory=Counter)  # (role, label) -> count
    cheats: Counter = field(default_factory=Counter)  # role -> count


def _core_duelist(spec: DuelistSpec, triggers, *, is_df_duel: bool) -> Duelist:
    stone = None
    if spec.soulstone_twist or spec.soulstone_suit is not None:
        stone = SoulstoneUse(spec.soulstone_twist, spec.soulstone_suit)
    return Duelist(
        spec.stat,
        positive=spec.positive,
        negative=spec.negative,
        suits=spec.suits,
        bonus=spec.bonus,
        can_use_soulstones=spec.can_use_soulstones,
        soulstone=stone,
        focused=spec.focused,
        defensive=spec.defensive,
        is_df_duel=is_df_duel,
        triggers=tuple(Trigger(trigger_label(t), t) for t in triggers),
    )


def _deck_maker(spec: DuelistSpec, rng: random.Random):
    """Fresh deck per duel: the known hand in hand, everything else shuffled."""
    if not spec.hand:
        return lambda: FateDeck(rng.getrandbits(64))
    rest = [c for c in FULL_DECK if c not in spec.hand]

    def make() -> FateDeck:
        rng.shuffle(rest)
        return FateDeck.stacked(rest, hand=spec.hand)

    return make


def _decisions(spec: DuelistSpec):
    return GreedyDecisions() if spec.cheat == "to_win" else NeverCheat()


@cache
def simulate(name: str) -> Tally:
    spec, trials = CASES[name]
    rng = random.Random(f"{SEED}:{name}")
    a_spec, d_spec = spec.attacker, spec.defender
    attacker = _core_duelist(a_spec, spec.trigger_suits + a_spec.trigger_suits, is_df_duel=False)
    a_deck, a_policy = _deck_maker(a_spec, rng), _decisions(a_spec)
    a_triggers = [t.suits for t in attacker.triggers]
    if d_spec is not None:
        defender = _core_duelist(d_spec, d_spec.trigger_suits, is_df_duel=True)
        d_deck, d_policy = _deck_maker(d_spec, rng), _decisions(d_spec)
        d_triggers = [t.suits for t in defender.triggers]
    tally = Tally(trials=trials)
    for _ in range(trials):
        deck = a_deck()
        if d_spec is None:
            result = simple_duel(attacker, spec.tn, spec.required_suits, deck, a_policy)
            tally.flips += 1
            won, margin, sides = result.success, result.total - spec.tn, {"attacker": result.side}
        else:
            result = opposed_duel(
                attacker,
                defender,
                deck,
                d_deck(),
                tn=spec.tn,
                required_suits=spec.required_suits,
                attacker_decisions=a_policy,
                defender_decisions=d_policy,
            )
            tally.flips += 2
            won, margin = result.attacker_won, result.margin
            sides = {"attacker": result.attacker, "defender": result.defender}
        tally.margins[margin] += 1
        for role, side in sides.items():
            tally.cheats[role] += side.cheated
            for suit in Suit:
                tally.suits[role, suit] += suit in side.suits
            for trigger in a_triggers if role == "attacker" else d_triggers:
                tally.triggers[role, trigger_label(trigger)] += has_suits(side.suits, trigger)
        if not won:
            continue
        tally.wins += 1
        if spec.damage is None:
            continue
        if d_spec is None:
            hit = damage_flip(
                spec.damage,
                deck,
                focused=a_spec.focused,
                hard_to_wound=spec.hard_to_wound,
                armor=spec.armor,
                decisions=a_policy,
            )
        else:
            hit = resolve_damage(
                result,
                spec.damage,
                deck,
                armor=spec.armor,
                hard_to_wound=spec.hard_to_wound,
                decisions=a_policy,
            )
        tally.flips += 1
        tally.severities[int(hit.severity)] += 1
        tally.damage_total += hit.damage
    tally.severities[0] += trials - sum(tally.severities.values())
    return tally


def _agrees(count: int, trials: int, exact: Fraction, what: str) -> None:
    p = float(exact)
    observed = count / trials
    if p in (0.0, 1.0):
        assert observed == p, f"{what}: exact {p}, engine {observed}"
        return
    se = math.sqrt(p * (1 - p) / trials)
    assert abs(observed - p) <= TOLERANCE_SE * se, (
        f"{what}: exact {p:.5f}, engine {observed:.5f} ({(observed - p) / se:+.1f} SE)"
    )


def _compare(name: str) -> tuple[DuelOdds, Tally]:
    spec, _ = CASES[name]
    odds, tally = duel_odds(spec), simulate(name)
    n = tally.trials
    _agrees(tally.wins, n, odds.p_win, "p_win")
    # The two most likely margins and one in the tail.
    likely = sorted(odds.margin_distribution, key=odds.margin_distribution.get, reverse=True)
    for margin in (*likely[:2], likely[len(likely) // 2]):
        _agrees(tally.margins[margin], n, odds.margin_distribution[margin], f"margin {margin}")
    assert set(tally.margins) <= set(odds.margin_distribution)
    for role, probs in odds.suit_probability.items():
        for suit, p in probs.items():
            _agrees(tally.suits[role, suit], n, p, f"{role} carries {suit.value}")
    for role, probs in odds.trigger_probability.items():
        for label, p in probs.items():
            _agrees(tally.triggers[role, label], n, p, f"{role} trigger {label}")
    for role, p in odds.cheat_probability.items():
        _agrees(tally.cheats[role], n, p, f"{role} cheats")
    if spec.damage is not None:
        for band, severity in enumerate(SEVERITIES):
            exact = getattr(odds.damage, severity)
            _agrees(tally.severities[band], n, exact, f"damage {severity}")
        # Mean damage within 5 standard errors of the exact mean (variance from the
        # exact distribution).
        amounts = [apply_armor(damage_for(spec.damage, s), spec.armor) for s in Severity]
        probs = [float(getattr(odds.damage, s)) for s in SEVERITIES]
        mean = sum(p * a for p, a in zip(probs, amounts, strict=True))
        var = sum(p * a * a for p, a in zip(probs, amounts, strict=True)) - mean * mean
        assert mean == pytest.approx(float(odds.expected_damage))
        observed = tally.damage_total / n
        assert abs(observed - mean) <= TOLERANCE_SE * math.sqrt(var / n), (observed, mean)
    return odds, tally


@pytest.mark.slow
@pytest.mark.parametrize("name", list(CASES))
def test_engine_frequencies_match_exact_odds(name):
    _, tally = _compare(name)
    assert tally.flips > tally.trials


@pytest.mark.slow
def test_the_cases_together_make_a_million_flips():
    flips = sum(simulate(name).flips for name in CASES)
    assert flips >= MIN_FLIPS, flips


@pytest.mark.slow
def test_cheating_and_jokers_really_happen_in_the_cases():
    """Guard against cases that silently stop exercising what they are named for."""
    hands = duel_odds(CASES["hands and cheating"][0])
    assert hands.cheat_probability["attacker"] > Fraction(1, 10)
    assert hands.cheat_probability["defender"] > Fraction(1, 50)
    jokers = duel_odds(CASES["jokers under negative twists"][0])
    assert jokers.damage_on_hit.red_joker > Fraction(1, 100)
    assert simulate("jokers under negative twists").severities[4] > 100
