"""Real Celery processes against the test database and the machine's Redis.

The worker (and beat) run as separate processes with ``DATABASE_URL`` pointing at the
database pytest-django created, so what a task writes the test can read (tests using
them must be ``transaction=True``).
"""

from __future__ import annotations

import os
import time

import pytest
from django.db import connection

from config import processes
from tests.conftest import require, set_celery
from tests.encounters.conftest import campaign_week, roster  # noqa: F401 (fixtures)
from tests.parallel import worker_suffix

WORKER_LOG = processes.ROOT / f".celery-test-worker{worker_suffix()}.log"
BEAT_LOG = processes.ROOT / f".celery-test-beat{worker_suffix()}.log"


def _redis_ok(url: str | None) -> bool:
    if not url:
        return False
    import redis

    try:
        return bool(redis.Redis.from_url(url, socket_connect_timeout=2).ping())
    except redis.RedisError:
        return False


@pytest.fixture
def real_services(transactional_db):
    """PostgreSQL as the database and Redis reachable, or skip/fail with the reason."""
    require(connection.vendor == "postgresql", "tests need DATABASE_URL pointing at PostgreSQL")
    require(_redis_ok(os.environ.get("REDIS_URL")), "tests need REDIS_URL pointing at Redis")
    return os.environ["REDIS_URL"]


def start_worker(redis_url: str, log, concurrency: int = 2, **env):
    """Start a worker on the test database and Redis and wait until it answers a ping; one
    that never answers is stopped before the test fails (no stray worker holds the test
    database open)."""
    from config.celery import app

    proc = processes.start_worker(processes.database_url(connection.settings_dict), redis_url,
                                  log, concurrency=concurrency, **env)
    set_celery(task_always_eager=False, broker_url=redis_url, result_backend=redis_url)
    if not processes.wait_until_worker_answers(app, proc):
        set_celery(task_always_eager=True)
        processes.kill(proc)
        require(False, "Celery worker did not start:\n" + log.read_text()[-2000:])
    return proc


@pytest.fixture
def celery_worker(real_services):
    """A worker process (prefork, 2 processes: tasks sent together really run at once)."""
    from config.celery import app

    proc = start_worker(real_services, WORKER_LOG)
    try:
        yield app
    finally:
        set_celery(task_always_eager=True)
        processes.stop(proc)


@pytest.fixture
def celery_beat(celery_worker):
    """A beat process (django-celery-beat's database scheduler) checking every second."""
    proc = processes.start_beat(processes.database_url(connection.settings_dict),
                                os.environ["REDIS_URL"], BEAT_LOG, TURNOVER_CHECK_SECONDS="1")
    try:
        time.sleep(1)
        if proc.poll() is not None:
            require(False, "Celery beat did not start:\n" + BEAT_LOG.read_text()[-2000:])
        yield proc
    finally:
        processes.stop(proc)
