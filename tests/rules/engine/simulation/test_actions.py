"""Activations and the general actions (rulebook ACTIVATIONS, GENERATE AP, GENERAL TACTICAL
ACTIONS, PLACING SCHEME MARKERS, FAST, SLOW, PARALYZED, FOCUSED, DEFENSIVE)."""

from __future__ import annotations

import pytest

from rules.engine.simulation import IllegalCommand
from rules.engine.simulation.commands import (
    Attack,
    DefensiveStance,
    Focus,
    Interact,
    Tactical,
    Walk,
)
from rules.engine.simulation.geometry import MARKER_RADIUS

from .scenes import BLADE, act, boss, card, kinds, scene, stack


def test_models_generate_two_ap_and_masters_three():
    game = scene([("boss", boss(), (10.0, 10.0)), ("grunt", card(), (14.0, 10.0))])
    act(game, "boss")
    assert game.ap == 3
    game.end_activation(game.state.model("boss"))
    act(game, "grunt")
    assert game.ap == 2


def test_fast_and_slow_change_ap_and_end_with_the_activation():
    game = scene([("a", card(), (10.0, 10.0))])
    m = game.state.model("a")
    game.give(m, "fast")
    act(game, "a")
    assert game.ap == 3
    game.end_activation(m)
    assert "fast" not in m.conditions
    game.give(m, "slow")
    act(game, "a")
    assert game.ap == 1


def test_fast_and_slow_cancel_each_other():
    game = scene([("a", card(), (10.0, 10.0))])
    m = game.state.model("a")
    game.give(m, "fast")
    game.give(m, "slow")
    assert "fast" not in m.conditions and "slow" not in m.conditions


def test_a_paralyzed_model_generates_no_ap_and_takes_no_action():
    game = scene([("a", card(), (10.0, 10.0))])
    m = game.state.model("a")
    game.give(m, "paralyzed")
    act(game, "a")
    assert game.ap == 0
    with pytest.raises(IllegalCommand, match="Paralyzed"):
        game.perform(m, Walk(((11.0, 10.0),)))
    game.end_activation(m)
    assert "paralyzed" not in m.conditions


def test_field_experience_is_immune_to_slow_and_paralyzed():
    game = scene([("a", card(abilities=["Field Experience"]), (10.0, 10.0))])
    m = game.state.model("a")
    game.give(m, "slow")
    game.give(m, "paralyzed")
    assert m.conditions == {}


def test_focus_adds_positive_twists_to_the_next_attack_and_its_damage():
    game = scene([("a", card(), (10.0, 10.0))], [("b", card(df=1, wd=20), (11.5, 10.0))])
    stack(game, 0, ["5R", "2C", "9T", "1M", "12C"])
    stack(game, 1, ["1T"])
    m = act(game, "a", Focus(), ap=3)
    assert m.conditions["focused"] == 1
    game.perform(m, Attack("Blade", "b", focus=True))
    attack = kinds(game, "attack")[0]
    assert "f:a:5R 2C" in attack[4]  # Focused +1: two cards
    assert "focused" not in m.conditions  # spent when the action was declared
    # Margin 6 + 5 - 2 = 9: no accuracy twist; Focused +1 gives the damage flip 2 cards.
    assert kinds(game, "dmg")[0][2] == 3  # 9T over 1M: Moderate


def test_defensive_stance_discards_a_card_for_twists_on_df_duels():
    game = scene([("a", card(), (10.0, 10.0))])
    stack(game, 0, [], hand=["3R", "9M"])
    m = act(game, "a", DefensiveStance(2, "3R"))
    assert m.conditions["defensive"] == 2
    assert [c.code for c in game.state.sides[0].deck.hand] == ["9M"]
    with pytest.raises(IllegalCommand, match=r"needs a card|Control Hand"):
        game.perform(m, DefensiveStance(1, "3R"))
    game.end_activation(m)
    game.begin_activation(m)
    assert "defensive" not in m.conditions  # until the start of its next Activation


def test_a_scheme_marker_goes_in_base_contact_and_not_within_4_inches_of_another():
    game = scene([("a", card(), (10.0, 10.0))])
    m = act(game, "a", ap=3)
    contact = 10.0 + m.r + MARKER_RADIUS + 0.05
    game.perform(m, Interact("scheme_marker", at=(round(contact, 1), 10.0)))
    (marker,) = game.state.markers_of("scheme", 0)
    assert marker.side == 0 and marker.by == m.idx
    with pytest.raises(IllegalCommand, match="within 4"):
        game.perform(m, Interact("scheme_marker", at=(round(20 - contact, 1), 10.0)))
    with pytest.raises(IllegalCommand, match="base contact"):
        game.perform(m, Interact("scheme_marker", at=(14.0, 10.0)))


def test_an_engaged_model_may_only_interact_with_an_enemy_model():
    game = scene([("a", card(), (10.0, 10.0))], [("b", card(), (11.5, 10.0))])
    m = act(game, "a")
    with pytest.raises(IllegalCommand, match="engaged"):
        game.perform(m, Interact("scheme_marker", at=(8.7, 10.0)))
    game.perform(m, Interact("distract", target="b"))  # the crew chose Distract
    assert "distracted" in game.state.model("b").conditions
    assert kinds(game, "reveal") == [["reveal", 0, "distract", 1]]


def test_removing_enemy_scheme_markers_in_base_contact():
    game = scene([("a", card(), (10.0, 10.0))], [("b", card(), (20.0, 20.0))])
    st = game.state
    st.add_marker("scheme", 1, 11.2, 10.0)
    st.add_marker("scheme", 1, 8.8, 10.0)
    st.add_marker("scheme", 1, 15.0, 10.0)
    act(game, "a", Interact("remove_markers"))
    assert [(mk.x, mk.y) for mk in st.markers_of("scheme", 1)] == [(15.0, 10.0)]
    assert st.sides[0].enemy_marker_removals == 1


def test_a_tactical_pulse_heals_friends_in_range_when_its_duel_succeeds():
    heal = {"name": "Patch Up", "stat": "Ca", "value": 6, "tn": 12, "range": "Pulse 6\"",
            "text": "Friendly models in range may heal 1 damage."}
    game = scene([("medic", card(actions=[BLADE, heal]), (10.0, 10.0)),
                  ("near", card(wd=6), (14.0, 10.0)), ("far", card(wd=6), (25.0, 10.0))])
    st = game.state
    for mid in ("near", "far", "medic"):
        st.model(mid).wounds = 3
    stack(game, 0, ["8R"])
    act(game, "medic", Tactical("Patch Up"))
    assert [st.model(mid).wounds for mid in ("near", "far", "medic")] == [4, 3, 3]


def test_zero_ap_actions_once_per_activation():
    free = dict(BLADE, name="Jab", ap=0)
    game = scene([("a", card(actions=[BLADE, free]), (10.0, 10.0))],
                 [("b", card(wd=20), (11.5, 10.0))])
    m = act(game, "a", Attack("Jab", "b"))
    assert game.ap == 2
    with pytest.raises(IllegalCommand, match=r"already took a \(0\) action"):
        game.perform(m, Attack("Jab", "b"))


def test_injuries_can_forbid_focus_defensive_stance_and_interacts():
    game = scene([("a", card(abilities=["Unfocused", "Foolhardy", "Not Quite Right"]),
                   (10.0, 10.0))])
    m = act(game, "a")
    for command in (Focus(), DefensiveStance(1, "1R"), Interact("scheme_marker", at=(8.7, 10.0))):
        with pytest.raises(IllegalCommand, match="no longer"):
            game.perform(m, command)


def test_an_activation_ends_when_the_commander_says_so_or_ap_run_out():
    from rules.engine.simulation import ScriptedCommander

    script = ScriptedCommander({"a": [Walk(((11.0, 10.0),)), Walk(((12.0, 10.0),)),
                                      Walk(((13.0, 10.0),))]})
    game = scene([("a", card(), (10.0, 10.0))], commanders=(script, ScriptedCommander()))
    game.activate(game.state.model("a"))
    assert game.state.model("a").x == 12.0  # two AP, two Walks
    assert kinds(game, "done")
