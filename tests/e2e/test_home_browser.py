"""A player's phone: the home shows what needs them, the bell counts a result the
opponent reported, the notification leads to the game, and the crew's stat cards print
(headless Chromium at 390x844)."""

import pytest

from encounters.models import Game
from notifications import kinds, services
from notifications.models import Notification
from tests.e2e.test_tracker_browser import game_in_play, phone_for

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def bell_count(page) -> int:
    count = page.locator("#bell-count")
    return int(count.inner_text()) if count.count() else 0


def no_sideways_scroll(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def small_targets(page, containers: str) -> list[str]:
    """Links, buttons and selects under ``containers`` less than 44 px tall."""
    return page.eval_on_selector_all(
        ", ".join(f"{c} a, {c} button, {c} select, {c} label.check" for c in
                  containers.split(",")),
        "els => els.filter(e => e.offsetParent !== null)"
        ".filter(e => e.getBoundingClientRect().height < 44).map(e => e.outerHTML.slice(0, 80))")


def test_the_bell_and_the_home_lead_a_player_to_what_needs_them(browser, live_server):
    game = game_in_play()
    side_a, side_b = game.sides.get(key="a"), game.sides.get(key="b")
    context_a, a = phone_for(browser, live_server, side_a.player)
    context_b, b = phone_for(browser, live_server, side_b.player)

    b.goto("/")
    b.wait_for_selector("#needs")
    before = bell_count(b)
    assert b.locator('[data-need="confirm_result"]').count() == 0
    box = b.locator("#bell").bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44
    no_sideways_scroll(b)
    assert small_targets(b, "#needs,#crews,#next-game,#latest-notifications") == []

    # A reports the result on their phone.
    a.goto(game.get_absolute_url())
    a.click("#result summary:text-is('Report the result')")
    a.click("#report-result")
    a.wait_for_selector("#report-status >> text=Waiting for the opponent")

    # B's home now asks for a confirmation and the bell counts one more.
    b.reload()
    b.wait_for_selector('[data-need="confirm_result"]')
    assert bell_count(b) == before + 1
    b.click("#bell")
    b.wait_for_selector("#notifications")
    no_sideways_scroll(b)
    assert small_targets(b, "#notifications,.actions-row") == []
    mine = Notification.objects.get(user=side_b.player, kind=kinds.RESULT_TO_CONFIRM)
    b.click(f"#notification-{mine.pk} a.notification-link")
    b.wait_for_selector("#confirm-result")
    assert bell_count(b) == before  # following it marked it read
    b.click("#confirm-result")
    b.wait_for_selector("#game-state:text-is('Awaiting aftermath')")
    assert Game.objects.get(pk=game.pk).state == Game.State.AFTERMATH

    b.goto("/")
    b.wait_for_selector("#needs")
    assert b.locator('[data-need="confirm_result"]').count() == 0

    # B turns off the weekly emails.
    b.goto("/notifications/settings/")
    assert small_targets(b, "#email-preferences") == []
    b.uncheck(f"#id_{kinds.NEW_WEEK}")
    b.click("#email-preferences button[type=submit]")
    b.wait_for_selector("text=Your email choices are saved.")
    assert services.email_preferences(side_b.player)[kinds.NEW_WEEK] is False
    context_a.close()
    context_b.close()


def test_the_crews_cards_print_several_to_a_page(browser, live_server):
    game = game_in_play()
    crew = game.sides.get(key="a").crew
    context, page = phone_for(browser, live_server, crew.player)
    page.goto(crew.get_absolute_url())
    page.click("text=Stat cards to print")
    page.wait_for_selector("#cards")
    assert page.locator("#cards .print-card").count() == crew.models.filter(
        status="active").count()
    assert page.locator("[data-print]").is_visible()  # the static script shows the button
    no_sideways_scroll(page)
    assert small_targets(page, "#print-options,.tap-links") == []
    page.select_option("#paper", "letter")
    page.select_option("#columns", "3")
    page.click("#print-options button[type=submit]")
    page.wait_for_selector(".card-sheet.cols-3.paper-letter")
    page.emulate_media(media="print")
    pdf = page.pdf(prefer_css_page_size=True)
    from io import BytesIO

    from pypdf import PdfReader

    reader = PdfReader(BytesIO(pdf))
    assert len(reader.pages) == 1  # four cards fit on one Letter page
    assert [round(float(v)) for v in reader.pages[0].mediabox[2:]] == [612, 792]
    context.close()
