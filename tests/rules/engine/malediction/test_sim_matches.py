"""Whole simulated matches: every mode ends with a result in the tracked-match shape, the
log replays to the same result, and the same input, seed and version give the same log."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engine.malediction.modes import echo_gain
from rules.engine.malediction.result import MASTERY_SOURCES, WIN_TYPES, MatchResult
from rules.engine.malediction.sim import (
    SIM_VERSION,
    HeuristicCommander,
    MatchInput,
    RandomCommander,
    frames,
    replay,
    simulate,
)
from rules.engine.malediction.sim.replay import random_commanders
from rules.engine.malediction.sim.sample import sample_match


@pytest.mark.parametrize("mode,board", [("standard", None), ("demo", None),
                                        ("allegiance", None), ("nemesis", None),
                                        ("standard", "strife"), ("standard", "maelstrom")])
def test_every_mode_plays_to_a_result(mode, board):
    match = sample_match(mode, board)
    for commanders in (None, random_commanders(match, 7)):
        res = simulate(match, 7, commanders)
        r = res.result
        assert isinstance(r, MatchResult) and r.win_type in WIN_TYPES
        assert r.winner in (0, 1) and r.final_round >= 1
        assert len(r.mastery) == 2 and set(r.sources[0]) == set(MASTERY_SOURCES)
        if r.win_type == "threshold":
            assert max(r.mastery) >= match.mode.threshold
            assert r.mastery[r.winner] > r.mastery[1 - r.winner]
        assert r.sides == tuple(tuple(s) for s in ((0,), (1,))) or match.mode.teams


def test_same_input_seed_and_version_give_the_same_log():
    match = sample_match()
    a = simulate(match, 11, [HeuristicCommander(), RandomCommander(3)])
    b = simulate(match, 11, [HeuristicCommander(), RandomCommander(3)])
    assert a.log == b.log and a.log["simulator"] == SIM_VERSION
    c = simulate(match, 12, [HeuristicCommander(), RandomCommander(3)])
    assert c.log["events"] != a.log["events"]


def test_the_log_is_compact_json_and_frames_follow_it():
    res = simulate(sample_match(), 4)
    text = json.dumps(res.log, separators=(",", ":"))
    assert len(text) < 200_000
    steps = frames(json.loads(text))
    assert steps and steps[-1]["event"][0] in ("end", "defeat", "claim", "attack", "dmg",
                                               "move", "charge", "shift", "push", "heal")
    live_ids = {u["id"] for u in steps[-1]["units"]}
    assert all(isinstance(i, int) for i in live_ids)


def test_replay_refuses_another_simulator_version():
    res = simulate(sample_match(), 1)
    with pytest.raises(ValueError):
        replay({**res.log, "simulator": "0.0.0"})


def test_match_input_round_trips():
    m = sample_match("allegiance", "maelstrom")
    assert MatchInput.from_dict(json.loads(json.dumps(m.to_dict()))) == m


def test_the_heuristic_beats_random_clearly():
    match = sample_match()
    wins = 0
    for seed in range(10):
        heur = seed % 2
        commanders = [RandomCommander(seed), RandomCommander(seed)]
        commanders[heur] = HeuristicCommander()
        wins += simulate(match, seed, commanders).result.winner == heur
    assert wins >= 8


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["standard", "demo", "allegiance", "nemesis"]),
       st.booleans())
def test_properties_log_replays_mastery_sums_decks_and_echo(seed, mode, randomly):
    match = sample_match(mode)
    commanders = random_commanders(match, seed) if randomly else None
    res = simulate(match, seed, commanders)
    # The log replays to the same result and events.
    again = replay(json.loads(json.dumps(res.log)))
    assert again.result == res.result and again.log["events"] == res.log["events"]
    # Mastery is the sum of its recorded sources, and kills match the defeats.
    r = res.result
    assert r.mastery == tuple(sum(s.values()) for s in r.sources)
    assert sum(s["kills"] for s in r.sources) == sum(d.mastery for d in r.defeats)
    assert [s["relics"] for s in r.sources] == [10 * n for n in r.relics_claimed]
    assert [s["losses"] for s in r.sources] == [-10 * n for n in r.relics_lost]
    # Decks never below zero; echo never above what the rules give.
    start = next(e for e in res.log["events"] if e[0] == "setup")[3]
    for ev in res.log["events"]:
        if ev[0] == "refresh":
            rnd = ev[1]
            for i, (echo, hand, deck) in enumerate(ev[2]):
                assert deck >= 0 and hand >= 0
                leech = sum(1 for d in r.defeats if d.by == i)  # Echo Leech is not in sample
                assert 0 <= echo <= start[i] + sum(echo_gain(k) for k in range(2, rnd + 1)) \
                    + leech
    # Spells, in a unit's own activation or as swift answers, are cards from the deck, paid
    # once each; swaps move items or relics; interrupts happen at the three named points.
    played = [0] * len(match.bands)
    for ev in res.log["events"]:
        if ev[0] in ("spell", "swift"):
            played[ev[1]] += 1
        if ev[0] == "swift":
            assert ev[4] in ("activation", "attack", "hit")
        if ev[0] == "swap":
            assert ev[3] in ("item", "relic") and (ev[4] or ev[5])
    for i, band in enumerate(match.bands):
        assert played[i] <= sum(1 for c in band.deck if c.kind == "spell")


def test_frames_rebuild_the_final_board_from_the_log_alone():
    from rules.engine.malediction.sim import Game
    match = sample_match()
    game = Game(match, 21, [HeuristicCommander(), RandomCommander(2)])
    res = game.run()
    last = frames(res.log)[-1]
    on_board = {u.id: (u.x, u.y, u.damage, u.relic.name if u.relic else None)
                for u in game.units}
    assert {u["id"]: (u["x"], u["y"], u["damage"], u["relic"]) for u in last["units"]} \
        == on_board
    assert sorted(map(tuple, last["husks"])) == sorted(
        (x, y) for _, x, y in game.board.live_husks())
