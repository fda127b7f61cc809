"""The email a notification sends: the message, a link to its page, and two ways out (the
preferences page and a one-click unsubscribe link, also in the List-Unsubscribe headers
mail clients show as a button)."""

from __future__ import annotations

from django.conf import settings
from django.core.mail import EmailMessage
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.text import Truncator
from django.utils.translation import gettext

from notifications import tokens
from notifications.models import Notification


def absolute(path: str) -> str:
    """A full URL for an email: emails have no request to build one from."""
    if path.startswith(("http://", "https://")):
        return path
    return settings.SITE_URL.rstrip("/") + path


def unsubscribe_url(user_id: int, kind: str) -> str:
    return absolute(reverse("notifications:unsubscribe",
                            args=[tokens.unsubscribe_token(user_id, kind)]))


def build_email(notification: Notification) -> EmailMessage:
    """In the recipient's language (their choice on the switch, else the site's default):
    a job has no browser to ask."""
    with translation.override(notification.user.language or settings.LANGUAGE_CODE):
        return _build_email(notification)


def _build_email(notification: Notification) -> EmailMessage:
    message = notification.message
    unsubscribe = unsubscribe_url(notification.user_id, notification.kind)
    body = render_to_string("notifications/email.txt", {
        "message": message,
        "link": absolute(notification.url) if notification.url else "",
        "preferences": absolute(reverse("notifications:preferences")),
        "unsubscribe": unsubscribe,
        "unsubscribe_all": unsubscribe_url(notification.user_id, tokens.ALL),
        "user": notification.user,
    })
    subject = gettext("Malifaux Campaigns: %(message)s") % {
        "message": Truncator(message).chars(120)}
    return EmailMessage(
        subject=" ".join(subject.split()), body=body, from_email=settings.DEFAULT_FROM_EMAIL,
        to=[notification.user.email],
        headers={"List-Unsubscribe": f"<{unsubscribe}>",
                 "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"})
