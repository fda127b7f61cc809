"""A campaign night in headless Chromium: the organizer opens the night from the campaign
page, checks in six players, pairs them and starts the games; the venue dashboard shows
three games and, when one result is reported and confirmed, updates without a reload."""

import pytest

from encounters.services import results
from nights.models import CampaignNight
from rules.models import Faction
from rules.tables import FACTIONS
from tests.e2e.test_tracker_browser import phone_for
from tests.nights.conftest import running_campaign

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_organizer_runs_a_night_and_the_dashboard_follows_the_games(browser, live_server):
    for code, name in FACTIONS.items():  # a transactional test may follow a flush
        Faction.objects.update_or_create(code=code, defaults={"name": name})
    campaign, crews, organizer = running_campaign(6)
    context, page = phone_for(browser, live_server, organizer)

    page.goto(campaign.get_absolute_url())
    page.click("#night-link a")
    page.click("#open-night")
    page.wait_for_selector("#night-state:text-is('Checking in')")
    for crew in crews:
        page.click(f"#crew-{crew.pk} button.toggle")
        page.wait_for_selector(f"#crew-{crew.pk} button:text-is('Checked in ✓')")
    page.select_option("#id_method", "standings")
    page.click("#generate-pairings")
    page.wait_for_selector("#night-state:text-is('Paired')")
    assert page.locator("#pairings tr[data-pairing]").count() == 3
    page.click("#start-games")
    page.wait_for_selector("#night-state:text-is('Games started')")

    night = CampaignNight.objects.get(campaign=campaign)
    board = context.new_page()
    board.goto(f"/nights/{night.pk}/dashboard/")
    board.wait_for_selector("#board tr[data-table]")
    assert board.locator("#board tr[data-table]").count() == 3
    assert board.locator("#board td.status:text-is('Setting up')").count() == 3
    board.evaluate("window.__same = true")

    first = night.pairings.select_related("game", "crew_a__player", "crew_b__player").get(
        table=1)
    results.report_result(game=first.game, actor=first.crew_a.player, vp_a=5, vp_b=2)
    board.wait_for_selector("#board tr[data-table='1'] td.status >> text=Reported")
    results.confirm_result(game=first.game, actor=first.crew_b.player)
    board.wait_for_selector("#board tr[data-table='1'] >> text=Confirmed, aftermath to do")
    board.wait_for_selector("#board tr[data-table='1'] .score")
    assert board.locator("#board td.status:text-is('Setting up')").count() == 2
    assert board.evaluate("window.__same") is True
    context.close()
