"""VP bookkeeping: the rules manual's VICTORY POINT LIMITS and Shindig, on hand-built scores.
Plain Python: no database."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.engine import scoring
from rules.engine.errors import RulesError
from rules.engine.scoring import (
    SHINDIG,
    STANDARD,
    Score,
    VictoryLimits,
    limit_presets,
    register_limits,
    victory_limits,
    winner,
)

SCHEMES = ("Assassinate", "Breakthrough")


def score(limits=STANDARD, **kwargs):
    return Score(SCHEMES, limits, **kwargs)


# --- Presets ------------------------------------------------------------------------


def test_standard_limits_are_4_for_the_strategy_3_per_scheme_10_in_all():
    assert (STANDARD.strategy, STANDARD.per_scheme, STANDARD.schemes, STANDARD.total) == (
        4, 3, 2, 10)
    assert STANDARD.total == STANDARD.strategy + STANDARD.schemes * STANDARD.per_scheme


def test_a_shindig_adds_its_2_vp_and_raises_the_total_to_12():
    assert SHINDIG.extra_caps == {"shindig": 2}
    assert (SHINDIG.strategy, SHINDIG.per_scheme, SHINDIG.total) == (4, 3, 12)


def test_presets_are_looked_up_by_key():
    assert victory_limits("standard") is STANDARD
    assert {"standard", "shindig"} <= set(limit_presets())
    with pytest.raises(RulesError, match="choose one of: standard, shindig"):
        victory_limits("gauntlet")


def test_a_league_may_register_its_own_preset_once(monkeypatch):
    monkeypatch.setattr(scoring, "_PRESETS", dict(scoring._PRESETS))  # leave no trace
    house = register_limits(VictoryLimits("test-house", "House rules", total=8))
    assert victory_limits("test-house") is house
    assert register_limits(house) is house  # registering the same preset again is harmless
    with pytest.raises(ValueError, match="already registered"):
        register_limits(VictoryLimits("test-house", "Other", total=9))
    with pytest.raises(ValueError, match="negative"):
        VictoryLimits("bad", "Bad", strategy=-1)


# --- Recording VP ---------------------------------------------------------------------


def test_strategy_vp_are_kept_per_turn():
    s = score()
    s.add_strategy_vp(2, 1)
    s.add_strategy_vp(3, 1)
    s.add_strategy_vp(3, 1)
    assert dict(s.strategy_by_turn) == {2: 1, 3: 2}
    assert s.strategy_total == 3 and s.total == 3


def test_the_strategy_refuses_past_4_with_a_clear_error():
    s = score()
    s.add_strategy_vp(1, 3)
    with pytest.raises(RulesError, match=r"at most 4 VP .* has 3 .* at most 1 more"):
        s.add_strategy_vp(2, 2)
    assert s.strategy_total == 3  # a refusal changes nothing


def test_clipping_adds_what_fits_and_records_the_cut():
    s = score()
    s.add_strategy_vp(1, 3)
    award = s.add_strategy_vp(2, 2, clip=True)
    assert (award.requested, award.added, award.clipped, award.turn) == (2, 1, 1, 2)
    assert s.strategy_total == 4
    assert s.add_strategy_vp(3, 1, clip=True).added == 0
    assert [a.clipped for a in s.awards] == [0, 1, 1]


def test_each_scheme_is_capped_at_3():
    s = score()
    s.add_scheme_vp("Assassinate", 3)
    with pytest.raises(RulesError, match="'Assassinate' gives at most 3"):
        s.add_scheme_vp("Assassinate", 1)
    s.add_scheme_vp("Breakthrough", 2)
    assert dict(s.scheme_vp) == {"Assassinate": 3, "Breakthrough": 2}
    assert s.schemes_total == 5


def test_a_full_game_reaches_10_and_no_more():
    s = score()
    s.add_strategy_vp(5, 4)
    s.add_scheme_vp("Assassinate", 3)
    s.add_scheme_vp("Breakthrough", 3)
    assert s.total == 10
    assert s.add_scheme_vp("Breakthrough", 1, clip=True).added == 0


def test_a_shindig_game_reaches_12():
    s = score(SHINDIG)
    s.add_extra_vp("shindig", 2)
    s.add_strategy_vp(5, 4)
    s.add_scheme_vp("Assassinate", 3)
    s.add_scheme_vp("Breakthrough", 3)
    assert s.total == 12
    with pytest.raises(RulesError, match="'shindig' gives at most 2"):
        s.add_extra_vp("shindig", 1)


def test_the_total_cap_binds_when_it_is_lower_than_the_parts():
    s = Score(SCHEMES, VictoryLimits("test-low", "Low", total=5))
    s.add_strategy_vp(1, 4)
    with pytest.raises(RulesError, match="Low allows 5 VP in all"):
        s.add_scheme_vp("Assassinate", 2)


def test_a_standard_game_has_no_shindig_vp():
    with pytest.raises(RulesError, match="no VP source 'shindig'"):
        score().add_extra_vp("shindig", 2)


def test_bad_inputs_are_refused():
    s = score()
    with pytest.raises(RulesError, match="not one of this crew's Schemes"):
        s.add_scheme_vp("Bodyguard", 1)
    with pytest.raises(RulesError, match="numbered from 1"):
        s.add_strategy_vp(0, 1)
    with pytest.raises(RulesError, match="0 or more"):
        s.add_strategy_vp(1, -1)


def test_a_crew_chooses_two_different_schemes():
    with pytest.raises(RulesError, match="different"):
        Score(("Assassinate", "Assassinate"))
    with pytest.raises(RulesError, match="chooses 2"):
        Score(("Assassinate",))
    assert Score(SCHEMES, "shindig").limits is SHINDIG


def test_revealed_flags():
    s = score(revealed=["Breakthrough"])
    assert s.is_revealed("Breakthrough") and not s.is_revealed("Assassinate")
    s.reveal("Assassinate")
    assert s.revealed == frozenset(SCHEMES)
    with pytest.raises(RulesError):
        s.reveal("Bodyguard")


# --- Winning --------------------------------------------------------------------------


def test_more_vp_wins_and_equal_vp_is_a_tie():
    a, b = score(), score()
    a.add_strategy_vp(1, 2)
    b.add_scheme_vp("Breakthrough", 1)
    outcome = winner(a, b)
    assert (outcome.winner, outcome.vp_a, outcome.vp_b, outcome.is_draw) == ("a", 2, 1, False)
    assert winner(b, a).winner == "b"
    b.add_scheme_vp("Assassinate", 1)
    assert winner(a, b).is_draw and winner(a, b).winner is None


# --- Properties -----------------------------------------------------------------------

awards = st.lists(
    st.tuples(st.sampled_from(["strategy", "Assassinate", "Breakthrough", "shindig"]),
              st.integers(0, 5), st.integers(1, 7)),
    max_size=25,
)


def _apply(s, source, n, turn, clip):
    if source == "strategy":
        return s.add_strategy_vp(turn, n, clip=clip)
    if source == "shindig":
        return s.add_extra_vp(source, n, clip=clip)
    return s.add_scheme_vp(source, n, clip=clip)


@given(st.sampled_from([STANDARD, SHINDIG]), awards)
def test_clipped_vp_never_pass_a_cap(limits, steps):
    s = score(limits)
    requested = 0
    for source, n, turn in steps:
        if source == "shindig" and limits is STANDARD:
            continue
        requested += n
        _apply(s, source, n, turn, clip=True)
    assert s.strategy_total <= limits.strategy
    assert all(vp <= limits.per_scheme for vp in s.scheme_vp.values())
    assert s.extra_total("shindig") <= 2
    assert s.total <= limits.total
    assert s.total + sum(a.clipped for a in s.awards) == requested


@given(st.sampled_from([STANDARD, SHINDIG]), awards)
def test_refused_vp_change_nothing(limits, steps):
    s = score(limits)
    for source, n, turn in steps:
        if source == "shindig" and limits is STANDARD:
            continue
        before = (s.total, dict(s.strategy_by_turn), dict(s.scheme_vp), len(s.awards))
        try:
            award = _apply(s, source, n, turn, clip=False)
        except RulesError:
            assert before == (s.total, dict(s.strategy_by_turn), dict(s.scheme_vp),
                              len(s.awards))
        else:
            assert award.added == n and award.clipped == 0
        assert s.total <= limits.total
