"""A player's Fate Deck: draw pile, Control Hand, discard pile and the cards in play.

Every card the deck owns is always in exactly one of four places: the draw pile, the
Control Hand, the discard pile, or "in play" (flipped or cheated in and not yet
discarded). ``check_conservation`` proves it; the property tests hammer it.

Randomness comes from a ``random.Random`` seeded once, so a recorded seed reproduces the
deck: ``FateDeck(seed).flip(n)`` gives the same cards every time, and so does any other
fixed sequence of operations. ``FateDeck.fresh()`` takes its seed from ``secrets`` for
flips made on the server; ``FateDeck.stacked()`` puts known cards on top for tests and
worked examples.

Internally each pile is a list whose *end* is its top (``pop()`` is O(1)); the public
views (``draw_pile``, ``hand``, ``discard_pile``, ``in_play``) are tuples, top first.
"""

from __future__ import annotations

import random
import secrets
from collections import Counter
from collections.abc import Iterable

from .cards import FULL_DECK, Card
from .errors import EngineBug, InvalidCard, RulesError

__all__ = ["DEFAULT_HAND_SIZE", "FateDeck", "deal"]

#: Control Hand size at the start of an Encounter; abilities may change it per deck.
DEFAULT_HAND_SIZE = 6


def _sort_key(card: Card) -> tuple[int, str]:
    return (card.value, card.suit.value if card.suit else "")


class FateDeck:
    """One player's Fate Deck (54 cards unless other cards are given)."""

    __slots__ = (
        "_discard",
        "_draw",
        "_hand",
        "_in_play",
        "_rng",
        "cards",
        "hand_size",
        "seed",
        "shuffles",
    )

    def __init__(
        self,
        seed: int | None = None,
        *,
        cards: Iterable[Card | str] | None = None,
        hand_size: int = DEFAULT_HAND_SIZE,
        shuffle: bool = True,
    ) -> None:
        """Build a deck from ``cards`` (the full Fate Deck by default), shuffled by ``seed``.

        A seed of None draws one from ``secrets`` (same as ``fresh()``). With
        ``shuffle=False`` the cards stay in the given order, the first on top.
        """
        if seed is None:
            seed = secrets.randbits(64)
        if hand_size < 0:
            raise RulesError("A Control Hand size cannot be negative.")
        if cards is None:
            owned = FULL_DECK  # each card once by construction: nothing to check
        else:
            owned = tuple(Card.parse(c).identity for c in cards)
            _reject_duplicates(owned)
        self.seed: int = seed
        self.cards: tuple[Card, ...] = owned
        self.hand_size: int = hand_size
        #: How many times the discard pile was shuffled into a new draw pile.
        self.shuffles: int = 0
        self._rng = random.Random(seed)
        self._draw: list[Card] = list(reversed(owned))
        if shuffle:
            _shuffle(self._rng, self._draw)
        self._hand: list[Card] = []
        self._discard: list[Card] = []
        self._in_play: list[Card] = []

    # -- construction ---------------------------------------------------------------

    @classmethod
    def fresh(cls, *, hand_size: int = DEFAULT_HAND_SIZE) -> FateDeck:
        """A full, shuffled deck with an unpredictable seed (kept in ``seed`` for the record)."""
        return cls(secrets.randbits(64), hand_size=hand_size)

    @classmethod
    def stacked(
        cls,
        cards_top_first: Iterable[Card | str],
        *,
        hand: Iterable[Card | str] = (),
        discard: Iterable[Card | str] = (),
        seed: int = 0,
        hand_size: int = DEFAULT_HAND_SIZE,
    ) -> FateDeck:
        """A deck whose draw pile is exactly ``cards_top_first`` (no shuffle), for tests.

        The deck owns only the cards given (draw pile, hand and discard pile together);
        ``seed`` only matters once the discard pile is shuffled into a new draw pile.
        """
        top_first = [Card.parse(c).identity for c in cards_top_first]
        in_hand = [Card.parse(c).identity for c in hand]
        discarded = [Card.parse(c).identity for c in discard]
        deck = cls(
            seed, cards=[*top_first, *in_hand, *discarded], hand_size=hand_size, shuffle=False
        )
        deck._draw = top_first[::-1]
        deck._hand = in_hand
        deck._discard = discarded
        return deck

    # -- views ----------------------------------------------------------------------

    @property
    def draw_pile(self) -> tuple[Card, ...]:
        """The draw pile, top card first."""
        return tuple(reversed(self._draw))

    @property
    def hand(self) -> tuple[Card, ...]:
        """The Control Hand in the order the cards were drawn."""
        return tuple(self._hand)

    @property
    def discard_pile(self) -> tuple[Card, ...]:
        """The discard pile, top (most recently discarded) card first."""
        return tuple(reversed(self._discard))

    @property
    def in_play(self) -> tuple[Card, ...]:
        """Cards flipped or cheated in that have not been discarded yet."""
        return tuple(self._in_play)

    @property
    def remaining(self) -> int:
        """Cards left in the draw pile."""
        return len(self._draw)

    def check_conservation(self) -> None:
        """Raise EngineBug unless draw + hand + discard + in play equals the deck's cards."""
        found = Counter(self._draw) + Counter(self._hand) + Counter(self._discard)
        found += Counter(self._in_play)
        if found != Counter(self.cards) or sum(found.values()) != len(self.cards):
            raise EngineBug(f"Fate Deck lost or duplicated cards: {self!r}.")

    def __repr__(self) -> str:
        return (
            f"FateDeck(seed={self.seed}, draw={len(self._draw)}, hand={len(self._hand)}, "
            f"discard={len(self._discard)}, in_play={len(self._in_play)}, "
            f"shuffles={self.shuffles})"
        )

    # -- moving cards ---------------------------------------------------------------

    def flip(self, n: int = 1) -> list[Card]:
        """Turn over ``n`` cards from the top of the draw pile; they stay in play.

        When the draw pile runs out (even part-way through a flip) the discard pile is
        shuffled to form a new draw pile. Cards already turned over in this flip are in
        play, not discarded, so they are not shuffled back.
        """
        draw = self._draw
        if n == 1 and draw:  # the usual flip: one card, without slicing (same card)
            card = draw.pop()
            self._in_play.append(card)
            return [card]
        if n <= len(draw):
            if n <= 0:
                if n == 0:
                    return []
                raise RulesError("Cannot flip a negative number of cards.")
            out = draw[-n:]
            del draw[-n:]
            out.reverse()
        else:
            out = self._take(n, "flip")
        self._in_play.extend(out)
        return out

    def draw(self, n: int = 1) -> list[Card]:
        """Draw ``n`` cards into the Control Hand (reshuffling the discard pile if needed)."""
        if n < 0:
            raise RulesError("Cannot draw a negative number of cards.")
        if n <= len(self._draw):
            out = self._draw[-n:] if n else []
            del self._draw[len(self._draw) - n :]
            out.reverse()
        else:
            out = self._take(n, "draw")
        self._hand.extend(out)
        return out

    def refill_hand(self) -> list[Card]:
        """Draw up to ``hand_size`` cards in hand (a hand already that large draws nothing)."""
        return self.draw(max(0, self.hand_size - len(self._hand)))

    def play_from_hand(self, card: Card) -> Card:
        """Move a card from the Control Hand into play (to Cheat Fate or pay a cost)."""
        card = card.identity
        try:
            self._hand.remove(card)
        except ValueError:
            raise RulesError(
                f"{card} is not in the Control Hand ({_codes(self._hand) or 'empty'})."
            ) from None
        self._in_play.append(card)
        return card

    def discard(self, cards: Iterable[Card]) -> None:
        """Put cards that are in play (or in the Control Hand) on the discard pile, in order.

        The last card given ends on top. A card that is neither in play nor in hand is
        refused, so a card can never be discarded twice.
        """
        in_play, hand, pile = self._in_play, self._hand, self._discard
        for card in cards:
            joker = card.joker
            if joker is not None and joker == "red":
                card = card.identity
            if card in in_play:
                in_play.remove(card)
            elif card in hand:
                hand.remove(card)
            else:
                raise RulesError(f"{card} is neither in play nor in the Control Hand.")
            pile.append(card)

    def discard_hand(self) -> list[Card]:
        """Discard the whole Control Hand (returns the cards discarded)."""
        cards = list(self._hand)
        self.discard(cards)
        return cards

    def shuffle_discard_into_draw(self) -> None:
        """Shuffle the discard pile and put it under the current draw pile.

        Used when the draw pile is empty; also available for effects that reshuffle.
        """
        pile = self._discard
        self._discard = []
        _shuffle(self._rng, pile)
        pile.extend(self._draw)  # the old draw pile stays on top
        self._draw = pile
        self.shuffles += 1

    def reshuffle(self) -> None:
        """Shuffle the discard pile *together with* the draw pile (the Draw Phase's first
        step, "shuffle the Discard Pile back into the Fate Deck"). The Control Hand and
        cards in play stay where they are."""
        pile = self._draw
        pile.extend(self._discard)
        self._discard = []
        _shuffle(self._rng, pile)
        self.shuffles += 1

    # -- internals ------------------------------------------------------------------

    def _take(self, n: int, verb: str) -> list[Card]:
        """Take ``n`` cards from the top, reshuffling the discard pile when the pile runs out."""
        if n > len(self._draw) + len(self._discard):
            raise RulesError(
                f"Cannot {verb} {n} cards: only {len(self._draw)} in the draw pile and "
                f"{len(self._discard)} in the discard pile."
            )
        out: list[Card] = []
        for _ in range(n):
            if not self._draw:
                self.shuffle_discard_into_draw()
            out.append(self._draw.pop())
        return out


def _shuffle(rng: random.Random, cards: list[Card]) -> None:
    """``rng.shuffle(cards)`` with ``Random._randbelow`` written out: the same draws and
    the same order, without a Python call per card (a game shuffles its decks often)."""
    if type(rng) is not random.Random:
        rng.shuffle(cards)  # a subclass may draw differently
        return
    getrandbits = rng.getrandbits
    bits = _BIT_LENGTHS
    if len(cards) >= len(bits):  # n runs up to len(cards)
        bits = [n.bit_length() for n in range(len(cards) + 1)]
    for i in reversed(range(1, len(cards))):
        n = i + 1
        k = bits[n]  # n.bit_length(), looked up: no method call per card
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


#: ``n.bit_length()`` for every n a Fate Deck shuffle draws below (a deck holds 54 cards).
_BIT_LENGTHS = tuple(n.bit_length() for n in range(65))


def _reject_duplicates(cards: tuple[Card, ...]) -> None:
    if len(set(cards)) != len(cards):
        dupes = sorted((c for c, k in Counter(cards).items() if k > 1), key=_sort_key)
        raise InvalidCard(f"A Fate Deck holds each card once; repeated: {_codes(dupes)}.")


def _codes(cards: Iterable[Card]) -> str:
    return ", ".join(c.code for c in cards)


def deal(seed: int, skip: int, n: int) -> list[Card]:
    """Cards ``skip + 1`` to ``skip + n`` turned over one at a time from ``FateDeck(seed)``.

    A long series of flips from one deck (an Aftermath: the hand, then every flip) is
    stored as a seed and a position, so each flip can be replayed on its own. Each card
    is discarded after it is turned over, so the deck reshuffles when it runs out
    instead of failing.
    """
    if skip < 0 or n < 0:
        raise RulesError("Cannot deal a negative number of cards.")
    deck = FateDeck(seed)
    out: list[Card] = []
    for i in range(skip + n):
        card = deck.flip(1)[0]
        deck.discard([card])
        if i >= skip:
            out.append(card)
    return out
