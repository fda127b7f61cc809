"""Running one request per role against the world, each rolled back, with row counts.

``attempt`` sends a request inside a savepoint that is always rolled back, so every role
meets the same world, and reports the status and which tables' row counts changed.

Counting and hashing every table costs about 160 queries, so ``attempt`` first watches the
SQL the request sends: a request that sent nothing but reads, transaction control and
writes to the tables not counted cannot have changed a row, and the comparison is skipped.
Any other statement (a write, or SQL it does not recognise) gets the full comparison.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from django.apps import apps
from django.db import connection, transaction
from django.test import Client

#: Tables a request may write whatever it is refused: sessions and login records.
NOT_COUNTED = {"sessions.session", "axes.accessattempt", "axes.accesslog",
               "axes.accessfailurelog", "accounts.apitoken"}


#: Statements that cannot change a row: reads and transaction control.
_READ_ONLY = re.compile(r"\s*(SELECT|SAVEPOINT|RELEASE|ROLLBACK|BEGIN|COMMIT|SET|SHOW)\b",
                        re.IGNORECASE)
#: A write and the table it names.
_WRITE = re.compile(r'\s*(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?(\w+)"?', re.IGNORECASE)


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


class WriteWatch:
    """An ``execute_wrapper`` that notes whether any statement might have changed a
    counted row (anything but a read, transaction control or a write to a table in
    ``NOT_COUNTED``)."""

    def __init__(self) -> None:
        self.uncounted = _uncounted_tables()
        self.may_have_written = False

    def __call__(self, execute, sql, params, many, context):
        if not self.may_have_written and not _READ_ONLY.match(sql):
            write = _WRITE.match(sql)
            if write is None or write.group(1) not in self.uncounted:
                self.may_have_written = True
        return execute(sql, params, many, context)


def _uncounted_tables() -> set[str]:
    tables = set()
    for label in NOT_COUNTED:
        try:
            tables.add(apps.get_model(label)._meta.db_table)
        except LookupError:
            continue
    return tables


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
    watch = WriteWatch()
    changed, updated = {}, []
    with transaction.atomic():
        with connection.execute_wrapper(watch):
            response = send(client, method, path, body, api=api)
        if watch.may_have_written:
            after = row_counts()
            changed = {table: after[table] - counts[table] for table in counts
                       if after[table] != counts[table]}
            updated = [] if changed else sorted(t for t, h in fingerprints().items()
                                                 if h != rows[t])
        transaction.set_rollback(True)
    client.cookies = cookies
    return Outcome(response.status_code, changed, response.get("Location", ""), updated)
