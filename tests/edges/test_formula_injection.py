"""No export turns a name into a spreadsheet formula (OWASP "CSV injection"), on every
CSV and XLSX the app writes: the standings (CSV, XLSX; as files and as page downloads)
and a content pack's CSV files (which still import back to exactly the same text)."""

from __future__ import annotations

import csv
import io
import zipfile

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from campaign.models import Crew
from exports.spreadsheet import FORMULA_STARTS
from standings import exports
from standings.compute import build_table
from standings.facts import CampaignFacts, CrewFacts, Entrant, Outcome

EVIL = ['=HYPERLINK("http://evil.example","Click")', "+1+cmd|' /C calc'!A0", "-2+3",
        "@SUM(A1:A9)", "\t=1+1", "\r=1+1"]


def dangerous(cell: str) -> bool:
    """Text a spreadsheet would evaluate (a plain number such as -2 is only a number)."""
    if not cell.startswith(FORMULA_STARTS):
        return False
    try:
        float(cell)
    except ValueError:
        return True
    return False


def table_with(names):
    entrants = tuple(Entrant(n, name, name, "Guild") for n, name in enumerate(names, start=1))
    crews = {e.crew_id: CrewFacts(games=(Outcome(1, 5, 3) if e.crew_id % 2 else
                                         Outcome(1, 3, 5),)) for e in entrants}
    facts = CampaignFacts(campaign_id=1, name="=Campaign()", last_week=1, entrants=entrants,
                          crews=crews)
    return build_table(facts, ["cp", "diff", "vp"], 1)


def csv_cells(data: bytes) -> list[str]:
    return [cell for row in csv.reader(io.StringIO(data.decode("utf-8-sig"))) for cell in row]


def test_standings_csv_shows_formula_text_as_text():
    cells = csv_cells(exports.to_csv(table_with(EVIL)))
    assert not [c for c in cells if dangerous(c)]
    for name in EVIL:
        assert "'" + name in cells  # shown as the same text, after the apostrophe
    assert "'=Campaign()" in cells
    assert "-2" in cells  # a differential stays a number


def xlsx_cells(data: bytes):
    sheet = load_workbook(io.BytesIO(data)).active
    return [cell for row in sheet.iter_rows() for cell in row if cell.value is not None]


def test_standings_xlsx_keeps_the_exact_text_as_string_cells():
    cells = xlsx_cells(exports.to_xlsx(table_with(EVIL)))
    assert not [c for c in cells if c.data_type == "f"]
    texts = {c.value for c in cells if c.data_type == "s"}
    # (XLSX stores a carriage return as a line feed; the text is otherwise exact.)
    assert {name.replace("\r", "\n") for name in EVIL} <= {t.replace("\r", "\n")
                                                           for t in texts}
    assert "=Campaign()" in texts
    assert -2 in {c.value for c in cells if c.data_type == "n"}


def test_the_unsafe_exports_would_have_made_formulas():
    """The check above can fail: openpyxl alone stores such text as a formula."""
    from openpyxl import Workbook

    sheet = Workbook().active
    sheet.append(EVIL[:1])
    assert sheet.cell(row=1, column=1).data_type == "f"
    assert dangerous(EVIL[0]) and not dangerous("-2")


@pytest.mark.django_db
@pytest.mark.parametrize("fmt", ["csv", "xlsx"])
def test_standings_downloads_from_the_page_are_safe(client, tournament, fmt):
    campaign, crews, organizer = tournament
    for crew, name in zip(crews, EVIL, strict=False):
        Crew.objects.filter(pk=crew.pk).update(name=name)
    client.force_login(organizer)
    response = client.post(reverse("standings:export", args=[campaign.pk, fmt]))
    assert response.status_code == 200
    data = b"".join(response.streaming_content)
    if fmt == "csv":
        cells = csv_cells(data)
        assert not [c for c in cells if dangerous(c)]
        assert "'" + EVIL[0] in cells
    else:
        cells = xlsx_cells(data)
        assert not [c for c in cells if c.data_type == "f"]
        assert EVIL[0] in {c.value for c in cells}


@pytest.mark.django_db
def test_a_pack_csv_export_is_safe_and_imports_back_to_the_same_text(client):
    from catalogue.csv_format import document_from_csv
    from catalogue.exporter import export_pack_json, export_pack_zip
    from catalogue.models import ContentPack
    from catalogue.sample import load_sample_pack

    load_sample_pack()
    pack = ContentPack.objects.get(slug="sample-pack")
    card = pack.models.first()
    card.name = EVIL[0]
    card.characteristics = ["=Minion", "Living"]
    card.save()
    archive = zipfile.ZipFile(io.BytesIO(export_pack_zip(pack)))
    files = {name.rsplit("/", 1)[-1]: archive.read(name).decode() for name in archive.namelist()}
    for name, text in files.items():
        cells = [c for row in csv.reader(io.StringIO(text)) for c in row]
        assert not [c for c in cells if dangerous(c)], name
    document, errors = document_from_csv(files)
    assert not errors
    exported = export_pack_json(pack)
    for key in ("name", "characteristics", "abilities", "actions"):
        assert [m.get(key) for m in document["models"]] == [
            m.get(key) or None for m in exported["models"]], key
