"""A simulated match's output: the tracked-match result, the log and what was not modelled."""

from __future__ import annotations

from dataclasses import dataclass

from rules.engine.errors import EngineBug

from ..result import MatchResult

__all__ = ["LOG_FORMAT", "SimulationResult"]

LOG_FORMAT = 1


@dataclass(frozen=True, slots=True)
class SimulationResult:
    result: MatchResult
    #: {"format", "simulator", "seed", "input", "events", "decisions"}: JSON-safe, replays.
    log: dict
    #: Card texts the simulator did not play ("Card: ability"), sorted, each once.
    not_modelled: tuple[str, ...]

    @classmethod
    def build(cls, game) -> SimulationResult:
        from .game import SIM_VERSION
        if game.result is None:
            raise EngineBug("The match ended without a result.")
        log = {"format": LOG_FORMAT, "simulator": SIM_VERSION, "seed": game.seed,
               "input": game.match.to_dict(), "events": game.events,
               "decisions": game.decisions}
        return cls(game.result, log, tuple(sorted(set(game.not_modelled))))

    def to_dict(self) -> dict:
        return {"result": self.result.to_dict(), "not_modelled": list(self.not_modelled),
                "simulator": self.log["simulator"], "seed": self.log["seed"]}
