"""Coverage: each element played, partly played or not modelled, with reasons; shares."""

from __future__ import annotations

import pytest

from rules.engine.effects import DealDamage, GainCondition, Qualifiers, Reading
from rules.engine.effects.coverage import (
    NOT_MODELLED,
    PARTLY,
    PLAYED,
    CardElement,
    Support,
    capability,
    card_coverage,
    classify,
    describe,
    pack_coverage,
)

POISON = GainCondition(name="poison", value=1)
SUPPORT = Support(
    effects=frozenset({capability("trigger", POISON),
                       capability("trigger", DealDamage(amount=1, bonus=True)),
                       capability("attack", POISON)}),
    ability=lambda name: name == "Armor +1")


def test_a_trigger_read_and_played_in_full():
    result = classify(CardElement("trigger", "Sting", "Target gains Poison +2.", of="Bite"),
                      SUPPORT)
    assert result.status == PLAYED
    assert result.played == ("gain Poison +2",)
    assert result.reasons == ()


def test_partly_played_lists_what_is_not_played():
    result = classify(CardElement("trigger", "Sting", "Target gains Poison +1. Draw a card. "
                                  "This model may swap places with the target.", of="Bite"),
                      SUPPORT)
    assert result.status == PARTLY
    assert result.played == ("gain Poison +1",)
    assert result.reasons == ("draw 1 card is not played",
                              "text not read: 'This model may swap places with the target.'")
    assert result.line().startswith("trigger Sting of Bite (partly played: gain Poison +1; ")


def test_whole_only_roles_play_nothing_of_a_part():
    whole = Support(effects=SUPPORT.effects, whole_only=frozenset({"trigger"}))
    result = classify(CardElement("trigger", "Sting", "Target gains Poison +1. Draw a card.",
                                  of="Bite"), whole)
    assert result.status == NOT_MODELLED
    assert result.played == ()
    assert "draw 1 card is not played" in result.reasons


def test_a_conditional_effect_is_not_played_as_an_unconditional_one():
    result = classify(CardElement("trigger", "Finish", "+1 damage if the target is Poisoned.",
                                  of="Bite"), SUPPORT)
    assert result.status == NOT_MODELLED
    assert result.reasons == ("+1 damage only if the target is Poisoned is not played",)
    conditional = DealDamage(amount=1, bonus=True,
                             qualifiers=Qualifiers(only_if="The target is Poisoned."))
    knows = Support(effects=frozenset({capability("trigger", conditional)}))
    assert classify(CardElement("trigger", "Finish", "+1 damage if the target is poisoned",
                                of="Bite"), knows).status == PLAYED


def test_a_condition_definition_is_never_played():
    result = classify(CardElement("trigger", "Chill", "Slow: This model has one less AP. "
                                  "Target gains Poison +1.", of="Bite"), SUPPORT)
    assert result.status == NOT_MODELLED
    assert result.reasons[0].startswith("text not read: 'Slow:")


def test_element_modifiers_not_played_are_reasons():
    result = classify(CardElement("trigger", "Sting", "Target gains Poison +1. Once per turn.",
                                  of="Bite"), SUPPORT)
    assert result.status == PARTLY
    assert result.reasons == ("once:turn is not played",)


def test_an_attack_is_played_with_its_damage_and_its_text_is_listed():
    plain = classify(CardElement("attack", "Bite"), SUPPORT)
    assert plain.status == PLAYED and plain.played == ("the attack and its damage",)
    texty = classify(CardElement("attack", "Bite", "Ignores Armor."), SUPPORT)
    assert texty.status == PARTLY
    assert texty.reasons == ("ignores armor is not played",)


def test_a_frame_problem_means_not_modelled_whatever_the_text():
    result = classify(CardElement("attack", "Duel", "Target gains Poison +1.",
                                  frame_problem="an attack resisted by Ml"), SUPPORT)
    assert (result.status, result.reasons) == (NOT_MODELLED, ("an attack resisted by Ml",))


def test_abilities_by_name_and_structured_readings_beside_text():
    assert classify(CardElement("ability", "Armor +1", "Reduce damage."), SUPPORT).status \
        == PLAYED
    odd = classify(CardElement("ability", "Odd Luck", "Draw a card."), SUPPORT)
    assert odd.status == NOT_MODELLED and odd.reasons == ("draw 1 card is not played",)
    corrected = CardElement("trigger", "Sting", "Unreadable prose.", of="Bite",
                            reading=Reading(effects=(POISON,)))
    assert classify(corrected, SUPPORT).status == PLAYED
    with pytest.raises(ValueError):
        CardElement("spell", "X")


def test_card_and_pack_shares():
    full = card_coverage("Full", [CardElement("attack", "Bite"),
                                  CardElement("ability", "Armor +1")], SUPPORT)
    half = card_coverage("Half", [CardElement("attack", "Bite"),
                                  CardElement("ability", "Odd Luck", "Draw a card.")], SUPPORT)
    none = card_coverage("None", [CardElement("ability", "Odd Luck")], SUPPORT)
    assert (full.status, half.status, none.status) == (PLAYED, PARTLY, NOT_MODELLED)
    assert (full.share_played, half.share_played, none.share_played) == (1.0, 0.5, 0.0)
    assert [e.label for e in half.not_played] == ["ability Odd Luck"]
    pack = pack_coverage([full, half, none])
    assert pack.summary["cards"] == 3
    assert pack.summary["cards_fully_played"] == round(1 / 3, 4)
    assert pack.summary["all"] == {"elements": 5, PLAYED: 0.6, PARTLY: 0.0, NOT_MODELLED: 0.4}
    assert pack.summary["by_role"]["ability"]["elements"] == 3
    assert ("draw 1 card is not played", 1) in pack.summary["top_reasons"]
    data = pack.to_dict()
    assert data["cards"][1]["elements"][1] == {
        "role": "ability", "name": "Odd Luck", "status": NOT_MODELLED, "played": [],
        "reasons": ["draw 1 card is not played"]}


def test_describe_reads_as_words():
    assert describe(POISON) == "gain Poison +1"
    assert describe(DealDamage(amount=2, blast=1, bonus=True)) == "+2 damage, 1 Blast"
