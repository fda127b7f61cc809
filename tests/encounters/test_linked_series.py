"""Linked Games through the API: five Story Encounters, spoils for the previous winner,
no scheme twice, total VP decides."""

import pytest
from rest_framework.test import APIClient

from encounters.models import Game
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def client_for(user):
    client = APIClient()
    client.force_authenticate(user)
    return client


def ok(response, code=200):
    assert response.status_code == code, response.content
    return response.json()


def play(game_id, a, b, schemes_a, schemes_b, vp):
    for client, schemes in ((a, schemes_a), (b, schemes_b)):
        ok(client.post(f"/api/games/{game_id}/schemes/",
                       {"schemes": [{"scheme": s} for s in schemes]}, format="json"))
    ok(a.post(f"/api/games/{game_id}/start/"))
    ok(a.post(f"/api/games/{game_id}/report/", {"vp_a": vp[0], "vp_b": vp[1]}, format="json"))
    ok(b.post(f"/api/games/{game_id}/confirm/"))


def test_a_whole_linked_series():
    alice, bob = UserFactory(), UserFactory()
    a, b = client_for(alice), client_for(bob)
    series = ok(a.post("/api/series/", {"opponent": bob.username, "size": 40,
                                        "faction": "guild", "leader": "Captain"},
                       format="json"), 201)
    sid = series["id"]
    early = a.post(f"/api/series/{sid}/next-game/", {}, format="json")
    assert early.status_code == 400 and "declare" in str(early.json())
    ok(b.post(f"/api/series/{sid}/declare/", {"faction": "neverborn", "leader": "Witch"},
              format="json"))
    assert client_for(UserFactory()).post(f"/api/series/{sid}/declare/", {
        "faction": "guild", "leader": "X"}, format="json").status_code == 403

    first = ok(a.post(f"/api/series/{sid}/next-game/", {}, format="json"), 201)
    assert first["kind"] == "story" and first["setup"]["deployment"]
    play(first["id"], a, b, ["distract", "bodyguard"], ["distract", "assassinate"], (6, 2))
    again = a.post(f"/api/series/{sid}/next-game/", {}, format="json")  # no spoils: fine
    second = ok(again, 201)
    repeat = a.post(f"/api/games/{second['id']}/schemes/",
                    {"schemes": [{"scheme": "distract"}, {"scheme": "breakthrough"}]},
                    format="json")
    assert repeat.status_code == 400 and "distract" in str(repeat.json()).lower()
    Game.objects.filter(pk=second["id"]).delete()

    refused = b.post(f"/api/series/{sid}/next-game/", {"spoils": "choose-role"}, format="json")
    assert refused.status_code == 400 and "winner" in str(refused.json())
    game2 = ok(a.post(f"/api/series/{sid}/next-game/", {"spoils": "choose-role"},
                      format="json"), 201)
    assert Game.objects.get(pk=game2["id"]).spoils["by"] == "a"
    schemes = [("breakthrough", "protect-territory"), ("outflank", "plant-evidence"),
               ("entourage", "vendetta"), ("cursed-object", "power-ritual")]
    theirs = [("bodyguard", "breakthrough"), ("outflank", "plant-evidence"),
              ("entourage", "vendetta"), ("cursed-object", "power-ritual")]
    play(game2["id"], a, b, schemes[0], theirs[0], (1, 4))
    for number in range(3, 6):
        game = ok(b.post(f"/api/series/{sid}/next-game/", {}, format="json"), 201)
        play(game["id"], a, b, schemes[number - 2], theirs[number - 2], (3, 3))
    final = ok(a.get(f"/api/series/{sid}/"))
    assert final["complete"] and final["totals"] == {"a": 6 + 1 + 9, "b": 2 + 4 + 9}
    assert final["winner"] == "a"
    over = a.post(f"/api/series/{sid}/next-game/", {}, format="json")
    assert over.status_code == 400 and "over" in str(over.json())


def test_bad_series_requests_are_400s():
    alice, bob = UserFactory(), UserFactory()
    a = client_for(alice)
    assert a.post("/api/series/", {"opponent": "nobody", "size": 40, "faction": "guild",
                                   "leader": "X"}, format="json").status_code == 400
    bad_faction = a.post("/api/series/", {"opponent": bob.username, "size": 40,
                                          "faction": "elves", "leader": "X"}, format="json")
    assert bad_faction.status_code == 400 and "faction" in str(bad_faction.json()).lower()
    tiny = a.post("/api/series/", {"opponent": bob.username, "size": 5, "faction": "guild",
                                   "leader": "X"}, format="json")
    assert tiny.status_code == 400
    assert APIClient().post("/api/series/", {}, format="json").status_code in (401, 403)


def test_series_pages(client):
    alice, bob = UserFactory(), UserFactory()
    client.force_login(alice)
    made = client.post("/games/series/new/", {"opponent": bob.username, "size": 40,
                                              "faction": "guild", "leader": "Captain"})
    assert made.status_code == 302
    client.force_login(bob)
    page = client.post(made.url, {"next": "1"}, follow=True).content.decode()
    assert "declare a Faction and a Leader first" in page
    client.post(made.url, {"declare": "1", "faction": "neverborn", "leader": "Witch"})
    created = client.post(made.url, {"next": "1"})
    assert created.status_code == 302 and Game.objects.filter(series__isnull=False).count() == 1
    client.force_login(UserFactory())
    assert client.post(made.url, {"next": "1"}).status_code == 403
    assert "Game 1" in client.get(made.url).content.decode()
