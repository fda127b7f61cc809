"""Cards of the second-edition Fate Deck.

A Fate Deck holds 54 cards: values 1-13 in each of the four suits (Rams, Crows,
Tomes, Masks), the Red Joker (value 14, a suit its owner names) and the Black Joker
(value 0, no suit). Cards are small immutable values so that flips, odds and stored
flip records all speak the same language; ``Card.code`` is the compact text form
used in the database and the API ("13R", "1M", "RJ", "BJ").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from .errors import InvalidCard


class Suit(StrEnum):
    """The four suits, named as in the rulebook.

    A standard poker deck maps Hearts=Rams, Clubs=Tomes, Spades=Crows, Diamonds=Masks.
    """

    RAMS = "rams"
    CROWS = "crows"
    TOMES = "tomes"
    MASKS = "masks"

    @property
    def letter(self) -> str:
        # A StrEnum member is its value: indexing the string skips the slow ``.value``.
        return self[0].upper()

    @classmethod
    def parse(cls, text: str | Suit) -> Suit:
        """Accept a suit by name ("rams"), letter ("R") or poker name ("hearts")."""
        if isinstance(text, Suit):
            return text
        key = str(text).strip().lower()
        for suit in cls:
            if key in (suit.value, suit.value.rstrip("s"), suit.letter.lower()):
                return suit
        if key in _POKER_SUITS:
            return _POKER_SUITS[key]
        raise InvalidCard(f"Unknown suit {text!r}: use rams, crows, tomes or masks.")


_POKER_SUITS = {
    "hearts": Suit.RAMS,
    "clubs": Suit.TOMES,
    "spades": Suit.CROWS,
    "diamonds": Suit.MASKS,
}

RED_JOKER_VALUE = 14
BLACK_JOKER_VALUE = 0


@dataclass(frozen=True, slots=True, order=False)
class Card:
    """One Fate Deck card.

    ``joker`` is "red", "black" or None. A Red Joker's ``suit`` is None while it sits
    in the deck; the owner names its suit when it is used (see ``Card.named``), which
    returns a copy carrying the named suit.
    """

    value: int
    suit: Suit | None = None
    joker: str | None = None
    #: Compact text form: "13R", "1M", "RJ" (or "RJ:T" once its suit is named), "BJ".
    #: Made once with the card (a handful of cards, read on every flip, event and
    #: decision written); no part of equality, hashing or repr.
    code: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.joker is None:
            if not 1 <= self.value <= 13 or self.suit is None:
                raise InvalidCard(f"A suited card needs a value 1-13 and a suit, got {self!r}.")
        elif self.joker == "red":
            if self.value != RED_JOKER_VALUE:
                raise InvalidCard("The Red Joker has value 14.")
        elif self.joker == "black":
            if self.value != BLACK_JOKER_VALUE or self.suit is not None:
                raise InvalidCard("The Black Joker has value 0 and no suit.")
        else:
            raise InvalidCard(f"Unknown joker {self.joker!r}.")
        object.__setattr__(self, "code", self._make_code())

    @property
    def is_red_joker(self) -> bool:
        return self.joker == "red"

    @property
    def is_black_joker(self) -> bool:
        return self.joker == "black"

    @property
    def is_joker(self) -> bool:
        return self.joker is not None

    def _make_code(self) -> str:
        if self.joker is None:
            by_value = _SUITED_CODES.get(self.suit)
            if by_value is not None and type(self.value) is int:
                return by_value[self.value]
            return f"{self.value}{self.suit.letter}"
        if self.is_black_joker:
            return "BJ"
        if self.is_red_joker:
            return "RJ" if self.suit is None else f"RJ:{self.suit.letter}"
        return f"{self.value}{self.suit.letter}"

    @property
    def identity(self) -> Card:
        """The card as it sits in the deck (a named Red Joker loses its named suit)."""
        return RED_JOKER if self.is_red_joker else self

    def named(self, suit: Suit | str) -> Card:
        """The Red Joker with the suit its owner names; other cards are returned as they are."""
        if not self.is_red_joker:
            return self
        return Card(RED_JOKER_VALUE, Suit.parse(suit), "red")

    def __str__(self) -> str:
        return self.code

    @classmethod
    def parse(cls, text: str | Card) -> Card:
        """Parse a card code: "13R", "1m", "RJ", "RJ:T" (a named Red Joker), "BJ".

        Face names are accepted for convenience: "KR" (13), "QC", "JT", "AM" (1).
        """
        if isinstance(text, Card):
            return text
        raw = str(text).strip().upper()
        if raw == "BJ":
            return BLACK_JOKER
        if raw == "RJ":
            return RED_JOKER
        if raw.startswith("RJ:"):
            return RED_JOKER.named(raw[3:])
        if len(raw) < 2:
            raise InvalidCard(f"{text!r} is not a card: write a value and a suit, e.g. 13R.")
        value_text, suit_text = raw[:-1], raw[-1]
        value_text = _FACES.get(value_text, value_text)
        if not (value_text.isascii() and value_text.isdigit()):  # not "²" or other scripts
            raise InvalidCard(f"{text!r} is not a card: write a value and a suit, e.g. 13R.")
        value = int(value_text)
        if not 1 <= value <= 13:
            raise InvalidCard(f"{text!r}: card values run from 1 to 13.")
        return cls(value, Suit.parse(suit_text))


_FACES = {"A": "1", "J": "11", "Q": "12", "K": "13"}

#: Suit -> the codes of its cards by value (index 0 unused), shared by the cards' codes.
_SUITED_CODES: dict[Suit, tuple[str, ...]] = {
    suit: ("", *(f"{value}{suit.letter}" for value in range(1, 14))) for suit in Suit
}

RED_JOKER = Card(RED_JOKER_VALUE, None, "red")
BLACK_JOKER = Card(BLACK_JOKER_VALUE, None, "black")

#: The 54 cards of a Fate Deck in a fixed, documented order (suits in rulebook order,
#: values ascending, then the Red and Black Jokers). Shuffles start from this order.
FULL_DECK: tuple[Card, ...] = (
    *(Card(value, suit) for suit in Suit for value in range(1, 14)),
    RED_JOKER,
    BLACK_JOKER,
)


def parse_cards(codes: str | list[str] | tuple[str, ...]) -> list[Card]:
    """Parse a comma/space separated string or a list of card codes."""
    if isinstance(codes, str):
        codes = [c for c in codes.replace(",", " ").split() if c]
    return [Card.parse(c) for c in codes]
