"""The load scenario's pages stay real pages (``bench/load/``): every page the Locust
players open answers 200 for a demo player, and the report's percentiles are exact."""

import pytest
from django.core.management import call_command
from django.http import HttpRequest

from bench.load import run


@pytest.mark.django_db
def test_every_page_of_the_load_scenario_answers_for_a_demo_player(client):
    call_command("load_demo")
    plan = run._plan()
    # The game page is left out in a week whose event left the demo without a game.
    assert {"sheet", "week", "standings", "standings history"} <= set(plan["pages"])
    assert set(plan["pages"]) <= {"sheet", "week", "standings", "standings history", "game"}
    # django-axes checks every login against its request, so the test client passes one.
    assert client.login(
        request=HttpRequest(), username=plan["users"][0], password=plan["password"]
    )
    for page, urls in plan["pages"].items():
        assert urls, page
        for url in urls:
            assert client.get(url).status_code == 200, url


def test_percentiles_are_nearest_rank():
    values = list(range(1, 101))
    assert [run.percentile(values, s) for s in (0.5, 0.95, 0.99, 1.0)] == [50, 95, 99, 100]
    assert run.percentile([7.0], 0.99) == 7.0


def _report(timings, rss):
    from types import SimpleNamespace

    return run._report(timings, rss, SimpleNamespace(users=1, seconds=1, spawn_rate=1.0))


def test_the_report_checks_memory_login_and_page_goals(capsys):
    quick_login = [("login", 200.0, False)] * 20
    quick_page = [("sheet", 90.0, False)] * 20
    assert _report(quick_login + quick_page, {1: 120.0, 2: 130.0}) == 0
    assert "idle worker RSS: 120, 130 MiB" in capsys.readouterr().out
    assert _report(quick_login + quick_page, {1: 120.0, 2: 306.0}) == 1  # the old pool
    assert "NOT met (worker RSS)" in capsys.readouterr().out
    assert _report([("login", 260.0, False)] * 20 + quick_page, {1: 100.0}) == 1
    assert _report(quick_login + [("sheet", 110.0, False)] * 20, {1: 100.0}) == 1
    assert _report(quick_login + quick_page + [("sheet", 5.0, True)], {1: 100.0}) == 1


def test_worker_memory_is_read_from_proc():
    import os
    import subprocess
    import sys

    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        assert child.pid in run._workers(os.getpid())
        assert 1 < run._rss_mib(child.pid) < 200
    finally:
        child.kill()
        child.wait()
