"""Benchmark the auto-resolve simulator on the phrasing-realistic pack: what it plays of
the cards, whole encounters per CPU second, and the commander against the baseline.

Run from the project root: ``python -m bench.bench_simulator [--games N] [--duel N]
[--pack PATH] [--profile]``.

1. Coverage of the pack (``catalogue/packs/sample-pack-2.json``, invented models in
   real-card phrasing): the share of abilities, attacks, tactical actions and triggers
   the simulator plays in full, and the share *silently ignored* (an element neither
   played nor listed in a result's not-modelled list), which must be 0.
2. Speed: two 50-Soulstone crews of eight models from the pack (Guild against Neverborn,
   each led by its Master) play Standard encounters (the five Strategies in turn, the four
   deployments, generated tables at a third coverage), two heuristic commanders, one seed
   per game, after one warm-up game. Prints encounters per CPU second (the process's CPU
   time: a busy shared machine does not halve it), per wall-clock second, time per
   Activation, the cold first game, the log's size and memory.
3. The heuristic commander against the baseline (``BaselineCommander``, the simulator
   1.1 commander) over ``--duel`` games (500 by default), each side in turn: wins, draws,
   losses, and per game and side the Charges, Focus actions, tactical actions and the
   general AP left unspent.

Exits with status 1 when the CPU rate is below 50 encounters a second, when anything is
silently ignored, or when the heuristic commander does not win more than it loses.
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
from collections import Counter
from pathlib import Path

from bench import core_speed
from rules.engine.effects.coverage import PLAYED
from rules.engine.odds import clear_odds_cache
from rules.engine.simulation import (
    BaselineCommander,
    CrewInput,
    EncounterInput,
    Game,
    HeuristicCommander,
    ModelInput,
    SchemeChoice,
    TableInput,
    simulate,
)
from rules.engine.simulation.commanders.heuristic import attack_odds
from rules.engine.simulation.coverage import card_coverage

GOAL_PER_SECOND = 50.0
ROOT = Path(__file__).resolve().parents[1]
PACK = ROOT / "catalogue" / "packs" / "sample-pack-2.json"
STRATEGIES = ("turf-war", "reckoning", "reconnoiter", "squatters-rights", "stake-a-claim")
SCHEMES = (("breakthrough", "a-line-in-the-sand"), ("protect-territory", "power-ritual"),
           ("assassinate", "murder-protege"), ("plant-evidence", "entourage"),
           ("distract", "outflank"))
ROLES = ("ability", "attack", "tactical", "trigger")


def _pack(path: Path = PACK) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def crew(pack: dict, faction: str, prefix: str, schemes: tuple[str, str]) -> CrewInput:
    """The Master and seven models within 47 Soulstones (dearest first; a non-Unique card
    may be hired again, up to its Rare limit), with a Pool of 3: eight models."""
    cards = [m for m in pack["models"] if faction in m["factions"]]
    master = next(c for c in cards if c["station"] == "master")
    others = sorted((c for c in cards if c["station"] != "master" and 0 < (c.get("cost") or 0)
                     <= 9 and not c.get("is_totem")),
                    key=lambda c: (-(c.get("cost") or 0), c["name"]))
    models = [ModelInput(f"{prefix}0", master, is_leader=True)]
    hired: Counter = Counter()
    spent = 0
    while len(models) < 8:
        fitted = False
        for c in others:
            limit = 1 if c.get("is_unique") else int(c.get("rare") or 99)
            if hired[c["name"]] >= limit or len(models) >= 8:
                continue
            if spent + c["cost"] <= 47 - 2 * (7 - len(models)):
                models.append(ModelInput(f"{prefix}{len(models)}", c))
                hired[c["name"]] += 1
                spent += c["cost"]
                fitted = True
        if not fitted:
            break
    return CrewInput(f"{faction} crew", faction, 3, tuple(models),
                     tuple(SchemeChoice(k) for k in schemes))


def setups(pack: dict) -> list[EncounterInput]:
    out = []
    for i, strategy in enumerate(STRATEGIES):
        out.append(EncounterInput(
            crews=(crew(pack, "guild", "a", SCHEMES[i]),
                   crew(pack, "neverborn", "b", SCHEMES[(i + 2) % len(SCHEMES)])),
            strategy=strategy, deployment=("standard", "corner", "flank", "close")[i % 4],
            table=TableInput(density=0.3)))
    return out


# -- 1. coverage ----------------------------------------------------------------------


def coverage(pack: dict) -> dict[str, tuple[int, int]]:
    """Per role: (elements played in full, elements); "silent": (elements neither played
    nor listed as not modelled by a model's profile, elements)."""
    played: Counter = Counter()
    total: Counter = Counter()
    silent = 0
    for card in pack["models"]:
        listed = ModelInput("x", card).profile.not_modelled
        for element in card_coverage(card).elements:
            role = element.element.role
            total[role] += 1
            if element.status == PLAYED:
                played[role] += 1
                continue
            label = f"{card['name']}: {element.label}"
            if not any(line == label or line.startswith(label + " (") for line in listed):
                silent += 1
    out = {role: (played[role], total[role]) for role in ROLES}
    out["silent"] = (silent, sum(total.values()))
    return out


# -- 2. speed ---------------------------------------------------------------------------


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


# -- 3. the commander against the baseline ---------------------------------------------


def duel(games: int, encounter_setups: list[EncounterInput]) -> dict:
    """``games`` encounters, the heuristic commander on side 0 in even games and side 1 in
    odd ones. Returns wins/draws/losses of the heuristic commander and per-game totals
    of each commander's Charges, Focus, tactical actions and unspent AP."""
    tally = Counter()
    habits = {"new": Counter(), "old": Counter()}
    for seed in range(games):
        new_side = seed % 2
        commanders = [BaselineCommander(), BaselineCommander()]
        commanders[new_side] = HeuristicCommander()
        game = Game(encounter_setups[seed % len(encounter_setups)], 50_000 + seed,
                    tuple(commanders))
        result = game.play()
        if result.winner is None:
            tally["draw"] += 1
        else:
            tally["win" if result.winner == "ab"[new_side] else "loss"] += 1
        sides = {0: "new" if new_side == 0 else "old", 1: "new" if new_side == 1 else "old"}
        for event in game.log.events:
            if event[0] in ("charge", "focus", "tactical"):
                habits[sides[game.state.models[event[1]].side]][event[0]] += 1
        for side in (0, 1):
            habits[sides[side]]["unspent"] += game.unspent_ap[side]
    return {"tally": tally, "habits": habits, "games": games}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="encounters to time")
    parser.add_argument("--duel", type=int, default=500,
                        help="games of the heuristic commander against the baseline")
    parser.add_argument("--pack", type=Path, default=PACK, help="the content pack")
    parser.add_argument("--profile", action="store_true", help="print a cProfile instead")
    args = parser.parse_args(argv)
    pack = _pack(args.pack)
    encounter_setups = setups(pack)
    models = sum(len(c.models) for c in encounter_setups[0].crews)
    status = 0

    print(f"coverage of {args.pack.name} ({len(pack['models'])} cards), played in full:")
    shares = coverage(pack)
    for role in ROLES:
        done, total = shares[role]
        label = {"ability": "abilities"}.get(role, role + "s")
        print(f"  {label:<32} {done:>4} / {total:<4} {100 * done / max(total, 1):>6.1f} %")
    silent, total = shares["silent"]
    print(f"  {'silently ignored':<32} {silent:>4} / {total:<4} "
          f"{100 * silent / max(total, 1):>6.1f} %  (must be 0)")
    if silent:
        status = 1

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

    if args.games:
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
        print(f"\n{models} models ({models // 2} a side), 50 Soulstones, heuristic v "
              f"heuristic, {args.games} encounters")
        print(f"{'encounters per CPU second (one core)':<38} {rate:>9.1f}  "
              f"(goal {GOAL_PER_SECOND:g})")
        print(f"{'encounters per wall-clock second':<38} {args.games / wall:>9.1f}")
        print(f"{'CPU ms per encounter, mean / median':<38} "
              f"{statistics.mean(times) * 1000:>9.1f} / {statistics.median(times) * 1000:.1f}")
        print(f"{'CPU ms per Activation':<38} {seconds / activations * 1000:>9.3f}  "
              f"({activations / args.games:.0f} Activations an encounter)")
        print(f"{'first encounter, cold caches (ms)':<38} {cold * 1000:>9.1f}")
        print(f"{'peak Python memory of one encounter':<38} {peak / 1024:>9.0f} KiB")
        print(f"{'peak RSS of this process':<38} {rss_mb:>9.1f} MiB")
        print(f"{'log size (JSON), of which the input':<38} {log_kb:>9.1f} KiB / "
              f"{setup_kb:.1f} KiB")
        print(core_speed.describe())
        if rate < GOAL_PER_SECOND:
            print(f"FAIL: {rate:.1f} encounters a second is below the goal of "
                  f"{GOAL_PER_SECOND:g}", file=sys.stderr)
            status = 1

    if args.duel:
        outcome = duel(args.duel, encounter_setups)
        tally, habits, n = outcome["tally"], outcome["habits"], outcome["games"]
        print(f"\nheuristic commander against the baseline, {n} games (sides alternate):")
        print(f"  wins {tally['win']}, draws {tally['draw']}, losses {tally['loss']}  "
              f"(win share of decided games "
              f"{100 * tally['win'] / max(tally['win'] + tally['loss'], 1):.1f} %)")
        print(f"  {'per game and side':<20} {'charges':>8} {'Focus':>8} {'tactical':>9} "
              f"{'unspent AP':>11}")
        for who, label in (("new", "heuristic"), ("old", "baseline")):
            h = habits[who]
            print(f"  {label:<20} {h['charge'] / n:>8.2f} {h['focus'] / n:>8.2f} "
                  f"{h['tactical'] / n:>9.2f} {h['unspent'] / n:>11.2f}")
        if tally["win"] <= tally["loss"]:
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
