"""Write a validated pack: all of it or nothing. A pack with the same slug is replaced
only when asked (its cards updated in place by slug, so war bands keep their cards);
cards a war band uses are never deleted, the import says so instead."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction

from malediction.models import Card, CardPack, Kind, TerrainPiece, WarBandEntry
from malediction.packs.csv_format import read_csv
from malediction.packs.schema import RowError, validate_document

CARD_COLUMNS = ("kind", "name", "cost", "rank", "acc", "power_hit", "power_graze", "range",
                "speed", "defense", "max_hp", "sigils", "subtype", "abilities", "text",
                "starting_echo")


@dataclass
class ImportResult:
    pack: CardPack | None = None
    created: int = 0
    updated: int = 0
    errors: list[RowError] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors

    def summary(self) -> str:
        if not self.ok:
            return f"{len(self.errors)} problem(s); nothing was imported."
        return f"{self.pack.name}: {self.created} card(s) added, {self.updated} updated."


def read_upload(data: bytes | str) -> tuple[dict[str, Any] | None, list[RowError]]:
    """JSON or CSV, told apart by the first character."""
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            return None, [RowError(None, None, "the file is not UTF-8 text.")]
    if data.lstrip().startswith("{"):
        try:
            return json.loads(data), []
        except json.JSONDecodeError as exc:
            return None, [RowError(None, None, f"not valid JSON (line {exc.lineno}).")]
    return read_csv(data)


def import_upload(data: bytes | str, *, replace: bool = False) -> ImportResult:
    document, errors = read_upload(data)
    if errors or document is None:
        return ImportResult(errors=errors)
    return import_pack(document, replace=replace)


def import_pack(document: Any, *, replace: bool = False) -> ImportResult:
    clean = validate_document(document)
    if clean.errors:
        return ImportResult(errors=clean.errors)
    return _write(clean.pack, clean.cards, replace=replace)


@transaction.atomic
def _write(meta: dict[str, Any], cards: list[dict[str, Any]], *, replace: bool) -> ImportResult:
    existing = CardPack.objects.select_for_update().filter(slug=meta["slug"]).first()
    if existing is not None and not replace:
        return ImportResult(errors=[RowError(None, "slug", f"a pack {meta['slug']!r} exists "
                                                           "already; import it as a replacement.")])
    clash = CardPack.objects.filter(name=meta["name"]).exclude(slug=meta["slug"]).exists()
    if clash:
        return ImportResult(errors=[RowError(None, "name", "another pack has this name.")])
    pack = existing or CardPack(slug=meta["slug"])
    for key in ("name", "version", "description", "is_sample"):
        setattr(pack, key, meta[key])
    pack.save()
    result = ImportResult(pack=pack)
    by_slug = {c.slug: c for c in pack.cards.all()}
    wanted = {c["slug"] for c in cards}
    in_use = set(WarBandEntry.objects.filter(card__pack=pack).values_list("card__slug",
                                                                          flat=True))
    for slug in set(by_slug) - wanted:
        if slug in in_use:
            result.errors.append(RowError(None, "cards", f"{slug!r} is in a war band; keep it "
                                                         "in the pack."))
    if result.errors:
        transaction.set_rollback(True)
        result.pack = None
        return result
    pack.cards.filter(slug__in=set(by_slug) - wanted).delete()
    seekers: dict[str, Card] = {}
    legacies = []
    for row in sorted(cards, key=lambda c: c["kind"] == Kind.LEGACY):
        card = by_slug.get(row["slug"]) or Card(pack=pack, slug=row["slug"])
        created = card.pk is None
        for key in CARD_COLUMNS:
            default = [] if key in ("sigils", "abilities") else "" if key in (
                "rank", "subtype", "text") else None
            setattr(card, key, row.get(key, default))
        card.seeker = seekers.get(row.get("seeker")) if row["kind"] == Kind.LEGACY else None
        card.save()
        if row["kind"] == Kind.SEEKER:
            seekers[row["slug"]] = card
        if row["kind"] == Kind.LEGACY:
            legacies.append(card)
        card.pieces.all().delete()
        TerrainPiece.objects.bulk_create(TerrainPiece(card=card, **p)
                                         for p in row.get("pieces", []))
        result.created += created
        result.updated += not created
    return result
