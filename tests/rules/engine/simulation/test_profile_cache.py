"""The caches of model profiles give the profiles a fresh build gives.

``ModelInput.profile`` keeps profiles by their input frozen with marshal
(``crews._PROFILES``, at most ``_PROFILES_KEPT``): the same input gets the very same
(frozen) profile, any other input its own, a model with modifiers is built every time.
A crew's summons (``table_effects._summons_of``/``_summoned_profile``) build a card's
profile once per crew: each summoned model still has its own id and the profile a direct
build gives.
"""

from __future__ import annotations

import dataclasses

import pytest

from rules.engine.simulation import crews, table_effects
from rules.engine.simulation.crews import ModelInput, Modifier, build_profile

from .scenes import BLADE, GUN, boss, card, scene


@pytest.fixture(autouse=True)
def _own_cache(monkeypatch):
    """Each test starts from an empty profile cache (and leaves the shared one alone)."""
    monkeypatch.setattr(crews, "_PROFILES", {})


def _fresh(model: ModelInput):
    """The profile built anew, past every cache."""
    return build_profile(model)


def test_the_same_input_gets_the_identical_cached_profile():
    first = ModelInput("m1", card("Grunt"), is_leader=True, cost=5, name="Bob")
    again = ModelInput("m1", dict(card("Grunt")), is_leader=True, cost=5, name="Bob")
    assert first is not again
    assert again.profile is first.profile
    assert first.profile == _fresh(first)
    assert len(crews._PROFILES) == 1


# One change to each part of the input, every one a different profile.
CHANGES = [
    ("name", "Other"), ("station", "henchman"), ("wk", 6), ("cg", None), ("ht", 3),
    ("wp", 6), ("df", 4), ("wd", 7), ("base_size", 40), ("cost", 6),
    ("characteristics", ["Living", "Beast"]), ("factions", ["neverborn"]),
    ("abilities", [{"name": "Flight", "text": ""}]), ("actions", [BLADE, GUN]),
]


@pytest.mark.parametrize("key,value", CHANGES, ids=[k for k, _ in CHANGES])
def test_a_card_that_differs_in_any_field_gets_its_own_profile(key, value):
    plain = ModelInput("m1", card("Grunt"))
    changed_card = card("Grunt")
    changed_card[key] = value
    changed = ModelInput("m1", changed_card)
    assert plain._profile_key() != changed._profile_key()
    assert changed.profile is not plain.profile
    assert changed.profile == _fresh(changed)
    assert plain.profile == _fresh(plain)


@pytest.mark.parametrize("other", [
    {"id": "m2"}, {"is_leader": True}, {"cost": 9}, {"name": "Bob"}, {"enters_on_turn": 2},
], ids=lambda o: next(iter(o)))
def test_the_rest_of_the_input_is_part_of_the_key(other):
    base = dict(id="m1", card=card("Grunt"))
    plain, changed = ModelInput(**base), ModelInput(**{**base, **other})
    assert plain._profile_key() != changed._profile_key()
    assert changed.profile is not plain.profile
    assert changed.profile == _fresh(changed)


def test_alike_values_of_other_types_are_other_keys():
    """marshal writes exact types: 5 and 5.0, a list and a tuple, do not share a key."""
    ints = card("Grunt")
    floats = {**ints, "wk": 5.0}
    tuples = {**ints, "characteristics": ("Living",)}
    keys = {ModelInput("m1", c)._profile_key() for c in (ints, floats, tuples)}
    assert len(keys) == 3
    for c in (ints, floats, tuples):
        model = ModelInput("m1", c)
        assert model.profile == _fresh(model)


def test_a_model_with_modifiers_is_built_fresh_every_time():
    shield = Modifier("Shield", stat_effects={"df": 1})
    one = ModelInput("m1", card("Grunt"), modifiers=(shield,))
    two = ModelInput("m1", card("Grunt"), modifiers=(shield,))
    assert one._profile_key() is None
    assert one.profile is not two.profile
    assert one.profile == two.profile == _fresh(one)
    assert one.profile.df == 6  # the modifier is in it
    assert ModelInput("m1", card("Grunt")).profile.df == 5  # and not in the card's own
    assert len(crews._PROFILES) == 1  # only the plain one is kept


def test_a_card_marshal_refuses_is_built_fresh_every_time():
    odd = {**card("Grunt"), "note": object()}
    one, two = ModelInput("m1", odd), ModelInput("m1", odd)
    assert one._profile_key() is None
    assert one.profile is not two.profile
    assert one.profile == two.profile
    assert crews._PROFILES == {}


def test_the_cache_stays_bounded(monkeypatch):
    monkeypatch.setattr(crews, "_PROFILES_KEPT", 4)
    models = [ModelInput(f"m{i}", card("Grunt")) for i in range(11)]
    for model in models:
        assert model.profile == _fresh(model)
        assert 1 <= len(crews._PROFILES) <= 4
    # Emptied when full, the latest ones are still kept and found.
    assert ModelInput("m10", card("Grunt")).profile is models[10].profile


def test_the_real_bound_is_modest():
    assert isinstance(crews._PROFILES_KEPT, int) and 0 < crews._PROFILES_KEPT <= 4096


def test_a_profile_is_frozen():
    profile = ModelInput("m1", card("Grunt")).profile
    assert dataclasses.is_dataclass(profile) and profile.__dataclass_params__.frozen
    with pytest.raises(dataclasses.FrozenInstanceError):
        profile.wk = 9
    with pytest.raises(dataclasses.FrozenInstanceError):
        profile.id = "someone else"
    assert profile.wk == 5 and profile.id == "m1"


# -- summons ------------------------------------------------------------------------------


def _summon_card_by_loop(crew, name: str):
    """``summon_card`` before its index (914b97b): the first card of that name, summons
    before hired models."""
    wanted = name.strip().lower()
    for c in (*crew.summons, *(m.card for m in crew.models)):
        if str(c.get("name", "")).strip().lower() == wanted:
            return c
    return None


def _summoner():
    wisp = card("Wisp", station="peon", cost=2, wd=3, base=30)
    return scene([("a", boss("A", actions=[BLADE]), (10.0, 10.0)),
                  ("g", card("Grunt"), (14.0, 10.0))],
                 summons_a=[wisp, card("Grunt", wd=9)])


def test_summon_card_finds_what_the_loop_over_the_crew_found():
    game = _summoner()
    crew = game.state.sides[0].crew
    for name in ("Wisp", " wisp ", "WISP", "Grunt", "grunt", "A", "Nobody", ""):
        assert table_effects.summon_card(game, 0, name) is _summon_card_by_loop(crew, name)
    # A summons card comes before a hired model's card of the same name.
    assert table_effects.summon_card(game, 0, "Grunt")["wd"] == 9


def test_a_summoned_model_has_its_own_id_and_the_profile_a_direct_build_gives():
    game = _summoner()
    source = game.state.model("a")
    first = table_effects.summon(game, source, "Wisp", 3.0, {})
    second = table_effects.summon(game, source, "Wisp", 3.0, {})
    assert first is not None and second is not None
    assert first.id != second.id and first.p.id == first.id and second.p.id == second.id
    assert game.state.model(first.id) is first and game.state.model(second.id) is second
    wisp = table_effects.summon_card(game, 0, "Wisp")
    for model in (first, second):
        direct = build_profile(ModelInput(model.id, wisp))
        assert model.p == direct
        assert dataclasses.asdict(model.p) == dataclasses.asdict(direct)
    assert first.p is not second.p
