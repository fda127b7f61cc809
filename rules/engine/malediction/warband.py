"""War band validation: every problem at once, each with a code, a message and the card.

A war band is a Seeker, its Legacy, one terrain card, a deck of 30-50 cards (units, spells,
items) and an optional side deck of at most 7. Copy limits by rank (Basic 3, Elite 2,
Unique 1; Legendary only as the Seeker) count the deck and the side deck together, so any
side-deck swap that keeps the sizes also keeps the limits (docs/rules-decisions.md). Every
sigil on a card must be on the Seeker; a card without sigils fits any deck.

Nothing raises: ``validate`` returns a list of ``Problem`` (empty = legal), so a form can
show them all and write nothing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .cards import COPY_LIMITS, Card, Item, Legacy, Rank, Relic, Seeker, Spell, TerrainCard, Unit
from .modes import DECK_MAX, DECK_MIN, SIDE_DECK_MAX

__all__ = ["PROBLEM_CODES", "Problem", "WarBand", "swap_side_deck", "validate", "validate_swap"]

#: Every code ``validate``/``validate_swap`` can return (the app translates by code).
PROBLEM_CODES = (
    "seeker_missing", "seeker_not_legendary", "legacy_missing", "legacy_mismatch",
    "terrain_missing", "deck_too_small", "deck_too_large", "side_deck_too_large",
    "copy_limit", "legendary_in_deck", "relic_in_deck", "not_a_deck_card", "sigil_not_on_seeker",
    "swap_card_not_in_deck", "swap_card_not_in_side_deck",
)


@dataclass(frozen=True, slots=True)
class Problem:
    """One reason a war band is refused. ``card`` is the card at fault (``None`` for sizes)."""

    code: str
    message: str
    card: Card | None = None
    #: Numbers behind the message (count, limit, missing sigils) for the app's own wording.
    data: dict = field(default_factory=dict, compare=False, hash=False)

    @property
    def card_name(self) -> str | None:
        return self.card.name if self.card is not None else None


@dataclass(frozen=True, slots=True)
class WarBand:
    """Deck and side deck list each copy (a card three times = three copies)."""

    seeker: Seeker | None
    legacy: Legacy | None
    terrain: TerrainCard | None
    deck: tuple[Card, ...] = ()
    side_deck: tuple[Card, ...] = ()

    @classmethod
    def from_counts(cls, seeker, legacy, terrain, deck: Iterable[tuple[Card, int]],
                    side_deck: Iterable[tuple[Card, int]] = ()) -> WarBand:
        """Build from (card, count) pairs, as a list text or a form gives them."""
        return cls(seeker, legacy, terrain,
                   tuple(c for c, n in deck for _ in range(n)),
                   tuple(c for c, n in side_deck for _ in range(n)))

    def counts(self, which: str = "deck") -> Counter:
        return Counter(c.name for c in getattr(self, which))


def _distinct(cards: Iterable[Card]) -> list[Card]:
    """One card per name, in first-seen order (messages in list order, deterministic)."""
    seen: dict[str, Card] = {}
    for card in cards:
        seen.setdefault(card.name, card)
    return list(seen.values())


def _check_sizes(deck_size: int, side_size: int) -> list[Problem]:
    problems = []
    if deck_size < DECK_MIN:
        problems.append(Problem("deck_too_small",
                                f"The deck has {deck_size} cards; it needs at least {DECK_MIN}.",
                                data={"count": deck_size, "limit": DECK_MIN}))
    if deck_size > DECK_MAX:
        problems.append(Problem("deck_too_large",
                                f"The deck has {deck_size} cards; it may hold at most {DECK_MAX}.",
                                data={"count": deck_size, "limit": DECK_MAX}))
    if side_size > SIDE_DECK_MAX:
        problems.append(Problem(
            "side_deck_too_large",
            f"The side deck has {side_size} cards; it may hold at most {SIDE_DECK_MAX}.",
            data={"count": side_size, "limit": SIDE_DECK_MAX}))
    return problems


def _check_card(card: Card, seeker: Seeker | None, where: str) -> list[Problem]:
    problems = []
    if isinstance(card, Relic):
        problems.append(Problem("relic_in_deck",
                                f"{card.name} is a relic: relics come from the relic deck, "
                                f"never from a {where}.", card))
        return problems
    if not isinstance(card, (Unit, Spell, Item)):
        problems.append(Problem("not_a_deck_card",
                                f"{card.name} is a {card.kind} card; a {where} holds units, "
                                f"spells and items only.", card))
        return problems
    if card.rank is Rank.LEGENDARY:
        problems.append(Problem("legendary_in_deck",
                                f"{card.name} is Legendary: a Legendary card is only ever your "
                                f"Seeker, never in the {where}.", card))
    if seeker is not None and not card.sigils <= seeker.sigils:
        missing = sorted(card.sigils - seeker.sigils)
        problems.append(Problem(
            "sigil_not_on_seeker",
            f"{card.name} bears {', '.join(missing)}, which {seeker.name} does not bear.",
            card, {"missing": missing}))
    return problems


def validate(band: WarBand) -> list[Problem]:
    """Every problem with the war band (empty when it is legal)."""
    problems: list[Problem] = []
    seeker = band.seeker
    if seeker is None:
        problems.append(Problem("seeker_missing", "Choose a Seeker."))
    elif not isinstance(seeker, Seeker) or seeker.rank is not Rank.LEGENDARY:
        problems.append(Problem("seeker_not_legendary",
                                f"{seeker.name} is not a Seeker (a Legendary unit).", seeker))
        seeker = None
    if band.legacy is None:
        problems.append(Problem("legacy_missing", "Choose the Legacy of your Seeker."))
    elif band.seeker is not None and band.legacy.seeker != band.seeker.name:
        problems.append(Problem(
            "legacy_mismatch",
            f"{band.legacy.name} is the Legacy of {band.legacy.seeker}, not of "
            f"{band.seeker.name}.", band.legacy, {"seeker": band.legacy.seeker}))
    if band.terrain is None:
        problems.append(Problem("terrain_missing", "Choose one terrain card."))
    problems += _check_sizes(len(band.deck), len(band.side_deck))
    for where, cards in (("deck", band.deck), ("side deck", band.side_deck)):
        already = {p.card_name for p in problems if p.card is not None}
        for card in _distinct(cards):
            if card.name not in already:
                problems += _check_card(card, seeker, where)
    problems += _check_copies(band.deck + band.side_deck)
    return problems


def _check_copies(cards: Sequence[Card]) -> list[Problem]:
    counts = Counter(c.name for c in cards)
    problems = []
    for card in _distinct(cards):
        rank = getattr(card, "rank", None)
        if rank is None or rank is Rank.LEGENDARY:
            continue  # relics and Legendary cards are refused on their own
        limit = COPY_LIMITS[rank]
        if counts[card.name] > limit:
            problems.append(Problem(
                "copy_limit",
                f"{card.name} is {rank.value.capitalize()}: at most {limit} "
                f"{'copy' if limit == 1 else 'copies'} in deck and side deck together, "
                f"not {counts[card.name]}.", card, {"count": counts[card.name], "limit": limit}))
    return problems


def swap_side_deck(band: WarBand, out_of_deck: Sequence[Card],
                   into_deck: Sequence[Card]) -> tuple[WarBand, list[Problem]]:
    """The war band after moving ``out_of_deck`` to the side deck and ``into_deck`` from it.

    Returns the new band and the problems (the band unchanged when there are any): each card
    must be where it is taken from, and the deck stays 30-50 and the side deck at most 7.
    """
    deck = list(band.deck)
    side = list(band.side_deck)
    problems: list[Problem] = []
    for card in out_of_deck:
        if card in deck:
            deck.remove(card)
            side.append(card)
        else:
            problems.append(Problem("swap_card_not_in_deck",
                                    f"{card.name} is not in the deck to swap out.", card))
    for card in into_deck:
        if card in side:
            side.remove(card)
            deck.append(card)
        else:
            problems.append(Problem("swap_card_not_in_side_deck",
                                    f"{card.name} is not in the side deck to swap in.", card))
    problems += _check_sizes(len(deck), len(side))
    if problems:
        return band, problems
    return WarBand(band.seeker, band.legacy, band.terrain, tuple(deck), tuple(side)), []


def validate_swap(band: WarBand, out_of_deck: Sequence[Card],
                  into_deck: Sequence[Card]) -> list[Problem]:
    """The problems with a side-deck swap (empty when it is allowed)."""
    return swap_side_deck(band, out_of_deck, into_deck)[1]
