"""The bell's unread count for every page.

Lazy: the count is queried only when a template reads ``bell.unread`` (the base layout,
for a logged-in user), so HTMX fragments and anonymous pages cost no query.
"""

from __future__ import annotations

from functools import cached_property


class Bell:
    def __init__(self, user):
        self.user = user

    @cached_property
    def unread(self) -> int:
        from notifications.selectors import unread_count

        return unread_count(self.user)


def bell(request) -> dict:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"bell": Bell(user)}
