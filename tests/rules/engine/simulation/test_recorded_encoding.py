"""The recorded duel decisions write each answer as the codec's ``encode`` does.

``_Recorded`` writes a card's code (or None) and a trigger's name (or None) itself, without
``encode``'s table lookup and call; here every card, a named Red Joker, None and triggers
go through both and must give the same decision-log entries.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from rules.engine.cards import FULL_DECK, RED_JOKER, Suit
from rules.engine.damage import DamageTrack
from rules.engine.duels import Trigger
from rules.engine.simulation.codec import encode
from rules.engine.simulation.engine import _NoCheatRecorded, _Recorded

_ANSWERS = (*FULL_DECK, RED_JOKER.named(Suit.MASKS), None)
_TRACK = DamageTrack(1, 2, 3)


class _Says:
    """Inner decisions that give ``answer`` to every question."""

    def __init__(self, answer) -> None:
        self.answer = answer

    def choose_card(self, allowed, view):
        return self.answer

    def cheat(self, view):
        return self.answer

    def declare_trigger(self, available, view):
        return self.answer

    def choose_damage_card(self, allowed, track):
        return self.answer

    def cheat_damage(self, hand, current, track):
        return self.answer


_QUESTIONS = {
    "ch": lambda r: r.choose_card((), None),
    "ct": lambda r: r.cheat(None),
    "dch": lambda r: r.choose_damage_card((), _TRACK),
    "dct": lambda r: r.cheat_damage((), None, _TRACK),
}


@pytest.mark.parametrize("tag", sorted(_QUESTIONS))
@pytest.mark.parametrize("answer", _ANSWERS, ids=lambda c: "none" if c is None else c.code)
def test_card_answers_are_encoded_as_the_codec_does(tag, answer):
    game = SimpleNamespace(decisions=[])
    recorded = _Recorded(game, 1, _Says(answer))
    assert _QUESTIONS[tag](recorded) is answer
    assert game.decisions == [[1, tag, encode(tag, answer)]]


@pytest.mark.parametrize("answer", [None, Trigger("Critical Strike", ("rams",)),
                                    Trigger("Onslaught", ("masks", "masks"))])
def test_trigger_answers_are_encoded_as_the_codec_does(answer):
    game = SimpleNamespace(decisions=[])
    recorded = _Recorded(game, 0, _Says(answer))
    assert recorded.declare_trigger((), None) is answer
    assert game.decisions == [[0, "tr", encode("tr", answer)]]


def test_a_side_that_may_not_cheat_records_no_cheat():
    game = SimpleNamespace(decisions=[])
    recorded = _NoCheatRecorded(game, 0, _Says(FULL_DECK[0]))
    assert recorded.cheat(None) is None
    assert recorded.cheat_damage((), None, _TRACK) is None
    assert recorded.choose_card((), None) is FULL_DECK[0]
    assert game.decisions == [[0, "ch", encode("ch", FULL_DECK[0])]]
