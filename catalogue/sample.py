"""The sample pack shipped with the product, so every page works on a fresh machine.

``load_sample_pack`` is what the demo loader calls. It always imports with
``replace=True``: running it again leaves the same cards (matched by slug, so ids are
kept) and brings an older sample pack up to the shipped version.
"""

from __future__ import annotations

import json
from pathlib import Path

from django.utils.translation import gettext

from catalogue.importer import ImportResult, import_pack

SAMPLE_PACK_PATH = Path(__file__).resolve().parent / "packs" / "sample-pack.json"


class SamplePackError(RuntimeError):
    """The shipped sample pack failed validation: a bug in the product, not user input."""


def sample_document() -> dict:
    return json.loads(SAMPLE_PACK_PATH.read_text(encoding="utf-8"))


def load_sample_pack() -> ImportResult:
    """Create or refresh the sample pack (idempotent); raises if the shipped file is bad."""
    result = import_pack(sample_document(), replace=True)
    if not result.ok:
        problems = "; ".join(str(e) for e in result.errors[:5])
        raise SamplePackError(
            gettext("The shipped sample pack is invalid: %(problems)s") % {"problems": problems}
        )
    return result
