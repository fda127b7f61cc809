"""The Malediction pack format (JSON and CSV share it) and its validation.

A document is ``{"format": "malediction-pack/1", "pack": {...}, "cards": [...]}``; each
card row is flat, so a CSV row and a JSON object read the same way (see
``docs/malediction-packs.md``). Validation never stops at the first problem: every error
names the row (from 1) and the field, and nothing is written while there is one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from malediction.models import Kind, Rank, Sigil, SpellType, TerrainPiece

FORMAT = "malediction-pack/1"
MAX_STAT = 99
MAX_CARDS = 2000
CARD_FIELDS = ("kind", "name", "slug", "cost", "rank", "acc", "power", "range", "speed",
               "defense", "max_hp", "sigils", "subtype", "seeker", "starting_echo",
               "abilities", "text", "pieces")
PACK_FIELDS = ("name", "slug", "version", "description", "is_sample")
_SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*\Z")
_POWER = re.compile(r"^\s*(\d{1,2})\s*/\s*(\d{1,2})\s*\Z")
NULL = ("-", "\u2013", "\u2014")


@dataclass(frozen=True)
class RowError:
    """One problem: the row (from 1; None for the pack itself), the field, the message."""

    row: int | None
    field: str | None
    message: str

    def __str__(self) -> str:
        where = "pack" if self.row is None else f"row {self.row}"
        if self.field:
            where += f", field '{self.field}'"
        return f"{where}: {self.message}"

    def as_dict(self) -> dict[str, Any]:
        return {"row": self.row, "field": self.field, "message": self.message,
                "text": str(self)}


@dataclass
class CleanPack:
    pack: dict[str, Any] = field(default_factory=dict)
    cards: list[dict[str, Any]] = field(default_factory=list)
    errors: list[RowError] = field(default_factory=list)


def slugify(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:140]


def _blank(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


class _Row:
    def __init__(self, number: int | None, raw: dict[str, Any], errors: list[RowError]):
        self.number, self.raw, self.errors = number, raw, errors

    def error(self, name: str, message: str) -> None:
        self.errors.append(RowError(self.number, name, message))

    def text(self, name: str, *, required: bool = False, max_length: int = 120) -> str:
        value = self.raw.get(name)
        if _blank(value):
            if required:
                self.error(name, "is required.")
            return ""
        if not isinstance(value, str):
            self.error(name, "must be text.")
            return ""
        value = value.strip()
        if len(value) > max_length:
            self.error(name, f"is longer than {max_length} characters.")
        return value[:max_length]

    def number_or_null(self, name: str, *, required: bool = False, minimum: int = 0,
                       allow_null: bool = True) -> int | None:
        """A stat: a whole number, or "-" (the null stat)."""
        value = self.raw.get(name)
        if _blank(value):
            if required:
                self.error(name, "is required (a number, or - for a null stat).")
            return None
        if isinstance(value, str) and value.strip() in NULL:
            if not allow_null:
                self.error(name, "cannot be null here.")
            return None
        if isinstance(value, bool):
            self.error(name, "must be a whole number.")
            return None
        try:
            number = int(str(value).strip())
        except ValueError:
            self.error(name, f"must be a whole number or -, not {str(value)[:20]!r}.")
            return None
        if not minimum <= number <= MAX_STAT:
            self.error(name, f"must be between {minimum} and {MAX_STAT}.")
            return None
        return number

    def forbid(self, names: tuple[str, ...], kind: str) -> None:
        for name in names:
            if not _blank(self.raw.get(name)) and self.raw.get(name) != []:
                self.error(name, f"does not belong on a {kind} card.")


def _sigils(row: _Row) -> list[str]:
    value = row.raw.get("sigils")
    if _blank(value) or value == []:
        return []
    words = value.split(";") if isinstance(value, str) else value
    if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
        row.error("sigils", "must be a list of sigil codes.")
        return []
    codes = [w.strip() for w in words if w.strip()]
    for code in codes:
        if code not in Sigil.values:
            row.error("sigils", f"unknown sigil {code!r}; known: {', '.join(Sigil.values)}.")
    return sorted(set(codes) & set(Sigil.values))


def _abilities(row: _Row) -> list[dict[str, str]]:
    """[{name, text}], or in CSV "Name: text | Name: text"."""
    value = row.raw.get("abilities")
    if _blank(value) or value == []:
        return []
    if isinstance(value, str):
        value = [dict(zip(("name", "text"), (p.strip() for p in part.split(":", 1)),
                          strict=False)) for part in value.split("|") if part.strip()]
    if not isinstance(value, list):
        row.error("abilities", "must be a list of {name, text}.")
        return []
    clean = []
    for i, item in enumerate(value, start=1):
        if not isinstance(item, dict) or _blank(item.get("name")) or not isinstance(
                item.get("name"), str) or not isinstance(item.get("text", ""), str):
            row.error("abilities", f"ability {i} needs a name and a text.")
            continue
        clean.append({"name": item["name"].strip()[:80], "text": item.get("text", "").strip()})
    return clean


def _pieces(row: _Row) -> list[dict[str, Any]]:
    """[{name, size, height, count}], or in CSV "name/size/height/count; ..."."""
    value = row.raw.get("pieces")
    if _blank(value) or value == []:
        row.error("pieces", "a terrain card needs the pieces of its set.")
        return []
    if isinstance(value, str):
        value = [dict(zip(("name", "size", "height", "count"),
                          (p.strip() for p in part.split("/")), strict=False))
                 for part in value.split(";") if part.strip()]
    if not isinstance(value, list):
        row.error("pieces", "must be a list of {name, size, height, count}.")
        return []
    clean = []
    for i, item in enumerate(value, start=1):
        if not isinstance(item, dict):
            row.error("pieces", f"piece {i} must be an object.")
            continue
        size, height = item.get("size"), item.get("height")
        if size not in TerrainPiece.Size.values:
            row.error("pieces", f"piece {i}: size is large, medium or small.")
            continue
        if height not in TerrainPiece.Height.values:
            row.error("pieces", f"piece {i}: height is short or tall.")
            continue
        try:
            count = int(item.get("count") or 1)
        except (TypeError, ValueError):
            count = 0
        if not 1 <= count <= 9:
            row.error("pieces", f"piece {i}: count is 1 to 9.")
            continue
        name = item.get("name") if isinstance(item.get("name"), str) else ""
        clean.append({"name": (name or f"{size} {height}").strip()[:80], "size": size,
                      "height": height, "count": count})
    return clean


_UNIT_STATS = ("acc", "power", "range", "speed", "defense", "max_hp")


def clean_card(number: int, raw: Any, errors: list[RowError]) -> dict[str, Any] | None:
    """One card row as model-ready values, or None (its errors appended)."""
    if not isinstance(raw, dict):
        errors.append(RowError(number, None, "each card is an object of fields."))
        return None
    start = len(errors)
    row = _Row(number, raw, errors)
    for key in raw:
        if key not in CARD_FIELDS:
            row.error(key, f"unknown field; fields are: {', '.join(CARD_FIELDS)}.")
    kind = raw.get("kind")
    if kind not in Kind.values:
        row.error("kind", f"must be one of {', '.join(Kind.values)}.")
        return None
    name = row.text("name", required=True)
    slug = row.text("slug", max_length=140) or slugify(name)
    if slug and not _SLUG.match(slug):
        row.error("slug", "lower-case letters, digits and single hyphens only.")
    card: dict[str, Any] = {"kind": kind, "name": name, "slug": slug, "sigils": _sigils(row),
                            "abilities": _abilities(row), "text": row.text("text",
                                                                           max_length=2000)}
    if kind in (Kind.UNIT, Kind.SEEKER, Kind.SPELL, Kind.ITEM):
        card["cost"] = row.number_or_null("cost", required=True, allow_null=False)
        rank = raw.get("rank")
        if rank not in Rank.values:
            row.error("rank", f"must be one of {', '.join(Rank.values)}.")
        elif kind == Kind.SEEKER and rank != Rank.LEGENDARY:
            row.error("rank", "a Seeker is Legendary.")
        elif kind != Kind.SEEKER and rank == Rank.LEGENDARY and kind == Kind.UNIT:
            row.error("rank", "a Legendary unit is a Seeker: give it kind seeker.")
        card["rank"] = rank if rank in Rank.values else ""
    else:
        row.forbid(("cost", "rank"), kind)
    if kind in (Kind.UNIT, Kind.SEEKER):
        for name_ in ("acc", "range", "speed", "defense", "max_hp"):
            card[name_] = row.number_or_null(name_, required=True)
        power = raw.get("power")
        if _blank(power):
            row.error("power", "is required (hit/graze such as 3/1, or -).")
        elif isinstance(power, str) and power.strip() in NULL:
            card["power_hit"] = card["power_graze"] = None
        elif isinstance(power, str) and _POWER.match(power):
            hit, graze = _POWER.match(power).groups()
            card["power_hit"], card["power_graze"] = int(hit), int(graze)
        else:
            row.error("power", "is hit/graze such as 3/1, or -.")
        if card.get("max_hp") == 0:
            row.error("max_hp", "must be at least 1 (or - for a null stat).")
        card["subtype"] = row.text("subtype", max_length=60)
    else:
        row.forbid(_UNIT_STATS, kind)
    if kind == Kind.SPELL:
        subtype = raw.get("subtype")
        if subtype not in SpellType.values:
            row.error("subtype", "a spell is channel or swift.")
        card["subtype"] = subtype if subtype in SpellType.values else ""
    if kind == Kind.LEGACY:
        card["seeker"] = row.text("seeker", required=True, max_length=140)
        card["starting_echo"] = row.number_or_null("starting_echo", required=True,
                                                   allow_null=False)
        if card["sigils"]:
            row.error("sigils", "a Legacy bears its Seeker's sigils, not its own.")
    else:
        row.forbid(("seeker", "starting_echo"), kind)
    if kind == Kind.TERRAIN:
        card["pieces"] = _pieces(row)
    else:
        row.forbid(("pieces",), kind)
    if kind in (Kind.ITEM, Kind.RELIC, Kind.LEGACY):
        card["subtype"] = row.text("subtype", max_length=60)
    return None if len(errors) > start else card


def _truthy(value: Any) -> bool:
    return value is True or (isinstance(value, str) and value.strip().lower() in
                             ("true", "yes", "1"))


def validate_document(document: Any) -> CleanPack:
    clean = CleanPack()
    errors = clean.errors
    if not isinstance(document, dict):
        errors.append(RowError(None, None, "a pack is an object with 'pack' and 'cards'."))
        return clean
    if document.get("format", FORMAT) != FORMAT:
        errors.append(RowError(None, "format", f"this reads {FORMAT!r}."))
    meta = document.get("pack")
    if not isinstance(meta, dict):
        errors.append(RowError(None, "pack", "the pack's name, slug and version are needed."))
        meta = {}
    head = _Row(None, meta, errors)
    name = head.text("name", required=True)
    slug = head.text("slug", max_length=120) or slugify(name)
    if slug and not _SLUG.match(slug):
        head.error("slug", "lower-case letters, digits and single hyphens only.")
    clean.pack = {"name": name, "slug": slug,
                  "version": head.text("version", max_length=30) or "1",
                  "description": head.text("description", max_length=2000),
                  "is_sample": _truthy(meta.get("is_sample"))}
    cards = document.get("cards")
    if not isinstance(cards, list) or not cards:
        errors.append(RowError(None, "cards", "a pack holds at least one card."))
        return clean
    if len(cards) > MAX_CARDS:
        errors.append(RowError(None, "cards", f"a pack holds at most {MAX_CARDS} cards."))
        return clean
    seen: dict[str, int] = {}
    for number, raw in enumerate(cards, start=1):
        card = clean_card(number, raw, errors)
        if card is None:
            continue
        if card["slug"] in seen:
            errors.append(RowError(number, "slug", f"{card['slug']!r} is already row "
                                                   f"{seen[card['slug']]}."))
            continue
        seen[card["slug"]] = number
        clean.cards.append({**card, "_row": number})
    seekers = {c["slug"] for c in clean.cards if c["kind"] == Kind.SEEKER}
    for card in clean.cards:
        if card["kind"] == Kind.LEGACY and card["seeker"] not in seekers:
            errors.append(RowError(card["_row"], "seeker",
                                   f"no Seeker with slug {card['seeker']!r} in this pack."))
    return clean
