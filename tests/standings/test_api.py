"""Standings API: the same rows as the page and the exports, past weeks, history, the
metric registry, tie-break settings (organizers only, validated: 400s, never 500s)."""

from __future__ import annotations

import io

import pytest
from django.db.models import Sum
from openpyxl import load_workbook
from rest_framework.test import APIClient

from bench.bench_standings import build_campaign
from campaign.models import Campaign, Crew
from league.models import Role
from standings.models import StandingsConfig
from tests.campaign.factories import member
from tests.encounters.test_week_effects import play
from tests.factories import UserFactory
from tests.standings.conftest import next_week

pytestmark = pytest.mark.django_db


def client_for(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


@pytest.fixture
def played(tournament):
    campaign, (alpha, bravo, charlie), organizer = tournament
    play(campaign, alpha, bravo, vp=(5, 3))
    campaign = next_week(campaign, organizer)
    play(campaign, charlie, alpha, vp=(6, 0))
    return campaign, (alpha, bravo, charlie), organizer


def test_the_api_returns_the_same_rows_as_the_xlsx(client, played):
    campaign, (alpha, _bravo, _charlie), _organizer = played
    body = client_for().get(f"/api/campaigns/{campaign.pk}/standings/").json()
    assert body["week"] == 2 and body["last_week"] == 2 and body["campaign"] == campaign.name
    assert [m["key"] for m in body["tie_breaks"]] == ["cp", "diff", "vp"]
    assert body["rows"][1] == {"rank": 2, "tied": False, "crew_id": alpha.pk, "crew": "Alpha",
                               "player": str(alpha.player), "faction": "Guild",
                               "values": {"cp": 3, "diff": -4, "vp": 5, "games": 2}}
    xlsx = client.post(f"/campaigns/{campaign.pk}/standings/export.xlsx")
    sheet = load_workbook(io.BytesIO(b"".join(xlsx.streaming_content))).active
    exported = [list(r)[:8] for r in sheet.iter_rows(min_row=6, values_only=True)]
    keys = [m["key"] for m in body["columns"]]
    assert exported == [[r["rank"], r["crew"], r["player"], r["faction"],
                         *(r["values"][k] for k in keys)] for r in body["rows"]]


def test_a_past_week_and_bad_weeks(played):
    campaign, _crews, _organizer = played
    api = client_for()
    week1 = api.get(f"/api/campaigns/{campaign.pk}/standings/", {"week": 1}).json()
    assert [(r["crew"], r["values"]["cp"]) for r in week1["rows"]] == [
        ("Alpha", 3), ("Charlie", 0), ("Bravo", 0)]
    for bad in ("3", "0", "x"):
        response = api.get(f"/api/campaigns/{campaign.pk}/standings/", {"week": bad})
        assert response.status_code == 400 and "week" in response.json()


def test_history(played):
    campaign, (alpha, _bravo, _charlie), _organizer = played
    body = client_for().get(f"/api/campaigns/{campaign.pk}/standings/history/").json()
    assert body["weeks"] == [1, 2]
    crews = {c["crew"]: c for c in body["crews"]}
    assert crews["Alpha"]["positions"] == [1, 2]
    assert crews["Charlie"]["positions"] == [2, 1]
    balances = [alpha.scrip_entries.filter(week__lte=week).aggregate(t=Sum("amount"))["t"]
                for week in (1, 2)]
    assert crews["Alpha"]["scrip"] == balances
    assert balances[-1] == Crew.objects.get(pk=alpha.pk).scrip
    assert body["crews"][0]["crew"] == "Charlie"


def test_members_only_campaign_is_hidden_from_outsiders(played):
    campaign, (alpha, _bravo, _charlie), _organizer = played
    Campaign.objects.filter(pk=campaign.pk).update(visibility=Campaign.Visibility.MEMBERS)
    for path in ("", "history/", "config/"):
        url = f"/api/campaigns/{campaign.pk}/standings/{path}"
        assert client_for().get(url).status_code == 404
        assert client_for(UserFactory()).get(url).status_code == 404
        assert client_for(alpha.player).get(url).status_code == 200


def test_metric_registry():
    body = client_for().get("/api/standings/metrics/").json()
    by_key = {m["key"]: m for m in body}
    assert by_key["cp"]["label"] == "Campaign Points"
    assert by_key["annihilated"]["direction"] == "lower"
    assert by_key["diff"]["direction"] == "higher"


def test_organizers_set_validated_tie_breaks(played):
    campaign, (alpha, _bravo, _charlie), organizer = played
    url = f"/api/campaigns/{campaign.pk}/standings/config/"
    assert client_for().get(url).json() == {
        "tie_breaks": ["cp", "diff", "vp"], "is_default": True,
        "defaults": ["cp", "diff", "vp"]}
    assert client_for().put(url, {"tie_breaks": ["vp"]}, format="json").status_code in (401,
                                                                                         403)
    assert client_for(alpha.player).put(url, {"tie_breaks": ["vp"]},
                                        format="json").status_code == 403
    api = client_for(organizer)
    for bad in ({"tie_breaks": ["vp", "vp"]}, {"tie_breaks": ["elo"]}, {"tie_breaks": []},
                {"tie_breaks": "vp"}, {"tie_breaks": [None]}, {}, {"tie_breaks": [["cp"]]}):
        response = api.put(url, bad, format="json")
        assert response.status_code == 400, bad
        assert "tie_breaks" in response.json()
    assert not StandingsConfig.objects.exists()

    saved = api.put(url, {"tie_breaks": ["wins", "vp"]}, format="json")
    assert saved.status_code == 200
    assert saved.json()["tie_breaks"] == ["wins", "vp"] and not saved.json()["is_default"]
    table = client_for().get(f"/api/campaigns/{campaign.pk}/standings/").json()
    assert [m["key"] for m in table["tie_breaks"]] == ["wins", "vp"]

    reset = api.put(url, {"tie_breaks": None}, format="json")
    assert reset.json() == {"tie_breaks": ["cp", "diff", "vp"], "is_default": True,
                            "defaults": ["cp", "diff", "vp"]}


def test_ended_campaigns_keep_their_tie_breaks(played):
    campaign, _crews, organizer = played
    Campaign.objects.filter(pk=campaign.pk).update(status=Campaign.Status.ENDED)
    response = client_for(organizer).put(f"/api/campaigns/{campaign.pk}/standings/config/",
                                         {"tie_breaks": ["vp"]}, format="json")
    assert response.status_code == 400 and "ended" in str(response.json())


def test_the_api_uses_a_bounded_number_of_queries(django_assert_max_num_queries):
    campaign = build_campaign(players=60, games=240, weeks=6, uncounted=8)
    viewer = member(campaign.league, Role.PLAYER)
    api = client_for(viewer)
    for path in ("", "history/"):
        with django_assert_max_num_queries(10):
            response = api.get(f"/api/campaigns/{campaign.pk}/standings/{path}")
        assert response.status_code == 200
    assert len(response.json()["crews"]) == 60
