"""Play a match, replay its log, and turn a log into board frames for a replay page."""

from __future__ import annotations

from collections.abc import Sequence

from rules.engine.simulation.engine import derive_seed

from .commanders import HeuristicCommander, RandomCommander
from .game import SIM_VERSION, Game
from .result import SimulationResult
from .state import MatchInput

__all__ = ["frames", "replay", "simulate"]


def simulate(match: MatchInput, seed: int, commanders: Sequence | None = None
             ) -> SimulationResult:
    """One match. Default commanders: heuristic for every player (each with its own seed)."""
    if commanders is None:
        commanders = [HeuristicCommander() for _ in match.bands]
    return Game(match, seed, commanders).run()


def random_commanders(match: MatchInput, seed: int) -> list[RandomCommander]:
    return [RandomCommander(derive_seed(seed, f"commander{i}")) for i in range(len(match.bands))]


def replay(log: dict) -> SimulationResult:
    """The match again from its log's input, seed and recorded decisions (no commanders).

    Raises ``ValueError`` when the log was written by another simulator version."""
    if log.get("simulator") != SIM_VERSION:
        raise ValueError(f"This log was written by simulator {log.get('simulator')}; "
                         f"this is {SIM_VERSION}.")
    match = MatchInput.from_dict(log["input"])
    return Game(match, log["seed"], decisions=log["decisions"]).run()


def frames(log: dict) -> list[dict]:
    """The board after every event that changes it: units (id, owner, name, x, y, damage,
    relic), husks and the mastery, for a top-down replay. Needs no simulation."""
    units: dict[int, dict] = {}
    husks: list = []
    board: dict = {}
    mastery: list = []
    out = []
    for ev in log["events"]:
        kind = ev[0]
        if kind == "setup":
            board = ev[1]
            husks = [list(h) if h else None for h in board["husks"]]
        elif kind == "deploy":
            units[ev[1]] = {"id": ev[1], "owner": ev[2], "name": ev[3], "x": ev[4], "y": ev[5],
                            "hp": ev[6], "damage": 0, "relic": None}
        elif kind in ("move", "shift", "push"):
            units[ev[1]]["x"], units[ev[1]]["y"] = ev[2], ev[3]
        elif kind == "charge":
            units[ev[1]]["x"], units[ev[1]]["y"] = ev[3], ev[4]
        elif kind == "attack":
            units[ev[2]]["damage"] += ev[6]
        elif kind == "dmg":
            units[ev[1]]["damage"] += ev[2]
        elif kind == "heal":
            units[ev[1]]["damage"] -= ev[2]
        elif kind == "stubborn":
            units[ev[1]]["damage"] = units[ev[1]]["hp"] - 1
        elif kind == "defeat":
            gone = units.pop(ev[1])
            if ev[4]:
                husks.append([gone["x"], gone["y"]])
        elif kind == "claim":
            units[ev[1]]["relic"] = ev[3]
            husks[ev[2]] = None
        elif kind == "swap":
            if ev[3] == "relic":
                a, b = units[ev[1]], units[ev[2]]
                a["relic"], b["relic"] = ev[5], ev[4]
        elif kind == "end":
            mastery = ev[2]
        else:
            continue
        out.append({"event": ev, "units": [dict(u) for u in units.values()],
                    "husks": [h for h in husks if h], "mastery": list(mastery),
                    "size": board.get("size"), "pieces": board.get("pieces", [])})
    return out
