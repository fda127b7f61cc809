"""The attack odds page and API against an enumeration of the d20's 20 faces."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def enumerate_faces(acc, hit, graze, defense):
    """Outcome counts and damage by face, written from the rulebook's attack chart."""
    outcomes = {"critical_hit": 0, "hit": 0, "graze": 0, "critical_graze": 0}
    damage = {}
    for face in range(1, 21):
        if face == 20:
            kind, dealt = "critical_hit", hit + graze
        elif face == 1:
            kind, dealt = "critical_graze", 1
        elif face + acc >= defense:
            kind, dealt = "hit", hit
        else:
            kind, dealt = "graze", graze
        outcomes[kind] += 1
        damage[dealt] = damage.get(dealt, 0) + 1
    return outcomes, damage


def test_api_matches_the_enumeration(client):
    answer = client.post("/api/malediction/attack-odds/", {"acc": 2, "power_hit": 3,
                         "power_graze": 1, "defense": 10, "hp": 4},
                         content_type="application/json")
    assert answer.status_code == 200
    body = answer.json()
    outcomes, damage = enumerate_faces(2, 3, 1, 10)
    for kind, count in outcomes.items():
        assert Fraction(body[kind]["exact"]) == Fraction(count, 20)
    assert {d["damage"]: Fraction(d["exact"]) for d in body["damage"]} == {
        k: Fraction(v, 20) for k, v in damage.items()}
    # The rulebook's example: 13 + 2 = 15 >= DEF 10 is a hit for 3.
    assert outcomes["hit"] == 12  # faces 8 to 19 (8 + 2 = 10); the example's 13 is one
    one = Fraction(damage.get(4, 0), 20)  # 4 HP in one attack: only the critical hit
    assert Fraction(body["defeat_within"][0]["exact"]) == one
    assert len(body["defeat_within"]) == 5


def test_api_refuses_bad_input_with_field_errors(client):
    answer = client.post("/api/malediction/attack-odds/", {"power_hit": -1, "defense": "x"},
                         content_type="application/json")
    assert answer.status_code == 400
    assert {"power_hit", "defense", "power_graze", "hp"} <= set(answer.json())


def test_page_works_without_javascript(client):
    page = client.get(reverse("malediction:odds"), {"acc": 2, "power_hit": 3,
                                                     "power_graze": 1, "defense": 10, "hp": 4})
    assert page.status_code == 200 and b"odds-result" in page.content
    assert b"3/5" in page.content  # hits: faces 8 to 19, 12/20
    assert client.get(reverse("malediction:odds"), {"defense": "x"}).status_code == 400
