"""Benchmark week turnovers through a real Celery worker: 200 campaigns of 8 crews.

Run from the project root with PostgreSQL and Redis:
``DATABASE_URL=postgres://... REDIS_URL=redis://... python -m bench.bench_turnover``.
It creates a throwaway test database, 200 running campaigns with 8 crews each, starts a
worker (the same command line as production), runs beat's job ``turn_over_due_weeks``
once, and times until every campaign's week has turned over (events flipped and
recorded, players notified). Exits 1 if that takes 30 s or more.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

GOAL_SECONDS = 30.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--campaigns", type=int, default=200)
    parser.add_argument("--crews", type=int, default=8)
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--pool", default="prefork")
    args = parser.parse_args()
    if not os.environ.get("DATABASE_URL", "").startswith("postgres") or \
            not os.environ.get("REDIS_URL"):
        print("bench_turnover needs DATABASE_URL (PostgreSQL) and REDIS_URL; skipped.")
        return 0

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.db import connection
    from django.test.utils import setup_test_environment

    from campaign.models import CampaignWeek
    from campaign.weeks.tasks import turn_over_due_weeks
    from config import processes
    from config.celery import app
    from tests.conftest import set_celery

    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    log = processes.ROOT / ".celery-bench-worker.log"
    worker = None
    try:
        _create_campaigns(args.campaigns, args.crews)
        connection.close()
        redis_url = os.environ["REDIS_URL"]
        worker = processes.start_worker(
            processes.database_url(connection.settings_dict), redis_url, log,
            concurrency=args.concurrency, pool=args.pool,
            DJANGO_EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend",
            DJANGO_LOG_LEVEL="WARNING")
        set_celery(task_always_eager=False, broker_url=redis_url, result_backend=redis_url)
        if not processes.wait_until_worker_answers(app, worker):
            print(log.read_text()[-2000:])
            return 1
        start = time.perf_counter()
        turn_over_due_weeks.delay().get(timeout=60)
        turned = 0
        while time.perf_counter() - start < 120:
            turned = CampaignWeek.objects.filter(number=1, state="games").count()
            if turned >= args.campaigns:
                break
            time.sleep(0.1)
        elapsed = time.perf_counter() - start
        print(f"Week turnover through a real worker ({args.pool} pool, concurrency "
              f"{args.concurrency}, PostgreSQL, Redis)")
        print(f"  {turned} of {args.campaigns} campaigns x {args.crews} crews turned over in "
              f"{elapsed:.2f} s (goal < {GOAL_SECONDS:.0f} s)")
        print(f"  {elapsed / max(turned, 1) * 1000:.1f} ms per campaign")
        return 0 if turned == args.campaigns and elapsed < GOAL_SECONDS else 1
    finally:
        if worker is not None:
            processes.stop(worker)
        connection.close()
        connection.creation.destroy_test_db(old_name, verbosity=0)


def _create_campaigns(count: int, crews_each: int) -> None:
    import datetime

    from django.contrib.auth import get_user_model

    from campaign.models import Campaign, Crew
    from catalogue.models import Faction
    from league.models import League, Membership

    guild = Faction.objects.get(code="guild")
    league = League.objects.create(name="Bench league", slug="bench")
    users = get_user_model().objects.bulk_create(
        [get_user_model()(username=f"bench{i}", email=f"bench{i}@example.org")
         for i in range(crews_each)])
    Membership.objects.bulk_create([Membership(league=league, user=u) for u in users])
    today = datetime.date.today()
    campaigns = Campaign.objects.bulk_create(
        [Campaign(league=league, name=f"Bench {i}", slug=f"bench-{i}", status="running",
                  start_date=today, weekday=today.weekday(), turnover_hour=0)
         for i in range(count)])
    Crew.objects.bulk_create(
        [Crew(campaign=c, player=u, name=f"Crew {u.pk}", faction=guild, status="active")
         for c in campaigns for u in users])


if __name__ == "__main__":
    sys.exit(main())
