"""The effect language: every kind round-trips through JSON; bad data names its field."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engine.effects import (
    EFFECT_KINDS,
    Bury,
    Cards,
    DealDamage,
    Effect,
    EffectError,
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
    effects_from_list,
)

ONE_OF_EACH = (
    DealDamage(amount=2),
    DealDamage(amount=1, bonus=True, qualifiers=Qualifiers(only_if="the target is Poisoned")),
    DealDamage(track="2/3/4", blast=2),
    DealDamage(amount=1, bonus=True, per_suit="rams"),
    GainCondition(name="poison", value=1),
    GainCondition(name="slow", duration="end_of_turn", scope=Scope(who="self")),
    RemoveCondition(name="burning", value=1),
    RemoveCondition(name="any"),
    Move(how="push", distance=3, direction="away"),
    Move(how="lure", distance=4, direction="toward"),
    Move(how="place", direction="contact", relative_to="target", scope=Scope(who="self")),
    Heal(amount=2, scope=Scope(who="friendly", area="pulse", distance=3),
         qualifiers=Qualifiers(optional=True)),
    Cards(op="draw", count=2),
    Cards(op="discard", hand="opponent"),
    Cards(op="cannot_cheat"),
    Twist(sign=1, flip="damage"),
    Twist(sign=-1, count=2, flip="wp"),
    Marker(op="place", marker="scheme"),
    Marker(op="remove", marker="corpse", distance=2),
    Marker(op="place", marker="other", name="Pyre"),
    Summon(model="Sample Mud Imp"),
    Sacrifice(scope=Scope(who="self")),
    Bury(scope=Scope(who="self")),
    Unbury(distance=3),
    Prohibit(action="walk"),
    ForcedDuel(stat="wp", tn=13, suits=("masks",),
               on_failure=(GainCondition(name="paralyzed"),),
               on_success=(Cards(op="draw"),)),
)


def test_every_kind_is_shown_round_trip():
    assert {type(e).kind for e in ONE_OF_EACH} == set(EFFECT_KINDS)
    for effect in ONE_OF_EACH:
        data = json.loads(json.dumps(effect.to_dict()))
        assert data["kind"] == type(effect).kind
        assert Effect.from_dict(data) == effect
        assert type(effect).from_dict(data) == effect


def test_defaults_are_left_out_of_the_json():
    assert GainCondition(name="poison", value=1).to_dict() == {
        "kind": "gain_condition", "name": "poison", "value": 1}
    assert Move(how="push", distance=3, direction="away").to_dict() == {
        "kind": "move", "how": "push", "distance": 3, "direction": "away"}


def test_a_reading_round_trips_with_its_unread_text():
    reading = Reading(effects=ONE_OF_EACH, qualifiers=Qualifiers(once_per="turn",
                                                                  ignores_armor=True),
                      unread=("Something odd happens.",))
    assert Reading.from_dict(json.loads(json.dumps(reading.to_dict()))) == reading
    assert not reading.complete
    assert Reading(effects=ONE_OF_EACH[:1]).complete


@pytest.mark.parametrize(("data", "field"), [
    ({"kind": "zap"}, "effect.kind"),
    ({"amount": 1}, "effect.kind"),
    ({"kind": "heal", "amount": "2"}, "effect.amount"),
    ({"kind": "heal", "amount": 0}, "effect.amount"),
    ({"kind": "heal"}, "effect.amount"),
    ({"kind": "heal", "amount": 1, "colour": "red"}, "effect.colour"),
    ({"kind": "heal", "amount": 1, "scope": {"who": "everyone"}}, "effect.scope.who"),
    ({"kind": "heal", "amount": 1, "scope": {"area": "pulse"}}, "effect.scope.distance"),
    ({"kind": "heal", "amount": 1, "qualifiers": {"once_per": "week"}},
     "effect.qualifiers.once_per"),
    ({"kind": "heal", "amount": 1, "qualifiers": {"ignores_armor": "yes"}},
     "effect.qualifiers.ignores_armor"),
    ({"kind": "gain_condition", "name": "Poison +1", "value": 1}, "effect.name"),
    ({"kind": "remove_condition", "name": ""}, "effect.name"),
    ({"kind": "gain_condition", "name": "poison", "duration": "forever"}, "effect.duration"),
    ({"kind": "move", "how": "yank", "distance": 2}, "effect.how"),
    ({"kind": "move", "how": "push"}, "effect.distance"),
    ({"kind": "move", "how": "push", "distance": True}, "effect.distance"),
    ({"kind": "twist", "sign": 2}, "effect.sign"),
    ({"kind": "marker", "op": "place", "marker": "other"}, "effect.name"),
    ({"kind": "damage"}, "effect.amount"),
    ({"kind": "duel", "stat": "wp", "tn": 13, "suits": ["hearts"]}, "effect.suits"),
    ({"kind": "duel", "stat": "wp", "tn": 13,
      "on_failure": [{"kind": "gain_condition", "name": "poison", "value": -1}]},
     "effect.on_failure[0].value"),
    ({"kind": "duel", "stat": "wp", "tn": 13, "on_failure": {"kind": "heal"}},
     "effect.on_failure"),
    ("heal", "effect"),
])
def test_bad_data_is_refused_naming_the_field(data, field):
    with pytest.raises(EffectError) as info:
        Effect.from_dict(data)
    assert info.value.field == field
    assert str(info.value).startswith(field + ": ")


def test_a_kind_read_by_the_wrong_class_is_refused():
    with pytest.raises(EffectError, match="expected 'heal'"):
        Heal.from_dict({"kind": "summon", "model": "X"})


def test_a_list_names_the_bad_entry():
    with pytest.raises(EffectError) as info:
        effects_from_list([{"kind": "heal", "amount": 1}, {"kind": "heal", "amount": -1}])
    assert info.value.field == "effects[1].amount"
    with pytest.raises(EffectError) as info:
        Reading.from_dict({"effects": [], "unread": [""]})
    assert info.value.field == "reading.unread[0]"


def test_effects_are_frozen_data():
    effect = Heal(amount=1)
    with pytest.raises(AttributeError):
        effect.amount = 3  # type: ignore[misc]
    assert hash(effect) == hash(Heal(amount=1))


def _scopes():
    return st.one_of(st.just(Scope()), st.builds(
        Scope, who=st.sampled_from(["target", "self", "friendly", "enemy", "any"]),
        area=st.sampled_from(["pulse", "aura", "within"]),
        distance=st.integers(1, 12).map(float)))


def _qualifiers():
    return st.builds(Qualifiers, ignores_armor=st.booleans(), ignores_cover=st.booleans(),
                     once_per=st.sampled_from(["", "turn", "activation", "game"]),
                     only_if=st.sampled_from(["", "the target is Poisoned"]),
                     optional=st.booleans())


def _simple_effects():
    common = {"scope": _scopes(), "qualifiers": _qualifiers()}
    return st.one_of(
        st.builds(DealDamage, amount=st.integers(1, 6), bonus=st.booleans(),
                  blast=st.integers(0, 3), **common),
        st.builds(GainCondition, name=st.sampled_from(["poison", "burning", "slow"]),
                  value=st.integers(0, 4), **common),
        st.builds(Move, how=st.sampled_from(["push", "place", "lure"]),
                  distance=st.integers(1, 10).map(float),
                  direction=st.sampled_from(["away", "toward", "any"]), **common),
        st.builds(Heal, amount=st.integers(1, 5), **common),
        st.builds(Cards, op=st.sampled_from(["draw", "discard"]), count=st.integers(1, 3),
                  **common),
        st.builds(Twist, sign=st.sampled_from([1, -1]), flip=st.sampled_from(["duel", "df"]),
                  **common),
        st.builds(Marker, op=st.sampled_from(["place", "remove"]),
                  marker=st.sampled_from(["scheme", "corpse", "scrap"]), **common),
    )


@settings(max_examples=120, deadline=None)
@given(st.lists(st.one_of(_simple_effects(), st.builds(
    ForcedDuel, stat=st.sampled_from(["wp", "df"]), tn=st.integers(8, 16),
    on_failure=st.lists(_simple_effects(), max_size=2).map(tuple))), max_size=4))
def test_any_effect_list_round_trips_through_json(effects):
    data = json.loads(json.dumps([e.to_dict() for e in effects]))
    assert effects_from_list(data) == tuple(effects)
