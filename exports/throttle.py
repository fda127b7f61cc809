"""How many exports one requester may start (django-ratelimit, counted in the cache).

Every export writes a job and a file, and standings of a public campaign may be asked
for by anyone, so requests are counted per account, or per address when anonymous.
"""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext_lazy
from django_ratelimit.core import is_ratelimited

from config.client_ip import client_ip

TOO_MANY = gettext_lazy(
    "Too many exports asked for in the last hour: wait a while and try again.")


def _key(group, request) -> str:
    user = request.user
    return f"user:{user.username}" if user.is_authenticated else f"ip:{client_ip(request)}"


def _rate(group, request) -> str:
    return settings.EXPORT_RATE if request.user.is_authenticated else settings.EXPORT_ANON_RATE


def export_limited(request) -> bool:
    return is_ratelimited(request, group="exports", key=_key, rate=_rate, method="POST",
                          increment=True)
