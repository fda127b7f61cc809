"""Never silent: every card element the simulator does not play is in the result, and
what it cannot read is never played as something else.

The card texts are invented for these tests (no published card text).
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.engine.simulation import EncounterInput, ModelInput, simulate
from rules.engine.simulation.commands import Attack, Tactical
from rules.engine.simulation.coverage import card_coverage, simulator_pack_coverage
from rules.engine.simulation.crews import modifier_from_upgrade_card

from .builders import sample_pack
from .scenes import BLADE, act, boss, card, kinds, scene, stack

HIT = ["13R", "4C", "9T"]  # a hit with Rams; the damage flip takes the 9 (Moderate: 3)


def _fight(trigger_text: str, defender=None):
    action = dict(BLADE, triggers=[{"suits": ["rams"], "name": "Trick", "text": trigger_text}])
    game = scene([("a", card(actions=[action]), (10.0, 10.0))],
                 [("b", defender or card(df=1, wd=10), (11.5, 10.0))])
    stack(game, 0, HIT)
    stack(game, 1, ["1T"])
    act(game, "a", Attack("Blade", "b"))
    return game


def _listed(card_dict: dict, needle: str) -> list[str]:
    return [line for line in ModelInput("x", card_dict).profile.not_modelled if needle in line]


def test_a_condition_definition_in_a_trigger_is_not_read_as_a_push():
    text = "Slow: This model has one less AP. Push this model 2\" away from the target."
    game = _fight(text)
    b = game.state.model("b")
    assert (b.x, b.y) == (11.5, 10.0) and "slow" not in b.conditions
    assert "t:a:" not in kinds(game, "attack")[0][4]  # never declared
    action = dict(BLADE, triggers=[{"suits": ["rams"], "name": "Trick", "text": text}])
    assert _listed(card(actions=[action]), "trigger Trick of Blade (text not read: 'Slow:")


def test_a_conditional_bonus_is_not_applied_always():
    # A condition the engine does not check (1.6 checks "the target is Poisoned").
    game = _fight("+1 damage if the target is engaged.")
    assert kinds(game, "dmg")[0][2] == 3  # the Moderate damage, no +1
    action = dict(BLADE, triggers=[{"suits": ["rams"], "name": "Trick",
                                    "text": "+1 damage if the target is engaged."}])
    assert _listed(card(actions=[action]),
                   "trigger Trick of Blade (+1 damage only if the target is engaged is not "
                   "played)")


def test_a_trigger_played_whole_applies_each_of_its_effects():
    game = _fight("Target gains Poison +1 and Burning +1.")
    conditions = game.state.model("b").conditions
    assert conditions.get("poison") == 1 and conditions.get("burning") == 1


def test_a_trigger_read_only_in_part_is_not_declared_and_is_listed():
    text = "The target gains Slow. This model may take a free Walk action."
    game = _fight(text)
    assert "slow" not in game.state.model("b").conditions
    action = dict(BLADE, triggers=[{"suits": ["rams"], "name": "Trick", "text": text}])
    [line] = _listed(card(actions=[action]), "trigger Trick")
    assert "text not read: 'This model may take a free Walk action.'" in line
    assert "so none of it is played" in line


def test_attack_text_is_listed_as_partly_played():
    action = dict(BLADE, text="Ignores Armor. The target gains Slow.")
    [line] = _listed(card(actions=[action]), "action Blade")
    assert line == ("Grunt: action Blade (partly played: the attack and its damage, "
                    "gain Slow; ignores armor is not played)")


def test_a_tactical_heal_with_something_more_is_not_played():
    heal = {"name": "Mend", "range": "", "text": "This model heals 2 damage. Unbury this model."}
    grunt = card(actions=[BLADE, heal])
    assert ModelInput("x", grunt).profile.action("Mend") is None
    [line] = _listed(grunt, "action Mend")
    assert "Unbury this model." in line
    plain = card(actions=[BLADE, dict(heal, text="This model heals 2 damage.")])
    game = scene([("a", plain, (10.0, 10.0))])
    a = game.state.model("a")
    a.wounds -= 3
    act(game, "a", Tactical("Mend"))
    assert a.wounds == a.p.wd - 1


def test_the_sample_pack_coverage_matches_the_profiles():
    """The coverage page and a result's list come from one classification."""
    for raw in sample_pack()["models"]:
        listed = ModelInput("x", raw).profile.not_modelled
        coverage = card_coverage(raw)
        assert coverage.lines() == list(listed)
    summary = simulator_pack_coverage(sample_pack()["models"]).summary
    assert summary["by_role"]["trigger"]["played"] == 1.0
    assert 0 < summary["all"]["played"] < 1


# -- property: whatever the cards, what is not played is listed ---------------------------

PLAYED_TRIGGERS = ["The target gains Slow.", "Target gains Poison +1.", "Deal 1 extra damage.",
                   "Push the target 2\" directly away from this model.",
                   "Target gains Poison +1 and Burning +1.", "Draw a card.",
                   "The target gains Injured +1.", "Remove Poison from the target.",
                   "Sacrifice the target.", "Place a Corpse Marker in base contact with the "
                   "target.", "+1 damage if the target is Poisoned.",
                   "Target must pass a TN 13 Wp duel or gain Paralyzed."]
UNPLAYED_TRIGGERS = ["+1 damage if the target is engaged.",
                     "Slow: This model has one less AP. Push this model 2\" away.",
                     "Unbury this model.", "Target must pass a TN 13 Wp duel or suffer 2 damage.",
                     "The target gains Slow. This model may take a free Walk action.",
                     "Target gains Poison +1. Once per turn.", "Swap places with the target.",
                     ""]
UPGRADES = ["This model gains +1 Wd.", "This model gains +1 Wd. Once per turn it may reflip.",
            "When this model is damaged, it gains +1 Df.", "Reflip one duel per game."]
PLAYED_ABILITIES = ["Armor +1", "Hard to Kill", "Fast", "Incorporeal"]
UNPLAYED_ABILITIES = ["Odd Luck", "Grim Resolve", "Whirling Gears"]
PLAYED_TACTICAL = ["This model heals 2 damage.", "Friendly models in range may heal 1 damage.",
                   "Draw a card.", "This model gains Shielded +1.",
                   "Enemy models within 2\" gain Burning +1.",
                   "This model heals 2 damage. Bury this model.",
                   "This model heals 1 damage. Summon a Grunt in base contact with this model."]
UNPLAYED_TACTICAL = ["Unbury this model.", "This model heals 1 damage. Discard a card.",
                     "Place a Scheme Marker in base contact with this model."]


@st.composite
def _cards(draw, index: int, leader: bool):
    """A card and the labels of its elements the simulator cannot play."""
    unplayed = []
    abilities = []
    for n in range(draw(st.integers(0, 2))):
        if draw(st.booleans()):
            abilities.append({"name": draw(st.sampled_from(PLAYED_ABILITIES)), "text": ""})
        else:
            name = f"{draw(st.sampled_from(UNPLAYED_ABILITIES))} {n}"
            abilities.append({"name": name, "text": "Something odd."})
            unplayed.append(f"ability {name}")
    triggers = []
    for n, suit in enumerate(draw(st.lists(st.sampled_from(["rams", "crows", "masks"]),
                                           max_size=2, unique=True))):
        name = f"Trick {n}"
        if draw(st.booleans()):
            text = draw(st.sampled_from(PLAYED_TRIGGERS))
        else:
            text = draw(st.sampled_from(UNPLAYED_TRIGGERS))
            unplayed.append(f"trigger {name} of Blade")
        triggers.append({"suits": [suit], "name": name, "text": text})
    attack_text = draw(st.sampled_from(["", "", "Ignores Armor.", "The target gains Slow."]))
    if attack_text == "Ignores Armor.":  # (1.6 plays a Condition an attack's text gives)
        unplayed.append("action Blade")
    actions = [dict(BLADE, text=attack_text, triggers=triggers)]
    if draw(st.booleans()):
        if draw(st.booleans()):
            text = draw(st.sampled_from(PLAYED_TACTICAL))
        else:
            text = draw(st.sampled_from(UNPLAYED_TACTICAL))
            unplayed.append("action Mend")
        actions.append({"name": "Mend", "range": "Pulse 6\"", "text": text})
    name = f"Model {index}"
    maker = boss if leader else card
    return maker(name, abilities=abilities, actions=actions), [f"{name}: {u}" for u in unplayed]


@st.composite
def _encounters(draw):
    crews, unplayed = [], []
    for side in range(2):
        models = []
        for i in range(draw(st.integers(1, 2))):
            index = side * 10 + i
            c, missing = draw(_cards(index, leader=i == 0))
            model = {"id": f"m{index}", "card": c, "is_leader": i == 0}
            upgrade = draw(st.sampled_from([None, *UPGRADES]))
            if upgrade is not None:
                model["modifiers"] = [modifier_from_upgrade_card(
                    {"name": "Charm", "effect": upgrade}).to_dict()]
                if upgrade != UPGRADES[0]:
                    missing.append(f"Model {index}: upgrade Charm")
            models.append(model)
            unplayed += missing
        crews.append({"name": "AB"[side], "faction": "guild", "soulstone_pool": 2,
                      "models": models, "schemes": [{"key": "breakthrough"},
                                                    {"key": "distract"}]})
    setup = EncounterInput.from_dict({"strategy": "turf-war", "deployment": "standard",
                                      "size": 50, "table": {"density": 0.1}, "crews": crews})
    return setup, unplayed


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_encounters(), st.integers(0, 10_000))
def test_every_element_the_simulator_cannot_play_is_in_the_result(encounter, seed):
    setup, unplayed = encounter
    result = simulate(setup, seed=seed)
    listed = result.not_modelled
    for label in unplayed:
        assert any(line == label or line.startswith(label + " (") for line in listed), label
    # and nothing played in full is listed
    assert all(any(line == u or line.startswith(u + " (") for u in unplayed)
               for line in listed if not line.startswith("terrain ")), listed


def test_a_card_field_the_simulator_does_not_read_is_listed():
    odd = card("Odd", actions=[dict(BLADE, rg=":pulse6", triggers=[
        {"suits": ["rams"], "name": "Trick", "text": "The target gains Slow.", "when": "after"}])],
        abilities=[{"name": "Armor +1", "text": "", "ap": 0}])
    odd["defensive_triggers"] = [{"name": "Riposte", "suits": ["masks"], "text": "Hit back."}]
    odd["wounds_track"] = []  # an empty field holds nothing to play
    listed = ModelInput("x", odd).profile.not_modelled
    assert card_coverage(odd).lines() == list(listed)
    assert card_coverage(odd).to_dict()["status"] == "partly"
    assert "Odd: card field 'defensive_triggers' (not read by the simulator)" in listed
    assert "Odd: action Blade: field 'rg' (not read by the simulator)" in listed
    assert "Odd: trigger Trick of Blade: field 'when' (not read by the simulator)" in listed
    assert "Odd: ability Armor +1: field 'ap' (not read by the simulator)" in listed
    assert not any("wounds_track" in line for line in listed)


def test_structured_effects_on_a_card_are_played_and_bad_ones_refused():
    from rules.engine.simulation import InvalidEncounterInput
    action = dict(BLADE, triggers=[{"suits": ["rams"], "name": "Trick", "text": "Prose.",
                                    "effects": [{"kind": "gain_condition", "name": "slow"}]}])
    assert ModelInput("x", card(actions=[action])).profile.not_modelled == ()
    game = scene([("a", card(actions=[action]), (10.0, 10.0))],
                 [("b", card(df=1, wd=10), (11.5, 10.0))])
    stack(game, 0, HIT)
    stack(game, 1, ["1T"])
    act(game, "a", Attack("Blade", "b"))
    assert "slow" in game.state.model("b").conditions
    bad = dict(BLADE, triggers=[{"suits": ["rams"], "name": "Trick",
                                 "effects": [{"kind": "gain_condition", "name": 3}]}])
    try:
        ModelInput("x", card(actions=[bad])).profile  # noqa: B018
    except InvalidEncounterInput as exc:
        assert "effects[0].name" in str(exc)
    else:
        raise AssertionError("bad structured effects were accepted")


def _check_played(key, game):
    a, b = game.state.model("a"), game.state.model("b")
    damage = [e[2] for e in kinds(game, "dmg")]
    if ":damage:bonus" in key:
        return damage[0] == 4  # Moderate 3, +1 (one Ram in the final total)
    if ":damage:flat" in key:
        return b.conditions.get("lingering") == 1
    if ":gain_condition:" in key:
        name = key.split(":")[2].split("@")[0]
        return b.conditions.get(name, 0) >= 1 or (name == "paralyzed"
                                                   and "paralyzed" in b.conditions)
    if ":prohibit:walk" in key:
        return "pinned" in b.conditions
    if "@target" in key and ":move:push:away" in key:
        return (b.x, b.y) == (13.5, 10.0)
    if "@self" in key and ":move:push" in key:
        return (a.x, a.y) == (8.0, 10.0)
    raise AssertionError(f"no check for {key}")


def test_every_trigger_effect_the_simulator_claims_it_really_executes():
    """Honest coverage: each capability key in the support set changes the game."""
    from rules.engine.effects.coverage import capability
    from rules.engine.simulation import ScriptedCommander
    from rules.engine.simulation.plays import _TRIGGERS, what_it_plays
    first = {capability("trigger", e) for e, _ in _TRIGGERS}
    checked = 0
    for entry in what_it_plays():
        if entry["role"] != "trigger" or entry["key"] not in first:
            continue  # the general effects: test_card_effects
        effect = _example(entry["key"])
        action = dict(BLADE, triggers=[{"suits": ["rams"], "name": "Trick",
                                        "effects": [effect.to_dict()]}])
        game = scene([("a", card(actions=[action]), (10.0, 10.0))],
                     [("b", card(df=1, wd=10), (11.5, 10.0))],
                     commanders=(ScriptedCommander(answers={"push_self": (8.0, 10.0)}),
                                 ScriptedCommander()))
        stack(game, 0, HIT)
        stack(game, 1, ["1T"])
        act(game, "a", Attack("Blade", "b"))
        assert _check_played(entry["key"], game), entry
        checked += 1
    assert checked == 12


def _example(key):
    from rules.engine.effects.coverage import capability
    from rules.engine.simulation.plays import _TRIGGERS
    return next(e for e, _ in _TRIGGERS if capability("trigger", e) == key)
