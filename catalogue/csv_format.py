"""CSV and zip forms of a pack, decoded into (and encoded from) the JSON pack document.

Three files: ``pack.csv`` (a header and one row), ``models.csv`` and ``upgrades.csv``
(optional). List fields are "|"-separated words ("guild|neverborn"); abilities and
actions are a JSON cell. Decoding only splits and parses cells; the rules live in
``schema`` so a CSV row and a JSON row get the same messages. Row N of a CSV file is
its line N+1 (line 1 is the header), which is what a spreadsheet shows.
"""

from __future__ import annotations

import csv
import io
import json
import zipfile
from collections.abc import Mapping
from typing import Any

from catalogue.schema import (
    FORMAT_VERSION,
    JSON_FIELDS,
    LIST_FIELDS,
    MODEL_FIELDS,
    PACK_FIELDS,
    UPGRADE_FIELDS,
    InvalidCell,
    RowError,
)
from exports.spreadsheet import FORMULA_STARTS

CSV_FILES = {"pack": "pack.csv", "models": "models.csv", "upgrades": "upgrades.csv"}
#: pack.csv also carries the format version (missing: format 1) and the pack's Conditions.
PACK_COLUMNS = (*PACK_FIELDS, "format", "conditions")
COLUMNS = {"pack": PACK_COLUMNS, "models": MODEL_FIELDS, "upgrades": UPGRADE_FIELDS}
MAX_FILE_BYTES = 5 * 1024 * 1024


# --- Decoding ----------------------------------------------------------------------------


def document_from_csv(files: Mapping[str, str | bytes]) -> tuple[dict[str, Any], list[RowError]]:
    """Build a pack document from ``{"pack.csv": text, "models.csv": text, ...}``.

    Errors here are about the files themselves (missing, unreadable, unknown columns);
    cell values are checked later by ``schema.validate_document``.
    """
    errors: list[RowError] = []
    document: dict[str, Any] = {"format": 1}
    for section, filename in CSV_FILES.items():
        if filename not in files:
            if section == "pack":
                errors.append(RowError("file", None, None, f"{filename} is missing"))
            continue
        text = _text(files[filename], filename, errors)
        if text is None:
            continue
        rows = _rows(text, section, errors)
        if section == "pack":
            if len(rows) != 1:
                errors.append(
                    RowError(
                        "pack",
                        None,
                        None,
                        f"{filename} needs exactly one row under its header, found {len(rows)}",
                    )
                )
            document["pack"] = dict(rows[0] or {}) if rows else {}
            document["format"] = document["pack"].pop("format", 1)
            if "conditions" in document["pack"]:
                document["conditions"] = document["pack"].pop("conditions")
        else:
            document[section] = rows
    return document, errors


def _text(content: str | bytes, filename: str, errors: list[RowError]) -> str | None:
    if isinstance(content, str):
        return content
    try:
        return content.decode("utf-8-sig")
    except UnicodeDecodeError:
        errors.append(RowError("file", None, None, f"{filename} is not UTF-8 text"))
        return None


def _rows(text: str, section: str, errors: list[RowError]) -> list[dict[str, Any]]:
    reader = csv.reader(io.StringIO(text.lstrip("\ufeff")))
    header = [h.strip() for h in next(reader, [])]
    known = COLUMNS[section]
    for name in header:
        if name and name not in known:
            errors.append(RowError(section, None, name, "is not a column of this format"))
    rows = []
    try:
        for cells in reader:
            if not any(c.strip() for c in cells):
                rows.append(None)  # a blank line still counts, so row N stays line N+1
                continue
            if len(cells) > len(header):
                errors.append(
                    RowError(
                        section,
                        len(rows) + 1,
                        None,
                        f"has {len(cells)} cells but the header has {len(header)}",
                    )
                )
            rows.append(_decode_row(dict(zip(header, cells, strict=False)), known))
    except csv.Error as exc:
        errors.append(RowError(section, len(rows) + 1, None, f"is not valid CSV: {exc}"))
    while rows and rows[-1] is None:
        rows.pop()
    # A blank line between rows is reported by the validator ("is empty: remove it").
    return rows


def _decode_row(cells: dict[str, str], known: tuple[str, ...]) -> dict[str, Any]:
    row: dict[str, Any] = {}
    for name, cell in cells.items():
        if name not in known or not cell.strip():
            continue  # unknown columns are reported once, empty cells take the default
        if name in LIST_FIELDS:
            words = _unescape(cell).split("|")
            row[name] = [word.strip() for word in words if word.strip()]
        elif name in JSON_FIELDS:
            row[name] = _json_cell(cell)
        else:
            row[name] = _unescape(cell)
    return row


def _json_cell(cell: str) -> Any:
    try:
        return json.loads(cell)
    except json.JSONDecodeError as exc:
        return InvalidCell(f"is not valid JSON ({exc.msg} at character {exc.pos + 1})")
    except RecursionError:
        return InvalidCell("is JSON nested too deeply")


def read_zip(data: bytes) -> tuple[dict[str, bytes], list[RowError]]:
    """The pack's CSV files from a zip (in any folder); other members are ignored."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, ValueError):
        return {}, [RowError("file", None, None, "is not a readable zip file")]
    wanted = set(CSV_FILES.values())
    files: dict[str, bytes] = {}
    errors: list[RowError] = []
    with archive:
        for info in archive.infolist():
            base = info.filename.rsplit("/", 1)[-1]
            if base not in wanted or info.filename.startswith("__MACOSX"):
                continue
            if info.file_size > MAX_FILE_BYTES:
                errors.append(RowError("file", None, None, f"{base} is larger than 5 MB"))
                continue
            try:
                files[base] = archive.read(info)
            except (zipfile.BadZipFile, OSError, RuntimeError, EOFError) as exc:
                errors.append(RowError("file", None, None, f"{base} cannot be read: {exc}"))
    return files, errors


# --- Encoding ----------------------------------------------------------------------------


def csv_from_document(document: Mapping[str, Any]) -> dict[str, str]:
    """The three CSV files of a pack document (as made by ``exporter.export_pack_json``)."""
    return {
        CSV_FILES["pack"]: _write([{**document["pack"], "format": document.get(
            "format", FORMAT_VERSION), "conditions": document.get("conditions") or []}],
            PACK_COLUMNS),
        CSV_FILES["models"]: _write(document.get("models", []), MODEL_FIELDS),
        CSV_FILES["upgrades"]: _write(document.get("upgrades", []), UPGRADE_FIELDS),
    }


def _write(rows, columns: tuple[str, ...]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    for row in rows:
        writer.writerow([_encode_cell(name, row.get(name)) for name in columns])
    return out.getvalue()


def _encode_cell(name: str, value: Any) -> str:
    if name in JSON_FIELDS:
        return json.dumps(value, ensure_ascii=False) if value else ""
    if name in LIST_FIELDS:
        return _escape("|".join(value or []))
    if isinstance(value, bool):
        return "true" if value else "false"
    return "" if value is None else _escape(str(value))


def _escape(text: str) -> str:
    """Text that a spreadsheet would run as a formula gets a leading apostrophe (and so
    does text already starting with one, so ``_unescape`` gives back exactly the text)."""
    return "'" + text if text.startswith((*FORMULA_STARTS, "'")) else text


def _unescape(cell: str) -> str:
    return cell[1:] if cell.startswith("'") else cell


def write_zip(files: Mapping[str, str]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, text in files.items():
            archive.writestr(name, text)
    return buffer.getvalue()
