"""Simulator 1.6 (later work): a trigger resolves by its timing whoever wins the duel
(OPPOSED DUELS, step 4): a losing attacker's "after resolving", "after failing" or
immediate trigger still acts, "after succeeding" and "after damaging" ones do not, an
"after failing" one does nothing on a hit; the heuristic commander picks on a losing duel
what acts then. A tactical action's built-in suit counts in its simple duel, and its
triggers are declared on that duel by the same timings; a defensive "after failing"
trigger acts on a hit; the heuristic takes Step Out to leave an engagement for its spot.
Each on a hand-built position with the manual's numbers."""

from __future__ import annotations

import pytest

from rules.engine.simulation import HeuristicCommander
from rules.engine.simulation.commands import Attack, Tactical

from .scenes import BLADE, act, card, kinds, scene, stack

STAKE = "Place a Scheme Marker in base contact with this model."
# Ml 6 + 5 Masks = 11 Masks against Df 5 + 13 = 18: the attack fails, the total carries
# the Mask its trigger needs.
MISS = (["5M"], ["13T"])
# Ml 6 + 13 Masks = 19 Masks against Df 5 + 8 = 13: a hit by 6 (no twist on the damage
# flip), whose 9 is a Moderate hit: 3 damage.
HIT = (["13M", "9C"], ["8T"])


def _attack(timing: str, flips, *, triggers=None, commanders=None):
    trick = {"suits": ["masks"], "name": "Stake Out", "timing": timing, "text": STAKE}
    blade = dict(BLADE, triggers=triggers if triggers is not None else [trick])
    game = scene([("a", card("A", actions=[blade]), (10.0, 10.0))],
                 [("b", card("B", df=5, wd=10), (11.5, 10.0))], commanders=commanders)
    stack(game, 0, flips[0])
    stack(game, 1, flips[1])
    act(game, "a", Attack("Blade", "b"))
    [attack] = kinds(game, "attack")
    markers = [mk for mk in game.state.markers.values() if mk.kind == "scheme"]
    return game, attack, markers


@pytest.mark.parametrize("timing,acts", [
    ("after_resolving", True), ("after_failing", True), ("immediately", True),
    ("", True), ("after_succeeding", False), ("after_damaging", False),
])
def test_a_losing_attacker_resolves_what_its_timing_allows(timing, acts):
    _game, attack, markers = _attack(timing, MISS)
    assert attack[5] == 0 and "t:a:Stake Out" in attack[4]  # failed, trigger declared
    assert bool(markers) is acts


@pytest.mark.parametrize("timing,acts", [("after_failing", False), ("after_resolving", True),
                                         ("after_succeeding", True)])
def test_an_after_failing_trigger_does_nothing_when_the_attack_succeeds(timing, acts):
    _game, attack, markers = _attack(timing, HIT)
    assert attack[5] == 1
    assert bool(markers) is acts


def test_a_losing_attackers_damage_trigger_changes_nothing():
    cut = {"suits": ["masks"], "name": "Deep Cut", "timing": "immediately", "text": "+1 damage."}
    game, attack, _markers = _attack("", MISS, triggers=[cut])
    assert attack[5] == 0 and game.state.model("b").wounds == 10 and not kinds(game, "dmg")


@pytest.mark.parametrize("flips,declared", [(MISS, "Stake Out"), (HIT, "Deep Cut")])
def test_the_heuristic_declares_on_a_losing_duel_the_trigger_that_still_acts(flips, declared):
    cut = {"suits": ["masks"], "name": "Deep Cut", "timing": "immediately", "text": "+1 damage."}
    stake = {"suits": ["masks"], "name": "Stake Out", "timing": "after_resolving",
             "text": STAKE}
    game, attack, markers = _attack("", flips, triggers=[cut, stake],
                                    commanders=(HeuristicCommander(), HeuristicCommander()))
    # Winning, +1 damage is worth more than a Scheme Marker; losing, it is worth nothing.
    assert f"t:a:{declared}" in attack[4]
    assert bool(markers) is (declared == "Stake Out")
    if declared == "Deep Cut":
        assert game.state.model("b").wounds == 10 - 3 - 1  # Moderate 3, +1


# -- a tactical action's built-in suit ---------------------------------------------------


@pytest.mark.parametrize("builtin,healed", [(["masks"], True), ([], False)])
def test_a_tactical_duels_built_in_suit_meets_a_suited_tn(builtin, healed):
    # Wp 5 Masks + 13 Rams = 18 Rams and Masks: TN 12 Masks is met only by the stat's Mask
    # (SIMPLE DUELS, step 2: the stat's value and suit are added).
    mend = {"name": "Mend", "ap": 1, "stat": "Wp", "value": 5, "suits": builtin,
            "range": "self", "tn": 12, "tn_suits": ["masks"],
            "text": "This model heals 2 damage."}
    game = scene([("a", card("A", wd=10, actions=[BLADE, mend]), (10.0, 10.0))])
    a = game.state.model("a")
    a.wounds = 5
    stack(game, 0, ["13R"])
    act(game, "a", Tactical("Mend"))
    [tactical] = kinds(game, "tactical")
    assert tactical[4] == int(healed) and (a.wounds == 7) is healed


# -- a tactical action's triggers ------------------------------------------------------


def _mend(timing: str, flip: str, *, triggers=None, tn=12, commanders=None):
    stake = {"suits": ["masks"], "name": "Stake Out", "timing": timing, "text": STAKE}
    mend = {"name": "Mend", "ap": 1, "stat": "Wp", "value": 5, "range": "self",
            "text": "This model heals 2 damage.",
            "triggers": triggers if triggers is not None else [stake]}
    if tn is not None:
        mend["tn"] = tn
    game = scene([("a", card("A", wd=10, actions=[BLADE, mend]), (10.0, 10.0))],
                 commanders=commanders)
    a = game.state.model("a")
    a.wounds = 5
    stack(game, 0, [flip])
    act(game, "a", Tactical("Mend"))
    [tactical] = kinds(game, "tactical")
    markers = [mk for mk in game.state.markers.values() if mk.kind == "scheme"]
    return a, tactical, markers


@pytest.mark.parametrize("flip,timing,acts", [
    # Wp 5 + 5 Masks = 10 Masks: TN 12 failed, the Mask meets the trigger.
    ("5M", "after_resolving", True), ("5M", "after_failing", True), ("5M", "", True),
    ("5M", "after_succeeding", False),
    # Wp 5 + 9 Masks = 14 Masks: TN 12 passed.
    ("9M", "after_succeeding", True), ("9M", "after_resolving", True),
    ("9M", "after_failing", False), ("9M", "after_damaging", False),
])
def test_a_tactical_duels_trigger_resolves_by_its_timing(flip, timing, acts):
    a, tactical, markers = _mend(timing, flip)
    passed = flip == "9M"
    assert tactical[4] == int(passed) and "t:s:Stake Out" in tactical[3]
    assert (a.wounds == 7) is passed and bool(markers) is acts


def test_a_tactical_actions_triggers_count_as_played_only_where_they_can_act():
    from rules.engine.simulation.crews import action_coverage, parse_actions

    def reasons(**mend):
        action = dict({"name": "Mend", "stat": "Wp", "value": 5, "range": "self", "tn": 12,
                       "text": "This model heals 2 damage."}, **mend)
        [profile] = parse_actions(action, "card")
        return [(e.status, e.line()) for e in action_coverage(profile)[1:]]

    stake = {"suits": ["masks"], "name": "Stake Out", "timing": "after_resolving",
             "text": STAKE}
    cut = {"suits": ["masks"], "name": "Deep Cut", "text": "+1 damage."}
    [(played, _)] = reasons(triggers=[stake])
    [(_, no_duel)] = reasons(triggers=[stake], tn=None)
    [(_, no_damage)] = reasons(triggers=[cut])
    assert played == "played"
    assert "a tactical action without a duel declares no triggers" in no_duel
    assert "its action deals no damage" in no_damage


def test_the_heuristic_declares_on_an_untargeted_tactical_duel_a_trigger_that_acts():
    slow = {"suits": ["masks"], "name": "Hobble", "timing": "after_resolving",
            "text": "The target gains Slow."}
    stake = {"suits": ["masks"], "name": "Stake Out", "timing": "after_resolving",
             "text": STAKE}
    _a, tactical, markers = _mend("", "9M", triggers=[slow, stake],
                                  commanders=(HeuristicCommander(), HeuristicCommander()))
    assert "t:s:Stake Out" in tactical[3] and markers  # greedy: Hobble, with no target


# -- a defensive trigger "after failing" -------------------------------------------------


@pytest.mark.parametrize("flips,shielded", [(HIT, True), (MISS, False)])
def test_a_defensive_after_failing_trigger_acts_only_when_the_attack_hits(flips, shielded):
    brace = {"name": "Brace", "kind": "defensive_trigger", "suits": ["tomes"],
             "text": "After failing, this model gains Shielded +1.",
             "effects": [{"kind": "gain_condition", "scope": {"who": "self"},
                          "name": "shielded", "value": 1}],
             "qualifiers": {"timing": "after_failing"}}
    game = scene([("a", card("A", actions=[BLADE]), (10.0, 10.0))],
                 [("b", card("B", df=5, wd=10, abilities=[brace]), (11.5, 10.0))])
    b = game.state.model("b")
    assert b.p.defensive_named("Brace").timing == "after_failing"
    stack(game, 0, flips[0])
    stack(game, 1, flips[1])  # a Tome either way: the defender declares Brace
    act(game, "a", Attack("Blade", "b"))
    assert "t:d:Brace" in kinds(game, "attack")[0][4]
    assert ("shielded" in b.conditions) is shielded


# -- the heuristic takes Step Out to leave an engagement for its spot --------------------


STEP_OUT = {"name": "Step Out", "ap": 2, "stat": "Wp", "value": 6, "range": '8"', "tn": 12,
            "text": "Unbury this model in base contact with the target."}


@pytest.mark.parametrize("kind,friend_at,guarded,steps", [
    # Beside the friend it stands 20.4 - 14 - 1.2 = 5.2" nearer the spot: more than a Walk.
    ("go", (16.0, 14.0), False, True),
    ("kill", (16.0, 14.0), False, False),  # its task is the fight
    ("go", (16.0, 14.0), True, False),  # an enemy engages the friend
    ("go", (14.0, 14.0), False, False),  # only 3.2" nearer: less than a Walk (Wk 5)
])
def test_the_heuristic_steps_out_of_an_engagement_toward_its_spot(kind, friend_at, guarded,
                                                                  steps):
    from rules.engine.simulation.commanders.heuristic import Task

    enemies = [("e", card("E"), (11.5, 10.0))]
    if guarded:
        enemies.append(("g", card("G"), (friend_at[0] + 1.5, friend_at[1])))
    game = scene([("a", card("A", wp=6, actions=[BLADE, STEP_OUT]), (10.0, 10.0)),
                  ("f", card("F"), friend_at)], enemies,
                 commanders=(HeuristicCommander(), HeuristicCommander()))
    commander = game.commanders[0]
    m = act(game, "a")
    commander._claims_turn, commander._claims = game.state.turn, {}
    commander._task = {"a": Task("spot", kind, (30.0, 14.0), 1.2, "e" if kind == "kill" else "")}
    command = commander.choose_command(game.views[0], m.id)
    assert (command == Tactical("Step Out", target="f")) is steps
    if steps:
        stack(game, 0, ["9M"])  # Wp 6 + 9 = 15 against TN 12
        game.perform(m, command)
        assert not game.state.is_engaged(m) and game.ap == 0


def test_after_failing_is_read_as_a_timing_by_the_community_reader_and_the_parser():
    from catalogue.community.convert import _trigger
    from rules.engine.effects.parser import parse

    trigger = _trigger({"name": "Regroup", "suits": ":mask",
                        "text": "After failing, draw a card."}, 0)
    assert trigger["timing"] == "after_failing" and trigger["suits"] == ["masks"]
    assert trigger["effects"][0]["kind"] == "cards"
    tail = parse("This model heals 1 damage after failing.")
    assert tail.complete and tail.effects[0].qualifiers.timing == "after_failing"
