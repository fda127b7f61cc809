"""The matrix skips its table-by-table comparison only when a request sent no statement
that could change a counted row; these pin what the watch counts as such a statement."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.contrib.sessions.backends.db import SessionStore
from django.db import connection

from tests.edges.matrix import WriteWatch


def watched(action) -> bool:
    watch = WriteWatch()
    with connection.execute_wrapper(watch):
        action()
    return watch.may_have_written


@pytest.mark.django_db
def test_reads_and_session_writes_are_not_writes():
    user = get_user_model().objects.create_user("reader", email="reader@example.com", password="x")
    assert not watched(lambda: list(get_user_model().objects.filter(pk=user.pk)))
    assert not watched(lambda: SessionStore().create())


@pytest.mark.django_db
def test_inserts_updates_deletes_and_unknown_sql_are_writes():
    user = get_user_model().objects.create_user("writer", email="writer@example.com", password="x")
    users = get_user_model().objects.filter(pk=user.pk)
    assert watched(lambda: get_user_model().objects.create_user(
        "other", email="other@example.com", password="x"))
    assert watched(lambda: users.update(first_name="Changed"))
    assert watched(lambda: connection.cursor().execute(
        "CREATE TEMPORARY TABLE watch_probe (x int)"))
    assert watched(lambda: users.delete())
