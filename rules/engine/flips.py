"""Flips with fate modifiers ("twists"), the Jokers' special cases, and Cheating Fate.

Positive and negative twists cancel one for one; what remains decides how many cards are
flipped (one plus one per twist, never more than four) and which of them may be chosen:
any card under positive twists, only the lowest under negative ones (ties: any of the
lowest). The Jokers override this: a flipped Black Joker must be taken, and the Red
Joker may be taken even under negative twists unless the Black Joker came up too.

Cheating Fate swaps the chosen card for one from the Control Hand. It is refused after
negative twists, after flipping one's own Black Joker, and (second edition only) when the
opponent flipped the Red Joker in the same duel; the opponent's Black Joker does not stop
anyone. Functions that depend on the edition take ``ruleset`` (second edition by default).

``Flip`` is the record of one flip (what the services store). ``flip()`` makes one from a
Fate Deck, ``table_flip()`` validates cards flipped at the table, ``cheat_fate()`` applies
a cheat to a finished flip. Duels and damage flips use the same rules through the small
functions here (``allowed_choices``, ``cheat_block_reason``) without extra allocations.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Literal

from .cards import Card, parse_cards
from .errors import IllegalCheat, IllegalChoice, RulesError
from .ruleset import Ruleset

if TYPE_CHECKING:
    from .deck import FateDeck

__all__ = [
    "BLOCKED_BY_NEGATIVE_TWIST",
    "BLOCKED_BY_OPPONENT_RED_JOKER",
    "BLOCKED_BY_OWN_BLACK_JOKER",
    "MAX_CARDS_FLIPPED",
    "Chooser",
    "Flip",
    "allowed_choices",
    "cards_to_flip",
    "cheat_block_reason",
    "cheat_fate",
    "flip",
    "highest_card",
    "may_cheat",
    "net_twist",
    "table_flip",
]

#: No flip ever turns over more than this many cards, whatever the twists.
MAX_CARDS_FLIPPED = 4

BLOCKED_BY_NEGATIVE_TWIST = "a negative twist remains on the flip after cancellation"
BLOCKED_BY_OWN_BLACK_JOKER = "the Black Joker was flipped"
BLOCKED_BY_OPPONENT_RED_JOKER = "the opponent flipped the Red Joker in this duel"

Chooser = Callable[[tuple[Card, ...]], Card]


def net_twist(positive: int, negative: int) -> int:
    """Positive minus negative twists: they cancel one for one, so only one kind remains."""
    if positive < 0 or negative < 0:
        raise RulesError("Twist counts cannot be negative; pass positive and negative apart.")
    return positive - negative


def cards_to_flip(net: int) -> int:
    """One card plus one per remaining twist, capped at four."""
    n = 1 + (net if net >= 0 else -net)
    return n if n < MAX_CARDS_FLIPPED else MAX_CARDS_FLIPPED


def allowed_choices(cards: Sequence[Card], net: int) -> tuple[Card, ...]:
    """The cards a model may choose from a flip, in flip order.

    Black Joker flipped: only it. Positive net: any card. Negative net: the lowest-value
    cards (all of them on a tie) plus the Red Joker if it was flipped. No twists: the card.
    """
    if len(cards) != cards_to_flip(net):
        raise RulesError(
            f"A flip with net twist {net:+d} turns over {cards_to_flip(net)} card(s), "
            f"not {len(cards)}."
        )
    low = 15
    for card in cards:
        joker = card.joker
        if joker is not None and joker == "black":
            return (card,)
        if card.value < low:
            low = card.value
    if net >= 0:
        return tuple(cards)
    return tuple(c for c in cards if c.value == low or c.joker == "red")


def cheat_block_reason(
    net: int,
    own_flipped: Iterable[Card],
    opponent_flipped: Iterable[Card] = (),
    *,
    ruleset: Ruleset | None = None,
) -> str | None:
    """Why Cheating Fate is not allowed on this flip, or None when it is.

    ``opponent_flipped`` holds the cards the opponent flipped in the same duel (empty for
    a simple duel or a damage flip). In first edition (``ruleset``) the opponent's Red
    Joker blocks nothing: only a net negative twist or one's own Black Joker do.
    """
    if net < 0:
        return BLOCKED_BY_NEGATIVE_TWIST
    for card in own_flipped:
        if card.joker == "black":
            return BLOCKED_BY_OWN_BLACK_JOKER
    if ruleset is not None and not ruleset.opponent_red_joker_blocks_cheating:
        return None
    for card in opponent_flipped:
        if card.joker == "red":
            return BLOCKED_BY_OPPONENT_RED_JOKER
    return None


def may_cheat(
    net: int,
    own_flipped: Iterable[Card],
    opponent_flipped: Iterable[Card] = (),
    *,
    ruleset: Ruleset | None = None,
) -> bool:
    """True when Cheating Fate is allowed (see ``cheat_block_reason``)."""
    return cheat_block_reason(net, own_flipped, opponent_flipped, ruleset=ruleset) is None


def highest_card(allowed: tuple[Card, ...]) -> Card:
    """Default chooser: the Red Joker if allowed, else the highest value (first on ties)."""
    best = allowed[0]
    for card in allowed:
        if card.value > best.value:
            best = card
    return best


#: Not frozen (the same eq and hash): a game builds thousands, and a frozen dataclass's
#: ``__init__`` sets every field through ``object.__setattr__``. Treat it as read-only.
@dataclass(slots=True, unsafe_hash=True)
class Flip:
    """The record of one flip: what was turned over, what was chosen, what was cheated in.

    Cards are kept as they sit in the deck (a Red Joker without its named suit); the suit
    named for a Red Joker belongs to the duel that used it. ``seed`` is the deck's seed
    when the cards came from the engine, None for cards flipped at the table.
    """

    purpose: str
    cards: tuple[Card, ...]
    net: int
    chosen: Card
    cheated_in: Card | None = None
    source: Literal["deck", "table"] = "deck"
    seed: int | None = None

    @property
    def final(self) -> Card:
        """The card that counts: the one cheated in, else the one chosen."""
        return self.chosen if self.cheated_in is None else self.cheated_in

    @property
    def cheated(self) -> bool:
        return self.cheated_in is not None

    @property
    def flipped_black_joker(self) -> bool:
        return any(c.joker == "black" for c in self.cards)

    @property
    def flipped_red_joker(self) -> bool:
        return any(c.joker == "red" for c in self.cards)

    @property
    def allowed(self) -> tuple[Card, ...]:
        return allowed_choices(self.cards, self.net)

    def cheat_block_reason(
        self, opponent_flipped: Iterable[Card] = (), *, ruleset: Ruleset | None = None
    ) -> str | None:
        return cheat_block_reason(self.net, self.cards, opponent_flipped, ruleset=ruleset)

    def validate(self, opponent_flipped: Iterable[Card] = (), *, ruleset: Ruleset | None = None
                 ) -> Flip:
        """Check the record against the rules (used for table flips and stored records)."""
        identities = [c.identity for c in self.cards]
        if len(set(identities)) != len(identities):
            raise RulesError(f"The same card cannot be flipped twice: {_codes(self.cards)}.")
        allowed = allowed_choices(identities, self.net)
        if self.chosen.identity not in allowed:
            raise IllegalChoice(
                f"{self.chosen} cannot be chosen from {_codes(self.cards)} with net twist "
                f"{self.net:+d}; allowed: {_codes(allowed)}."
            )
        if self.cheated_in is not None:
            reason = cheat_block_reason(self.net, identities, opponent_flipped, ruleset=ruleset)
            if reason is not None:
                raise IllegalCheat(f"Cannot Cheat Fate: {reason}.")
            if self.cheated_in.identity in identities:
                raise IllegalCheat(f"{self.cheated_in} was flipped; it cannot also be cheated in.")
        return self

    def __str__(self) -> str:
        text = f"{self.purpose or 'flip'}: {_codes(self.cards)} -> {self.chosen}"
        return text if self.cheated_in is None else f"{text}, cheated {self.cheated_in}"


def flip(
    deck: FateDeck,
    *,
    positive: int = 0,
    negative: int = 0,
    purpose: str = "",
    chooser: Chooser | None = None,
    discard: bool = True,
) -> Flip:
    """Flip from ``deck`` with the given twists and choose the active card.

    ``chooser`` receives the allowed cards and returns one (default: ``highest_card``).
    It is not asked when only one card is allowed. With ``discard`` (the default) all
    flipped cards go to the discard pile once chosen, as for any standalone flip; pass
    False to leave them in play and discard them yourself.
    """
    net = net_twist(positive, negative)
    cards = deck.flip(cards_to_flip(net))
    allowed = allowed_choices(cards, net)
    chosen = _choose(allowed, chooser or highest_card)
    if discard:
        deck.discard(cards)
    return Flip(purpose, tuple(cards), net, chosen, None, "deck", deck.seed)


def table_flip(
    cards: str | Iterable[Card | str],
    *,
    positive: int = 0,
    negative: int = 0,
    purpose: str = "",
    chosen: Card | str | None = None,
    chooser: Chooser | None = None,
    cheated_in: Card | str | None = None,
    opponent_flipped: str | Iterable[Card | str] = (),
    ruleset: Ruleset | None = None,
) -> Flip:
    """Record cards flipped at the table, checked by the same rules as an engine flip.

    Give the card chosen (or a ``chooser``; with neither, the only allowed card or the
    highest one). ``cheated_in`` is validated against the cheating restrictions.
    """
    net = net_twist(positive, negative)
    flipped = tuple(c.identity for c in parse_cards(cards))
    if len(flipped) != cards_to_flip(net):
        raise RulesError(
            f"With net twist {net:+d} the flip turns over {cards_to_flip(net)} card(s); "
            f"{len(flipped)} were entered."
        )
    if chosen is None:
        pick = _choose(allowed_choices(flipped, net), chooser or highest_card)
    else:
        pick = Card.parse(chosen).identity
    cheat = None if cheated_in is None else Card.parse(cheated_in).identity
    record = Flip(purpose, flipped, net, pick, cheat, "table", None)
    return record.validate(parse_cards(opponent_flipped), ruleset=ruleset)


def cheat_fate(
    record: Flip,
    deck: FateDeck,
    card: Card,
    *,
    opponent_flipped: Iterable[Card] = (),
    discard: bool = True,
    ruleset: Ruleset | None = None,
) -> Flip:
    """Cheat ``card`` from the deck's Control Hand into a finished flip.

    Raises IllegalCheat (with the reason) when cheating is not allowed and RulesError when
    the card is not in hand. The cheated card is discarded unless ``discard`` is False.
    """
    if record.cheated_in is not None:
        raise IllegalCheat("Fate was already cheated on this flip.")
    reason = cheat_block_reason(record.net, record.cards, opponent_flipped, ruleset=ruleset)
    if reason is not None:
        raise IllegalCheat(f"Cannot Cheat Fate: {reason}.")
    played = deck.play_from_hand(card)
    if discard:
        deck.discard((played,))
    return replace(record, cheated_in=played)


def _choose(allowed: tuple[Card, ...], chooser: Chooser) -> Card:
    if len(allowed) == 1:
        return allowed[0]
    pick = chooser(allowed)
    if pick not in allowed:
        pick = pick.identity
        if pick not in allowed:
            raise IllegalChoice(
                f"{pick} is not an allowed choice; choose one of {_codes(allowed)}."
            )
    return pick


def _codes(cards: Iterable[Card]) -> str:
    return " ".join(c.code for c in cards)
