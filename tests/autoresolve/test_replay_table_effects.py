"""The replay shows summoned, buried and unburied models (issue 27): where they stand at
each step and one line each."""

from __future__ import annotations

from autoresolve import replay
from rules.engine.simulation.commands import Tactical
from tests.rules.engine.simulation.scenes import BLADE, act, boss, card, scene

CALL = {"name": "Call Wisp", "ap": 1, "range": "",
        "text": "Summon a Test Wisp in base contact with this model."}
SINK = {"name": "Sink", "ap": 1, "range": '2"', "text": "Bury the target."}
RISE = {"name": "Rise", "ap": 1, "range": "", "text": 'Unbury the target within 3" of this model.'}


def test_the_replay_tells_summon_bury_and_unbury_and_places_the_models():
    game = scene([("a", boss("Caller", actions=[BLADE, CALL, SINK, RISE]), (10.0, 10.0))],
                 [("b", card("B"), (10.0, 11.5))],
                 summons_a=[card("Test Wisp", wd=3)])
    a = act(game, "a", Tactical("Call Wisp"), Tactical("Sink", target="b"),
            Tactical("Rise"))
    game.end_activation(a)
    log = game.log_dict()
    lines = [line for turn in replay.turn_lines(log) for line in turn["lines"]]
    assert "Caller summons Test Wisp." in lines
    assert "B is buried." in lines and "B is unburied." in lines
    last = replay.steps(log)[-1]
    shown = {index for index, *_ in last["models"]}
    names = [m[2] for m in log["models"]]
    assert {names.index("Test Wisp"), names.index("B")} <= shown


def test_the_replay_tells_a_fall_from_a_height():
    from rules.engine.simulation.abilities import TriggerEffect
    from rules.engine.simulation.actions import _trigger_effect
    from tests.rules.engine.simulation.test_elevation import block

    game = scene([("pusher", card("Pusher"), (6.0, 10.0))],
                 [("b", card("Climber", wd=6), (11.0, 10.0))],
                 terrain=[block(1, 8.0, 8.0, 4.0, 4.0, ht=4)], pool=(0, 0))
    pusher, b = game.state.model("pusher"), game.state.model("b")
    game.begin_activation(pusher)
    _trigger_effect(game, pusher, b, TriggerEffect("push_target", 5.0))
    lines = [line for turn in replay.turn_lines(game.log_dict()) for line in turn["lines"]]
    assert 'Climber falls 4" from a height.' in lines
