"""The scrip ledger: gains capped per week, spending never below zero.

Callers hold the crew row locked (``lock_crew``) so two requests cannot both spend the
same scrip: the second waits for the first to commit and then sees the new balance.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.contenttypes.models import ContentType
from django.db import transaction
from django.db.models import Sum
from django.utils.translation import gettext

from campaign.models import Crew, ScripEntry
from campaign.services.errors import CampaignError, InsufficientScrip

CAPPED_KINDS = (ScripEntry.Kind.GAIN,)


@dataclass(frozen=True)
class ScripResult:
    gained: int
    discarded: int
    balance: int


def lock_crew(crew: Crew) -> Crew:
    """Re-read the crew under a row lock (inside the caller's transaction)."""
    return Crew.objects.select_for_update(of=("self",)).select_related("campaign").get(pk=crew.pk)


def ledger_balance(crew: Crew) -> int:
    return crew.scrip_entries.aggregate(total=Sum("amount"))["total"] or 0


def gained_in_week(crew: Crew, week: int) -> int:
    """Scrip earned in the week that counts toward the weekly cap."""
    return crew.scrip_entries.filter(week=week, kind__in=CAPPED_KINDS).aggregate(
        total=Sum("amount"))["total"] or 0


def _source(source) -> dict:
    from campaign.services import audit

    source = source if source is not None else audit.source()
    if source is None:
        return {}
    return {"source_type": ContentType.objects.get_for_model(source), "source_id": source.pk}


def _add(crew: Crew, *, week: int, kind: str, amount: int, reason: str, source=None,
         actor=None) -> ScripEntry:
    entry = ScripEntry.objects.create(crew=crew, week=week, kind=kind, amount=amount,
                                      reason=reason[:200], actor=actor, **_source(source))
    crew.scrip += amount
    Crew.objects.filter(pk=crew.pk).update(scrip=crew.scrip)
    return entry


@transaction.atomic
def gain_scrip(crew: Crew, amount: int, *, week: int, reason: str, source=None,
               actor=None) -> ScripResult:
    """Add earned scrip; what exceeds the weekly cap is recorded as discarded."""
    if amount < 0:
        raise CampaignError(gettext("Use spend_scrip to take scrip away."))
    crew = lock_crew(crew)
    room = max(0, crew.campaign.weekly_scrip_cap - gained_in_week(crew, week))
    kept = min(amount, room)
    discarded = amount - kept
    if amount:
        _add(crew, week=week, kind=ScripEntry.Kind.GAIN, amount=amount, reason=reason,
             source=source, actor=actor)
    if discarded:
        _add(crew, week=week, kind=ScripEntry.Kind.DISCARDED, amount=-discarded,
             reason=f"Over the weekly cap of {crew.campaign.weekly_scrip_cap}: {reason}",
             source=source, actor=actor)
    return ScripResult(kept, discarded, crew.scrip)


@transaction.atomic
def spend_scrip(crew: Crew, amount: int, *, week: int, reason: str, source=None,
                actor=None, locked: Crew | None = None) -> ScripResult:
    """Spend scrip or raise InsufficientScrip; nothing is written when it is refused."""
    if amount < 0:
        raise CampaignError(gettext("A purchase cannot cost a negative amount."))
    crew = locked or lock_crew(crew)
    if amount > crew.scrip:
        raise InsufficientScrip(f"{reason} costs {amount} scrip; the crew has {crew.scrip}.")
    if amount:
        _add(crew, week=week, kind=ScripEntry.Kind.SPEND, amount=-amount, reason=reason,
             source=source, actor=actor)
    return ScripResult(0, 0, crew.scrip)


@transaction.atomic
def credit_starting(crew: Crew, amount: int, *, week: int, reason: str,
                    actor=None) -> ScripResult:
    """Scrip a crew starts with (unspent soulstones, a late start); not weekly earnings,
    so it does not count toward the weekly cap."""
    crew = lock_crew(crew)
    if amount:
        _add(crew, week=week, kind=ScripEntry.Kind.STARTING, amount=amount, reason=reason,
             actor=actor)
    return ScripResult(amount, 0, crew.scrip)


@transaction.atomic
def adjust_scrip(crew: Crew, amount: int, *, week: int, reason: str, actor) -> ScripResult:
    """An organizer's correction, recorded with who and why; never below zero."""
    crew = lock_crew(crew)
    if crew.scrip + amount < 0:
        raise InsufficientScrip(f"The crew has {crew.scrip} scrip; it cannot go below zero.")
    _add(crew, week=week, kind=ScripEntry.Kind.ADJUSTMENT, amount=amount, reason=reason,
         actor=actor)
    return ScripResult(max(amount, 0), 0, crew.scrip)
