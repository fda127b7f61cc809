"""Week turnovers on the real path: PostgreSQL, Redis, a Celery worker and beat."""

import datetime
import threading
import time

import pytest
from django.db import close_old_connections, connection
from django.utils import timezone

from campaign.models import Campaign, CampaignWeek, TurnoverRun
from campaign.weeks import services as weeks
from campaign.weeks.tasks import turn_over_week
from rules.models import FlipRecord
from tests.campaign.factories import CampaignFactory, CrewFactory, member

pytestmark = [pytest.mark.realservices, pytest.mark.django_db(transaction=True)]


def running_campaign(start=None):
    """A running campaign whose week 1 is due now (its designated day is today)."""
    today = timezone.localdate()
    campaign = CampaignFactory(status=Campaign.Status.RUNNING, start_date=start or today,
                               weekday=(start or today).weekday(), turnover_hour=0)
    for _ in range(2):
        CrewFactory(campaign=campaign, player=member(campaign.league), status="active")
    return campaign


def wait_for(predicate, timeout=60.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.25)
    return False


def week_flips(campaign, number):
    week = CampaignWeek.objects.get(campaign=campaign, number=number)
    return list(weeks.week_flips(week))


def test_two_threads_turning_over_the_same_week_flip_once(real_services):
    campaign = running_campaign()
    barrier = threading.Barrier(2)
    results = []

    def worker():
        barrier.wait()
        try:
            results.append(weeks.turn_over(campaign.pk, 1).turned_over)
        finally:
            close_old_connections()
            connection.close()

    threads = [threading.Thread(target=worker) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert sorted(results) == [False, True]
    assert CampaignWeek.objects.get(campaign=campaign, number=1).state == "games"
    kept = week_flips(campaign, 1)
    assert kept and FlipRecord.objects.count() == len(kept)


def test_duplicate_jobs_on_a_real_worker_flip_exactly_once(celery_worker):
    campaign = running_campaign()
    results = [turn_over_week.delay(campaign.pk, 1) for _ in range(3)]
    outcomes = sorted(r.get(timeout=60) for r in results)
    assert outcomes == ["skipped", "skipped", "succeeded"]
    assert TurnoverRun.objects.filter(campaign=campaign, status="succeeded").count() == 1
    assert week_flips(campaign, 1)
    assert FlipRecord.objects.filter(purpose__startswith="Week 1: weekly event").count() == 1


def test_beat_triggers_the_turnover_end_to_end(celery_beat):
    yesterday = timezone.localdate() - datetime.timedelta(days=1)
    campaign = running_campaign(start=yesterday)
    assert wait_for(lambda: CampaignWeek.objects.filter(
        campaign=campaign, number=1, state="games").exists()), "beat did not turn the week over"
    week = CampaignWeek.objects.get(campaign=campaign, number=1)
    assert week.event_key and week.turned_over_at
    assert TurnoverRun.objects.filter(campaign=campaign, week_number=1,
                                      status="succeeded").count() == 1
    time.sleep(2.5)  # more beats come and go: nothing flips twice
    assert FlipRecord.objects.filter(purpose__startswith="Week 1: weekly event").count() == 1
    assert not CampaignWeek.objects.filter(campaign=campaign, number=2).exclude(
        state="upcoming").exists()
