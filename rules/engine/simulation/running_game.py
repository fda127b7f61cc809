"""``RunningGame``: what the rule modules (actions, scoring, the commanders' view, the
result) read and call on the game they are handed.

Why a protocol: ``engine.Game`` runs the turn loop and imports those modules; were they
to import ``Game`` back, even for annotations only, the simulator's imports would run in
a circle. They annotate with this protocol instead, so the dependencies point one way:
engine -> actions, scoring, view, result -> running_game. ``engine.Game`` is the one
implementation. Types from above this module (the scoring book, the casualty rows) are
given as the small protocol or the loose type the readers need.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from ..duels import SimpleDuelResult, SoulstoneUse
    from .crews import EncounterInput
    from .duel_context import DuelContext
    from .log import EventLog
    from .state import GameState, Model

__all__ = ["RunningGame", "ScoringHooks"]


class ScoringHooks(Protocol):
    """The scoring book's calls made from outside scoring (``scoring.ScoringBook``)."""

    def reveal(self, side: int, key: str, *, at_start: bool = False) -> None: ...
    def on_first_attack(self, attacker: Model, target: Model) -> None: ...
    def deliver_message(self, side: int) -> None: ...
    def scheme_order_value(self, side: int, first: str) -> int: ...


class RunningGame(Protocol):
    """One encounter in play (``engine.Game``)."""

    setup: EncounterInput
    seed: int
    version: str
    state: GameState
    log: EventLog
    scoring: ScoringHooks
    #: ``result.Casualty`` rows, in order.
    casualties: list[Any]
    ended_on_turn: int
    ap: int
    extra_ap: dict[str, int]
    zero_used: bool
    activation_over: bool
    next_twists: dict[int, int]
    no_cheat: set[int]
    silencing: frozenset[str]

    def ask(self, side: int, tag: str, method: str, *args: Any) -> Any: ...
    def decisions_for(self, side: int, context: DuelContext) -> Any: ...
    def soulstones(self, model: Model, context: DuelContext) -> SoulstoneUse | None: ...
    def log_dict(self) -> dict: ...
    def set_condition(self, m: Model, name: str, value: int) -> None: ...
    def remove_condition(self, m: Model, name: str) -> None: ...
    def give(self, m: Model, name: str, value: int = 1, *, by: Model | None = None) -> None: ...
    def heal(self, m: Model, amount: int) -> int: ...
    def deal_damage(self, target: Model, amount: int, *, by: Model | None, cause: str,
                    reducible: bool = True, preventable: bool = True, blast: bool = False,
                    flip: str = "") -> int: ...
    def hazard(self, m: Model, piece_id: int) -> None: ...
    def wp_bonus(self, m: Model) -> int: ...
    def simple(self, m: Model, stat: str, value: int, tn: int, *, kind: str,
               other: Model | None = None, action: str = "", focused: int = 0,
               triggers: tuple = (), suits: tuple = ()) -> SimpleDuelResult: ...
    def take_twists(self, m: Model) -> tuple[int, int]: ...
    def horror(self, m: Model, source: Model) -> bool: ...
    def terrifies(self, source: Model, m: Model) -> bool: ...
