"""Writing notifications and preferences: the only writer of this app's tables.

``notify`` records one notification per (user, kind, key) and queues its email when the
user wants it; the email job (``deliver_email``) locks the row and sends at most once.
Reading a notification, marking all read, choosing which events email you and the
unsubscribe link all end here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from django.core import signing
from django.db import transaction
from django.utils import timezone

from config.jobs import enqueue
from notifications import kinds, tokens
from notifications.models import EmailPreference, Notification


def wants_email(user, kind: str, preferences: Mapping[str, bool] | None = None) -> bool:
    """True when ``user`` has an address and has not turned this kind's email off."""
    if not getattr(user, "email", "") or not user.is_active:
        return False
    if preferences is None:
        preferences = email_preferences(user)
    return preferences.get(kind, kinds.get(kind).email_by_default)


def email_preferences(user) -> dict[str, bool]:
    """Every kind's email choice for ``user`` (the kind's default where they made none)."""
    chosen = dict(EmailPreference.objects.filter(user=user).values_list("kind", "email"))
    return {key: chosen.get(key, kind.email_by_default) for key, kind in kinds.KINDS.items()}


@transaction.atomic
def notify(user, kind: str, *, key: str, url: str = "", params: Mapping | None = None
           ) -> Notification | None:
    """Tell ``user`` about ``key`` (once: a second call with the same kind and key returns
    the first notification and sends nothing). The email leaves after the commit."""
    kinds.get(kind)  # an unknown kind fails here, not when someone reads it
    if user is None or not user.is_active:
        return None
    notification, created = Notification.objects.get_or_create(
        user=user, kind=kind, key=key[:120],
        defaults={"url": url[:300], "params": dict(params or {})})
    if created and wants_email(user, kind):
        enqueue("notifications.send_email", notification.pk)
    return notification


def notify_each(users: Iterable, kind: str, *, key: str, url: str = "",
                params: Mapping | None = None, params_for=None) -> list[Notification]:
    """``notify`` every user once (duplicates and None dropped); ``params_for(user)`` adds
    what only that user may read (their own secret draw)."""
    seen, made = set(), []
    for user in users:
        if user is None or user.pk in seen:
            continue
        seen.add(user.pk)
        extra = params_for(user) if params_for else {}
        notification = notify(user, kind, key=key, url=url, params={**(params or {}), **extra})
        if notification is not None:
            made.append(notification)
    return made


@transaction.atomic
def deliver_email(notification_id: int) -> bool:
    """Send the notification's email once; False when it was sent already, the user
    turned the kind off meanwhile, or the notification is gone. A failure to send rolls
    back, so the retried job sends it."""
    from notifications.emails import build_email

    notification = (Notification.objects.select_for_update(of=("self",))
                    .select_related("user").filter(pk=notification_id).first())
    if notification is None or notification.emailed_at is not None:
        return False
    if not wants_email(notification.user, notification.kind):
        return False
    build_email(notification).send(fail_silently=False)
    notification.emailed_at = timezone.now()
    notification.save(update_fields=["emailed_at"])
    return True


def mark_read(user, notification: Notification) -> Notification:
    """Mark one of ``user``'s notifications read (someone else's is not found)."""
    if notification.user_id != user.pk:
        raise Notification.DoesNotExist("Not your notification.")
    if notification.read_at is None:
        Notification.objects.filter(pk=notification.pk, read_at__isnull=True).update(
            read_at=timezone.now())
        notification.refresh_from_db(fields=["read_at"])
    return notification


def mark_answered(kind: str, key: str) -> int:
    """A request answered elsewhere (both players asked to auto-resolve, or the asker
    withdrew) no longer waits on anyone's home: its notifications are read."""
    return Notification.objects.filter(kind=kind, key=key, read_at__isnull=True).update(
        read_at=timezone.now())


def mark_all_read(user) -> int:
    return Notification.objects.filter(user=user, read_at__isnull=True).update(
        read_at=timezone.now())


@transaction.atomic
def set_email_preferences(user, choices: Mapping[str, bool]) -> dict[str, bool]:
    """Save ``user``'s email choice for each kind in ``choices`` (unknown kinds refused)."""
    for kind, email in choices.items():
        kinds.get(kind)
        EmailPreference.objects.update_or_create(user=user, kind=kind,
                                                 defaults={"email": bool(email)})
    return email_preferences(user)


@dataclass(frozen=True)
class Unsubscribed:
    user: object
    kinds: tuple[str, ...]


def unsubscribe_target(token: str):
    """(user, kinds) a token would unsubscribe; ``signing.BadSignature`` for a bad token
    or a user who is gone."""
    from django.contrib.auth import get_user_model

    user_id, kind = tokens.read_unsubscribe_token(token)
    user = get_user_model().objects.filter(pk=user_id).first()
    if user is None or (kind != tokens.ALL and kind not in kinds.KINDS):
        raise signing.BadSignature("Unknown user or kind")
    return user, (tuple(kinds.KINDS) if kind == tokens.ALL else (kind,))


def unsubscribe(token: str) -> Unsubscribed:
    """Turn off the emails a signed token names; works logged out, and again is harmless."""
    user, chosen = unsubscribe_target(token)
    set_email_preferences(user, dict.fromkeys(chosen, False))
    return Unsubscribed(user, chosen)
