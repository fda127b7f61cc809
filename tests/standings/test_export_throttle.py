"""Anyone who may see a campaign may download its standings, so anonymous downloads are
counted per address: past the rate the page says so and no job is made."""

import pytest
from django.urls import reverse

from exports.models import ExportJob
from tests.exports.test_export_throttle import fresh_address
from tests.standings.test_exports import played  # noqa: F401

pytestmark = pytest.mark.django_db


def test_anonymous_standings_downloads_are_limited_per_address(client, played, settings):  # noqa: F811
    settings.EXPORT_ANON_RATE = "2/h"
    url = reverse("standings:export", args=[played.pk, "csv"])
    address = fresh_address()
    answers = [client.post(url, REMOTE_ADDR=address) for _ in range(3)]
    assert [a.status_code for a in answers] == [200, 200, 302]
    assert ExportJob.objects.count() == 2
    refused = client.get(answers[2]["Location"]).content.decode()
    assert "Too many exports" in refused
    assert client.post(url, REMOTE_ADDR=fresh_address()).status_code == 200
