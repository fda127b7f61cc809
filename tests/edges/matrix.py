"""Running one request per role against the world, each rolled back, with row counts.

``attempt`` sends a request inside a savepoint that is always rolled back, so every role
meets the same world, and reports the status and which tables' row counts changed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from django.apps import apps
from django.db import transaction
from django.test import Client

#: Tables a request may write whatever it is refused: sessions and login records.
NOT_COUNTED = {"sessions.session", "axes.accessattempt", "axes.accesslog",
               "axes.accessfailurelog", "accounts.apitoken"}


def _tables():
    return [model for model in apps.get_models() if model._meta.label_lower not in NOT_COUNTED
            and not model._meta.proxy and model._meta.managed]


def row_counts() -> dict[str, int]:
    """Each table's row count (what the issue asks to compare)."""
    return {model._meta.label_lower: model._base_manager.count() for model in _tables()}


def fingerprints() -> dict[str, int]:
    """Each table's rows hashed, so an update (not only an insert) shows as a write."""
    return {model._meta.label_lower: hash(repr(list(
        model._base_manager.order_by("pk").values_list()))) for model in _tables()}


@dataclass
class Outcome:
    status: int
    changed: dict[str, int]  # table -> rows added (or removed, negative)
    location: str = ""
    updated: list[str] = None  # tables whose rows changed in any way

    @property
    def wrote(self) -> bool:
        return bool(self.changed or self.updated)

    @property
    def refused(self) -> bool:
        return self.status in (401, 403, 404, 405) or "/accounts/login/" in self.location


def clients_for(users: dict) -> dict[str, Client]:
    clients = {}
    for role, user in users.items():
        client = Client()
        if user is not None:
            client.force_login(user)
        clients[role] = client
    return clients


def send(client: Client, method: str, path: str, body, *, api: bool):
    if api:
        data = json.dumps(body if body is not None else {})
        return client.generic(method.upper(), path, data, content_type="application/json")
    return client.post(path, body or {})


def attempt(client: Client, method: str, path: str, body, *, api: bool,
            baseline: tuple[dict, dict]) -> Outcome:
    """One request, rolled back; ``baseline`` is (row counts, fingerprints) of the world
    before it (the same for every attempt, as each is rolled back). The client keeps its
    cookies (a log-out or log-in in the request is undone with the rows) and throttle
    counters start afresh."""
    from copy import deepcopy

    from django.core.cache import cache

    cache.clear()
    cookies = deepcopy(client.cookies)
    counts, rows = baseline
    with transaction.atomic():
        response = send(client, method, path, body, api=api)
        after = row_counts()
        changed = {table: after[table] - counts[table] for table in counts
                   if after[table] != counts[table]}
        updated = [] if changed else sorted(t for t, h in fingerprints().items()
                                             if h != rows[t])
        transaction.set_rollback(True)
    client.cookies = cookies
    return Outcome(response.status_code, changed, response.get("Location", ""), updated)
