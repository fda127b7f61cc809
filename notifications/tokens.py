"""Signed unsubscribe tokens: the link in an email works without logging in.

The token names the user and the kind (or ``ALL``) and is signed with the site's secret
key, so nobody can forge one for another user. It does not expire: an old email's link
must still work.
"""

from __future__ import annotations

from django.core import signing

SALT = "notifications.unsubscribe"
ALL = "all"


def unsubscribe_token(user_id: int, kind: str) -> str:
    return signing.dumps([user_id, kind], salt=SALT, compress=True)


def read_unsubscribe_token(token: str) -> tuple[int, str]:
    """(user id, kind) from a token; ``signing.BadSignature`` when it was tampered with."""
    try:
        user_id, kind = signing.loads(token, salt=SALT)
    except (TypeError, ValueError) as exc:  # a valid signature over the wrong shape
        raise signing.BadSignature("Malformed unsubscribe token") from exc
    return int(user_id), str(kind)
