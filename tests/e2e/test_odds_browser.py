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


def test_the_ruleset_switch_shows_each_editions_fields_and_odds(page):
    """Switching to first edition hides the Soulstone twist and suit and the TN of an
    opposed duel, shows the Soulstone card, and the figures become first edition's."""
    page.goto("/rules/odds/")
    assert page.is_visible("#id_a_soulstone_twist")
    assert not page.is_visible("#id_a_soulstone_card")
    page.select_option("#id_ruleset", "m1e")
    assert not page.is_visible("#id_a_soulstone_twist")
    assert not page.is_visible("#id_tn")  # an opposed first-edition duel has no TN
    assert page.is_visible("#id_d_soulstone_card")
    page.fill("#id_a_stat", "6")
    page.fill("#id_d_stat", "5")
    page.check("#id_d_can_use_soulstones")
    page.check("#id_d_soulstone_card")
    page.fill("#id_d_hand", "12T 3M")
    page.fill("#id_damage", "2/3/4")
    page.click("button[type=submit]")
    defender = DuelistSpec(5, can_use_soulstones=True, soulstone_card=True, hand=("12T", "3M"))
    first = DuelSpec(DuelistSpec(6), defender, damage=(2, 3, 4), ruleset="m1e")
    page.wait_for_selector(f"#p-win:text('{shown(first)}')")
    assert "First edition" in page.inner_text("#odds-assumes")
    assert page.is_visible("#red-joker-follow-up")
    page.evaluate("window.__same_document = true")
    # Back to second edition: the Soulstone card is ignored, the figures follow.
    page.select_option("#id_ruleset", "m2e")
    assert page.is_visible("#id_tn") and not page.is_visible("#id_d_soulstone_card")
    defender = DuelistSpec(5, can_use_soulstones=True, hand=("12T", "3M"))
    second = DuelSpec(DuelistSpec(6), defender, damage=(2, 3, 4))
    page.wait_for_selector(f"#p-win:text('{shown(second)}')")
    assert "Second edition" in page.inner_text("#odds-assumes")
    assert page.evaluate("window.__same_document") is True
    assert "ruleset=m2e" in page.url


def test_the_policy_switch_is_shown_with_the_figures(page):
    page.goto("/rules/odds/?ruleset=m2e&kind=opposed&a_stat=7&d_stat=5&d_hand=10M"
              "&damage=2/3/4")
    page.wait_for_selector("#p-win")
    assert "Cheat to win, or to reduce the damage" in page.inner_text("#odds-assumes")
    page.select_option("#id_policy", "to_win")
    page.wait_for_selector("#odds-assumes:text('Cheat only to win')")
    expected = duel_odds(DuelSpec(DuelistSpec(7), DuelistSpec(5, hand=("10M",)),
                                  damage=(2, 3, 4), policy="to_win"))
    assert page.inner_text("#expected-damage") == f"{float(expected.expected_damage):.2f}"
