"""CSV rows <-> the pack document. One row per card; the pack's own fields repeat in the
``pack_*`` columns. List cells are readable text ("a;b", "Name: text | Name: text",
"name/size/height/count; ...") or JSON when the text itself holds a separator."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from malediction.packs.schema import CARD_FIELDS, FORMAT, PACK_FIELDS, RowError

PACK_COLUMNS = tuple(f"pack_{f}" for f in PACK_FIELDS)
COLUMNS = PACK_COLUMNS + CARD_FIELDS


def read_csv(text: str) -> tuple[dict[str, Any] | None, list[RowError]]:
    reader = csv.DictReader(io.StringIO(text))
    if not reader.fieldnames or "kind" not in reader.fieldnames:
        return None, [RowError(None, None,
                               f"the CSV needs a header row with {', '.join(COLUMNS)}.")]
    errors: list[RowError] = []
    unknown = [c for c in reader.fieldnames if c not in COLUMNS]
    if unknown:
        errors.append(RowError(None, unknown[0], f"unknown column; columns are: "
                                                 f"{', '.join(COLUMNS)}."))
    pack: dict[str, Any] = {}
    cards = []
    for number, row in enumerate(reader, start=1):
        for key in PACK_COLUMNS:
            if row.get(key):
                pack.setdefault(key[5:], row[key])
        card = {k: v for k, v in row.items() if k in CARD_FIELDS and v not in (None, "")}
        for key in ("abilities", "pieces", "sigils"):
            cell = card.get(key)
            if isinstance(cell, str) and cell.lstrip().startswith("["):
                try:
                    card[key] = json.loads(cell)
                except json.JSONDecodeError:
                    errors.append(RowError(number, key, "is not valid JSON."))
        cards.append(card)
    return {"format": FORMAT, "pack": pack, "cards": cards}, errors


def _cell(key: str, value: Any) -> str:
    if value is None:
        return ""
    if key == "sigils":
        return ";".join(value)
    if key == "abilities":
        if any("|" in a["text"] or "|" in a["name"] or ":" in a["name"] for a in value):
            return json.dumps(value, ensure_ascii=False)
        return " | ".join(f"{a['name']}: {a['text']}" for a in value)
    if key == "pieces":
        if any("/" in p["name"] or ";" in p["name"] for p in value):
            return json.dumps(value, ensure_ascii=False)
        return "; ".join(f"{p['name']}/{p['size']}/{p['height']}/{p['count']}" for p in value)
    return str(value)


def write_csv(document: dict[str, Any]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    pack = document["pack"]
    for i, card in enumerate(document["cards"]):
        row = {k: _cell(k, card.get(k)) for k in CARD_FIELDS}
        if i == 0:
            row.update({f"pack_{k}": _cell(k, pack.get(k)) for k in PACK_FIELDS})
        writer.writerow(row)
    return out.getvalue()
