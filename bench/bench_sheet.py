"""Benchmark the arsenal sheet in production settings: a 40-model sheet against /healthz.

Run from the project root: ``python -m bench.bench_sheet [--repeat N]``. It uses the
production settings (``DJANGO_ENV=production``, DEBUG off, static files collected, requests
made as HTTPS the way the proxy forwards them) on a throwaway test database (SQLite by
default, PostgreSQL when ``DATABASE_URL`` says so; the cache is Redis when ``REDIS_URL`` is
set). It builds a crew with 40 models, 20 injuries and a scrip ledger, then times, through
Django's test client, ``/healthz``, the sheet rendered afresh (its cache invalidated before
each view: the cost after every write) and the sheet from the cache, for a visitor and for
the crew's player, and prints the medians, the ratios to ``/healthz`` and the queries per
view. It exits 1 when the cached sheet is not at least five times faster than a fresh one.
"""

from __future__ import annotations

import argparse
import datetime
import statistics
import time

from bench import production

TARGET_SPEEDUP = 5


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=50)
    args = parser.parse_args()

    production.setup()
    from django.conf import settings
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from campaign import sheet_cache

    if not sheet_cache.enabled():
        print("No REDIS_URL: the sheet is cached in this one process's memory, as the "
              "embedded default would (`make bench-services` uses Redis).")
        sheet_cache.ALLOW_PROCESS_LOCAL = True
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        crew = _build_crew()
        url = crew.get_absolute_url()
        visitor, player = Client(), Client()
        player.force_login(crew.player)

        def invalidate():
            sheet_cache.touch([crew.pk])

        cases = [("/healthz", visitor, "/healthz", None)]
        for who, client in (("visitor", visitor), ("player", player)):
            cases.append((f"sheet, fresh render ({who})", client, url, invalidate))
            cases.append((f"sheet, from the cache ({who})", client, url, None))
        times: dict[str, list[float]] = {name: [] for name, *_ in cases}
        for client in (visitor, player):  # warm templates, connections and the cache
            client.get("/healthz", secure=True)
            client.get(url, secure=True)
        for _ in range(args.repeat):  # interleaved, so a busy moment slows every case alike
            for name, client, path, before in cases:
                if before:
                    before()
                start = time.perf_counter()
                response = client.get(path, secure=True)
                times[name].append((time.perf_counter() - start) * 1000)
                assert response.status_code == 200, (path, response.status_code)
        rows = []
        for name, client, path, before in cases:
            if before:
                before()
            with CaptureQueriesContext(connection) as queries:
                client.get(path, secure=True)
            rows.append((name, statistics.median(times[name]), len(queries)))
        health = rows[0][1]
        cache = settings.CACHES["default"]["BACKEND"].rsplit(".", 1)[-1]
        print(f"Arsenal sheet, 40 models, production settings ({connection.vendor}, {cache}, "
              f"{args.repeat} views each)")
        for name, median, queries in rows:
            print(f"  {name:<34} median {median:7.2f} ms  {median / health:6.1f}x /healthz"
                  f"  {queries:2d} queries")
        speedups = [rows[i][1] / rows[i + 1][1] for i in (1, 3)]
        print(f"  cached vs fresh: {speedups[0]:.1f}x (visitor), {speedups[1]:.1f}x (player); "
              f"target at least {TARGET_SPEEDUP}x")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
    return 0 if min(speedups) >= TARGET_SPEEDUP else 1


def _build_crew():
    from campaign.models import ArsenalModel, Campaign, Crew
    from campaign.services import arsenal, scrip
    from catalogue.models import ContentPack, Faction, ModelCard
    from league.models import League
    from tests.factories import UserFactory

    guild = Faction.objects.get(code="guild")
    pack = ContentPack.objects.create(name="Bench pack", slug="bench-pack")
    cards = []
    for i in range(10):
        card = ModelCard.objects.create(pack=pack, name=f"Bench model {i}", slug=f"bench-{i}",
                                        station="enforcer", cost=6, wk=5, cg=6, ht=2, wp=5,
                                        df=5, wd=7, base_size=30)
        card.factions.add(guild)
        cards.append(card)
    player = UserFactory()
    league = League.objects.create(name="Bench league", slug="bench-league")
    campaign = Campaign.objects.create(league=league, name="Bench", slug="bench",
                                       start_date=datetime.date(2026, 12, 1))
    crew = Crew.objects.create(campaign=campaign, player=player, name="Bench crew",
                               faction=guild, status="active")
    rows = [ArsenalModel.objects.create(crew=crew, card=cards[i % 10], station="enforcer")
            for i in range(40)]
    crew.leader = rows[0]
    crew.save()
    for week, row in enumerate(rows[:20], start=1):
        arsenal.add_injury(model=row, actor=player, key="fragile", name="Fragile",
                           stat_effects={"df": -1})
        scrip.gain_scrip(crew, 5, week=week, reason=f"Game {week}")
    return crew


if __name__ == "__main__":
    raise SystemExit(main())
