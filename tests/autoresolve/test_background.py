"""Long jobs leave the web process at once (issue 23): a prediction asked from its page is
queued on the broker (the embedded default's folder of message files) and its page shows
the progress; a per-user limit on running predictions and an hourly throttle, with more
for organizers."""

import pytest
from django.test import override_settings
from django.urls import reverse

from autoresolve.models import Prediction
from autoresolve.services import predictions
from tests.conftest import set_celery

pytestmark = pytest.mark.django_db

FORM = {"size": 40, "strategy": "random", "deployment": "standard", "games": 100}


@pytest.fixture
def filesystem_broker(tmp_path):
    """Celery as the embedded default runs it (not eager, a filesystem broker), into a
    folder of the test's own."""
    from config.celery import app

    folders = {name: tmp_path / name for name in ("queue", "control", "results")}
    for folder in folders.values():
        folder.mkdir()
    options = {"task_always_eager": False, "broker_url": "filesystem://",
               "broker_transport_options": {"data_folder_in": str(folders["queue"]),
                                            "data_folder_out": str(folders["queue"]),
                                            "control_folder": str(folders["control"])},
               "result_backend": f"file://{folders['results']}"}
    before = {key: getattr(app.conf, key) for key in options}
    set_celery(**options)
    yield folders
    # Put back everything this fixture changed: a later test on a real broker must not
    # inherit the folders (its worker would never hear the pings).
    set_celery(**before)


def test_a_prediction_is_queued_for_the_worker_not_played_in_the_request(
        client, league_week, filesystem_broker, django_capture_on_commit_callbacks):
    _campaign, alpha, bravo, _ = league_week
    client.force_login(alpha.player)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("autoresolve:predict"),
                               {**FORM, "crew_a": alpha.pk, "crew_b": bravo.pk})
    prediction = Prediction.objects.get()
    assert response.status_code == 302 and response.url == prediction.get_absolute_url()
    assert prediction.status == "queued" and prediction.chunks_done == 0
    assert len(list(filesystem_broker["queue"].iterdir())) == 1  # the job, for the worker
    page = client.get(prediction.get_absolute_url()).content.decode()
    assert 'hx-trigger="every' in page  # the progress page updates itself


def _queued(user, n):
    for i in range(n):
        Prediction.objects.create(key=f"k{user.pk}-{i}", requested_by=user, games=100, seed=i,
                                  simulator_version="x", status="queued")


def test_a_player_may_run_two_predictions_at_once(client, league_week):
    _campaign, alpha, bravo, _ = league_week
    _queued(alpha.player, 2)
    client.force_login(alpha.player)
    response = client.post(reverse("autoresolve:predict"),
                           {**FORM, "crew_a": alpha.pk, "crew_b": bravo.pk})
    assert response.status_code == 400
    assert "You already have 2 predictions running" in response.content.decode()
    assert Prediction.objects.count() == 2


def test_an_organizer_may_run_more(league_week):
    _campaign, _alpha, _bravo, organizer = league_week
    _queued(organizer, 2)
    predictions.check_limits(organizer)  # not refused
    assert predictions.limits_for(organizer)[0] > 2


@override_settings(PREDICTIONS_PER_HOUR=3)
def test_starting_predictions_is_throttled_per_hour(league_week):
    _campaign, alpha, _bravo, _ = league_week
    _queued(alpha.player, 3)
    Prediction.objects.update(status="done")
    with pytest.raises(predictions.PredictionRefused, match="in the last hour"):
        predictions.check_limits(alpha.player)


def test_an_auto_resolve_asked_from_the_page_is_queued_and_its_panel_polls(
        client, game, league_week, filesystem_broker, django_capture_on_commit_callbacks):
    """The second player's ask returns at once: the run waits in the broker's folder for the
    worker, and the game page's panel shows that one state and follows it by polling."""
    from autoresolve.models import ResolveRun

    _campaign, alpha, bravo, _ = league_week
    client.force_login(alpha.player)
    client.post(reverse("autoresolve:ask", args=[game.pk]))
    client.force_login(bravo.player)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("autoresolve:ask", args=[game.pk]))
    assert response.status_code in (200, 302)
    run = ResolveRun.objects.get(game=game)
    assert run.status == "queued" and not run.summary  # not played in the request
    assert len(list(filesystem_broker["queue"].iterdir())) == 1  # the job, for the worker
    html = client.get(game.get_absolute_url()).content.decode()
    panel = html[html.index('id="auto-resolve"'):]
    panel = panel[:panel.index("</section>")]
    assert panel.count('class="run-status"') == 1 and 'hx-trigger="every' in panel
    assert 'id="ask-auto-resolve"' not in panel and "Resolved" not in panel
