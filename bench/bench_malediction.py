"""Benchmark the Malediction match simulator: whole matches per CPU second on one core.

Run from the project root: ``python -m bench.bench_malediction [--matches N] [--profile]``.

Two invented 30-card war bands (``rules.engine.malediction.sim.sample``) play Standard
matches, one seed per match, after one warm-up match (the exact-odds cache fills during it).
Prints the matches per CPU second with two heuristic commanders (the process's CPU time, so
a busy shared machine does not halve the figure), the same with heuristic against random,
the heuristic side's win rate against a random side (sides alternate) with a 95% Wilson
interval, the rounds per match, the log's size and memory: the peak Python allocation of
one match (``tracemalloc``) and the process's peak RSS. A reference loop (ten million
additions) is timed every 25 matches: on a shared machine a slow loop says the core itself
was slow, and the rate is also shown scaled to an idle core (``IDLE_REFERENCE``).
``--profile`` prints the top of a cProfile instead. Exits with status 1 when the
heuristic-v-heuristic rate is below 100.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import math
import pstats
import resource
import statistics
import sys
import time
import tracemalloc

from bench.core_speed import IDLE_REFERENCE, reference_loop
from rules.engine.malediction.sim import HeuristicCommander, RandomCommander, simulate
from rules.engine.malediction.sim.sample import sample_match

GOAL_PER_SECOND = 100.0
REFERENCE_SAMPLES: list[float] = []


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def play(matches: int, against_random: bool):
    """CPU seconds, wall seconds, per-match CPU times, heuristic wins and rounds."""
    match = sample_match()
    times, rounds = [], []
    wins = 0
    wall = time.perf_counter()
    start = time.process_time()
    global REFERENCE_SAMPLES
    for seed in range(matches):
        if seed % 25 == 0:
            # The core's speed drifts on a shared machine: sample it through the run.
            REFERENCE_SAMPLES.append(reference_loop(1_000_000) * 10)
        heur = seed % 2
        if against_random:
            commanders = [RandomCommander(seed), RandomCommander(seed)]
            commanders[heur] = HeuristicCommander()
        else:
            commanders = [HeuristicCommander(), HeuristicCommander()]
        t0 = time.process_time()
        res = simulate(match, seed, commanders)
        times.append(time.process_time() - t0)
        rounds.append(res.result.final_round)
        wins += res.result.winner == heur
    return time.process_time() - start, time.perf_counter() - wall, times, wins, rounds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=300, help="matches to play")
    parser.add_argument("--profile", action="store_true", help="print a cProfile instead")
    args = parser.parse_args(argv)
    match = sample_match()
    t0 = time.perf_counter()
    first = simulate(match, 10_000)
    cold = time.perf_counter() - t0

    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        play(args.matches, False)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(30)
        return 0

    REFERENCE_SAMPLES.clear()
    seconds, wall, times, _, rounds = play(args.matches, False)
    # The matches' own CPU time (the reference samples taken between them excluded).
    rate = args.matches / sum(times)
    reference = statistics.median(REFERENCE_SAMPLES)
    _, _, r_times, wins, r_rounds = play(args.matches, True)
    low, high = wilson(wins, args.matches)
    tracemalloc.start()
    simulate(match, 20_000)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    log_kb = len(json.dumps(first.log, separators=(",", ":"))) / 1024
    input_kb = len(json.dumps(first.log["input"], separators=(",", ":"))) / 1024

    print(f"Standard, two 30-card sample war bands, {args.matches} matches a line")
    print(f"{'matches per CPU second, heuristic v heuristic':<46} {rate:>8.1f}  "
          f"(goal {GOAL_PER_SECOND:g})")
    print(f"{'matches per wall-clock second, same':<46} "
          f"{args.matches / (wall - (seconds - sum(times))):>8.1f}")
    print(f"{'matches per CPU second, heuristic v random':<46} "
          f"{args.matches / sum(r_times):>8.1f}")
    print(f"{'CPU ms per match, mean / median':<46} {statistics.mean(times) * 1000:>8.1f} / "
          f"{statistics.median(times) * 1000:.1f}")
    print(f"{'rounds per match, heuristic v heuristic':<46} {statistics.mean(rounds):>8.1f}")
    print(f"{'heuristic win rate against random':<46} {wins / args.matches:>8.1%}  "
          f"(95% CI {low:.1%} to {high:.1%}; {statistics.mean(r_rounds):.1f} rounds)")
    print(f"{'first match, cold caches (ms)':<46} {cold * 1000:>8.1f}")
    print(f"{'peak Python memory of one match':<46} {peak / 1024:>8.0f} KiB")
    print(f"{'peak RSS of this process':<46} {rss_mb:>8.1f} MiB")
    print(f"{'log size (JSON), of which the input':<46} {log_kb:>8.1f} KiB / {input_kb:.1f} KiB")
    print(f"{'reference loop during the run, CPU s':<46} {reference:>8.2f}  "
          f"(idle core {IDLE_REFERENCE})")
    print(f"{'matches per CPU second scaled to an idle core':<46} "
          f"{rate * reference / IDLE_REFERENCE:>8.1f}")
    if rate < GOAL_PER_SECOND:
        print(f"FAIL: {rate:.1f} matches a second is below the goal of {GOAL_PER_SECOND:g}",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
