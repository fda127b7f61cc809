"""Recorded flips: server flips replay from their seed, table flips are checked and marked."""

import pytest

from rules import services
from rules.engine.deck import FateDeck
from rules.engine.errors import IllegalChoice, RulesError
from rules.models import FlipRecord
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
URL = "/api/rules/flips/"


def test_server_flip_is_stored_with_seed_and_replays(user):
    record = services.server_flip(purpose="initiative", actor=user, positive=2)
    assert record.source == "deck"
    assert len(record.cards) == 3 and record.net_twist == 2
    assert record.flipped_by == user
    assert services.replay(record).matches
    assert [c.code for c in FateDeck(int(record.seed)).flip(3)] == record.cards


def test_replay_detects_a_tampered_record(user):
    record = services.server_flip(purpose="damage", actor=user)
    original = record.cards[0]
    record.cards = ["BJ" if original != "BJ" else "RJ"]
    assert services.replay(record).matches is False


def test_table_flip_is_validated_and_marked(user):
    record = services.record_table_flip(
        purpose="attack", actor=user, cards=["3R", "11M"], negative=1, chosen="3R"
    )
    assert record.source == "table" and record.seed == ""
    assert services.replay(record) is None


def test_table_flip_rejects_an_illegal_choice_and_writes_nothing(user):
    with pytest.raises(IllegalChoice):
        services.record_table_flip(
            purpose="attack", actor=user, cards=["3R", "11M"], negative=1, chosen="11M"
        )
    with pytest.raises(RulesError):
        services.record_table_flip(purpose="attack", actor=user, cards=["3R"], negative=1)
    assert FlipRecord.objects.count() == 0


def test_api_server_flip_and_listing_is_per_user(api_client):
    owner, other = UserFactory(), UserFactory()
    api_client.force_authenticate(owner)
    created = api_client.post(URL, {"purpose": "attack", "positive": 1}, format="json")
    assert created.status_code == 201
    assert len(created.json()["cards"]) == 2
    assert api_client.get(URL).json()["count"] == 1
    api_client.force_authenticate(other)
    assert api_client.get(URL).json()["count"] == 0
    flip_id = created.json()["id"]
    assert api_client.get(f"{URL}{flip_id}/").status_code == 404


def test_api_replay_endpoint(api_client, user):
    api_client.force_authenticate(user)
    flip_id = api_client.post(URL, {"purpose": "x"}, format="json").json()["id"]
    body = api_client.get(f"{URL}{flip_id}/replay/").json()
    assert body["replay"]["matches"] is True


def test_api_table_flip_errors_are_400s(api_client, user):
    api_client.force_authenticate(user)
    bad_card = api_client.post(f"{URL}table/", {"purpose": "x", "cards": ["15R"]}, format="json")
    assert bad_card.status_code == 400 and "cards" in bad_card.json()
    illegal = api_client.post(
        f"{URL}table/",
        {"purpose": "x", "cards": ["BJ", "13R"], "positive": 1, "chosen": "13R"},
        format="json",
    )
    assert illegal.status_code == 400
    assert "non_field_errors" in illegal.json()
    cheat_blocked = api_client.post(
        f"{URL}table/",
        {"purpose": "x", "cards": ["2R", "9C"], "negative": 1, "chosen": "2R", "cheated_in": "13M"},
        format="json",
    )
    assert cheat_blocked.status_code == 400
    assert FlipRecord.objects.count() == 0


def test_api_flips_need_login(api_client):
    assert api_client.post(URL, {"purpose": "x"}, format="json").status_code in (401, 403)
    assert api_client.get(URL).status_code in (401, 403)


def test_flip_list_uses_a_bounded_number_of_queries(
    api_client, user, django_assert_max_num_queries
):
    api_client.force_authenticate(user)
    for _ in range(30):
        services.server_flip(purpose="bulk", actor=user)
    with django_assert_max_num_queries(4):
        response = api_client.get(URL)
    assert response.json()["count"] == 30
