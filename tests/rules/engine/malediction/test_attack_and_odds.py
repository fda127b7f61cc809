"""The d20 attack and its exact odds, checked against an enumeration of the 20 faces
written here (independent of the engine's own loop)."""

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.engine.malediction.attack import Outcome, resolve_attack
from rules.engine.malediction.cards import Power
from rules.engine.malediction.errors import MaledictionRulesError
from rules.engine.malediction.odds import attack_odds, damage_distribution, defeat_chances


def test_the_rulebook_example_13_plus_2_against_def_10_is_a_hit_for_3():
    r = resolve_attack(13, 2, Power(3, 1), 10)
    assert (r.total, r.outcome, r.damage) == (15, Outcome.HIT, 3)


def test_natural_20_is_a_critical_hit_for_hit_plus_graze_whatever_the_def():
    r = resolve_attack(20, 0, Power(3, 1), 99)
    assert (r.outcome, r.damage) == (Outcome.CRITICAL_HIT, 4)
    # Ability power is added once after the base sum.
    assert resolve_attack(20, 0, Power(3, 1), 99, bonus=2).damage == 6


def test_natural_1_is_a_critical_graze_for_exactly_1_whatever_the_acc():
    r = resolve_attack(1, 30, Power(5, 3), 2, bonus=4)
    assert (r.outcome, r.damage) == (Outcome.CRITICAL_GRAZE, 1)


def test_graze_below_def_and_hit_at_def():
    assert resolve_attack(7, 2, Power(3, 1), 10).outcome is Outcome.GRAZE
    assert resolve_attack(8, 2, Power(3, 1), 10).outcome is Outcome.HIT  # 10 >= 10
    assert resolve_attack(7, 2, Power(3, 1), 10).damage == 1


def test_null_stats_count_as_zero():
    r = resolve_attack(10, None, None, None)
    assert (r.outcome, r.damage) == (Outcome.HIT, 0)


def test_the_die_has_20_faces():
    with pytest.raises(MaledictionRulesError):
        resolve_attack(21, 0, Power(1, 1), 10)
    with pytest.raises(MaledictionRulesError):
        resolve_attack(0, 0, Power(1, 1), 10)


def enumerate_faces(acc, hit, graze, defense):
    """(outcome, damage) for each face 1..20, straight from the rulebook's text."""
    faces = []
    for face in range(1, 21):
        if face == 20:
            faces.append(("critical_hit", hit + graze))
        elif face == 1:
            faces.append(("critical_graze", 1))
        elif face + acc >= defense:
            faces.append(("hit", hit))
        else:
            faces.append(("graze", graze))
    return faces


@pytest.mark.parametrize("acc,hit,graze,defense", [
    (2, 3, 1, 10), (0, 2, 0, 15), (5, 4, 2, 8), (1, 6, 3, 22), (3, 1, 1, 3), (-1, 2, 1, 12),
])
def test_odds_match_the_enumeration(acc, hit, graze, defense):
    faces = enumerate_faces(acc, hit, graze, defense)
    odds = attack_odds(acc, Power(hit, graze), defense, hp=6)
    for name in ("critical_hit", "hit", "graze", "critical_graze"):
        assert getattr(odds, name) == Fraction(sum(o == name for o, _ in faces), 20)
    want = {}
    for _, dmg in faces:
        want[dmg] = want.get(dmg, 0) + Fraction(1, 20)
    assert dict(odds.damage) == want
    assert odds.expected_damage == Fraction(sum(d for _, d in faces), 20)
    # Defeat within n attacks: all 20**n sequences for n <= 3, counted.
    for n in (1, 2, 3):
        kills = sum(1 for seq in product(faces, repeat=n) if sum(d for _, d in seq) >= 6)
        assert odds.defeat_within[n - 1] == Fraction(kills, 20 ** n)


def test_the_example_odds():
    odds = attack_odds(2, Power(3, 1), 10, hp=3)
    # Faces 8-19 hit (12), 2-7 graze (6), 20 critical hit, 1 critical graze.
    assert (odds.hit, odds.graze) == (Fraction(12, 20), Fraction(6, 20))
    assert odds.critical_hit == odds.critical_graze == Fraction(1, 20)
    assert odds.defeat_within[0] == Fraction(13, 20)
    assert len(odds.defeat_within) == 5
    assert odds.to_dict()["hit"] == {"exact": "3/5", "value": 0.6}


@given(st.integers(-3, 12), st.integers(0, 8), st.integers(0, 4), st.integers(0, 25),
       st.integers(1, 30))
def test_odds_are_a_distribution_and_defeat_grows(acc, hit, graze, defense, hp):
    odds = attack_odds(acc, Power(hit, graze), defense, hp=hp)
    assert odds.critical_hit + odds.hit + odds.graze + odds.critical_graze == 1
    assert sum(p for _, p in odds.damage) == 1
    assert list(odds.defeat_within) == sorted(odds.defeat_within)
    assert all(0 <= p <= 1 for p in odds.defeat_within)


def test_defeat_chances_edge_cases():
    dist = damage_distribution(2, Power(3, 1), 10)
    assert defeat_chances(dist, 0, 2) == (1, 1)
    assert defeat_chances(dist, 1, 1) == (1,)  # every face deals at least 1
    with pytest.raises(MaledictionRulesError):
        attack_odds(2, Power(3, 1), 10, attacks=0)
