"""Engagement, disengaging, the Charge, and shooting into engagements (rulebook
ENGAGEMENTS, DISENGAGING, SHOOTING INTO ENGAGEMENTS, GENERAL TACTICAL ACTIONS)."""

from __future__ import annotations

import pytest

from rules.engine.simulation import IllegalCommand, ScriptedCommander
from rules.engine.simulation.commands import Attack, Charge, Walk

from .scenes import BLADE, GUN, LONG_BLADE, act, card, kinds, scene, stack, terrain


def test_engagement_range_is_the_longest_close_attack_and_works_both_ways():
    """Rulebook example: Lilith's 2" Greatsword gives her a 2" engagement range."""
    lilith = card("Lilith", actions=[BLADE, LONG_BLADE, GUN])
    game = scene([("lilith", lilith, (10.0, 10.0))],
                 [("gamin", card("Ice Gamin", actions=[GUN]), (13.1, 10.0)),
                  ("far", card("Far Gamin", actions=[GUN]), (13.3, 10.0 + 3.0))])
    st = game.state
    lilith_m, gamin, far = st.model("lilith"), st.model("gamin"), st.model("far")
    assert lilith_m.p.engagement_range == 2.0
    assert st.edge(lilith_m, gamin) == pytest.approx(1.92, abs=0.01)
    assert st.engaged_with(lilith_m) == [gamin]
    assert st.engaged_with(gamin) == [lilith_m]  # engagement goes both ways
    assert st.engaged_with(far) == []


def test_engagement_needs_line_of_sight():
    wall = terrain(1, 11.2, 5.0, 0.4, 10.0, "blocking", "impassable", ht=3)
    game = scene([("a", card(actions=[LONG_BLADE]), (10.0, 10.0))],
                 [("b", card(actions=[GUN]), (12.6, 10.0))], terrain=[wall])
    st = game.state
    assert st.edge(st.model("a"), st.model("b")) <= 2.0
    assert st.engaged_with(st.model("a")) == []


def test_models_are_never_engaged_with_friends():
    game = scene([("a", card(), (10.0, 10.0)), ("f", card(), (11.3, 10.0))])
    assert game.state.engaged_with(game.state.model("a")) == []


def test_an_engaged_model_may_not_take_projectile_attacks_but_may_use_close_ones():
    game = scene([("a", card(actions=[BLADE, GUN]), (10.0, 10.0))],
                 [("b", card(), (11.5, 10.0))])
    with pytest.raises(IllegalCommand, match="engaged"):
        act(game, "a", Attack("Gun", "b"))
    act(game, "a", Attack("Blade", "b"))
    assert len(kinds(game, "attack")) == 1


def test_walking_out_of_engagement_provokes_a_disengaging_strike_that_can_stop_it():
    game = scene([("a", card(df=2), (10.0, 10.0))], [("b", card(), (11.5, 10.0))])
    stack(game, 1, ["13R"])  # the striker's flip
    stack(game, 0, ["1C"])  # the mover's Df flip
    m = act(game, "a", Walk(((5.0, 10.0),)))
    assert (m.x, m.y) == (10.0, 10.0)  # the strike hit: no Walk, AP spent
    assert game.ap == 1
    strikes = kinds(game, "strike")
    assert strikes and strikes[0][3] == 1
    assert m.wounds == m.p.wd  # a disengaging strike deals no damage


def test_a_missed_disengaging_strike_lets_the_walk_happen():
    game = scene([("a", card(df=8), (10.0, 10.0))], [("b", card(), (11.5, 10.0))])
    stack(game, 1, ["1C"])
    stack(game, 0, ["13R"])
    m = act(game, "a", Walk(((5.0, 10.0),)))
    assert (m.x, m.y) == (5.0, 10.0)


def test_staying_within_the_engagement_range_provokes_no_strike():
    game = scene([("a", card(), (10.0, 10.0))], [("b", card(actions=[LONG_BLADE]), (11.5, 10.0))])
    m = act(game, "a", Walk(((10.0, 11.0),)))
    assert (m.x, m.y) == (10.0, 11.0)
    assert kinds(game, "strike") == []


def test_the_enemy_may_decline_the_disengaging_strike():
    commanders = (ScriptedCommander(), ScriptedCommander(answers={"strike": None}))
    game = scene([("a", card(), (10.0, 10.0))], [("b", card(), (11.5, 10.0))],
                 commanders=commanders)
    m = act(game, "a", Walk(((5.0, 10.0),)))
    assert m.x == 5.0 and kinds(game, "strike") == []


def test_charge_moves_in_a_straight_line_and_makes_two_attacks():
    game = scene([("a", card(cg=7), (10.0, 10.0))], [("b", card(wd=20), (17.0, 10.0))])
    m = act(game, "a", Charge("b", (15.8, 10.0)))
    assert (m.x, m.y) == (15.8, 10.0)
    assert game.ap == 0
    assert [e[1:3] for e in kinds(game, "attack")] == [[m.idx, 1], [m.idx, 1]]


def test_charge_must_end_with_the_target_in_engagement_range():
    game = scene([("a", card(cg=7), (10.0, 10.0))], [("b", card(), (17.0, 10.0))])
    with pytest.raises(IllegalCommand, match="engagement range"):
        act(game, "a", Charge("b", (14.0, 10.0)))


def test_charge_is_limited_by_cg_and_refused_without_cg_or_when_engaged():
    game = scene([("a", card(cg=4), (10.0, 10.0))], [("b", card(), (17.0, 10.0))])
    with pytest.raises(IllegalCommand, match="Cg is 4"):
        act(game, "a", Charge("b", (15.8, 10.0)))
    game = scene([("a", card(cg=None), (10.0, 10.0))], [("b", card(), (17.0, 10.0))])
    with pytest.raises(IllegalCommand, match="cannot Charge"):
        act(game, "a", Charge("b", (15.8, 10.0)))
    game = scene([("a", card(cg=8), (10.0, 10.0))],
                 [("b", card(), (17.0, 10.0)), ("c", card(), (10.0, 11.5))])
    with pytest.raises(IllegalCommand, match="engaged"):
        act(game, "a", Charge("b", (15.8, 10.0)))


def test_charge_needs_line_of_sight_to_the_target():
    wall = terrain(1, 13.0, 5.0, 0.5, 10.0, "blocking", ht=4)
    game = scene([("a", card(cg=8), (10.0, 10.0))], [("b", card(), (17.0, 10.0))],
                 terrain=[wall])
    with pytest.raises(IllegalCommand, match="line of sight"):
        act(game, "a", Charge("b", (15.8, 10.0)))


def test_worked_example_shooting_into_an_engagement_hits_the_lowest_flip():
    """Rulebook: flips 8 (Silurid, the target), 5 (Terror Tot), 6 (Death Marshal): the
    Terror Tot is hit."""
    game = scene([("guard", card("Guild Guard", actions=[GUN]), (14.0, 9.0)),
                  ("marshal", card("Death Marshal"), (18.0, 20.2))],
                 [("silurid", card("Silurid", wd=9), (18.0, 19.0)),
                  ("tot", card("Terror Tot", wd=9), (19.2, 19.0))])
    st = game.state
    assert st.engaged_with(st.model("silurid"))
    # Cards go to the target first, then the others within 2" in crew order.
    stack(game, 0, ["8R", "6C", "5M", "13T"])
    act(game, "guard", Attack("Gun", "silurid"))
    (event,) = kinds(game, "random")
    assert event[2] == st.model("silurid").idx
    assert event[3] == st.model("tot").idx
    assert event[4] == ["8R", "6C", "5M"]
    assert kinds(game, "attack")[0][2] == st.model("tot").idx


def test_a_shot_at_an_engaged_model_with_nobody_else_near_is_not_randomized():
    game = scene([("guard", card(actions=[GUN]), (14.0, 9.0))],
                 [("b", card(wd=9), (18.0, 19.0))])
    act(game, "guard", Attack("Gun", "b"))
    assert kinds(game, "random") == []
