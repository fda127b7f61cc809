"""Determinism, the stored log, replays and the result's record."""

from __future__ import annotations

import copy
import json

import pytest

from rules.engine.simulation import (
    SIMULATOR_VERSION,
    HeuristicCommander,
    RandomCommander,
    ReplayMismatch,
    replay,
    simulate,
)
from rules.engine.simulation.log import SCHEME_EVENTS

from .builders import sample_setup


@pytest.fixture(scope="module")
def played():
    return simulate(sample_setup(strategy="reckoning"), seed=21,
                    commanders=(HeuristicCommander(), RandomCommander()))


def test_the_same_input_and_seed_give_the_identical_log(played):
    again = simulate(sample_setup(strategy="reckoning"), seed=21,
                     commanders=(HeuristicCommander(), RandomCommander()))
    assert json.dumps(again.log) == json.dumps(played.log)


def test_another_seed_gives_another_game(played):
    other = simulate(sample_setup(strategy="reckoning"), seed=22,
                     commanders=(HeuristicCommander(), RandomCommander()))
    assert other.log["events"] != played.log["events"]


def test_the_log_is_json_versioned_and_positions_sit_on_a_tenth_of_an_inch(played):
    log = json.loads(json.dumps(played.log))
    assert log["simulator"] == SIMULATOR_VERSION and log["format"] == 1
    assert log["seed"] == 21
    for event in log["events"]:
        if event[0] in ("deploy", "push", "arrive"):
            assert round(event[2], 1) == event[2] and round(event[3], 1) == event[3]
        if event[0] == "walk":
            for x, y in event[2]:
                assert (round(x, 1), round(y, 1)) == (x, y)


def test_replaying_a_stored_log_reproduces_the_result(played):
    stored = json.loads(json.dumps(played.log))
    again = replay(stored)
    assert again.vp == played.vp
    assert again.casualties == played.casualties
    assert again.to_dict(with_log=False) == played.to_dict(with_log=False)


def test_a_tampered_flip_or_decision_is_caught(played):
    stored = json.loads(json.dumps(played.log))
    attack = next(i for i, e in enumerate(stored["events"]) if e[0] == "attack")
    stored["events"][attack][4] = stored["events"][attack][4].replace("f:a:", "f:a:1R ", 1)
    with pytest.raises(ReplayMismatch, match=f"Event {attack} differs"):
        replay(stored)
    stored = json.loads(json.dumps(played.log))
    index = next(i for i, d in enumerate(stored["decisions"]) if d[1] == "activate")
    stored["decisions"][index][1] = "cmd"
    with pytest.raises(ReplayMismatch, match="Decision"):
        replay(stored)


def test_a_log_of_another_simulator_version_is_refused(played):
    stored = copy.deepcopy(played.log)
    stored["simulator"] = "0.0.1"
    with pytest.raises(ReplayMismatch, match=r"0\.0\.1"):
        replay(stored)


def test_the_result_is_complete_and_json_safe(played):
    data = json.loads(json.dumps(played.to_dict()))
    assert data["vp"] == {"a": played.side("a").vp, "b": played.side("b").vp}
    assert data["ended_on_turn"] >= 5
    for side in data["sides"]:
        assert set(side["strategy_vp_by_turn"]) <= {str(t) for t in range(1, 11)}
        assert side["vp"] == side["strategy_vp"] + sum(s["vp"] for s in side["schemes"])
    for casualty in played.casualties:
        assert casualty.turn >= 1 and casualty.how == "killed"
        assert casualty.killer_side in ("a", "b", None)
    placed = [m for m in played.markers if m.kind == "scheme"]
    assert sum(s.scheme_markers_placed for s in played.sides) == len(placed)
    for m in played.models:
        if m.in_play:
            assert 0 < m.x < 36 and 0 < m.y < 36
    assert played.winner in ("a", "b", None)


def test_scheme_events_name_their_side_so_a_reader_can_hide_them(played):
    for event in played.log["events"]:
        if event[0] in SCHEME_EVENTS:
            assert event[1] in (0, 1)
            assert isinstance(event[2], str)


def test_the_log_is_compact(played):
    text = json.dumps(played.log, separators=(",", ":"))
    setup = json.dumps(played.log["setup"], separators=(",", ":"))
    assert len(text) - len(setup) < 40_000


def test_the_result_carries_the_facts_bounties_read(played):
    """Every ``GameFacts`` field the simulator can know is in the result; a mapper builds
    the facts of crew A from it alone."""
    from rules.engine.bounties import GOALS, Casualty, GameFacts, SchemeResult

    me, them = played.side("a"), played.side("b")
    casualties = tuple(
        Casualty(victim="friendly" if c.side == "a" else "opposing", how=c.how,
                 by_us=c.killer_side == "a", is_leader=c.is_leader, station=c.station,
                 characteristics=frozenset(c.characteristics), cost=c.cost,
                 noted=any(side == "a" for side, _, _ in c.noted_by),
                 during_own_activation=c.during_own_activation, with_blast=c.with_blast,
                 our_pool_empty=c.pools["a"] == 0)
        for c in played.casualties)
    corpses = sum(1 for mk in played.markers if mk.kind == "corpse" and mk.in_play_at_end)
    facts = GameFacts(
        game="sim", won=played.winner == "a", strategy_vp=me.strategy_vp,
        opponent_strategy_vp=them.strategy_vp,
        schemes=tuple(SchemeResult(s.key, s.vp, s.revealed) for s in me.schemes),
        casualties=casualties, enemy_marker_removals=me.enemy_marker_removals,
        friendly_in_enemy_zone=me.friendly_in_enemy_zone,
        enemy_in_enemy_zone=me.enemy_in_enemy_zone,
        scheme_marker_quarters=me.scheme_marker_quarters,
        own_scheme_markers_at_end=me.scheme_markers_at_end,
        engaging_enemy_leader=me.engaging_enemy_leader, corpse_markers_at_end=corpses,
        enemies_failed_horror=me.enemies_failed_horror,
        afflicted_enemies_at_end=me.afflicted_enemies_at_end,
        soulstones_at_end=me.soulstones_at_end)
    kills = sum(1 for c in played.casualties if c.killer_side == "a" and c.side == "b")
    assert GOALS["kill_minion_peon_totem"](None, facts) + GOALS[
        "kill_master_enforcer_henchman"](None, facts) == kills
    assert GOALS["win"](None, facts) == int(played.winner == "a")
