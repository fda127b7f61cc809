"""The issue's end to end: a campaign night in headless Chromium. The organizer checks six
players in, pairs them and starts three games; each game's players report and confirm
the result on their own phones; the standings page shows the new table; the organizer
downloads the XLSX from that page and it reads back to the same figures."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from openpyxl import load_workbook

from encounters.services.results import COUNTED
from tests.e2e.steps import ensure_factions, shown_headings, shown_rows, start_night
from tests.e2e.test_tracker_browser import phone_for
from tests.nights.conftest import running_campaign

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SCORES = {1: (5, 2), 2: (3, 3), 3: (1, 4)}  # table -> (side A VP, side B VP)


def expected_rows(pairings) -> list[list[str]]:
    """Rank, crew, CP, Diff, VP worked out from the scores (3/1/0, then Differential,
    then VP; crews level on all three share a rank and are listed by name)."""
    totals = {}
    for p in pairings:
        vp_a, vp_b = SCORES[p.table]
        for crew, mine, theirs in ((p.crew_a, vp_a, vp_b), (p.crew_b, vp_b, vp_a)):
            cp = 3 if mine > theirs else 1 if mine == theirs else 0
            totals[crew.name] = (cp, mine - theirs, mine)
    order = sorted(totals, key=lambda name: (tuple(-v for v in totals[name]), name))
    rows = []
    for name in order:
        first = next(i for i, n in enumerate(order, start=1) if totals[n] == totals[name])
        shared = sum(1 for n in order if totals[n] == totals[name]) > 1
        rows.append([f"{first}=" if shared else str(first), name,
                     *(str(v) for v in totals[name])])
    return rows


def report_and_confirm(browser, live_server, pairing) -> None:
    """Side A's player reports the score on the game page; side B's player confirms it."""
    game, (vp_a, vp_b) = pairing.game, SCORES[pairing.table]
    context, page = phone_for(browser, live_server, pairing.crew_a.player)
    page.goto(game.get_absolute_url())
    page.click("details:has(#report-form) > summary")
    page.fill("#report_vp_a", str(vp_a))
    page.fill("#report_vp_b", str(vp_b))
    page.click("#report-result")
    page.wait_for_selector("#report-status:has-text('Waiting for the opponent')")
    context.close()
    context, page = phone_for(browser, live_server, pairing.crew_b.player)
    page.goto(game.get_absolute_url())
    page.click(f"#confirm-result:text-is('Confirm {vp_a}\N{EN DASH}{vp_b}')")
    page.wait_for_selector("#report-status:has-text('Confirmed')")
    context.close()


def test_a_campaign_night_ends_in_standings_and_their_xlsx(browser, live_server):
    ensure_factions()
    campaign, crews, organizer = running_campaign(6)
    context, page = phone_for(browser, live_server, organizer)
    night = start_night(page, campaign, crews)
    pairings = list(night.pairings.filter(bye=False).order_by("table").select_related(
        "game", "crew_a__player", "crew_b__player"))
    assert [p.table for p in pairings] == [1, 2, 3] and all(p.game for p in pairings)

    for pairing in pairings:
        report_and_confirm(browser, live_server, pairing)
    for pairing in pairings:  # confirmed, and the Aftermath may have begun: both count
        pairing.game.refresh_from_db()
        assert pairing.game.state in COUNTED

    page.goto(f"/campaigns/{campaign.pk}/standings/")
    page.wait_for_selector("#standings tbody tr[data-crew]")
    headings = shown_headings(page)
    assert headings == ["Rank", "Crew", "Player", "Faction", "CP", "Diff", "VP", "Games"]
    shown = shown_rows(page)
    assert [[row[0], row[1], *row[4:7]] for row in shown] == expected_rows(pairings)
    assert all(row[7] == "1" for row in shown)

    with page.expect_download() as download:
        page.click("#export-xlsx")
    assert download.value.suggested_filename.endswith("-standings-week-1.xlsx")
    sheet = load_workbook(io.BytesIO(Path(download.value.path()).read_bytes())).active
    assert [sheet["A1"].value, sheet["B1"].value] == ["Campaign", campaign.name]
    assert sheet["B3"].value == "Campaign Points > Differential > Victory Points"
    rows = [list(row) for row in sheet.iter_rows(min_row=6, values_only=True)]
    assert [[r[0], r[1], r[4], r[5], r[6]] for r in rows] == [
        [int(row[0].rstrip("=")), row[1], int(row[4]), int(row[5]), int(row[6])]
        for row in shown]
    assert [str(cell) for r in rows for cell in r] == [
        cell.rstrip("=") if i == 0 else cell for row in shown for i, cell in enumerate(row)]
    context.close()
