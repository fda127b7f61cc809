"""Benchmark the exact duel odds against playing the duel out with the engine core.

Run from the project root: ``python -m bench.bench_odds [--repeat N] [--flips N]``.

Prints a small table, second edition beside first: milliseconds per ``duel_odds`` call
for a typical opposed duel with damage (Ml 6 with one positive twist against Df 5, damage
2/3/4), the same with a six-card hand on the attacker, first edition with Soulstone cards
and hands on both sides, and the wall time of a Monte Carlo of the typical duel with the
engine (``opposed_duel`` + ``resolve_damage``) in each edition. Every odds call starts
from empty caches, so the figure is what a first request pays. Exits with status 1 if the
second-edition typical duel's mean exceeds the 5 ms budget.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import replace

from rules.engine.deck import FateDeck
from rules.engine.duels import Duelist, opposed_duel, resolve_damage
from rules.engine.odds import DuelistSpec, DuelSpec, clear_odds_cache, duel_odds

BUDGET_MS = 5.0
HAND = ("13R", "9M", "5C", "1T", "RJ", "7C")
TYPICAL = DuelSpec(DuelistSpec(6, positive=1), DuelistSpec(5), damage=(2, 3, 4))
WITH_HAND = DuelSpec(DuelistSpec(6, positive=1, hand=HAND), DuelistSpec(5), damage=(2, 3, 4))
EDITIONS = (("second", "m2e"), ("first", "m1e"))
SOULSTONE_CARDS = DuelSpec(
    DuelistSpec(6, positive=1, hand=HAND[:4], can_use_soulstones=True, soulstone_card=True),
    DuelistSpec(5, hand=("12T", "8R", "3M"), can_use_soulstones=True, soulstone_card=True),
    damage=(2, 3, 4),
    ruleset="m1e",
)


def edition(spec: DuelSpec, ruleset: str) -> DuelSpec:
    return replace(spec, ruleset=ruleset)


def time_odds(spec: DuelSpec, repeat: int) -> list[float]:
    """Milliseconds per cold ``duel_odds`` call."""
    timings = []
    for _ in range(repeat):
        clear_odds_cache()
        start = time.perf_counter()
        duel_odds(spec)
        timings.append((time.perf_counter() - start) * 1000)
    return timings


def monte_carlo(flips: int, seed: int = 1, ruleset: str = "m2e") -> tuple[float, int, float]:
    """Play the typical duel with the engine until ``flips`` flips were made.

    Returns (seconds, duels played, observed win rate).
    """
    rng = random.Random(seed)
    attacker, defender = Duelist(6, positive=1), Duelist(5, is_df_duel=True)
    made = duels = wins = 0
    start = time.perf_counter()
    while made < flips:
        a_deck = FateDeck(rng.getrandbits(64))
        result = opposed_duel(attacker, defender, a_deck, FateDeck(rng.getrandbits(64)),
                              ruleset=ruleset)
        made += 2
        duels += 1
        if result.attacker_won:
            wins += 1
            hit = resolve_damage(result, TYPICAL.damage, a_deck)
            made += 1 + (hit.follow_up is not None)
    return time.perf_counter() - start, duels, wins / duels


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200, help="odds calls per row")
    parser.add_argument("--flips", type=int, default=100_000, help="Monte Carlo flips")
    args = parser.parse_args(argv)

    rows = []
    for label, spec in (
        ("duel_odds, Ml 6 (+1) vs Df 5, Dg 2/3/4", TYPICAL),
        ("duel_odds, same with a 6-card hand", WITH_HAND),
    ):
        for name, key in EDITIONS:
            rows.append((label, name, time_odds(edition(spec, key), args.repeat)))
    rows.append(("duel_odds, Soulstone cards and hands both sides", "first",
                 time_odds(SOULSTONE_CARDS, max(1, args.repeat // 10))))

    print(f"{'case':<50} {'edition':<8} {'mean ms':>9} {'median ms':>10}")
    for label, name, timings in rows:
        print(f"{label:<50} {name:<8} {statistics.mean(timings):>9.3f} "
              f"{statistics.median(timings):>10.3f}")
    for name, key in EDITIONS:
        mc_seconds, duels, mc_win = monte_carlo(args.flips, ruleset=key)
        exact_win = float(duel_odds(edition(TYPICAL, key)).p_win)
        mc_label = f"engine Monte Carlo, {args.flips:,} flips"
        print(f"{mc_label:<50} {name:<8} wall {mc_seconds * 1000:.0f} ms ({duels:,} duels)")
        print(f"{'p_win exact / Monte Carlo':<50} {name:<8} {exact_win:.5f} / {mc_win:.5f}")
    typical = rows[0][2]
    if statistics.mean(typical) > BUDGET_MS:
        print(f"FAIL: the typical duel takes more than {BUDGET_MS} ms", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
