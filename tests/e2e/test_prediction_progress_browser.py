"""A matchup prediction's page while it runs (issue 23: background jobs with progress):
it shows the batches played so far, updates by its own polling (no reload) as the
chunks come in, and shows the result, then stops polling, once they are merged."""

from __future__ import annotations

import pytest

from autoresolve.inputs import game_input
from autoresolve.models import Prediction
from autoresolve.services import predictions
from catalogue.models import Faction
from rules.tables import FACTIONS
from tests.autoresolve.conftest import ready_game, sample_roster
from tests.campaign.factories import campaign_in_week_one
from tests.e2e.test_tracker_browser import phone_for

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_running_prediction_shows_progress_then_its_result(browser, live_server,
                                                             monkeypatch):
    for code, name in FACTIONS.items():  # a transactional test may follow a flush
        Faction.objects.update_or_create(code=code, defaults={"name": name})
    campaign, (alpha, bravo), _ = campaign_in_week_one(
        sample_roster(), models=("minion", "enforcer", "inquisitor"), upgrade=False)
    setup, _ = game_input(ready_game(campaign, alpha, bravo))
    # The chunks are played here, one at a time, through the service the Celery tasks
    # call (Celery is eager in tests: queued, they would all run inside the request).
    monkeypatch.setattr(predictions, "enqueue", lambda *args, **kwargs: None)
    prediction = predictions.request_prediction(
        setup=setup, games=2 * predictions.CHUNK, actor=alpha.player, label="Alpha v Bravo",
    ).prediction
    assert prediction.status == Prediction.Status.QUEUED and prediction.chunks_total == 2

    context, page = phone_for(browser, live_server, alpha.player)
    page.goto(prediction.get_absolute_url())
    assert page.inner_text("#prediction-status") == "Queued"
    assert page.get_attribute("#prediction-progress", "value") == "0"
    assert page.inner_text("#prediction-chunks").startswith("0 of 2 batches played.")
    assert page.locator("#prediction-outcome").count() == 0
    page.evaluate("window.__same = true")  # gone if the page reloads

    assert predictions.run_chunk(prediction.pk, 0)
    page.wait_for_selector("#prediction-chunks >> text=1 of 2 batches played")
    assert page.inner_text("#prediction-status") == "Running"
    assert page.get_attribute("#prediction-progress", "value") == "50"

    assert predictions.run_chunk(prediction.pk, 1) and predictions.finish(prediction.pk)
    page.wait_for_selector("#prediction-outcome")
    assert page.inner_text("#prediction-status") == "Done"
    assert page.locator("#prediction-progress").count() == 0
    assert page.get_attribute("#prediction-body", "hx-get") is None  # polling stopped
    assert "%" in page.inner_text("#prediction-outcome")
    assert page.evaluate("window.__same") is True
    context.close()
