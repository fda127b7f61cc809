"""Fear: second edition's Horror Duels and first edition's Morale and Falling Back.

Second edition: a model that fails a Horror Duel (a Wp simple duel) gains Paralyzed.
First edition: a model that fails a Morale Duel (a Wp simple duel named as such) falls
back at once: it moves twice its Walk toward the nearest table edge (directly away from
the model that caused the duel when engaged with it), stopping at the edge; a model
already at the edge is sacrificed. Until it rallies, every duel but a Morale Duel takes a
negative twist. It spends its next activation rallying: no movement actions, the negative
twist still on, and it is rallied when that activation ends. A Paralyzed model does not
move when it falls back, and rallies normally.
Either way, a model that passes ignores that source of fear while it stays in its area.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Literal

from .duels import DuelDecisions, Duelist, SimpleDuelResult, simple_duel
from .errors import RulesError
from .ruleset import Ruleset, get_ruleset

if TYPE_CHECKING:
    from .deck import FateDeck

__all__ = [
    "FearResult",
    "MoraleState",
    "end_activation",
    "fear_duel",
    "negative_twists_from_fear",
    "start_activation",
]


@dataclass(frozen=True, slots=True)
class MoraleState:
    """A first-edition model's state of nerve: steady, falling back, or rallying (during
    the activation it spends to rally)."""

    falling_back: bool = False
    rallying: bool = False

    @property
    def steady(self) -> bool:
        return not (self.falling_back or self.rallying)


STEADY = MoraleState()


@dataclass(frozen=True, slots=True)
class FearResult:
    """The outcome of a fear duel. ``effect``: "none" (passed), "paralyzed" (second
    edition), "falls_back" or "sacrificed" (first edition). ``move_inches``: the fall back
    move (0 when none or Paralyzed); ``away_from_cause``: it moves directly away from the
    model that caused the duel instead of toward the edge."""

    duel: SimpleDuelResult
    passed: bool
    effect: Literal["none", "paralyzed", "falls_back", "sacrificed"]
    move_inches: int
    away_from_cause: bool
    state: MoraleState


def fear_duel(
    model: Duelist,
    tn: int,
    deck: FateDeck,
    decisions: DuelDecisions | None = None,
    *,
    walk: int = 0,
    at_table_edge: bool = False,
    engaged_with_cause: bool = False,
    paralyzed: bool = False,
    state: MoraleState = STEADY,
    ruleset: Ruleset | str | None = None,
) -> FearResult:
    """A Horror Duel (second edition) or Morale Duel (first edition): ``model`` uses its
    Wp as ``stat`` against ``tn``. ``walk`` and the position flags only matter in first
    edition, where a failure makes the model fall back."""
    rules = get_ruleset(ruleset)
    if walk < 0:
        raise RulesError("Walk cannot be negative.")
    kind = "Horror Duel" if rules.fear == "horror" else "Morale Duel"
    duel = simple_duel(model, tn, (), deck, decisions, purpose=kind, ruleset=rules)
    if duel.success:
        return FearResult(duel, True, "none", 0, False, state)
    if rules.fear == "horror":
        return FearResult(duel, False, "paralyzed", 0, False, state)
    if at_table_edge and not paralyzed:
        return FearResult(duel, False, "sacrificed", 0, False, state)
    move = 0 if paralyzed else 2 * walk
    return FearResult(duel, False, "falls_back", move, engaged_with_cause and not paralyzed,
                      replace(state, falling_back=True))


def negative_twists_from_fear(state: MoraleState, *, morale_duel: bool = False) -> int:
    """Negative twists a first-edition model's duel takes: one while falling back or
    rallying, except on a Morale Duel."""
    return 0 if morale_duel or state.steady else 1


def start_activation(state: MoraleState) -> tuple[MoraleState, bool]:
    """(state, may_take_movement_actions) at the start of an activation: a model falling
    back spends this activation rallying and may not move."""
    if state.falling_back:
        return MoraleState(falling_back=False, rallying=True), False
    return state, True


def end_activation(state: MoraleState) -> MoraleState:
    """A rallying model is rallied once its activation ends."""
    return STEADY if state.rallying else state
