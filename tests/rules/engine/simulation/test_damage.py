"""Damage and its modifiers, kills, Conditions, Horror (rulebook DAMAGE AND WOUNDS,
DAMAGE PREVENTION, CONDITIONS, HORROR, MARKERS; the registry's abilities)."""

from __future__ import annotations

from rules.engine.simulation import ScriptedCommander
from rules.engine.simulation.commands import Attack, Walk

from .scenes import BLADE, GUN, act, boss, card, kinds, scene, stack, terrain

# Attacker Ml 6 + 13 = 19 against Df 1 + 1 = 2: a margin of 17 gives the damage flip a
# positive twist, so it turns over two cards and takes the higher.
HIT = ["13R", "4C", "9T"]  # damage: the 9 (Moderate)


def _fight(defender_card, *, attacker_card=None, a_cards=HIT, d_cards=("1T",), commanders=None,
           pool=(2, 2)):
    game = scene([("a", attacker_card or card(actions=[BLADE, GUN]), (10.0, 10.0))],
                 [("b", defender_card, (11.5, 10.0))], commanders=commanders, pool=pool)
    stack(game, 0, a_cards)
    stack(game, 1, d_cards)
    return game


def test_a_hit_deals_the_damage_the_flip_selects():
    game = _fight(card(df=1, wd=10))
    act(game, "a", Attack("Blade", "b"))
    (dmg,) = kinds(game, "dmg")
    assert dmg[2] == 3 and dmg[3] == 7
    assert dmg[6] == "4C 9T>9T"  # every card of the damage flip is in the log
    assert game.state.model("b").wounds == 7


def test_a_cheated_damage_flip_is_logged_with_the_card_cheated_in():
    game = _fight(card(df=1, wd=10))
    stack(game, 0, HIT, hand=["12M"])
    act(game, "a", Attack("Blade", "b"))
    (dmg,) = kinds(game, "dmg")
    assert dmg[6] == "4C 9T>9T>>12M" and dmg[2] == 4


def test_armor_reduces_damage_to_a_minimum_of_one():
    game = _fight(card(df=1, wd=10, abilities=["Armor +2"]))
    act(game, "a", Attack("Blade", "b"))
    assert kinds(game, "dmg")[0][2] == 1


def test_thick_hide_reduces_only_shooting_damage():
    hide = card(df=1, wd=10, abilities=["Thick Hide"])
    game = _fight(hide)
    act(game, "a", Attack("Blade", "b"))
    assert kinds(game, "dmg")[0][2] == 3
    game = scene([("a", card(actions=[GUN]), (10.0, 10.0))], [("b", hide, (20.0, 10.0))])
    stack(game, 0, HIT)
    stack(game, 1, ["1T"])
    act(game, "a", Attack("Gun", "b"))
    assert kinds(game, "dmg")[0][2] == 2


def test_hard_to_wound_adds_a_negative_twist_to_the_damage_flip():
    game = _fight(card(df=1, wd=10, abilities=["Hard to Wound +1"]), a_cards=["13R", "4C", "9T"])
    act(game, "a", Attack("Blade", "b"))
    # +1 accuracy and -1 Hard to Wound cancel: one card, the 4 (Weak).
    assert kinds(game, "dmg")[0][2] == 2


def test_incorporeal_halves_melee_and_shooting_damage_rounding_up():
    game = _fight(card(df=1, wd=10, abilities=["Incorporeal"]))
    act(game, "a", Attack("Blade", "b"))
    assert kinds(game, "dmg")[0][2] == 2  # 3 halved, rounded up


def test_hard_to_kill_keeps_a_model_with_two_wounds_or_more_at_one():
    game = _fight(card(df=1, wd=3, abilities=["Hard to Kill"]))
    act(game, "a", Attack("Blade", "b"))
    b = game.state.model("b")
    assert b.in_play and b.wounds == 1
    assert game.casualties == []


def test_a_soulstone_prevention_flip_reduces_damage_for_masters_and_henchmen():
    commanders = (ScriptedCommander(), ScriptedCommander(answers={"prevent": True}))
    game = _fight(boss(df=1, wd=10), commanders=commanders, d_cards=("1T", "7M"))
    act(game, "a", Attack("Blade", "b"))
    (prevent,) = kinds(game, "prevent")
    assert prevent[2:] == ["7M", 2]
    assert game.state.model("b").wounds == 9
    assert game.state.sides[1].pool == 1


def test_a_killed_model_is_recorded_with_its_killer_action_and_turn_and_drops_a_corpse():
    game = _fight(card("Victim", df=1, wd=3, station="minion", cost=4), pool=(2, 2))
    game.state.turn = 2
    act(game, "a", Attack("Blade", "b"))
    b = game.state.model("b")
    assert not b.in_play and b.killed and b.wounds <= 0
    (casualty,) = game.casualties
    assert (casualty.model, casualty.killer, casualty.killer_side, casualty.action) == (
        "b", "a", "a", "Blade")
    assert casualty.turn == 2 and casualty.how == "killed" and casualty.by_effect == ""
    assert casualty.station == "minion" and casualty.cost == 4
    assert casualty.characteristics == ("living",)
    assert casualty.pools == {"a": 2, "b": 2}
    corpses = game.state.markers_of("corpse")
    assert len(corpses) == 1 and (corpses[0].x, corpses[0].y) == (11.5, 10.0)


def test_a_construct_drops_a_scrap_marker():
    game = _fight(card(df=1, wd=3, characteristics=["Construct"]))
    act(game, "a", Attack("Blade", "b"))
    assert len(game.state.markers_of("scrap")) == 1
    assert game.state.markers_of("corpse") == []


def test_a_killed_model_never_acts_again():
    game = _fight(card(df=1, wd=3))
    act(game, "a", Attack("Blade", "b"))
    game.end_activation(game.state.model("a"))
    game.activation_phase()
    assert not [e for e in kinds(game, "act") if e[1] == game.state.model("b").idx]


def _trigger_card(text: str, suits=("rams",), name="Trick", df=5):
    action = dict(BLADE, triggers=[{"suits": list(suits), "name": name, "text": text}])
    return card(actions=[action], df=df)


def test_a_trigger_that_adds_damage():
    game = _fight(card(df=1, wd=10), attacker_card=_trigger_card("Deal 1 extra damage."))
    act(game, "a", Attack("Blade", "b"))
    assert kinds(game, "dmg")[0][2] == 4


def test_a_trigger_that_gives_a_condition_and_one_that_pushes():
    game = _fight(card(df=1, wd=10), attacker_card=_trigger_card("The target gains Slow."))
    act(game, "a", Attack("Blade", "b"))
    assert "slow" in game.state.model("b").conditions
    game = _fight(card(df=1, wd=10),
                  attacker_card=_trigger_card("Push the target 2\" directly away from this model."))
    act(game, "a", Attack("Blade", "b"))
    b = game.state.model("b")
    assert (b.x, b.y) == (13.5, 10.0)


def test_a_trigger_is_declared_only_when_the_total_carries_its_suit():
    game = _fight(card(df=1, wd=10), attacker_card=_trigger_card("The target gains Slow.",
                                                                 suits=("crows",)))
    act(game, "a", Attack("Blade", "b"))
    assert "slow" not in game.state.model("b").conditions


def test_a_trigger_the_simulator_does_not_model_is_never_declared_and_is_listed():
    attacker = _trigger_card("Swap places with the target.", name="Switcheroo")
    assert any("trigger Switcheroo" in item for item in
               __import__("rules.engine.simulation.crews", fromlist=["x"]).ModelInput(
                   "x", attacker).profile.not_modelled)
    game = _fight(card(df=1, wd=10), attacker_card=attacker)
    act(game, "a", Attack("Blade", "b"))
    assert "t:a:" not in kinds(game, "attack")[0][4]


def test_poison_deals_one_damage_in_the_end_phase_and_counts_down():
    game = scene([("a", card(), (10.0, 10.0))], [("b", card(wd=5), (20.0, 20.0))])
    st = game.state
    b = st.model("b")
    game.give(b, "poison", 2, by=st.model("a"))
    game.end_phase()
    assert b.wounds == 4 and b.conditions["poison"] == 1
    game.end_phase()
    assert b.wounds == 3 and "poison" not in b.conditions


def test_burning_deals_its_value_and_focused_ends_at_the_end_of_the_turn():
    game = scene([("a", card(), (10.0, 10.0))], [("b", card(wd=5), (20.0, 20.0))])
    st = game.state
    b = st.model("b")
    game.give(b, "burning", 2)
    game.give(b, "focused", 1)
    game.end_phase()
    assert b.wounds == 3 and "burning" not in b.conditions and "focused" not in b.conditions


def test_a_kill_by_poison_names_the_poisoner_and_the_effect():
    game = scene([("a", card(), (10.0, 10.0))], [("b", card(wd=1), (20.0, 20.0))])
    st = game.state
    game.give(st.model("b"), "poison", 1, by=st.model("a"))
    game.end_phase()
    (casualty,) = game.casualties
    assert casualty.killer == "a" and casualty.by_effect == "Poison"


def test_hazardous_terrain_hurts_a_model_that_enters_it_once_a_turn():
    pool = terrain(1, 12.0, 8.0, 0, 0, "hazardous", ht=0, shape="circle")
    pool["w"] = 1.5
    pool["x"], pool["y"] = 13.0, 10.0
    game = scene([("a", card(wd=10, wk=8), (10.0, 10.0))], terrain=[pool])
    stack(game, 1, ["9M", "9R"])
    m = act(game, "a", Walk(((13.0, 10.0),)))
    assert kinds(game, "hazard") == [["hazard", m.idx, 1]]
    assert m.wounds == 8  # 1/2/4: a 9 is Moderate
    game.perform(m, Walk(((10.0, 10.0), (13.0, 10.5))))
    assert len(kinds(game, "hazard")) == 1


def test_terrifying_makes_an_attacker_pass_a_horror_duel_or_be_paralyzed():
    scary = card("Ghost", df=1, wd=10, abilities=["Terrifying (Living) 13"])
    game = _fight(scary, a_cards=["2R", "13R", "4C", "9T"])
    m = act(game, "a", Attack("Blade", "b"))
    (horror,) = kinds(game, "horror")
    assert horror[4] == 0
    assert "paralyzed" in m.conditions and game.activation_over
    assert kinds(game, "attack") == []
    assert game.state.sides[0].failed_horror == {m.idx}


def test_a_model_that_passes_a_horror_duel_is_immune_to_that_model_this_turn():
    scary = card("Ghost", df=1, wd=10, abilities=["Terrifying 10"])
    game = _fight(scary, a_cards=["8R", "13R", "4C", "9T", "13M", "4M", "9M"])
    act(game, "a", Attack("Blade", "b"), Attack("Blade", "b"))
    assert len(kinds(game, "horror")) == 1
    assert len(kinds(game, "attack")) == 2


def test_upgrades_injuries_and_campaign_talents_change_the_stat_line():
    from rules.engine.simulation.crews import (
        ModelInput,
        modifier_from_campaign_upgrade,
        modifier_from_injury,
    )
    from rules.tables import STATS  # noqa: F401 - the campaign stats vocabulary exists

    plate = modifier_from_campaign_upgrade({"key": "metal-plate", "name": "Metal Plate",
                                            "summary": "Armor +1"})
    duelist = modifier_from_campaign_upgrade({"key": "duelist", "name": "Duelist",
                                              "stat_effects": {"ml": 1},
                                              "stat_caps": {"ml": 7}})
    amputation = modifier_from_injury({"key": "amputation", "name": "Amputation",
                                       "stat_effects": {"wd": -2}})
    profile = ModelInput("x", card(wd=6, actions=[BLADE, dict(BLADE, name="Big", value=7)]),
                         modifiers=(plate, duelist, amputation)).profile
    assert profile.wd == 4
    assert profile.talents.armor == 1
    assert profile.action("Blade").value == 7  # 6 + 1
    assert profile.action("Big").value == 7  # capped at 7
    assert profile.not_modelled == ()


def test_worked_example_a_blast_steps_damage_down_for_the_models_under_it():
    """Rulebook: 2/3b/4b flipped Severe: one Blast Marker; Lilith suffers 4 and the Young
    Nephilim under the marker 3."""
    bomb = {"name": "Bomb", "stat": "Sh", "value": 6, "range": '12"', "resist": "Df",
            "damage": "2/3b/4b"}
    game = scene([("a", card(actions=[bomb]), (10.0, 10.0))],
                 [("lilith", card("Lilith", df=1, wd=12, base=40), (18.0, 10.0)),
                  ("nephilim", card("Young Nephilim", wd=8), (19.0, 12.3))])
    stack(game, 0, ["13R", "12C", "3R"])
    stack(game, 1, ["1T"])
    act(game, "a", Attack("Bomb", "lilith"))
    hits = {game.state.models[e[1]].id: e[2] for e in kinds(game, "dmg")}
    assert hits == {"lilith": 4, "nephilim": 3}
