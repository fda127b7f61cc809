"""Exports are counted per account, or per address when anonymous: past the rate a
request is refused with a clear message and makes no job."""

import uuid

import pytest
from django.urls import reverse

from exports.models import ExportJob

pytestmark = pytest.mark.django_db


def fresh_address() -> str:
    """Counters outlive a test (the cache is shared), so each test uses a new address."""
    return "10.{}.{}.{}".format(*uuid.uuid4().bytes[:3])


def test_the_api_answers_429_past_the_rate_and_writes_nothing(api_client, full_campaign,
                                                              settings):
    campaign, organizer = full_campaign
    settings.EXPORT_RATE = "1/h"
    organizer.username = f"org-{uuid.uuid4().hex[:12]}"  # a bucket no earlier run filled
    organizer.save(update_fields=["username"])
    api_client.force_authenticate(organizer)
    url = reverse("campaign-exports", args=[campaign.pk])
    body = {"kind": "archive", "format": "json"}
    first = api_client.post(url, body, REMOTE_ADDR=fresh_address())
    assert first.status_code in (201, 202)
    second = api_client.post(url, body, REMOTE_ADDR=fresh_address())
    assert second.status_code == 429
    assert "Too many exports" in second.json()["detail"]
    assert ExportJob.objects.count() == 1
