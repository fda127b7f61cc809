"""Cells safe to open in a spreadsheet: user text never becomes a formula.

A crew called ``=HYPERLINK("http://evil", "Click")`` or ``@SUM(...)`` would run as a
formula when an organizer opens a CSV export in Excel or LibreOffice (OWASP "CSV
injection"). In CSV such text gets a leading apostrophe, which spreadsheets show as text;
in XLSX the cell is typed as a string, so the text stays exactly as written.
"""

from __future__ import annotations

from collections.abc import Iterable

#: A cell starting with one of these may be read as a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\n")


def csv_cell(value):
    """The value for a CSV cell: text that could be a formula gets a leading apostrophe."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_row(values: Iterable) -> list:
    return [csv_cell(value) for value in values]


def append_xlsx_row(sheet, values: Iterable) -> None:
    """``sheet.append`` with every text cell typed as a string (openpyxl otherwise stores
    text beginning with "=" as a formula)."""
    values = list(values)
    sheet.append(values)
    row = sheet.max_row
    for column, value in enumerate(values, start=1):
        if isinstance(value, str):
            sheet.cell(row=row, column=column).data_type = "s"
