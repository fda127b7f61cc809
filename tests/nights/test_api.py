"""Nights API: the evening through the API, 400s with field errors for bad input,
permissions on every write, visibility on reads, bounded queries for lists."""

from __future__ import annotations

import pytest

from campaign.models import Campaign
from nights import services
from nights.models import CampaignNight, CheckIn
from tests.campaign.factories import member
from tests.nights.conftest import running_campaign

pytestmark = pytest.mark.django_db

API = "/api/nights/"


def url(night, action=""):
    return f"{API}{night.pk}/" + (f"{action}/" if action else "")


def test_organizer_runs_a_night_through_the_api(api_client, six):
    campaign, crews, organizer = six
    api_client.force_authenticate(organizer)
    response = api_client.post(API, {"campaign": campaign.pk, "date": "2026-12-08"},
                               format="json")
    assert response.status_code == 201, response.data
    night = CampaignNight.objects.get(pk=response.data["id"])
    assert response.data["week"] == 1 and response.data["state"] == "open"
    for crew in crews:
        response = api_client.post(url(night, "check-ins"), {"crew": crew.pk}, format="json")
        assert response.status_code == 200, response.data
    assert len(response.data["check_ins"]) == 6
    response = api_client.post(url(night, "generate"), {"method": "standings"}, format="json")
    assert response.status_code == 200
    pairings = response.data["pairings"]
    assert [(p["table"], p["crew_a"]["name"], p["crew_b"]["name"]) for p in pairings] == [
        (1, "Alpha", "Bravo"), (2, "Charlie", "Delta"), (3, "Echo", "Foxtrot")]
    response = api_client.post(url(night, "adjust"),
                               {"crew_x": crews[1].pk, "crew_y": crews[3].pk}, format="json")
    assert response.data["pairings"][0]["crew_b"]["name"] == "Delta"
    response = api_client.post(url(night, "tables"), {"tables": [
        {"pairing": pairings[0]["id"], "table": 9}]}, format="json")
    assert response.status_code == 200
    assert [p["table"] for p in response.data["pairings"]] == [2, 3, 9]
    response = api_client.post(url(night, "start"))
    assert response.status_code == 200 and response.data["state"] == "started"
    assert all(p["game"]["status"] == "Setting up" for p in response.data["pairings"])
    response = api_client.post(url(night, "close"))
    assert response.data["state"] == "closed" and response.data["allowed_next_states"] == []


def test_player_checks_in_only_their_own_crew_and_cannot_run_the_night(api_client, six):
    campaign, crews, organizer = six
    night = services.open_night(campaign=campaign, actor=organizer)
    alpha = crews[0]
    api_client.force_authenticate(alpha.player)
    assert api_client.post(url(night, "check-ins"), {"crew": alpha.pk},
                           format="json").status_code == 200
    assert api_client.post(url(night, "check-ins"), {"crew": crews[1].pk},
                           format="json").status_code == 403
    assert api_client.post(url(night, "check-out"), {"crew": alpha.pk},
                           format="json").status_code == 200
    assert not CheckIn.objects.filter(night=night).exists()
    services.check_in(night=night, crew=alpha, actor=organizer)
    services.check_in(night=night, crew=crews[1], actor=organizer)
    for action, body in (("generate", {"method": "random"}), ("start", {}), ("close", {}),
                         ("adjust", {"crew_x": alpha.pk, "crew_y": crews[1].pk}),
                         ("tables", {"tables": [{"pairing": 1, "table": 1}]})):
        assert api_client.post(url(night, action), body, format="json").status_code == 403
    assert api_client.post(API, {"campaign": campaign.pk}, format="json").status_code == 403
    api_client.force_authenticate(None)
    assert api_client.post(url(night, "check-ins"), {"crew": alpha.pk},
                           format="json").status_code in (401, 403)
    night.refresh_from_db()
    assert night.state == "open" and not night.pairings.exists()


def test_bad_input_is_a_400_with_field_errors(api_client, six):
    campaign, crews, organizer = six
    night = services.open_night(campaign=campaign, actor=organizer)
    other = running_campaign(1)[1][0]
    api_client.force_authenticate(organizer)
    cases = [
        (API, {"campaign": "x"}, "campaign"),
        (API, {"campaign": campaign.pk, "date": "yesterday"}, "date"),
        (url(night, "check-ins"), {}, "crew"),
        (url(night, "check-ins"), {"crew": other.pk}, "crew"),
        (url(night, "generate"), {"method": "elo"}, "method"),
        (url(night, "adjust"), {"crew_x": crews[0].pk, "crew_y": crews[0].pk}, "crew_y"),
        (url(night, "tables"), {"tables": [{"pairing": 1, "table": 0}]}, "tables"),
        (url(night, "tables"), {"tables": []}, "tables"),
        (API + "?campaign=abc", None, "campaign"),
    ]
    for address, body, field in cases:
        if body is None:
            response = api_client.get(address)
        else:
            response = api_client.post(address, body, format="json")
        assert response.status_code == 400, (address, body, response.data)
        assert field in response.data, (address, response.data)
    # Rule refusals are 400s with the message.
    response = api_client.post(url(night, "generate"), {"method": "standings"}, format="json")
    assert response.status_code == 400
    assert response.data["non_field_errors"] == [
        "Check in at least two players before pairing."]
    response = api_client.post(url(night, "start"))
    assert response.status_code == 400
    api_client.post(url(night, "close"))
    response = api_client.post(url(night, "close"))
    assert response.status_code == 400 and "Cannot move from closed" in str(response.data)


def test_reads_follow_the_campaign_visibility(api_client, six):
    campaign, _crews, organizer = six
    night = services.open_night(campaign=campaign, actor=organizer)
    assert api_client.get(url(night)).status_code == 200
    Campaign.objects.filter(pk=campaign.pk).update(visibility="members")
    assert api_client.get(url(night)).status_code == 404
    assert api_client.get(API).data["count"] == 0
    api_client.force_authenticate(member(campaign.league))
    assert api_client.get(url(night)).status_code == 200
    assert api_client.get(API, {"campaign": campaign.pk}).data["count"] == 1


def test_list_and_detail_queries_are_bounded(api_client, django_assert_max_num_queries):
    campaign, crews, organizer = running_campaign(10)
    night = services.open_night(campaign=campaign, actor=organizer)
    for crew in crews:
        services.check_in(night=night, crew=crew, actor=organizer)
    services.generate_pairings(night=night, actor=organizer, method="standings")
    services.start_games(night=night, actor=organizer)
    for _ in range(5):  # nights of other campaigns in the list
        c, _more, o = running_campaign(2)
        services.open_night(campaign=c, actor=o)
    with django_assert_max_num_queries(3):
        response = api_client.get(API)
    assert response.data["count"] == 6
    with django_assert_max_num_queries(4):
        response = api_client.get(url(night))
    assert len(response.data["pairings"]) == 5 and len(response.data["check_ins"]) == 10
