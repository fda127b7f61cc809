"""The interim standings order (Tournament Style from counted results), without a
database."""

from hypothesis import given
from hypothesis import strategies as st

from nights.ordering import Tally, rank, tally


def test_tally_and_rank_without_a_database():
    records = [
        {"vp": {"a": 5, "b": 3}, "sides": {"a": {"crew": 1}, "b": {"crew": 2}}},
        {"vp": {"a": 2, "b": 2}, "sides": {"a": {"crew": 3}, "b": {"crew": 1}}},
        {"vp": {"a": 4, "b": 0}, "sides": {"a": {"crew": 4}, "b": {"crew": 2}}},
    ]
    totals = tally(records)
    assert totals[1] == Tally(campaign_points=4, differential=2, vp=7)
    assert totals[2] == Tally(campaign_points=0, differential=-6, vp=3)
    assert totals[4] == Tally(3, 4, 4)
    crews = [(1, "Zed"), (2, "Bee"), (3, "Cee"), (4, "Dee"), (5, "Eee")]
    # 1 (4 CP) > 4 (3 CP) > 3 (1 CP) > 5 (nothing) > 2 (0 CP, -6)
    assert rank(crews, totals) == [1, 4, 3, 5, 2]


records = st.lists(st.tuples(st.integers(1, 6), st.integers(1, 6), st.integers(0, 10),
                             st.integers(0, 10)).filter(lambda r: r[0] != r[1]), max_size=20)


@given(records)
def test_tally_properties(games):
    totals = tally({"vp": {"a": va, "b": vb}, "sides": {"a": {"crew": a}, "b": {"crew": b}}}
                   for a, b, va, vb in games)
    draws = sum(va == vb for _, _, va, vb in games)
    assert sum(t.campaign_points for t in totals.values()) == 3 * (len(games) - draws) + 2 * draws
    assert sum(t.differential for t in totals.values()) == 0
    assert sum(t.vp for t in totals.values()) == sum(va + vb for _, _, va, vb in games)
    order = rank([(c, f"Crew {c}") for c in range(1, 7)], totals)
    keys = [(totals.get(c, Tally()).campaign_points, totals.get(c, Tally()).differential,
             totals.get(c, Tally()).vp) for c in order]
    assert keys == sorted(keys, reverse=True)
