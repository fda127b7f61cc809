"""Simulator 1.6: what the printed-style pack's triggers, attacks and tactical actions say
is played, each on a hand-built position with the rules manual's numbers (a "Df or Wp"
attack, a forced Wp duel, a twist on the next duel, ignoring Armor, a conditional bonus,
a Condition a trigger defines, no cheating, a placement, an "unbury" of a model in play,
a Scheme Marker, +1 Blast, an Aura attack's text), the heuristic commander's choices
(the trigger that pays, a summon), and the replay's words for the new events."""

from __future__ import annotations

import pytest

from autoresolve.replay import steps
from rules.engine.duels import CheatToWin
from rules.engine.effects.parser import parse
from rules.engine.simulation import HeuristicCommander, ModelInput, ScriptedCommander
from rules.engine.simulation.commanders.trigger_choice import TriggerChoice
from rules.engine.simulation.commands import Attack, Tactical
from rules.engine.simulation.coverage import card_coverage
from rules.engine.simulation.duel_context import DuelContext
from rules.engine.simulation.errors import IllegalCommand
from rules.engine.simulation.geometry import CONTACT

from .scenes import BLADE, act, boss, card, kinds, scene, stack

HIT = ["13R", "4C", "9T"]  # a hit with Rams; the damage flip takes the 9 (Moderate: 3)


def _trick(text: str, timing: str = "immediately", suit: str = "rams", attack=BLADE,
           name: str = "Trick") -> dict:
    return dict(attack, triggers=[{"suits": [suit], "name": name, "timing": timing,
                                   "text": text}])


def _duel_of(text: str, timing: str = "immediately", *, df: int = 1, wd: int = 10,
             abilities=(), suit: str = "rams"):
    game = scene([("a", card("A", actions=[_trick(text, timing, suit)]), (10.0, 10.0))],
                 [("b", card("B", df=df, wd=wd, abilities=abilities), (11.5, 10.0))])
    return game, game.state.model("a"), game.state.model("b")


def _touching(x, y) -> bool:
    import math
    return math.hypot(x.x - y.x, x.y - y.y) - x.r - y.r <= CONTACT + 1e-6


# -- Df or Wp -------------------------------------------------------------------------


def test_a_df_or_wp_attack_is_resisted_with_the_targets_better_stat():
    bolt = {"name": "Bolt", "stat": "Ca", "value": 6, "range": '10"', "resist": "Df or Wp",
            "damage": "2/3/4"}
    profile = ModelInput("a", card("A", actions=[bolt])).profile
    assert profile.action("Bolt").modelled and profile.action("Bolt").resists == ("df", "wp")
    results = {}
    for df, wp in ((3, 7), (7, 3)):
        game = scene([("a", card("A", actions=[bolt]), (10.0, 10.0))],
                     [("b", card("B", df=df, wp=wp, wd=10), (14.0, 10.0))])
        stack(game, 0, ["5C", "4C", "9C"])  # 6 + 5 = 11
        stack(game, 1, ["5T"])  # 7 + 5 = 12 with the better stat, 8 with the worse
        act(game, "a", Attack("Bolt", "b"))
        [attack] = kinds(game, "attack")
        results[(df, wp)] = attack[5]
    assert results == {(3, 7): 0, (7, 3): 0}  # either way the better 7 resists: a miss


# -- a forced duel -----------------------------------------------------------------------


@pytest.mark.parametrize("card_flipped,paralyzed", [("2C", True), ("13M", False)])
def test_a_trigger_forces_a_tn_12_wp_duel_failing_it_paralyzes(card_flipped, paralyzed):
    game, _a, b = _duel_of("The target must pass a TN 12 Wp duel or gain Paralyzed.",
                          "after_damaging")
    stack(game, 0, HIT)
    stack(game, 1, ["1T", card_flipped])  # its defence, then its Wp 5 duel
    act(game, "a", Attack("Blade", "b"))
    [duel] = kinds(game, "duel")
    assert duel[1:3] == [b.idx, "wp"] and duel[3] == 12 and duel[5] == int(not paralyzed)
    assert ("paralyzed" in b.conditions) is paralyzed


# -- a twist on the next duel ---------------------------------------------------------


def test_a_negative_twist_waits_for_the_targets_next_duel_and_is_spent_there():
    game, a, b = _duel_of("The target suffers a negative twist to its next duel.",
                          "after_resolving")
    stack(game, 0, HIT)
    stack(game, 1, ["1T"])
    act(game, "a", Attack("Blade", "b"))
    assert game.next_twists == {b.idx: -1} and kinds(game, "twist") == [["twist", b.idx, -1]]
    game.end_activation(a)
    game.end_phase()  # not a Condition: it lasts until the duel comes
    stack(game, 1, ["12R", "2C"])
    stack(game, 0, ["5T"])
    act(game, "b", Attack("Blade", "a"))
    attack = kinds(game, "attack")[-1]
    assert "f:a:12R 2C" in attack[4] and "c:a:2C" in attack[4]  # two flipped, the lower
    assert attack[5] == 0 and game.next_twists == {}


# -- damage: ignoring Armor, a bonus under a condition, one more Blast ----------------


def test_this_attack_ignores_armor_when_the_trigger_is_declared():
    wounds = {}
    for text in ("This attack ignores Armor.", "This model heals 1 damage."):
        game, _a, b = _duel_of(text, "when_declaring", abilities=["Armor +2"])
        stack(game, 0, HIT)
        stack(game, 1, ["1T"])
        act(game, "a", Attack("Blade", "b"))
        wounds[text] = b.wounds
    assert wounds == {"This attack ignores Armor.": 7, "This model heals 1 damage.": 9}


@pytest.mark.parametrize("poisoned,wounds", [(True, 6), (False, 7)])
def test_plus_one_damage_only_if_the_target_is_poisoned(poisoned, wounds):
    game, _a, b = _duel_of("If the target is Poisoned, +1 damage.")
    if poisoned:
        game.give(b, "poison", 1)
    stack(game, 0, HIT)
    stack(game, 1, ["1T"])
    act(game, "a", Attack("Blade", "b"))
    assert b.wounds == wounds


def test_plus_one_blast_places_one_more_blast_marker():
    game = scene([("a", card("A", actions=[_trick("+1 Blast.", "after_succeeding")]),
                   (10.0, 10.0))],
                 [("b", card("B", df=1, wd=10), (11.5, 10.0)),
                  ("c", card("C", wd=10), (14.0, 10.0))])
    c = game.state.model("c")
    stack(game, 0, HIT)
    stack(game, 1, ["1T"])
    act(game, "a", Attack("Blade", "b"))
    # One Blast Marker on a Moderate hit: the others under it suffer Weak damage (2).
    assert kinds(game, "dmg")[-1][1] == c.idx and c.wounds == 8


# -- Conditions a trigger gives --------------------------------------------------------


def test_a_trigger_that_defines_a_condition_gives_it_and_the_target_declares_no_triggers():
    text = "Smothered: This model cannot declare Triggers."
    game = scene([("a", card("A", wd=10, actions=[_trick(text, "after_damaging")]),
                   (10.0, 10.0))],
                 [("b", card("B", df=1, wd=10, actions=[_trick("+1 damage.")]),
                   (11.5, 10.0))])
    a, b = game.state.model("a"), game.state.model("b")
    stack(game, 0, HIT)
    stack(game, 1, ["1T"])
    act(game, "a", Attack("Blade", "b"))
    assert "smothered" in b.conditions
    game.end_activation(a)
    stack(game, 1, HIT)
    stack(game, 0, ["1T"])
    act(game, "b", Attack("Blade", "a"))
    assert a.wounds == 7  # Moderate 3 and no +1: Smothered declares no Trigger
    game.end_phase()
    assert "smothered" not in b.conditions  # a Condition: gone at the end of the Turn


def test_the_attacker_gains_burning_is_read_from_plain_text():
    text = "After this model is damaged by an enemy attack, the attacker gains Burning +1."
    reading = parse(text)
    assert reading.complete and reading.effects[0].scope.who == "enemy"
    profile = ModelInput("b", card("B", abilities=[
        {"name": "Retort", "kind": "defensive_trigger", "suits": ["rams"], "text": text}
    ])).profile
    assert not any("Retort" in line for line in profile.not_modelled)
    assert profile.defensive_named("Retort").effects[0].who == "target"  # the attacker


# -- no cheating for the rest of the action ---------------------------------------------


def test_the_targets_controller_may_not_cheat_for_the_rest_of_the_pulse():
    ring = {"name": "Ring", "stat": "Ml", "value": 6, "range": "Pulse 3\"", "resist": "Df",
            "damage": "1/2/3", "triggers": [
                {"suits": ["crows"], "name": "Cold Eyes", "timing": "when_declaring",
                 "text": "The target's controller may not cheat fate."}]}
    outcome = {}
    for cold in (True, False):
        action = ring if cold else dict(ring, triggers=[])
        game = scene([("a", card("A", actions=[action]), (10.0, 10.0))],
                     [("b", card("B", df=1, wd=10), (11.5, 10.0)),
                      ("c", card("C", df=5, wd=10), (8.5, 10.0))],
                     commanders=(ScriptedCommander(), ScriptedCommander(
                         decisions=CheatToWin())))
        c = game.state.model("c")
        # 13C against b (Crows: Cold Eyes), its damage flip, then 2R against c's 2T: 8
        # against 7, and c holds a 13 it would cheat to win (14 could not save b).
        stack(game, 0, ["13C", "1R", "8C", "2R", "3R", "4R"])
        stack(game, 1, ["1T", "2T"], hand=["13M"])
        act(game, "a", Attack("Ring", "b"))
        outcome[cold] = (kinds(game, "attack")[-1][5], c.wounds)
    assert outcome[True][0] == 1 and outcome[False][0] == 0
    assert game.no_cheat == set()  # over with the action


# -- placement, an unbury of a model in play, a Scheme Marker ------------------------


def test_pounce_places_this_model_in_base_contact_with_the_target():
    game = scene([("a", card("A", actions=[_trick(
        "Place this model in base contact with the target.", "after_resolving",
        attack=dict(BLADE, range='3"'))]), (10.0, 10.0))],
        [("b", card("B", df=1, wd=10), (13.5, 10.0))])
    a, b = game.state.model("a"), game.state.model("b")
    stack(game, 0, HIT)
    stack(game, 1, ["1T"])
    act(game, "a", Attack("Blade", "b"))
    assert _touching(a, b) and kinds(game, "place") == [["place", a.idx, a.x, a.y, b.idx]]


def test_unbury_this_model_while_it_is_in_play_places_it_beside_the_target():
    step = {"name": "Step Out", "ap": 2, "stat": "Wp", "value": 5, "range": '8"', "tn": 12,
            "text": "Unbury this model in base contact with the target."}
    game = scene([("a", card("A", actions=[BLADE, step]), (10.0, 10.0))],
                 [("b", card("B", wd=10), (17.0, 10.0))])
    a, b = game.state.model("a"), game.state.model("b")
    act(game, "a", ap=3)
    with pytest.raises(IllegalCommand, match="next to another model"):
        game.perform(a, Tactical("Step Out", target="a"))  # a target other than itself
    stack(game, 0, ["9M"])  # Wp 5 + 9 = 14 against TN 12
    game.perform(a, Tactical("Step Out", target="b"))
    assert _touching(a, b) and game.ap == 1 and not kinds(game, "bury")


def test_stake_out_places_a_scheme_marker_of_the_crew_touching_this_model():
    game, a, _b = _duel_of("Place a Scheme Marker in base contact with this model.",
                          "after_resolving")
    stack(game, 0, HIT)
    stack(game, 1, ["1T"])
    act(game, "a", Attack("Blade", "b"))
    [marker] = [mk for mk in game.state.markers.values() if mk.kind == "scheme"]
    assert marker.side == a.side
    assert abs(((marker.x - a.x) ** 2 + (marker.y - a.y) ** 2) ** 0.5 - a.r - marker.r) <= 0.2


# -- an Aura attack's own text ------------------------------------------------------------


def test_an_aura_attacks_text_slows_the_enemy_models_it_hits_not_friends():
    howl = {"name": "Howl", "stat": "Ca", "value": 5, "range": "Aura 4\"", "resist": "Wp",
            "damage": "1/1/2", "text": "Enemy models in range gain Slow."}
    game = scene([("a", card("A", actions=[howl]), (10.0, 10.0)),
                  ("f", card("F", wp=1), (10.0, 12.0))],
                 [("b", card("B", wp=1, wd=10), (12.0, 10.0))])
    f, b = game.state.model("f"), game.state.model("b")
    stack(game, 0, ["13R", "1C", "12R", "2C"])  # two hits (Ca 5 against Wp 1)
    stack(game, 1, ["1T"])
    stack(game, 0, ["13R", "1C", "12R", "2C"])
    act(game, "a", Attack("Howl", "b"))
    assert "slow" in b.conditions and "slow" not in f.conditions


# -- the heuristic commander -----------------------------------------------------------


def test_the_heuristic_declares_the_trigger_that_pays_and_none_that_hurts():
    cleanse = {"suits": ["tomes"], "name": "Cleanse", "text": "Remove Poison from the target."}
    cut = {"suits": ["tomes"], "name": "Deep Cut", "text": "+1 damage."}
    game = scene([("a", card("A", actions=[dict(BLADE, triggers=[cleanse, cut])]),
                   (10.0, 10.0))], [("b", card("B"), (11.5, 10.0))])
    b = game.state.model("b")
    game.give(b, "poison", 2)
    action = game.state.model("a").p.action("Blade")
    choice = TriggerChoice().aimed(game.views[0],
                                   DuelContext("attack", "attacker", "a", "b", "Blade"))
    both = tuple(t.engine_trigger for t in action.triggers)
    assert choice.declare_trigger(both, None).name == "Deep Cut"  # greedy: Cleanse
    assert choice.declare_trigger(both[:1], None) is None  # never Cleanse on an enemy


@pytest.mark.parametrize("turn,summons", [(1, True), (5, False)])
def test_the_heuristic_summons_early_when_it_pays(turn, summons):
    wisp = card("Wisp", station="peon", cost=2, wd=3)
    call = {"name": "Call", "ap": 2, "stat": "Ca", "value": 6, "range": "Aura 3\"",
            "tn": 13, "text": "Summon a Wisp in base contact with this model."}
    game = scene([("a", boss("A", actions=[BLADE, call]), (10.0, 10.0))],
                 summons_a=[wisp], turn=turn,
                 commanders=(HeuristicCommander(), HeuristicCommander()))
    m = act(game, "a")
    command = game.commanders[0].choose_command(game.views[0], m.id)
    assert (command == Tactical("Call")) is summons


def test_the_pack_reads_every_element_now():
    import json
    from pathlib import Path

    pack = json.loads((Path(__file__).resolve().parents[4] / "catalogue" / "packs"
                       / "sample-pack-2.json").read_text(encoding="utf-8"))
    left = [e.line() for c in pack["models"] for e in card_coverage(c).elements
            if e.status != "played"]
    assert left == []


# -- the replay tells the new events ------------------------------------------------


def test_the_replay_tells_a_placement_a_twist_and_a_forced_duel():
    log = {"models": [["a", 0, "Alpha", 30, 6, True], ["b", 1, "Beta", 30, 6, True]],
           "setup": {"crews": [{"name": "A"}, {"name": "B"}]},
           "events": [["deploy", 0, 1.0, 1.0], ["deploy", 1, 5.0, 5.0], ["turn", 1],
                      ["act", 0], ["place", 0, 4.0, 5.0, 1], ["twist", 1, -1],
                      ["duel", 1, "wp", 12, "", 0], ["done", 0]]}
    lines = [line for step in steps(log) for line in step["lines"]]
    assert "Alpha is placed beside Beta." in lines
    assert "Beta will have a negative twist on its next duel." in lines
    assert "Beta fails a TN 12 Wp duel." in lines
    placed = next(s for s in steps(log) if s["acting"] == 0)
    assert [0, 4.0, 5.0, 6] in placed["models"]


@pytest.mark.parametrize("flipped,healed", [("13R", False), ("13M", True)])
def test_a_tactical_tn_with_a_suit_needs_that_suit(flipped, healed):
    mend = {"name": "Mend", "ap": 1, "stat": "Wp", "value": 5, "range": "self", "tn": 12,
            "tn_suits": ["masks"], "text": "This model heals 2 damage."}
    game = scene([("a", card("A", wd=10, actions=[BLADE, mend]), (10.0, 10.0))])
    a = game.state.model("a")
    a.wounds = 5
    stack(game, 0, [flipped])  # 5 + 13 = 18 reaches TN 12; only the Mask carries its suit
    act(game, "a", Tactical("Mend"))
    assert (a.wounds == 7) is healed


def test_the_heuristic_summons_with_a_suited_tn_only_when_its_hand_can_meet_it():
    wisp = card("Wisp", station="peon", cost=2, wd=3)
    call = {"name": "Call", "ap": 2, "stat": "Ca", "value": 6, "range": "Aura 3\"",
            "tn": 13, "tn_suits": ["masks"],
            "text": "Summon a Wisp in base contact with this model."}
    chosen = {}
    for hand in (["9M"], ["9R"]):
        game = scene([("a", boss("A", actions=[BLADE, call]), (10.0, 10.0))],
                     summons_a=[wisp], commanders=(HeuristicCommander(), HeuristicCommander()))
        stack(game, 0, ["1R"], hand=hand)
        m = act(game, "a")
        chosen[hand[0]] = game.commanders[0].choose_command(game.views[0], m.id)
    assert chosen["9M"] == Tactical("Call") and chosen["9R"] != Tactical("Call")
