"""Tallies of many simulated games and what a prediction shows from them.

Pure Python (no Django): a chunk's games become one ``Tally`` dict; tallies merge by
adding; ``summary`` turns the merged tally into rates with Wilson score intervals.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

Z95 = 1.959963984540054


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); (0, 1) for n = 0."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # At 0 or n successes the bound is exactly 0 or 1 (rounding would miss it).
    low = 0.0 if successes == 0 else max(0.0, min(p, centre - half))
    high = 1.0 if successes == n else min(1.0, max(p, centre + half))
    return low, high


def empty() -> dict:
    return {"games": 0, "wins": {"a": 0, "b": 0, "draw": 0}, "vp": {"a": {}, "b": {}},
            "turns": 0, "models": {}, "schemes": {}}


def add_game(tally: dict, result) -> None:
    """Add one ``SimulationResult`` to ``tally`` (in place)."""
    tally["games"] += 1
    tally["wins"][result.winner or "draw"] += 1
    for side in ("a", "b"):
        hist = tally["vp"][side]
        key = str(result.vp[side])
        hist[key] = hist.get(key, 0) + 1
    tally["turns"] += result.ended_on_turn
    names = {m.id: (m.side, m.name) for m in result.models}
    for model_id, (side, name) in names.items():
        row = tally["models"].setdefault(model_id, {"side": side, "name": name, "kills": 0,
                                                    "deaths": 0})
        row["name"] = name
    for c in result.casualties:
        tally["models"][c.model]["deaths"] += 1
        if c.killer and c.killer in tally["models"]:
            tally["models"][c.killer]["kills"] += 1
    for side in result.sides:
        for outcome in side.schemes:
            key = f"{side.side}:{outcome.key}"
            row = tally["schemes"].setdefault(key, {"chosen": 0, "scored": 0})
            row["chosen"] += 1
            row["scored"] += 1 if outcome.vp > 0 else 0


def merge(tallies: Iterable[Mapping]) -> dict:
    out = empty()
    for t in tallies:
        out["games"] += t["games"]
        out["turns"] += t["turns"]
        for k, v in t["wins"].items():
            out["wins"][k] += v
        for side in ("a", "b"):
            for vp, n in t["vp"][side].items():
                out["vp"][side][vp] = out["vp"][side].get(vp, 0) + n
        for model_id, row in t["models"].items():
            into = out["models"].setdefault(model_id, {"side": row["side"], "name": row["name"],
                                                       "kills": 0, "deaths": 0})
            into["kills"] += row["kills"]
            into["deaths"] += row["deaths"]
        for key, row in t["schemes"].items():
            into = out["schemes"].setdefault(key, {"chosen": 0, "scored": 0})
            into["chosen"] += row["chosen"]
            into["scored"] += row["scored"]
    return out


def summary(tally: Mapping, *, hide_schemes_of: Iterable[str] = ()) -> dict:
    """Rates for side a's point of view: win/draw/loss with 95% Wilson intervals, the VP
    histograms, each model's kill and death rate per game, each scheme's score rate (none
    for the sides in ``hide_schemes_of``), and the mean number of Turns."""
    n = tally["games"]
    outcome = {}
    for label, key in (("win", "a"), ("draw", "draw"), ("loss", "b")):
        k = tally["wins"][key]
        low, high = wilson(k, n)
        outcome[label] = {"count": k, "rate": k / n if n else 0.0, "low": low, "high": high}
    hidden = set(hide_schemes_of)
    models = [{"id": mid, "side": row["side"], "name": row["name"],
               "kill_rate": row["kills"] / n if n else 0.0,
               "death_rate": row["deaths"] / n if n else 0.0}
              for mid, row in tally["models"].items()]
    schemes = []
    for key, row in sorted(tally["schemes"].items()):
        side, scheme = key.split(":", 1)
        if side in hidden:
            continue
        low, high = wilson(row["scored"], row["chosen"])
        schemes.append({"side": side, "scheme": scheme, "chosen": row["chosen"],
                        "rate": row["scored"] / row["chosen"] if row["chosen"] else 0.0,
                        "low": low, "high": high})
    histogram = {side: [tally["vp"][side].get(str(v), 0) for v in range(0, 13)]
                 for side in ("a", "b")}
    return {"games": n, "outcome": outcome, "vp_histogram": histogram,
            "models": sorted(models, key=lambda m: (m["side"], m["name"], m["id"])),
            "schemes": schemes, "mean_turns": tally["turns"] / n if n else 0.0}
