"""Load benchmark: 20 players for 60 s against gunicorn, PostgreSQL and Redis on loopback.

Run from the project root: ``make load`` or ``python -m bench.load.run [--users 20]
[--seconds 60]``. It needs ``DATABASE_URL`` (PostgreSQL) and ``REDIS_URL``; the database
is made if missing, migrated and given the demo data (``load_demo``). Then it starts
gunicorn with ``gunicorn.conf.py`` on a free loopback port in production settings (DEBUG
off, static files collected, ``DJANGO_LOOPBACK_HTTP=1`` so plain HTTP is allowed on
127.0.0.1 only), measures each worker's resident memory once it is up and idle (from
``/proc``), runs ``locustfile.py`` headless, stops both, and prints p50/p95/p99 per page,
the error count and the goals: idle worker RSS under 150 MiB, login p95 under 250 ms,
every other page's p95 under 100 ms, no errors. It exits 1 when a goal is missed.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from bench import core_speed

ROOT = Path(__file__).resolve().parents[2]
GOAL_RSS_MIB = 150  # each gunicorn worker, idle after its warm-up
GOAL_LOGIN_P95_MS = 250  # a login checks an Argon2 password hash at Django's parameters
GOAL_PAGE_P95_MS = 100  # every other page
LOGIN = "login"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--users", type=int, default=20)
    parser.add_argument("--seconds", type=int, default=60)
    # Locust starts each second's users at the same instant: at 2 a second, every login
    # would share the two cores with another one begun in the same millisecond.
    parser.add_argument("--spawn-rate", type=float, default=1.0,
                        help="users started per second (their logins spread over the ramp)")
    args = parser.parse_args()

    env = _production_env()
    os.environ.update(env)
    _prepare_database(env)
    plan = _plan()
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", str(ROOT / "gunicorn.conf.py"),
         "--bind", f"127.0.0.1:{port}", "--log-level", "warning", "config.wsgi"],
        cwd=ROOT, env=env, start_new_session=True)
    try:
        _wait_until_up(f"http://127.0.0.1:{port}/healthz", server)
        rss = _idle_worker_rss(server.pid, f"http://127.0.0.1:{port}/healthz")
        timings = _run_locust(env, plan, port, args)
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
    return _report(timings, rss, args)


def _production_env() -> dict[str, str]:
    env = dict(os.environ)
    url = env.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")) or not env.get("REDIS_URL"):
        sys.exit("Set DATABASE_URL=postgres://... and REDIS_URL=redis://... (see `make load`).")
    env.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    env.update(DJANGO_ENV="production",
               DJANGO_SECRET_KEY=secrets.token_urlsafe(50), DJANGO_ALLOWED_HOSTS="127.0.0.1",
               DJANGO_LOOPBACK_HTTP="1", DJANGO_LOG_LEVEL="WARNING")
    env.pop("DJANGO_DEBUG", None)
    return env


def _prepare_database(env: dict[str, str]) -> None:
    """Create the database when missing, migrate it, load the demo data, collect static."""
    import dj_database_url
    import psycopg

    config = dj_database_url.parse(env["DATABASE_URL"])
    admin = dict(dbname="postgres", user=config["USER"], password=config["PASSWORD"] or None,
                 host=config["HOST"] or None, port=config["PORT"] or None)
    with psycopg.connect(**admin, autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s",
                              [config["NAME"]]).fetchone()
        if not exists:
            conn.execute(f'CREATE DATABASE "{config["NAME"]}"')
    manage = [sys.executable, "manage.py"]
    # The demo game's Aftermath runs in this process (eager), which production settings
    # refuse: the data is loaded in development settings, the static files collected in
    # production's (hashed names).
    loading = {**env, "DJANGO_ENV": "development", "CELERY_TASK_ALWAYS_EAGER": "1"}
    for command, command_env in ((["migrate", "--noinput", "-v", "0"], loading),
                                 (["load_demo"], loading),
                                 (["collectstatic", "--noinput", "-v", "0"], env)):
        subprocess.run([*manage, *command], cwd=ROOT, env=command_env, check=True,
                       stdout=subprocess.DEVNULL)


def _plan() -> dict:
    """The demo logins and the pages the players browse, by page name."""
    import django

    django.setup()
    from django.urls import reverse

    from accounts.management.commands.load_demo import DEMO_PASSWORD, DEMO_USERS
    from campaign.models import Campaign

    campaign = Campaign.objects.get(slug="demo-campaign", league__slug="demo-club")
    crews = campaign.crews.exclude(status="retired")
    pages = {
        "sheet": [crew.get_absolute_url() for crew in crews],
        "week": [reverse("campaign:week", args=[campaign.pk, n])
                 for n in range(1, campaign.current_week + 1)],
        "standings": [reverse("standings:page", args=[campaign.pk])],
        "standings history": [reverse("standings:history", args=[campaign.pk])],
        "game": [game.get_absolute_url() for game in campaign.games.all()],
    }
    # Some weekly events leave the demo without a game (load_demo says so): no game page.
    return {"users": [name for name, _, _ in DEMO_USERS], "password": DEMO_PASSWORD,
            "pages": {page: urls for page, urls in pages.items() if urls}}


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _wait_until_up(url: str, server: subprocess.Popen, seconds: float = 90) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            sys.exit("gunicorn stopped before it answered.")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    sys.exit(f"gunicorn did not answer {url} within {seconds} s.")


def _workers(master: int) -> list[int]:
    """The gunicorn master's child processes (its workers), from /proc."""
    children = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # the process ended meanwhile
            continue
        if int(fields[1]) == master:  # fields: state, ppid, ...
            children.append(int(stat.parent.name))
    return sorted(children)


def _rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024  # kB
    return 0.0


def _idle_worker_rss(master: int, url: str, seconds: float = 60) -> dict[int, float]:
    """Each worker's resident memory (MiB) once all of them have warmed up, before the load.

    A worker answers only after its warm-up (gunicorn's ``post_worker_init``); a few
    requests go to the workers before measuring, as the first visitors' would.
    """
    expected = _gunicorn()["workers"]
    deadline = time.monotonic() + seconds
    while len(_workers(master)) < expected and time.monotonic() < deadline:
        time.sleep(0.2)
    for _ in range(4 * expected):
        with urllib.request.urlopen(url, timeout=5):
            pass
    time.sleep(2)
    return {pid: _rss_mib(pid) for pid in _workers(master)}


def _run_locust(env, plan, port, args) -> list:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "timings.json"
        result = subprocess.run(
            [sys.executable, "-m", "locust", "-f", str(ROOT / "bench/load/locustfile.py"),
             "--headless", "--users", str(args.users), "--spawn-rate", str(args.spawn_rate),
             "--run-time", f"{args.seconds}s", "--host", f"http://127.0.0.1:{port}",
             "--only-summary", "--loglevel", "WARNING", "--stop-timeout", "10"],
            cwd=ROOT, env={**env, "LOAD_PLAN": json.dumps(plan), "LOAD_TIMINGS": str(out)},
            check=False, capture_output=True, text=True)
        if not out.exists():
            sys.exit(f"Locust wrote no timings:\n{result.stderr[-3000:]}")
        return json.loads(out.read_text())


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile (``share`` in 0..1) of a non-empty list."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def _report(timings: list, rss: dict[int, float], args) -> int:
    by_page: dict[str, list[float]] = {}
    errors: dict[str, int] = {}
    for name, ms, failed in timings:
        by_page.setdefault(name, []).append(ms)
        errors[name] = errors.get(name, 0) + int(failed)
    print(f"Load: {args.users} users for {args.seconds} s ({args.spawn_rate:g} started a "
          f"second, {_hasher_text()}), gunicorn "
          f"({_server_text()}), PostgreSQL, Redis, production settings, loopback")
    biggest = max(rss.values(), default=0.0)
    print(f"  idle worker RSS: {', '.join(f'{mib:.0f}' for mib in rss.values())} MiB "
          f"({len(rss)} workers, before the load)")
    print(f"  {'page':<18} {'requests':>8} {'errors':>6} {'p50':>7} {'p95':>7} {'p99':>7}  ms")
    missed = [] if rss and biggest < GOAL_RSS_MIB else ["worker RSS"]
    for name in sorted(by_page):
        values = by_page[name]
        p50, p95, p99 = (percentile(values, s) for s in (0.50, 0.95, 0.99))
        print(f"  {name:<18} {len(values):>8} {errors[name]:>6} {p50:>7.1f} {p95:>7.1f} "
              f"{p99:>7.1f}")
        if p95 >= (GOAL_LOGIN_P95_MS if name == LOGIN else GOAL_PAGE_P95_MS):
            missed.append(name)
    total_errors = sum(errors.values())
    print(f"  errors: {total_errors} of {len(timings)} requests")
    print(f"  {core_speed.describe()}, after the load")
    met = not missed and not total_errors and timings
    print(f"  goals: idle worker RSS < {GOAL_RSS_MIB} MiB, login p95 < {GOAL_LOGIN_P95_MS} ms, "
          f"page p95 < {GOAL_PAGE_P95_MS} ms, no errors: "
          + ("met" if met else f"NOT met ({', '.join(missed) or 'errors'})"))
    return 0 if met else 1


def _hasher_text() -> str:
    """The password hasher, and whether libargon2 is the published wheel."""
    from django.contrib.auth.hashers import get_hasher

    from bench.bench_hashers import library_build

    return f"{type(get_hasher()).__name__}, libargon2 {library_build()}"


def _gunicorn() -> dict:
    """The settings ``gunicorn.conf.py`` gives in this environment (workers, class, threads)."""
    import runpy

    return runpy.run_path(str(ROOT / "gunicorn.conf.py"))


def _server_text() -> str:
    config = _gunicorn()
    kind = config["worker_class"]
    return (f"{config['workers']} {kind} workers"
            + (f" x {config['threads']} threads" if kind == "gthread" else ""))


if __name__ == "__main__":
    raise SystemExit(main())
