"""A player walks the Aftermath wizard on a phone after a confirmed game: flip a Barter
card, keep it, move on, skip the Bounty; each step swaps the wizard body in place (no
full page load), and the hand is on the player's screen only."""

import os

import pytest

from aftermath.models import Aftermath
from aftermath.services.automatic import start_game
from campaign.services import scrip
from encounters.models import Game
from encounters.services import results
from tests.e2e.test_tracker_browser import game_in_play, phone_for

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def confirmed_game() -> Game:
    game = game_in_play()
    side_a, side_b = game.sides.get(key="a"), game.sides.get(key="b")
    results.report_result(game=game, actor=side_a.player, vp_a=5, vp_b=1)
    results.confirm_result(game=game, actor=side_b.player)
    start_game(game.pk)  # idempotent: the confirmation may already have run it
    return Game.objects.get(pk=game.pk)


def step(page, button: str) -> None:
    """Click and wait for the wizard body to come back with the Aftermath's new version."""
    version = page.get_attribute("#wizard", "data-version")
    page.click(button)
    page.wait_for_selector(f"#wizard:not([data-version='{version}'])")


def test_a_player_walks_the_aftermath_on_a_phone(browser, live_server):
    game = confirmed_game()
    alpha = game.sides.get(key="a").crew
    scrip.adjust_scrip(alpha, 10, week=1, reason="test funds", actor=alpha.player)
    aftermath = Aftermath.objects.get(game=game, crew=alpha)
    assert aftermath.phase == "barter"
    context, page = phone_for(browser, live_server, alpha.player)
    page.goto(game.get_absolute_url())
    page.click("#your-aftermath")
    page.wait_for_selector("#wizard[data-phase='barter']")
    page.evaluate("window.__same = true")
    for card in aftermath.hand:
        assert page.locator(f"#hand [data-card='{card}']").count() == 1

    step(page, "#barter-flip")
    if page.locator("#keep-card").count():  # a Cheat question: keep the card
        step(page, "#keep-card")
    page.wait_for_selector("#barter-card")
    page.wait_for_selector("#offer li[data-upgrade]")
    if os.environ.get("AFTERMATH_SCREENSHOT"):
        page.screenshot(path=os.environ["AFTERMATH_SCREENSHOT"], full_page=True)
    while page.locator("#wizard[data-phase='barter']").count():
        step(page, next(b for b in ("#barter-flip", "#keep-card", "#barter-next")
                        if page.locator(b).count()))
    page.wait_for_selector("#wizard[data-phase='bounty'] #skip-bounty")
    assert page.locator(".phases li[aria-current='step']").inner_text() == "Purchase a Bounty"
    # A refused purchase comes back as a message in the same body (status 400).
    page.eval_on_selector("li[data-bounty] input[name=key]", "e => e.value = 'no-such'")
    page.click("li[data-bounty] button[type=submit]")
    page.wait_for_selector("#wizard .messages li.error >> text=There is no Bounty")
    step(page, "#skip-bounty")
    page.wait_for_selector("#wizard:not([data-phase='bounty'])")
    assert page.evaluate("window.__same") is True  # swapped in place, never reloaded
    aftermath.refresh_from_db()
    assert aftermath.phase != "bounty"
    assert aftermath.steps.filter(description="No Bounty bought").exists()
    assert page.locator("#steps >> text=No Bounty bought").count() == 1
    context.close()


def test_a_refused_barter_buy_shows_where_the_player_tapped(browser, live_server):
    from tests.e2e.test_tracker_browser import PHONE

    game = confirmed_game()
    alpha = game.sides.get(key="a").crew
    context, page = phone_for(browser, live_server, alpha.player)
    page.goto(game.get_absolute_url())
    page.click("#your-aftermath")
    page.wait_for_selector("#wizard[data-phase='barter']")
    step(page, "#barter-flip")
    if page.locator("#keep-card").count():
        step(page, "#keep-card")
    page.wait_for_selector("#offer li[data-upgrade]")
    last = page.locator("#offer li[data-upgrade]").last
    last.locator("input[name=key]").evaluate("e => e.value = 'no-such'")
    last.locator("button[type=submit]").click()
    # The message is swapped in at the top, then moved once the swap settles: wait for
    # the move (waiting for the message alone raced it).
    page.wait_for_selector("#offer .messages.at-tap li.error")
    # The message sits in the offer the player tapped, on the screen, not at the top.
    message = page.locator("#offer li[data-upgrade]").last.locator(".messages li.error")
    assert message.count() == 1
    box = message.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]
    context.close()
