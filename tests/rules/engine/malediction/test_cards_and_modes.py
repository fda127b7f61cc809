"""Cards and modes carry the rulebook's numbers."""

import pytest

from rules.engine.malediction import modes
from rules.engine.malediction.cards import (
    COPY_LIMITS,
    Power,
    Rank,
    Relic,
    Seeker,
    TerrainHeight,
    TerrainPiece,
    TerrainSize,
    Unit,
    card_cost,
    parse_stat,
)
from rules.engine.malediction.errors import InvalidCardData, MaledictionRulesError

from .factory import item, seeker, unit


def test_null_stats_are_none_and_count_as_zero():
    stationary = Unit("Totem", 3, Rank.BASIC, parse_stat("-"), Power.parse("-"),
                      parse_stat("-"), parse_stat("-"), parse_stat("9"), 6)
    assert stationary.speed is None and stationary.range is None and stationary.power is None
    assert stationary.stat("speed") == 0 and stationary.stat("acc") == 0
    assert stationary.stat("hit") == 0 and stationary.stat("graze") == 0
    assert stationary.stat("defense") == 9


def test_power_reads_hit_and_graze():
    assert Power.parse("3/1") == Power(3, 1)
    assert str(Power(4, 2)) == "4/2"
    assert unit(power=(3, 1)).stat("hit") == 3


def test_copy_limits_by_rank():
    assert COPY_LIMITS == {Rank.BASIC: 3, Rank.ELITE: 2, Rank.UNIQUE: 1, Rank.LEGENDARY: 0}


def test_a_seeker_is_legendary_and_relics_have_no_cost_or_rank():
    assert seeker().is_seeker and not unit().is_seeker
    with pytest.raises(InvalidCardData):
        Seeker("Pretender", 5, Rank.ELITE, 1, Power(1, 1), 0, 4, 9, 5)
    assert card_cost(Relic("Shard")) == 0 and Relic("Shard").rank is None
    assert card_cost(item(cost=3)) == 3


def test_cards_refuse_impossible_numbers():
    with pytest.raises(InvalidCardData):
        unit(cost=-1)
    with pytest.raises(InvalidCardData):
        unit(hp=0)


def test_terrain_piece_footprint_defaults_by_size():
    large = TerrainPiece(TerrainSize.LARGE, TerrainHeight.TALL)
    assert large.tall and large.footprint == (8.0, 5.0)
    assert TerrainPiece(TerrainSize.SMALL, TerrainHeight.SHORT, 2, 1).footprint == (2, 1)


def test_modes_carry_the_rulebook_numbers():
    std = modes.get_mode("standard")
    assert (std.players, std.board.size, std.threshold, std.board.husk_gap) == (2, 30, 40, 10)
    assert (std.board.large, std.board.medium, std.board.small) == (1, 1, 2)
    assert (std.husks, std.relic_display) == (4, 4)
    demo = modes.get_mode("demo")
    assert (demo.board.size, demo.threshold, demo.husks, demo.relic_display) == (24, 25, 2, 2)
    assert demo.starting_echo == 10 and not demo.uses_legacy and demo.seekers_start_deployed
    assert demo.board.terrain_sizes == ("medium", "small")
    ally = modes.get_mode("allegiance")
    assert ally.sides == (2, 2) and ally.threshold == 50 and ally.teams
    nem = modes.get_mode("nemesis")
    assert nem.sides == (2, 1) and nem.threshold == 50
    assert nem.draw_per_refresh(1) == 3 and nem.draw_per_refresh(0) == 2
    assert nem.nemesis_bid_multiplier == 2 and nem.is_nemesis_side(1)


def test_alternative_board_sizes_keep_the_mode_threshold():
    strife = modes.get_mode("standard", "strife")
    assert (strife.board.size, strife.board.husk_gap, strife.threshold) == (24, 8, 40)
    assert strife.board.terrain_sizes == ("medium", "small")
    mael = modes.get_mode("allegiance", "maelstrom")
    assert (mael.board.size, mael.board.husk_gap, mael.threshold) == (36, 12, 50)
    assert mael.board.terrain_per_side == 5
    with pytest.raises(MaledictionRulesError):
        modes.get_mode("skirmish")
    with pytest.raises(MaledictionRulesError):
        modes.get_mode("standard", "huge")


@pytest.mark.parametrize("rnd,gain", [(1, 0), (2, 4), (3, 6), (4, 8), (5, 10), (6, 10), (9, 10)])
def test_echo_gain_table(rnd, gain):
    assert modes.echo_gain(rnd) == gain
