"""Benchmark the exact duel odds against playing the duel out with the engine core.

Run from the project root: ``python -m bench.bench_odds [--repeat N] [--flips N]``.

Prints a small table: milliseconds per ``duel_odds`` call for a typical opposed duel with
damage (Ml 6 with one positive twist against Df 5, damage 2/3/4), the same with a six-card
hand on the attacker, and the wall time of a Monte Carlo of the typical duel with the
engine (``opposed_duel`` + ``resolve_damage``). Every odds call starts from empty caches,
so the figure is what a first request pays. Exits with status 1 if the typical duel's
mean exceeds the 5 ms budget.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from rules.engine.deck import FateDeck
from rules.engine.duels import Duelist, opposed_duel, resolve_damage
from rules.engine.odds import DuelistSpec, DuelSpec, clear_odds_cache, duel_odds

BUDGET_MS = 5.0
HAND = ("13R", "9M", "5C", "1T", "RJ", "7C")
TYPICAL = DuelSpec(DuelistSpec(6, positive=1), DuelistSpec(5), damage=(2, 3, 4))
WITH_HAND = DuelSpec(DuelistSpec(6, positive=1, hand=HAND), DuelistSpec(5), damage=(2, 3, 4))


def time_odds(spec: DuelSpec, repeat: int) -> list[float]:
    """Milliseconds per cold ``duel_odds`` call."""
    timings = []
    for _ in range(repeat):
        clear_odds_cache()
        start = time.perf_counter()
        duel_odds(spec)
        timings.append((time.perf_counter() - start) * 1000)
    return timings


def monte_carlo(flips: int, seed: int = 1) -> tuple[float, int, float]:
    """Play the typical duel with the engine until ``flips`` flips were made.

    Returns (seconds, duels played, observed win rate).
    """
    rng = random.Random(seed)
    attacker, defender = Duelist(6, positive=1), Duelist(5, is_df_duel=True)
    made = duels = wins = 0
    start = time.perf_counter()
    while made < flips:
        a_deck = FateDeck(rng.getrandbits(64))
        result = opposed_duel(attacker, defender, a_deck, FateDeck(rng.getrandbits(64)))
        made += 2
        duels += 1
        if result.attacker_won:
            wins += 1
            resolve_damage(result, TYPICAL.damage, a_deck)
            made += 1
    return time.perf_counter() - start, duels, wins / duels


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200, help="odds calls per row")
    parser.add_argument("--flips", type=int, default=100_000, help="Monte Carlo flips")
    args = parser.parse_args(argv)

    typical = time_odds(TYPICAL, args.repeat)
    with_hand = time_odds(WITH_HAND, args.repeat)
    mc_seconds, duels, mc_win = monte_carlo(args.flips)
    exact_win = float(duel_odds(TYPICAL).p_win)

    print(f"{'case':<44} {'mean ms':>9} {'median ms':>10}")
    for label, timings in (
        ("duel_odds, Ml 6 (+1) vs Df 5, Dg 2/3/4", typical),
        ("duel_odds, same with a 6-card hand", with_hand),
    ):
        print(f"{label:<44} {statistics.mean(timings):>9.3f} {statistics.median(timings):>10.3f}")
    mc_label = f"engine Monte Carlo, {args.flips:,} flips"
    print(f"{mc_label:<44} wall {mc_seconds * 1000:.0f} ms ({duels:,} duels)")
    print(f"{'p_win exact / Monte Carlo':<44} {exact_win:.5f} / {mc_win:.5f}")
    if statistics.mean(typical) > BUDGET_MS:
        print(f"FAIL: the typical duel takes more than {BUDGET_MS} ms", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
