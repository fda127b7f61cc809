"""Read the organizer's data files, preview what would be imported, import the rest.

``preview`` never writes: it reads the files (``js_data``, no code is run), converts
every card (``convert``) and says which cards carry defects. ``import_good_cards``
imports only the cards without defects, through the ordinary pack importer, so the
result is an ordinary format 2 pack (all-or-nothing, replace by slug).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import PurePath

from django.utils.translation import gettext

from catalogue.community.convert import DATA_NAMES, Conversion, convert
from catalogue.community.js_data import JsDataError, read_assignments
from catalogue.importer import ImportResult, import_pack
from catalogue.models import Faction
from catalogue.schema import RowError

MAX_FILE_BYTES = 20 * 1024 * 1024


def read_files(files: Mapping[str, bytes | str]) -> tuple[dict, list[str]]:
    """The data variables of every file, by name; problems name the file."""
    data: dict = {}
    problems: list[str] = []
    for filename, content in files.items():
        if isinstance(content, bytes):
            if len(content) > MAX_FILE_BYTES:
                problems.append(gettext("%(file)s is larger than 20 MB") % {"file": filename})
                continue
            try:
                content = content.decode("utf-8-sig")
            except UnicodeDecodeError:
                problems.append(gettext("%(file)s is not UTF-8 text") % {"file": filename})
                continue
        try:
            found = read_assignments(content)
        except (JsDataError, RecursionError) as exc:
            problems.append(f"{filename}: {exc}")
            continue
        if "" in found:  # a bare literal: named after its file (cards.js -> cards)
            found[PurePath(filename).stem.split(".")[0]] = found.pop("")
        for name, value in found.items():
            if name in DATA_NAMES:
                data[name] = value
    return data, problems


def preview(files: Mapping[str, bytes | str], *, name: str, slug: str,
            description: str = "") -> Conversion:
    """What the files hold, card by card, without writing anything."""
    data, problems = read_files(files)
    pack = {"name": name, "slug": slug, "description": description, "is_sample": False}
    codes = Faction.objects.values_list("code", flat=True)
    conversion = convert(data, pack=pack, faction_codes=frozenset(codes))
    conversion.problems[:0] = problems
    return conversion


def import_good_cards(conversion: Conversion, *, replace: bool = False) -> ImportResult:
    """Import the cards without defects (the organizer chose to leave the others out)."""
    if not conversion.good:
        return ImportResult(errors=[RowError("models", None, None,
                                             gettext("no card can be imported"))])
    return import_pack(conversion.document(), replace=replace)
