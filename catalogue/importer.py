"""Import a content pack: validate every row first, then write all of it or nothing.

Business logic lives in ``_write``: a pack that already exists is changed only when the
caller asks (``replace=True``); cards are matched by slug and updated in place, so their
ids - and whatever refers to them, such as a crew's arsenal - survive a new version of
the pack; cards missing from the new version are removed. Everything else here is
parsing. Callers (pages, API, management commands) get an ``ImportResult`` back and never
an exception for bad input.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import ProtectedError, RestrictedError

from catalogue.csv_format import CSV_FILES, document_from_csv, read_zip
from catalogue.models import ContentPack, Faction, ModelCard, UpgradeCard
from catalogue.schema import CleanDocument, RowError, validate_document

MAX_UPLOAD_BYTES = 10 * 1024 * 1024


@dataclass
class ImportResult:
    """What an import did, or the errors that stopped it (then nothing was written)."""

    pack: ContentPack | None = None
    created: bool = False
    models: int = 0
    upgrades: int = 0
    removed: int = 0
    errors: list[RowError] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors

    def summary(self) -> str:
        if not self.ok:
            count = len(self.errors)
            return f"Nothing was imported: {count} problem{'s' if count != 1 else ''} found."
        verb = "Created" if self.created else "Updated"
        text = f"{verb} {self.pack.name}: {self.models} models, {self.upgrades} upgrades"
        return text + (f"; {self.removed} cards removed." if self.removed else ".")


class _Refused(Exception):
    def __init__(self, error: RowError):
        super().__init__(str(error))
        self.error = error


def import_pack(source: Any, *, replace: bool = False) -> ImportResult:
    """Import a pack document (a dict) or CSV files (``{"models.csv": text, ...}``).

    Every row is validated before anything is written; one bad row means nothing is
    imported and every problem is listed. An existing pack (same slug) is replaced only
    with ``replace=True``.
    """
    errors: list[RowError] = []
    if isinstance(source, Mapping) and any(name in source for name in CSV_FILES.values()):
        source, errors = document_from_csv(source)
    factions = Faction.objects.in_bulk(field_name="code")
    clean = validate_document(source, factions.keys())
    errors = errors + clean.errors
    if errors:
        return ImportResult(errors=errors)
    try:
        return _write(clean, factions, replace=replace)
    except _Refused as refused:
        return ImportResult(errors=[refused.error])
    except (ProtectedError, RestrictedError) as exc:
        blocking = getattr(exc, "protected_objects", None) or getattr(exc, "restricted_objects", ())
        in_use = sorted({str(obj) for obj in blocking})[:5]
        message = "cards missing from this version are still in use"
        if in_use:
            message += f" (by {', '.join(in_use)})"
        return ImportResult(errors=[RowError("pack", None, None, message + ": keep them")])
    except IntegrityError:
        # Two imports of the same new slug at once: the loser's transaction rolled back.
        clash = RowError("pack", None, "slug", "was imported by someone else just now: try again")
        return ImportResult(errors=[clash])


def read_upload(data: bytes) -> tuple[Mapping[str, Any] | None, list[RowError]]:
    """An uploaded file as an import source: a zip of CSV files, or a JSON document."""
    if len(data) > MAX_UPLOAD_BYTES:
        return None, [RowError("file", None, None, "is larger than 10 MB")]
    if data[:4] == b"PK\x03\x04":
        files, errors = read_zip(data)
        if not files and not errors:
            missing = "holds none of pack.csv, models.csv and upgrades.csv"
            errors = [RowError("file", None, None, missing)]
        return (files or None), errors
    try:
        return json.loads(data.decode("utf-8-sig")), []
    except UnicodeDecodeError:
        return None, [RowError("file", None, None, "is neither a zip file nor UTF-8 JSON")]
    except json.JSONDecodeError as exc:
        message = f"is not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"
        return None, [RowError("file", None, None, message)]
    except RecursionError:
        return None, [RowError("file", None, None, "is JSON nested too deeply to be a pack")]


def import_upload(data: bytes, *, replace: bool = False) -> ImportResult:
    """Import an uploaded JSON document or zip of CSV files (pages and commands)."""
    source, errors = read_upload(data)
    if errors or source is None:
        return ImportResult(errors=errors)
    return import_pack(source, replace=replace)


@transaction.atomic
def _write(clean: CleanDocument, factions: dict[str, Faction], *, replace: bool) -> ImportResult:
    meta = clean.pack
    # Lock the pack row so two replacements of the same pack run one after the other.
    pack = ContentPack.objects.select_for_update().filter(slug=meta["slug"]).first()
    if pack is not None and not replace:
        raise _Refused(
            RowError(
                "pack",
                None,
                "slug",
                f"a pack with slug {meta['slug']!r} already exists: import with replace "
                "to update it",
            )
        )
    if ContentPack.objects.filter(name=meta["name"]).exclude(slug=meta["slug"]).exists():
        raise _Refused(
            RowError("pack", None, "name", f"{meta['name']!r} is the name of another pack")
        )
    created = pack is None
    if created:
        pack = ContentPack.objects.create(**meta)
    else:
        for name, value in meta.items():
            setattr(pack, name, value)
        pack.save()
    removed = _sync_cards(pack, ModelCard, clean.models, factions)
    removed += _sync_cards(pack, UpgradeCard, clean.upgrades, factions)
    return ImportResult(
        pack=pack,
        created=created,
        models=len(clean.models),
        upgrades=len(clean.upgrades),
        removed=removed,
    )


def _sync_cards(pack: ContentPack, model, rows: list[dict[str, Any]], factions) -> int:
    """Make the pack's cards of one kind exactly ``rows``; returns how many were removed."""
    existing = {card.slug: card for card in model.objects.filter(pack=pack)}
    pairs, new, changed = [], [], []
    for row in rows:
        values = {name: value for name, value in row.items() if name != "factions"}
        card = existing.pop(row["slug"], None)
        if card is None:
            card = model(pack=pack, **values)
            new.append(card)
        else:
            for name, value in values.items():
                setattr(card, name, value)
            changed.append(card)
        pairs.append((card, row["factions"]))
    if existing:
        # Removing first: a ProtectedError here rolls the whole import back.
        model.objects.filter(pk__in=[card.pk for card in existing.values()]).delete()
    model.objects.bulk_create(new)
    if changed:
        fields = [name for name in rows[0] if name not in ("factions", "slug")]
        model.objects.bulk_update(changed, fields, batch_size=200)
    _set_factions(model, pack, pairs, factions)
    return len(existing)


def _set_factions(model, pack: ContentPack, pairs, factions: dict[str, Faction]) -> None:
    """Rewrite the pack's faction links in two queries instead of one per card."""
    relation = model._meta.get_field("factions")
    through = relation.remote_field.through
    card_column = relation.m2m_field_name()
    faction_column = relation.m2m_reverse_field_name()
    through.objects.filter(**{f"{card_column}__pack": pack}).delete()
    through.objects.bulk_create(
        through(**{f"{card_column}_id": card.pk, f"{faction_column}_id": factions[code].pk})
        for card, codes in pairs
        for code in codes
    )
