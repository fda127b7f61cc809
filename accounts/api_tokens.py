"""Personal API tokens: made and revoked by their owner (the account page).

A token is shown once, in the result of ``create_token``; only its digest is kept. The
number of live tokens per account is capped, checked under a lock on the user's row so
two simultaneous requests cannot both take the last place.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from accounts.models import ApiToken

MAX_TOKENS = 10
#: Expiry choices offered on the page, in days (None: never expires).
EXPIRY_DAYS = (None, 7, 30, 90, 365)


class TokenError(ValueError):
    """The request cannot be done; the message says why."""


@dataclass(frozen=True)
class NewToken:
    row: ApiToken
    secret: str  # the only time the token exists in clear


def live_tokens(user):
    now = timezone.now()
    return ApiToken.objects.filter(user=user).exclude(expiry__lte=now)


@transaction.atomic
def create_token(*, user, name: str, expires_in_days: int | None) -> NewToken:
    if expires_in_days not in EXPIRY_DAYS:
        raise TokenError(gettext("Choose one of the offered expiry times."))
    name = name.strip()
    if not name:
        raise TokenError(gettext("Name the token after what will use it."))
    get_user_model().objects.select_for_update().get(pk=user.pk)
    ApiToken.objects.filter(user=user, expiry__lte=timezone.now()).delete()
    if live_tokens(user).count() >= MAX_TOKENS:
        raise TokenError(gettext("An account holds at most %(MAX_TOKENS)s tokens; revoke one "
"first.") % {"MAX_TOKENS": MAX_TOKENS})
    expiry = timedelta(days=expires_in_days) if expires_in_days else None
    row, secret = ApiToken.objects.create(user, expiry=expiry, name=name)
    return NewToken(row=row, secret=secret)


@transaction.atomic
def revoke_token(*, user, digest: str) -> bool:
    """Delete one of the user's tokens; False when it is not theirs (or already gone)."""
    deleted, _ = ApiToken.objects.filter(user=user, digest=digest).delete()
    return bool(deleted)
