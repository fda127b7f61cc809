"""Tallies of many simulated Malediction matches and what a prediction shows from them.

Pure Python over ``SimulationResult`` (no Django), like ``autoresolve.stats`` and sharing
its Wilson interval. "The card that decided a match" is the winning side's unit card
that earned it the most mastery in that match (its kills' worth plus 10 a relic it
claimed); a prediction counts how often each card was that card."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from autoresolve.stats import wilson

#: Mastery histogram buckets: 0-4, 5-9, ... (negative counts as 0; 60 and over together).
BUCKET, BUCKETS = 5, 13
RELIC_MASTERY = 10


def empty() -> dict:
    return {"games": 0, "wins": {"a": 0, "b": 0}, "win_types": {}, "rounds": 0,
            "mastery": {"a": {}, "b": {}}, "decided_by": {}}


def _bucket(mastery: int) -> str:
    return str(min(max(mastery, 0) // BUCKET, BUCKETS - 1))


def decider(sim, side_of_player: list[int]) -> str | None:
    """The winning side's unit card that earned the most mastery (None if none did)."""
    res = sim.result
    names, owners, earned = {}, {}, {}
    for ev in sim.log["events"]:
        if ev[0] == "deploy":
            names[ev[1]], owners[ev[1]] = ev[3], ev[2]
        elif ev[0] == "defeat" and ev[2] in names:
            earned[ev[2]] = earned.get(ev[2], 0) + max(ev[3], 0)
        elif ev[0] == "claim":
            earned[ev[1]] = earned.get(ev[1], 0) + RELIC_MASTERY
    mine = [(v, names[u]) for u, v in earned.items()
            if side_of_player[owners[u]] == res.winner and v > 0]
    return max(mine, key=lambda p: (p[0], p[1]))[1] if mine else None


def add_match(tally: dict, sim, side_of_player: list[int]) -> None:
    res = sim.result
    tally["games"] += 1
    tally["wins"]["ab"[res.winner]] += 1
    tally["win_types"][res.win_type] = tally["win_types"].get(res.win_type, 0) + 1
    tally["rounds"] += res.final_round
    for i, side in enumerate("ab"):
        hist = tally["mastery"][side]
        key = _bucket(res.mastery[i])
        hist[key] = hist.get(key, 0) + 1
    card = decider(sim, side_of_player)
    if card:
        key = f"{'ab'[res.winner]}:{card}"
        tally["decided_by"][key] = tally["decided_by"].get(key, 0) + 1


def merge(tallies: Iterable[Mapping]) -> dict:
    out = empty()
    for t in tallies:
        out["games"] += t["games"]
        out["rounds"] += t["rounds"]
        for k, v in t["wins"].items():
            out["wins"][k] += v
        for k, v in t["win_types"].items():
            out["win_types"][k] = out["win_types"].get(k, 0) + v
        for side in ("a", "b"):
            for k, v in t["mastery"][side].items():
                out["mastery"][side][k] = out["mastery"][side].get(k, 0) + v
        for k, v in t["decided_by"].items():
            out["decided_by"][k] = out["decided_by"].get(k, 0) + v
    return out


def summary(tally: Mapping, top: int = 10) -> dict:
    """Side a's win rate with its 95% Wilson interval (and b's), the mastery histograms,
    the win types, the mean final round and the cards that most often decided a match."""
    n = tally["games"]
    outcome = {}
    for label, key in (("win", "a"), ("loss", "b")):
        k = tally["wins"][key]
        low, high = wilson(k, n)
        outcome[label] = {"count": k, "rate": k / n if n else 0.0, "low": low, "high": high}
    histogram = {side: [tally["mastery"][side].get(str(b), 0) for b in range(BUCKETS)]
                 for side in ("a", "b")}
    decided = sorted(tally["decided_by"].items(), key=lambda kv: (-kv[1], kv[0]))[:top]
    return {"games": n, "outcome": outcome, "mastery_histogram": histogram,
            "bucket": BUCKET, "win_types": dict(tally["win_types"]),
            "mean_rounds": tally["rounds"] / n if n else 0.0,
            "deciders": [{"side": k.split(":", 1)[0], "card": k.split(":", 1)[1],
                          "count": v, "rate": v / n if n else 0.0} for k, v in decided]}
