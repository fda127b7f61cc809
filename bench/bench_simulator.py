"""Benchmark the auto-resolve simulator: whole encounters per second on one core.

Run from the project root: ``python -m bench.bench_simulator [--games N] [--profile]``.

Two 50-Soulstone crews of eight models from the sample pack (Guild against Neverborn,
each led by its Master) play Standard encounters (the five Strategies in turn, the four
deployments, generated tables at a third coverage), two heuristic commanders deciding, one
seed per game, after one warm-up game (the exact-odds cache fills during it). Prints the
encounters per CPU second (the process's CPU time, so a busy shared machine does not
halve the figure) and per wall-clock second, the time per Activation, the first (cold)
game's time, the log's size, and memory: the peak Python allocation of one game
(``tracemalloc``) and the process's peak RSS. ``--profile`` prints the top of a cProfile
of the run instead. Exits with status 1 when the CPU rate is below the goal of 50
encounters a second.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import resource
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

from rules.engine.odds import clear_odds_cache
from rules.engine.simulation import (
    CrewInput,
    EncounterInput,
    HeuristicCommander,
    ModelInput,
    SchemeChoice,
    TableInput,
    simulate,
)
from rules.engine.simulation.commanders.heuristic import attack_odds

GOAL_PER_SECOND = 50.0
ROOT = Path(__file__).resolve().parents[1]
PACK = ROOT / "catalogue" / "packs" / "sample-pack.json"
STRATEGIES = ("turf-war", "reckoning", "reconnoiter", "squatters-rights", "stake-a-claim")
SCHEMES = (("breakthrough", "a-line-in-the-sand"), ("protect-territory", "power-ritual"),
           ("assassinate", "murder-protege"), ("plant-evidence", "entourage"),
           ("distract", "outflank"))


def _pack() -> dict:
    return json.loads(PACK.read_text(encoding="utf-8"))


def crew(pack: dict, faction: str, prefix: str, schemes: tuple[str, str]) -> CrewInput:
    """The Master and seven models of at most 8 Soulstones (dearest first) within 47,
    with a Pool of 3: 50 Soulstones, eight models."""
    cards = [m for m in pack["models"] if faction in m["factions"]]
    master = next(c for c in cards if c["station"] == "master")
    others = sorted((c for c in cards if c["station"] != "master" and 0 < (c.get("cost") or 0)
                     <= 8), key=lambda c: (-(c.get("cost") or 0), c["name"]))
    models = [ModelInput(f"{prefix}0", master, is_leader=True)]
    spent = 0
    while len(models) < 8:
        fitted = False
        for c in others:
            cost = c["cost"]
            if spent + cost <= 47 - 2 * (7 - len(models)) and len(models) < 8:
                models.append(ModelInput(f"{prefix}{len(models)}", c))
                spent += cost
                fitted = True
        if not fitted:
            break
    return CrewInput(f"{faction} crew", faction, 3, tuple(models),
                     tuple(SchemeChoice(k) for k in schemes))


def setups() -> list[EncounterInput]:
    pack = _pack()
    out = []
    for i, strategy in enumerate(STRATEGIES):
        out.append(EncounterInput(
            crews=(crew(pack, "guild", "a", SCHEMES[i]),
                   crew(pack, "neverborn", "b", SCHEMES[(i + 2) % len(SCHEMES)])),
            strategy=strategy, deployment=("standard", "corner", "flank", "close")[i % 4],
            table=TableInput(density=0.3)))
    return out


def play(games: int, encounter_setups: list[EncounterInput],
         ) -> tuple[float, float, int, list[float]]:
    """CPU seconds, wall seconds, Activations and per-game CPU seconds of ``games``
    encounters. CPU time is the figure for "one core": the machine may be shared."""
    activations = 0
    times = []
    wall = time.perf_counter()
    start = time.process_time()
    for seed in range(games):
        setup = encounter_setups[seed % len(encounter_setups)]
        t0 = time.process_time()
        result = simulate(setup, seed=seed,
                          commanders=(HeuristicCommander(), HeuristicCommander()))
        times.append(time.process_time() - t0)
        activations += result.activations
    return time.process_time() - start, time.perf_counter() - wall, activations, times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="encounters to play")
    parser.add_argument("--profile", action="store_true", help="print a cProfile instead")
    args = parser.parse_args(argv)
    encounter_setups = setups()
    models = sum(len(c.models) for c in encounter_setups[0].crews)

    clear_odds_cache()
    attack_odds.cache_clear()
    t0 = time.perf_counter()
    first = simulate(encounter_setups[0], seed=10_000,
                     commanders=(HeuristicCommander(), HeuristicCommander()))
    cold = time.perf_counter() - t0

    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        play(args.games, encounter_setups)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(30)
        return 0

    seconds, wall, activations, times = play(args.games, encounter_setups)
    rate = args.games / seconds
    tracemalloc.start()
    simulate(encounter_setups[1], seed=20_000,
             commanders=(HeuristicCommander(), HeuristicCommander()))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    log_kb = len(json.dumps(first.log, separators=(",", ":"))) / 1024
    setup_kb = len(json.dumps(first.log["setup"], separators=(",", ":"))) / 1024

    print(f"{models} models ({models // 2} a side), 50 Soulstones, heuristic v heuristic, "
          f"{args.games} encounters")
    print(f"{'encounters per CPU second (one core)':<38} {rate:>9.1f}  (goal {GOAL_PER_SECOND:g})")
    print(f"{'encounters per wall-clock second':<38} {args.games / wall:>9.1f}")
    print(f"{'CPU ms per encounter, mean / median':<38} {statistics.mean(times) * 1000:>9.1f} / "
          f"{statistics.median(times) * 1000:.1f}")
    print(f"{'CPU ms per Activation':<38} {seconds / activations * 1000:>9.3f}  "
          f"({activations / args.games:.0f} Activations an encounter)")
    print(f"{'first encounter, cold caches (ms)':<38} {cold * 1000:>9.1f}")
    print(f"{'peak Python memory of one encounter':<38} {peak / 1024:>9.0f} KiB")
    print(f"{'peak RSS of this process':<38} {rss_mb:>9.1f} MiB")
    print(f"{'log size (JSON), of which the input':<38} {log_kb:>9.1f} KiB / {setup_kb:.1f} KiB")
    if rate < GOAL_PER_SECOND:
        print(f"FAIL: {rate:.1f} encounters a second is below the goal of {GOAL_PER_SECOND:g}",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
