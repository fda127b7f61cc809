"""Benchmark the automatic part of the Aftermath for a campaign night of 100 games.

Run from the project root with PostgreSQL and Redis:
``DATABASE_URL=postgres://... REDIS_URL=redis://... python -m bench.bench_aftermath``.
It builds a throwaway test database with one campaign of 20 crews and plays 100 games
through the services to a confirmed result (each with a Finished Off model), then starts
a worker (production's command line), sends the 100 Aftermath jobs and times until every
crew's automatic part (bounty progress, hand, Payday, the first phase opened) is done.
Exits 1 if that takes 10 s or more.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

GOAL_SECONDS = 10.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--crews", type=int, default=20)
    parser.add_argument("--concurrency", type=int, default=2)
    args = parser.parse_args()
    if not os.environ.get("DATABASE_URL", "").startswith("postgres") or \
            not os.environ.get("REDIS_URL"):
        print("bench_aftermath needs DATABASE_URL (PostgreSQL) and REDIS_URL; skipped.")
        return 0

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.db import connection
    from django.test.utils import setup_test_environment

    from aftermath.models import Aftermath
    from aftermath.tasks import process_game
    from config import processes
    from config.celery import app
    from tests.conftest import set_celery

    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    log = processes.ROOT / ".celery-bench-worker.log"
    worker = None
    try:
        set_celery(task_always_eager=True)
        game_ids = _play_games(args.games, args.crews)
        connection.close()
        redis_url = os.environ["REDIS_URL"]
        worker = processes.start_worker(
            processes.database_url(connection.settings_dict), redis_url, log,
            concurrency=args.concurrency, DJANGO_LOG_LEVEL="WARNING")
        set_celery(task_always_eager=False, broker_url=redis_url, result_backend=redis_url)
        if not processes.wait_until_worker_answers(app, worker):
            print(log.read_text()[-2000:])
            return 1
        expected = 2 * len(game_ids)
        start = time.perf_counter()
        for pk in game_ids:
            process_game.delay(pk)
        done = 0
        while time.perf_counter() - start < 120:
            done = Aftermath.objects.exclude(phase="pending").count()
            if done >= expected:
                break
            time.sleep(0.05)
        elapsed = time.perf_counter() - start
        print(f"Aftermath, automatic part, through a real worker (prefork, concurrency "
              f"{args.concurrency}, PostgreSQL, Redis)")
        print(f"  {done} of {expected} crews' Aftermaths ({len(game_ids)} games) in "
              f"{elapsed:.2f} s (goal < {GOAL_SECONDS:.0f} s)")
        print(f"  {elapsed / max(len(game_ids), 1) * 1000:.1f} ms per game")
        return 0 if done == expected and elapsed < GOAL_SECONDS else 1
    finally:
        if worker is not None:
            processes.stop(worker)
        set_celery(task_always_eager=True)
        connection.close()
        connection.creation.destroy_test_db(old_name, verbosity=0)


def _play_games(count: int, crews: int) -> list[int]:
    """``count`` confirmed games between ``crews`` crews, the job not yet sent."""
    from unittest import mock

    from tests.aftermath.conftest import play
    from tests.campaign.factories import campaign_in_week_one, guild_roster

    campaign, built, _ = campaign_in_week_one(
        guild_roster(), [f"Crew {i}" for i in range(crews)], upgrade=False,
        max_games_per_week=14)
    ids = []
    with mock.patch("aftermath.tasks.process_game.delay"):
        for n in range(count):
            a, b = built[n % crews], built[(n + 1 + n // crews) % crews]
            if a.pk == b.pk:
                b = built[(n + 2) % crews]
            ids.append(play(campaign, a, b, vp=(5, 3), kills=[("b", 1, True)]).pk)
    return ids


if __name__ == "__main__":
    sys.exit(main())
