"""The duel calculator in headless Chromium on a phone-sized screen."""

import pytest

from rules.engine.odds import DuelistSpec, DuelSpec, duel_odds

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def shown(spec: DuelSpec) -> str:
    return f"{float(duel_odds(spec).p_win) * 100:.1f}%"


def test_changing_a_stat_updates_the_odds_without_reload(page):
    page.goto("/rules/odds/")
    page.fill("#id_a_stat", "6")
    page.fill("#id_a_positive", "1")
    page.fill("#id_d_stat", "5")
    page.fill("#id_damage", "2/3/4")
    page.click("button[type=submit]")
    expected = shown(DuelSpec(DuelistSpec(6, positive=1), DuelistSpec(5), damage=(2, 3, 4)))
    page.wait_for_selector(f"#p-win:text('{expected}')")
    # Mark the document: a full reload would lose this flag; an HTMX swap keeps it.
    page.evaluate("window.__same_document = true")
    page.fill("#id_d_stat", "7")
    page.dispatch_event("#id_d_stat", "change")
    harder = shown(DuelSpec(DuelistSpec(6, positive=1), DuelistSpec(7), damage=(2, 3, 4)))
    page.wait_for_selector(f"#p-win:text('{harder}')")
    assert page.evaluate("window.__same_document") is True
    assert "d_stat=7" in page.url  # hx-push-url keeps the result shareable
    assert page.locator("#damage-table tbody tr").count() == 5


def test_bad_input_shows_a_message_in_the_browser(page):
    page.goto("/rules/odds/")
    page.fill("#id_a_hand", "9M ZZ")
    page.click("button[type=submit]")
    page.wait_for_selector("text=is not a card")
    assert page.locator("#p-win").count() == 0


def test_calculator_works_without_javascript(browser, live_server):
    context = browser.new_context(java_script_enabled=False, base_url=live_server.url)
    page = context.new_page()
    page.goto("/rules/odds/")
    page.fill("#id_a_stat", "5")
    page.select_option("#id_kind", "simple")
    page.fill("#id_tn", "13")
    page.click("button[type=submit]")
    page.wait_for_selector("#p-win")
    assert page.locator("#p-win").inner_text() == f"{25 / 54 * 100:.1f}%"
    context.close()
