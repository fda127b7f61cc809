"""Campaign API: roles on every write, refusals as 400s with messages, visibility."""

import pytest

from campaign.models import Campaign, Crew
from league.models import Role
from tests.campaign.factories import LeagueFactory, member
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

BODY = {"name": "Spring", "start_date": "2027-03-02", "length_weeks": 8}


@pytest.mark.parametrize(("role", "code"), [(Role.ORGANIZER, 201), (Role.PLAYER, 403),
                                            (None, 403)])
def test_create_campaign_needs_a_manager(api_client, role, code):
    league = LeagueFactory()
    api_client.force_authenticate(member(league, role) if role else UserFactory())
    response = api_client.post("/api/campaigns/", {**BODY, "league": league.slug}, format="json")
    assert response.status_code == code
    assert Campaign.objects.exists() == (code == 201)


def test_anonymous_writes_are_refused(api_client):
    league = LeagueFactory()
    response = api_client.post("/api/campaigns/", {**BODY, "league": league.slug}, format="json")
    assert response.status_code in (401, 403)


def test_bad_campaign_input_is_a_400_with_fields(api_client):
    league = LeagueFactory()
    api_client.force_authenticate(member(league, Role.ORGANIZER))
    response = api_client.post("/api/campaigns/", {"league": league.slug, "length_weeks": 0},
                               format="json")
    assert response.status_code == 400
    assert {"name", "start_date", "length_weeks"} <= set(response.json())


def test_player_cannot_change_settings(api_client, campaign):
    api_client.force_authenticate(member(campaign.league))
    response = api_client.patch(f"/api/campaigns/{campaign.pk}/", {"extra_scrip": True},
                                format="json")
    assert response.status_code == 403


def test_running_campaign_locks_arsenal_size(api_client, campaign):
    campaign.status = "running"
    campaign.save()
    api_client.force_authenticate(member(campaign.league, Role.ORGANIZER))
    response = api_client.patch(f"/api/campaigns/{campaign.pk}/",
                                {"starting_arsenal_size": 50}, format="json")
    assert response.status_code == 400
    assert "cannot change once the campaign runs" in str(response.json())


def test_join_build_and_refusals_through_the_api(api_client, campaign, roster):
    player = member(campaign.league)
    api_client.force_authenticate(player)
    crew = api_client.post(f"/api/campaigns/{campaign.pk}/join/",
                           {"name": "API Crew", "faction": "guild"}, format="json").json()
    url = f"/api/crews/{crew['id']}/starting-arsenal/"
    refused = api_client.post(url, {"leader": roster["minion"].pk, "models": []}, format="json")
    assert refused.status_code == 400
    assert any("Henchman" in m for m in refused.json()["non_field_errors"])
    bad_index = api_client.post(url, {"leader": roster["henchman"].pk, "models": [],
                                      "upgrade": roster["upgrade"].pk, "upgrade_on": 3},
                                format="json")
    assert bad_index.status_code == 400 and "upgrade_on" in bad_index.json()
    built = api_client.post(url, {"leader": roster["henchman"].pk,
                                  "models": [roster["minion"].pk, roster["enforcer"].pk],
                                  "upgrade": roster["upgrade"].pk, "upgrade_on": -1},
                            format="json")
    assert built.status_code == 201
    assert built.json()["scrip"] == 3
    assert Crew.objects.get(pk=crew["id"]).status == "active"
    api_client.force_authenticate(member(campaign.league))
    other = api_client.post(url, {"leader": roster["henchman"].pk, "models": []}, format="json")
    assert other.status_code == 403


def test_unknown_card_ids_are_field_errors(api_client, crew):
    api_client.force_authenticate(crew.player)
    response = api_client.post(f"/api/crews/{crew.pk}/starting-arsenal/",
                               {"leader": 999999, "models": [999998]}, format="json")
    assert response.status_code == 400
    assert {"leader", "models"} <= set(response.json())


def test_campaign_list_respects_visibility(api_client, campaign):
    hidden = Campaign.objects.create(league=campaign.league, name="Secret", slug="secret",
                                     start_date="2027-01-01", visibility="members")
    names = {c["name"] for c in api_client.get("/api/campaigns/").json()["results"]}
    assert campaign.name in names and hidden.name not in names
    api_client.force_authenticate(member(campaign.league))
    names = {c["name"] for c in api_client.get("/api/campaigns/").json()["results"]}
    assert hidden.name in names
