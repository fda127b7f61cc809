"""`scripts/run` starts a real background worker without Redis (issue 23): the worker
command the script runs, started here as the script starts it, takes a job the web side
queued in the folder broker (Kombu's filesystem transport) and returns its result through
the file result backend. No Redis, no eager mode: another process did the work."""

from __future__ import annotations

import os
import re
import shlex
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.config.test_settings import CLEAN

ROOT = Path(__file__).resolve().parents[2]


def worker_command() -> list[str]:
    """The `celery ... worker` command of scripts/run, as its argument list."""
    script = (ROOT / "scripts" / "run").read_text().replace("\\\n", " ")
    line = next(line for line in script.splitlines() if "-m celery" in line)
    line = line.split(">", 1)[0]  # its log redirection and "&"
    line = re.sub(r'"\$\{WORKERS:-(\d+)\}"', r"\1", line)
    args = shlex.split(line)
    return [sys.executable, *args[args.index("-m"):]]


def test_scripts_run_starts_a_worker_that_plays_queued_jobs_without_redis(tmp_path):
    command = worker_command()
    assert command[2:6] == ["celery", "-A", "config", "worker"]
    # Beat keeps its schedule in the database (django_celery_beat), which this test does
    # not migrate: the worker alone, the part that plays the jobs.
    command = [arg for arg in command if arg != "--beat"]
    env = {k: v for k, v in os.environ.items() if k not in CLEAN and not k.startswith("CELERY")}
    env.update(DJANGO_SETTINGS_MODULE="config.settings", CELERY_DATA_DIR=str(tmp_path / "jobs"),
               PYTHONPATH=str(ROOT), DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}")
    probe = subprocess.run(
        [sys.executable, "-c", "import django; django.setup(); from django.conf import "
         "settings as s; print(s.CELERY_BROKER_URL, s.CELERY_TASK_ALWAYS_EAGER)"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert probe.stdout.split() == ["filesystem://", "False"], probe.stderr
    # Started in a folder of its own.
    worker = subprocess.Popen(command, cwd=tmp_path, env=env, stdout=subprocess.DEVNULL,
                              stderr=open(tmp_path / "worker.log", "w"),  # noqa: SIM115
                              start_new_session=True)
    try:
        send = ("import django; django.setup();"
                "from config.celery import app;"
                "r = app.send_task('celery.accumulate', args=(23,));"
                "print(r.get(timeout=120))")
        answer = subprocess.run([sys.executable, "-c", send], cwd=ROOT, env=env,
                                capture_output=True, text=True, timeout=180)
        log = (tmp_path / "worker.log").read_text()
        assert answer.returncode == 0, (answer.stderr[-2000:], log[-2000:])
        assert answer.stdout.strip() == "[23]"  # the job's answer, played by the worker
        assert worker.poll() is None  # still running: a worker, not a one-off
    finally:
        worker.terminate()  # SIGTERM, as scripts/run stops it with the server
        try:
            worker.wait(timeout=60)
        except subprocess.TimeoutExpired:  # pragma: no cover
            os.killpg(worker.pid, signal.SIGKILL)
            worker.wait()
            pytest.fail("the worker did not stop on SIGTERM")
