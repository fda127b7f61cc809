"""Card effects the simulator plays (issue 27): every general effect of the plays table
really changes the game, the Conditions keep the manual's timing, Pulses, a (0) action,
trigger timings, a push into terrain."""

from __future__ import annotations

import re

import pytest

from rules.engine.effects.coverage import capability
from rules.engine.simulation import ModelInput
from rules.engine.simulation.actions import _trigger_effect
from rules.engine.simulation.commands import Attack, Tactical
from rules.engine.simulation.plays import (
    _TACTICALS,
    _TRIGGER_TABLE,
    PLAYED_CONDITIONS,
    TACTICAL_PLAYS,
    TRIGGER_PLAYS,
)

from .scenes import BLADE, act, card, kinds, scene, stack, terrain

HIT = ["13R", "4C", "9T"]  # a hit with Rams; the damage flip takes the 9 (Moderate: 3)



def _four():
    """a (acting) with friend f beside it; enemy b (the target) and enemy c beside it."""
    game = scene([("a", card("A", wd=10), (10.0, 10.0)), ("f", card("F", wd=10), (10.0, 11.5))],
                 [("b", card("B", wd=10), (11.5, 10.0)), ("c", card("C", wd=10), (10.0, 8.5))])
    return game, {k: game.state.model(k) for k in "afbc"}


def _expected(who: str, area: str) -> set[str]:
    if who in ("target", "self"):
        return {"b"} if who == "target" else {"a"}
    return {"friendly": {"f"}, "enemy": {"b", "c"}, "any": {"f", "b", "c"}}[who]


def _affected(key: str, effect, models, before) -> set[str]:
    if effect.kind == "gain":
        return {k for k, m in models.items() if effect.name in m.conditions}
    if effect.kind == "remove":
        name = "burning" if effect.name == "any" else effect.name
        return {k for k, m in models.items() if name not in m.conditions}
    if effect.kind == "heal":
        return {k for k, m in models.items() if m.wounds > before[k]}
    raise AssertionError(key)


@pytest.mark.parametrize("table,plays,role", [(_TRIGGER_TABLE, TRIGGER_PLAYS, "trigger"),
                                              (_TACTICALS, TACTICAL_PLAYS, "tactical")])
def test_every_general_effect_the_simulator_claims_changes_the_right_models(table, plays,
                                                                            role):
    """Honest coverage: each gain, end and heal key of the table acts on exactly the
    models its scope names (a Pulse never on the model it comes from)."""
    checked = 0
    for example, _ in table:
        key = capability(role, example)
        effect = plays[key](example)
        if effect.kind not in ("gain", "remove", "heal"):
            continue
        game, models = _four()
        for _k, m in models.items():
            if effect.kind == "remove":
                name = "burning" if effect.name == "any" else effect.name
                game.give(m, name, 2)
            elif effect.kind == "heal":
                m.wounds -= 3
        before = {k: m.wounds for k, m in models.items()}
        _trigger_effect(game, models["a"], models["b"], effect, 1.0)
        assert _affected(key, effect, models, before) == _expected(effect.who, effect.area), key
        checked += 1
    assert checked >= 3 * len(PLAYED_CONDITIONS) * 2


def test_cards_lure_and_scheme_marker_removal_from_triggers():
    game, m = _four()
    deck = game.state.sides[0].deck
    hand = len(deck.hand)
    _trigger_effect(game, m["a"], m["b"], TRIGGER_PLAYS["trigger:cards:draw:own@target"](
        next(e for e, _ in _TRIGGER_TABLE if capability("trigger", e)
             == "trigger:cards:draw:own@target")))
    assert len(deck.hand) == hand + 1
    far = scene([("a", card("A"), (10.0, 10.0))], [("b", card("B"), (16.0, 10.0))])
    lure = next(e for e, _ in _TRIGGER_TABLE if capability("trigger", e).startswith(
        "trigger:move:lure:toward:self:up_to"))
    a, b = far.state.model("a"), far.state.model("b")
    _trigger_effect(far, a, b, TRIGGER_PLAYS[capability("trigger", lure)](lure))
    assert b.x == pytest.approx(14.0)  # 2" toward the luring model
    marker = far.state.add_marker("scheme", 1, 11.2, 10.0)
    unmark = next(e for e, _ in _TRIGGER_TABLE if capability("trigger", e).startswith(
        "trigger:marker:remove:scheme"))
    effect = TRIGGER_PLAYS[capability("trigger", unmark)](unmark)
    _trigger_effect(far, a, b, type(effect)("unmark", 1, distance=2))
    assert marker.id not in far.state.markers


# -- Conditions, with the manual's timing ---------------------------------------------


def test_burning_deals_its_value_at_the_end_of_the_turn_then_is_removed():
    game, m = _four()
    game.give(m["b"], "burning", 2)
    game.end_phase()
    assert m["b"].wounds == 8 and "burning" not in m["b"].conditions


def test_poison_deals_one_unreducible_damage_and_lowers_by_one():
    game = scene([("a", card("A", wd=10, abilities=["Armor +2"]), (10.0, 10.0))])
    a = game.state.model("a")
    game.give(a, "poison", 2)
    game.end_phase()
    assert a.wounds == 9 and a.conditions["poison"] == 1


def test_slow_fast_and_paralyzed_gained_during_the_activation_end_with_it():
    game, m = _four()
    act(game, "a")
    game.give(m["a"], "fast")
    game.end_activation(m["a"])
    assert "fast" not in m["a"].conditions  # gained too late to give an AP, and gone


def test_other_conditions_end_with_the_turn_and_poison_stays():
    game, m = _four()
    for name in ("shielded", "injured", "stunned", "focused"):
        game.give(m["b"], name, 1)
    game.give(m["b"], "poison", 3)
    game.end_phase()
    assert set(m["b"].conditions) == {"poison"}


def test_slow_given_after_its_activation_lasts_into_the_next_turn():
    """Slow is removed at the end of the model's Activation, not during the End Step."""
    game, m = _four()
    act(game, "b")
    game.end_activation(m["b"])
    game.give(m["b"], "slow")
    game.give(m["b"], "defensive", 1)  # until the start of its next Activation
    game.end_phase()
    assert {"slow", "defensive"} <= set(m["b"].conditions)
    act(game, "b")
    assert game.ap == 1 and "defensive" not in m["b"].conditions


def test_shielded_prevents_damage_and_is_used_up():
    game, m = _four()
    game.give(m["b"], "shielded", 2)
    game.deal_damage(m["b"], 3, by=m["a"], cause="test", preventable=False)
    assert m["b"].wounds == 9 and "shielded" not in m["b"].conditions


def test_injured_lowers_df_and_stunned_declares_no_triggers():
    trick = dict(BLADE, triggers=[{"suits": ["rams"], "name": "Deep Cut", "text": "+1 damage."}])
    game = scene([("a", card("A", actions=[trick]), (10.0, 10.0))],
                 [("b", card("B", df=6, wd=10), (11.5, 10.0))])
    a, b = game.state.model("a"), game.state.model("b")
    game.give(b, "injured", 5)
    game.give(a, "stunned")
    stack(game, 0, HIT)
    stack(game, 1, ["6T"])  # Df 6 - 5 = 1, plus 6: 7 against 13
    act(game, "a", Attack("Blade", "b"))
    [attack] = kinds(game, "attack")
    assert attack[5] == 1
    assert b.wounds == 7  # Moderate 3, no +1: a Stunned model declares no trigger


# -- triggers by timing ----------------------------------------------------------------


def _trigger_card(text: str, timing: str) -> dict:
    return card("A", actions=[dict(BLADE, triggers=[{"suits": ["rams"], "name": "Trick",
                                                      "timing": timing, "text": text}])])


def test_an_after_damaging_trigger_does_nothing_when_the_attack_deals_no_damage():
    for shield, expect in ((0, True), (5, False)):
        game = scene([("a", _trigger_card("The target gains Burning +1.", "after_damaging"),
                       (10.0, 10.0))],
                     [("b", card("B", df=1, wd=10), (11.5, 10.0))])
        if shield:
            game.give(game.state.model("b"), "shielded", shield)  # prevents all 3 damage
        stack(game, 0, HIT)
        stack(game, 1, ["1T"])
        act(game, "a", Attack("Blade", "b"))
        assert ("burning" in game.state.model("b").conditions) is expect


def test_an_after_succeeding_trigger_pushes_the_target_into_terrain_and_stops():
    wall = terrain(1, 14.0, 5.0, 1.0, 10.0, "blocking", "impassable", ht=3)
    game = scene([("a", _trigger_card('Push the target up to 3" away from this model.',
                                      "after_succeeding"), (10.0, 10.0))],
                 [("b", card("B", df=1, wd=10), (11.5, 10.0))], terrain=[wall])
    stack(game, 0, HIT)
    stack(game, 1, ["1T"])
    act(game, "a", Attack("Blade", "b"))
    b = game.state.model("b")
    assert 11.5 < b.x <= 14.0 - b.r + 1e-6  # pushed, but stopped at the wall


# -- tactical actions: a Pulse, a (0) action, an Aura range ----------------------------


def test_a_pulse_heals_friends_in_sight_but_not_the_model_it_comes_from():
    rally = {"name": "Rally", "ap": 1, "range": 'Pulse 6"',
             "text": "Friendly models in range heal 1 damage."}
    wall = terrain(1, 12.0, 4.0, 1.0, 12.0, "blocking", "impassable", ht=3)
    game = scene([("a", card("A", wd=10, actions=[BLADE, rally]), (10.0, 10.0)),
                  ("f", card("F", wd=10), (10.0, 14.0)), ("g", card("G", wd=10), (15.0, 10.0)),
                  ("h", card("H", wd=10), (10.0, 18.0))], terrain=[wall])
    for k in "afgh":
        game.state.model(k).wounds = 5
    act(game, "a", Tactical("Rally"))
    wounds = {k: game.state.model(k).wounds for k in "afgh"}
    assert wounds == {"a": 5, "f": 6, "g": 5, "h": 5}  # g behind the wall, h out of range


def test_a_zero_action_gives_shielded_without_spending_ap_once_per_activation():
    stand = {"name": "Stand Ready", "ap": 0, "range": "self",
             "text": "This model gains Shielded +1."}
    game = scene([("a", card("A", actions=[BLADE, stand]), (10.0, 10.0))])
    a = game.state.model("a")
    act(game, "a", Tactical("Stand Ready"))
    assert a.conditions["shielded"] == 1 and game.ap == 2
    assert game.zero_used


def test_enemy_models_within_gain_burning_from_a_tactical_action():
    flare = {"name": "Flare", "ap": 1, "range": "self",
             "text": 'Enemy models within 2" gain Burning +1.'}
    game, _ = _four()
    game = scene([("a", card("A", actions=[BLADE, flare]), (10.0, 10.0))],
                 [("b", card("B"), (11.5, 10.0)), ("c", card("C"), (10.0, 16.0))])
    act(game, "a", Tactical("Flare"))
    assert game.state.model("b").conditions.get("burning") == 1
    assert "burning" not in game.state.model("c").conditions


def test_an_aura_range_is_read_and_a_summon_is_played():
    call = {"name": "Call", "ap": 2, "range": 'Aura 3"',
            "text": "Summon a Sample Ash Wisp in base contact with this model."}
    profile = ModelInput("x", card(actions=[BLADE, call])).profile
    assert profile.action("Call") is not None
    assert profile.action("Call").range == 3.0
    assert not any("summon" in line.lower() for line in profile.not_modelled)
    assert not any("not understood" in line for line in profile.not_modelled)


def test_a_targeted_tactical_action_removes_poison_from_a_friend_in_range():
    purge = {"name": "Purge the Wound", "ap": 1, "range": '6"', "stat": "Ca", "value": 5,
             "text": "Remove Poison from the target."}
    game = scene([("a", card("A", actions=[BLADE, purge]), (10.0, 10.0)),
                  ("f", card("F"), (10.0, 14.0)), ("g", card("G"), (10.0, 25.0))])
    f, g = game.state.model("f"), game.state.model("g")
    game.give(f, "poison", 2)
    game.give(g, "poison", 2)
    a = act(game, "a", Tactical("Purge the Wound", target="f"))
    assert "poison" not in f.conditions
    with pytest.raises(Exception, match="not in range"):
        game.perform(a, Tactical("Purge the Wound", target="g"))


def test_focus_is_spent_on_the_first_attack_of_a_charge():
    from rules.engine.simulation.commands import Charge, Focus
    game = scene([("a", card("A", cg=7), (10.0, 10.0))],
                 [("b", card("B", df=5, wd=20), (16.0, 10.0))])
    a = game.state.model("a")
    act(game, "a", Focus(), ap=3)
    stack(game, 0, ["5R", "6C", "2T", "3T", "9M", "1C", "2C", "3C"])
    stack(game, 1, ["7T", "7M"])
    game.perform(a, Charge("b", (14.6, 10.0), focus=True))
    attacks = kinds(game, "attack")
    assert "focused" not in a.conditions
    assert attacks[0][4].startswith("f:a:5R 6C|")  # Focused +1: a positive twist
    assert re.match(r"f:a:\S+\|", attacks[1][4])  # the second attack flips one card


# -- sight from any point of one base to any point of the other -------------------------


def test_a_narrow_gap_gives_sight_and_engagement_follows():
    """Two walls with a 0.25" gap off the line between the centres and off the two
    side lines: some line from a point of one base to a point of the other passes."""
    low = terrain(1, 10.7, 0.0, 0.2, 10.2, "blocking", "impassable", ht=4)
    high = terrain(2, 10.7, 10.45, 0.2, 9.55, "blocking", "impassable", ht=4)
    game = scene([("a", card("A"), (10.0, 10.0))], [("b", card("B"), (11.6, 10.0))],
                 terrain=[low, high])
    st = game.state
    a, b = st.model("a"), st.model("b")
    assert st.los(a, b)
    assert b in st.engaged_with(a)
    closed = scene([("a", card("A"), (10.0, 10.0))], [("b", card("B"), (11.6, 10.0))],
                   terrain=[terrain(1, 10.7, 0.0, 0.2, 20.0, "blocking", "impassable", ht=4)])
    ca, cb = closed.state.model("a"), closed.state.model("b")
    assert not closed.state.los(ca, cb) and cb not in closed.state.engaged_with(ca)


# -- Vendetta and Reckoning ---------------------------------------------------------------


def test_a_disengaging_strike_is_the_first_attack_vendetta_counts():
    from rules.engine.simulation.commands import Walk
    game = scene([("boss", card("Boss", station="master", wd=12), (5.0, 3.0)),
                  ("hero", card("Hero", cost=7), (10.0, 10.0))],
                 [("bb", card("BB", station="master", wd=12), (18.0, 33.0)),
                  ("rival", card("Rival", cost=8, df=2), (11.5, 10.0))],
                 schemes_a=({"key": "vendetta", "noted": {"friendly": "hero",
                                                          "enemy": "rival"}}, "distract"))
    stack(game, 0, ["13R"])  # the striker's flip
    stack(game, 1, ["1C"])  # the mover's Df flip
    act(game, "rival", Walk(((16.0, 10.0),)))
    assert kinds(game, "strike")
    assert game.state.sides[0].score.scheme_total("vendetta") == 1


def test_a_kill_by_hazardous_terrain_counts_for_the_opponent_in_reckoning():
    from rules.engine.simulation.commands import Walk
    pool = terrain(1, 13.0, 10.0, 1.5, 0, "hazardous", ht=0, shape="circle")
    game = scene([("a", card("A"), (5.0, 5.0))],
                 [("bb", card("BB", station="master", wd=12), (18.0, 33.0)),
                  ("b", card("B", wd=1, wk=8), (10.0, 14.0))],
                 terrain=[pool], strategy="reckoning", turn=2)
    stack(game, 0, ["9M"])  # the opponent flips hazardous damage
    act(game, "b", Walk(((13.0, 10.0),)))
    assert not game.state.model("b").in_play
    assert game.state.sides[0].kills_this_turn == 1


# -- a defensive trigger -------------------------------------------------------------------

RETORT = {"name": "Spiteful Retort", "kind": "defensive_trigger", "suits": ["rams"],
          "text": "After this model is damaged by an enemy attack, the attacker gains "
                  "Burning +1.",
          "effects": [{"kind": "gain_condition", "name": "burning", "value": 1,
                       "scope": {"who": "enemy"}}],
          "qualifiers": {"timing": "after_damaging"}}  # as the second sample pack gives it


def test_a_defensive_trigger_burns_the_attacker_after_the_defender_is_damaged():
    profile = ModelInput("x", card("B", abilities=[RETORT])).profile
    assert not any("Retort" in line for line in profile.not_modelled)
    for shield, expect in ((0, 1), (5, 0)):
        game = scene([("a", card("A"), (10.0, 10.0))],
                     [("b", card("B", df=1, wd=10, abilities=[RETORT]), (11.5, 10.0))])
        if shield:
            game.give(game.state.model("b"), "shielded", shield)
        stack(game, 0, ["13T", "9T"])
        stack(game, 1, ["1R"])  # the defender's total carries a Ram
        act(game, "a", Attack("Blade", "b"))
        assert game.state.model("a").conditions.get("burning", 0) == expect


def test_a_pulse_attack_duels_every_model_it_sees_within_the_pulse():
    slam = {"name": "Ground Slam", "ap": 2, "stat": "Ml", "value": 6, "range": 'Pulse 3"',
            "resist": "Df", "damage": "1/2/3"}
    wall = terrain(1, 12.0, 14.0, 1.0, 4.0, "blocking", "impassable", ht=4)
    game = scene([("a", card("A", actions=[BLADE, slam]), (10.0, 10.0)),
                  ("f", card("F", df=1, wd=10), (10.0, 12.5))],
                 [("b", card("B", df=1, wd=10), (11.5, 10.0)),
                  ("c", card("C", df=1, wd=10), (7.5, 10.0)),
                  ("far", card("Far", df=1, wd=10), (10.0, 16.0)),
                  ("hid", card("Hid", df=1, wd=10), (14.0, 15.0))], terrain=[wall])
    act(game, "a", Attack("Ground Slam", "b"))
    hit = [game.state.models[e[2]].id for e in kinds(game, "attack")]
    assert hit[0] == "b" and sorted(hit) == ["b", "c", "f"]


def test_a_model_inside_dense_terrain_sees_out_but_not_inside_blocking_terrain():
    """Dense: models may ignore the dense trait of terrain they are within, and see into
    it; Blocking: objects with the trait cannot be seen through (no exception)."""
    for trait, sees in (("dense", True), ("blocking", False)):
        grove = terrain(1, 8.0, 8.0, 4.0, 4.0, trait, "severe", ht=4)
        game = scene([("a", card("A"), (10.0, 10.0))], [("b", card("B"), (16.0, 10.0))],
                     terrain=[grove])
        st = game.state
        assert st.los(st.model("a"), st.model("b")) is sees, trait
