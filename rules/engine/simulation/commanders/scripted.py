"""A commander that follows a script, for tests: commands per model, an activation order,
and fixed answers to any other question; what the script does not cover falls back to
another commander (``BaseCommander`` by default: end the Activation, duel greedily)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from ..commands import Command, EndActivation
from .base import BaseCommander

if TYPE_CHECKING:
    from ..view import GameView

__all__ = ["ScriptedCommander"]


class ScriptedCommander(BaseCommander):
    """``commands`` maps a model id to the commands it takes, in order, across its
    Activations (an ``EndActivation`` in the list ends one); ``activations`` is the order
    in which to activate models (ids not ready yet are skipped). ``answers`` maps a
    Commander method name to a value, or to a callable taking the method's arguments
    after the view. ``decisions`` is a duel decisions object for every duel."""

    def __init__(self, commands: Mapping[str, Iterable[Command]] | None = None, *,
                 activations: Iterable[str] = (), answers: Mapping[str, Any] | None = None,
                 decisions: Any = None, fallback: BaseCommander | None = None) -> None:
        self.commands = {k: list(v) for k, v in (commands or {}).items()}
        self.activations = list(activations)
        self.answers = dict(answers or {})
        self.decisions = decisions
        self.fallback = fallback or BaseCommander()
        self.asked: list[tuple[str, tuple]] = []

    def bind(self, side: int, seed: int) -> None:
        super().bind(side, seed)
        self.fallback.bind(side, seed)

    def _answer(self, name: str, view: GameView, *args: Any) -> Any:
        self.asked.append((name, args))
        if name in self.answers:
            answer = self.answers[name]
            return answer(*args) if isinstance(answer, Callable) else answer
        return getattr(self.fallback, name)(view, *args)

    def choose_activation(self, view: GameView, candidates: tuple[str, ...]) -> str:
        while self.activations:
            nxt = self.activations.pop(0)
            if nxt in candidates:
                return nxt
        return self._answer("choose_activation", view, candidates)

    def choose_command(self, view: GameView, model: str) -> Command:
        queue = self.commands.get(model)
        if queue:
            return queue.pop(0)
        if model in self.commands:
            return EndActivation()
        return self._answer("choose_command", view, model)

    def duel_decisions(self, view: GameView, context):
        if self.decisions is not None:
            return self.decisions
        return self._answer("duel_decisions", view, context)


def _passthrough(name: str):
    def method(self, view, *args):
        return self._answer(name, view, *args)
    method.__name__ = name
    return method


for _name in ("choose_schemes", "note", "reveal_at_start", "deploy_first", "choose_zone",
              "deploy", "arrive", "discard", "buy_cards", "reflip_initiative", "go_first",
              "soulstones", "prevent", "strike", "randomized_target", "push_self", "blasts",
              "end_of_turn", "first_scheme", "scout"):
    setattr(ScriptedCommander, _name, _passthrough(_name))
