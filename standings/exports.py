"""Standings exporters: one ``StandingsTable`` in, file bytes out.

Plain functions over the table (no request, no database), so a Celery job can run them
as well as a view. Every format carries the same header (campaign, week, tie-break
order) above the same rows.
"""

from __future__ import annotations

import csv
import io
import unicodedata
from pathlib import Path

from exports.spreadsheet import append_xlsx_row, csv_row
from standings.compute import StandingsTable

CONTENT_TYPES = {
    "csv": "text/csv; charset=utf-8",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "pdf": "application/pdf",
}


def filename(table: StandingsTable, extension: str) -> str:
    from django.utils.text import slugify

    return f"{slugify(table.campaign) or 'campaign'}-standings-week-{table.week}.{extension}"


def to_csv(table: StandingsTable) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out)
    for label, value in table.header_lines():
        writer.writerow(csv_row([label, value]))
    writer.writerow([])
    writer.writerow(csv_row(table.headings()))
    writer.writerows(csv_row(row) for row in table.grid())
    return out.getvalue().encode("utf-8-sig")  # the BOM lets spreadsheets read UTF-8


def to_xlsx(table: StandingsTable) -> bytes:
    from openpyxl import Workbook
    from openpyxl.styles import Font

    book = Workbook()
    sheet = book.active
    sheet.title = f"Week {table.week}"
    bold = Font(bold=True)
    for label, value in table.header_lines():
        append_xlsx_row(sheet, [label, value])
        sheet.cell(row=sheet.max_row, column=1).font = bold
    sheet.append([])
    append_xlsx_row(sheet, table.headings())
    heading_row = sheet.max_row
    for cell in sheet[heading_row]:
        cell.font = bold
    for row in table.grid():
        append_xlsx_row(sheet, row)
    sheet.freeze_panes = sheet.cell(row=heading_row + 1, column=1)
    for column, width in zip("ABCD", (7, 28, 22, 16), strict=True):
        sheet.column_dimensions[column].width = width
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


FONT_CANDIDATES = (
    Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
    Path("/usr/share/fonts/dejavu/DejaVuSans.ttf"),
)


def _font(pdf) -> str:
    """A Unicode font when the system has one; else the built-in Helvetica (Latin-1)."""
    for path in FONT_CANDIDATES:
        bold = path.with_name(path.stem + "-Bold.ttf")
        if path.exists() and bold.exists():
            pdf.add_font("standings", "", str(path))
            pdf.add_font("standings", "B", str(bold))
            return "standings"
    return "helvetica"


def _latin1(text: str) -> str:
    plain = unicodedata.normalize("NFKD", text).encode("latin-1", "ignore")
    return plain.decode("latin-1")


def to_pdf(table: StandingsTable) -> bytes:
    from fpdf import FPDF

    pdf = FPDF(orientation="landscape" if len(table.columns) > 4 else "portrait",
               format="A4")
    pdf.set_auto_page_break(auto=True, margin=12)
    pdf.add_page()
    family = _font(pdf)
    text = str if family != "helvetica" else _latin1
    pdf.set_font(family, "B", 16)
    pdf.cell(0, 9, text(table.campaign), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font(family, "", 10)
    for label, value in table.header_lines()[1:]:
        pdf.cell(0, 6, text(f"{label}: {value}"), new_x="LMARGIN", new_y="NEXT")
    pdf.ln(3)
    pdf.set_font(family, "", 9)
    widths = _widths(pdf.epw, len(table.columns))
    aligns = ("RIGHT", "LEFT", "LEFT", "LEFT", *("RIGHT",) * len(table.columns))
    with pdf.table(col_widths=widths, text_align=aligns, line_height=5.5,
                   first_row_as_headings=True, repeat_headings=1) as grid:
        heading = grid.row()
        for title in table.headings():
            heading.cell(text(title))
        for values in table.grid():
            row = grid.row()
            for value in values:
                row.cell(text(str(value)))
    return bytes(pdf.output())


WRITERS = {"csv": to_csv, "xlsx": to_xlsx, "pdf": to_pdf}


def _widths(total: float, metric_columns: int) -> tuple[float, ...]:
    """Rank narrow, names wide, metrics equal; the widths add up to ``total``."""
    fixed = (0.6, 2.4, 2.0, 1.6)
    units = sum(fixed) + metric_columns
    return tuple(total * u / units for u in (*fixed, *(1,) * metric_columns))
