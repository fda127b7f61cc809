"""The embedded SQLite default lets concurrent writes wait their turn: eight writers at
once create leagues through the API with no "database is locked" (immediate transactions
and a busy timeout, ``config/settings.py``).

The suite's own SQLite database is in memory, where locking differs, so the writers run
in a child process against a file: a copy of the migrated test database.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]
WRITERS, EACH = 8, 3

SCRIPT = """
import json, threading, django
django.setup()
from django.db import connection
from django.test import Client
from accounts.models import User

users = [User.objects.create(username=f"writer{n}", email=f"writer{n}@example.org")
         for n in range(%(writers)d)]
start = threading.Barrier(len(users))
codes, errors = [], []


def write(user):
    client = Client()
    client.force_login(user)
    start.wait()
    try:
        for n in range(%(each)d):
            answer = client.post("/api/leagues/", {"name": f"{user.username} league {n}"},
                                 content_type="application/json")
            codes.append(answer.status_code)
    except Exception as exc:  # the test client raises what a 500 hides
        errors.append(repr(exc))
    finally:
        connection.close()


threads = [threading.Thread(target=write, args=(user,)) for user in users]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
from league.models import League
print(json.dumps({"codes": codes, "errors": errors, "leagues": League.objects.count()}))
"""


@pytest.mark.django_db(transaction=True)  # no test transaction holding the write lock
def test_eight_concurrent_writers_on_a_sqlite_file_all_succeed(tmp_path):
    if connection.vendor != "sqlite":
        pytest.skip("the embedded SQLite default only (PostgreSQL waits for row locks)")
    path = tmp_path / "concurrent.sqlite3"
    connection.ensure_connection()
    with sqlite3.connect(path) as copy:
        connection.connection.backup(copy)  # the migrated schema, as a file
    env = {key: value for key, value in os.environ.items()
           if key not in {"DATABASE_URL", "REDIS_URL", "DJANGO_ENV", "DJANGO_DEBUG"}}
    env.update(DJANGO_SETTINGS_MODULE="config.settings", DATABASE_URL=f"sqlite:///{path}",
               DJANGO_ALLOWED_HOSTS="testserver", DJANGO_LOG_LEVEL="CRITICAL")
    result = subprocess.run([sys.executable, "-c", SCRIPT % {"writers": WRITERS, "each": EACH}],
                            cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-3000:]
    outcome = json.loads(result.stdout.strip().splitlines()[-1])
    assert outcome["errors"] == []
    assert outcome["codes"] == [201] * (WRITERS * EACH)
    assert outcome["leagues"] == WRITERS * EACH
