"""Celery jobs of the campaign app: thin wrappers around the week services.

Beat runs ``turn_over_due_weeks`` every few minutes (``CELERY_BEAT_SCHEDULE``, kept in
the database by django-celery-beat so it survives restarts). It enqueues
``turn_over_week`` for each campaign whose next week is due; that job is idempotent on
(campaign, week), so duplicates, retries and two workers are harmless. Every attempt
leaves a ``TurnoverRun`` row that organizers see on the week page.
"""

from __future__ import annotations

import logging

from celery import shared_task
from django.db import DatabaseError
from django.db.models import Max, Q
from django.urls import reverse
from django.utils import timezone

from campaign.models import Campaign, CampaignWeek, TurnoverRun
from campaign.services.errors import CampaignError
from campaign.weeks import calendar
from campaign.weeks import services as weeks
from notifications import events as notify

log = logging.getLogger(__name__)
MAX_RETRIES = 5


@shared_task(name="campaign.turn_over_week", bind=True, max_retries=MAX_RETRIES,
             acks_late=True)
def turn_over_week(self, campaign_id: int, number: int) -> str:
    attempt = self.request.retries + 1
    run = TurnoverRun.objects.create(campaign_id=campaign_id, week_number=number,
                                     attempt=attempt, task_id=self.request.id or "")
    try:
        result = weeks.turn_over(campaign_id, number)
    except CampaignError as exc:  # a rule says no: retrying would not help
        _finish(run, TurnoverRun.Status.SKIPPED, str(exc))
        return f"skipped: {exc}"
    except Exception as exc:
        last = self.request.retries >= MAX_RETRIES
        _finish(run, TurnoverRun.Status.GAVE_UP if last else TurnoverRun.Status.FAILED,
                f"{type(exc).__name__}: {exc}")
        log.exception("Turnover of campaign %s week %s failed", campaign_id, number)
        if last:
            _tell_organizers(campaign_id, number, exc)
            raise
        raise self.retry(exc=exc, countdown=min(300, 5 * 2 ** self.request.retries)) from exc
    status = TurnoverRun.Status.SUCCEEDED if result.turned_over else TurnoverRun.Status.SKIPPED
    _finish(run, status, result.reason)
    return "ended" if result.ended else status


def _tell_organizers(campaign_id: int, number: int, exc: Exception) -> None:
    """The turnover gave up: the campaign's organizers hear about it (once per week)."""
    try:
        campaign = Campaign.objects.select_related("league").get(pk=campaign_id)
        notify.job_failed(campaign=campaign, job="turnover", week=number,
                          error=f"{type(exc).__name__}: {exc}",
                          key=f"turnover:{campaign_id}:{number}",
                          url=reverse("campaign:week", args=[campaign_id, number]))
    except DatabaseError:  # the database itself is down: the home lists the run later
        log.warning("Could not notify the organizers of campaign %s", campaign_id)


def _finish(run: TurnoverRun, status: str, error: str = "") -> None:
    try:
        run.status, run.error, run.finished_at = status, error, timezone.now()
        run.save(update_fields=["status", "error", "finished_at"])
    except DatabaseError:  # the database itself is down: the retry will record again
        log.warning("Could not record turnover run %s", run.pk)


def due_turnovers(now=None) -> list[tuple[int, int]]:
    """(campaign id, week number) for every running campaign whose next week is due."""
    now = now or timezone.now()
    campaigns = (
        Campaign.objects.filter(status=Campaign.Status.RUNNING).select_related("league")
        .annotate(turned=Max("weeks__number",
                             filter=~Q(weeks__state=CampaignWeek.State.UPCOMING)))
    )
    due = []
    for campaign in campaigns:
        following = (campaign.turned or 0) + 1
        moment = calendar.turnover_at(campaign.start_date, campaign.weekday, following,
                                      hour=campaign.turnover_hour,
                                      time_zone=campaign.league.time_zone)
        if moment <= now:
            due.append((campaign.pk, following))
    return due


@shared_task(name="campaign.turn_over_due_weeks")
def turn_over_due_weeks() -> int:
    """Beat's job: enqueue the turnover of every week that is due."""
    due = due_turnovers()
    for campaign_id, number in due:
        turn_over_week.delay(campaign_id, number)
    return len(due)


@shared_task(name="campaign.send_week_notice", max_retries=3, default_retry_delay=60)
def send_week_notice(week_id: int) -> int:
    """Tell the campaign's players the week is open, with its event: a notification each
    (once per week, so a retry repeats nothing), emailed to those who want it."""
    week = CampaignWeek.objects.select_related("campaign").get(pk=week_id)
    return len(notify.week_began(week))
