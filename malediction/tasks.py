"""Malediction's jobs: thin, each calls one function of a service."""

from __future__ import annotations

from celery import shared_task

from malediction.models import Round
from notifications import events as notify


@shared_task(name="malediction.send_pairing_notice", max_retries=3, default_retry_delay=60)
def send_pairing_notice(round_id: int) -> int:
    """Tell each player of a paired round their opponents and table (or their bye): a
    notification each, once per pairing (a retry repeats nothing), emailed to those who
    want it. A round unpaired meanwhile tells nobody."""
    rnd = Round.objects.select_related("event").filter(pk=round_id).first()
    if rnd is None or rnd.state == Round.State.OPEN:
        return 0
    return len(notify.malediction_round_paired(rnd))
