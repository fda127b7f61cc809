"""Flips with decisions in between, over the engine's pure functions.

The book wants every Aftermath flip made one at a time, with the choice to Cheat made
before the next flip. The engine's functions (``rules.engine.aftermath``) take a card
source and a ``cheat`` callback and run to the end; here they run over the Aftermath's
seeded deck, from its current position, with the answers the player has given so far.
When the engine asks a question that has no answer yet, the run stops with that
``Question``; once answered, the same run is replayed from the same cards and goes one
question further. Replaying is exact because the deck is a seed and a position.
No database here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext

from rules.engine.cards import Card
from rules.engine.deck import FateDeck
from rules.engine.errors import RulesError


@dataclass(frozen=True)
class Question:
    """The engine turned ``card`` over for ``purpose``: Cheat it with one of ``hand``?"""

    purpose: str
    card: str
    hand: tuple[str, ...]
    #: Cards turned over so far in this run (a reflip discards them all).
    dealt: int = 1

    def as_dict(self) -> dict:
        return {"purpose": self.purpose, "card": self.card, "hand": list(self.hand),
                "dealt": self.dealt}


@dataclass
class Run:
    """A finished run: the engine's ``result``, the cards it dealt (in order) and the
    hand cards cheated in."""

    result: Any
    dealt: list[str] = field(default_factory=list)
    cheated: list[str] = field(default_factory=list)


class _Stop(Exception):
    """Control flow only: never leaves ``run``."""

    def __init__(self, question: Question) -> None:
        self.question = question


class Dealer:
    """Turns cards over from ``FateDeck(seed)`` starting after ``skip`` cards (each card
    is discarded once turned over, as ``rules.engine.deck.deal`` does)."""

    def __init__(self, seed: int, skip: int) -> None:
        self.deck = FateDeck(seed)
        self.dealt: list[str] = []
        for _ in range(skip):
            self._next()

    def _next(self) -> Card:
        card = self.deck.flip(1)[0]
        self.deck.discard([card])
        return card

    def __call__(self, purpose: str = "") -> Card:
        card = self._next()
        self.dealt.append(card.code)
        return card


def run(engine: Callable[..., Any], *, seed: int, skip: int, hand: Sequence[str],
        answers: Sequence[str | None], ask_empty: bool = False, **kwargs) -> Run | Question:
    """Run ``engine(draw, cheat=..., **kwargs)`` with ``answers`` to its Cheat questions.

    An answer is a hand card's code or None (no Cheat). With no cards left in hand the
    engine is never asked (there is nothing to decide), except for its first question
    when ``ask_empty`` says a reflip may be offered there (Surgical Tools, the Library):
    the player then keeps the card or reflips it. A card that is not in the hand is a
    ``RulesError``.
    """
    dealer = Dealer(seed, skip)
    left = list(hand)
    cheated: list[str] = []
    asked = 0

    def cheat(purpose: str, card: Card) -> Card | None:
        nonlocal asked
        if not left and not (ask_empty and asked == 0):
            return None
        if asked >= len(answers):
            raise _Stop(Question(purpose, card.code, tuple(left), len(dealer.dealt)))
        answer = answers[asked]
        asked += 1
        if answer is None:
            return None
        played = Card.parse(answer)
        if played.code not in left:
            raise RulesError(
                gettext("%(code)s is not in the Aftermath hand (%(join)s).")
                % {"code": played.code, "join": ", ".join(left)}
            )
        left.remove(played.code)
        cheated.append(played.code)
        return played

    try:
        result = engine(dealer, cheat=cheat, **kwargs)
    except _Stop as stop:
        return stop.question
    if asked < len(answers):
        raise RulesError(gettext("More Cheat answers were given than the flips asked for."))
    return Run(result, dealer.dealt, cheated)
