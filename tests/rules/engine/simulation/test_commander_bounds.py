"""The heuristic commander's shortcuts give the plain computation's answers.

``attack_odds`` keeps its answers in a bounded dict; ``_attack_worth`` skips the exact
odds of an attack whose cheap upper bound (or the caller's own test) shows it cannot
beat the best so far; ``_best_tactical`` skips an action whose cheap ceiling
(``_ceiling``) cannot beat the best. Each bound must never be below the exact worth, so
the choices are those of weighing everything. ``duel_text``'s prefix table writes the
plain format.
"""

from __future__ import annotations

import math
import random
from functools import cache
from unittest import mock

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.engine.simulation import HeuristicCommander, ScriptedCommander
from rules.engine.simulation import log as sim_log
from rules.engine.simulation.commanders import heuristic
from rules.engine.simulation.commanders.heuristic import (
    _BANE,
    _after_reductions,
    _attack_odds,
    _ceiling,
    _effect_worth,
    _summon_worth,
    _weighed_tacticals,
    attack_odds,
)

from .scenes import act, boss, card, scene

_settings = settings(max_examples=80, deadline=None,
                     suppress_health_check=[HealthCheck.too_slow])


@cache
def _odds(*args):
    """``_attack_odds`` kept for the whole test run: ``attack_odds``' own cache is
    emptied on purpose below, so the commander meets every attack as new."""
    return _attack_odds(*args)


# -- attack_odds: a bounded dict cache ---------------------------------------------------


def test_attack_odds_are_the_uncached_odds_in_any_order():
    rng = random.Random(3)
    keys = [(rng.randint(3, 8), rng.randint(0, 1), rng.randint(0, 2), rng.randint(0, 1),
             rng.randint(3, 7), rng.randint(0, 1), rng.randint(0, 1), rng.choice((0, 11, 13)),
             rng.choice(((1, 2, 3), (2, 3, 4), (2, 4, 6))), rng.randint(-1, 2))
            for _ in range(8)]
    plain = [_attack_odds(*k) for k in keys]
    attack_odds.cache_clear()
    for order in (range(8), reversed(range(8)), rng.sample(range(8), 8)):
        for i in order:
            assert attack_odds(*keys[i]) == plain[i]
    assert all(attack_odds(*k) is heuristic._ODDS[k] for k in keys)  # answered from it


def test_attack_odds_cache_stays_bounded_and_clears(monkeypatch):
    asked = []

    def fake(*key):
        asked.append(key)
        return float(key[0]), (0.0, 0.0, 0.0, 0.0, float(key[0]))

    monkeypatch.setattr(heuristic, "_attack_odds", fake)
    attack_odds.cache_clear()
    try:
        for i in range(8192 + 300):
            key = (i, 0, 0, 0, 5, 0, 0, 0, (2, 3, 4), 0)
            assert attack_odds(*key) == fake(*key)
            assert len(heuristic._ODDS) <= 8192
        asked.clear()
        last = (8192 + 299, 0, 0, 0, 5, 0, 0, 0, (2, 3, 4), 0)
        attack_odds(*last)
        assert asked == []  # a recent answer is still kept
        attack_odds.cache_clear()
        assert heuristic._ODDS == {}
        attack_odds(*last)
        assert asked == [last]  # and worked out again once forgotten
    finally:
        attack_odds.cache_clear()  # no made-up odds left for other tests


# -- an attack's worth: the cheap upper bound --------------------------------------------

#: Damage tracks, flat ones too: after Armor every amount can be the same (an expected
#: damage close to the most the bound allows).
_TRACKS = ["1/2/3", "2/3/4", "3/4/5", "2/4/6", "4/5/6", "1/3/5", "5/6/8", "1/1/1", "2/2/2"]
_ATTACKER_TALENTS = ["Paired Melee Weapons", "Paired Range Weapons", "Hag's Blessing", "Scope"]
_TARGET_TALENTS = ["Armor +1", "Armor +2", "Hard to Wound +1", "Hard to Wound +2",
                   "Incorporeal", "Thick Hide", "Shifting Shape", "Fragile +1", "Shaken"]


@st.composite
def _attacks(draw) -> dict:
    stat = draw(st.sampled_from(["Ml", "Sh", "Ca"]))
    reach = {"Ml": '2"', "Sh": '12"', "Ca": '10"'}[stat]
    resist = draw(st.sampled_from(["Df", "Df", "Wp", "Df or Wp"]))
    action = {"name": f"Strike {draw(st.integers(0, 99))}", "stat": stat,
              "value": draw(st.integers(2, 10)), "range": reach, "resist": resist,
              "damage": draw(st.sampled_from(_TRACKS))}
    if draw(st.integers(0, 3)) == 0:
        action["tn"] = draw(st.integers(10, 14))
    return action


@st.composite
def _fighters(draw, name: str, attacks) -> dict:
    station = draw(st.sampled_from(["minion", "minion", "henchman", "enforcer"]))
    abilities = draw(st.lists(st.sampled_from(_ATTACKER_TALENTS + _TARGET_TALENTS),
                              max_size=3, unique=True))
    return card(name, station=station, df=draw(st.integers(2, 8)), wp=draw(st.integers(2, 8)),
                wd=draw(st.integers(2, 12)), cost=draw(st.integers(2, 11)),
                abilities=abilities, actions=attacks)


def _plain_attack_worth(commander, view, m, action, e, focus: int) -> float:
    """``_attack_worth`` as it was before its shortcuts: the odds always worked out, the
    reductions by ``_after_reductions``."""
    track = action.damage
    at, tt = m.p.talents, e.p.talents
    cover = 0
    if action.kind == "projectile":
        cover = view.state.cover_from(m, e)
        if cover == 1 and at.ignores_soft_cover:
            cover = 0
    resist = action.resist or "df"
    if " or " in resist:
        resist = max(action.resists, key=lambda s: getattr(e.p, s) or 0)
    defensive = e.conditions.get("defensive", 0) if resist == "df" else 0
    positive = 0
    negative = 1 if cover else 0
    if action.stat == "sh" and tt.shifting_shape:
        negative += 1
    if (action.stat == "ml" and at.paired_melee) or (action.stat == "sh" and at.paired_ranged):
        positive += 1
    _, severities = _odds(
        action.value or 1, positive, negative, focus, getattr(e.p, resist, e.p.df), defensive,
        1 if tt.shaken and resist in ("df", "wp") else 0, action.tn or 0,
        (track.weak, track.moderate, track.severe),
        tt.hard_to_wound + (1 if cover == 2 else 0) - tt.fragile)
    amounts = (0, track.weak, track.moderate, track.severe, track.severe + track.weak)
    expected = kill = 0.0
    for p, raw in zip(severities, amounts, strict=True):
        amount = _after_reductions(m, action, e, raw)
        expected += p * amount
        if amount >= e.wounds:
            kill += p
    worth = commander._worth(view, e)
    return worth * (min(expected, e.wounds) / max(e.p.wd, 1) + 1.5 * kill)


@_settings
@given(attack=_attacks(), data=st.data())
def test_an_attacks_upper_bound_is_never_below_its_worth(attack, data):
    """Asked for a worth above ``above`` with the odds not yet known, ``_attack_worth``
    gives the exact worth whenever it is above ``above``, even just below it (the
    bound never cuts an attack that would win), and ``above`` only when the worth is
    not above it."""
    attacker = data.draw(_fighters("Attacker", [attack]))
    target = data.draw(_fighters("Target", [attack]))
    gap = data.draw(st.sampled_from([1.3, 1.8, 4.0, 9.0]))
    game = scene([("a", attacker, (12.0, 12.0))], [("b", target, (12.0, 12.0 + gap)),
                                                   ("b2", boss("Far"), (30.0, 34.0))],
                 commanders=(HeuristicCommander(), ScriptedCommander()))
    m, e = game.state.model("a"), game.state.model("b")
    e.wounds = data.draw(st.integers(1, e.p.wd))
    if data.draw(st.booleans()):
        e.conditions["defensive"] = data.draw(st.integers(1, 2))
    commander, view = game.commanders[0], game.views[0]
    _check_bound(commander, view, m, m.p.attacks[0], e, data.draw(st.integers(0, 2)))


def _check_bound(commander, view, m, action, e, focus: int) -> None:
    with mock.patch.object(heuristic, "_attack_odds", _odds):
        heuristic._ODDS.clear()
        exact = commander._attack_worth(view, m, action, e, focus)
        assert exact == _plain_attack_worth(commander, view, m, action, e, focus)
        lows = [math.nextafter(exact, -math.inf), exact * 0.9, exact / 1.5, 0.0]
        for above in [*lows, exact, math.nextafter(exact, math.inf), exact * 2 + 1]:
            commander._attack_worths.clear()
            heuristic._ODDS.clear()  # the odds unknown: the bound is what is tried
            got = commander._attack_worth(view, m, action, e, focus, above=above,
                                          gate=lambda _m, _e: True)
            if exact > above:
                assert got == exact, (above, got, exact)
            else:
                assert got in (exact, above)


def test_the_bound_holds_where_the_damage_is_nearly_sure():
    """A flat track on an armoured target, hit nearly always: every amount but the Black
    Joker's is the same, so the expected damage comes within a few percent of the most
    the bound allows for (a bound a tenth too low would cut these attacks)."""
    sure = {"name": "Sure", "stat": "Ml", "value": 10, "range": '2"', "resist": "Df"}
    for track in ("1/1/1", "2/2/2"):
        game = scene([("a", card("A", actions=[{**sure, "damage": track}]), (12.0, 12.0))],
                     [("b", card("B", df=2, abilities=["Armor +2"]), (12.0, 13.3))],
                     commanders=(HeuristicCommander(), ScriptedCommander()))
        m, e = game.state.model("a"), game.state.model("b")
        for focus in (0, 1, 2):
            _check_bound(game.commanders[0], game.views[0], m, m.p.attacks[0], e, focus)


# -- whole choices: with the shortcuts and without ---------------------------------------

_TACTICALS = [
    ('Pulse 6"', "Friendly models in range heal 1 damage."),
    ("", "This model heals 2 damage."),
    ('Pulse 6"', "Enemy models in range gain Slow."),
    ('Pulse 4"', "Enemy models in range gain Burning +2."),
    ('Pulse 4"', "Friendly models in range gain Shielded +1."),
    ('Pulse 4"', "Friendly models in range gain Focused +1."),
    ("", 'Sacrifice this model. Enemy models within 3" gain Burning +2.'),
    ('Pulse 4"', "Models in range gain Shielded +1."),
    ('Pulse 5"', "Enemy models in range gain Stunned."),
    ('Pulse 5"', "All models in range gain Poison +1."),
    ('8"', "The target gains Slow."),
]


@st.composite
def _tacticals(draw) -> list[dict]:
    out = []
    for i, (reach, text) in enumerate(draw(st.lists(st.sampled_from(_TACTICALS), min_size=1,
                                                    max_size=4, unique=True))):
        action = {"name": f"Tactic {i}", "ap": draw(st.sampled_from([0, 1, 1, 2])),
                  "range": reach, "text": text}
        if draw(st.integers(0, 2)) == 0:
            action.update(stat="Wp", value=draw(st.integers(3, 7)),
                          tn=draw(st.integers(9, 15)))
        out.append(action)
    return out


#: Spots 3" and 4" apart around the middle of the table: bases never overlap, some models
#: are engaged, some a Charge away, some out of reach.
_SPOTS = [(10.0 + 3.0 * i + (i > 2), 10.0 + 4.0 * j) for i in range(5) for j in range(5)]


@st.composite
def _melees(draw):
    """A few models of each side close together, with attacks, tactical actions,
    wounds and Conditions drawn."""
    spots = draw(st.permutations(_SPOTS))
    n_a, n_b = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    a = []
    for i in range(n_a):
        actions = [draw(_attacks()) for _ in range(draw(st.integers(0, 2)))]
        actions += draw(_tacticals())
        a.append((f"a{i}", draw(_fighters(f"A{i}", actions)), spots[i]))
    b = [(f"b{i}", draw(_fighters(f"B{i}", [draw(_attacks())])), spots[n_a + i])
         for i in range(n_b)]
    game = scene(a, b, commanders=(HeuristicCommander(), ScriptedCommander()))
    for mid, _, _ in [*a, *b]:
        model = game.state.model(mid)
        model.wounds = draw(st.integers(1, model.p.wd))
    m = act(game, "a0")
    for mid, _, _ in [*a, *b]:
        model = game.state.model(mid)
        if draw(st.integers(0, 2)) == 0:
            name = draw(st.sampled_from(["defensive", "focused", "slow", "shielded"]))
            model.conditions[name] = draw(st.integers(1, 2))
    game.ap = draw(st.sampled_from([0, 1, 2, 2, 3]))
    return game, m


def _exact_attack_worth(commander):
    """An ``_attack_worth`` that ignores ``above`` and ``gate``: every attack weighed."""
    method = type(commander)._attack_worth

    def worth(view, m, action, e, focused=None, above=None, gate=None):
        return method(commander, view, m, action, e, focused)

    return worth


@_settings
@given(_melees())
def test_attack_choices_are_those_of_weighing_every_attack(melee):
    game, m = melee
    commander, view = game.commanders[0], game.views[0]
    with mock.patch.object(heuristic, "_attack_odds", _odds):
        heuristic._ODDS.clear()
        commander._attack_worths.clear()
        fast = (commander._best_attack(view, m), commander._any_charge(view, m))
        attack = fast[0][0]
        focus = commander._focus_first(view, m, attack) if attack is not None else None
        heuristic._ODDS.clear()
        commander._attack_worths.clear()
        commander._attack_worth = _exact_attack_worth(commander)
        try:
            plain = (commander._best_attack(view, m), commander._any_charge(view, m))
            plain_focus = (commander._focus_first(view, m, attack)
                           if attack is not None else None)
        finally:
            del commander._attack_worth
    assert fast == plain
    assert focus == plain_focus


def _plain_tactical_worth(view, m, action, target) -> float:
    """The sum of the action's effect worths as ``_best_tactical`` weighs it (before the
    TN's odds and the price): every affected model, line of sight looked at for each."""
    game = view.game
    worth = 0.0
    for effect in action.effect:
        if effect.kind == "summon":
            worth += _summon_worth(effect, m, game)
            continue
        if effect.who in ("self", "target"):
            for who in heuristic.affected_models(game, m, target, effect, action.range):
                worth += _effect_worth(effect, m, who)
            continue
        for who in heuristic.pulse_reach(game, m, effect, action.range):
            if view.state.los(m, who):
                worth += _effect_worth(effect, m, who)
    return worth


@_settings
@given(_melees())
def test_a_tactical_actions_ceiling_is_never_below_its_worth(melee):
    game, m = melee
    view = game.views[0]
    checked = 0
    for action in _weighed_tacticals(m.p):
        ceiling = _ceiling(view.state, m, action)
        if ceiling is None:
            continue
        targets = [None]
        if any(e.who == "target" for e in action.effect):
            targets = [t for t in view.state.models if t.in_play]
        for target in targets:
            assert _plain_tactical_worth(view, m, action, target) <= ceiling + 1e-9
            checked += 1
    # And the choice is the one made without the ceiling.
    commander = game.commanders[0]
    for zero_only in (False, True):
        fast = commander._best_tactical(view, m, zero_only=zero_only)
        with mock.patch.object(heuristic, "_ceiling", lambda *_: None):
            plain = commander._best_tactical(view, m, zero_only=zero_only)
        assert fast == plain


def test_the_ceiling_counts_every_model_a_pulse_could_help():
    """A hand-checked case: a heal Pulse on two hurt friends and a bane Pulse on two
    enemies, whatever their distance or line of sight."""
    rally = {"name": "Rally", "ap": 1, "range": 'Pulse 6"',
             "text": "Friendly models in range heal 1 damage."}
    hex_ = {"name": "Hex", "ap": 1, "range": 'Pulse 6"',
            "text": "Enemy models in range gain Slow."}
    game = scene([("a", card("A", actions=[rally, hex_]), (10.0, 10.0)),
                  ("f", card("F", wd=6), (10.0, 13.0)), ("g", card("G", wd=6), (30.0, 30.0))],
                 [("b", boss("B"), (14.0, 10.0)), ("c", card("C"), (30.0, 34.0))],
                 commanders=(HeuristicCommander(), ScriptedCommander()))
    st_ = game.state
    st_.model("a").wounds = 2  # the Pulse does not heal the model it comes from
    st_.model("f").wounds = 5
    st_.model("g").wounds = 3
    m = st_.model("a")
    assert _ceiling(st_, m, m.p.action("Rally")) == 2.0  # 1 for f, 1 (of 3) for g
    assert _ceiling(st_, m, m.p.action("Hex")) == 2 * _BANE["slow"]


# -- duel_text's event table -------------------------------------------------------------


def _plain_duel_text(events) -> str:
    parts = []
    for step, role, detail in events:
        if step == "blocked":
            detail = sim_log._BLOCKED.get(detail, detail)
        elif step == "result" and role == "simple":
            role, detail = "simple", "1" if detail == "success" else "0"
        parts.append(f"{sim_log._STEP.get(step, step)}:{sim_log._ROLE.get(role, role[:1])}:"
                     f"{detail}")
    return "|".join(parts)


_words = st.text(alphabet="abfrsx:|", min_size=1, max_size=3)
_steps = st.sampled_from([*sim_log._STEP, "other", "x"]) | _words
_roles = st.sampled_from([*sim_log._ROLE, "neither"]) | _words
_details = (st.sampled_from([*sim_log._BLOCKED, "success", "failure", "13R 12M", "", "a:16"])
            | _words | st.integers(-3, 20))


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(_steps, _roles, _details), max_size=8))
def test_duel_text_is_the_plain_format(events):
    events = tuple(events)
    assert sim_log.duel_text(events) == _plain_duel_text(events)
    assert sim_log.duel_text(events) == _plain_duel_text(events)  # from the table now
    assert len(sim_log._TEXTS) <= sim_log._MAX_TEXTS


def test_duel_text_table_stays_bounded(monkeypatch):
    sim_log._TEXTS.clear()
    monkeypatch.setattr(sim_log, "_MAX_TEXTS", 256)
    for i in range(600):
        events = (("flip", f"role{i}", "13R"), (f"step{i}", "attacker", "1M"),
                  ("result", "simple", "success"), ("blocked", "defender",
                                                    "the Black Joker was flipped"))
        assert sim_log.duel_text(events) == _plain_duel_text(events)
        assert len(sim_log._TEXTS) <= 256
    assert len(sim_log._TEXTS) == 256
    # Once full, new events are still written right (made, not kept).
    fresh = (("choose", "nobody-seen", "2C"),)
    assert sim_log.duel_text(fresh) == "c:n:2C" == _plain_duel_text(fresh)
    assert ("choose", "nobody-seen", "2C") not in sim_log._TEXTS
    sim_log._TEXTS.clear()  # the junk events out
