"""The ``Commander`` protocol: every choice a player makes in a game, one method each.

The engine asks; a commander answers with plain values or commands (``commands.py``).
Anything a commander returns is checked by the engine, so a person, a test script or an
AI can drive either side. ``BaseCommander`` answers every question with a simple legal
default (the engine core's ``GreedyDecisions`` in duels); real commanders override what
they care about.

Every method receives the side's ``GameView`` first. A ``DuelContext`` tells a duel's
participants what the duel is for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ...cards import Card
from ...duels import GreedyDecisions, SoulstoneUse
from ..commands import Command, EndActivation
from ..duel_context import DuelContext

if TYPE_CHECKING:
    from ..geometry import Point
    from ..view import GameView

__all__ = ["BaseCommander", "Commander", "DuelContext"]


class Commander(Protocol):
    """Every decision of one side. See ``BaseCommander`` for the defaults."""

    def bind(self, side: int, seed: int) -> None: ...
    def choose_schemes(self, view: GameView, pool: tuple[str, ...]) -> tuple[str, str]: ...
    def note(self, view: GameView, scheme: str, role: str, candidates: tuple[str, ...]) -> str: ...
    def reveal_at_start(self, view: GameView, scheme: str) -> bool: ...
    def deploy_first(self, view: GameView) -> bool: ...
    def choose_zone(self, view: GameView) -> int: ...
    def deploy(self, view: GameView, models: tuple[str, ...]) -> dict[str, Point]: ...
    def arrive(self, view: GameView, model: str) -> Point: ...
    def discard(self, view: GameView, hand: tuple[Card, ...], must: int) -> tuple[Card, ...]: ...
    def buy_cards(self, view: GameView) -> bool: ...
    def reflip_initiative(self, view: GameView, mine: Card, theirs: Card) -> bool: ...
    def go_first(self, view: GameView) -> bool: ...
    def choose_activation(self, view: GameView, candidates: tuple[str, ...]) -> str: ...
    def choose_command(self, view: GameView, model: str) -> Command: ...
    def soulstones(self, view: GameView, context: DuelContext) -> SoulstoneUse | None: ...
    def duel_decisions(self, view: GameView, context: DuelContext): ...
    def prevent(self, view: GameView, model: str, damage: int) -> bool: ...
    def strike(self, view: GameView, striker: str, mover: str,
               options: tuple[str, ...]) -> str | None: ...
    def randomized_target(self, view: GameView, tied: tuple[str, ...]) -> str: ...
    def push_self(self, view: GameView, model: str, distance: float) -> Point | None: ...
    def scout(self, view: GameView, model: str) -> Command | None: ...
    def blasts(self, view: GameView, target: str, count: int) -> tuple[Point, ...]: ...
    def end_of_turn(self, view: GameView, scheme: str, options: tuple[str, ...]) -> str | None: ...
    def first_scheme(self, view: GameView, schemes: tuple[str, str]) -> str: ...


class BaseCommander:
    """Legal defaults for every question (a crew that stands still and duels greedily).

    ``choose_command`` ends every Activation; subclasses give it a mind.
    """

    side: int = 0
    seed: int = 0
    _greedy = GreedyDecisions()

    def bind(self, side: int, seed: int) -> None:
        self.side = side
        self.seed = seed

    # -- setting up -------------------------------------------------------------------

    def choose_schemes(self, view: GameView, pool: tuple[str, ...]) -> tuple[str, str]:
        return (pool[0], pool[1])

    def note(self, view: GameView, scheme: str, role: str, candidates: tuple[str, ...]) -> str:
        return candidates[0]

    def reveal_at_start(self, view: GameView, scheme: str) -> bool:
        return False

    def deploy_first(self, view: GameView) -> bool:
        return True

    def choose_zone(self, view: GameView) -> int:
        return 0

    def deploy(self, view: GameView, models: tuple[str, ...]) -> dict[str, Point]:
        return view.default_deployment(models)

    def arrive(self, view: GameView, model: str) -> Point:
        return view.default_deployment((model,))[model]

    # -- Draw and Initiative Phases ------------------------------------------------------

    def discard(self, view: GameView, hand: tuple[Card, ...], must: int) -> tuple[Card, ...]:
        """Cards to discard: exactly ``must`` when discarding down, any number otherwise
        (``must`` is 0). The default keeps the best cards."""
        if must <= 0:
            return ()
        ranked = sorted(hand, key=lambda c: (c.joker != "black", c.value))
        return tuple(ranked[:must])

    def buy_cards(self, view: GameView) -> bool:
        return False

    def reflip_initiative(self, view: GameView, mine: Card, theirs: Card) -> bool:
        return False

    def go_first(self, view: GameView) -> bool:
        return True

    # -- Activations ------------------------------------------------------------------

    def choose_activation(self, view: GameView, candidates: tuple[str, ...]) -> str:
        return candidates[0]

    def choose_command(self, view: GameView, model: str) -> Command:
        return EndActivation()

    # -- duels and damage -------------------------------------------------------------

    def soulstones(self, view: GameView, context: DuelContext) -> SoulstoneUse | None:
        return None

    def duel_decisions(self, view: GameView, context: DuelContext):
        return self._greedy

    def prevent(self, view: GameView, model: str, damage: int) -> bool:
        return False

    def strike(self, view: GameView, striker: str, mover: str,
               options: tuple[str, ...]) -> str | None:
        return options[0] if options else None

    def randomized_target(self, view: GameView, tied: tuple[str, ...]) -> str:
        return tied[0]

    def push_self(self, view: GameView, model: str, distance: float) -> Point | None:
        return None

    def scout(self, view: GameView, model: str) -> Command | None:
        """The free Walk a model may make after deployment (a ``Walk``), or None."""
        return None

    def blasts(self, view: GameView, target: str, count: int) -> tuple[Point, ...]:
        return view.default_blasts(target, count)

    # -- End Phase and scoring ------------------------------------------------------------

    def end_of_turn(self, view: GameView, scheme: str, options: tuple[str, ...]) -> str | None:
        """A Scheme's End Phase choice: one of ``options`` or None (do nothing now)."""
        return None

    def first_scheme(self, view: GameView, schemes: tuple[str, str]) -> str:
        return view.best_scheme_order(schemes)
