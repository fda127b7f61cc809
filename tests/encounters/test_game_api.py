"""A full campaign game through the API: setup, hiring, schemes, the tracker, the result,
and the secrets an opponent must never see."""

import pytest
from rest_framework.test import APIClient

from encounters.models import Game

pytestmark = pytest.mark.django_db


def client_for(user):
    client = APIClient()
    client.force_authenticate(user)
    return client


def ok(response, code=200):
    assert response.status_code == code, response.content
    return response.json()


def hire_everything(client, game_id, crew):
    models = list(crew.models.values_list("pk", flat=True))
    upgrade = crew.upgrades.get()
    return ok(client.post(f"/api/games/{game_id}/hire/",
                          {"models": models, "attach": {str(upgrade.pk): crew.leader_id}},
                          format="json"))


def test_a_full_campaign_game_through_the_api(campaign_week):
    campaign, alpha, bravo, _organizer = campaign_week
    a, b = client_for(alpha.player), client_for(bravo.player)
    game = ok(a.post("/api/games/", {"campaign": campaign.pk, "crew_a": alpha.pk,
                                     "crew_b": bravo.pk}, format="json"), 201)
    gid = game["id"]
    assert game["state"] == "set_up" and game["size"] == 26 + 5  # both arsenals cost 26
    assert game["event_key"] == "contract-work"
    pool = game["setup"]["scheme_pool"]
    assert "a-line-in-the-sand" in pool and game["setup"]["deployment"]

    hire_everything(a, gid, alpha)
    seen_by_b = ok(b.get(f"/api/games/{gid}/"))
    assert seen_by_b["sides"][0]["hired"] is None  # not revealed yet
    hire_everything(b, gid, bravo)
    ok(a.post(f"/api/games/{gid}/reveal-crew/"))
    ok(b.post(f"/api/games/{gid}/reveal-crew/"))
    state = ok(a.get(f"/api/games/{gid}/"))
    assert all(side["hired"] for side in state["sides"])
    assert state["sides"][0]["campaign_rating"] == 0
    assert state["sides"][0]["soulstone_pool"] == 31 - 27  # unspent; Henchmen add no cache

    ok(a.post(f"/api/games/{gid}/schemes/", {"schemes": [{"scheme": pool[0]},
                                                         {"scheme": pool[1]}]}, format="json"))
    ok(b.post(f"/api/games/{gid}/schemes/", {"schemes": [{"scheme": pool[0]},
                                                         {"scheme": pool[2]}]}, format="json"))
    ok(a.post(f"/api/games/{gid}/start/"))
    state = ok(a.post(f"/api/games/{gid}/initiative/",
                      {"table_cards": {"a": "13R", "b": "2M"}}, format="json"))
    assert state["first_player"] == "a"
    ok(a.post(f"/api/games/{gid}/strategy-vp/", {"side": "a", "vp": 4}, format="json"))
    over = a.post(f"/api/games/{gid}/strategy-vp/", {"side": "a", "vp": 1}, format="json")
    assert over.status_code == 400 and "4" in str(over.json())  # the Strategy cap of 4
    mine = next(s for s in state["sides"] if s["key"] == "a")["schemes"][0]
    ok(a.post(f"/api/games/{gid}/reveal-scheme/", {"scheme": mine["id"]}, format="json"))
    ok(a.post(f"/api/games/{gid}/scheme-vp/", {"scheme": mine["id"], "vp": 2}, format="json"))
    bravo_guard = Game.objects.get(pk=gid).sides.get(key="b").hired.filter(
        is_leader=False).first()
    alpha_leader = Game.objects.get(pk=gid).sides.get(key="a").hired.get(is_leader=True)
    state = ok(a.post(f"/api/games/{gid}/casualties/",
                      {"side": "b", "model": bravo_guard.pk, "by_model": alpha_leader.pk},
                      format="json"))
    casualty = state["casualties"][0]
    assert casualty["finished_off"] == "pending"
    refused = a.post(f"/api/games/{gid}/casualties/{casualty['id']}/finished-off/",
                     {"table_card": "7R"}, format="json")
    assert refused.status_code == 400  # the model's controller flips
    state = ok(b.post(f"/api/games/{gid}/casualties/{casualty['id']}/finished-off/",
                      {"table_card": "7R"}, format="json"))
    assert state["casualties"][0]["finished_off"] == "finished"
    ok(a.post(f"/api/games/{gid}/event-scrip/", {"side": "a", "amount": 8, "why": "bounty"},
              format="json"))
    for _ in range(4):
        ok(a.post(f"/api/games/{gid}/end-turn/", {}, format="json"))
    state = ok(a.post(f"/api/games/{gid}/end-turn/", {"table_card": "3C"}, format="json"))
    assert state["ended_on_turn"] == 5
    assert next(s for s in state["sides"] if s["key"] == "a")["event_scrip"] == 6

    mine_vp = next(s for s in state["sides"] if s["key"] == "a")["vp"]
    assert mine_vp == 4 + 2
    ok(a.post(f"/api/games/{gid}/report/", {"vp_a": 6, "vp_b": 0}, format="json"))
    assert a.post(f"/api/games/{gid}/confirm/").status_code == 400  # not your own report
    state = ok(b.post(f"/api/games/{gid}/confirm/"))
    assert state["state"] == "aftermath"
    record = Game.objects.get(pk=gid).record
    assert record["winner"] == "a" and record["vp"] == {"a": 6, "b": 0}
    assert record["sides"]["b"]["finished_off"] == [bravo_guard.arsenal_model_id]
    assert record["kills"][0]["by_model"] == alpha_leader.arsenal_model_id
    assert record["sides"]["a"]["event_scrip"] == 6
    again = ok(b.post(f"/api/games/{gid}/confirm/"))  # confirming twice changes nothing
    assert again["state"] == "aftermath"
    assert Game.objects.get(pk=gid).reports.filter(status="confirmed").count() == 1


def test_disputes_go_to_an_organizer(campaign_week):
    campaign, alpha, bravo, organizer = campaign_week
    a, b = client_for(alpha.player), client_for(bravo.player)
    gid = ok(a.post("/api/games/", {"campaign": campaign.pk, "crew_a": alpha.pk,
                                    "crew_b": bravo.pk}, format="json"), 201)["id"]
    ok(a.post(f"/api/games/{gid}/report/", {"vp_a": 5, "vp_b": 1}, format="json"))
    assert b.post(f"/api/games/{gid}/dispute/", {"reason": ""}, format="json").status_code == 400
    assert ok(b.post(f"/api/games/{gid}/dispute/", {"reason": "It was 4-4"},
                     format="json"))["state"] == "disputed"
    refused = b.post(f"/api/games/{gid}/rule/", {"vp_a": 4, "vp_b": 4, "reason": "me"},
                     format="json")
    assert refused.status_code == 403
    state = ok(client_for(organizer).post(f"/api/games/{gid}/rule/",
                                          {"vp_a": 4, "vp_b": 4, "reason": "Photos show 4-4"},
                                          format="json"))
    assert state["state"] == "aftermath"
    assert Game.objects.get(pk=gid).record["winner"] == ""


def test_bad_setup_requests_are_400s(campaign_week):
    campaign, alpha, bravo, _organizer = campaign_week
    a = client_for(alpha.player)
    too_big = a.post("/api/games/", {"campaign": campaign.pk, "crew_a": alpha.pk,
                                     "crew_b": bravo.pk, "size": 60}, format="json")
    assert too_big.status_code == 400 and "smaller arsenal" in str(too_big.json())
    same = a.post("/api/games/", {"campaign": campaign.pk, "crew_a": alpha.pk,
                                  "crew_b": alpha.pk}, format="json")
    assert same.status_code == 400
    missing = a.post("/api/games/", {"campaign": campaign.pk}, format="json")
    assert missing.status_code == 400 and "crew_a" in missing.json()


def test_secrets_never_reach_the_opponent(campaign_week):
    """Every endpoint returning encounter data, called by the opponent, an organizer and an
    anonymous visitor: side A's chosen scheme and noted model stay hidden until revealed."""
    campaign, alpha, bravo, organizer = campaign_week
    a, b = client_for(alpha.player), client_for(bravo.player)
    game = ok(a.post("/api/games/", {"campaign": campaign.pk, "crew_a": alpha.pk,
                                     "crew_b": bravo.pk}, format="json"), 201)
    gid, pool = game["id"], game["setup"]["scheme_pool"]
    hire_everything(a, gid, alpha)
    noted = Game.objects.get(pk=gid).sides.get(key="a").hired.filter(is_leader=False).first()
    ok(a.post(f"/api/games/{gid}/schemes/", {"schemes": [
        {"scheme": pool[-1], "noted_model": noted.pk}, {"scheme": pool[0]}]}, format="json"))
    hire_everything(b, gid, bravo)

    def assert_hidden(body):
        side_a = next(s for s in body["sides"] if s["key"] == "a")
        assert all(entry["scheme"] == "hidden" for entry in side_a["schemes"]), side_a
        assert all(not entry.get("noted_model") for entry in side_a["schemes"])
        assert not any("Schemes:" in line["text"] and pool[-1] in line["text"]
                       for line in body["log"])

    game_bodies = [
        b.get(f"/api/games/{gid}/").json(),
        b.post(f"/api/games/{gid}/reveal-crew/").json(),
        b.post(f"/api/games/{gid}/schemes/", {"schemes": [{"scheme": pool[0]},
                                                         {"scheme": pool[1]}]},
               format="json").json(),
        client_for(organizer).get(f"/api/games/{gid}/").json(),
    ]
    for body in game_bodies:
        assert_hidden(body)
    anonymous = APIClient().get(f"/api/games/{gid}/")
    assert anonymous.status_code == 200  # a public campaign's games are readable
    assert_hidden(anonymous.json())
    for response in (b.get("/api/games/"), b.get(f"/api/games/{gid}/version/")):
        assert response.status_code == 200
        assert "noted_model" not in response.content.decode()
        assert "schemes" not in response.content.decode()
    mine = ok(a.get(f"/api/games/{gid}/"))
    own = next(s for s in mine["sides"] if s["key"] == "a")["schemes"]
    assert own[0]["scheme"] == pool[-1] and own[0]["noted_model"] == noted.name
    assert own[1]["noted_model"] is None
    ok(a.post(f"/api/games/{gid}/reveal-crew/"))
    ok(a.post(f"/api/games/{gid}/start/"))
    ok(a.post(f"/api/games/{gid}/reveal-scheme/", {"scheme": own[0]["id"]}, format="json"))
    revealed = next(s for s in ok(b.get(f"/api/games/{gid}/"))["sides"] if s["key"] == "a")
    assert revealed["schemes"][0]["scheme"] == pool[-1]
    assert revealed["schemes"][0]["noted_model"] == noted.name
    assert revealed["schemes"][1] == {"id": None, "scheme": "hidden", "revealed": False,
                                      "vp": 0, "count": 1}


def test_standalone_setup_is_recorded_and_shared(campaign_week):
    _campaign, alpha, bravo, _organizer = campaign_week
    a = client_for(alpha.player)
    made = ok(a.post("/api/games/setups/", {"size": 50}, format="json"), 201)
    assert made["campaign"] is None and len(made["setup"]["scheme_pool"]) == 5
    assert made["setup"]["encounter_size"]
    flips = ok(client_for(bravo.player).get(f"/api/games/{made['id']}/flips/"))
    assert len(flips) >= 4 and all(f["seed"] for f in flips)
    same = ok(APIClient().get(f"/api/games/{made['id']}/"))
    assert same["setup"] == made["setup"]
    story = ok(a.post("/api/games/setups/", {"size": 35, "kind": "story"}, format="json"), 201)
    assert story["setup"]["deployment"] and "terrain" in story["setup"]
    bad = a.post("/api/games/setups/", {"size": 3}, format="json")
    assert bad.status_code == 400 and "size" in bad.json()
    assert APIClient().post("/api/games/setups/", {"size": 50}).status_code in (401, 403)


def test_reveal_bonus_needs_the_scheme_revealed(campaign_week):
    from encounters.models import SchemeChoice
    from encounters.services import tracker

    campaign, alpha, bravo, _organizer = campaign_week
    a, b = client_for(alpha.player), client_for(bravo.player)
    gid = ok(a.post("/api/games/", {"campaign": campaign.pk, "crew_a": alpha.pk,
                                    "crew_b": bravo.pk}, format="json"), 201)["id"]
    game = Game.objects.get(pk=gid)
    game.setup["scheme_pool"] = ["a-line-in-the-sand", "distract"]
    game.save()
    for client, crew in ((a, alpha), (b, bravo)):
        hire_everything(client, gid, crew)
        ok(client.post(f"/api/games/{gid}/reveal-crew/"))
    for client in (a, b):
        ok(client.post(f"/api/games/{gid}/schemes/", {"schemes": [
            {"scheme": "a-line-in-the-sand"}, {"scheme": "distract"}]}, format="json"))
    ok(a.post(f"/api/games/{gid}/start/"))
    line = SchemeChoice.objects.get(side__game_id=gid, side__key="a",
                                    scheme_key="a-line-in-the-sand")
    distract = SchemeChoice.objects.get(side__game_id=gid, side__key="a", scheme_key="distract")
    assert tracker.unrevealed_cap("a-line-in-the-sand") == 2
    ok(a.post(f"/api/games/{gid}/scheme-vp/", {"scheme": line.pk, "vp": 2}, format="json"))
    hidden = a.post(f"/api/games/{gid}/scheme-vp/", {"scheme": line.pk, "vp": 1}, format="json")
    assert hidden.status_code == 400 and "reveal it first" in str(hidden.json())
    ok(a.post(f"/api/games/{gid}/reveal-scheme/", {"scheme": line.pk}, format="json"))
    ok(a.post(f"/api/games/{gid}/scheme-vp/", {"scheme": line.pk, "vp": 1}, format="json"))
    ok(a.post(f"/api/games/{gid}/scheme-vp/", {"scheme": distract.pk, "vp": 3}, format="json"))
    over = a.post(f"/api/games/{gid}/scheme-vp/", {"scheme": distract.pk, "vp": 1},
                  format="json")
    assert over.status_code == 400  # 3 per scheme at most
