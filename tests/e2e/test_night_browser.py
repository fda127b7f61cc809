"""A campaign night in headless Chromium: the organizer opens the night from the campaign
page, checks in six players, pairs them and starts the games; the venue dashboard shows
three games and, when one result is reported and confirmed, updates without a reload."""

import pytest

from encounters.services import results
from tests.e2e.steps import ensure_factions, start_night
from tests.e2e.test_tracker_browser import phone_for
from tests.nights.conftest import running_campaign

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_organizer_runs_a_night_and_the_dashboard_follows_the_games(browser, live_server):
    ensure_factions()
    campaign, crews, organizer = running_campaign(6)
    context, page = phone_for(browser, live_server, organizer)
    night = start_night(page, campaign, crews)

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
