"""A real Celery worker against the test database and the machine's Redis.

The worker runs as a separate process (``celery -A config worker``) with
``DATABASE_URL`` pointing at the database pytest-django created, so a task it runs
writes rows the test can read (tests using it must be ``transaction=True``).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.db import connection

from tests.conftest import require, set_celery

ROOT = Path(__file__).resolve().parents[2]


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


def _database_url() -> str:
    s = connection.settings_dict
    host = s.get("HOST") or "127.0.0.1"
    port = s.get("PORT") or 5432
    user = s.get("USER") or "postgres"
    password = f":{s['PASSWORD']}" if s.get("PASSWORD") else ""
    return f"postgres://{user}{password}@{host}:{port}/{s['NAME']}"


@pytest.fixture
def celery_worker(real_services):
    """Start a worker process, wait until it answers a ping, and stop it afterwards."""
    from config.celery import app

    redis_url = real_services
    env = {
        **os.environ,
        "DATABASE_URL": _database_url(),
        "REDIS_URL": redis_url,
        "CELERY_TASK_ALWAYS_EAGER": "0",
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }
    env["TURNOVER_CHECK_SECONDS"] = "1"
    hostname = f"test-worker-{os.getpid()}@%h"
    log = open(ROOT / ".celery-test-worker.log", "w")  # noqa: SIM115 (closed below)
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "--pool=solo",
            "--concurrency=1",
            "--loglevel=INFO",
            "-n",
            hostname,
            "--without-gossip",
            "--without-mingle",
        ],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    set_celery(task_always_eager=False, broker_url=redis_url, result_backend=redis_url)
    assert app.conf.task_always_eager is False
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                break
            if app.control.ping(timeout=1.0):
                break
            time.sleep(0.5)
        alive = proc.poll() is None and bool(app.control.ping(timeout=2.0))
        if not alive:
            log.flush()
            output = (ROOT / ".celery-test-worker.log").read_text()[-2000:]
            require(False, f"Celery worker did not start:\n{output}")
        yield app
    finally:
        set_celery(task_always_eager=True)
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


@pytest.fixture
def celery_beat(celery_worker):
    """A real beat process (django-celery-beat's database scheduler) beside the worker,
    checking for due turnovers every second."""
    env = {
        **os.environ,
        "DATABASE_URL": _database_url(),
        "REDIS_URL": os.environ["REDIS_URL"],
        "CELERY_TASK_ALWAYS_EAGER": "0",
        "TURNOVER_CHECK_SECONDS": "1",
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }
    log = open(ROOT / ".celery-test-beat.log", "w")  # noqa: SIM115 (closed below)
    proc = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "beat", "--loglevel=INFO",
         "--max-interval=1", "--pidfile="],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )
    try:
        time.sleep(1)
        if proc.poll() is not None:
            log.flush()
            require(False, "Celery beat did not start:\n"
                    + (ROOT / ".celery-test-beat.log").read_text()[-2000:])
        yield proc
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()
