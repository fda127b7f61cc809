"""Errors of the simulator, on top of the engine's ``RulesError`` and ``EngineBug``.

``UnplayableEncounter`` is raised before play when a setup holds something the simulator
cannot play; it lists every such element at once, so the caller can fix them together.
``IllegalCommand`` means a commander asked for something the rules do not allow at that
moment (a person driving a side gets the reason and asks again). ``ReplayMismatch`` means
a stored log does not replay to itself: the log was altered or the simulator changed.
"""

from __future__ import annotations

from ..errors import EngineBug, RulesError


class SimulationError(RulesError):
    """Base class of the simulator's errors meant for the user."""


class UnplayableEncounter(SimulationError):
    """The setup holds elements the simulator does not model; ``missing`` names each."""

    def __init__(self, missing: list[str] | tuple[str, ...]) -> None:
        self.missing = tuple(missing)
        listed = "; ".join(self.missing)
        super().__init__(f"The simulator cannot play this encounter: {listed}.")


class InvalidEncounterInput(SimulationError):
    """The input is malformed (a missing field, a wrong type); the message says where."""


class IllegalCommand(SimulationError):
    """A commander's choice breaks a rule at this moment; the message says which."""


class ReplayMismatch(EngineBug):
    """Replaying a log produced different events or decisions than the log holds."""
