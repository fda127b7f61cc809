"""Start real Celery processes (worker, beat) against a given database and Redis.

Used by the real-services tests and the turnover benchmark, so both run the same
command lines a production deployment runs (see README, Production).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def database_url(settings_dict: dict) -> str:
    """A DATABASE_URL for a Django PostgreSQL connection's settings (e.g. the test DB)."""
    host = settings_dict.get("HOST") or "127.0.0.1"
    port = settings_dict.get("PORT") or 5432
    user = settings_dict.get("USER") or "postgres"
    password = f":{settings_dict['PASSWORD']}" if settings_dict.get("PASSWORD") else ""
    return f"postgres://{user}{password}@{host}:{port}/{settings_dict['NAME']}"


def _env(db_url: str, redis_url: str, **extra: str) -> dict[str, str]:
    return {**os.environ, "DATABASE_URL": db_url, "REDIS_URL": redis_url,
            "CELERY_TASK_ALWAYS_EAGER": "0", "DJANGO_SETTINGS_MODULE": "config.settings",
            **extra}


def start_worker(db_url: str, redis_url: str, log_path: Path, *, concurrency: int = 2,
                 pool: str = "prefork", **extra_env: str) -> subprocess.Popen:
    """A worker as production runs it (prefork). Note: the threads and solo pools poll
    Redis in a blocking loop and stall about 2 s between batches of tasks."""
    log = open(log_path, "w")  # noqa: SIM115 (the process owns it until it ends)
    return subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", f"--pool={pool}",
         f"--concurrency={concurrency}", "--loglevel=INFO", "-n",
         f"worker-{os.getpid()}-{time.monotonic_ns()}@%h", "--without-gossip",
         "--without-mingle"],
        cwd=ROOT, env=_env(db_url, redis_url, **extra_env), stdout=log,
        stderr=subprocess.STDOUT, start_new_session=True,
    )


def kill(proc: subprocess.Popen) -> None:
    """Kill a worker and its pool processes at once, as a crashed machine would."""
    import contextlib
    import signal

    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(timeout=20)


def start_beat(db_url: str, redis_url: str, log_path: Path, **extra_env: str
               ) -> subprocess.Popen:
    log = open(log_path, "w")  # noqa: SIM115
    return subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "beat", "--loglevel=INFO",
         "--max-interval=1", "--pidfile="],
        cwd=ROOT, env=_env(db_url, redis_url, **extra_env), stdout=log,
        stderr=subprocess.STDOUT,
    )


def wait_until_worker_answers(app, proc: subprocess.Popen, timeout: float = 60) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            return False
        if app.control.ping(timeout=1.0):
            return True
        time.sleep(0.5)
    return False


def stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
