"""Declared state machines: states and allowed moves in one place, illegal moves refused
with an error that names the allowed ones. Used by campaign weeks (and later games)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass


class IllegalTransition(ValueError):
    """A state change the lifecycle does not allow; the message lists what is allowed."""


@dataclass(frozen=True)
class StateMachine:
    initial: str
    transitions: Mapping[str, Sequence[str]]

    def allowed_from(self, state: str) -> tuple[str, ...]:
        return tuple(self.transitions.get(state, ()))

    def check(self, current: str, target: str) -> None:
        allowed = self.allowed_from(current)
        if target not in allowed:
            options = ", ".join(str(s) for s in allowed) or "none (final state)"
            raise IllegalTransition(
                f"Cannot move from {current!s} to {target!s}; allowed: {options}.")

    def path(self, current: str, target: str) -> list[str]:
        """The shortest chain of moves from ``current`` to ``target`` (breadth first)."""
        frontier, seen = [[current]], {current}
        while frontier:
            route = frontier.pop(0)
            if route[-1] == target:
                return route[1:]
            for nxt in self.allowed_from(route[-1]):
                if nxt not in seen:
                    seen.add(nxt)
                    frontier.append([*route, nxt])
        raise IllegalTransition(f"There is no way from {current!s} to {target!s}.")
