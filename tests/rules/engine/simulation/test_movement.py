"""Movement (rulebook MOVEMENT, MOVEMENT & TERRAIN, PUSHES): Walk up to Wk, severe terrain
costs double, impassable terrain and other bases block, the table edge, pushes."""

from __future__ import annotations

import pytest

from rules.engine.simulation import IllegalCommand
from rules.engine.simulation.commands import Walk

from .scenes import act, card, kinds, scene, terrain


def test_a_walk_moves_the_model_up_to_its_wk():
    game = scene([("a", card(wk=5), (10.0, 10.0))])
    m = act(game, "a", Walk(((15.0, 10.0),)))
    assert (m.x, m.y) == (15.0, 10.0)
    assert game.ap == 1
    assert kinds(game, "walk") == [["walk", m.idx, [[15.0, 10.0]]]]


def test_a_walk_longer_than_wk_is_refused_and_costs_nothing():
    game = scene([("a", card(wk=5), (10.0, 10.0))])
    with pytest.raises(IllegalCommand, match=r"costs 5\.1"):
        act(game, "a", Walk(((15.1, 10.0),)))
    m = game.state.model("a")
    assert (m.x, m.y) == (10.0, 10.0)
    assert game.ap == 2


def test_a_walk_may_change_direction_and_counts_every_leg():
    game = scene([("a", card(wk=6), (10.0, 10.0))])
    m = act(game, "a", Walk(((13.0, 10.0), (13.0, 13.0))))
    assert (m.x, m.y) == (13.0, 13.0)
    with pytest.raises(IllegalCommand, match="costs"):
        act(game, "a", Walk(((13.0, 17.0), (10.0, 17.0))))  # 4 + 3 = 7 > 6


def test_worked_example_ice_gamin_in_severe_terrain():
    """Rulebook: a Wk 4 model moves 2" to severe terrain, then only 1" into it."""
    bog = terrain(1, 12.6, 5.0, 6.0, 10.0, "severe", ht=0, name="bog")
    game = scene([("gamin", card(wk=4), (10.0, 10.0))], terrain=[bog])
    # The base (r 0.59) touches the bog once its centre is at 12.0: 2" moved, 2" left.
    m = act(game, "gamin", Walk(((13.0, 10.0),)))
    assert (m.x, m.y) == (13.0, 10.0)
    game = scene([("gamin", card(wk=4), (10.0, 10.0))], terrain=[bog])
    with pytest.raises(IllegalCommand, match=r"costs 4\.2"):
        act(game, "gamin", Walk(((13.1, 10.0),)))


def test_unimpeded_ignores_severe_terrain():
    bog = terrain(1, 12.6, 5.0, 6.0, 10.0, "severe", ht=0)
    game = scene([("a", card(wk=4, abilities=["Unimpeded"]), (10.0, 10.0))], terrain=[bog])
    m = act(game, "a", Walk(((14.0, 10.0),)))
    assert m.x == 14.0


def test_impassable_terrain_blocks_the_way_but_a_path_around_it_is_fine():
    rock = terrain(1, 12.0, 8.0, 2.0, 4.0, "impassable", "blocking", ht=2, name="boulder")
    game = scene([("a", card(wk=8), (10.0, 10.0))], terrain=[rock])
    with pytest.raises(IllegalCommand, match="boulder is in the way"):
        act(game, "a", Walk(((16.0, 10.0),)))
    game = scene([("a", card(wk=8), (10.0, 10.0))], terrain=[rock])
    m = act(game, "a", Walk(((11.0, 12.7), (14.7, 12.7))))
    assert (m.x, m.y) == (14.7, 12.7)


def test_a_model_cannot_end_inside_impassable_terrain():
    rock = terrain(1, 12.0, 8.0, 2.0, 4.0, "impassable", ht=2, name="boulder")
    game = scene([("a", card(wk=8, abilities=["Flight"]), (10.0, 10.0))], terrain=[rock])
    with pytest.raises(IllegalCommand, match="inside boulder"):
        act(game, "a", Walk(((13.0, 10.0),)))


def test_flight_and_incorporeal_ignore_terrain_and_models_while_moving():
    rock = terrain(1, 12.0, 8.0, 2.0, 4.0, "impassable", ht=2)
    for talent in ("Flight", "Incorporeal"):
        game = scene([("a", card(wk=8, abilities=[talent]), (10.0, 10.0)),
                      ("f", card(), (16.5, 10.0))], terrain=[rock])
        m = act(game, "a", Walk(((18.0, 10.0),)))
        assert m.x == 18.0


def test_a_model_cannot_move_through_another_base_unless_underfoot_and_friendly():
    game = scene([("a", card(wk=8), (10.0, 10.0)), ("friend", card(), (13.0, 10.0))],
                 [("enemy", card(), (13.0, 14.0))])
    with pytest.raises(IllegalCommand, match="base is in the way"):
        act(game, "a", Walk(((16.0, 10.0),)))
    game = scene([("a", card(wk=8, abilities=["Underfoot"]), (10.0, 10.0)),
                   ("friend", card(), (13.0, 10.0))], [("enemy", card(), (13.0, 14.0))])
    m = act(game, "a", Walk(((16.0, 10.0),)))
    assert m.x == 16.0
    with pytest.raises(IllegalCommand, match="base is in the way"):
        act(game, "a", Walk(((13.0, 17.0),)))  # Underfoot ignores only friends


def test_a_model_cannot_end_overlapping_a_base_or_off_the_table():
    game = scene([("a", card(wk=8), (10.0, 10.0)), ("friend", card(), (13.0, 10.0))])
    with pytest.raises(IllegalCommand, match=r"overlaps|in the way"):
        act(game, "a", Walk(((12.0, 10.0),)))
    with pytest.raises(IllegalCommand, match="off the table"):
        act(game, "a", Walk(((10.0, 4.0), (0.3, 4.0))))


def test_climbing_a_climbable_wall_costs_double_its_height():
    wall = terrain(1, 12.0, 0.0, 0.5, 20.0, "impassable", "climbable", "blocking", ht=2,
                   name="wall")
    game = scene([("a", card(wk=7), (10.0, 10.0))], terrain=[wall])
    # 4" across plus 2 x Ht 2 to climb: 8" > Wk 7.
    with pytest.raises(IllegalCommand, match=r"costs 8\.0"):
        act(game, "a", Walk(((14.0, 10.0),)))
    game = scene([("a", card(wk=8), (10.0, 10.0))], terrain=[wall])
    m = act(game, "a", Walk(((14.0, 10.0),)))
    assert m.x == 14.0


def test_a_push_stops_at_the_first_base_in_the_way_and_ignores_severe_terrain():
    bog = terrain(1, 11.0, 0.0, 10.0, 20.0, "severe", ht=0)
    game = scene([("a", card(), (10.0, 10.0)), ("wall", card(), (15.0, 10.0))], terrain=[bog])
    st = game.state
    m = st.model("a")
    end = st.push_end(m, 1.0, 0.0, 6.0)
    assert 13.7 <= end[0] <= 13.82 and end[1] == 10.0  # in base contact with "wall"
    end = st.push_end(m, 0.0, 1.0, 3.0)
    assert end == (10.0, 13.0)  # severe terrain does not shorten a push
    end = st.push_end(m, -1.0, 0.0, 20.0)
    assert end[0] == pytest.approx(0.6, abs=0.05)  # the table edge stops it
