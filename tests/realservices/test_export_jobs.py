"""An export job through the real Redis broker, run by a separate worker process."""

import json
import time

import pytest

from campaign.models import Campaign
from exports import services
from tests.campaign.factories import CampaignFactory, CrewFactory, member

pytestmark = [pytest.mark.realservices, pytest.mark.django_db(transaction=True)]


def test_a_large_campaign_exports_on_a_real_worker(celery_worker, settings):
    settings.EXPORT_IMMEDIATE_MAX_GAMES = -1  # even an empty campaign counts as large
    campaign = CampaignFactory(status=Campaign.Status.RUNNING)
    for _ in range(2):
        CrewFactory(campaign=campaign, player=member(campaign.league), status="active")
    organizer = member(campaign.league, "organizer")

    job = services.request_export(campaign=campaign, kind="archive", format="json",
                                  actor=organizer)  # no transaction: sent at once
    assert job.state == "queued"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        job.refresh_from_db()
        if job.is_finished:
            break
        time.sleep(0.25)
    assert (job.state, job.progress, job.error) == ("done", 100, "")
    with job.file.open("rb") as f:
        document = json.load(f)
    assert [c["name"] for c in document["sections"]["campaign"]] == [campaign.name]
    assert len(document["sections"]["crews"]) == 2
    assert str(settings.MEDIA_ROOT) in job.file.path
