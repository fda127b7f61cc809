"""The Aftermath job on the real path (PostgreSQL, Redis, worker processes): a worker
killed in the middle of a phase loses nothing and doubles nothing."""

import time

import pytest

from aftermath.models import Aftermath
from aftermath.tasks import process_game, resume_stalled
from campaign.models import Crew, ScripEntry
from campaign.services import scrip
from config import processes
from tests.aftermath.conftest import play
from tests.conftest import set_celery
from tests.parallel import worker_suffix
from tests.realservices.conftest import start_worker

pytestmark = [pytest.mark.realservices, pytest.mark.django_db(transaction=True)]
LOG = processes.ROOT / f".celery-test-aftermath-worker{worker_suffix()}.log"


def wait_for(predicate, timeout=60.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.2)
    return False


def start(redis_url, **env):
    return start_worker(redis_url, LOG, concurrency=1, **env)


def gains(crew):
    return sorted(ScripEntry.objects.filter(crew=crew, kind="gain")
                  .values_list("amount", flat=True))


def test_a_worker_killed_mid_phase_loses_and_doubles_nothing(real_services, campaign_week,
                                                             monkeypatch):
    campaign, alpha, bravo, _ = campaign_week
    monkeypatch.setattr(process_game, "delay", lambda *a, **k: None)  # queue it ourselves
    game = play(campaign, alpha, bravo, vp=(5, 1))
    monkeypatch.undo()
    ledger_before = list(ScripEntry.objects.values_list("pk", flat=True))
    worker = start(real_services, AFTERMATH_PAUSE_MID_PHASE="60")
    try:
        process_game.delay(game.pk)
        # The automatic part runs, writes Payday and stops mid-phase (uncommitted).
        assert wait_for(lambda: Aftermath.objects.filter(game=game).count() == 2, 30)
        time.sleep(2.0)
        processes.kill(worker)
    finally:
        set_celery(task_always_eager=True)
        if worker.poll() is None:
            processes.kill(worker)
    assert list(ScripEntry.objects.values_list("pk", flat=True)) == ledger_before
    assert set(Aftermath.objects.filter(game=game).values_list("phase", flat=True)) == \
        {"pending"}

    worker = start(real_services, AFTERMATH_STALL_SECONDS="0")
    try:
        assert resume_stalled.delay().get(timeout=30) == 1
        assert wait_for(lambda: not Aftermath.objects.filter(game=game, phase="pending")
                        .exists(), 60)
        for _ in range(2):  # a duplicate delivery, a second sweep
            process_game.delay(game.pk).get(timeout=30)
        assert resume_stalled.delay().get(timeout=30) == 0
    finally:
        set_celery(task_always_eager=True)
        processes.stop(worker)
    assert gains(alpha) == [1, 3] and gains(bravo) == [1]
    for crew in Crew.objects.filter(pk__in=[alpha.pk, bravo.pk]):
        assert crew.scrip == scrip.ledger_balance(crew)
