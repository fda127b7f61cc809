"""Benchmark the standings: the table's compute time and queries, and the history page.

Run from the project root: ``python -m bench.bench_standings [--repeat N]``. It builds a
throwaway test database (SQLite by default, PostgreSQL when ``DATABASE_URL`` says so)
holding a 200-player Tournament Style campaign with 1,600 confirmed games over 12 weeks
(written with ``bulk_create``, not played through the services). In production settings
(``bench/production.py``) it computes the standings ``--repeat`` times and prints the
median, the 90th percentile and the queries per computation, then opens the history page
(positions and scrip over the 12 weeks, charts and the full table) ``--repeat`` times
through Django's test client and prints its median. ``build_campaign`` is reused by the
query-bound tests. It exits 1 when a figure misses its target.
"""

from __future__ import annotations

import argparse
import datetime
import random
import statistics
import time

from bench import production

TARGET_MS = 200
HISTORY_TARGET_MS = 100


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--games", type=int, default=1600)
    args = parser.parse_args()

    production.setup()
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    from campaign.models import Campaign
    from encounters.models import Game
    from encounters.services.results import COUNTED
    from standings.selectors import standings_table

    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        campaign_id = build_campaign(players=args.players, games=args.games).pk

        def compute():
            campaign = Campaign.objects.select_related("league").get(pk=campaign_id)
            return standings_table(campaign)

        table = compute()  # warm up
        counted = Game.objects.filter(campaign_id=campaign_id, state__in=COUNTED).count()
        timings = _timed(compute, args.repeat)
        with CaptureQueriesContext(connection) as queries:
            compute()
        median = statistics.median(timings)
        p90 = timings[max(0, int(len(timings) * 0.9) - 1)]
        print(f"Standings, {len(table.rows)} players, {counted} confirmed games "
              f"({connection.vendor}, production settings, {args.repeat} computations)")
        print(f"  median {median:7.2f} ms (target under {TARGET_MS} ms)")
        print(f"  p90    {p90:7.2f} ms")
        print(f"  queries per computation: {len(queries)}")

        client = Client()
        url = reverse("standings:history", args=[campaign_id])

        def history_page():
            response = client.get(url, secure=True)
            assert response.status_code == 200, response.status_code

        history_page()  # warm up
        history = _timed(history_page, args.repeat)
        with CaptureQueriesContext(connection) as queries:
            history_page()
        history_median = statistics.median(history)
        print(f"  history page, {table.last_week} weeks: median {history_median:7.2f} ms, "
              f"best {history[0]:7.2f} ms (target under {HISTORY_TARGET_MS} ms), "
              f"{len(queries)} queries")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
    return 0 if median < TARGET_MS and history_median < HISTORY_TARGET_MS else 1


def _timed(action, repeat: int) -> list[float]:
    """Sorted wall times of ``repeat`` calls, in milliseconds."""
    timings = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        timings.append((time.perf_counter() - start) * 1000)
    return sorted(timings)


def build_campaign(*, players: int = 200, games: int = 1600, weeks: int = 12, seed: int = 7,
                   uncounted: int = 40):
    """A running Tournament Style campaign with ``players`` crews and ``games`` counted
    games spread over ``weeks`` weeks (two a week per crew at most), scrip gains for
    each game, some completed bounties and annihilated models, and ``uncounted`` games
    still waiting for confirmation. Everything is written with ``bulk_create``.

    1,600 games for 200 players are 16 games each: twelve weeks at up to two a week."""
    from django.contrib.auth import get_user_model

    from campaign.models import (
        ArsenalModel,
        Campaign,
        CampaignWeek,
        Crew,
        CrewBounty,
        ScripEntry,
    )
    from catalogue.models import ContentPack, Faction, ModelCard
    from encounters.models import Game
    from league.models import League

    rng = random.Random(seed)
    tag = f"{rng.getrandbits(32):08x}"
    user_model = get_user_model()
    users = user_model.objects.bulk_create(
        user_model(username=f"bench-{tag}-{i}", email=f"bench-{tag}-{i}@example.org",
                   display_name=f"Player {i:03d}")
        for i in range(players))
    if users[0].pk is None:  # backends that do not return ids from bulk_create
        users = list(user_model.objects.filter(username__startswith=f"bench-{tag}-")
                     .order_by("id"))
    league = League.objects.create(name=f"Bench league {tag}", slug=f"bench-{tag}")
    campaign = Campaign.objects.create(
        league=league, name="Bench campaign", slug=f"bench-{tag}",
        start_date=datetime.date(2026, 12, 1), status=Campaign.Status.RUNNING,
        competitive_mode=Campaign.Competitive.TOURNAMENT, length_weeks=weeks,
        current_week=weeks)
    factions = list(Faction.objects.all())
    Crew.objects.bulk_create(
        Crew(campaign=campaign, player=u, name=f"Crew {i:03d}", faction=factions[i % len(factions)],
             status=Crew.Status.ACTIVE) for i, u in enumerate(users))
    crews = list(Crew.objects.filter(campaign=campaign).order_by("id"))
    CampaignWeek.objects.bulk_create(
        CampaignWeek(campaign=campaign, number=n, state=CampaignWeek.State.CLOSED,
                     starts_on=campaign.start_date + datetime.timedelta(weeks=n - 1))
        for n in range(1, weeks + 1))
    week_rows = list(CampaignWeek.objects.filter(campaign=campaign).order_by("number"))

    game_rows, scrip_rows = [], []
    for week in week_rows:
        counted_now = _share(games, weeks, week.number)
        waiting = _share(uncounted, weeks, week.number)
        for index, (a, b) in enumerate(_pairings(crews, counted_now + waiting, rng)):
            vp_a, vp_b = rng.randint(0, 10), rng.randint(0, 10)
            counted = index < counted_now
            state = rng.choice([Game.State.CONFIRMED, Game.State.AFTERMATH,
                                Game.State.DONE]) if counted else Game.State.REPORTED
            record = _record(week.number, a, b, vp_a, vp_b) if counted else {}
            game_rows.append(Game(campaign=campaign, week=week, size=50, state=state,
                                  record=record))
            if counted:
                for crew, vp in ((a, vp_a), (b, vp_b)):
                    scrip_rows.append(ScripEntry(crew=crew, week=week.number,
                                                 kind=ScripEntry.Kind.GAIN, amount=vp // 2 + 2,
                                                 reason="Bench game"))
            for crew in (a, b):
                scrip_rows.append(ScripEntry(crew=crew, week=week.number,
                                             kind=ScripEntry.Kind.SPEND, amount=-1,
                                             reason="Bench spend"))
    Game.objects.bulk_create(game_rows, batch_size=500)
    ScripEntry.objects.bulk_create(scrip_rows, batch_size=1000)
    pack = ContentPack.objects.create(name=f"Bench pack {tag}", slug=f"bench-pack-{tag}")
    card = ModelCard.objects.create(pack=pack, name="Bench model", slug=f"bench-{tag}",
                                    station="minion", cost=4, wk=5, cg=6, ht=2, wp=5, df=5,
                                    wd=4, base_size=30)
    ArsenalModel.objects.bulk_create(
        ArsenalModel(crew=crew, card=card, station="minion",
                     status=ArsenalModel.Status.ANNIHILATED,
                     annihilated_week=rng.randint(1, weeks))
        for crew in crews[::3])
    CrewBounty.objects.bulk_create(
        CrewBounty(crew=crew, bounty_key="bench", name="Bench bounty", bought_week=1,
                   status=CrewBounty.Status.COMPLETED, completed_week=rng.randint(1, weeks))
        for crew in crews[::4])
    return campaign


def _share(total: int, weeks: int, number: int) -> int:
    """Week ``number``'s part of ``total`` spread evenly over ``weeks`` weeks."""
    return total // weeks + (1 if number <= total % weeks else 0)


def _pairings(crews, count: int, rng: random.Random) -> list[tuple]:
    """``count`` pairings in a week, each crew in at most two games: two shuffled rounds
    in which every crew plays once."""
    per_round = len(crews) // 2
    if count > 2 * per_round:
        raise ValueError(f"{len(crews)} crews play at most {2 * per_round} games a week.")
    made = []
    while len(made) < count:
        order = list(crews)
        rng.shuffle(order)
        made.extend(zip(order[0:2 * per_round:2], order[1:2 * per_round:2], strict=True))
    return made[:count]


def _record(week: int, a, b, vp_a: int, vp_b: int) -> dict:
    """A record shaped like the one frozen at confirmation (results.record_for_aftermath)."""
    winner = "a" if vp_a > vp_b else "b" if vp_b > vp_a else ""

    def side(crew, vp):
        return {"crew": crew.pk, "vp": vp, "strategy_vp": {"1": 1, "2": 1},
                "schemes": [{"scheme": "breakthrough", "vp": 2, "revealed": True}],
                "withdrew_on_turn": None, "event_scrip": 0, "campaign_rating": 40,
                "played": [], "finished_off": []}
    return {"winner": winner, "vp": {"a": vp_a, "b": vp_b}, "withdraw": None,
            "event": "contract-work", "week": week, "ended_on_turn": 5,
            "sides": {"a": side(a, vp_a), "b": side(b, vp_b)}, "kills": []}


if __name__ == "__main__":
    raise SystemExit(main())
