"""The sample packs shipped with the product, so every page works on a fresh machine.

The first (``sample-pack.json``, format 1) is enough to run whole campaigns; the second
(``sample-pack-2.json``, format 2) is written in the phrasing printed cards use, to show
what the simulator plays of real-looking cards (its coverage report). Both are invented.
``load_sample_packs`` is what the demo loader calls; ``load_sample_pack`` loads the first.
Each always imports with ``replace=True``: running it again leaves the same cards
(matched by slug, so ids are kept) and brings an older sample pack up to the shipped
version.
"""

from __future__ import annotations

import json
from pathlib import Path

from django.utils.translation import gettext

from catalogue.importer import ImportResult, import_pack

SAMPLE_PACK_PATH = Path(__file__).resolve().parent / "packs" / "sample-pack.json"
SECOND_SAMPLE_PACK_PATH = SAMPLE_PACK_PATH.with_name("sample-pack-2.json")


class SamplePackError(RuntimeError):
    """The shipped sample pack failed validation: a bug in the product, not user input."""


def sample_document() -> dict:
    return json.loads(SAMPLE_PACK_PATH.read_text(encoding="utf-8"))


def second_sample_document() -> dict:
    return json.loads(SECOND_SAMPLE_PACK_PATH.read_text(encoding="utf-8"))


def load_sample_pack() -> ImportResult:
    """Create or refresh the sample pack (idempotent); raises if the shipped file is bad."""
    return _load(sample_document())


def load_second_sample_pack() -> ImportResult:
    """Create or refresh the printed-style sample pack (idempotent)."""
    return _load(second_sample_document())


def load_sample_packs() -> list[ImportResult]:
    return [load_sample_pack(), load_second_sample_pack()]


def _load(document: dict) -> ImportResult:
    result = import_pack(document, replace=True)
    if not result.ok:
        problems = "; ".join(str(e) for e in result.errors[:5])
        raise SamplePackError(
            gettext("The shipped sample pack is invalid: %(problems)s") % {"problems": problems}
        )
    return result
