"""Only the league's admins and organizers export archives, on pages and in the API."""

import json

import pytest
from django.urls import reverse

from exports.models import ExportJob
from league.models import Role
from tests.campaign.factories import member
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_an_organizer_downloads_a_small_campaign_at_once(client, full_campaign):
    campaign, organizer = full_campaign
    client.force_login(organizer)
    page = client.get(campaign.get_absolute_url()).content.decode()
    assert 'id="export-archive"' in page
    response = client.post(reverse("exports:start", args=[campaign.pk]),
                           {"kind": "archive", "format": "json"})
    assert response.status_code == 200
    assert "attachment" in response["Content-Disposition"]
    document = json.loads(b"".join(response.streaming_content))
    assert document["sections"]["campaign"][0]["name"] == campaign.name
    assert ExportJob.objects.get().state == "done"


@pytest.mark.parametrize("role", [Role.PLAYER, None])
def test_players_and_outsiders_are_refused(client, api_client, full_campaign, role):
    campaign, _ = full_campaign
    person = member(campaign.league, role) if role else UserFactory()
    client.force_login(person)
    assert 'id="export-archive"' not in client.get(campaign.get_absolute_url()).content.decode()
    assert client.post(reverse("exports:start", args=[campaign.pk])).status_code == 403
    api_client.force_authenticate(person)
    url = reverse("campaign-exports", args=[campaign.pk])
    assert api_client.post(url, {"kind": "archive", "format": "json"}).status_code == 403
    assert not ExportJob.objects.exists()


def test_anonymous_visitors_are_refused(client, api_client, full_campaign):
    campaign, _ = full_campaign
    response = client.post(reverse("exports:start", args=[campaign.pk]))
    assert response.status_code == 302 and "login" in response["Location"]
    url = reverse("campaign-exports", args=[campaign.pk])
    assert api_client.post(url, {"kind": "archive"}).status_code in (401, 403)
    assert not ExportJob.objects.exists()


def test_a_job_and_its_file_are_hidden_from_players(client, api_client, full_campaign):
    campaign, organizer = full_campaign
    admin = member(campaign.league, Role.ADMIN)
    client.force_login(admin)
    client.post(reverse("exports:start", args=[campaign.pk]))
    job = ExportJob.objects.get()
    player = campaign.crews.first().player
    client.force_login(player)
    assert client.get(reverse("exports:job", args=[job.pk])).status_code == 403
    assert client.get(reverse("exports:download", args=[job.pk])).status_code == 403
    api_client.force_authenticate(player)
    assert api_client.get(reverse("export-job", args=[job.pk])).status_code == 403
    client.force_login(organizer)
    assert client.get(reverse("exports:download", args=[job.pk])).status_code == 200


def test_bad_kind_or_format_is_a_400(api_client, full_campaign):
    campaign, organizer = full_campaign
    api_client.force_authenticate(organizer)
    url = reverse("campaign-exports", args=[campaign.pk])
    response = api_client.post(url, {"kind": "tarot", "format": "json"})
    assert response.status_code == 400 and "kind" in response.json()
    response = api_client.post(url, {"kind": "archive", "format": "docx"})
    assert response.status_code == 400 and "format" in response.json()
    assert not ExportJob.objects.exists()
