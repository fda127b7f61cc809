"""The email job: thin, and idempotent by the notification (it is sent at most once)."""

from __future__ import annotations

from celery import shared_task

from notifications import services


@shared_task(name="notifications.send_email", bind=True, max_retries=3, acks_late=True)
def send_email(self, notification_id: int) -> bool:
    try:
        return services.deliver_email(notification_id)
    except OSError as exc:  # the mail server is unreachable: try again later
        raise self.retry(exc=exc, countdown=60 * (self.request.retries + 1)) from exc
