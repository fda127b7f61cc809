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
