"""The odds count's fast paths and caches give exactly the plain count's answers.

``second_edition_hit_odds`` counts a duel where nobody can cheat (how a commander weighs
an attack) by a shortcut (``_DuelCounter._count_flipped``); the general count shares flip
states, decks and damage mixtures between duels through caches keyed by what they are
built from; ``Card.code`` reads a table. Each is held here to the plain computation:
the counts are integer sums, so the odds are compared as exact fractions.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.engine import duel_counting
from rules.engine.cards import BLACK_JOKER, FULL_DECK, RED_JOKER, Card, Suit
from rules.engine.duel_counting import (
    DuelistSpec,
    DuelSpec,
    _deck_without,
    _DuelCounter,
    _mixture_of,
    _prepare,
    _states_of,
    clear_counting_cache,
    second_edition_hit_odds,
    second_edition_odds,
)
from rules.engine.duels import DUEL_POLICIES
from rules.engine.odds import clear_odds_cache

_settings = settings(max_examples=100, deadline=None,
                     suppress_health_check=[HealthCheck.too_slow])

_suits = st.sampled_from(list(Suit))
_suit_lists = st.lists(_suits, max_size=2).map(tuple)
_triggers = st.lists(st.lists(_suits, min_size=1, max_size=2).map(tuple), max_size=2).map(tuple)
_tracks = st.sampled_from([None, (1, 2, 3), (2, 3, 4), (1, 3, 5), (0, 2, 6), (2, 4, 6),
                           (3, 4, 5)])
_hands = st.lists(st.sampled_from(FULL_DECK), min_size=1, max_size=6, unique=True).map(tuple)


def _plain_hit_odds(spec: DuelSpec):
    """P(win) and the damage odds of the general count (the one that also tallies the
    suits, margins and cheats), every cache emptied first."""
    clear_odds_cache()
    full = second_edition_odds(spec)
    return full.p_win, full.damage


# -- hit odds without hands (the fast path) -----------------------------------------------


@st.composite
def _no_cheat_side(draw, *, defender: bool) -> DuelistSpec:
    """A duelist with no card to cheat with: no hand, a hand kept ("never"), or only the
    Black Joker (never cheated in). A hand still takes its cards out of the deck."""
    hand_kind = draw(st.sampled_from(["none", "none", "kept", "black joker"]))
    hand, cheat = (), "to_win"
    if hand_kind == "kept":
        hand, cheat = draw(_hands), "never"
    elif hand_kind == "black joker":
        hand = (BLACK_JOKER,)
    can = draw(st.booleans())
    return DuelistSpec(
        stat=draw(st.integers(0, 9)),
        positive=draw(st.integers(0, 4)),
        negative=draw(st.integers(0, 4)),
        bonus=draw(st.integers(-2, 2)),
        suits=draw(_suit_lists),
        can_use_soulstones=can,
        soulstone_twist=can and draw(st.booleans()),
        soulstone_suit=draw(st.sampled_from([None, *Suit])) if can else None,
        focused=0 if defender else draw(st.integers(0, 3)),
        defensive=draw(st.integers(0, 2)) if defender else 0,
        hand=hand,
        cheat=cheat,
        trigger_suits=draw(_triggers),
    )


@st.composite
def _no_cheat_duels(draw) -> DuelSpec:
    simple = draw(st.integers(0, 3)) == 0
    return DuelSpec(
        attacker=draw(_no_cheat_side(defender=False)),
        defender=None if simple else draw(_no_cheat_side(defender=True)),
        tn=draw(st.integers(1, 16)) if simple else draw(st.none() | st.integers(1, 16)),
        required_suits=draw(_suit_lists),
        trigger_suits=draw(_triggers),
        damage=draw(_tracks),
        armor=draw(st.integers(0, 2)),
        hard_to_wound=draw(st.integers(0, 4)),
        policy=draw(st.sampled_from(sorted(DUEL_POLICIES))),
    )


def _takes_fast_path(spec: DuelSpec) -> bool:
    counter = _DuelCounter(spec)
    return not counter.attacker.cheat_cards and (
        counter.simple or not counter.defender.cheat_cards)


@_settings
@given(_no_cheat_duels())
def test_hit_odds_without_cheating_are_those_of_the_full_count(spec):
    assert _takes_fast_path(spec)
    fast = second_edition_hit_odds(spec)  # the caches warm from earlier examples
    assert fast == _plain_hit_odds(spec)
    assert second_edition_hit_odds(spec) == fast  # and again, from the caches it filled


@_settings
@given(_no_cheat_duels(), st.integers(0, 2), st.integers(0, 2))
def test_the_commanders_attacks_hit_as_fully_counted(spec, focused, defensive):
    """The specs ``heuristic.attack_odds`` builds: no hands, an opposed duel with Focused,
    Defensive and Hard to Wound reaching the damage flip."""
    attacker = DuelistSpec(max(1, spec.attacker.stat), positive=spec.attacker.positive,
                           negative=spec.attacker.negative, focused=focused)
    defender = DuelistSpec(max(1, spec.attacker.stat + spec.attacker.bonus),
                           negative=min(spec.attacker.negative, 1), defensive=defensive)
    duel = DuelSpec(attacker, defender, tn=spec.tn, damage=spec.damage or (2, 3, 4),
                    hard_to_wound=spec.hard_to_wound)
    assert second_edition_hit_odds(duel) == _plain_hit_odds(duel)


def test_the_fast_path_is_the_one_taken_without_cheat_cards(monkeypatch):
    """The property above checks the shortcut, not the general loop: it runs for every
    duel where no side can cheat, and only for those."""
    calls = []
    real = _DuelCounter._count_flipped

    def spy(self, *args):
        calls.append(self.spec)
        return real(self, *args)

    monkeypatch.setattr(_DuelCounter, "_count_flipped", spy)
    plain = DuelSpec(DuelistSpec(5, positive=1), DuelistSpec(5, defensive=1), tn=10,
                     damage=(2, 3, 4))
    kept = replace(plain, attacker=replace(plain.attacker, hand=parse("13R 1M"), cheat="never"))
    cheats = replace(plain, attacker=replace(plain.attacker, hand=parse("13R 1M")))
    defender_cheats = replace(plain, defender=replace(plain.defender, hand=parse("9C")))
    for spec in (plain, kept, cheats, defender_cheats):
        second_edition_hit_odds(spec)
    assert calls == [plain, kept]
    second_edition_odds(plain)  # the full count tallies everything: never the shortcut
    assert calls == [plain, kept]


def parse(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(code) for code in text.split())


def test_ties_go_to_the_attacker_on_the_fast_path():
    """A hand-counted case: equal stats, no twist, no TN, one card each from its own full
    deck. The attacker wins when its card is at least the defender's (ties included, two
    Black Jokers too)."""
    spec = DuelSpec(DuelistSpec(5), DuelistSpec(5), damage=(1, 2, 3))
    wins = sum(1 for a in FULL_DECK for d in FULL_DECK if a.value >= d.value)
    p_win, _ = second_edition_hit_odds(spec)
    assert p_win * 54 * 54 == wins
    assert second_edition_hit_odds(spec) == _plain_hit_odds(spec)


# -- the general count's caches, with hands ------------------------------------------------


@st.composite
def _side_with_hand(draw, hand, *, defender: bool) -> DuelistSpec:
    return DuelistSpec(
        stat=draw(st.integers(2, 8)),
        positive=draw(st.integers(0, 3)),
        negative=draw(st.integers(0, 3)),
        suits=draw(_suit_lists),
        focused=0 if defender else draw(st.integers(0, 2)),
        defensive=draw(st.integers(0, 2)) if defender else 0,
        hand=hand,
        cheat=draw(st.sampled_from(["to_win", "to_win", "never"])),
    )


@st.composite
def _duel_families(draw) -> list[DuelSpec]:
    """A few duels that share hands (as the many duels of one deck do), so that a cache
    filled by one is read by another, with both the same and different flip sizes."""
    hands = draw(st.lists(st.one_of(st.just(()), _hands), min_size=2, max_size=3))
    specs = []
    for _ in range(draw(st.integers(2, 4))):
        simple = draw(st.integers(0, 3)) == 0
        attacker = draw(_side_with_hand(draw(st.sampled_from(hands)), defender=False))
        defender = None if simple else draw(
            _side_with_hand(draw(st.sampled_from(hands)), defender=True))
        specs.append(DuelSpec(
            attacker, defender,
            tn=draw(st.integers(5, 15)) if simple else draw(st.sampled_from([None, 10, 13])),
            required_suits=draw(_suit_lists),
            damage=draw(_tracks),
            hard_to_wound=draw(st.integers(0, 2)),
            policy=draw(st.sampled_from(sorted(DUEL_POLICIES))),
        ))
    return specs


def _answers(spec: DuelSpec):
    return second_edition_odds(spec), second_edition_hit_odds(spec)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_duel_families(), st.randoms(use_true_random=False))
def test_cached_counts_are_the_uncached_ones_in_any_order(specs, rng):
    reference = []
    for spec in specs:
        clear_odds_cache()
        full, hit = _answers(spec)
        assert hit == (full.p_win, full.damage)  # the hit count with hands: the full one's
        reference.append((full, hit))
    # Without clearing: each duel reads what the others left in the caches.
    for order in (list(range(len(specs))), list(reversed(range(len(specs)))),
                  rng.sample(range(len(specs)), len(specs))):
        for i in order:
            assert _answers(specs[i]) == reference[i]
        for i in order:
            assert second_edition_hit_odds(specs[i]) == reference[i][1]


def _sides(spec: DuelSpec):
    """The prepared sides as ``_DuelCounter`` builds them."""
    counter = _DuelCounter(spec)
    return [s for s in (counter.attacker, counter.defender) if s is not None], counter


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_duel_families())
def test_each_cache_holds_what_it_would_build_anew(specs):
    """A side's deck by its hand, its flip states by (hand, flip size, twist, missing
    suits) and a state's damage mixture: what the caches give back is what the
    functions build uncached (``__wrapped__``), whatever other hands came first."""
    for spec in specs:
        second_edition_odds(spec)
    for spec in specs:
        sides, counter = _sides(spec)
        for side in sides:
            assert _deck_without(side.hand) == tuple(c for c in FULL_DECK if c not in side.hand)
            assert side.deck == _deck_without(side.hand)
            key = (side.hand, side.n, side.negative, side.missing)
            assert _states_of(*key) == _states_of.__wrapped__(*key)
        a = counter.attacker
        for state in counter.a_states:
            for n, negative in ((1, False), (2, False), (2, True), (3, True), (4, False)):
                for cheat_to in {None, counter.hand_best_after.get(None)}:
                    args = (a.hand, a.n, a.negative, a.missing, state, n, negative,
                            None if negative else cheat_to, counter.scale)
                    assert _mixture_of(*args) == _mixture_of.__wrapped__(*args)


def test_sides_with_the_same_hand_share_states_but_not_other_hands():
    """The flip states are keyed by the hand: two hands of the same size (the same
    deck size, the same flip) give different states, the same hand the same object."""
    clear_counting_cache()
    low, high = parse("1R 2R 3R"), parse("13R 13M 13T")
    a = _prepare(DuelistSpec(5, hand=low), 1, 0, (), ())
    b = _prepare(DuelistSpec(5, hand=high), 1, 0, (), ())
    again = _prepare(DuelistSpec(6, hand=tuple(reversed(low))), 1, 0, (), ())
    states = [_states_of(s.hand, s.n, s.negative, s.missing) for s in (a, b, again)]
    assert states[0] is states[2]
    assert states[0] != states[1]
    assert a.deck is again.deck and a.deck != b.deck


def test_clearing_the_counting_cache_empties_the_new_caches():
    second_edition_odds(DuelSpec(DuelistSpec(5, hand=parse("5R")), DuelistSpec(4), tn=10,
                                 damage=(2, 3, 4)))
    assert _states_of.cache_info().currsize and _deck_without.cache_info().currsize
    assert _mixture_of.cache_info().currsize
    clear_counting_cache()
    for cached in (_states_of, _deck_without, _mixture_of, duel_counting._flip_outcomes):
        assert cached.cache_info().currsize == 0


def test_a_damage_mixture_is_the_sum_over_the_states_flips():
    """``_mixture_of`` written out: each attacker flip left behind a state, its damage
    flip's band weights times its ways, summed (no cache at all)."""
    clear_counting_cache()
    rng = random.Random(5)
    for _ in range(6):
        hand = frozenset(rng.sample(FULL_DECK, rng.randint(0, 4)))
        n, negative = rng.choice([(1, False), (2, False), (2, True), (3, False)])
        _, states, _ = _states_of.__wrapped__(hand, n, negative, ())
        deck = tuple(c for c in FULL_DECK if c not in hand)
        scale = duel_counting._common_denominator(len(deck) - n)
        for state, rest in list(states.items())[:8]:
            for d_n, d_negative in ((1, False), (3, False), (2, True)):
                plain = [0] * duel_counting.N_BANDS
                for left, ways in rest.items():
                    weights = duel_counting._damage_flip.__wrapped__(
                        left, d_n, d_negative, None, scale)
                    for band, weight in enumerate(weights):
                        plain[band] += weight * ways
                assert _mixture_of(hand, n, negative, (), state, d_n, d_negative, None,
                                   scale) == tuple(plain)


# -- Card.code -------------------------------------------------------------------------------


def _plain_code(card: Card) -> str:
    """``Card.code`` as it was before its table."""
    if card.is_black_joker:
        return "BJ"
    if card.is_red_joker:
        return "RJ" if card.suit is None else f"RJ:{card.suit.letter}"
    return f"{card.value}{card.suit.letter}"


@pytest.mark.parametrize("card", [*FULL_DECK, RED_JOKER, BLACK_JOKER,
                                  *(RED_JOKER.named(s) for s in Suit)], ids=str)
def test_card_codes_are_the_plain_ones(card):
    assert card.code == _plain_code(card)
    assert str(card) == _plain_code(card)
    assert Card.parse(card.code) == card
    if card.joker is None:
        fresh = Card(card.value, card.suit)  # built anew, not the deck's object
        assert fresh.code == _plain_code(card)


def test_every_suited_code_is_told_apart():
    codes = [c.code for c in FULL_DECK]
    assert len(set(codes)) == len(FULL_DECK) == 54
    assert sum(1 for c in FULL_DECK if c.joker is None) == 52
