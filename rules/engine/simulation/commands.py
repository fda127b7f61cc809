"""What a commander can tell an active model to do, as small immutable values.

A commander returns one command per question; the engine checks it against the rules and
raises ``IllegalCommand`` (nothing spent) when it breaks one. Each command has a compact
JSON form (``to_json``/``command_from_json``), used in the decision log that replays a game.

``Interact.what`` names the Interact: "scheme_marker" (place one at ``at``),
"remove_markers" (enemy Scheme Markers in base contact), "claim" (a Squat Marker,
``target`` is its marker id), "stake" (Stake a Claim, new Claim Marker at ``at``),
"distract", "cursed_object", "deliver" (enemy model ``target``), "shake_distracted",
"shake_curse" (itself), "douse" (a Burning model ``target`` within 2").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import IllegalCommand
from .geometry import Point

__all__ = [
    "INTERACTS",
    "Attack",
    "Charge",
    "Command",
    "DefensiveStance",
    "EndActivation",
    "Focus",
    "Interact",
    "Tactical",
    "Walk",
    "command_from_json",
]

INTERACTS = ("scheme_marker", "remove_markers", "claim", "stake", "distract", "cursed_object",
             "deliver", "shake_distracted", "shake_curse", "douse")


def _point(p: Any) -> Point:
    return (round(float(p[0]), 1), round(float(p[1]), 1))


#: Not frozen (the same eq and hash): commanders build many a turn, and a frozen
#: dataclass's ``__init__`` sets every field through ``object.__setattr__``. Read-only.
@dataclass(slots=True, unsafe_hash=True)
class Walk:
    """(1) Walk along ``path`` (waypoints after the start; the last one is where it ends)."""

    path: tuple[Point, ...]

    def to_json(self) -> list:
        return ["w", [list(p) for p in self.path]]


#: Not frozen (the same eq and hash): commanders build many a turn, and a frozen
#: dataclass's ``__init__`` sets every field through ``object.__setattr__``. Read-only.
@dataclass(slots=True, unsafe_hash=True)
class Charge:
    """(2) Charge ``target``: a straight move to ``to``, then two 1 AP Close attacks
    (``attacks`` names them; empty means the first Close attack in range, twice)."""

    target: str
    to: Point
    attacks: tuple[str, ...] = ()
    #: Spend Focused on the Charge: it is removed when the first attack is declared
    #: and gives that attack its twists (docs/rules-decisions.md).
    focus: bool = False

    def to_json(self) -> list:
        out = ["c", self.target, list(self.to), list(self.attacks)]
        return [*out, 1] if self.focus else out


#: Not frozen (the same eq and hash): commanders build many a turn, and a frozen
#: dataclass's ``__init__`` sets every field through ``object.__setattr__``. Read-only.
@dataclass(slots=True, unsafe_hash=True)
class Attack:
    """An attack action from the card against ``target``; ``focus`` spends Focused."""

    action: str
    target: str
    focus: bool = False

    def to_json(self) -> list:
        return ["a", self.action, self.target, int(self.focus)]


#: Not frozen (the same eq and hash): commanders build many a turn, and a frozen
#: dataclass's ``__init__`` sets every field through ``object.__setattr__``. Read-only.
@dataclass(slots=True, unsafe_hash=True)
class Tactical:
    """A tactical action from the card (a pulse that heals, say)."""

    action: str
    focus: bool = False
    #: The model a targeted tactical action ("Remove Poison from the target") acts on.
    target: str = ""

    def to_json(self) -> list:
        out = ["t", self.action, int(self.focus)]
        return [*out, self.target] if self.target else out


#: Not frozen (the same eq and hash): commanders build many a turn, and a frozen
#: dataclass's ``__init__`` sets every field through ``object.__setattr__``. Read-only.
@dataclass(slots=True, unsafe_hash=True)
class Interact:
    """An Interact action (see the module docstring for ``what``)."""

    what: str
    target: str | None = None
    at: Point | None = None

    def __post_init__(self) -> None:
        if self.what not in INTERACTS:
            raise IllegalCommand(f"Unknown Interact {self.what!r}; use one of {list(INTERACTS)}.")

    def to_json(self) -> list:
        return ["i", self.what, self.target, None if self.at is None else list(self.at)]


@dataclass(frozen=True, slots=True)
class Focus:
    """(1) Focus: Focused +1 until the end of the Turn."""

    def to_json(self) -> list:
        return ["f"]


@dataclass(frozen=True, slots=True)
class DefensiveStance:
    """(#) Defensive Stance: discard ``discard`` (a card code) for Defensive +``ap``."""

    ap: int = 1
    discard: str | None = None

    def to_json(self) -> list:
        return ["d", self.ap, self.discard]


@dataclass(frozen=True, slots=True)
class EndActivation:
    """End the Activation now (unspent AP are lost)."""

    def to_json(self) -> list:
        return ["e"]


Command = Walk | Charge | Attack | Tactical | Interact | Focus | DefensiveStance | EndActivation


def command_from_json(data: Any) -> Command:
    """Rebuild a command from its JSON form."""
    try:
        kind = data[0]
        if kind == "w":
            return Walk(tuple(_point(p) for p in data[1]))
        if kind == "c":
            return Charge(str(data[1]), _point(data[2]), tuple(data[3]),
                          bool(data[4]) if len(data) > 4 else False)
        if kind == "a":
            return Attack(str(data[1]), str(data[2]), bool(data[3]))
        if kind == "t":
            return Tactical(str(data[1]), bool(data[2]),
                            str(data[3]) if len(data) > 3 else "")
        if kind == "i":
            return Interact(str(data[1]), data[2], None if data[3] is None else _point(data[3]))
        if kind == "f":
            return Focus()
        if kind == "d":
            return DefensiveStance(int(data[1]), data[2])
        if kind == "e":
            return EndActivation()
    except (IndexError, TypeError, ValueError):
        pass
    raise IllegalCommand(f"{data!r} is not a command.")
