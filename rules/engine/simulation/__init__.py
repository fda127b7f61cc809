"""Auto-resolve: a seeded simulator that plays a whole second-edition encounter.

Public API::

    simulate(setup, seed=..., commanders=(a, b)) -> SimulationResult
    replay(log) -> SimulationResult
    check_playable(setup)            # raises UnplayableEncounter naming what is missing
    SIMULATOR_VERSION

``setup`` is an ``EncounterInput`` (``EncounterInput.from_dict`` reads the JSON form);
commanders default to two ``HeuristicCommander``s. Pure engine code: no Django.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .commanders import (
    BaseCommander,
    BaselineCommander,
    Commander,
    DuelContext,
    HeuristicCommander,
    RandomCommander,
    ScriptedCommander,
)
from .crews import CrewInput, EncounterInput, ModelInput, Modifier, SchemeChoice, TableInput
from .engine import SIMULATOR_VERSION, Game, collector_paused, derive_seed
from .errors import (
    IllegalCommand,
    InvalidEncounterInput,
    ReplayMismatch,
    SimulationError,
    UnplayableEncounter,
)
from .geometry import Point
from .playable import check_playable
from .replay import replay
from .result import Casualty, SimulationResult

__all__ = [
    "SIMULATOR_VERSION",
    "BaseCommander",
    "BaselineCommander",
    "Casualty",
    "Commander",
    "CrewInput",
    "DuelContext",
    "EncounterInput",
    "HeuristicCommander",
    "IllegalCommand",
    "InvalidEncounterInput",
    "ModelInput",
    "Modifier",
    "RandomCommander",
    "ReplayMismatch",
    "SchemeChoice",
    "ScriptedCommander",
    "SimulationError",
    "SimulationResult",
    "TableInput",
    "UnplayableEncounter",
    "check_playable",
    "derive_seed",
    "replay",
    "simulate",
]


def simulate(setup: EncounterInput | Mapping, *, seed: int,
             commanders: Sequence[Commander] | None = None,
             positions: Mapping[str, Point] | None = None) -> SimulationResult:
    """Play one encounter to its end. The same input, seed and ``SIMULATOR_VERSION`` give
    the same log. ``positions`` (model id -> point) skips deployment and places models
    there (crew A in zone 0); it is stored in the log so a replay does the same."""
    if not isinstance(setup, EncounterInput):
        setup = EncounterInput.from_dict(setup)
    if commanders is None:
        commanders = (HeuristicCommander(), HeuristicCommander())
    with collector_paused():
        game = Game(setup, seed, commanders,
                    positions=dict(positions) if positions is not None else None)
        result = game.play()
        game.drop_back_references()
        # Freed here, by reference counts: the collection that follows the pause then
        # walks the result only, not the whole game.
        del game
    if positions is not None:
        result.log["positions"] = {k: list(v) for k, v in positions.items()}
    return result
