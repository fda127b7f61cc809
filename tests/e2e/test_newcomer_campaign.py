"""A newcomer on the demo site: creates a league, invites a second user, creates a
campaign, and both build legal starting arsenals and see both sheets (headless Chromium,
phone-sized screens)."""

import re

import pytest

from campaign.models import Crew
from catalogue.sample import load_sample_pack
from tests.e2e import steps

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def sign_up(page, username):
    steps.sign_up(page, username, "pass-for-e2e-7731")


def set_quantity(page, card_name, count):
    row = page.locator("tr", has=page.locator(f"label:text-is('{card_name}')"))
    row.locator("input").fill(str(count))
    row.locator("input").dispatch_event("change")


def build_arsenal(page, leader, models, expected_total):
    page.select_option("#id_leader", label=leader)
    page.dispatch_event("#id_leader", "change")
    for name, count in models.items():
        set_quantity(page, name, count)
    page.wait_for_selector(f"#arsenal-total:text-is('{expected_total}')")
    page.wait_for_selector("#legal")
    page.click("button[value=build]")
    page.wait_for_url(re.compile(r"/crews/\d+/$"))
    page.wait_for_selector("#scrip-balance")


def test_newcomer_runs_a_league_and_campaign_setup(browser, live_server):
    load_sample_pack()
    host = browser.new_context(base_url=live_server.url, viewport={"width": 390, "height": 844})
    page = host.new_page()
    page.set_default_timeout(15_000)

    sign_up(page, "newcomer")
    page.goto("/leagues/new/")
    page.fill("#id_name", "Tuesday Night Malifaux")
    page.click("main button[type=submit]")
    page.wait_for_selector("h1:text('Tuesday Night Malifaux')")

    page.click("text=Create an invitation link")
    link = page.locator("input[aria-label='Invitation link']").first.input_value()
    assert "/leagues/join/" in link

    page.click("text=New campaign")
    page.fill("#id_name", "Winter Campaign")
    page.fill("#id_start_date", "2026-12-01")
    page.click("main button[type=submit]")
    page.wait_for_selector("h1:text('Winter Campaign')")
    campaign_url = page.url

    page.fill("#id_name", "Lamplighters")
    page.select_option("#id_faction", label="Guild")
    page.click("text=Join the campaign")
    page.wait_for_url("**/build/")
    # Refusals are explained live before anything is built.
    page.select_option("#id_leader", label="Sample Rifle Lieutenant")
    set_quantity(page, "Sample Death Clerk", 3)
    page.wait_for_selector("#refusals >> text=Rare 2")
    set_quantity(page, "Sample Death Clerk", 0)
    build_arsenal(page, "Sample Rifle Lieutenant",
                  {"Sample Guild Patrolman": 2, "Sample Heavy Warden": 1,
                   "Sample Street Constable": 1}, expected_total=9 + 10 + 9 + 4)
    assert page.locator("#leader").inner_text() == "Sample Rifle Lieutenant"
    assert page.locator("#scrip-balance").inner_text() == "3"  # 3 unspent soulstones

    guest = browser.new_context(base_url=live_server.url, viewport={"width": 390, "height": 844})
    second = guest.new_page()
    second.set_default_timeout(15_000)
    sign_up(second, "friend")
    second.goto(link)
    second.click("text=Join the league")
    second.wait_for_selector("text=Welcome to Tuesday Night Malifaux")
    second.goto(campaign_url)
    second.fill("#id_name", "Briar Court")
    second.select_option("#id_faction", label="Neverborn")
    second.click("text=Join the campaign")
    second.wait_for_url("**/build/")
    build_arsenal(second, "Sample Hollow Huntress",
                  {"Sample Briar Sprite": 3, "Sample Mirror Twin": 1, "Sample Shadow Kin": 1},
                  expected_total=10 + 12 + 7 + 6)
    assert second.locator("#scrip-balance").inner_text() == "0"

    # Both sheets are visible to both players from the campaign page.
    for viewer in (page, second):
        viewer.goto(campaign_url)
        sheets = viewer.locator("#crews a")
        assert sheets.count() == 2
        for name in ("Lamplighters", "Briar Court"):
            viewer.goto(campaign_url)
            viewer.click(f"#crews a:text-is('{name}')")
            viewer.wait_for_selector(f"h1:has-text('{name}')")
            assert viewer.locator(".sheet-model").count() >= 5
            assert viewer.locator(".sample-label").count() >= 1
    assert Crew.objects.filter(status="active").count() == 2
    assert re.search(r"/campaigns/\d+/$", campaign_url)
    host.close()
    guest.close()
