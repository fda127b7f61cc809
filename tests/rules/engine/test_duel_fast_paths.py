"""The duel engine's fast paths give exactly the plain engine's answers.

``simple_duel``, ``opposed_duel``, the greedy decisions and ``damage_flip`` had their small
steps written out (totals, fate modifiers, the one-card choice, the ruleset checks skipped
when no Soulstone is used, the trigger offer skipped without triggers, ``wins_with``
without property calls, the damage-cutting band, a ruleset found by its key, the damage
twists, the one-card damage flip, damage without Armor). ``pre_fast_duels`` and
``pre_fast_damage`` are the modules as they were; each duel here is fought by both, from
decks in the same state, and must give the same result, events and decks.
``FateDeck.flip(1)`` pops its card; ``Card.code`` is made with the card; the Blast
Markers' touch test is a plain loop; the Terrifying models are cached for the last model
list: each is held to the plain form too.
"""

from __future__ import annotations

import math
from dataclasses import fields
from types import SimpleNamespace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.engine import duels
from rules.engine.cards import FULL_DECK, RED_JOKER, Card, Suit
from rules.engine.damage import damage_flip
from rules.engine.deck import FateDeck
from rules.engine.ruleset import FIRST_EDITION, SECOND_EDITION
from rules.engine.simulation import actions
from rules.engine.simulation.actions import BLAST_RADIUS, terrifying_models, under_blasts
from rules.engine.simulation.geometry import snap

from . import pre_fast_damage as plain_damage
from . import pre_fast_duels as plain

_settings = settings(max_examples=400, deadline=None,
                     suppress_health_check=[HealthCheck.too_slow])

_suits = st.sampled_from(list(Suit))
_suit_lists = st.lists(_suits, max_size=2).map(tuple)
_trigger_suits = st.lists(st.lists(_suits, min_size=1, max_size=2).map(tuple), max_size=2)
_POLICIES = ("greedy", "to_win", "never")


def _decisions(module, policy: str):
    return {"greedy": module.GreedyDecisions, "to_win": module.CheatToWin,
            "never": module.NeverCheat}[policy]()


@st.composite
def _deck_states(draw):
    """A seed and what happened to the deck before the duel: cards drawn into the hand,
    cards flipped and discarded (a long run forces a reshuffle during the duel)."""
    return draw(st.integers(0, 2**32)), draw(st.integers(0, 7)), draw(st.integers(0, 52))


def _deck(state) -> FateDeck:
    seed, hand, gone = state
    deck = FateDeck(seed)
    deck.draw(hand)
    gone = min(gone, deck.remaining - 4)
    if gone > 0:
        deck.discard(deck.flip(gone))
    return deck


def _deck_view(deck: FateDeck):
    return deck.draw_pile, deck.hand, deck.discard_pile, deck.in_play, deck.shuffles


@st.composite
def _duelists(draw, *, first_edition: bool, defender: bool = False):
    """Keyword arguments for a ``Duelist`` (the same for both modules)."""
    can = draw(st.booleans())
    stone = None
    card = False
    if can and not first_edition:
        twist, suit = draw(st.booleans()), draw(st.none() | _suits)
        stone = draw(st.sampled_from([None, (twist, suit)]))
    if can and first_edition:
        card = draw(st.booleans())
    return {
        "stat": draw(st.integers(0, 9)),
        "positive": draw(st.integers(0, 3)),
        "negative": draw(st.integers(0, 3)),
        "suits": draw(_suit_lists),
        "bonus": draw(st.integers(0, 2)),
        "can_use_soulstones": can,
        "stone": stone,
        "focused": 0 if defender else draw(st.integers(0, 2)),
        "defensive": draw(st.integers(0, 2)),
        "is_df_duel": draw(st.booleans()),
        "triggers": [(f"t{i}", suits) for i, suits in enumerate(draw(_trigger_suits))],
        "name": "D" if defender else "A",
        "soulstone_card": card,
    }


def _build(module, spec: dict):
    spec = dict(spec)
    stone = spec.pop("stone")
    soulstone = None if stone is None else module.SoulstoneUse(twist=stone[0], suit=stone[1])
    triggers = tuple(module.Trigger(name, suits) for name, suits in spec.pop("triggers"))
    return module.Duelist(soulstone=soulstone, triggers=triggers, **spec)


def _plain_trigger(trigger):
    return None if trigger is None else (trigger.name, trigger.suits)


def _plain_stone(stone):
    return None if stone is None else (stone.twist, stone.suit)


def _plain_side(side):
    return (side.role, side.name, side.flip, side.card, side.card.code, side.total, side.suits,
            _plain_trigger(side.trigger), _plain_stone(side.soulstone), side.cheat_blocked,
            side.extra_card)


def _plain_opposed(result):
    return (_plain_side(result.attacker), _plain_side(result.defender), result.tn,
            result.required_suits, result.winner, result.margin, result.cheat_order,
            result.trigger_order, result.damage_positive_twists,
            result.damage_negative_twists, result.events, result.ruleset)


def _plain_damage(result):
    if result is None:
        return None
    return (result.flip, int(result.severity), result.damage, result.unreduced_damage,
            result.blast_damage, result.blast_markers, result.positive, result.negative,
            result.cheat_blocked, _plain_damage(result.follow_up))


def _outcome(run):
    """What ``run()`` gives, or the error it raises (type name and message)."""
    try:
        return "ok", run()
    except Exception as error:  # both engines must fail the same way
        return "error", (type(error).__name__, str(error))


# -- opposed duels and their damage flip ---------------------------------------------------


@_settings
@given(data=st.data(), first_edition=st.booleans(), a_deck=_deck_states(),
       d_deck=_deck_states(), a_policy=st.sampled_from(_POLICIES),
       d_policy=st.sampled_from(_POLICIES), track=st.sampled_from(["1/2/3", "2/3b/4bb", "0/2/5"]),
       hard_to_wound=st.integers(0, 2), armor=st.integers(0, 2))
def test_opposed_duels_are_the_plain_ones(data, first_edition, a_deck, d_deck, a_policy,
                                          d_policy, track, hard_to_wound, armor):
    attacker = data.draw(_duelists(first_edition=first_edition))
    defender = data.draw(_duelists(first_edition=first_edition, defender=True))
    tn = None if first_edition else data.draw(st.none() | st.integers(4, 20))
    required = () if first_edition else data.draw(_suit_lists)
    ruleset = "m1e" if first_edition else data.draw(st.sampled_from([None, "m2e",
                                                                      SECOND_EDITION]))
    outcomes = []
    for module in (duels, plain):
        a, d = _deck(a_deck), _deck(d_deck)

        def run(module=module, a=a, d=d):
            result = module.opposed_duel(
                _build(module, attacker), _build(module, defender), a, d, tn=tn,
                required_suits=required, attacker_decisions=_decisions(module, a_policy),
                defender_decisions=_decisions(module, d_policy), purpose="Claws",
                ruleset=ruleset)
            hurt = None
            if result.winner == "attacker":
                hurt = module.resolve_damage(result, track, a, armor=armor,
                                             hard_to_wound=hard_to_wound,
                                             decisions=_decisions(module, a_policy))
            return _plain_opposed(result), _plain_damage(hurt)

        outcomes.append((_outcome(run), _deck_view(a), _deck_view(d)))
    assert outcomes[0] == outcomes[1]


@_settings
@given(data=st.data(), first_edition=st.booleans(), deck=_deck_states(),
       policy=st.sampled_from(_POLICIES), tn=st.integers(0, 20))
def test_simple_duels_are_the_plain_ones(data, first_edition, deck, policy, tn):
    duelist = data.draw(_duelists(first_edition=first_edition))
    required = data.draw(_suit_lists | st.sampled_from(["rams", "R, tomes", None]))
    ruleset = FIRST_EDITION if first_edition else data.draw(st.sampled_from([None, "m2e"]))
    outcomes = []
    for module in (duels, plain):
        cards = _deck(deck)

        def run(module=module, cards=cards):
            result = module.simple_duel(_build(module, duelist), tn, required, cards,
                                        _decisions(module, policy), purpose="Wp",
                                        ruleset=ruleset)
            return (_plain_side(result.side), result.tn, result.required_suits,
                    result.success, result.events, result.ruleset)

        outcomes.append((_outcome(run), _deck_view(cards)))
    assert outcomes[0] == outcomes[1]


@st.composite
def _stacked(draw):
    """Both decks stacked: each side's flip and hand drawn from the whole Fate Deck, so
    close margins, Jokers and cheats that cut the damage band come up often."""
    cards = draw(st.permutations(FULL_DECK))
    a_flip, a_hand = draw(st.integers(1, 4)), draw(st.integers(0, 6))
    d_flip, d_hand = draw(st.integers(1, 4)), draw(st.integers(0, 6))
    a_cards, rest = cards[:a_flip + a_hand], cards[a_flip + a_hand:]
    d_cards = rest[:d_flip + d_hand]
    return ((a_cards[:a_flip], a_cards[a_flip:]), (d_cards[:d_flip], d_cards[d_flip:]))


def _stacked_deck(part) -> FateDeck:
    top, hand = part
    others = [c for c in FULL_DECK if c not in top and c not in hand]
    return FateDeck.stacked([*top, *others], hand=hand, seed=7)


@_settings
@given(stacked=_stacked(), a_stat=st.integers(0, 9), d_stat=st.integers(0, 9),
       a_twist=st.integers(-3, 3), d_twist=st.integers(-3, 3),
       tn=st.none() | st.integers(4, 18), required=_suit_lists,
       policy=st.sampled_from(_POLICIES), track=st.sampled_from(["1/2/3", "2/4/6"]))
def test_stacked_duels_are_the_plain_ones(stacked, a_stat, d_stat, a_twist, d_twist, tn,
                                          required, policy, track):
    outcomes = []
    for module in (duels, plain):
        a, d = _stacked_deck(stacked[0]), _stacked_deck(stacked[1])

        def run(module=module, a=a, d=d):
            result = module.opposed_duel(
                module.Duelist(a_stat, positive=max(a_twist, 0), negative=max(-a_twist, 0)),
                module.Duelist(d_stat, positive=max(d_twist, 0), negative=max(-d_twist, 0),
                               is_df_duel=True),
                a, d, tn=tn, required_suits=required,
                attacker_decisions=_decisions(module, policy),
                defender_decisions=_decisions(module, policy))
            hurt = None
            if result.winner == "attacker":
                hurt = module.resolve_damage(result, track, a,
                                             decisions=_decisions(module, policy))
            return _plain_opposed(result), _plain_damage(hurt)

        outcomes.append((_outcome(run), _deck_view(a), _deck_view(d)))
    assert outcomes[0] == outcomes[1]


def test_duelist_fields_are_in_the_order_attacks_pass_them():
    """``actions.resolve_attack`` builds its two Duelists with positional arguments (a
    class called with keywords passes them through a dict): the fields must keep this
    order."""
    assert [f.name for f in fields(duels.Duelist) if f.init][:12] == [
        "stat", "positive", "negative", "suits", "bonus", "can_use_soulstones", "soulstone",
        "focused", "defensive", "is_df_duel", "triggers", "name"]


@pytest.mark.parametrize("stat", [0, 5, -1, True, False, 2.0, "3", None])
def test_duelist_checks_are_the_plain_ones(stat):
    """A plain int skips ``Duelist``'s isinstance checks; every other stat is checked."""
    class Big(int):
        pass

    for value in (stat, Big(4)) if stat == 5 else (stat,):
        new = _outcome(lambda value=value: duels.Duelist(value).fixed_suits)
        old = _outcome(lambda value=value: plain.Duelist(value).fixed_suits)
        assert new == old


# -- damage flips -----------------------------------------------------------------------------


@_settings
@given(deck=_deck_states(), margin=st.none() | st.integers(0, 15),
       positive=st.integers(-1, 3), negative=st.integers(0, 3), hard_to_wound=st.integers(0, 2),
       focused=st.integers(0, 2), stone=st.booleans(), armor=st.integers(-1, 3),
       ruleset=st.sampled_from([None, "m2e", "m1e", " M2E ", "m3e", SECOND_EDITION,
                                FIRST_EDITION]),
       action=st.sampled_from([None, "charge"]),
       track=st.sampled_from(["1/2/3", "Dg 2/3b/4bb", "0/0/0"]),
       policy=st.sampled_from(_POLICIES))
def test_damage_flips_are_the_plain_ones(deck, margin, positive, negative, hard_to_wound,
                                         focused, stone, armor, ruleset, action, track, policy):
    outcomes = []
    for module, flip in ((duels, damage_flip), (plain, plain_damage.damage_flip)):
        cards = _deck(deck)

        def run(module=module, flip=flip, cards=cards):
            return _plain_damage(flip(
                track, cards, margin=margin, positive=positive, negative=negative,
                hard_to_wound=hard_to_wound, defender_soulstone=stone, focused=focused,
                armor=armor, decisions=_decisions(module, policy), ruleset=ruleset,
                action=action))

        outcomes.append((_outcome(run), _deck_view(cards)))
    assert outcomes[0] == outcomes[1]


# -- the deck and the cards ------------------------------------------------------------------


def _plain_flip(deck: FateDeck, n: int) -> list[Card]:
    """``FateDeck.flip`` before its one-card shortcut (2524b8b)."""
    draw = deck._draw
    if n <= len(draw):
        if n <= 0:
            return deck.flip(n)  # the checks, unchanged
        out = draw[-n:]
        del draw[-n:]
        out.reverse()
    else:
        out = deck._take(n, "flip")
    deck._in_play.extend(out)
    return out


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32),
       steps=st.lists(st.tuples(st.sampled_from(["flip", "draw", "discard", "cheat"]),
                                st.integers(0, 4)), max_size=80))
def test_one_card_flips_are_the_plain_ones(seed, steps):
    new, old = FateDeck(seed), FateDeck(seed)
    for verb, n in steps:
        if verb == "flip":
            if n > new.remaining + len(new.discard_pile):
                continue
            assert new.flip(n) == _plain_flip(old, n)
        elif verb == "draw":
            if n > new.remaining + len(new.discard_pile):
                continue
            new.draw(n)
            old.draw(n)
        elif verb == "discard":
            new.discard(new.in_play)
            old.discard(old.in_play)
        elif new.hand:
            new.play_from_hand(new.hand[0])
            old.play_from_hand(old.hand[0])
        assert _deck_view(new) == _deck_view(old)
        new.check_conservation()


def test_card_codes_are_made_with_the_card():
    """``Card.code`` is a slot filled when the card is made: no part of equality, hashing or
    the repr, and a named Red Joker carries its own."""
    for card in FULL_DECK:
        twin = Card(card.value, card.suit, card.joker)
        assert twin == card and hash(twin) == hash(card) and twin.code == card.code
        assert "code" not in repr(card)
    named = RED_JOKER.named("tomes")
    assert named.code == "RJ:T" and RED_JOKER.code == "RJ" and named != RED_JOKER
    assert named.identity is RED_JOKER


# -- blast markers ----------------------------------------------------------------------------


def _plain_under_blasts(models, target, placed):
    """The touch test as ``_blasts`` wrote it before (2524b8b): ``any`` over the markers."""
    return [m for m in models if m.in_play and m is not target
            and any(math.hypot(m.x - x, m.y - y) <= m.r + BLAST_RADIUS + 1e-6
                    for x, y in placed)]


_coords = st.floats(0.0, 36.0, allow_nan=False)


@settings(max_examples=300, deadline=None)
@given(bases=st.lists(st.tuples(_coords, _coords, st.sampled_from([0.6, 0.8, 1.0, 1.2]),
                                st.booleans()), min_size=1, max_size=12),
       placed=st.lists(st.tuples(_coords, _coords), max_size=3), near=st.booleans())
def test_models_under_blasts_are_the_plain_ones(bases, placed, near):
    models = [SimpleNamespace(x=x, y=y, r=r, in_play=in_play) for x, y, r, in_play in bases]
    target = models[0]
    if near and models[1:]:
        # A marker exactly at the touching distance of a model (the boundary case).
        m = models[1]
        m.x = 0.0
        placed = [*placed, (m.r + BLAST_RADIUS + 1e-6, m.y)]
    assert under_blasts(models, target, placed) == _plain_under_blasts(models, target, placed)


# -- Terrifying models ------------------------------------------------------------------------


def _model(terrifying: int):
    return SimpleNamespace(p=SimpleNamespace(talents=SimpleNamespace(terrifying=terrifying)))


@settings(max_examples=200, deadline=None)
@given(flags=st.lists(st.integers(0, 2), max_size=10), more=st.lists(st.integers(0, 2),
                                                                      max_size=3))
def test_terrifying_models_are_the_plain_ones(flags, more):
    """The cached answer is the plain filter for the same list, follows the list as it grows
    (a summon), and another list of the same length gets its own answer; one entry."""
    models = [_model(f) for f in flags]
    assert terrifying_models(models) == tuple(m for m in models if m.p.talents.terrifying)
    assert terrifying_models(models) == tuple(m for m in models if m.p.talents.terrifying)
    models.extend(_model(f) for f in more)
    assert terrifying_models(models) == tuple(m for m in models if m.p.talents.terrifying)
    other = [_model(2) for _ in models]
    assert terrifying_models(other) == tuple(other)
    assert actions._TERRIFYING[0] is other and len(actions._TERRIFYING) == 3


# -- Walk paths -------------------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(points=st.lists(st.tuples(_coords, _coords), min_size=0, max_size=3),
       as_list=st.booleans())
def test_walk_paths_are_the_plain_ones(points, as_list):
    """A one-leg path is snapped without the list the longer ones build."""
    path = list(points) if as_list else tuple(points)
    assert actions._path(path) == tuple([(snap(p[0]), snap(p[1])) for p in points])
