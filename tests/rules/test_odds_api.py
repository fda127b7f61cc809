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


# --- Editions and the duel policy -------------------------------------------------------


def test_the_response_says_what_it_assumes(api_client):
    body = post(api_client, {"attacker": {"stat": 5}, "tn": 13}).json()
    assert body["ruleset"] == "m2e" and body["policy"] == "reduce_damage"
    assert body["red_joker_follow_up"] is None


def test_first_edition_odds_with_a_soulstone_card(api_client):
    response = post(api_client, {
        "ruleset": "m1e",
        "attacker": {"stat": 6, "positive": 1},
        "defender": {"stat": 5, "can_use_soulstones": True, "soulstone_card": True,
                     "hand": ["12T", "3M"]},
        "damage": "2/3/4",
    })
    assert response.status_code == 200
    body = response.json()
    expected = duel_odds(DuelSpec(
        DuelistSpec(6, positive=1),
        DuelistSpec(5, can_use_soulstones=True, soulstone_card=True, hand=("12T", "3M")),
        damage=(2, 3, 4), ruleset="m1e",
    )).as_dict()
    assert body == expected
    assert body["ruleset"] == "m1e" and set(body["red_joker_follow_up"]) == {
        "none", "weak", "moderate", "severe"}


def test_the_policy_changes_the_damage_not_the_chance_to_hit(api_client):
    duel = {"attacker": {"stat": 7, "positive": 1}, "defender": {"stat": 5, "hand": ["10M"]},
            "damage": "2/3/4"}
    reduce = post(api_client, duel).json()
    to_win = post(api_client, {**duel, "policy": "to_win"}).json()
    assert to_win["policy"] == "to_win"
    assert reduce["p_win"] == pytest.approx(to_win["p_win"])
    assert reduce["expected_damage"] < to_win["expected_damage"]


@pytest.mark.parametrize(
    ("body", "path"),
    [
        ({"ruleset": "m1e", "attacker": {"stat": 5}, "defender": {"stat": 5}, "tn": 10},
         ("tn",)),
        ({"ruleset": "m1e", "attacker": {"stat": 5, "can_use_soulstones": True,
                                         "soulstone_twist": True}, "tn": 10},
         ("attacker", "soulstone_twist")),
        ({"attacker": {"stat": 5, "can_use_soulstones": True, "soulstone_card": True},
          "tn": 10}, ("attacker", "soulstone_card")),
        ({"ruleset": "m1e", "attacker": {"stat": 5, "soulstone_card": True}, "tn": 10},
         ("attacker", "can_use_soulstones")),
        ({"ruleset": "m3e", "attacker": {"stat": 5}, "tn": 10}, ("ruleset",)),
        ({"policy": "always", "attacker": {"stat": 5}, "tn": 10}, ("policy",)),
    ],
)
def test_what_an_edition_lacks_is_a_400_with_field_errors(api_client, body, path):
    response = post(api_client, body)
    assert response.status_code == 400
    errors = response.json()
    for key in path:
        assert key in errors, errors
        errors = errors[key]
    assert errors


def test_the_schema_documents_the_policy_and_its_default(client, db):
    schema = client.get(reverse("api-schema")).content.decode()
    assert "reduce_damage" in schema and "to_win" in schema and "m1e" in schema
    assert "Seamus" in schema  # the policy's help text says where it comes from
