"""The auto-resolve job on the real path (PostgreSQL, Redis, worker processes): a worker
killed in the middle of a resolve loses nothing and doubles nothing, and a prediction runs
as parallel chunks."""

import time

import pytest

from autoresolve.models import Prediction, ResolveRun
from autoresolve.services import predictions, resolve
from autoresolve.tasks import resolve_game, resume_stalled
from config import processes
from encounters.models import Casualty, Game, ResultReport
from rules.engine.simulation import EncounterInput, simulate
from tests.autoresolve.conftest import (  # noqa: F401 (fixtures)
    fixed_seed,
    game,
    league_week,
)
from tests.conftest import set_celery
from tests.parallel import worker_suffix
from tests.realservices.conftest import start_worker

pytestmark = [pytest.mark.realservices, pytest.mark.django_db(transaction=True)]
LOG = processes.ROOT / f".celery-test-autoresolve-worker{worker_suffix()}.log"


def wait_for(predicate, timeout=60.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.2)
    return False


def start(redis_url, concurrency=1, **env):
    return start_worker(redis_url, LOG, concurrency=concurrency, **env)


def test_a_worker_killed_mid_resolve_loses_and_doubles_nothing(
        real_services, game, league_week):  # noqa: F811 (fixtures)
    _campaign, alpha, bravo, _ = league_week
    worker = start(real_services, AUTORESOLVE_PAUSE_MID_RESOLVE="60")
    try:
        resolve.request_resolve(game=game, actor=alpha.player)
        run = resolve.request_resolve(game=game, actor=bravo.player).run
        # The job marks the run running, plays the game, writes it and pauses uncommitted.
        assert wait_for(lambda: ResolveRun.objects.get(pk=run.pk).status == "running", 30)
        time.sleep(2.0)
        processes.kill(worker)
    finally:
        set_celery(task_always_eager=True)
        if worker.poll() is None:
            processes.kill(worker)
    assert not ResultReport.objects.filter(game=game).exists()
    assert not Casualty.objects.filter(game=game).exists()
    assert Game.objects.get(pk=game.pk).state == Game.State.SET_UP

    worker = start(real_services, AUTORESOLVE_STALL_SECONDS="0")
    try:
        assert resume_stalled.delay().get(timeout=30) == 1
        assert wait_for(lambda: ResolveRun.objects.get(pk=run.pk).status == "done", 60)
        for _ in range(2):  # a duplicate delivery, a second sweep
            assert resolve_game.delay(run.pk).get(timeout=30) is False
        assert resume_stalled.delay().get(timeout=30) == 0
    finally:
        set_celery(task_always_eager=True)
        processes.stop(worker)
    run.refresh_from_db()
    expected = simulate(EncounterInput.from_dict(run.input), seed=run.seed)
    assert run.attempts == 2
    assert ResultReport.objects.filter(game=game).count() == 1
    assert Casualty.objects.filter(game=game).count() == len(expected.casualties)
    report = ResultReport.objects.get(game=game)
    assert (report.vp_a, report.vp_b) == (expected.vp["a"], expected.vp["b"])
    assert Game.objects.get(pk=game.pk).state == Game.State.REPORTED


def test_a_prediction_runs_in_parallel_chunks_on_real_workers(
        real_services, league_week):  # noqa: F811 (fixtures)
    _campaign, alpha, bravo, _ = league_week
    from autoresolve.services.matchups import matchup_input

    setup, label = matchup_input(alpha.player, {
        "crew_a": alpha.pk, "crew_b": bravo.pk, "size": 40, "strategy": "random",
        "deployment": "standard"})
    worker = start(real_services, concurrency=2)
    try:
        out = predictions.request_prediction(setup=setup, games=200, actor=alpha.player,
                                             label=label)
        assert wait_for(lambda: Prediction.objects.get(pk=out.prediction.pk).status == "done",
                        120)
    finally:
        set_celery(task_always_eager=True)
        processes.stop(worker)
    prediction = Prediction.objects.get(pk=out.prediction.pk)
    assert prediction.chunks_done == prediction.chunks_total == 2
    assert prediction.result["games"] == 200
