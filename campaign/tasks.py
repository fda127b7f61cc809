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
from django.conf import settings
from django.core.mail import send_mass_mail
from django.db import DatabaseError
from django.db.models import Max, Q
from django.utils import timezone

from campaign import calendar
from campaign.models import Campaign, CampaignWeek, TurnoverRun
from campaign.services import weeks
from campaign.services.errors import CampaignError
from rules import tables

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
            raise
        raise self.retry(exc=exc, countdown=min(300, 5 * 2 ** self.request.retries)) from exc
    status = TurnoverRun.Status.SUCCEEDED if result.turned_over else TurnoverRun.Status.SKIPPED
    _finish(run, status, result.reason)
    return "ended" if result.ended else status


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
    """Email the campaign's players: the week is open, with its event."""
    week = CampaignWeek.objects.select_related("campaign").get(pk=week_id)
    campaign = week.campaign
    table = tables.weekly_events()
    events = [table.row(key) for key in weeks.event_chain(week)]
    lines = [f"Week {week.number} of {campaign} has begun."]
    lines += [f"- {event.name}: {event.summary}" for event in events]
    if week.number > 1:
        lines.append("New Hires are open: hire at least one model this week.")
    body = "\n".join(lines)
    recipients = [c.player.email for c in campaign.crews.filter(status="active")
                  .select_related("player") if c.player.email]
    subject = f"{campaign}: week {week.number} - {events[-1].name if events else ''}"
    messages = [(subject, body, settings.DEFAULT_FROM_EMAIL, [to]) for to in recipients]
    return send_mass_mail(messages, fail_silently=False) if messages else 0
