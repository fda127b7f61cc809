"""A Wandering Mercenaries week's game walked on two phones (headless Chromium at
390x844) through the pages only: hire with the free Mercenary, schemes, the tracker, the
result; then a prediction, its progress page and its result. On the way, the phone layout
of issue 23: the menu folded, the tracker first with the set-up folded above it, and
nothing wider than the screen."""

from __future__ import annotations

import pytest

from autoresolve.models import Prediction
from encounters.models import Game, HiredModel
from tests.campaign.factories import campaign_in_week_one, guild_roster
from tests.e2e.steps import ensure_factions
from tests.e2e.test_tracker_browser import PHONE, phone_for

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def fits(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert page.locator("header.site").bounding_box()["height"] <= 70


def test_a_wandering_mercenaries_game_and_a_prediction_on_phones(browser, live_server,
                                                               monkeypatch):
    from autoresolve.services import predictions
    from encounters.services import games

    ensure_factions()
    roster = guild_roster()
    campaign, (alpha, bravo), _ = campaign_in_week_one(
        roster, event="wandering-mercenaries", auto_resolve="both_players")
    game = games.create_campaign_game(campaign=campaign, crew_a=alpha, crew_b=bravo,
                                      actor=alpha.player)
    for crew in (alpha, bravo):  # one phone at a time: SQLite under the live server
        context, page = phone_for(browser, live_server, crew.player, folded_menu=True)
        page.goto(game.get_absolute_url())
        fits(page)
        # Hire with the free Mercenary the week offers, then reveal.
        page.select_option("#wandering-mercenary select", str(roster["merc"].pk))
        page.click("#hire-form button[type=submit]")
        page.wait_for_selector("#reveal-crew")
        page.click("#reveal-crew")
        page.wait_for_selector("#schemes-form")
        boxes = page.locator("#schemes-form input[name=schemes]")
        boxes.nth(0).check()
        boxes.nth(1).check()
        # Wait for the post's answer (the boxes are checked before it comes back), and for
        # nothing left in flight: a request still running in the live server when the next
        # phone logs in locks the shared in-memory SQLite ("database table is locked").
        with page.expect_response(lambda r: "/schemes/" in r.url
                                  and r.request.method == "POST"):
            page.click("#schemes-form button[type=submit]")
        page.wait_for_load_state("networkidle")
        context.close()
    assert HiredModel.objects.filter(side__game=game, wandering_card=roster["merc"]).count() == 2

    context, a = phone_for(browser, live_server, alpha.player, folded_menu=True)
    a.goto(game.get_absolute_url())
    a.click("#start-game")
    a.wait_for_selector("#tracker")
    # The tracker comes first: the set-up is one folded line above it.
    assert not a.locator("#setup-event").is_visible()
    assert a.locator("#tracker").bounding_box()["y"] < PHONE["height"] * 1.5
    fits(a)
    a.click("#side-a button.plus")
    a.wait_for_selector("#vp-a:text-is('1')")
    for turn in range(1, 9):  # end every turn until the game has ended
        if a.locator("#ended").count() or not a.locator("#end-turn").count():
            break
        a.click("#end-turn")
        a.wait_for_selector(f"#turn:not(:text-is('Turn {turn}')), #ended")
    if not a.locator("#report-form").is_visible():
        a.click("details:has(#report-form) > summary")
    a.wait_for_selector("#report-form")
    a.click("#report-result")
    a.wait_for_selector("#report-status")
    a.goto("/")
    context_b, b = phone_for(browser, live_server, bravo.player, folded_menu=True)
    b.goto(game.get_absolute_url())
    b.wait_for_selector("#confirm-result")
    b.click("#confirm-result")
    b.wait_for_selector("#your-aftermath")
    context_b.close()
    game.refresh_from_db()
    assert game.state in (Game.State.AFTERMATH, Game.State.DONE, Game.State.CONFIRMED)

    # A prediction for the same crews: the form returns at once to its progress page,
    # which follows the batches as the worker plays them (here this test plays them,
    # through the service the Celery tasks call; eager Celery would play them inside the
    # request) and shows the result without a reload.
    monkeypatch.setattr(predictions, "enqueue", lambda *args, **kwargs: None)
    a.goto(f"/auto-resolve/predict/?crew_a={alpha.pk}&crew_b={bravo.pk}")
    fits(a)
    a.fill("#predict-form input[name=games]", str(2 * predictions.CHUNK))
    a.click("#predict")
    a.wait_for_url("**/predictions/**")
    prediction = Prediction.objects.get(requested_by=alpha.player)
    assert a.inner_text("#prediction-status") == "Queued"
    assert a.inner_text("#prediction-chunks").startswith("0 of 2 batches played.")
    assert a.locator("#prediction-outcome").count() == 0
    fits(a)
    a.evaluate("window.__same = true")  # gone if the page reloads
    assert predictions.run_chunk(prediction.pk, 0)
    a.wait_for_selector("#prediction-chunks >> text=1 of 2 batches played")
    assert predictions.run_chunk(prediction.pk, 1) and predictions.finish(prediction.pk)
    a.wait_for_selector("#prediction-outcome")
    assert a.inner_text("#prediction-status") == "Done"
    assert a.evaluate("window.__same") is True
    fits(a)
