"""The content-pack format and the rules every row must meet.

A pack document is ``{"format": 2, "pack": {...}, "conditions": [...], "models": [...],
"upgrades": [...]}`` (``docs/content-packs.md`` describes each field). Format 1 documents
(the first packs) still import: they are read by the format 1 rules and stored exactly
as before, which is their migration (format 2 is a superset). Card elements are checked
one by one in ``card_elements``. CSV files are decoded into the same
document first, so JSON, CSV, the API and the admin forms accept exactly the same cards
and report the same messages. Validation is pure Python: the known faction codes are
passed in, so it never queries the database and reports *every* problem at once, each
with its section, row number and field, instead of stopping at the first.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.text import slugify
from django.utils.translation import gettext

from catalogue.card_elements import (
    ABILITY_KEYS,
    ACTION_KEYS,
    STATS,
    TRIGGER_KEYS,
    Elements,
)
from catalogue.models import UPGRADE_SLOTS, Station
from rules.engine.cards import Suit

FORMAT_VERSION = 2
#: Every format version the importer reads; older ones are migrated on import.
FORMAT_VERSIONS = (1, 2)
STATIONS = tuple(s.value for s in Station)
#: Stations that may take upgrades at hiring, in the canonical order used for storage.
UPGRADE_STATIONS = tuple(s.value for s in Station if UPGRADE_SLOTS[s] > 0)
LEADER_STATIONS = ("master", "henchman")
SUITS = tuple(s.value for s in Suit)
BASE_SIZES = (30, 40, 50)
MAX_STAT = 30
MAX_SOULSTONES = 20
MAX_ROWS = 5000
#: Slugs the pages and API use as path words, so a pack may not take them.
RESERVED_PACK_SLUGS = frozenset({"import", "community"})

PACK_FIELDS = ("name", "slug", "version", "description", "is_sample")
# fmt: off
MODEL_FIELDS = (
    "name", "slug", "factions", "station", "characteristics", "is_mercenary", "is_unique",
    "rare", "is_totem", "totem_of", "cost", "cache", "wk", "cg", "ht", "wp", "df", "wd",
    "base_size", "abilities", "actions",
)
UPGRADE_FIELDS = (
    "name", "slug", "factions", "cost", "limited", "rare", "stations", "model_name",
    "leader_only", "leader_name", "is_avatar", "effect",
)
# fmt: on
#: Fields that hold a list of words (a "|"-separated cell in CSV).
LIST_FIELDS = frozenset({"factions", "characteristics", "stations"})
#: Fields that hold structured JSON (a JSON cell in CSV).
JSON_FIELDS = frozenset({"abilities", "actions", "conditions"})
DOCUMENT_KEYS = ("format", "pack", "conditions", "models", "upgrades")
__all__ = ["ABILITY_KEYS", "ACTION_KEYS", "STATS", "TRIGGER_KEYS"]

_SLUG = re.compile(r"^[-a-zA-Z0-9_]+\Z")
_TRUE = frozenset({"true", "yes", "y", "1"})
_FALSE = frozenset({"false", "no", "n", "0"})


@dataclass(frozen=True)
class RowError:
    """One problem, located so an author can find it: section, row (from 1) and field."""

    section: str
    row: int | None
    field: str | None
    message: str
    card: str = ""

    def __str__(self) -> str:
        where = self.section if self.row is None else f"{self.section} row {self.row}"
        if self.field:
            where += f", field '{self.field}'"
        return f"{where}: {self.message}"

    def as_dict(self) -> dict[str, Any]:
        return {
            "section": self.section,
            "row": self.row,
            "field": self.field,
            "message": self.message,
            "card": self.card,
            "text": str(self),
        }


@dataclass(frozen=True)
class InvalidCell:
    """A CSV cell that could not even be decoded (bad JSON); validation reports it."""

    message: str


@dataclass
class CleanDocument:
    """A validated pack: model-ready values, or the errors that stop the import."""

    pack: dict[str, Any] = field(default_factory=dict)
    version: int = FORMAT_VERSION
    models: list[dict[str, Any]] = field(default_factory=list)
    upgrades: list[dict[str, Any]] = field(default_factory=list)
    errors: list[RowError] = field(default_factory=list)


class _Invalid(ValueError):
    """A value broke a rule; the message is shown after the row and field."""


# --- Coercing single values ----------------------------------------------------------


def _is_blank(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def _show(value: Any) -> str:
    """A value quoted for a message, cut short so a pasted essay doesn't flood the page."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _check_decoded(value: Any) -> None:
    if isinstance(value, InvalidCell):
        raise _Invalid(value.message)


def as_int(value: Any, *, minimum: int = 0, maximum: int = MAX_STAT) -> int | None:
    """A whole number in range, from an int or a digit string (CSV); blank is None."""
    _check_decoded(value)
    if _is_blank(value):
        return None
    if isinstance(value, bool):
        raise _Invalid(gettext("%(show)s is not a whole number") % {"show": _show(value)})
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, str) and re.fullmatch(r"\s*-?\d+\s*", value):
        value = int(value)
    if not isinstance(value, int):
        raise _Invalid(gettext("%(show)s is not a whole number") % {"show": _show(value)})
    if value < minimum:
        raise _Invalid(
            gettext("%(value)s is too small: use %(minimum)s or more")
            % {"value": value, "minimum": minimum})
    if value > maximum:
        raise _Invalid(
            gettext("%(value)s is too large: use at most %(maximum)s")
            % {"value": value, "maximum": maximum}
        )
    return value


def as_bool(value: Any) -> bool:
    """true/false, or yes/no/1/0 as CSV authors write them; blank is false."""
    _check_decoded(value)
    if _is_blank(value):
        return False
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
        return value.strip().lower() in _TRUE
    raise _Invalid(gettext("%(show)s is not true or false") % {"show": _show(value)})


def as_text(value: Any, *, max_length: int) -> str:
    _check_decoded(value)
    if value is None:
        return ""
    if not isinstance(value, str):
        raise _Invalid(gettext("%(show)s is not text") % {"show": _show(value)})
    value = value.strip()
    if len(value) > max_length:
        raise _Invalid(
            gettext("is %(len)s characters long: use at most %(max_length)s")
            % {"len": len(value), "max_length": max_length}
        )
    return value


def as_words(value: Any) -> list[str]:
    """A list of short words; a string is split on "|" (the CSV form) for convenience."""
    _check_decoded(value)
    if _is_blank(value):
        return []
    if isinstance(value, str):
        value = value.split("|")
    if not isinstance(value, list | tuple):
        raise _Invalid(gettext("%(show)s is not a list") % {"show": _show(value)})
    words = []
    for item in value:
        if not isinstance(item, str):
            raise _Invalid(gettext("%(show)s is not text") % {"show": _show(item)})
        item = item.strip()
        if "|" in item:
            raise _Invalid(
                gettext("%(item)s contains '|', which separates list items in CSV")
                % {"item": repr(item)}
            )
        if len(item) > 60:
            raise _Invalid(
                gettext("%(item)s... is too long: use at most 60 characters")
                % {"item": repr(item[:60])}
            )
        if item and item not in words:
            words.append(item)
    return words


def _choice(value: str, choices: Iterable[str], what: str) -> str:
    choices = tuple(choices)
    key = value.strip().lower()
    for choice in choices:
        if key == choice.lower():
            return choice
    raise _Invalid(
        gettext("%(show)s is not %(what)s (use %(or_list)s)")
        % {"show": _show(value), "what": what, "or_list": _or_list(choices)}
    )


def _or_list(words: Iterable[str]) -> str:
    words = list(words)
    if not words:
        return "nothing: none are defined yet"
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


# --- One row ---------------------------------------------------------------------------


class _Row:
    """Reads one row's fields, collecting an error per bad field instead of stopping."""

    def __init__(self, section: str, number: int | None, raw: Mapping[str, Any], keys):
        self.section, self.number, self.raw = section, number, raw
        self.errors: list[RowError] = []
        for key in raw:
            if key not in keys:
                self.error(str(key), "is not a field of this format (check the spelling)")

    def error(self, name: str | None, message: str) -> None:
        self.errors.append(RowError(self.section, self.number, name, message))

    def has_error(self, name: str) -> bool:
        return any(e.field == name for e in self.errors)

    def read(self, name: str, coerce, *args, required: bool = False, default=None, **kwargs):
        value = self.raw.get(name)
        try:
            result = coerce(value, *args, **kwargs)
        except _Invalid as exc:
            self.error(name, str(exc))
            return default
        if required and result in (None, "", []):
            self.error(name, "is required")
            return default
        return default if result is None else result

    def slug(self, name_value: str, *, max_length: int) -> str:
        given = self.read("slug", as_text, max_length=max_length, default="")
        if self.has_error("slug"):
            return ""
        slug = given or slugify(name_value)[:max_length]
        if given and not _SLUG.match(given):
            self.error("slug", f"{given!r} may hold only letters, digits, '-' and '_'")
        elif not slug and name_value:
            self.error("slug", "cannot be made from the name: give a slug")
        return slug

    def factions(self, known: frozenset[str], *, at_least_one: bool) -> list[str]:
        codes = self.read("factions", as_words, default=[])
        unknown = [c for c in codes if c not in known]
        if unknown:
            self.error(
                "factions",
                f"{_or_list(repr(c) for c in unknown)} is not a faction code "
                f"(use {_or_list(sorted(known))})",
            )
        elif at_least_one and not codes and not self.has_error("factions"):
            self.error("factions", "needs at least one faction")
        return sorted(codes)


# --- Rows --------------------------------------------------------------------------------


def clean_pack_meta(raw: Any) -> tuple[dict[str, Any], list[RowError]]:
    if not isinstance(raw, Mapping):
        return {}, [RowError("pack", None, None, "must be an object with a name and a slug")]
    row = _Row("pack", None, raw, PACK_FIELDS)
    name = row.read("name", as_text, max_length=120, required=True, default="")
    slug = row.read("slug", as_text, max_length=120, required=True, default="")
    if slug and not _SLUG.match(slug):
        row.error("slug", f"{slug!r} may hold only letters, digits, '-' and '_'")
    elif slug.lower() in RESERVED_PACK_SLUGS:
        row.error("slug", f"{slug!r} is reserved: choose another slug")
    meta = {
        "name": name,
        "slug": slug,
        "version": row.read("version", _version, default="") or "1",
        "description": row.read("description", as_text, max_length=5000, default=""),
        "is_sample": row.read("is_sample", as_bool, default=False),
    }
    return meta, row.errors


def _version(value: Any) -> str:
    """A version is text, but authors often write 2 rather than "2"."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        value = str(value)
    return as_text(value, max_length=30)


def clean_model(
    raw: Mapping[str, Any], *, number: int | None, faction_codes: frozenset[str],
    version: int = FORMAT_VERSION,
) -> tuple[dict[str, Any], list[RowError]]:
    """Validate one stat card; returns ModelCard field values plus ``factions`` codes.

    Every problem of every ability, action and trigger is reported, each naming the card
    and its element (``action 2 ('Claw'), trigger 1 ('Rend'), suits: ...``).
    """
    row = _Row("models", number, raw, MODEL_FIELDS)
    name = row.read("name", as_text, max_length=120, required=True, default="")
    card: dict[str, Any] = {"name": name, "slug": row.slug(name, max_length=140)}
    card["factions"] = row.factions(faction_codes, at_least_one=True)
    station = row.read("station", as_text, max_length=20, required=True, default="")
    if station:
        try:
            station = _choice(station, STATIONS, "a station")
        except _Invalid as exc:
            row.error("station", str(exc))
            station = ""
    card["station"] = station
    card["characteristics"] = row.read("characteristics", as_words, default=[])
    for flag in ("is_mercenary", "is_unique", "is_totem"):
        card[flag] = row.read(flag, as_bool, default=False)
    card["rare"] = row.read("rare", as_int, minimum=1, maximum=MAX_STAT)
    card["totem_of"] = row.read("totem_of", as_text, max_length=120, default="")
    for cost_field in ("cost", "cache"):
        card[cost_field] = row.read(cost_field, as_int, maximum=MAX_SOULSTONES)
    for stat in ("wk", "ht", "wp", "df"):
        card[stat] = row.read(stat, as_int, required=True)
    card["wd"] = row.read("wd", as_int, minimum=1, required=True)
    cg = raw.get("cg")
    card["cg"] = None if isinstance(cg, str) and cg.strip() == "-" else row.read("cg", as_int)
    base = row.read("base_size", as_int, maximum=100, required=True)
    if base is not None and base not in BASE_SIZES:
        row.error("base_size", f"{base} is not a base size (use 30, 40 or 50)")
    card["base_size"] = base
    elements = Elements(version)
    for element in ("abilities", "actions"):
        value = raw.get(element)
        if isinstance(value, InvalidCell):
            row.error(element, value.message)
            card[element] = []
        else:
            card[element] = getattr(elements, element)(value)
    for element, message in elements.problems:
        row.error(element, message)
    _check_model_rules(row, card)
    errors = [RowError(e.section, e.row, e.field, e.message, name) for e in row.errors]
    return card, errors


def _check_model_rules(row: _Row, card: dict[str, Any]) -> None:
    """Rules between fields: station against cost and cache, Totem, Unique against Rare."""
    station = card["station"]
    if station == Station.MASTER:
        if card["cost"] is not None:
            row.error("cost", "a Master is never hired for Soulstones: leave cost empty")
        if card["cache"] is None and not row.has_error("cache"):
            row.error("cache", "a Master needs a Soulstone cache")
    elif station:
        if card["cost"] is None and not row.has_error("cost"):
            row.error("cost", f"a {station.capitalize()} needs a Soulstone cost")
        if station == Station.HENCHMAN and card["cache"] is None and not row.has_error("cache"):
            row.error("cache", "a Henchman may lead a crew, so it needs a Soulstone cache")
        if station not in LEADER_STATIONS and card["cache"] is not None:
            row.error("cache", "only Masters and Henchmen have a Soulstone cache")
    if card["totem_of"] and not card["is_totem"]:
        row.error("totem_of", "only a Totem names its Master: set is_totem or clear totem_of")
    if card["is_unique"] and card["rare"] is not None:
        row.error("rare", "a Unique model is already limited to one: leave rare empty")


def clean_upgrade(
    raw: Mapping[str, Any], *, number: int | None, faction_codes: frozenset[str]
) -> tuple[dict[str, Any], list[RowError]]:
    """Validate one upgrade card; ``factions`` may be empty (any faction)."""
    row = _Row("upgrades", number, raw, UPGRADE_FIELDS)
    name = row.read("name", as_text, max_length=120, required=True, default="")
    card: dict[str, Any] = {"name": name, "slug": row.slug(name, max_length=140)}
    card["factions"] = row.factions(faction_codes, at_least_one=False)
    cost = row.read("cost", as_int, maximum=MAX_SOULSTONES)
    if cost is None and not row.has_error("cost"):
        row.error("cost", "is required (0 for a free upgrade)")
    card["cost"] = cost or 0
    card["rare"] = row.read("rare", as_int, minimum=1, maximum=MAX_STAT)
    card["stations"] = row.read("stations", _upgrade_stations, default=[])
    for flag in ("limited", "leader_only", "is_avatar"):
        card[flag] = row.read(flag, as_bool, default=False)
    card["model_name"] = row.read("model_name", as_text, max_length=120, default="")
    card["leader_name"] = row.read("leader_name", as_text, max_length=120, default="")
    card["effect"] = row.read("effect", as_text, max_length=4000, default="")
    if card["is_avatar"] and card["stations"] != ["master"] and not row.has_error("stations"):
        row.error("stations", "an Avatar upgrade is for Masters only: set stations to master")
    return card, row.errors


def _upgrade_stations(value: Any) -> list[str]:
    """A subset of the stations that take upgrades, stored in canonical order."""
    chosen = set()
    for word in as_words(value):
        station = _choice(word, STATIONS, "a station")
        if station not in UPGRADE_STATIONS:
            raise _Invalid(
                gettext("a %(capitalize)s may not take upgrades (use %(or_list)s)")
                % {"capitalize": station.capitalize(), "or_list": _or_list(UPGRADE_STATIONS)}
            )
        chosen.add(station)
    return [s for s in UPGRADE_STATIONS if s in chosen]


# --- The whole document ------------------------------------------------------------------


def validate_document(document: Any, faction_codes: Iterable[str]) -> CleanDocument:
    """Validate every row of a pack document and the rules between rows (duplicates)."""
    known = frozenset(faction_codes)
    result = CleanDocument()
    if not isinstance(document, Mapping):
        result.errors.append(
            RowError("document", None, None, 'must be an object: {"pack": ..., "models": [...]}')
        )
        return result
    for key in document:
        if key not in DOCUMENT_KEYS:
            result.errors.append(
                RowError("document", None, str(key), "is not a section of a pack document")
            )
    fmt = document.get("format", 1)
    if isinstance(fmt, str) and fmt.strip().isdigit():
        fmt = int(fmt)
    if fmt not in FORMAT_VERSIONS or isinstance(fmt, bool):
        result.errors.append(
            RowError("document", None, "format", f"{fmt!r} is not supported (use 1 or 2)")
        )
        fmt = FORMAT_VERSION
    result.version = fmt
    result.pack, errors = clean_pack_meta(document.get("pack"))
    result.pack["format_version"] = fmt
    result.errors += errors
    result.pack["conditions"] = _conditions(document.get("conditions"), fmt, result.errors)
    for section, clean in (("models", clean_model), ("upgrades", clean_upgrade)):
        rows = _section_rows(document, section, result.errors)
        cards = getattr(result, section)
        for number, raw in enumerate(rows, start=1):
            if not isinstance(raw, Mapping):
                problem = "is empty: remove it" if raw is None else "must be an object"
                result.errors.append(RowError(section, number, None, problem))
                continue
            extra = {"version": fmt} if section == "models" else {}
            card, errors = clean(raw, number=number, faction_codes=known, **extra)
            card["_row"] = number
            cards.append(card)
            result.errors += errors
        result.errors += _duplicates(section, cards)
    result.errors += _totem_masters(result.models)
    for card in result.models + result.upgrades:
        card.pop("_row")
    result.errors.sort(key=_error_order)
    return result


def _conditions(value: Any, version: int, errors: list[RowError]) -> list[dict[str, Any]]:
    """The pack's Conditions (format 2): name, text and effects, unique by name."""
    if value is None:
        return []
    if version == 1:
        errors.append(RowError("conditions", None, None,
                               'Conditions need format 2: set "format": 2'))
        return []
    elements = Elements(version)
    conditions = elements.conditions(value)
    for _, message in elements.problems:
        errors.append(RowError("conditions", None, None, message))
    seen: set[str] = set()
    for condition in conditions:
        key = condition["name"].casefold()
        if key in seen:
            errors.append(RowError("conditions", None, "name",
                                   f"{condition['name']!r} is defined twice"))
        seen.add(key)
    return conditions


def _section_rows(document: Mapping[str, Any], section: str, errors: list[RowError]) -> list:
    rows = document.get(section)
    if rows is None:
        return []
    if not isinstance(rows, list):
        errors.append(RowError(section, None, None, "must be a list of objects"))
        return []
    if len(rows) > MAX_ROWS:
        errors.append(RowError(section, None, None, f"has {len(rows)} rows: at most {MAX_ROWS}"))
        return []
    return rows


def _duplicates(section: str, cards: list[dict[str, Any]]) -> list[RowError]:
    """The same slug (or name) twice in one section: hiring rules count models by name."""
    errors = []
    for key in ("slug", "name"):
        first_row: dict[str, int] = {}
        for card in cards:
            value = card.get(key)
            if not value:
                continue
            folded = value.casefold()
            if folded in first_row:
                errors.append(
                    RowError(
                        section,
                        card["_row"],
                        key,
                        f"{value!r} is already used by row {first_row[folded]}",
                    )
                )
            else:
                first_row[folded] = card["_row"]
    return errors


def _totem_masters(models: list[dict[str, Any]]) -> list[RowError]:
    """A Totem naming a model in this pack must name a Master (others may be elsewhere)."""
    stations = {card["name"]: card["station"] for card in models if card.get("name")}
    errors = []
    for card in models:
        named = card.get("totem_of")
        if named in stations and stations[named] != Station.MASTER:
            errors.append(
                RowError("models", card["_row"], "totem_of", f"{named!r} is not a Master")
            )
    return errors


_SECTION_ORDER = {
    "document": 0, "file": 0, "pack": 1, "conditions": 2, "models": 3, "upgrades": 4,
}


def _error_order(error: RowError) -> tuple:
    return (_SECTION_ORDER.get(error.section, 9), error.row or 0)
