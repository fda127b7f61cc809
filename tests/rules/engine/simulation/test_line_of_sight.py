"""Line of sight and cover (rulebook RANGE & LINE OF SIGHT, ELEVATION, COVER, TERRAIN
TRAITS): blocking and dense terrain, bases in the way, Ht, soft and hard cover."""

from __future__ import annotations

import pytest

from rules.engine.simulation import IllegalCommand
from rules.engine.simulation.commands import Attack

from .scenes import GUN, act, card, kinds, scene, stack, terrain


def _los(game, a: str, b: str) -> bool:
    st = game.state
    return st.los(st.model(a), st.model(b))


def test_blocking_terrain_as_tall_as_the_models_blocks_line_of_sight():
    wall = terrain(1, 14.0, 5.0, 1.0, 10.0, "blocking", ht=2)
    game = scene([("a", card(ht=2), (10.0, 10.0))], [("b", card(ht=2), (18.0, 10.0))],
                 terrain=[wall])
    assert not _los(game, "a", "b")
    assert not _los(game, "b", "a")


def test_blocking_terrain_lower_than_either_model_does_not_block():
    wall = terrain(1, 14.0, 5.0, 1.0, 10.0, "blocking", ht=2)
    game = scene([("a", card(ht=3), (10.0, 10.0))], [("b", card(ht=1), (18.0, 10.0))],
                 terrain=[wall])
    assert _los(game, "a", "b")


def test_one_clear_line_from_base_to_base_is_enough():
    """A narrow post in the middle of the line: the side lines go past it."""
    post = terrain(1, 14.0, 10.0, 0.3, 0, "blocking", ht=5, shape="circle")
    game = scene([("a", card(base=50), (10.0, 10.0))], [("b", card(base=50), (18.0, 10.0))],
                 terrain=[post])
    assert _los(game, "a", "b")


def test_a_wall_wider_than_both_bases_blocks_every_line():
    wall = terrain(1, 14.0, 8.0, 0.5, 4.0, "blocking", ht=5)
    game = scene([("a", card(base=50), (10.0, 10.0))], [("b", card(base=50), (18.0, 10.0))],
                 terrain=[wall])
    assert not _los(game, "a", "b")


def test_another_base_in_the_way_blocks_unless_it_is_shorter_than_a_model():
    game = scene([("a", card(ht=2), (10.0, 10.0)), ("screen", card(ht=2, base=50), (14.0, 10.0))],
                 [("b", card(ht=2), (18.0, 10.0))])
    assert not _los(game, "a", "b")
    game = scene([("a", card(ht=3), (10.0, 10.0)), ("screen", card(ht=2, base=50), (14.0, 10.0))],
                 [("b", card(ht=2), (18.0, 10.0))])
    assert _los(game, "a", "b")


def test_dense_terrain_can_be_seen_into_but_not_through():
    grove = terrain(1, 13.0, 6.0, 4.0, 8.0, "dense", "severe", "soft_cover", ht=4)
    game = scene([("a", card(), (10.0, 10.0)), ("inside", card(), (15.0, 13.0))],
                 [("b", card(), (20.0, 10.0)), ("c", card(), (15.0, 9.0))], terrain=[grove])
    assert not _los(game, "a", "b")  # through the grove
    assert _los(game, "a", "c")  # into it
    assert _los(game, "inside", "b")  # out of it


def test_no_attack_without_line_of_sight():
    wall = terrain(1, 14.0, 5.0, 1.0, 10.0, "blocking", "impassable", ht=3)
    game = scene([("a", card(actions=[GUN]), (10.0, 10.0))], [("b", card(), (18.0, 10.0))],
                 terrain=[wall])
    with pytest.raises(IllegalCommand, match="line of sight"):
        act(game, "a", Attack("Gun", "b"))


def test_cover_comes_from_terrain_within_1_inch_of_the_target_that_a_line_crosses():
    crates = terrain(1, 16.5, 8.0, 0.6, 4.0, "hard_cover", ht=1)
    bushes = terrain(2, 16.5, 8.0, 0.6, 4.0, "soft_cover", ht=1)
    far_crates = terrain(3, 12.0, 8.0, 0.6, 4.0, "hard_cover", ht=1)
    for piece, expected in ((crates, 2), (bushes, 1), (far_crates, 0)):
        game = scene([("a", card(actions=[GUN]), (10.0, 10.0))],
                     [("b", card(), (18.0, 10.0))], terrain=[piece])
        st = game.state
        a, b = st.model("a"), st.model("b")
        assert _los(game, "a", "b")  # Ht 1 terrain does not block Ht 2 models
        assert st.cover(a.x, a.y, a.r, b) == expected


def test_hard_cover_gives_a_negative_twist_to_the_attack_and_the_damage_flip():
    crates = terrain(1, 16.5, 8.0, 0.6, 4.0, "hard_cover", ht=1)
    game = scene([("a", card(actions=[GUN]), (10.0, 10.0))],
                 [("b", card(df=1, wd=20), (18.0, 10.0))], terrain=[crates])
    stack(game, 0, ["13R", "12M", "4C", "9T"])
    stack(game, 1, ["1T"])
    act(game, "a", Attack("Gun", "b"))
    (attack,) = kinds(game, "attack")
    assert "f:a:13R 12M" in attack[4]  # two cards, the lower one taken
    assert "c:a:12M" in attack[4] and "b:a:neg" in attack[4]
    (damage,) = kinds(game, "dmg")
    # Margin 12 + 6 - 2 = 16: accuracy +1, hard cover -1, so one card (the 4): weak 2.
    assert damage[2] == 2


def test_cover_does_not_apply_to_close_or_spell_attacks():
    from .scenes import SPELL

    crates = terrain(1, 16.5, 8.0, 0.6, 4.0, "hard_cover", ht=1)
    game = scene([("a", card(actions=[SPELL]), (10.0, 10.0))],
                 [("b", card(wd=20), (18.0, 10.0))], terrain=[crates])
    stack(game, 0, ["10R", "5C"])
    act(game, "a", Attack("Hex", "b"))
    assert "f:a:10R|" in kinds(game, "attack")[0][4]
