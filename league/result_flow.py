"""Report, confirm, dispute, rule: how any game played in a league gets a result that counts.

One side reports, the other confirms or disputes (with a reason), an organizer rules
(with a reason both sides see). Every report is kept: a newer one supersedes the older,
so the rows are the audit trail. This module holds what does not depend on the game:
the statuses, the abstract report row and the checks each step makes. Each game's
services lock their own match row, call these checks under the lock and write their own
score fields. Malifaux games (``encounters``) keep their own copy of the same flow for
now; ``malediction`` is built on this one.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy


class ResultFlowError(ValueError):
    """A step of the flow refused; the message says what to do instead."""


class ReportStatus(models.TextChoices):
    PENDING = "pending", gettext_lazy("Waiting for the opponent")
    CONFIRMED = "confirmed", gettext_lazy("Confirmed")
    DISPUTED = "disputed", gettext_lazy("Disputed")
    SUPERSEDED = "superseded", gettext_lazy("Replaced by a later report")
    RULED = "ruled", gettext_lazy("Decided by an organizer")


OPEN_STATUSES = (ReportStatus.PENDING, ReportStatus.DISPUTED)
COUNTED_STATUSES = (ReportStatus.CONFIRMED, ReportStatus.RULED)


class AbstractResultReport(models.Model):
    """A reported result, its answer (confirmation, dispute) or an organizer's ruling.

    Subclasses add the foreign key to their match and their game's score fields."""

    reported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    details = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=10, choices=ReportStatus.choices,
                              default=ReportStatus.PENDING)
    answered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+"
    )
    reason = models.CharField(
        max_length=250, blank=True,
        help_text=gettext_lazy("Why it was disputed, or the organizer's ruling."),
    )
    created_at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        abstract = True


def open_report(reports: models.QuerySet):
    """The report waiting for an answer or a ruling, or None."""
    return reports.filter(status__in=OPEN_STATUSES).order_by("id").last()


def counted_report(reports: models.QuerySet):
    """The report that counts (confirmed or ruled), or None."""
    return reports.filter(status__in=COUNTED_STATUSES).order_by("id").last()


def supersede(reports: Iterable[AbstractResultReport]) -> None:
    for old in reports:
        if old.status != ReportStatus.SUPERSEDED:
            old.status = ReportStatus.SUPERSEDED
            old.save(update_fields=["status"])


def answer(report: AbstractResultReport, *, status: str, actor, reason: str = "") -> None:
    report.status, report.answered_by = status, actor
    report.reason, report.answered_at = reason.strip()[:250], timezone.now()
    report.save()


def check_confirm(report, *, actor_side: str, reporter_side: str) -> None:
    """The other side confirms a pending report; never the side that reported it."""
    if report is None or report.status != ReportStatus.PENDING:
        raise ResultFlowError(gettext("There is no reported result waiting for you to confirm."))
    if actor_side == reporter_side:
        raise ResultFlowError(gettext("Your opponent confirms the result you reported."))


def check_dispute(report, *, actor_side: str, reporter_side: str, reason: str) -> None:
    if report is None or report.status != ReportStatus.PENDING:
        raise ResultFlowError(gettext("Only a reported, unconfirmed result can be disputed."))
    if actor_side == reporter_side:
        raise ResultFlowError(gettext("Report a corrected result instead of disputing your own."))
    if not reason.strip():
        raise ResultFlowError(gettext("Say what is wrong with the result, for the organizer."))


def check_ruling(reason: str) -> None:
    if not reason.strip():
        raise ResultFlowError(
            gettext("Give the reason for the ruling; both players will see it."))
