"""POST /api/rules/duel-odds/: figures from the exact engine, field errors as 400s."""

from fractions import Fraction

import pytest
from django.urls import reverse

from rules.engine.odds import DuelistSpec, DuelSpec, duel_odds

URL = "/api/rules/duel-odds/"


def post(api_client, body):
    return api_client.post(URL, body, format="json")


def test_opposed_duel_with_damage_matches_the_engine(api_client):
    response = post(
        api_client,
        {"attacker": {"stat": 6, "positive": 1}, "defender": {"stat": 5}, "damage": "2/3/4"},
    )
    assert response.status_code == 200
    body = response.json()
    expected = duel_odds(
        DuelSpec(DuelistSpec(6, positive=1), DuelistSpec(5), damage=(2, 3, 4))
    ).as_dict()
    assert body == expected  # floats survive the JSON round trip exactly
    assert sum(body["margin_distribution"].values()) == pytest.approx(1)
    assert sum(body["damage"].values()) == pytest.approx(1)
    assert 0 < body["expected_damage"] < 4 + 2


def test_simple_duel_wp5_against_tn13(api_client):
    response = post(api_client, {"attacker": {"stat": 5}, "tn": 13})
    assert response.status_code == 200
    # Cards 8..13 in four suits (24) and the Red Joker win: 25 of 54.
    assert response.json()["p_win"] == pytest.approx(float(Fraction(25, 54)))


def test_known_hand_raises_the_odds(api_client):
    without = post(api_client, {"attacker": {"stat": 5}, "tn": 13}).json()["p_win"]
    with_hand = post(api_client, {"attacker": {"stat": 5, "hand": ["9M"]}, "tn": 13}).json()
    assert with_hand["p_win"] > without
    assert with_hand["cheat_probability"]["attacker"] > 0


@pytest.mark.parametrize(
    ("body", "path"),
    [
        ({"attacker": {"stat": -1}, "tn": 10}, ("attacker", "stat")),
        ({"attacker": {"stat": 5, "positive": 5}, "tn": 10}, ("attacker", "positive")),
        ({"attacker": {"stat": 5, "suits": ["hearts"]}, "tn": 10}, ("attacker", "suits")),
        ({"attacker": {"stat": 5}, "tn": 10, "required_suits": ["spades"]}, ("required_suits",)),
        ({"attacker": {"stat": 5, "hand": ["14R"]}, "tn": 10}, ("attacker", "hand")),
        ({"attacker": {"stat": 5, "hand": ["9M", "9M"]}, "tn": 10}, ("attacker", "hand")),
        ({"attacker": {"stat": 5}}, ("tn",)),
        (
            {"attacker": {"stat": 5, "soulstone_twist": True}, "tn": 9},
            ("attacker", "can_use_soulstones"),
        ),
        ({"attacker": {"stat": 5}, "defender": {"stat": 4}, "damage": "2/3"}, ("damage",)),
        ({"attacker": {"stat": "six"}, "tn": 10}, ("attacker", "stat")),
        ({}, ("attacker",)),
    ],
)
def test_bad_input_is_a_400_with_field_errors(api_client, body, path):
    response = post(api_client, body)
    assert response.status_code == 400
    errors = response.json()
    for key in path:
        assert key in errors, errors
        errors = errors[key]
    assert errors


def test_malformed_json_is_a_400(api_client):
    response = api_client.post(URL, "{not json", content_type="application/json")
    assert response.status_code == 400


def test_engine_rule_violation_becomes_non_field_error(api_client):
    # Focused belongs to the acting model; the engine refuses it on the defender.
    response = post(api_client, {"attacker": {"stat": 5}, "defender": {"stat": 5, "focused": 1}})
    assert response.status_code == 400
    assert "non_field_errors" in response.json()


def test_schema_and_docs_are_served(client, db):
    schema = client.get(reverse("api-schema"))
    assert schema.status_code == 200
    assert b"/api/rules/duel-odds/" in schema.content
    docs = client.get(reverse("api-docs"))
    assert docs.status_code == 200
    assert b"swagger" in docs.content.lower()
