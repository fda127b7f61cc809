"""A per-address limit on failed logins, whatever the usernames (password spraying).

django-axes locks one username from one address after a few wrong passwords; trying one
wrong password on each of many usernames passes it untouched. This counts every wrong
password checked from one client address (``config.client_ip``), in the cache
(django-ratelimit), and past ``LOGIN_FAILURE_RATE`` refuses logins from that address
before any password is checked, with the lockout page. Other addresses are unaffected.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django_ratelimit.core import get_usage

from config.client_ip import client_ip

GROUP = "login-failures"


def _rate(group, request) -> str:
    return settings.LOGIN_FAILURE_RATE


def _usage(request, increment: bool) -> dict:
    return get_usage(request, group=GROUP, key="ip", rate=_rate, increment=increment)


def spent(request) -> bool:
    """The address has used its whole budget of wrong passwords (the limit's own count,
    not one more, is the last checked)."""
    usage = _usage(request, increment=False)
    return usage["count"] >= usage["limit"]


class AddressLimitBackend:
    """Refuses a login from an address past its failed-login budget (listed after axes's
    backend, before the one that checks the password)."""

    def authenticate(self, request, **credentials):
        if request is None or not client_ip(request):
            return None  # no address to count against (a login made in code)
        if spent(request):
            request.login_address_limited = True
            request.axes_locked_out = True  # axes's middleware answers with its lockout page
            raise PermissionDenied
        request.login_password_checked = True
        return None  # the next backend checks the password (no get_user: logs no one in)


def count_failure(sender, credentials=None, request=None, **kwargs) -> None:
    """``user_login_failed``: one more wrong password from this address (attempts refused
    before a password was checked are not counted)."""
    if request is not None and getattr(request, "login_password_checked", False):
        _usage(request, increment=True)
