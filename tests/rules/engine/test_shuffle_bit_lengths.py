"""``deck._shuffle`` looks up ``n.bit_length()`` in ``_BIT_LENGTHS`` (built for decks up
to 64 cards, and built afresh for a longer list): the same order and the same draws as
``random.Random.shuffle`` for lists of any length, shorter and longer than the table."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engine.deck import _BIT_LENGTHS, _shuffle


def test_the_table_is_bit_length():
    assert tuple(n.bit_length() for n in range(len(_BIT_LENGTHS))) == _BIT_LENGTHS
    assert len(_BIT_LENGTHS) > 54  # a whole Fate Deck


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**64), size=st.integers(0, 300))
def test_any_length_shuffles_as_random_shuffle(seed, size):
    cards = list(range(size))
    plain = list(cards)
    rng, other = random.Random(seed), random.Random(seed)
    for _ in range(2):
        _shuffle(rng, cards)
        other.shuffle(plain)
        assert cards == plain
    assert rng.random() == other.random()  # the same draws were used up
