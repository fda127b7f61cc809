"""Benchmark the arsenal sheet: median render time and query count of a 40-model sheet.

Run from the project root: ``python -m bench.bench_sheet [--repeat N]``. It builds a
throwaway test database (SQLite by default, PostgreSQL when ``DATABASE_URL`` says so),
creates a crew with 40 models, 20 injuries and a scrip ledger, then renders the sheet
page through Django's test client ``--repeat`` times and prints the median, the 90th
percentile and the number of queries per render.
"""

from __future__ import annotations

import argparse
import datetime
import os
import statistics
import time


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=50)
    args = parser.parse_args()

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext, setup_test_environment

    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        crew = _build_crew()
        client = Client()
        url = crew.get_absolute_url()
        client.get(url)  # warm caches and templates
        timings = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            response = client.get(url)
            timings.append((time.perf_counter() - start) * 1000)
            assert response.status_code == 200
        with CaptureQueriesContext(connection) as queries:
            client.get(url)
        timings.sort()
        p90 = timings[int(len(timings) * 0.9) - 1]
        print(f"Arsenal sheet, 40 models ({connection.vendor}, {args.repeat} renders)")
        print(f"  median {statistics.median(timings):7.2f} ms")
        print(f"  p90    {p90:7.2f} ms")
        print(f"  queries per render: {len(queries)}")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
    return 0


def _build_crew():
    from campaign.models import ArsenalModel, Campaign, Crew
    from campaign.services import arsenal, scrip
    from league.models import League
    from rules.models import ContentPack, Faction, ModelCard
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
