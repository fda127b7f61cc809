"""Throttles for the account pages that send email or make accounts (django-ratelimit).

A throttled request gets the same answer whether or not an account matches, so the
limit tells nothing about who has an account. Rates are settings (read per request, so
tests and deployments can change them).
"""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext_lazy
from django_ratelimit.core import is_ratelimited

TOO_MANY = gettext_lazy("Too many requests from your network: wait an hour and try again. "
                        "(Nothing was sent or created.)")


def _rate(name: str):
    return lambda group, request: getattr(settings, name)


def _email(group, request) -> str:
    return (request.POST.get("email") or "").strip().lower()


def signup_limited(request) -> bool:
    return is_ratelimited(request, group="signup", key="ip", rate=_rate("SIGNUP_RATE"),
                          method="POST", increment=True)


def password_reset_limited(request) -> bool:
    """Per address, and per email asked about (so one inbox cannot be flooded)."""
    by_address = is_ratelimited(request, group="password-reset", key="ip",
                                rate=_rate("PASSWORD_RESET_RATE"), method="POST",
                                increment=True)
    by_email = is_ratelimited(request, group="password-reset-email", key=_email,
                              rate=_rate("PASSWORD_RESET_EMAIL_RATE"), method="POST",
                              increment=True)
    return by_address or by_email
