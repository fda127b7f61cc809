"""Victory Points for one Encounter: a crew's ``Score`` kept within a preset of limits.

The rules manual caps what a crew can earn (VICTORY POINT LIMITS): at most 4 VP from the
Strategy and 3 from each of its two Schemes, so 10 in all; once a source is at its cap it
stops earning, although the crew may still deny its opponent. A Shindig (a Joker flipped
for the Strategy) adds a source, 2 VP for the first crew damaged by an enemy Attack, and
raises the total to 12.

As in tournament scoring software, the limits are small configured objects held in a
registry by key (``victory_limits("shindig")``) and read a game-state interface
(``ScoreState``), never a database row; ``Score`` is the plain in-memory state they read,
so tests build scores by hand. What a Strategy or Scheme awards is decided elsewhere: this
module only keeps the book and enforces the caps.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal, Protocol

from .errors import RulesError

__all__ = [
    "SHINDIG",
    "STANDARD",
    "Outcome",
    "Score",
    "ScoreState",
    "VPAward",
    "VictoryLimits",
    "limit_presets",
    "register_limits",
    "victory_limits",
    "winner",
]

STRATEGY = "strategy"


class ScoreState(Protocol):
    """What limits and the winner read from a crew's score."""

    @property
    def total(self) -> int: ...

    @property
    def strategy_total(self) -> int: ...

    def scheme_total(self, scheme: str) -> int: ...

    def extra_total(self, source: str) -> int: ...


@dataclass(frozen=True)
class VictoryLimits:
    """The VP caps of one kind of Encounter.

    ``extra`` names further VP sources with their caps (a Shindig's 2 VP); ``total`` caps
    the sum, whatever its sources.
    """

    key: str
    name: str
    strategy: int = 4
    per_scheme: int = 3
    schemes: int = 2
    extra: tuple[tuple[str, int], ...] = ()
    total: int = 10

    def __post_init__(self) -> None:
        caps = [self.strategy, self.per_scheme, self.schemes, self.total,
                *(cap for _, cap in self.extra)]
        if any(cap < 0 for cap in caps):
            raise ValueError(f"{self.key}: VP limits cannot be negative.")
        if STRATEGY in dict(self.extra):
            raise ValueError(f"{self.key}: {STRATEGY!r} is not an extra source.")

    @property
    def extra_caps(self) -> Mapping[str, int]:
        return MappingProxyType(dict(self.extra))

    def extra_cap(self, source: str) -> int:
        try:
            return self.extra_caps[source]
        except KeyError:
            allowed = ", ".join(self.extra_caps) or "none"
            raise RulesError(f"{self.name} has no VP source {source!r}; its extra sources: "
                             f"{allowed}.") from None

    def _room(self, state: ScoreState, cap: int, held: int) -> int:
        return max(0, min(cap - held, self.total - state.total))

    def room_for_strategy(self, state: ScoreState) -> int:
        """How many more VP the Strategy can still give this crew."""
        return self._room(state, self.strategy, state.strategy_total)

    def room_for_scheme(self, state: ScoreState, scheme: str) -> int:
        return self._room(state, self.per_scheme, state.scheme_total(scheme))

    def room_for_extra(self, state: ScoreState, source: str) -> int:
        return self._room(state, self.extra_cap(source), state.extra_total(source))


_PRESETS: dict[str, VictoryLimits] = {}


def register_limits(limits: VictoryLimits) -> VictoryLimits:
    """Add a preset to the registry (a league may define its own); keys are unique."""
    if limits.key in _PRESETS and _PRESETS[limits.key] != limits:
        raise ValueError(f"VP limits {limits.key!r} are already registered.")
    _PRESETS[limits.key] = limits
    return limits


def victory_limits(key: str) -> VictoryLimits:
    try:
        return _PRESETS[key]
    except KeyError:
        raise RulesError(f"No VP limits called {key!r}; choose one of: "
                         f"{', '.join(_PRESETS)}.") from None


def limit_presets() -> tuple[str, ...]:
    return tuple(_PRESETS)


STANDARD = register_limits(VictoryLimits("standard", "Standard Encounter"))
SHINDIG = register_limits(
    VictoryLimits("shindig", "Shindig", extra=(("shindig", 2),), total=12)
)


@dataclass(frozen=True)
class VPAward:
    """One entry in a score's book: VP asked for, VP added, and the rest cut by a cap."""

    source: str
    requested: int
    added: int
    turn: int | None = None

    @property
    def clipped(self) -> int:
        return self.requested - self.added


def _count(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise RulesError(f"{what} must be a whole number of 0 or more, got {value!r}.")
    return value


class Score:
    """One crew's VP in one Encounter.

    Strategy VP are kept per Turn (VP earned at the end of the game go on the last Turn
    played), Scheme VP per Scheme. ``reveal`` marks a Scheme revealed when the rules allow
    it; Schemes shown to the opponent when the game ends are *not* revealed for bonus VP,
    so they are not marked. Every ``add_*`` refuses VP past a cap with a RulesError, or
    with ``clip=True`` adds what fits and records the cut in ``awards``.
    """

    def __init__(self, schemes: Iterable[str], limits: VictoryLimits | str = STANDARD, *,
                 revealed: Iterable[str] = ()):
        self.limits = victory_limits(limits) if isinstance(limits, str) else limits
        names = tuple(schemes)
        if len(set(names)) != len(names):
            raise RulesError("A crew chooses two different Schemes, never the same one twice.")
        if len(names) != self.limits.schemes:
            raise RulesError(f"A crew chooses {self.limits.schemes} Schemes; got "
                             f"{len(names)}.")
        self._strategy: dict[int, int] = {}
        self._schemes: dict[str, int] = dict.fromkeys(names, 0)
        self._extra: dict[str, int] = {}
        self._revealed: set[str] = set()
        self._awards: list[VPAward] = []
        for scheme in revealed:
            self.reveal(scheme)

    # --- reading (the ScoreState interface) ---

    @property
    def strategy_total(self) -> int:
        return sum(self._strategy.values())

    def scheme_total(self, scheme: str) -> int:
        return self._schemes[self._scheme(scheme)]

    def extra_total(self, source: str) -> int:
        return self._extra.get(source, 0)

    @property
    def schemes_total(self) -> int:
        return sum(self._schemes.values())

    @property
    def total(self) -> int:
        return self.strategy_total + self.schemes_total + sum(self._extra.values())

    @property
    def schemes(self) -> tuple[str, ...]:
        return tuple(self._schemes)

    @property
    def strategy_by_turn(self) -> Mapping[int, int]:
        return MappingProxyType(dict(sorted(self._strategy.items())))

    @property
    def scheme_vp(self) -> Mapping[str, int]:
        return MappingProxyType(dict(self._schemes))

    @property
    def revealed(self) -> frozenset[str]:
        return frozenset(self._revealed)

    def is_revealed(self, scheme: str) -> bool:
        return self._scheme(scheme) in self._revealed

    @property
    def awards(self) -> tuple[VPAward, ...]:
        return tuple(self._awards)

    # --- writing ---

    def reveal(self, scheme: str) -> None:
        self._revealed.add(self._scheme(scheme))

    def add_strategy_vp(self, turn: int, n: int, *, clip: bool = False) -> VPAward:
        if isinstance(turn, bool) or not isinstance(turn, int) or turn < 1:
            raise RulesError(f"Turns are numbered from 1, got {turn!r}.")
        added = self._fit(STRATEGY, n, self.limits.room_for_strategy(self),
                          self.limits.strategy, self.strategy_total, clip)
        self._strategy[turn] = self._strategy.get(turn, 0) + added
        return self._book(VPAward(STRATEGY, n, added, turn))

    def add_scheme_vp(self, scheme: str, n: int, *, clip: bool = False) -> VPAward:
        scheme = self._scheme(scheme)
        added = self._fit(scheme, n, self.limits.room_for_scheme(self, scheme),
                          self.limits.per_scheme, self.scheme_total(scheme), clip)
        self._schemes[scheme] += added
        return self._book(VPAward(scheme, n, added))

    def add_extra_vp(self, source: str, n: int, *, clip: bool = False) -> VPAward:
        """VP from a source the preset adds (``"shindig"``)."""
        cap = self.limits.extra_cap(source)
        added = self._fit(source, n, self.limits.room_for_extra(self, source), cap,
                          self.extra_total(source), clip)
        self._extra[source] = self.extra_total(source) + added
        return self._book(VPAward(source, n, added))

    # --- helpers ---

    def _scheme(self, scheme: str) -> str:
        if scheme not in self._schemes:
            raise RulesError(f"{scheme!r} is not one of this crew's Schemes "
                             f"({', '.join(self._schemes)}).")
        return scheme

    def _fit(self, source: str, n: int, room: int, cap: int, held: int, clip: bool) -> int:
        n = _count(n, "VP")
        if n <= room or clip:
            return min(n, room)
        label = "the Strategy" if source == STRATEGY else repr(source)
        if room < cap - held:
            why = (f"{self.limits.name} allows {self.limits.total} VP in all and the crew "
                   f"has {self.total}")
        else:
            why = f"{label} gives at most {cap} VP and the crew has {held} from it"
        raise RulesError(f"{why}: at most {room} more can be earned, not {n}. Record "
                         f"{room}, or clip the award.")

    def _book(self, award: VPAward) -> VPAward:
        self._awards.append(award)
        return award

    def __repr__(self) -> str:
        return (f"Score({self.limits.key}: strategy {self.strategy_total}, "
                f"schemes {dict(self._schemes)}, extra {self._extra}, total {self.total})")


class _HasTotal(Protocol):
    @property
    def total(self) -> int: ...


@dataclass(frozen=True)
class Outcome:
    """Who won an Encounter: ``"a"``, ``"b"``, or None when both have the same VP (a tie)."""

    winner: Literal["a", "b"] | None
    vp_a: int
    vp_b: int

    @property
    def is_draw(self) -> bool:
        return self.winner is None


def winner(score_a: _HasTotal, score_b: _HasTotal) -> Outcome:
    """The crew with more VP wins; equal VP is a tie (the manual has no tie-breaker)."""
    a, b = score_a.total, score_b.total
    return Outcome(None if a == b else ("a" if a > b else "b"), a, b)
