"""The night's pairing algorithm, without a database: examples for each rule, and
Hypothesis properties checked against a brute-force search of every pairing."""

from __future__ import annotations

import random
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from nights.pairing import History, by_ranking, pair_players, refusals, shuffled

NAMES = {1: "Ann", 2: "Bob", 3: "Cat", 4: "Dan", 5: "Eve", 6: "Fay"}


def history(max_games=2, week=(), earlier=(), had_bye=()):
    return History.from_games(max_games_per_week=max_games, week_games=week,
                              earlier_games=earlier, had_bye=had_bye)


def as_tuples(result):
    return [(p.a, p.b) for p in result.pairs]


# --- Examples ---------------------------------------------------------------------------


def test_swiss_pairs_down_the_ranking():
    result = pair_players([1, 2, 3, 4, 5, 6], history(), NAMES)
    assert as_tuples(result) == [(1, 2), (3, 4), (5, 6)]
    assert result.bye is None and result.explanations == []


def test_backtracks_to_avoid_a_rematch_from_an_earlier_week():
    result = pair_players([1, 2, 3, 4], history(earlier=[(1, 2)]), NAMES)
    assert as_tuples(result) == [(1, 3), (2, 4)]
    assert result.explanations == []


def test_backtracks_deeper_when_the_greedy_choice_strands_the_last_two():
    # 1-2 is fine, but then 3 and 4 have met; the search must undo 1-2.
    result = pair_players([1, 2, 3, 4], history(earlier=[(3, 4)]), NAMES)
    assert as_tuples(result) == [(1, 3), (2, 4)]


def test_rematch_from_earlier_weeks_allowed_with_an_explanation_when_unavoidable():
    result = pair_players([1, 2], history(earlier=[(1, 2)]), NAMES)
    assert as_tuples(result) == [(1, 2)]
    assert result.explanations == [
        "Ann and Bob have already played each other this campaign; no other pairing left "
        "everyone with a new opponent."]


def test_never_repeats_an_opponent_within_the_week():
    result = pair_players([1, 2], history(week=[(1, 2)]), NAMES)
    assert result.pairs == ()
    assert set(result.unpaired) == {1, 2}
    assert "Ann has no game tonight: every player still free has already played them this "\
        "week." in result.explanations


def test_player_at_the_weekly_maximum_is_left_out_with_a_reason():
    result = pair_players([1, 2, 3], history(max_games=1, week=[(1, 5)]), NAMES)
    assert result.left_out == (1,)
    assert as_tuples(result) == [(2, 3)] and result.bye is None
    assert result.explanations == [
        "Ann has already played 1 game(s) this week, the campaign's maximum, so sits this "
        "night out."]


def test_bye_goes_to_the_lowest_placed_player_without_a_bye():
    result = pair_players([1, 2, 3, 4, 5], history(had_bye=[5]), NAMES)
    assert result.bye == 4
    assert as_tuples(result) == [(1, 2), (3, 5)]
    assert result.explanations == []


def test_bye_repeats_for_the_lowest_placed_when_everyone_has_had_one():
    result = pair_players([1, 2, 3], history(had_bye=[1, 2, 3]), NAMES)
    assert result.bye == 3
    assert result.explanations == [
        "Everyone has had a bye this campaign; Cat, the lowest placed, has another."]


def test_bye_moves_when_that_lets_everyone_else_play():
    # Eve (lowest) would take the bye, but Cat and Dan have both played Ann and Bob and
    # each other this week: only a bye for one of them lets the rest all play.
    week = [(3, 1), (3, 2), (4, 1), (4, 2), (3, 4)]
    result = pair_players([1, 2, 3, 4, 5], history(max_games=9, week=week), NAMES)
    assert result.bye == 4 and result.unpaired == ()
    assert as_tuples(result) == [(1, 2), (3, 5)]
    assert result.bye_notes == (
        "The bye goes to Dan rather than Eve, so that more players have an opponent they "
        "have not met this week.",)


def test_refusals_name_each_broken_rule():
    h = history(max_games=1, week=[(1, 2)])
    assert refusals([(3, 4)], None, h, NAMES) == []
    assert refusals([(1, 3), (3, 4)], None, h, NAMES) == [
        "Cat appears more than once; each player has one game or the bye.",
        "Ann has already played 1 game(s) this week, the campaign's maximum."]
    assert refusals([(5, 5)], None, history(), NAMES) == [
        "Eve appears more than once; each player has one game or the bye.",
        "Eve cannot play against themself."]
    assert refusals([(1, 2)], None, history(max_games=3, week=[(1, 2)]), NAMES) == [
        "Ann and Bob have already played each other this week."]


def test_orders():
    assert by_ranking([5, 3, 9, 1], ranking=[1, 2, 3, 5]) == [1, 3, 5, 9]
    a = shuffled(range(20), random.Random(7))
    assert a == shuffled(range(20), random.Random(7))
    assert sorted(a) == list(range(20)) and a != list(range(20))
    assert a != shuffled(range(20), random.Random(8))


# --- Properties -------------------------------------------------------------------------


@st.composite
def nights(draw):
    players = draw(st.lists(st.integers(1, 12), unique=True, max_size=9))
    everyone = st.sampled_from(list(range(1, 13)))
    pair = st.tuples(everyone, everyone).filter(lambda p: p[0] != p[1])
    week = draw(st.lists(pair, max_size=10))
    earlier = draw(st.lists(pair, max_size=14))
    had_bye = draw(st.sets(everyone, max_size=6))
    max_games = draw(st.integers(1, 4))
    return players, history(max_games, week, earlier, had_bye)


def best_cost(players: tuple[int, ...], h: History) -> tuple[int, int]:
    """Brute force: the fewest players without a game, then the fewest rematches."""

    @cache
    def go(rest: tuple[int, ...]) -> tuple[int, int]:
        if not rest:
            return (0, 0)
        top, others = rest[0], rest[1:]
        unpaired, rematches = go(others)
        options = [(unpaired + 1, rematches)]
        for q in others:
            if not h.met_this_week(top, q):
                u, r = go(tuple(x for x in others if x != q))
                options.append((u, r + h.met_before(top, q)))
        return min(options)

    return go(tuple(players))


@settings(max_examples=300, deadline=None)
@given(nights())
def test_properties_against_brute_force(night):
    players, h = night
    result = pair_players(players, h)
    placed = result.players()
    # Every player exactly once: a game, the bye, no game, or sitting out at the maximum.
    assert sorted([*placed, *result.unpaired, *result.left_out]) == sorted(players)
    assert set(result.left_out) == {p for p in players if h.at_maximum(p)}
    eligible = [p for p in players if not h.at_maximum(p)]
    # A bye exactly when the count of players who may play is odd.
    assert (result.bye is not None) == (len(eligible) % 2 == 1)
    # Hard rule: never a repeat within the week (refusals agree).
    assert refusals([(p.a, p.b) for p in result.pairs], result.bye, h) == []
    # As good as any pairing: fewest without a game, then fewest rematches.
    rest = tuple(p for p in eligible if p != result.bye)
    rematches = sum(h.met_before(p.a, p.b) for p in result.pairs)
    assert (len(result.unpaired), rematches) == best_cost(rest, h)
    if result.bye is not None:
        fewest = min(best_cost(tuple(p for p in eligible if p != c), h)[0] for c in eligible)
        assert len(result.unpaired) == fewest
    # Explanations whenever a rule could not be met, and only then.
    assert len(result.notes) == len(result.left_out) + len(result.unpaired)
    assert [bool(p.notes) for p in result.pairs] == [h.met_before(p.a, p.b)
                                                      for p in result.pairs]
    if result.bye is not None:
        # The bye: lowest placed without one yet, unless that leaves more without a game.
        preferred = ([p for p in eligible if p not in h.had_bye] or eligible)[-1]
        if result.bye != preferred:
            without = tuple(p for p in eligible if p != preferred)
            assert best_cost(without, h)[0] > len(result.unpaired)
        assert bool(result.bye_notes) == (result.bye != preferred or result.bye in h.had_bye)


@settings(max_examples=100, deadline=None)
@given(nights())
def test_without_history_every_player_is_paired_in_order(night):
    players, _ = night
    result = pair_players(players, history())
    flat = [x for p in result.pairs for x in (p.a, p.b)]
    assert flat == players[:len(flat)]
    assert result.explanations == [] and result.unpaired == ()


def test_a_large_field_pairs_quickly_even_when_no_perfect_pairing_exists():
    import time

    players = list(range(1, 42))
    # Player 1 has played everyone this week; everybody has met their neighbours before.
    week = [(1, p) for p in players[1:]]
    earlier = [(p, p + 1) for p in players[1:-1]]
    started = time.perf_counter()
    result = pair_players(players, history(max_games=99, week=week, earlier=earlier))
    assert time.perf_counter() - started < 5
    assert 1 in result.unpaired or result.bye == 1
