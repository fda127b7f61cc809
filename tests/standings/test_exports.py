"""Exports: CSV and XLSX read back to the page's figures, the PDF header, and the
exporters as plain functions over one StandingsTable (export jobs run them)."""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from standings import exports
from standings.compute import build_table
from standings.facts import CampaignFacts, CrewFacts, Entrant, Outcome
from tests.encounters.test_week_effects import play
from tests.standings.conftest import next_week
from tests.standings.test_pages import page_rows


@pytest.fixture
def played(tournament):
    campaign, (alpha, bravo, charlie), organizer = tournament
    play(campaign, alpha, bravo, vp=(5, 3))
    play(campaign, charlie, bravo, vp=(4, 4))
    campaign = next_week(campaign, organizer)
    play(campaign, charlie, alpha, vp=(6, 0))
    return campaign


def downloaded(response) -> bytes:
    """The body of a download (a file response streams it)."""
    assert "attachment" in response["Content-Disposition"]
    return b"".join(response.streaming_content)


def xlsx_rows(content: bytes) -> list[list]:
    """The sheet's rows without the empty cells a shorter row is padded with."""
    sheet = load_workbook(io.BytesIO(content)).active
    rows = []
    for row in sheet.iter_rows(values_only=True):
        row = list(row)
        while row and row[-1] is None:
            row.pop()
        rows.append(row)
    return rows


def as_text(rows) -> list[list[str]]:
    return [[str(cell) for cell in row] for row in rows]


@pytest.mark.django_db
@pytest.mark.parametrize("week", [1, 2])
def test_xlsx_and_csv_read_back_to_the_pages_figures(client, played, week):
    campaign = played
    page = client.get(reverse("standings:page", args=[campaign.pk]), {"week": week})
    shown = page_rows(page.content.decode())
    shown = [[cell.rstrip("=") if i == 0 else cell for i, cell in enumerate(row)]
             for row in shown]

    xlsx = client.post(reverse("standings:export", args=[campaign.pk, "xlsx"]), {"week": week})
    assert xlsx["Content-Type"] == exports.CONTENT_TYPES["xlsx"]
    assert f"week-{week}.xlsx" in xlsx["Content-Disposition"]
    rows = xlsx_rows(downloaded(xlsx))
    assert rows[0] == ["Campaign", campaign.name]
    assert rows[1][0] == "Standings as of" and f"Week {week}" in rows[1][1]
    assert rows[2] == ["Tie-breaks", "Campaign Points > Differential > Victory Points"]
    assert rows[4] == ["Rank", "Crew", "Player", "Faction", "Campaign Points", "Differential",
                       "Victory Points", "Games played"]
    assert all(isinstance(v, int) for row in rows[5:] for v in (row[0], *row[4:]))
    assert as_text(rows[5:]) == shown

    response = client.post(reverse("standings:export", args=[campaign.pk, "csv"]),
                           {"week": week})
    assert response["Content-Type"].startswith("text/csv")
    parsed = list(csv.reader(io.StringIO(downloaded(response).decode("utf-8-sig"))))
    assert parsed[0] == ["Campaign", campaign.name]
    assert parsed[4][:2] == ["Rank", "Crew"]
    assert parsed[5:] == shown


@pytest.mark.django_db
def test_pdf_download(client, played):
    response = client.post(reverse("standings:export", args=[played.pk, "pdf"]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert downloaded(response).startswith(b"%PDF-")


@pytest.mark.django_db
def test_an_export_for_a_week_out_of_range_goes_back_with_a_message(client, played):
    response = client.post(reverse("standings:export", args=[played.pk, "csv"]), {"week": 7},
                           follow=True)
    assert response.redirect_chain[-1][0] == reverse("standings:page", args=[played.pk])
    assert "The campaign has reached week 2." in response.content.decode()


@pytest.mark.django_db
def test_unknown_export_formats_are_not_found(client, played):
    assert client.post(f"/campaigns/{played.pk}/standings/export.docx").status_code == 404


@pytest.mark.django_db
def test_a_download_is_asked_for_with_a_post(client, played):
    """Each download makes an export job, so a plain link (or a crawler) cannot start one."""
    assert client.get(reverse("standings:export", args=[played.pk, "csv"])).status_code == 405


def sample_table():
    entrants = (Entrant(1, "Żelazna Kompania", "Zoë", "Guild"),
                Entrant(2, "Bravo", "Ben", "Arcanists"))
    facts = CampaignFacts(campaign_id=5, name="Nights in Malifaux", last_week=3,
                          entrants=entrants,
                          crews={1: CrewFacts(games=(Outcome(1, 5, 3),)),
                                 2: CrewFacts(games=(Outcome(1, 3, 5),))})
    return build_table(facts, ["cp", "diff", "vp"], 2)


def test_exporters_are_plain_functions_of_the_table():
    table = sample_table()
    text = exports.to_csv(table).decode("utf-8-sig")
    assert "Nights in Malifaux" in text and "Week 2 of 3" in text
    assert "Żelazna Kompania,Zoë,Guild,3,2,5,1" in text
    assert "Bravo,Ben,Arcanists,0,-2,3,1" in text
    rows = xlsx_rows(exports.to_xlsx(table))
    assert rows[5] == [1, "Żelazna Kompania", "Zoë", "Guild", 3, 2, 5, 1]
    assert rows[6] == [2, "Bravo", "Ben", "Arcanists", 0, -2, 3, 1]


def test_pdf_carries_the_header_and_the_rows():
    from pypdf import PdfReader

    pdf = exports.to_pdf(sample_table())
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    for expected in ("Nights in Malifaux", "Week 2 of 3",
                     "Campaign Points > Differential > Victory Points", "Żelazna Kompania",
                     "Bravo", "Arcanists"):
        assert expected in text


def test_pdf_without_a_unicode_font_still_renders(monkeypatch):
    from pypdf import PdfReader

    monkeypatch.setattr(exports, "FONT_CANDIDATES", ())
    pdf = exports.to_pdf(sample_table())
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    assert "Nights in Malifaux" in text and "Zelazna Kompania" in text
