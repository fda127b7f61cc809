"""The Aftermath API: reads through the secrets selector, decisions through the services,
400 with field errors for bad input, 403 for someone else's Aftermath."""

import pytest
from rest_framework.test import APIClient

from aftermath.models import Aftermath, AftermathStep
from campaign.models import ArsenalUpgrade, ScripEntry
from tests.aftermath.conftest import aftermaths, open_with_seeds, play, seed_where
from tests.aftermath.test_pages import fresh, full_game, next_decision

pytestmark = pytest.mark.django_db


def api(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def url(aftermath, action=None):
    return f"/api/aftermaths/{aftermath.pk}/" + (f"{action}/" if action else "")


def test_a_whole_aftermath_through_the_api(campaign_week):
    _, alpha, _, _ = campaign_week
    a = full_game(campaign_week)
    client = api(alpha.player)
    made = []
    for _ in range(60):
        a = fresh(a)
        if a.phase == "done":
            break
        action, data = next_decision(a)
        if action == "injury-keep-skill":
            data = {"replaces": None}
        response = client.post(url(a, action), {k: (v if v != "" else None)
                                                for k, v in data.items()}, format="json")
        assert response.status_code == 200, response.data
        made.append(action)
    assert response.data["phase"] == "done"
    assert {"barter-flip", "reward-choose", "bounty-skip", "doctor", "finish"} <= set(made)
    assert [p["status"] for p in response.data["phases"]][-1] == "current"
    assert any(s["phase"] == "payday" and s["detail"].get("lines")
               for s in response.data["steps"])


def test_decisions_show_what_the_phase_offers(campaign_week):
    campaign, alpha, bravo, _ = campaign_week
    seed = seed_where(lambda c: c[2] == "7T" and "BJ" not in c[:2] and "RJ" not in c[:2])
    game = play(campaign, alpha, bravo, vp=(5, 1))
    a = open_with_seeds(game, {"a": seed})["a"]
    client = api(alpha.player)
    data = client.get(url(a)).data
    assert data["decision"]["barter"]["flipped"] is False and data["hand"] == a.hand
    data = client.post(url(a, "barter-flip")).data
    assert data["question"]["card"] == "7T" and data["question"]["hand"] == a.hand
    data = client.post(url(a, "barter-answer"), {"card": None}, format="json").data
    offer = data["decision"]["barter"]["offer"]
    duelist = next(u for u in offer if u["key"] == "duelist")
    assert duelist["type"] == "Skill" and duelist["price"] > 0 and duelist["summary"]
    played = game.record["sides"]["a"]["played"]
    assert {m["id"] for m in data["decision"]["barter"]["models"]} == set(played)
    guard = alpha.models.filter(station="minion").order_by("id").first()
    data = api(alpha.player).post(url(a, "barter-buy"), {"key": "duelist", "model": guard.pk},
                                  format="json").data
    assert data["decision"]["barter"]["bought"] == ["duelist"]


def test_the_hand_never_reaches_the_opponent(campaign_week):
    campaign, alpha, bravo, organizer = campaign_week
    game = play(campaign, alpha, bravo, vp=(5, 1))
    a = aftermaths(game)["a"]
    api(alpha.player).post(url(a, "barter-flip"))
    a = fresh(a)
    secret = {"hand", "question", "decision"}
    for viewer in (bravo.player, None):
        detail = api(viewer).get(url(a)).data
        assert detail["phase"] == "barter" and detail["secret"] is False
        assert not secret & set(detail)
        listed = api(viewer).get(f"/api/aftermaths/?game={game.pk}").data["results"]
        assert {r["crew"] for r in listed} == {alpha.pk, bravo.pk}
        mine = next(r for r in listed if r["crew"] == alpha.pk)
        assert not secret & set(mine)
        flat = str(detail) + str(mine)  # (bravo's own entry may show bravo's own hand)
        assert all(f"'{card}'" not in flat for card in a.hand)
    own = api(alpha.player).get(url(a)).data
    assert own["hand"] == a.hand and own["question"]
    assert api(organizer).get(url(a)).data["hand"] == a.hand
    theirs = next(r for r in api(alpha.player).get(f"/api/aftermaths/?game={game.pk}")
                  .data["results"] if r["crew"] == bravo.pk)
    assert "hand" not in theirs


def test_others_aftermaths_are_refused(campaign_week):
    campaign, alpha, bravo, organizer = campaign_week
    a = aftermaths(play(campaign, alpha, bravo, vp=(5, 1)))["a"]
    version = a.version
    assert api(bravo.player).post(url(a, "barter-flip")).status_code == 403
    assert api().post(url(a, "barter-flip")).status_code in (401, 403)
    assert fresh(a).version == version
    assert api(organizer).post(url(a, "barter-flip")).status_code == 200
    assert api(alpha.player).get("/api/aftermaths/999999/").status_code == 404
    campaign.visibility = "members"
    campaign.save(update_fields=["visibility"])
    assert api().get(url(a)).status_code == 404


@pytest.mark.parametrize(("action", "data", "field"), [
    ("barter-answer", {"card": "ZZ"}, "card"),
    ("barter-answer", {"card": "13T"}, "card"),
    ("barter-buy", {"key": "duelist", "model": 999999}, "model"),
    ("barter-buy", {"key": "duelist", "model": "abc"}, "model"),
    ("barter-buy", {"model": 1}, "key"),
    ("barter-buy", {"key": "duelist", "change": "x"}, "change"),
    ("barter-buy", {"key": "no-such-thing"}, "non_field_errors"),
    ("injury-flip", {}, "model"),
    ("reward-choose", {"chart": "nope"}, "chart"),
    ("bounty-skip", {}, "non_field_errors"),
    ("doctor", {"model": "x", "twist": True}, "model"),
    ("injury-keep-skill", {"replaces": -1}, "replaces"),
])
def test_bad_input_is_a_400_with_field_errors_and_writes_nothing(campaign_week, action, data,
                                                                 field):
    campaign, alpha, bravo, _ = campaign_week
    seed = seed_where(lambda c: c[1] not in ("BJ", "RJ") and c[2] not in ("BJ", "RJ"))
    a = open_with_seeds(play(campaign, alpha, bravo, vp=(5, 1)), {"a": seed})["a"]
    client = api(alpha.player)
    client.post(url(a, "barter-flip"))
    if action == "barter-buy":
        client.post(url(a, "barter-answer"), {"card": None}, format="json")
    a = fresh(a)
    before = (a.version, AftermathStep.objects.count(), ScripEntry.objects.count(),
              ArsenalUpgrade.objects.count())
    response = client.post(url(a, action), data, format="json")
    assert response.status_code == 400
    assert response.data.get(field)
    assert (fresh(a).version, AftermathStep.objects.count(), ScripEntry.objects.count(),
            ArsenalUpgrade.objects.count()) == before


def test_junk_bodies_and_filters_are_400s(campaign_week):
    campaign, alpha, bravo, _ = campaign_week
    a = aftermaths(play(campaign, alpha, bravo, vp=(5, 1)))["a"]
    client = api(alpha.player)
    client.post(url(a, "barter-flip"))
    assert client.post(url(a, "barter-answer"), [1, 2], format="json").status_code == 400
    assert client.get("/api/aftermaths/?game=abc").status_code == 400
    assert client.get(f"{url(a)}?change=x").status_code == 400


def test_the_list_uses_a_bounded_number_of_queries(campaign_week,
                                                   django_assert_max_num_queries):
    campaign, alpha, bravo, organizer = campaign_week
    campaign.max_games_per_week = 6
    campaign.save(update_fields=["max_games_per_week"])
    for _ in range(3):
        aftermaths(play(campaign, alpha, bravo, vp=(5, 1)))
    assert Aftermath.objects.count() == 6
    for user in (alpha.player, organizer, None):
        with django_assert_max_num_queries(5):
            response = api(user).get("/api/aftermaths/")
        assert response.status_code == 200 and response.data["count"] == 6
