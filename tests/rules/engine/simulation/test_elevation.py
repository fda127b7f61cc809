"""Elevation (rulebook MOVEMENT & TERRAIN, RANGE & LINE OF SIGHT: Elevation, Vantage
Points; ENGAGEMENT ELEVATION; TERRAIN TRAITS): standing on terrain, climbing onto and off
it, seeing from a vantage point, engagement across elevations and falling damage."""

from __future__ import annotations

import pytest

from rules.engine.simulation import IllegalCommand, simulate
from rules.engine.simulation.abilities import TriggerEffect
from rules.engine.simulation.actions import _trigger_effect
from rules.engine.simulation.commanders.heuristic import _perch
from rules.engine.simulation.commands import Attack, Walk
from rules.engine.simulation.table import Table, generate_layout

from .builders import sample_setup
from .scenes import GUN, LONG_BLADE, act, card, kinds, scene, terrain

#: A 4" x 4" block, x 12-16 and y 8-12, with a top models may climb onto.
ROOF = ("impassable", "climbable", "blocking", "hard_cover", "vantage_point")


def block(id_: int = 1, x: float = 12.0, y: float = 8.0, w: float = 4.0, h: float = 4.0, *,
          ht: int = 2, traits=ROOF) -> dict:
    return terrain(id_, x, y, w, h, *traits, ht=ht, name=f"block {id_}")


def _los(game, a: str, b: str) -> bool:
    st = game.state
    return st.los(st.model(a), st.model(b))


# -- climbing ------------------------------------------------------------------------------


def test_climbing_onto_a_piece_costs_double_its_height_and_the_model_stands_on_it():
    # 4" across to the middle of a Ht 2 top, plus 2 x 2" climbed: 8".
    game = scene([("a", card(wk=7), (10.0, 10.0))], terrain=[block(ht=2)])
    with pytest.raises(IllegalCommand, match=r"costs 8\.0"):
        act(game, "a", Walk(((14.0, 10.0),)))
    game = scene([("a", card(wk=8), (10.0, 10.0))], terrain=[block(ht=2)])
    m = act(game, "a", Walk(((14.0, 10.0),)))
    st = game.state
    assert (m.x, m.y) == (14.0, 10.0)
    assert st.elevation(m) == 2 and st.standing_on(m).id == 1


def test_walking_on_the_top_is_free_and_climbing_down_costs_double_above_2():
    game = scene([("a", card(wk=5), (14.0, 10.0))], terrain=[block(ht=3)])
    st = game.state
    m = st.model("a")
    assert st.path_cost(m, ((15.0, 10.0),))[0] == pytest.approx(1.0)
    # 4" to the ground beyond the ledge, plus 2 x 3" climbed down.
    assert st.path_cost(m, ((18.0, 10.0),))[0] == pytest.approx(10.0)
    # From a top of Ht 2 the drop is free (a fall of 2" or less does no damage).
    game = scene([("a", card(wk=5), (14.0, 10.0))], terrain=[block(ht=2)])
    st = game.state
    assert st.path_cost(st.model("a"), ((18.0, 10.0),))[0] == pytest.approx(4.0)


def test_a_base_cannot_hang_over_the_ledge():
    game = scene([("a", card(wk=8), (10.0, 10.0))], terrain=[block(ht=2)])
    st = game.state
    cost, reason = st.path_cost(st.model("a"), ((12.3, 10.0),))
    assert cost is None and "in the way" in reason


def test_only_a_climbable_piece_can_be_climbed_but_flight_lands_on_any_top():
    tower = block(ht=2, traits=("impassable", "blocking", "vantage_point"))
    game = scene([("a", card(wk=8), (10.0, 10.0)),
                  ("bird", card(wk=8, abilities=["Flight"]), (10.0, 14.0))], terrain=[tower])
    st = game.state
    assert st.path_cost(st.model("a"), ((14.0, 10.0),))[0] is None
    bird = act(game, "bird", Walk(((14.0, 10.5),)))
    assert st.elevation(bird) == 2


def test_a_piece_without_a_top_cannot_be_stood_on():
    """Book default buildings (impassable, no climbable or vantage point trait)."""
    house = block(ht=3, traits=("impassable", "blocking", "hard_cover", "enclosed"))
    game = scene([("bird", card(wk=8, abilities=["Flight"]), (10.0, 10.0))], terrain=[house])
    st = game.state
    assert st.path_cost(st.model("bird"), ((14.0, 10.0),))[0] is None
    # The generator's walls are climbable but too thin for a base: its tables have no top.
    layouts = [generate_layout(seed, density=0.5) for seed in range(5)]
    assert any("climbable" in p.traits for layout in layouts for p in layout)
    assert all(Table(layout, "standard").standable == () for layout in layouts)


# -- line of sight ---------------------------------------------------------------------------


def test_a_vantage_point_sees_over_a_lower_blocking_piece_and_models_below():
    """Rasputina's example: from a Ht 4 roof (within her Ht of its ledge) the diagonal lines
    pass over Ht 3 crates near her and over a model below; crates next to the target block
    them (they pass over the crates' base within 3")."""
    roof = block(1, 8.0, 8.0, 4.0, 4.0, ht=4)
    near_crates = terrain(2, 14.0, 5.0, 1.0, 10.0, "blocking", "hard_cover", ht=3)
    on_roof = ("a", card(ht=2, actions=[GUN]), (11.0, 10.0))
    lilith = ("lilith", card(ht=3, base=40), (17.0, 10.0))
    target = ("b", card(ht=2), (22.0, 10.0))
    game = scene([on_roof, lilith], [target], terrain=[roof, near_crates])
    assert _los(game, "a", "b") and _los(game, "b", "a")
    # The same two on the ground: the crates and the model in between block.
    game = scene([("a", card(ht=2), (6.0, 10.0)), lilith], [target], terrain=[near_crates])
    assert not _los(game, "a", "b")
    far_crates = terrain(2, 20.0, 5.0, 1.0, 10.0, "blocking", "hard_cover", ht=3)
    game = scene([on_roof, lilith], [target], terrain=[roof, far_crates])
    assert not _los(game, "a", "b")


def test_terrain_no_higher_than_the_lower_model_is_ignored_but_still_gives_cover():
    roof = block(1, 8.0, 8.0, 4.0, 4.0, ht=4)
    crate = terrain(2, 20.0, 5.0, 1.0, 10.0, "blocking", "hard_cover", ht=2)
    game = scene([("a", card(ht=2, actions=[GUN]), (11.0, 10.0))],
                 [("b", card(ht=2), (22.0, 10.0))], terrain=[roof, crate])
    st = game.state
    assert _los(game, "a", "b")
    assert st.cover_from(st.model("a"), st.model("b")) == 2


def test_a_model_far_from_its_ledge_cannot_see_down_past_it():
    wide = block(1, 4.0, 6.0, 8.0, 8.0, ht=4)
    target = ("b", card(ht=2), (14.0, 10.0))
    game = scene([("a", card(ht=2), (5.0, 10.0))], [target], terrain=[wide])
    assert not _los(game, "a", "b")
    # Within its Ht (2") of the ledge it ignores the ledge.
    game = scene([("a", card(ht=2), (10.5, 10.0))], [target], terrain=[wide])
    assert _los(game, "a", "b")


def test_two_vantage_points_of_the_same_height_draw_lines_normally():
    left = block(1, 4.0, 8.0, 4.0, 4.0, ht=3)
    wall = terrain(3, 13.0, 5.0, 0.5, 10.0, "blocking", ht=2)
    a = ("a", card(ht=2), (7.0, 10.0))
    b = ("b", card(ht=2), (19.0, 10.0))
    game = scene([a], [b], terrain=[left, wall, block(2, 18.0, 8.0, 4.0, 4.0, ht=3)])
    assert not _los(game, "a", "b")  # top down, the Ht 2 wall blocks Ht 2 models
    game = scene([a], [b], terrain=[left, wall, block(2, 18.0, 8.0, 4.0, 4.0, ht=4)])
    assert _los(game, "a", "b")  # diagonally, terrain of the lower model's Ht is ignored


def test_a_shot_from_a_vantage_point_hits_a_target_a_ground_model_could_not_see():
    roof = block(1, 8.0, 8.0, 4.0, 4.0, ht=4)
    crates = terrain(2, 14.0, 5.0, 1.0, 10.0, "blocking", ht=3)
    game = scene([("a", card(ht=2, actions=[GUN]), (11.0, 10.0))],
                 [("b", card(ht=2), (22.0, 10.0))], terrain=[roof, crates])
    act(game, "a", Attack("Gun", "b"))
    assert kinds(game, "attack")
    # Range is measured top down: 11" - the two radii, within the Gun's 12".


# -- engagement ------------------------------------------------------------------------------


def test_the_elevation_difference_is_added_to_engagement_and_close_range():
    """A model on a Ht 2 top at its ledge, an enemy on the ground touching the wall: 0.22"
    apart top down, 2.22" with the 2" climb, so a 2" Close attack cannot reach."""
    roof = block(1, 8.0, 8.0, 4.0, 4.0, ht=2)
    high = ("a", card(ht=2, actions=[LONG_BLADE]), (11.3, 10.0))
    game = scene([high], [("b", card(ht=2, actions=[LONG_BLADE]), (12.7, 10.0))],
                 terrain=[roof])
    st = game.state
    a, b = st.model("a"), st.model("b")
    assert st.edge(a, b) == pytest.approx(0.22, abs=0.01)
    assert st.close_edge(a, b) == pytest.approx(2.22, abs=0.01)
    assert not st.is_engaged(a) and not st.is_engaged(b)
    with pytest.raises(IllegalCommand, match="out of range"):
        act(game, "a", Attack("Long Blade", "b"))


def test_a_lower_model_taller_than_the_difference_ignores_it():
    roof = block(1, 8.0, 8.0, 4.0, 4.0, ht=2)
    game = scene([("a", card(ht=2, actions=[LONG_BLADE]), (11.3, 10.0))],
                 [("b", card(ht=3, actions=[LONG_BLADE]), (12.7, 10.0))], terrain=[roof])
    st = game.state
    a, b = st.model("a"), st.model("b")
    assert st.close_edge(a, b) == pytest.approx(0.22, abs=0.01)
    assert st.is_engaged(a) and st.engaged_with(b) == [a]


# -- falling ---------------------------------------------------------------------------------


def test_a_push_across_the_ledge_drops_the_model_and_a_short_one_keeps_it_on_top():
    roof = block(1, 8.0, 8.0, 4.0, 4.0, ht=4)
    game = scene([("a", card(), (11.0, 10.0))], terrain=[roof])
    st = game.state
    m = st.model("a")
    x, y = st.push_end(m, 1.0, 0.0, 3.0)
    assert (x, y) == (14.0, 10.0) and st.piece_under(x, y) is None
    x, y = st.push_end(m, 1.0, 0.0, 1.0)  # would hang over the ledge: stops on the top
    assert roof and st.piece_under(x, y) is not None and x <= 12.0 - m.r + 1e-6


@pytest.mark.parametrize(("ht", "landing", "damage"), [(4, 0, 4), (2, 0, 0), (6, 3, 3)])
def test_falling_damage(ht, landing, damage):
    """No damage for a fall of 2" or less, else 1 per 1" fallen: a Ht 4 cliff deals 4, a
    Ht 6 cliff onto a Ht 3 surface 3 (the manual's example)."""
    pieces = [block(1, 8.0, 8.0, 4.0, 4.0, ht=ht)]
    if landing:
        pieces.append(block(2, 14.5, 8.0, 4.0, 4.0, ht=landing))
    game = scene([("pusher", card(), (6.0, 10.0))],
                 [("b", card(wd=6), (11.0, 10.0))], terrain=pieces, pool=(0, 0))
    st = game.state
    pusher, b = st.model("pusher"), st.model("b")
    # Pushed 5" east, off the top: onto the ground, or onto the Ht 3 top beyond a gap.
    b.x = 11.0
    game.begin_activation(pusher)
    _trigger_effect(game, pusher, b, TriggerEffect("push_target", 5.0 if not landing else 5.5))
    assert st.elevation(b) == landing
    assert b.wounds == 6 - damage
    falls = kinds(game, "fall")
    assert (len(falls) == 1) == (damage > 0)


def test_flight_is_immune_to_falling_damage():
    game = scene([("pusher", card(), (6.0, 10.0))],
                 [("b", card(wd=6, abilities=["Flight"]), (11.0, 10.0))],
                 terrain=[block(1, 8.0, 8.0, 4.0, 4.0, ht=5)], pool=(0, 0))
    st = game.state
    game.begin_activation(st.model("pusher"))
    _trigger_effect(game, st.model("pusher"), st.model("b"), TriggerEffect("push_target", 4.0))
    assert st.elevation(st.model("b")) == 0 and st.model("b").wounds == 6


# -- nothing elevated ------------------------------------------------------------------------


def test_a_table_without_a_top_to_stand_on_does_no_elevation_work():
    game = scene([("a", card(), (10.0, 10.0))], terrain=[
        terrain(1, 12.0, 8.0, 4.0, 4.0, "impassable", "blocking", ht=3)])
    st = game.state
    assert st.table.standable == () and st.standing_on(st.model("a")) is None
    assert st._on is None  # never worked out


# -- the heuristic commander ---------------------------------------------------------------


def test_a_shooter_out_of_sight_climbs_onto_a_vantage_point_it_can_reach():
    """Crates (Ht 3) hide the target from the ground; from the Ht 3 roof the diagonal
    lines pass over them: 2.7" to the roof plus 2 x 3" climbed is 8.7", within Wk 9."""
    roof = block(1, 12.0, 8.0, 4.0, 4.0, ht=3)
    crates = terrain(2, 18.0, 0.0, 1.0, 20.0, "blocking", "hard_cover", ht=3)
    for wk, expected in ((9, ((12.7, 10.0),)), (8, None)):
        game = scene([("a", card(wk=wk, ht=2, actions=[GUN]), (10.0, 10.0))],
                     [("b", card(ht=2), (24.0, 10.0))], terrain=[roof, crates])
        st = game.state
        a, b = st.model("a"), st.model("b")
        assert not st.los(a, b)
        assert _perch(st, a, b, ((11.0, 10.0),)) == expected


def test_a_game_on_a_table_with_tops_to_stand_on_plays_to_the_end_the_same_twice():
    tops = [block(1, 10.0, 7.5, 3.0, 3.0, ht=2), block(2, 22.0, 25.5, 3.0, 3.0, ht=4),
            terrain(3, 15.0, 12.0, 6.0, 1.0, "blocking", "hard_cover", "severe", ht=3)]
    setup = sample_setup(terrain=tops)
    first, second = simulate(setup, seed=3), simulate(setup, seed=3)
    assert first.log == second.log and first.log["simulator"] == "1.6.0"
    assert not any("vantage" in item for item in first.not_modelled)


def test_a_roof_gives_cover_from_below_but_not_between_two_models_on_it():
    roof = block(1, 8.0, 8.0, 4.0, 4.0, ht=2)
    game = scene([("a", card(actions=[GUN]), (9.0, 10.0)), ("c", card(actions=[GUN]),
                                                            (6.0, 10.0))],
                 [("b", card(), (11.0, 10.0))], terrain=[roof])
    st = game.state
    a, b, c = st.model("a"), st.model("b"), st.model("c")
    assert st.cover_from(a, b) == 0  # both on the roof
    assert st.cover_from(c, b) == 2  # from the ground, the line crosses the roof's edge
