"""Abilities the simulator plays by their whole text, whatever they are called (issue 27):
an Armor-like reduction, a Hard to Kill-like rule (rulebook ABILITIES, Armor), a
reactive push after being hit, a free Walk after deployment."""

from __future__ import annotations

import pytest

from rules.engine.effects.parser import parse
from rules.engine.simulation import ModelInput, ScriptedCommander, replay, simulate
from rules.engine.simulation.commands import Attack, Walk
from rules.engine.simulation.coverage import card_coverage
from rules.engine.simulation.errors import IllegalCommand

from .scenes import BLADE, GUN, act, card, kinds, scene, stack

IRON_SKIN = {"name": "Iron Skin",
             "text": "Reduce all damage this model suffers by 1, to a minimum of 1."}
STUBBORN = {"name": "Stubborn", "text": "When this model would be killed while it has 2 or "
                                        "more Wd, it is reduced to 1 Wd instead."}
# Ml 6 + 13 against Df 1 + 1: a positive twist on the damage flip, which takes the 9
# (Moderate, 3 damage) of "4C 9T", or the 3 (Weak, 1 damage) of "2C 3T".
MODERATE = ["13R", "4C", "9T"]
WEAK = ["13R", "2C", "3T"]
SMALL_BLADE = {"name": "Small Blade", "stat": "Ml", "value": 6, "range": '1"', "resist": "Df",
               "damage": "1/3/4"}


def _hit(defender, a_cards=MODERATE):
    game = scene([("a", card(actions=[SMALL_BLADE]), (10.0, 10.0))],
                 [("b", defender, (11.5, 10.0))])
    stack(game, 0, a_cards)
    stack(game, 1, ["1T"])
    act(game, "a", Attack("Small Blade", "b"))
    return game


def test_an_armor_like_text_reduces_damage_three_to_two_and_one_stays_one():
    game = _hit(card(df=1, wd=10, abilities=[IRON_SKIN]))
    assert kinds(game, "dmg")[0][2] == 2
    assert game.state.model("b").p.talents.armor == 1
    game = _hit(card(df=1, wd=10, abilities=[IRON_SKIN]), WEAK)
    assert kinds(game, "dmg")[0][2] == 1


def test_a_hard_to_kill_like_text_leaves_a_three_wound_model_at_one_not_a_one_wound_one():
    game = _hit(card(df=1, wd=3, abilities=[STUBBORN]))
    b = game.state.model("b")
    assert b.in_play and b.wounds == 1
    assert game.casualties == []
    game = _hit(card(df=1, wd=1, abilities=[STUBBORN]))
    assert not game.state.model("b").in_play
    assert len(game.casualties) == 1


def test_abilities_played_by_their_text_are_played_in_coverage_and_not_listed():
    grunt = card(abilities=[IRON_SKIN, STUBBORN])
    statuses = {e.element.name: e.status for e in card_coverage(grunt).elements
                if e.element.role == "ability"}
    assert statuses == {"Iron Skin": "played", "Stubborn": "played"}
    game = _hit(grunt)
    assert not any("Iron Skin" in line or "Stubborn" in line
                   for line in game.state.model("b").p.not_modelled)
    # A text that only resembles Armor's is not played.
    odd = {"name": "Odd Skin", "text": "Reduce all damage this model suffers by 1."}
    (element,) = [e for e in card_coverage(card(abilities=[odd])).elements
                  if e.element.role == "ability"]
    assert element.status != "played"


# -- a reactive push after being hit (a defensive trigger read from its text) -------------

FLINCH = {"name": "Flinch Back", "kind": "defensive_trigger", "suits": ["crows"],
          "text": "After this model is hit by a Ml attack, push this model up to 2\" away "
                  "from the attacker."}


def test_a_reactive_push_text_is_read_with_its_moment():
    reading = parse(FLINCH["text"])
    assert reading.complete and reading.qualifiers.timing == "after_hit_ml"
    (push,) = reading.effects
    assert (push.how, push.distance, push.up_to, push.direction, push.relative_to,
            push.scope.who) == ("push", 2.0, True, "away", "attacker", "self")
    assert ModelInput("x", card("B", abilities=[FLINCH])).profile.not_modelled == ()


def test_a_melee_hit_pushes_the_defender_two_inches_away_but_a_miss_or_a_shot_does_not():
    game = scene([("a", card("A", actions=[BLADE, GUN]), (10.0, 10.0))],
                 [("b", card("B", df=1, wd=10, abilities=[FLINCH]), (11.5, 10.0))])
    stack(game, 0, ["13T", "9T"])
    stack(game, 1, ["1C"])  # the defender's total carries a Crow
    act(game, "a", Attack("Blade", "b"))
    b = game.state.model("b")
    assert b.wounds < 10
    assert (round(b.x, 3), round(b.y, 3)) == (13.5, 10.0)
    for action, cards, where in (("Blade", ["1T"], (11.5, 10.0)),  # a miss
                                 ("Gun", ["13T", "9T"], (16.0, 10.0))):  # a Sh hit
        game = scene([("a", card("A", actions=[BLADE, GUN]), (10.0, 10.0))],
                     [("b", card("B", df=1, wd=10, abilities=[FLINCH]), where)])
        stack(game, 0, cards)
        stack(game, 1, ["13C"] if action == "Blade" else ["1C"])
        act(game, "a", Attack(action, "b"))
        b = game.state.model("b")
        assert (b.x, b.y) == where, action


# -- a free Walk after deployment ----------------------------------------------------------

SCOUT = {"name": "Scout Ahead",
         "text": "After deployment, this model may make a free Walk action."}


def test_a_free_walk_after_deployment_moves_the_model_without_an_activation():
    walk = Walk(((10.0, 14.0),))
    game = scene([("a", card("A", wk=5, abilities=[SCOUT]), (10.0, 10.0)),
                  ("c", card("C", wk=5), (14.0, 10.0))],
                 commanders=(ScriptedCommander(answers={"scout": lambda model: walk}),
                             ScriptedCommander(answers={"scout": lambda model: walk})))
    assert game.state.model("a").p.talents.walk_after_deployment
    game.after_deployment()
    a, c = game.state.model("a"), game.state.model("c")
    assert (a.x, a.y) == (10.0, 14.0) and (c.x, c.y) == (14.0, 10.0)
    assert not a.activated and game.ap == 0
    assert [e[0] for e in game.log.events if e[0] in ("scout", "walk")] == ["scout", "walk"]


def test_a_free_walk_after_deployment_keeps_to_the_walk_rules_and_may_be_declined():
    too_far = Walk(((10.0, 16.0),))  # 6" with Wk 5
    game = scene([("a", card("A", wk=5, abilities=[SCOUT]), (10.0, 10.0))],
                 commanders=(ScriptedCommander(answers={"scout": too_far}),
                             ScriptedCommander()))
    with pytest.raises(IllegalCommand):
        game.after_deployment()
    game = scene([("a", card("A", wk=5, abilities=[SCOUT]), (10.0, 10.0))])
    game.after_deployment()  # the default commander declines
    assert (game.state.model("a").x, game.state.model("a").y) == (10.0, 10.0)


def test_heuristic_games_of_the_second_sample_pack_walk_after_deployment_and_replay():
    from bench.bench_simulator import _pack, setups

    played = 0
    for setup in setups(_pack())[:3]:
        result = simulate(setup, seed=5)
        scouts = [e for e in result.log["events"] if e[0] == "scout"]
        played += len(scouts)
        assert replay(result.log).log == result.log
    assert played > 0


# -- abilities with no stated moment act at the start of each of the model's Activations ---

FIELD_DRESSING = {"name": "Field Dressing",
                  "text": "Once per turn, this model may heal 1 damage."}
QUICK_STEP = {"name": "Quick Step", "text": "This model gains Fast."}
BRACE = {"name": "Brace", "text": "This model gains Shielded +1."}
SMOLDERING = {"name": "Smoldering", "text": "Enemy models within 3\" gain Burning +1."}
SHAKE_IT_OFF = {"name": "Shake It Off", "text": "End all Conditions on this model."}


def test_a_heal_with_no_stated_moment_heals_one_at_the_start_of_each_activation():
    game = scene([("a", card("A", wd=6, abilities=[FIELD_DRESSING]), (10.0, 10.0))])
    a = game.state.model("a")
    assert a.p.not_modelled == ()
    a.wounds = 3
    act(game, "a")
    assert a.wounds == 4
    # A "may" other than a heal, or a subject the simulator cannot filter, is not played.
    odd = {"name": "Odd", "text": "This model may gain Fast."}
    other = {"name": "Other", "text": "Friendly Construct models within 3\" gain Fast."}
    profile = ModelInput("x", card("X", abilities=[odd, other])).profile
    assert profile.activation_effects == ()
    assert len(profile.not_modelled) == 2


def test_gaining_fast_or_shielded_with_no_stated_moment_counts_from_the_activation_start():
    game = scene([("a", card("A", abilities=[QUICK_STEP, BRACE]), (10.0, 10.0))])
    act(game, "a")
    a = game.state.model("a")
    assert "fast" in a.conditions and a.conditions.get("shielded") == 1
    assert kinds(game, "ap")[-1][2] == 3  # Fast: one AP more this Activation


def test_enemies_within_three_inches_gain_burning_at_the_start_of_its_activation():
    game = scene([("a", card("A", abilities=[SMOLDERING]), (10.0, 10.0)),
                  ("f", card("F"), (12.0, 10.0))],
                 [("near", card("Near"), (10.0, 12.5)), ("far", card("Far"), (10.0, 15.0))])
    act(game, "a")
    st = game.state
    assert st.model("near").conditions.get("burning") == 1
    assert "burning" not in st.model("far").conditions
    assert "burning" not in st.model("f").conditions
    assert "burning" not in st.model("a").conditions


def test_ending_all_conditions_with_no_stated_moment_ends_them_before_the_ap_is_counted():
    game = scene([("a", card("A", abilities=[SHAKE_IT_OFF]), (10.0, 10.0))])
    a = game.state.model("a")
    game.give(a, "slow")
    game.give(a, "poison", 2)
    act(game, "a")
    assert a.conditions == {} or not any(v for v in a.conditions.values())
    assert kinds(game, "ap")[-1][2] == 2  # Slow ended first: no AP lost

