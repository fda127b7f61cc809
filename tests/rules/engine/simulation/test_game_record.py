"""An auto-resolved encounter leaves the same game record as a game played at the table:
its Bounty facts read from the record agree with the simulator's own result."""

from __future__ import annotations

import json

import pytest

from rules.engine.record import GameRecord, game_facts, markers_at_end
from rules.engine.simulation import HeuristicCommander, RandomCommander, simulate
from rules.engine.simulation.record import game_record

from .builders import sample_setup


@pytest.fixture(scope="module", params=[("reckoning", 21), ("reckoning", 17),
                                        ("reconnoiter", 1)])
def played(request):
    """Games with kills, corpses, engagements and models in the enemy zone."""
    strategy, seed = request.param
    return simulate(sample_setup(strategy=strategy), seed=seed,
                    commanders=(HeuristicCommander(), RandomCommander()))


@pytest.mark.parametrize("side", ["a", "b"])
def test_a_simulated_game_reads_like_a_tracked_one(played, side):
    arsenal = {m.id: n for n, m in enumerate(played.models, start=100)}
    record = game_record(played, crews={"a": 1, "b": 2}, arsenal=arsenal)
    assert GameRecord.from_dict(json.loads(json.dumps(record.to_dict()))) == record
    me, them = played.side(side), played.side("b" if side == "a" else "a")
    facts = game_facts(record, side, "sim")
    assert facts.won == (played.winner == side)
    assert (facts.strategy_vp, facts.opponent_strategy_vp) == (me.strategy_vp, them.strategy_vp)
    assert len(facts.casualties) == len(played.casualties)
    assert sum(c.by_us for c in facts.casualties) == sum(
        1 for c in played.casualties if c.killer_side == side)
    # One removal per Marker: an Interact that took two counts twice here, once there.
    assert facts.enemy_marker_removals >= me.enemy_marker_removals
    assert facts.own_scheme_markers_at_end == me.scheme_markers_at_end
    assert facts.scheme_marker_quarters == me.scheme_marker_quarters
    assert facts.friendly_in_enemy_zone == me.friendly_in_enemy_zone
    assert facts.enemy_in_enemy_zone == me.enemy_in_enemy_zone
    assert facts.engaging_enemy_leader == me.engaging_enemy_leader
    assert facts.enemies_failed_horror == me.enemies_failed_horror
    assert facts.afflicted_enemies_at_end == me.afflicted_enemies_at_end
    assert facts.soulstones_at_end == me.soulstones_at_end
    corpses = sum(1 for mk in played.markers if mk.kind == "corpse" and mk.in_play_at_end)
    assert facts.corpse_markers_at_end == corpses == sum(
        n for (kind, _, _), n in markers_at_end(record).items() if kind == "corpse")
    assert record.sides[side].played == tuple(arsenal[m.id] for m in played.models
                                              if m.side == side)


def test_removed_markers_and_failed_horror_come_from_the_log(played):
    """A Marker removed during a model's Activation is its crew's doing (an enemy Scheme
    Marker: an Interact removal, as Cleanup Crew counts); a failed Horror duel in the log
    is that model's, on the Turn it happened."""
    from types import SimpleNamespace

    marker = next((mk for mk in played.markers if mk.kind == "scheme" and mk.side == "b"
                   and mk.in_play_at_end), None)
    if marker is None:
        pytest.skip("no Scheme Marker of side b in this game")
    actor = next(i for i, m in enumerate(played.models) if m.side == "a")
    victim = next(i for i, m in enumerate(played.models) if m.side == "b")
    log = {**played.log, "events": [*played.log["events"], ["turn", 7], ["act", actor],
                                     ["unmarker", marker.id], ["horror", victim, 12, "", 0],
                                     ["done", actor]]}
    fake = SimpleNamespace(**{f: getattr(played, f) for f in (
        "models", "casualties", "winner", "vp", "ended_on_turn", "markers", "sides")},
        log=log)
    record = game_record(fake)
    removal = record.markers[-1]
    assert (removal.delta, removal.by, removal.interact, removal.turn) == (-1, "a", True, 7)
    before = game_facts(game_record(played), "a", 1).enemy_marker_removals
    assert game_facts(record, "a", 1).enemy_marker_removals == before + 1
    assert record.horror[-1].turn == 7
    assert record.model(record.horror[-1].ref).side == "b"
