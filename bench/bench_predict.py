"""Benchmark matchup predictions through a real Celery worker, against the simulator's
own rate on one core.

Run from the project root with PostgreSQL and Redis:
``DATABASE_URL=postgres://... REDIS_URL=redis://... python -m bench.bench_predict
[--games N] [--concurrency C]``. It creates a throwaway test database, times the
simulator alone on this process's core (the benchmark simulator's matchup: two
50-Soulstone sample-pack crews), then asks for a prediction of N games of the same
matchup, starts a worker (the production command line, C pool processes) and times until
the chord's last chunk is merged. Prints games per second both ways and the ratio (more
than 1 means the chunks run in parallel faster than one core).
"""

from __future__ import annotations

import argparse
import os
import sys
import time


def simulator_rate(setup, games: int) -> float:
    """Encounters per CPU second on this core (the same seeds the prediction plays)."""
    from rules.engine.simulation import derive_seed, simulate

    simulate(setup, seed=1)  # warm the odds cache, as a worker's first chunk does
    start = time.process_time()
    for game in range(games):
        simulate(setup, seed=derive_seed(12345, f"g{game}"))
    return games / (time.process_time() - start)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--solo-games", type=int, default=100,
                        help="games the one-core rate is measured over")
    args = parser.parse_args()
    if not os.environ.get("DATABASE_URL", "").startswith("postgres") or \
            not os.environ.get("REDIS_URL"):
        print("bench_predict needs DATABASE_URL (PostgreSQL) and REDIS_URL; skipped.")
        return 0

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.db import connection
    from django.test.utils import setup_test_environment

    from autoresolve.models import Prediction
    from autoresolve.services import predictions
    from bench.bench_simulator import setups
    from config import processes
    from config.celery import app
    from tests.conftest import set_celery

    setup = setups()[0]
    solo = simulator_rate(setup, args.solo_games)
    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    log = processes.ROOT / ".celery-bench-worker.log"
    worker = None
    try:
        redis_url = os.environ["REDIS_URL"]
        worker = processes.start_worker(
            processes.database_url(connection.settings_dict), redis_url, log,
            concurrency=args.concurrency, DJANGO_LOG_LEVEL="WARNING")
        set_celery(task_always_eager=False, broker_url=redis_url, result_backend=redis_url)
        if not processes.wait_until_worker_answers(app, worker):
            print(log.read_text()[-2000:])
            return 1
        start = time.perf_counter()
        outcome = predictions.request_prediction(setup=setup, games=args.games, actor=None,
                                                 seed=12345, label="bench")
        pk = outcome.prediction.pk
        status = "queued"
        while time.perf_counter() - start < 1800:
            status = Prediction.objects.values_list("status", flat=True).get(pk=pk)
            if status in ("done", "failed"):
                break
            time.sleep(0.1)
        elapsed = time.perf_counter() - start
        rate = args.games / elapsed
        print(f"Matchup prediction through a real worker (prefork, concurrency "
              f"{args.concurrency}, PostgreSQL, Redis): {status}")
        print(f"  {args.games} games in {elapsed:.2f} s: {rate:.1f} games/s "
              f"({predictions.CHUNK} a chunk)")
        print(f"  the simulator alone on one core: {solo:.1f} games/s (CPU time)")
        print(f"  ratio {rate / solo:.2f}")
        return 0 if status == "done" else 1
    finally:
        if worker is not None:
            processes.stop(worker)
        connection.close()
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    sys.exit(main())
