"""The seeded Malediction match simulator.

``simulate(match, seed, commanders)`` plays a whole match and returns a
``SimulationResult``: the result in the tracked-match shape, a compact log that
``replay`` plays again, and the card texts it did not model.
"""

from __future__ import annotations

from .commanders import Commander, HeuristicCommander, RandomCommander
from .game import MAX_ROUNDS, SIM_VERSION, Game, IllegalCommand
from .replay import frames, replay, simulate
from .result import SimulationResult
from .state import MatchInput, SimUnit

__all__ = [
    "MAX_ROUNDS", "SIM_VERSION", "Commander", "Game", "HeuristicCommander", "IllegalCommand",
    "MatchInput", "RandomCommander", "SimUnit", "SimulationResult", "frames", "replay",
    "simulate",
]
