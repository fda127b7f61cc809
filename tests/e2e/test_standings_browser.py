"""The standings in headless Chromium on a phone-sized screen: the table, a past week
swapped in without reload, the charts, and an XLSX download read back to the figures
the page shows."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from openpyxl import load_workbook

from bench.bench_standings import build_campaign
from catalogue.models import Faction
from tests.e2e.steps import shown_rows

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_standings_by_week_and_the_xlsx_download(page):
    if not Faction.objects.exists():
        Faction.objects.create(code="guild", name="Guild")
    campaign = build_campaign(players=8, games=14, weeks=2, uncounted=2)
    page.goto(f"/campaigns/{campaign.pk}/standings/")
    page.wait_for_selector("#standings tbody tr")
    assert page.locator(".standings-header").inner_text().count("Week 2 (latest)") == 1
    latest = shown_rows(page)
    assert len(latest) == 8

    page.select_option("#id_week", "1")
    page.wait_for_selector(".standings-header:has-text('Week 1 of 2')")
    assert page.url.endswith("?week=1")
    week1 = shown_rows(page)
    assert sum(int(row[-1]) for row in week1) == 2 * 7  # seven counted games a week
    assert sum(int(row[-1]) for row in latest) == 2 * 14

    page.wait_for_selector("#history svg")
    assert page.locator("#history figcaption").first.inner_text() == "Position by week"

    with page.expect_download() as download:
        page.click("#export-xlsx")
    sheet = load_workbook(io.BytesIO(Path(download.value.path()).read_bytes())).active
    rows = [[str(v) for v in row if v is not None]
            for row in sheet.iter_rows(min_row=6, values_only=True)]
    assert rows == [[cell.rstrip("=") if i == 0 else cell for i, cell in enumerate(row)]
                    for row in week1]
    assert sheet["B2"].value == "Week 1 of 2"
