"""Celery jobs of the rules app: thin wrappers around the flip services."""

from celery import shared_task
from django.contrib.auth import get_user_model

from rules import services


@shared_task(name="rules.server_flip", bind=True, max_retries=3, default_retry_delay=5)
def server_flip(
    self, purpose: str, positive: int = 0, negative: int = 0, user_id: int | None = None
) -> int:
    """Make and record a server flip; returns the FlipRecord id.

    Scheduled flips (weekly events) call the same service with their own subject.
    """
    actor = get_user_model().objects.filter(pk=user_id).first() if user_id else None
    record = services.server_flip(
        purpose=purpose, actor=actor, positive=positive, negative=negative
    )
    return record.pk
