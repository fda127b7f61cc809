"""The Malediction API: war bands (validate, create, import text), events (register,
submit, lists kept secret, standings), matches (report, confirm) and the tracker."""

from __future__ import annotations

import pytest

from malediction.models import Match
from malediction.services import warbands
from malediction.services.matches import create_match
from tests.malediction.conftest import legal_band

pytestmark = pytest.mark.django_db


def _body(band):
    return {"name": "API band", "seeker": band["seeker"].pk, "legacy": band["legacy"].pk,
            "terrain": band["terrain"].pk,
            "deck": [{"card": c.pk, "count": n} for c, n in band["deck"]]}


def test_war_band_validate_create_and_import(client, world, sample):
    client.force_login(world.players[0])
    band = legal_band(sample)
    body = _body(band)
    body["deck"][0]["count"] = 4
    checked = client.post("/api/malediction/war-bands/validate/", body,
                          content_type="application/json").json()
    assert any("at most 3" in p for p in checked["problems"]) and checked["deck"] == 32
    refused = client.post("/api/malediction/war-bands/", body, content_type="application/json")
    assert refused.status_code == 400 and refused.json()["problems"]
    made = client.post("/api/malediction/war-bands/", _body(band),
                       content_type="application/json")
    assert made.status_code == 201 and "Seeker: Vorna" in made.json()["text"]
    imported = client.post("/api/malediction/war-bands/import-text/",
                           {"text": made.json()["text"], "name": "Copy"},
                           content_type="application/json")
    assert imported.status_code == 201
    assert len(client.get("/api/malediction/war-bands/").json()["results"]) == 2
    bad = client.post("/api/malediction/war-bands/validate/", {"deck": "x"},
                      content_type="application/json")
    assert bad.status_code == 400 and "seeker" in bad.json()


def test_event_lists_are_secret_before_the_reveal(client, world, sample):
    band = warbands.save_war_band(owner=world.players[0], name="B", **legal_band(sample))
    client.force_login(world.players[0])
    submitted = client.post(f"/api/malediction/events/{world.event.pk}/submit-list/",
                            {"war_band": band.pk}, content_type="application/json")
    assert submitted.status_code == 200
    mine = client.get(f"/api/malediction/events/{world.event.pk}/registrations/").json()
    assert next(r for r in mine if r["id"] == world.regs[0].pk)["list"]["name"] == "B"
    client.force_login(world.players[1])
    theirs = client.get(f"/api/malediction/events/{world.event.pk}/registrations/").json()
    row = next(r for r in theirs if r["id"] == world.regs[0].pk)
    assert row["submitted"] and row["list"] is None


def test_match_report_confirm_and_tracker(client, world, sample):
    match = create_match(round=world.round1, sides=[[world.regs[0]], [world.regs[1]]])
    client.force_login(world.players[0])
    url = f"/api/malediction/matches/{match.pk}/"
    entry = client.post(url + "tracker-entry/", {"type": "mulligan", "data": {"player": 0}},
                        content_type="application/json")
    assert entry.status_code == 200
    state = client.get(url + "tracker/").json()
    assert state["state"]["players"][0]["hand"] == 6 and len(state["entries"]) == 1
    refused = client.post(url + "tracker-entry/", {"type": "nonsense"},
                          content_type="application/json")
    assert refused.status_code == 400
    assert client.post(url + "tracker-undo/").status_code == 200
    bad = client.post(url + "report/", {"winner": "a", "mastery_a": 30, "mastery_b": 10,
                                        "final_round": 3, "win_type": "threshold"},
                      content_type="application/json")
    assert bad.status_code == 400 and "win_type" in bad.json()
    client.post(url + "report/", {"winner": "a", "mastery_a": 44, "mastery_b": 10,
                                  "final_round": 3, "win_type": "threshold",
                                  "facts_a": {"kill_mastery": 14}},
                content_type="application/json")
    client.force_login(world.players[1])
    done = client.post(url + "confirm/")
    assert done.status_code == 200 and done.json()["state"] == Match.State.CONFIRMED
    assert done.json()["sides"][0]["kill_mastery"] == 14
    table = client.get(f"/api/malediction/events/{world.event.pk}/standings/").json()
    assert table["rows"][0]["wins"] == 1 and table["rows"][0]["margin"] == 34
    client.force_login(world.outsider)
    assert client.post(url + "confirm/").status_code in (403, 404)
