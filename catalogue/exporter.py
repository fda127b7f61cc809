"""Export a content pack in the same format the importer reads.

The export is the round-trip contract: importing it into an empty database reproduces
the same cards. Cards are sorted by name (then slug), so exporting the same content
twice gives identical files and a diff between two versions shows only real changes.
"""

from __future__ import annotations

from typing import Any

from catalogue.csv_format import csv_from_document, write_zip
from catalogue.models import ContentPack
from catalogue.schema import FORMAT_VERSION, MODEL_FIELDS, PACK_FIELDS, UPGRADE_FIELDS


def export_pack_json(pack: ContentPack) -> dict[str, Any]:
    """The pack as a JSON-ready document in the current format (``format`` 2):
    ``{"format", "pack", "conditions", "models", "upgrades"}``."""
    return {
        "format": FORMAT_VERSION,
        "pack": {name: getattr(pack, name) for name in PACK_FIELDS},
        "conditions": list(pack.conditions or []),
        "models": [_row(card, MODEL_FIELDS) for card in _cards(pack.models)],
        "upgrades": [_row(card, UPGRADE_FIELDS) for card in _cards(pack.upgrades)],
    }


def export_pack_csv(pack: ContentPack) -> dict[str, str]:
    """The pack as CSV files: ``{"pack.csv": ..., "models.csv": ..., "upgrades.csv": ...}``."""
    return csv_from_document(export_pack_json(pack))


def export_pack_zip(pack: ContentPack) -> bytes:
    """The CSV files in one zip, ready to download and to upload again."""
    return write_zip(export_pack_csv(pack))


def _cards(manager):
    return manager.order_by("name", "slug").prefetch_related("factions")


def _row(card, fields: tuple[str, ...]) -> dict[str, Any]:
    row = {}
    for name in fields:
        if name == "factions":
            row[name] = sorted(f.code for f in card.factions.all())
        else:
            row[name] = getattr(card, name)
    return row
