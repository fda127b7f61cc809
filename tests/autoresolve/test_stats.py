"""Prediction statistics: the Wilson interval (a textbook value and properties) and the
merge of chunk tallies."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from autoresolve import stats


def test_wilson_matches_the_textbook_value_for_half_of_a_hundred():
    low, high = stats.wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4)
    assert high == pytest.approx(0.5962, abs=1e-4)


def test_wilson_of_no_successes_is_not_a_point():
    low, high = stats.wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)


@given(st.integers(min_value=1, max_value=10_000), st.data())
def test_wilson_holds_the_rate_inside_zero_and_one(n, data):
    k = data.draw(st.integers(min_value=0, max_value=n))
    low, high = stats.wilson(k, n)
    assert 0.0 <= low <= k / n <= high <= 1.0


def _tally(wins_a, wins_b, draws):
    t = stats.empty()
    t["games"] = wins_a + wins_b + draws
    t["wins"] = {"a": wins_a, "b": wins_b, "draw": draws}
    t["vp"] = {"a": {"3": wins_a}, "b": {"3": wins_b}}
    t["turns"] = 5 * t["games"]
    t["models"] = {"a1": {"side": "a", "name": "X", "kills": wins_a, "deaths": 1}}
    t["schemes"] = {"a:distract": {"chosen": t["games"], "scored": wins_a}}
    return t


def test_chunks_merge_into_one_summary():
    merged = stats.merge([_tally(3, 1, 1), _tally(2, 2, 1)])
    out = stats.summary(merged)
    assert out["games"] == 10
    assert out["outcome"]["win"]["count"] == 5 and out["outcome"]["loss"]["count"] == 3
    assert out["vp_histogram"]["a"][3] == 5
    assert out["models"][0]["kill_rate"] == 0.5 and out["models"][0]["death_rate"] == 0.2
    assert out["schemes"][0]["rate"] == 0.5
    assert out["mean_turns"] == 5.0
