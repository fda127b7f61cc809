"""Reading notifications: a user only ever reads their own."""

from __future__ import annotations

from django.db.models import QuerySet

from notifications.models import Notification


def notifications_of(user) -> QuerySet[Notification]:
    if not user.is_authenticated:
        return Notification.objects.none()
    return Notification.objects.filter(user=user)


def unread_count(user) -> int:
    """One indexed count (``notification_unread``)."""
    return notifications_of(user).filter(read_at__isnull=True).count()


def unread_asking_for_action(user, kind_keys) -> list[Notification]:
    """Unread requests the home lists under "Needs you" (one query)."""
    return list(notifications_of(user).filter(read_at__isnull=True, kind__in=kind_keys)[:20])
