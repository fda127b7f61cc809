"""The auto-resolve panel shows one state at a time, an auto-resolved result says it was
reported by the simulator, and a player has one way to confirm it (issue 23)."""

import re

import pytest
from django.urls import reverse

from autoresolve.models import ResolveRun

pytestmark = pytest.mark.django_db


def _both_ask(client, game, alpha, bravo, capture):
    client.force_login(alpha.player)
    client.post(reverse("autoresolve:ask", args=[game.pk]))
    client.force_login(bravo.player)
    with capture(execute=True):
        client.post(reverse("autoresolve:ask", args=[game.pk]))


def test_one_state_and_one_way_to_confirm(client, game, league_week,
                                          django_capture_on_commit_callbacks):
    _campaign, alpha, bravo, _ = league_week
    _both_ask(client, game, alpha, bravo, django_capture_on_commit_callbacks)
    html = client.get(game.get_absolute_url()).content.decode()
    panel = html[html.index('id="auto-resolve"'):]
    panel = panel[:panel.index("</section>")]
    assert "Queued" not in html  # no flash of a state the run has left
    assert 'id="ask-auto-resolve"' not in panel
    assert panel.count('id="run-status"') == 1 and "Resolved" in panel
    assert html.count('id="confirm-auto-resolve"') == 1 and 'id="confirm-result"' not in html
    result = re.sub(r"<[^>]+>", " ", html[html.index('id="report-status"'):])
    assert "reported by the simulator" in result[:400]


def test_the_finished_runs_poll_brings_the_whole_panel(client, game, league_week,
                                                        django_capture_on_commit_callbacks):
    _campaign, alpha, bravo, _ = league_week
    _both_ask(client, game, alpha, bravo, django_capture_on_commit_callbacks)
    run = ResolveRun.objects.get(game=game)
    url = reverse("autoresolve:run-status", args=[run.pk]) + "?in=panel"
    response = client.get(url, HTTP_HX_REQUEST="true")
    assert response["HX-Retarget"] == "#auto-resolve"
    assert 'id="confirm-auto-resolve"' in response.content.decode()
