"""Exact first-edition odds (``DuelSpec(ruleset="m1e")``): hand checks, a brute force
written from the rules, and a Monte Carlo of the engine itself.

The brute force walks every flip and every Soulstone card one by one (small duels only);
the Monte Carlo plays the duels with the engine (``opposed_duel``, ``simple_duel``,
``resolve_damage`` with ``ruleset="m1e"``) from fresh seeded decks, more than 10^5 flips
in all, and every exact probability must sit within five standard errors.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter, defaultdict
from fractions import Fraction
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.engine.cards import FULL_DECK, Card, Suit
from rules.engine.damage import Severity, apply_armor, damage_flip, damage_for
from rules.engine.deck import FateDeck
from rules.engine.duels import (
    Duelist,
    NeverCheat,
    Trigger,
    decisions_for,
    opposed_duel,
    resolve_damage,
    simple_duel,
)
from rules.engine.errors import RulesError
from rules.engine.odds import DuelistSpec, DuelSpec, duel_odds, trigger_label

M1E = "m1e"
R, C, T, M = Suit.RAMS, Suit.CROWS, Suit.TOMES, Suit.MASKS


def ss(stat: int, **kw) -> DuelistSpec:
    """A side that may add a Soulstone card."""
    return DuelistSpec(stat, can_use_soulstones=True, soulstone_card=True, **kw)


# --- Hand checks -------------------------------------------------------------------------


def test_without_soulstones_or_hands_first_edition_matches_second():
    """With no Soulstone card, no hand and no damage, only the sequence changes, and
    nothing in it can change a total: the two editions give the same odds."""
    for spec in (DuelSpec(DuelistSpec(6, positive=1), DuelistSpec(5)),
                 DuelSpec(DuelistSpec(5, negative=1), tn=13)):
        first = duel_odds(DuelSpec(spec.attacker, spec.defender, tn=spec.tn, ruleset=M1E))
        second = duel_odds(spec)
        assert first.p_win == second.p_win
        assert first.margin_distribution == second.margin_distribution
        assert first.ruleset == M1E and second.ruleset == "m2e"


def test_the_soulstone_card_counted_by_hand():
    """Wp 5 against TN 13 wins on a flip of 8 or more (25 of 54 cards). Otherwise the
    Soulstone card adds its value: flip v (0-7) and extra e win when v + e >= 8."""
    odds = duel_odds(DuelSpec(ss(5), tn=13, ruleset=M1E))
    values = [c.value for c in FULL_DECK]
    wins = 0
    for i, first in enumerate(values):
        if first >= 8:
            wins += 53
            continue
        wins += sum(1 for j, extra in enumerate(values) if j != i and first + extra >= 8)
    assert odds.p_win == Fraction(wins, 54 * 53)
    assert odds.p_win > duel_odds(DuelSpec(DuelistSpec(5), tn=13, ruleset=M1E)).p_win


def test_the_red_joker_follow_up_of_a_sure_hit_is_any_other_card():
    """A duel that cannot fail, then a damage flip: the damage card is any card but the
    duel's, so a Red Joker comes up 1 time in 54, and the second flip is then any of the
    other 53 cards (1 Black Joker, 20 weak, 20 moderate, 12 severe)."""
    odds = duel_odds(DuelSpec(DuelistSpec(20), tn=10, damage=(2, 3, 4), ruleset=M1E))
    assert odds.p_win == 1
    assert odds.damage.red_joker == Fraction(1, 54)
    assert odds.red_joker_follow_up == {
        "none": Fraction(1, 53), "weak": Fraction(20, 53),
        "moderate": Fraction(20, 53), "severe": Fraction(12, 53),
    }
    severe_plus = Fraction(20 * (4 + 2) + 20 * (4 + 3) + 12 * (4 + 4) + 4, 53)
    expected = Fraction(20 * 2 + 20 * 3 + 12 * 4, 54) + Fraction(1, 54) * severe_plus
    assert odds.expected_damage == expected
    # Second edition: the Red Joker is Severe plus Weak, always 6.
    assert duel_odds(DuelSpec(DuelistSpec(20), tn=10, damage=(2, 3, 4))).expected_damage == \
        Fraction(20 * 2 + 20 * 3 + 12 * 4 + 6, 54)


def test_a_cheat_against_the_opponents_red_joker():
    """First edition lets a side cheat when the opponent flipped the Red Joker."""
    spec = DuelSpec(DuelistSpec(3), DuelistSpec(6, hand=("13M",)))
    first = duel_odds(DuelSpec(spec.attacker, spec.defender, ruleset=M1E))
    second = duel_odds(spec)
    assert first.cheat_probability["defender"] > second.cheat_probability["defender"]
    assert first.p_win < second.p_win


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        (lambda: DuelSpec(DuelistSpec(5, can_use_soulstones=True, soulstone_twist=True),
                          tn=10, ruleset=M1E), "second card"),
        (lambda: DuelSpec(ss(5), tn=10), "cannot add a second card"),
        (lambda: DuelSpec(DuelistSpec(5, soulstone_card=True), tn=10, ruleset=M1E),
         "Masters"),
        (lambda: DuelSpec(DuelistSpec(5), DuelistSpec(5), tn=10, ruleset=M1E), "TN"),
        (lambda: DuelSpec(DuelistSpec(5), tn=10, ruleset="m3e"), "ruleset"),
        (lambda: DuelSpec(DuelistSpec(5), tn=10, policy="always"), "policy"),
    ],
)
def test_requests_the_edition_cannot_play_say_what_to_fix(spec, words):
    with pytest.raises(RulesError, match=words):
        spec()


# --- Brute force ----------------------------------------------------------------------------


def _suit(card: Card, named: Suit | None):
    if card.is_black_joker:
        return None
    return named if card.is_red_joker else card.suit


def _lacking(required, carried) -> list:
    left = list(carried)
    out = []
    for suit in required:
        if suit in left:
            left.remove(suit)
        else:
            out.append(suit)
    return out


def _first_short(wanted_lists, carried):
    for wanted in wanted_lists:
        for suit in wanted:
            if carried.count(suit) < wanted.count(suit):
                return suit
    return R


def _band(margin: int) -> int:
    return -2 if margin == 0 else -1 if margin <= 5 else 0 if margin <= 10 else 1


def brute_simple(spec: DuelSpec) -> dict:
    """Every flip (n cards) and every Soulstone card of a simple duel, card by card."""
    side, tn, required = spec.attacker, spec.tn, list(spec.required_suits)
    triggers = list(spec.trigger_suits + side.trigger_suits)
    static = list(side.suits)
    missing = _lacking(required, static)
    deck = [c for c in FULL_DECK if c not in side.hand]
    net = side.positive + side.focused - side.negative
    n = min(4, 1 + abs(net))
    rj_suit = _first_short([required, *triggers], static)
    hand = sorted((c for c in side.hand if not c.is_black_joker), key=lambda c: c.value) \
        if side.cheat == "to_win" else []
    weight_total = Fraction(0)
    p_win, margins, suits, cheats = Fraction(0), defaultdict(Fraction), Counter(), Fraction(0)
    for flipped in itertools.combinations(deck, n):
        if any(c.is_black_joker for c in flipped):
            allowed = [c for c in flipped if c.is_black_joker]
        elif net >= 0:
            allowed = list(flipped)
        else:
            low = min(c.value for c in flipped)
            allowed = [c for c in flipped if c.value == low or c.is_red_joker]

        def fits(card):
            suit = _suit(card, rj_suit)
            return not _lacking(missing, [suit] if suit else [])

        best = max((fits(c), c.value) for c in allowed)
        chosen = [c for c in allowed if (fits(c), c.value) == best]
        rest = [c for c in deck if c not in flipped]
        for main in chosen:
            p_main = Fraction(1, len(chosen))
            card, cheated = main, False
            total = side.stat + side.bonus + main.value
            if (total < tn or not fits(main)) and net >= 0 and not main.is_black_joker:
                for option in hand:
                    if side.stat + side.bonus + option.value >= tn and fits(option):
                        card, cheated = option, True
                        total = side.stat + side.bonus + option.value
                        break
            main_suit = _suit(card, rj_suit)
            carried = static + ([main_suit] if main_suit else [])
            extras = [None]
            if side.soulstone_card and (total < tn or _lacking(required, carried)):
                extras = rest
            for extra in extras:
                p = p_main * Fraction(1, len(extras))
                final, now = total, list(carried)
                if extra is not None:
                    final += extra.value
                    named = _first_short([required, *triggers], carried)
                    extra_suit = _suit(extra, named)
                    now += [extra_suit] if extra_suit else []
                weight_total += p
                won = final >= tn and not _lacking(required, now)
                p_win += p * won
                margins[final - tn] += p
                cheats += p * cheated
                for suit in Suit:
                    suits[suit] += p * (suit in now)
    combos = math.comb(len(deck), n)
    assert weight_total == combos
    return {
        "p_win": p_win / combos,
        "margins": {m: w / combos for m, w in margins.items() if w},
        "suits": {s: w / combos for s, w in suits.items()},
        "cheats": cheats / combos,
    }


def brute_opposed_one_card(spec: DuelSpec) -> dict:
    """Opposed duel, one card each, the losing side first: cheat (to win, or for the
    defender to reduce the damage band), then a Soulstone card when still losing."""
    a_spec, d_spec = spec.attacker, spec.defender
    a_deck = [c for c in FULL_DECK if c not in a_spec.hand]
    d_deck = [c for c in FULL_DECK if c not in d_spec.hand]

    def order(hand):
        return sorted((c for c in hand if not c.is_black_joker), key=lambda c: c.value)

    def changes(role, a_total, d_total, may_cheat, deck_left):
        """[(new own total, cheated?, probability)] for ``role``'s step."""
        spec_ = a_spec if role == "attacker" else d_spec
        base = spec_.stat + spec_.bonus
        own = a_total if role == "attacker" else d_total
        other = d_total if role == "attacker" else a_total
        losing = own < other if role == "attacker" else other >= own
        cheated = False
        if losing and may_cheat:
            hand = order(spec_.hand)
            wins = [c for c in hand if (base + c.value >= other if role == "attacker"
                                        else base + c.value > other)]
            pick = wins[0] if wins else None
            if pick is None and role == "defender" and spec.policy == "reduce_damage":
                options = [(_band(other - base - c.value), i, c) for i, c in enumerate(hand)]
                options.sort(key=lambda o: (o[0], o[1]))
                if options and options[0][0] < _band(other - own):
                    pick = options[0][2]
            if pick is not None:
                own, cheated = base + pick.value, True
                losing = own < other if role == "attacker" else other >= own
        if losing and spec_.soulstone_card:
            return [(own + e.value, cheated, Fraction(1, len(deck_left))) for e in deck_left]
        return [(own, cheated, Fraction(1))]

    p_win, margins, cheats = Fraction(0), defaultdict(Fraction), Counter()
    for a_card in a_deck:
        for d_card in d_deck:
            p = Fraction(1, len(a_deck) * len(d_deck))
            a_total = a_spec.stat + a_spec.bonus + a_card.value
            d_total = d_spec.stat + d_spec.bonus + d_card.value
            a_may = bool(a_spec.hand) and a_spec.cheat == "to_win" and not a_card.is_black_joker
            d_may = bool(d_spec.hand) and d_spec.cheat == "to_win" and not d_card.is_black_joker
            a_left = [c for c in a_deck if c != a_card]
            d_left = [c for c in d_deck if c != d_card]
            first = "attacker" if a_total < d_total else "defender"
            for total1, cheat1, p1 in changes(first, a_total, d_total,
                                              a_may if first == "attacker" else d_may,
                                              a_left if first == "attacker" else d_left):
                a1, d1 = (total1, d_total) if first == "attacker" else (a_total, total1)
                second = "defender" if first == "attacker" else "attacker"
                for total2, cheat2, p2 in changes(second, a1, d1,
                                                  d_may if second == "defender" else a_may,
                                                  d_left if second == "defender" else a_left):
                    a2, d2 = (a1, total2) if second == "defender" else (total2, d1)
                    q = p * p1 * p2
                    margins[a2 - d2] += q
                    p_win += q * (a2 >= d2)
                    cheats[first] += q * cheat1
                    cheats[second] += q * cheat2
    return {"p_win": p_win, "margins": {m: w for m, w in margins.items() if w},
            "cheats": cheats}


BRUTE_SIMPLE = {
    "soulstone card, two suits to find": DuelSpec(
        ss(5, hand=("11M", "9T")), tn=14, required_suits=("masks", "tomes"),
        trigger_suits="tomes tomes", ruleset=M1E),
    "negative twist, a hand and a Soulstone": DuelSpec(
        ss(6, negative=1, hand=("12R", "RJ")), tn=15, required_suits="rams", ruleset=M1E),
    "positive twist, a built-in suit": DuelSpec(
        ss(4, positive=1, suits="crows", hand=("7C",)), tn=13,
        required_suits=("crows", "masks"), ruleset=M1E),
}


@pytest.mark.parametrize("name", list(BRUTE_SIMPLE))
def test_simple_duels_agree_with_brute_force(name):
    spec = BRUTE_SIMPLE[name]
    exact, brute = duel_odds(spec), brute_simple(spec)
    assert exact.p_win == brute["p_win"]
    assert dict(exact.margin_distribution) == brute["margins"]
    assert exact.cheat_probability["attacker"] == brute["cheats"]
    for suit in Suit:
        assert exact.suit_probability["attacker"][suit] == brute["suits"][suit], suit


BRUTE_OPPOSED = {
    "defender adds a Soulstone card and cuts damage": DuelSpec(
        DuelistSpec(6, hand=("13R", "4C", "RJ")),
        ss(5, hand=("10T", "3R", "12C", "BJ")), ruleset=M1E),
    "attacker adds a Soulstone card, cheat only to win": DuelSpec(
        ss(5, hand=("9M", "2R")), DuelistSpec(6, hand=("11T", "6C")), ruleset=M1E,
        policy="to_win"),
}


@pytest.mark.parametrize("name", list(BRUTE_OPPOSED))
def test_opposed_duels_agree_with_brute_force(name):
    spec = BRUTE_OPPOSED[name]
    exact, brute = duel_odds(spec), brute_opposed_one_card(spec)
    assert exact.p_win == brute["p_win"]
    assert dict(exact.margin_distribution) == brute["margins"]
    for role in ("attacker", "defender"):
        assert exact.cheat_probability[role] == brute["cheats"][role], role


# --- Monte Carlo of the engine ----------------------------------------------------------

SEED = 19_450_508
TOLERANCE_SE = 5.0
MIN_FLIPS = 100_000

MC_CASES: dict[str, tuple[DuelSpec, int]] = {
    # Soulstone cards on both sides, hands on both sides (the defender cuts damage), a
    # Red Joker in the attacker's hand for damage flips and their second flips.
    "both sides add cards": (
        DuelSpec(
            ss(6, positive=1, hand=("13R", "9M", "5C", "RJ")),
            ss(5, hand=("12T", "8R", "3M", "BJ"), trigger_suits="tomes"),
            trigger_suits=("rams",), damage=(2, 3, 4), armor=1, ruleset=M1E,
        ),
        14_000,
    ),
    # A simple duel asking two suits that only the Soulstone card can complete, Focused,
    # and the Red Joker's second flip cheated up with the 11 of Masks.
    "suits from the soulstone card": (
        DuelSpec(
            ss(5, focused=1, hand=("11M", "4T")), tn=15, required_suits=("masks", "tomes"),
            trigger_suits="tomes tomes", damage=(2, 3, 5), ruleset=M1E,
        ),
        24_000,
    ),
    # Negative twists everywhere: the Red Joker may still be taken on the damage flip;
    # Hard to Wound; the defender's cheat under the "cheat only to win" policy.
    "negative twists and red jokers": (
        DuelSpec(
            DuelistSpec(9, negative=1, hand=("10M", "6C")),
            DuelistSpec(4, negative=2, hand=("13T",)),
            damage=(1, 3, 4), hard_to_wound=1, ruleset=M1E, policy="to_win",
        ),
        16_000,
    ),
}


def _core(spec: DuelistSpec, triggers, *, df: bool) -> Duelist:
    return Duelist(
        spec.stat, positive=spec.positive, negative=spec.negative, suits=spec.suits,
        bonus=spec.bonus, can_use_soulstones=spec.can_use_soulstones,
        soulstone_card=spec.soulstone_card, focused=spec.focused, defensive=spec.defensive,
        is_df_duel=df, triggers=tuple(Trigger(trigger_label(t), t) for t in triggers),
    )


def _decks(spec: DuelistSpec, rng: random.Random):
    rest = [c for c in FULL_DECK if c not in spec.hand]

    def make() -> FateDeck:
        rng.shuffle(rest)
        return FateDeck.stacked(rest, hand=spec.hand)

    return make


@cache
def simulate(name: str) -> dict:
    spec, trials = MC_CASES[name]
    rng = random.Random(f"{SEED}:{name}")

    def policy(side):
        return decisions_for(spec.policy) if side.cheat == "to_win" else NeverCheat()

    a_spec, d_spec = spec.attacker, spec.defender
    attacker = _core(a_spec, spec.trigger_suits + a_spec.trigger_suits, df=False)
    a_deck = _decks(a_spec, rng)
    if d_spec is not None:
        defender = _core(d_spec, d_spec.trigger_suits, df=True)
        d_deck = _decks(d_spec, rng)
    tally = {"flips": 0, "wins": 0, "damage": 0, "margins": Counter(), "severity": Counter(),
             "follow": Counter(), "suits": Counter(), "cheats": Counter()}
    for _ in range(trials):
        deck = a_deck()
        if d_spec is None:
            result = simple_duel(attacker, spec.tn, spec.required_suits, deck, policy(a_spec),
                                 ruleset=M1E)
            won, margin, sides = result.success, result.total - spec.tn, {"attacker": result.side}
        else:
            result = opposed_duel(attacker, defender, deck, d_deck(),
                                  attacker_decisions=policy(a_spec),
                                  defender_decisions=policy(d_spec), ruleset=M1E)
            won, margin = result.attacker_won, result.margin
            sides = {"attacker": result.attacker, "defender": result.defender}
        tally["margins"][margin] += 1
        for role, side in sides.items():
            tally["flips"] += 1 + (side.extra_card is not None)
            tally["cheats"][role] += side.cheated
            for suit in Suit:
                tally["suits"][role, suit] += suit in side.suits
        if not won:
            continue
        tally["wins"] += 1
        if d_spec is None:
            hit = damage_flip(spec.damage, deck, focused=a_spec.focused,
                              hard_to_wound=spec.hard_to_wound, armor=spec.armor,
                              decisions=policy(a_spec), ruleset=M1E)
        else:
            hit = resolve_damage(result, spec.damage, deck, armor=spec.armor,
                                 hard_to_wound=spec.hard_to_wound, decisions=policy(a_spec))
        tally["flips"] += 1 + (hit.follow_up is not None)
        tally["severity"][int(hit.severity)] += 1
        tally["damage"] += hit.damage
        if hit.follow_up is not None:
            tally["follow"][int(hit.follow_up.severity)] += 1
    return tally


def _agrees(count: int, trials: int, exact: Fraction, what: str) -> None:
    p = float(exact)
    observed = count / trials
    if p in (0.0, 1.0):
        assert observed == p, f"{what}: exact {p}, engine {observed}"
        return
    se = math.sqrt(p * (1 - p) / trials)
    assert abs(observed - p) <= TOLERANCE_SE * se, (
        f"{what}: exact {p:.5f}, engine {observed:.5f} ({(observed - p) / se:+.1f} SE)")


@pytest.mark.slow
@pytest.mark.parametrize("name", list(MC_CASES))
def test_engine_frequencies_match_exact_first_edition_odds(name):
    spec, trials = MC_CASES[name]
    odds, tally = duel_odds(spec), simulate(name)
    _agrees(tally["wins"], trials, odds.p_win, "p_win")
    likely = sorted(odds.margin_distribution, key=odds.margin_distribution.get, reverse=True)
    for margin in likely[:3]:
        _agrees(tally["margins"][margin], trials, odds.margin_distribution[margin],
                f"margin {margin}")
    assert set(tally["margins"]) <= set(odds.margin_distribution)
    for role, probs in odds.suit_probability.items():
        for suit, p in probs.items():
            _agrees(tally["suits"][role, suit], trials, p, f"{role} carries {suit.value}")
    for role, p in odds.cheat_probability.items():
        _agrees(tally["cheats"][role], trials, p, f"{role} cheats")
    hits = tally["severity"]
    for band, name_ in enumerate(("weak", "moderate", "severe", "red_joker"), start=1):
        _agrees(hits[band], trials, getattr(odds.damage, name_), f"damage {name_}")
    amounts = [apply_armor(damage_for(spec.damage, s), spec.armor) for s in list(Severity)[:4]]
    joker = [apply_armor(spec.damage.severe + damage_for(spec.damage, s), spec.armor)
             for s in list(Severity)[:4]]
    probs = [float(odds.damage.none), *(float(getattr(odds.damage, s))
                                        for s in ("weak", "moderate", "severe"))]
    follow = odds.red_joker_follow_up or {}
    rj = float(odds.damage.red_joker)
    probs += [rj * float(follow.get(s, 0)) for s in ("none", "weak", "moderate", "severe")]
    values = amounts + joker
    mean = sum(p * a for p, a in zip(probs, values, strict=True))
    var = sum(p * a * a for p, a in zip(probs, values, strict=True)) - mean * mean
    assert mean == pytest.approx(float(odds.expected_damage))
    observed = tally["damage"] / trials
    assert abs(observed - mean) <= TOLERANCE_SE * math.sqrt(var / trials), (observed, mean)
    if tally["follow"]:
        seen = sum(tally["follow"].values())
        for band, name_ in enumerate(("none", "weak", "moderate", "severe")):
            _agrees(tally["follow"][band], seen, follow[name_], f"second flip {name_}")


@pytest.mark.slow
def test_the_first_edition_cases_make_a_hundred_thousand_flips():
    flips = sum(simulate(name)["flips"] for name in MC_CASES)
    assert flips >= MIN_FLIPS, flips


@pytest.mark.slow
def test_the_first_edition_cases_exercise_what_they_are_named_for():
    both = duel_odds(MC_CASES["both sides add cards"][0])
    assert both.cheat_probability["defender"] > Fraction(1, 10)
    assert simulate("both sides add cards")["follow"]
    suits = duel_odds(MC_CASES["suits from the soulstone card"][0])
    assert suits.p_win > duel_odds(DuelSpec(DuelistSpec(5, focused=1, hand=("11M", "4T")),
                                            tn=15, required_suits=("masks", "tomes"),
                                            ruleset=M1E)).p_win
    jokers = duel_odds(MC_CASES["negative twists and red jokers"][0])
    assert jokers.damage_on_hit.red_joker > Fraction(1, 100)


# --- Properties ---------------------------------------------------------------------------

_hands = st.lists(st.sampled_from(FULL_DECK), max_size=4, unique=True).map(tuple)


@st.composite
def first_edition_duels(draw):
    def side(defender: bool):
        stones = draw(st.booleans())
        return DuelistSpec(
            stat=draw(st.integers(2, 8)), positive=draw(st.integers(0, 1)),
            negative=draw(st.integers(0, 1)), can_use_soulstones=stones,
            soulstone_card=stones and draw(st.booleans()), hand=draw(_hands),
            focused=0 if defender else draw(st.integers(0, 1)),
        )

    simple = draw(st.booleans())
    return DuelSpec(
        side(False), None if simple else side(True),
        tn=draw(st.integers(8, 16)) if simple else None,
        required_suits=draw(st.lists(st.sampled_from(list(Suit)), max_size=2)) if simple else (),
        damage=draw(st.sampled_from([None, (2, 3, 4), (1, 3, 5)])),
        armor=draw(st.integers(0, 1)), policy=draw(st.sampled_from(["to_win", "reduce_damage"])),
        ruleset=M1E,
    )


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(first_edition_duels())
def test_first_edition_probabilities_add_up(spec):
    odds = duel_odds(spec)
    assert 0 <= odds.p_win <= 1
    assert sum(odds.margin_distribution.values()) == 1
    if spec.defender is not None:
        assert odds.p_win == sum(p for m, p in odds.margin_distribution.items() if m >= 0)
    if spec.damage is not None:
        assert sum(odds.damage.as_fractions().values()) == 1
        assert odds.damage.none >= 1 - odds.p_win
        if odds.red_joker_follow_up is not None:
            assert sum(odds.red_joker_follow_up.values()) == 1


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(first_edition_duels())
def test_a_soulstone_card_never_lowers_its_sides_chance(spec):
    """The card is added only while losing and adds a value of 0 or more."""
    attacker = spec.attacker
    if not attacker.soulstone_card:
        return
    without = DuelSpec(
        DuelistSpec(attacker.stat, attacker.positive, attacker.negative, hand=attacker.hand,
                    focused=attacker.focused, can_use_soulstones=True),
        spec.defender, tn=spec.tn, required_suits=spec.required_suits, policy=spec.policy,
        ruleset=M1E,
    )
    assert duel_odds(spec).p_win >= duel_odds(without).p_win
