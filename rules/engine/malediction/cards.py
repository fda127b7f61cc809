"""Malediction cards as frozen dataclasses: units, Seekers and Legacies, spells,
attachments (items and relics) and terrain cards with their pieces.

Names follow the rulebook (echo, rank, sigil, Seeker, Legacy, channel, swift). A null stat
("-" on the card) is ``None``: it can never be used or altered and counts as 0 wherever an
effect depends on it (``stat``). Abilities are text: the simulator models the common ones
from a registry and lists the rest as not modelled.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .errors import InvalidCardData

__all__ = [
    "COPY_LIMITS", "Card", "DeckCard", "Item", "Legacy", "Power", "Rank", "Relic", "Seeker",
    "Spell", "SpellSpeed", "TerrainCard", "TerrainHeight", "TerrainPiece", "TerrainSize",
    "Unit", "card_cost", "parse_stat",
]


class Rank(str, Enum):
    """A card's rank (the diamond's colour): limits copies in a deck; some effects read it."""

    BASIC = "basic"
    ELITE = "elite"
    UNIQUE = "unique"
    LEGENDARY = "legendary"


#: Copies of one card a deck may hold, by rank. Legendary cards are only ever the Seeker.
COPY_LIMITS: dict[Rank, int] = {Rank.BASIC: 3, Rank.ELITE: 2, Rank.UNIQUE: 1, Rank.LEGENDARY: 0}


class SpellSpeed(str, Enum):
    """Channel: once per own activation, not mid-action. Swift: any time in the action phase."""

    CHANNEL = "channel"
    SWIFT = "swift"


class TerrainSize(str, Enum):
    LARGE = "large"
    MEDIUM = "medium"
    SMALL = "small"


class TerrainHeight(str, Enum):
    """Short (< 1") blocks movement only; tall (1" or more) also blocks LoS and LoE."""

    SHORT = "short"
    TALL = "tall"


def parse_stat(text: str | int | None) -> int | None:
    """A stat as printed: a number, or "-" (null, ``None``)."""
    if text is None or isinstance(text, int):
        return text
    text = str(text).strip()
    if text in ("-", "\u2013", "\u2014", ""):
        return None
    return int(text)


@dataclass(frozen=True, slots=True)
class Power:
    """Damage on a hit and on a graze, printed "hit/graze" (e.g. 3/1)."""

    hit: int
    graze: int

    @classmethod
    def parse(cls, text: str | None) -> Power | None:
        """"3/1" -> Power(3, 1); "-" -> None (null: no damage, counts as 0/0)."""
        if text is None or str(text).strip() in ("-", ""):
            return None
        hit, _, graze = str(text).partition("/")
        return cls(int(hit), int(graze or 0))

    def __str__(self) -> str:
        return f"{self.hit}/{self.graze}"


def _check_common(name: str, sigils: frozenset[str]) -> None:
    if not name:
        raise InvalidCardData("A card needs a name.")
    if not isinstance(sigils, frozenset):
        raise InvalidCardData(f"{name}: sigils must be a frozenset.")


def _check_cost(name: str, cost: int) -> None:
    if cost < 0:
        raise InvalidCardData(f"{name}: a cost cannot be negative ({cost}).")


@dataclass(frozen=True, slots=True)
class Unit:
    """A unit card: cost in echo, rank, stats (``None`` = null "-"), sigils, subtype.

    ``range`` 0 means melee only; ``speed`` ``None`` is a stationary unit.
    ``base_mm`` is the model's round base (the rulebook does not print sizes; 30 mm default).
    """

    name: str
    cost: int
    rank: Rank
    acc: int | None
    power: Power | None
    range: int | None
    speed: int | None
    defense: int | None
    max_hp: int | None
    sigils: frozenset[str] = frozenset()
    subtype: str = ""
    abilities: tuple[str, ...] = ()
    base_mm: int = 30

    kind = "unit"

    def __post_init__(self) -> None:
        _check_common(self.name, self.sigils)
        _check_cost(self.name, self.cost)
        if self.max_hp is not None and self.max_hp < 1:
            raise InvalidCardData(f"{self.name}: Max HP must be at least 1.")

    def stat(self, name: str) -> int:
        """A stat's value for effects: a null stat counts as 0."""
        if name in ("hit", "graze"):
            return getattr(self.power, name) if self.power is not None else 0
        value = getattr(self, name)
        return 0 if value is None else value

    @property
    def is_seeker(self) -> bool:
        return False


@dataclass(frozen=True, slots=True)
class Seeker(Unit):
    """A Legendary unit played from the Seeker zone (never from the deck); when it leaves
    the battlefield it goes back there and can be played again."""

    def __post_init__(self) -> None:
        Unit.__post_init__(self)
        if self.rank is not Rank.LEGENDARY:
            raise InvalidCardData(f"{self.name}: a Seeker is Legendary.")

    @property
    def is_seeker(self) -> bool:
        return True


@dataclass(frozen=True, slots=True)
class Legacy:
    """Tied to one Seeker (by name): sets the starting echo; abilities always on; never played."""

    name: str
    seeker: str
    starting_echo: int
    abilities: tuple[str, ...] = ()

    kind = "legacy"

    def __post_init__(self) -> None:
        _check_common(self.name, frozenset())
        if self.starting_echo < 0:
            raise InvalidCardData(f"{self.name}: starting echo cannot be negative.")


@dataclass(frozen=True, slots=True)
class Spell:
    name: str
    cost: int
    rank: Rank
    speed: SpellSpeed
    sigils: frozenset[str] = frozenset()
    abilities: tuple[str, ...] = ()

    kind = "spell"

    def __post_init__(self) -> None:
        _check_common(self.name, self.sigils)
        _check_cost(self.name, self.cost)


@dataclass(frozen=True, slots=True)
class Item:
    """An attachment from the deck: one per unit, its cost counts in kill mastery."""

    name: str
    cost: int
    rank: Rank
    sigils: frozenset[str] = frozenset()
    abilities: tuple[str, ...] = ()

    kind = "item"

    def __post_init__(self) -> None:
        _check_common(self.name, self.sigils)
        _check_cost(self.name, self.cost)


@dataclass(frozen=True, slots=True)
class Relic:
    """An attachment from the shared 15-card relic deck: no cost, no rank, never in a deck."""

    name: str
    abilities: tuple[str, ...] = ()
    sigils: frozenset[str] = frozenset()

    kind = "relic"
    cost = 0
    rank = None

    def __post_init__(self) -> None:
        _check_common(self.name, self.sigils)


@dataclass(frozen=True, slots=True)
class TerrainPiece:
    """One piece of a terrain set. ``width``/``depth`` in inches are the simulator's
    footprint (the rulebook gives none; see docs/rules-decisions.md)."""

    size: TerrainSize
    height: TerrainHeight
    width: float = 0.0
    depth: float = 0.0

    #: Default footprints (inches) by size when a pack gives none.
    DEFAULT_FOOTPRINT = {TerrainSize.LARGE: (8.0, 5.0), TerrainSize.MEDIUM: (5.0, 4.0),
                         TerrainSize.SMALL: (3.0, 3.0)}

    @property
    def footprint(self) -> tuple[float, float]:
        if self.width > 0 and self.depth > 0:
            return (self.width, self.depth)
        return self.DEFAULT_FOOTPRINT[self.size]

    @property
    def tall(self) -> bool:
        return self.height is TerrainHeight.TALL


@dataclass(frozen=True, slots=True)
class TerrainCard:
    """A terrain card: its effects apply to every piece of its set."""

    name: str
    pieces: tuple[TerrainPiece, ...] = ()
    abilities: tuple[str, ...] = ()

    kind = "terrain"

    def __post_init__(self) -> None:
        _check_common(self.name, frozenset())

    def pieces_of(self, size: TerrainSize) -> tuple[TerrainPiece, ...]:
        return tuple(p for p in self.pieces if p.size is size)


#: Cards a deck may hold by kind (the validator refuses the rest with a reason).
DeckCard = Unit | Spell | Item
Card = Unit | Seeker | Legacy | Spell | Item | Relic | TerrainCard


def card_cost(card: Card) -> int:
    """A card's cost in echo as a bid or kill mastery reads it (0 where it has none)."""
    return getattr(card, "cost", 0) or 0

