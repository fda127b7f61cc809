"""Pure standings logic: metrics from facts, ranking by ordered tie-breaks, shared ranks,
direction, and the tables built from facts (no database)."""

from __future__ import annotations

import datetime
import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from standings import metrics
from standings.compute import build_history, build_table, rank
from standings.facts import (
    CampaignFacts,
    CrewFacts,
    Entrant,
    Outcome,
    ScripLine,
    entrants_from_crews,
    week_at,
)


def value(key: str, facts: CrewFacts) -> int:
    return metrics.REGISTRY[key].compute(facts)


def test_book_example_five_three_gives_plus_two_and_minus_two():
    winner = CrewFacts(games=(Outcome(1, 5, 3),))
    loser = CrewFacts(games=(Outcome(1, 3, 5),))
    assert (value("diff", winner), value("diff", loser)) == (2, -2)
    assert (value("cp", winner), value("cp", loser)) == (3, 0)
    assert (value("vp", winner), value("vp", loser)) == (5, 3)


def test_campaign_points_three_one_nothing():
    facts = CrewFacts(games=(Outcome(1, 6, 2), Outcome(1, 4, 4), Outcome(2, 1, 7)))
    assert value("cp", facts) == 3 + 1 + 0
    assert value("wins", facts) == 1
    assert value("games", facts) == 3
    assert value("diff", facts) == 4 + 0 - 6


def test_scrip_earned_counts_kept_gains_only():
    facts = CrewFacts(scrip=(ScripLine(1, "starting", 3), ScripLine(1, "gain", 18),
                             ScripLine(1, "discarded", -2), ScripLine(2, "spend", -10),
                             ScripLine(2, "adjustment", 4)))
    assert value("scrip_earned", facts) == 16


def test_flair_counts_wins_after_the_hide_out_is_complete():
    forts = (1, 1, 2, 2, 3, 4)  # the sixth Fortification is built in week 4
    games = (Outcome(4, 5, 1), Outcome(5, 5, 1), Outcome(5, 2, 2), Outcome(6, 6, 0),
             Outcome(6, 0, 3))
    assert value("flair", CrewFacts(games=games, fortifications=forts)) == 2
    assert value("flair", CrewFacts(games=games, fortifications=forts[:5])) == 0
    assert value("fortifications", CrewFacts(fortifications=forts)) == 6


def test_lower_is_better_for_models_annihilated():
    assert metrics.REGISTRY["annihilated"].direction == metrics.Direction.LOWER
    values = {"careful": {"annihilated": 1}, "reckless": {"annihilated": 4}}
    assert [r.key for r in rank(values, ["annihilated"])] == ["careful", "reckless"]


def test_tie_breaks_apply_in_order():
    values = {
        "a": {"cp": 6, "diff": 1, "vp": 9},
        "b": {"cp": 6, "diff": 4, "vp": 2},
        "c": {"cp": 7, "diff": -3, "vp": 1},
        "d": {"cp": 6, "diff": 4, "vp": 8},
    }
    assert [r.key for r in rank(values, ["cp", "diff", "vp"])] == ["c", "d", "b", "a"]
    assert [r.key for r in rank(values, ["vp", "cp"])] == ["a", "d", "b", "c"]


def test_full_ties_share_a_rank_and_skip_the_next():
    values = {"a": {"cp": 9, "diff": 2}, "b": {"cp": 6, "diff": 1},
              "c": {"cp": 6, "diff": 1}, "d": {"cp": 3, "diff": 0}}
    ranked = rank(values, ["cp", "diff"], names={"b": "zulu", "c": "alpha"})
    assert [(r.key, r.rank, r.tied) for r in ranked] == [
        ("a", 1, False), ("c", 2, True), ("b", 2, True), ("d", 4, False)]


def test_level_on_one_metric_but_not_all_is_not_a_tie():
    values = {"a": {"cp": 6, "diff": 1}, "b": {"cp": 6, "diff": 2}}
    assert [(r.key, r.rank, r.tied) for r in rank(values, ["cp", "diff"])] == [
        ("b", 1, False), ("a", 2, False)]


crew_values = st.dictionaries(
    st.integers(0, 40),
    st.fixed_dictionaries({"cp": st.integers(0, 12), "diff": st.integers(-8, 8),
                           "annihilated": st.integers(0, 3)}),
    min_size=1, max_size=25)
orders = st.permutations(["cp", "diff", "annihilated"]).flatmap(
    lambda keys: st.integers(1, 3).map(lambda n: keys[:n]))


@given(crew_values, orders)
def test_ranking_properties(values, keys):
    ranked = rank(values, keys)
    assert sorted(r.key for r in ranked) == sorted(values)
    assert ranked[0].rank == 1
    signature = {k: tuple(metrics.REGISTRY[m].sort_key(values[k][m]) for m in keys)
                 for k in values}
    for earlier, later in itertools.pairwise(ranked):
        assert signature[earlier.key] <= signature[later.key]
        if signature[earlier.key] == signature[later.key]:
            assert earlier.rank == later.rank and earlier.tied and later.tied
        else:
            # competition ranking: a rank is one more than the number of crews above
            assert later.rank == ranked.index(later) + 1
    for r in ranked:
        better = sum(1 for k in values if signature[k] < signature[r.key])
        assert r.rank == better + 1
        assert r.tied == (sum(1 for k in values if signature[k] == signature[r.key]) > 1)


@given(st.lists(st.tuples(st.integers(1, 8), st.integers(0, 10), st.integers(0, 10)),
                max_size=30))
def test_differential_sums_to_zero_over_both_sides(games):
    one = CrewFacts(games=tuple(Outcome(w, a, b) for w, a, b in games))
    other = CrewFacts(games=tuple(Outcome(w, b, a) for w, a, b in games))
    assert value("diff", one) + value("diff", other) == 0
    assert value("cp", one) + value("cp", other) == sum(
        2 if a == b else 3 for _, a, b in games)


def test_tie_break_validation():
    assert metrics.problems(["cp", "diff"]) == []
    assert metrics.problems([]) == ["Choose at least one tie-break."]
    assert any("Unknown metric 'elo'" in p for p in metrics.problems(["cp", "elo"]))
    assert metrics.problems(["cp", "cp"]) == ["Each metric may appear only once."]
    assert metrics.problems("cp") == ["Give the tie-breaks as a list of metric keys."]
    assert metrics.problems([3]) and metrics.problems(None)


def test_book_defaults_by_mode():
    assert metrics.default_keys("tournament") == ("cp", "diff", "vp")
    assert metrics.default_keys("hide_outs") == ("fortifications", "flair")
    assert metrics.default_keys("none") == ("games", "wins", "scrip_earned", "bounties",
                                            "annihilated")


def test_every_metric_has_a_key_label_and_direction():
    assert {"cp", "diff", "vp", "games", "wins", "fortifications", "flair", "scrip_earned",
            "bounties", "annihilated", "linked_vp"} <= set(metrics.REGISTRY)
    for key, metric in metrics.REGISTRY.items():
        assert metric.key == key and metric.label and metric.short
        assert metric.direction in (metrics.Direction.HIGHER, metrics.Direction.LOWER)
        assert metric.compute(CrewFacts()) == 0


def test_retired_crews_fold_into_the_players_current_crew():
    entrants, owner = entrants_from_crews([
        (1, 10, "Old crew", "Ann", "Guild", True),
        (2, 20, "Bravo", "Ben", "Arcanists", False),
        (3, 10, "New crew", "Ann", "Outcasts", False),
        (4, 30, "Gone", "Cy", "Bayou", True),
    ])
    assert [e.crew for e in entrants] == ["New crew", "Bravo", "Gone"]
    assert owner == {1: 3, 3: 3, 2: 2, 4: 4}


def test_week_at_a_moment():
    day = datetime.datetime(2026, 12, 1, 9, tzinfo=datetime.UTC)
    weeks = [(2, day + datetime.timedelta(days=7), None), (1, day, day + datetime.timedelta(7))]
    assert week_at(day - datetime.timedelta(minutes=1), weeks) is None
    assert week_at(day, weeks) == 1
    assert week_at(day + datetime.timedelta(days=6), weeks) == 1
    assert week_at(day + datetime.timedelta(days=8), weeks) == 2
    assert week_at(day + datetime.timedelta(days=8), [(1, day, day)]) is None  # closed
    assert week_at(day, [(1, None, None)]) is None  # not turned over yet


def facts_for(games: dict[int, list[Outcome]], last_week: int = 3) -> CampaignFacts:
    entrants = tuple(Entrant(i, f"Crew {i}", f"Player {i}", "Guild", player_id=i)
                     for i in sorted(games))
    return CampaignFacts(campaign_id=1, name="Test", last_week=last_week, entrants=entrants,
                         crews={i: CrewFacts(games=tuple(g)) for i, g in games.items()})


def test_standings_as_of_a_week_only_count_that_far():
    facts = facts_for({1: [Outcome(1, 5, 3), Outcome(3, 0, 8)],
                       2: [Outcome(1, 3, 5), Outcome(2, 6, 1)],
                       3: [Outcome(2, 1, 6), Outcome(3, 8, 0)]})
    week1 = build_table(facts, ["cp", "diff", "vp"], 1)
    assert [(r.entrant.crew_id, r.values) for r in week1.rows] == [
        (1, (3, 2, 5, 1)), (3, (0, 0, 0, 0)), (2, (0, -2, 3, 1))]  # no games beats -2
    latest = build_table(facts, ["cp", "diff", "vp"])
    assert latest.week == 3
    # crews 2 and 3 are level on CP (3), Diff (+3) and VP (9): they share first place
    assert [(r.entrant.crew_id, r.rank_label) for r in latest.rows] == [
        (2, "1="), (3, "1="), (1, "3")]
    assert latest.tie_break_text == "Campaign Points > Differential > Victory Points"
    assert latest.headings()[:4] == ["Rank", "Crew", "Player", "Faction"]


def test_history_tracks_positions_and_scrip_balance():
    facts = facts_for({1: [Outcome(1, 5, 3)], 2: [Outcome(1, 3, 5), Outcome(2, 9, 0)]},
                      last_week=2)
    facts.crews[2] = CrewFacts(games=facts.crews[2].games,
                               scrip=(ScripLine(1, "gain", 4), ScripLine(2, "spend", -3)))
    history = build_history(facts, ["cp", "diff"])
    assert history.weeks == (1, 2)
    rows = {c.entrant.crew_id: (c.positions, c.scrip) for c in history.crews}
    assert rows == {1: ((1, 2), (0, 0)), 2: ((2, 1), (4, 1))}
    assert [c.entrant.crew_id for c in history.crews] == [2, 1]


@pytest.mark.parametrize("keys", [["cp"], ["annihilated", "games"]])
def test_table_columns_start_with_the_tie_breaks(keys):
    table = build_table(facts_for({1: [], 2: []}), keys)
    assert [m.key for m in table.columns][:len(keys)] == keys
    assert "games" in [m.key for m in table.columns]


week_numbers = st.integers(min_value=0, max_value=8)  # before week 1 and after the last too
outcomes = st.lists(st.builds(Outcome, week_numbers, st.integers(0, 10), st.integers(0, 10)),
                   max_size=8).map(tuple)
crew_facts = st.builds(
    CrewFacts,
    games=outcomes,
    linked_games=outcomes,
    scrip=st.lists(st.builds(ScripLine, week_numbers, st.sampled_from(["gain", "spend"]),
                             st.integers(-5, 8)), max_size=6).map(tuple),
    bounties_completed=st.lists(week_numbers, max_size=3).map(tuple),
    annihilated=st.lists(week_numbers, max_size=3).map(tuple),
    fortifications=st.lists(week_numbers, max_size=4).map(tuple),
)


@given(crews=st.lists(crew_facts, min_size=1, max_size=8),
       keys=st.lists(st.sampled_from(list(metrics.REGISTRY)), min_size=1, max_size=4,
                     unique=True))
def test_history_is_each_weeks_table(crews, keys):
    """The one-pass history ranks every week exactly as that week's table does."""
    facts = CampaignFacts(
        campaign_id=1, name="C", last_week=6,
        entrants=tuple(Entrant(i, f"Crew {i}", f"P{i}", "Guild", i) for i in range(len(crews))),
        crews=dict(enumerate(crews)))
    history = build_history(facts, keys)
    tables = [build_table(facts, keys, week) for week in history.weeks]
    assert [c.entrant.crew_id for c in history.crews] == [
        r.entrant.crew_id for r in tables[-1].rows]
    for crew in history.crews:
        assert crew.positions == tuple(
            next(r.rank for r in t.rows if r.entrant == crew.entrant) for t in tables)
        assert crew.scrip == tuple(
            sum(s.amount for s in facts.for_crew(crew.entrant.crew_id).scrip if s.week <= w)
            for w in history.weeks)
