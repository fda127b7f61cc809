"""A pack as its document (JSON-ready), the inverse of the importer."""

from __future__ import annotations

from typing import Any

from malediction.models import CardPack, Kind
from malediction.packs.schema import FORMAT


def _stat(value):
    return "-" if value is None else value


def card_document(card) -> dict[str, Any]:
    row: dict[str, Any] = {"kind": card.kind, "name": card.name, "slug": card.slug}
    if card.kind in (Kind.UNIT, Kind.SEEKER, Kind.SPELL, Kind.ITEM):
        row.update(cost=card.cost, rank=card.rank)
    if card.kind in (Kind.UNIT, Kind.SEEKER):
        power = ("-" if card.power_hit is None else f"{card.power_hit}/{card.power_graze}")
        row.update(acc=_stat(card.acc), power=power, range=_stat(card.range),
                   speed=_stat(card.speed), defense=_stat(card.defense),
                   max_hp=_stat(card.max_hp))
    if card.kind == Kind.LEGACY:
        row.update(seeker=card.seeker.slug if card.seeker_id else "",
                   starting_echo=card.starting_echo)
    if card.kind == Kind.TERRAIN:
        row["pieces"] = [{"name": p.name, "size": p.size, "height": p.height,
                          "count": p.count} for p in card.pieces.all()]
    row.update(sigils=list(card.sigils), subtype=card.subtype, abilities=list(card.abilities),
               text=card.text)
    return row


def export_pack(pack: CardPack) -> dict[str, Any]:
    cards = (pack.cards.select_related("seeker").prefetch_related("pieces")
             .order_by("id"))
    return {"format": FORMAT,
            "pack": {"name": pack.name, "slug": pack.slug, "version": pack.version,
                     "description": pack.description, "is_sample": pack.is_sample},
            "cards": [card_document(c) for c in cards]}
