"""The parser: each templated phrasing to its effect, and phrasings it must refuse.

Every example text here is written for these tests (invented wording in the style cards
use); none is copied from a published card.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engine.effects import (
    Bury,
    Cards,
    DealDamage,
    ForcedDuel,
    GainCondition,
    Heal,
    Marker,
    Move,
    Prohibit,
    Qualifiers,
    Reading,
    RemoveCondition,
    Sacrifice,
    Scope,
    Summon,
    Twist,
    Unbury,
)
from rules.engine.effects.parser import parse

SELF = Scope(who="self")
MAY = Qualifiers(optional=True)

READS = [
    ("Target gains Poison +1.", GainCondition(name="poison", value=1)),
    ("The target gains the Burning +2 Condition.", GainCondition(name="burning", value=2)),
    ("The target gains Slow.", GainCondition(name="slow")),
    ("This model gains Fast until the end of the turn.",
     GainCondition(name="fast", duration="end_of_turn", scope=SELF)),
    ("Enemy models within 3\" gain Slow.",
     GainCondition(name="slow", scope=Scope(who="enemy", area="within", distance=3))),
    ("This model removes Burning.", RemoveCondition(name="burning", scope=SELF)),
    ("Remove Poison from the target.", RemoveCondition(name="poison")),
    ("The target reduces its Poison Condition by 2.", RemoveCondition(name="poison", value=2)),
    ("End all Conditions on this model.", RemoveCondition(name="any", scope=SELF)),
    ("Push target 3\" away from this model.", Move(how="push", distance=3, direction="away")),
    ("Push the target 2\" directly away from this model.",
     Move(how="push", distance=2, direction="away")),
    ("Push the target up to 4\" toward this model.",
     Move(how="push", distance=4, up_to=True, direction="toward")),
    ("This model may push up to 3\" after the action resolves.",
     Move(how="push", distance=3, up_to=True, scope=SELF,
          qualifiers=Qualifiers(optional=True, timing="after_resolving"))),
    ("Place this model in base contact with the target.",
     Move(how="place", direction="contact", relative_to="target", scope=SELF)),
    ("Place the target anywhere within 4\" of this model.",
     Move(how="place", distance=4)),
    ("Lure the target 5\" toward this model.",
     Move(how="lure", distance=5, direction="toward")),
    ("The target is lured 3\" toward this model.",
     Move(how="lure", distance=3, direction="toward")),
    ("This model may Heal 2 damage.", Heal(amount=2, scope=SELF, qualifiers=MAY)),
    ("Friendly models in range may heal 1 damage.",
     Heal(amount=1, scope=Scope(who="friendly", area="range"), qualifiers=MAY)),
    ("Heal 3 damage on this model.", Heal(amount=3, scope=SELF)),
    ("Draw a card.", Cards(op="draw")),
    ("Draw two cards.", Cards(op="draw", count=2)),
    ("Discard a card.", Cards(op="discard")),
    ("The target's controller must discard a card.", Cards(op="discard", hand="opponent")),
    ("The target's controller may not cheat fate during this duel.",
     Cards(op="cannot_cheat", count=0, hand="opponent")),
    ("The target receives a negative twist to its next duel.", Twist(sign=-1)),
    ("This model gains a positive twist to Df duels.",
     Twist(sign=1, flip="df", scope=SELF)),
    ("+1 Dg", DealDamage(amount=1, bonus=True)),
    ("+2 damage.", DealDamage(amount=2, bonus=True)),
    ("Deal 1 extra damage.", DealDamage(amount=1, bonus=True)),
    ("+1 damage for each Ram in the final duel total.",
     DealDamage(amount=1, bonus=True, per_suit="rams")),
    ("This attack gains +1 Blast.", DealDamage(blast=1, bonus=True)),
    ("The target suffers 2 damage.", DealDamage(amount=2)),
    ("The target suffers 1 damage at the end of its next activation.",
     DealDamage(amount=1, qualifiers=Qualifiers(timing="end_of_next_activation"))),
    ("Place a Scheme Marker in base contact with this model.",
     Marker(op="place", marker="scheme", scope=SELF)),
    ("Place a Corpse Marker within 2\" of the target.",
     Marker(op="place", marker="corpse", distance=2)),
    ("Remove all enemy Scheme Markers within 2\" of this model.",
     Marker(op="remove", marker="scheme", count=0, side="enemy", distance=2, scope=SELF)),
    ("Remove a Scrap Marker in base contact with this model.",
     Marker(op="remove", marker="scrap", scope=SELF)),
    ("Summon a Sample Mud Imp in base contact with this model.",
     Summon(model="Sample Mud Imp")),
    ("Sacrifice this model.", Sacrifice(scope=SELF)),
    ("Bury this model.", Bury(scope=SELF)),
    ("Unbury this model within 6\" of the target.",
     Unbury(distance=6, relative_to="target", scope=SELF)),
    ("The target may not take the Walk action until its next activation.",
     Prohibit(action="walk")),
    ("Target must pass a TN 13 Wp duel or gain Paralyzed.",
     ForcedDuel(stat="wp", tn=13, on_failure=(GainCondition(name="paralyzed"),))),
    ("The target must succeed on a TN 14 Wp duel or be Paralyzed.",
     ForcedDuel(stat="wp", tn=14, on_failure=(GainCondition(name="paralyzed"),))),
    ("Push this model up to 3\" in any direction.",
     Move(how="push", distance=3, up_to=True, scope=SELF)),
    ("The target must pass a TN 12 Df Crow duel or suffer 2 damage.",
     ForcedDuel(stat="df", tn=12, suits=("crows",), on_failure=(DealDamage(amount=2),))),
    ("+1 damage if the target is Poisoned.",
     DealDamage(amount=1, bonus=True, qualifiers=Qualifiers(only_if="the target is Poisoned"))),
    ("The target gains Paralyzed if it has no cards in its owner's hand.",
     GainCondition(name="paralyzed",
                   qualifiers=Qualifiers(only_if="it has no cards in its owner's hand"))),
    ("Once per turn, this model may heal 2 damage.",
     Heal(amount=2, scope=SELF, qualifiers=Qualifiers(once_per="turn", optional=True))),
]


@pytest.mark.parametrize(("text", "effect"), READS, ids=[t for t, _ in READS])
def test_each_phrasing_reads_as_its_effect(text, effect):
    reading = parse(text)
    assert reading.unread == ()
    assert reading.effects == (effect,)


def test_every_effect_kind_has_a_phrasing():
    from rules.engine.effects import EFFECT_KINDS
    assert {type(e).kind for _, e in READS} == set(EFFECT_KINDS)


@pytest.mark.parametrize(("text", "qualifiers"), [
    ("Ignores Armor.", Qualifiers(ignores_armor=True)),
    ("This attack ignores cover.", Qualifiers(ignores_cover=True)),
    ("Once per turn.", Qualifiers(once_per="turn")),
    ("This action may only be taken once per activation.", Qualifiers(once_per="activation")),
])
def test_element_modifiers(text, qualifiers):
    assert parse(text) == Reading(qualifiers=qualifiers)


def test_several_effects_in_one_sentence_and_several_sentences():
    reading = parse("Target gains Poison +1 and Burning +1. Push the target 2\" away from "
                    "this model. Draw a card.")
    assert reading.effects == (GainCondition(name="poison", value=1),
                               GainCondition(name="burning", value=1),
                               Move(how="push", distance=2, direction="away"),
                               Cards(op="draw"))
    assert reading.unread == ()
    assert parse("Draw a card, then discard a card.").effects == (Cards(op="draw"),
                                                                  Cards(op="discard"))


def test_what_it_cannot_read_stays_text_beside_what_it_can():
    reading = parse("The target gains Slow. This model may take a free Walk action.")
    assert reading.effects == (GainCondition(name="slow"),)
    assert reading.unread == ("This model may take a free Walk action.",)


# -- refusals: left as text (not modelled), never misread ---------------------------------


def test_a_condition_definition_is_not_a_push_nor_the_condition_applied():
    reading = parse("Slow: This model's activation is shorter: it has one less AP. "
                    "Push this model 2\" away from the target.")
    assert reading.effects == ()
    assert reading.unread  # the whole definition stays text
    reading = parse("The target gains Slow.\nSlow: While this model has this Condition, "
                    "it has one less AP and may push 1\" instead of walking.")
    assert reading.effects == (GainCondition(name="slow"),)
    assert len(reading.unread) == 1 and reading.unread[0].startswith("Slow:")


def test_a_conditional_bonus_is_never_unconditional():
    for text in ("+1 damage if the target is Poisoned.",
                 "If the target is Poisoned, +1 damage.",
                 "Deal 1 extra damage if the target is Burning."):
        reading = parse(text)
        assert not any(isinstance(e, DealDamage) and not e.conditional
                       for e in reading.effects), text
        assert all(e.qualifiers.only_if for e in reading.effects)


REFUSED = [
    "+1 damage unless the target is Poisoned.",
    "+1 damage while this model is engaged.",
    "The target gains Poison +1 for each Scheme Marker within 2\" of it.",
    "Friendly Construct models within 6\" heal 1 damage.",
    "It gains Slow.",
    "Summon a friendly model.",
    "The target gains Poisonous +1.",
    "Push the target 3\" away from the target.",
    "When this model is killed, it may take one Ml action before it is removed.",
    "Enemy models targeting this model with Sh actions suffer a negative twist.",
    "Reduce damage from Sh actions against this model by 1.",
    "Deal 1 extra damage to each model within 2\" of the target.",
    "Draw a card for each enemy model killed this turn.",
    "Place a Blast Marker in base contact with the target.",
    "This model may take a free Walk action.",
    "Target must pass a TN 13 Wp duel or be removed from the game.",
    "Ignores Armor and Incorporeal.",
    "This attack ignores soft cover.",
    "Heal 2 damage.",
    "Place a Scheme Marker.",
    "Remove a Corpse Marker.",
]


@pytest.mark.parametrize("text", REFUSED)
def test_phrasings_it_must_refuse(text):
    reading = parse(text)
    assert reading.effects == ()
    assert reading.unread == (text,)
    assert reading.qualifiers == Qualifiers()


@pytest.mark.parametrize(("text", "effect"), READS, ids=[t for t, _ in READS])
def test_a_read_phrasing_with_an_unknown_tail_is_refused(text, effect):
    longer = text.rstrip(".") + " for each friendly Scheme Marker in play."
    reading = parse(longer)
    if effect.conditional:  # the tail joins the printed condition: still conditional
        assert all(e.conditional for e in reading.effects)
        return
    assert reading.effects == ()
    assert reading.unread == (longer,)


_words = st.sampled_from(["Target", "gains", "Poison", "+1", "push", "3\"", "away", "from",
                          "this", "model", "if", "Slow:", "damage", "heal", "Draw", "a",
                          "card", "Summon", "Marker", "Scheme", "TN", "13", "Wp", "duel",
                          "or", "gain", "Paralyzed", ".", "and", "Once", "per", "turn,"])


@settings(max_examples=200, deadline=None)
@given(st.lists(_words, max_size=14).map(" ".join))
def test_any_text_gives_a_reading_that_round_trips(text):
    reading = parse(text)
    assert Reading.from_dict(reading.to_dict()) == reading
    if any(c.isalnum() for c in text) and not reading.effects \
            and reading.qualifiers == Qualifiers():
        assert reading.unread  # nothing is dropped silently


def test_an_elements_structured_effects_win_over_its_text():
    from rules.engine.effects import EffectError
    from rules.engine.effects.parser import reading_of
    slow = {"kind": "gain_condition", "name": "slow"}
    assert reading_of({"text": "Draw a card."}).effects == (Cards(op="draw"),)
    assert reading_of({"text": "Prose.", "effects": [slow], "unread": ["Prose."]}) == Reading(
        effects=(GainCondition(name="slow"),), unread=("Prose.",))
    assert reading_of({"text": "Prose.", "effects": {"effects": [slow]}}) == Reading(
        effects=(GainCondition(name="slow"),))
    assert reading_of({"text": "Draw a card.", "effects": []}) == Reading()
    with pytest.raises(EffectError) as info:
        reading_of({"effects": [slow, {"kind": "heal"}]})
    assert info.value.field == "reading.effects[1].amount"


@pytest.mark.parametrize("text", [
    "Target gains Poison +1, and discards a card.",
    "Target gains Poison +1, then discards a card.",
    "Target gains Slow, then suffers 2 damage.",
    "Discards a card.",
])
def test_a_clause_without_its_subject_is_not_given_one(text):
    """"..., and discards a card" is the target's hand, not this model's: refused."""
    reading = parse(text)
    assert not any(isinstance(e, Cards | DealDamage) for e in reading.effects), text
    assert reading.unread


@settings(max_examples=150, deadline=None)
@given(st.sampled_from([t for t, _ in READS]),
       st.sampled_from(["the target is Poisoned", "this model is engaged",
                        "it has a Scheme Marker in base contact"]),
       st.sampled_from(["{p} if {c}.", "If {c}, {p}.", "{p} unless {c}.", "{p} while {c}.",
                        "{c}: {p}."]))
def test_a_condition_around_any_phrasing_is_never_dropped(phrase, condition, shape):
    text = shape.format(p=phrase.rstrip("."), c=condition)
    reading = parse(text)
    assert all(e.conditional for e in reading.effects), text
    assert reading.qualifiers == Qualifiers(), text
