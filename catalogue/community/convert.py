"""Convert the crew builder's data into a format 2 pack, card by card, with its defects.

The data is keyed by id: ``cards`` point at ``abilities``, ``actions`` and ``triggers``
by id, and at ``factions`` and ``characteristics``. A card's station, Unique, Rare,
Totem and Mercenary are among its characteristics, as printed. Values carry the
builder's tokens: ``"Ml 6:mask"`` (stat, value, built-in suit), ``":melee2"``,
``":ranged12"``, ``"6"``, ``":aura3"``, ``":pulse6"`` (ranges), ``"14:tome"`` (TN),
``:crow :mask :ram :tome :+fate :-fate :blast`` in texts.

Nothing here guesses: a value that cannot be read, an id that points nowhere, a
Henchman without a cache or a trigger without a suit is a *defect* of that card, and
the card is left out when the organizer imports the rest. Every element's text is read
by the effect parser (``rules/engine/effects/parser.py``); what it cannot read stays as
text and is listed as not modelled.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.text import slugify
from django.utils.translation import gettext

from catalogue.effects_json import parsed_effects
from catalogue.schema import FORMAT_VERSION, validate_document

#: The data files and the variable each is expected to hold.
DATA_NAMES = ("cards", "actions", "abilities", "triggers", "factions", "characteristics")

_SUIT_TOKENS = {"ram": "rams", "crow": "crows", "mask": "masks", "tome": "tomes"}
_TEXT_TOKENS = {":ram": "Ram", ":crow": "Crow", ":mask": "Mask", ":tome": "Tome",
                ":+fate": "+", ":-fate": "-", ":blast": "Blast"}
_TOKEN = re.compile(r":(?:\+fate|-fate|ram|crow|mask|tome|blast)\b", re.I)
_STAT = re.compile(r"^\s*(ml|sh|ca|df|wp|wk|cg|ht)\s*(\d+)\s*((?::\w+)*)\s*$", re.I)
_TN = re.compile(r"^\s*(\d+)\s*((?::\w+)*)\s*$")
_RANGE = re.compile(r"^\s*(?::(melee|ranged|aura|pulse))?\s*(\d+(?:\.\d+)?)\s*\"?\s*$", re.I)
_RARE = re.compile(r"^rare\s*\(?\s*(\d+)\s*\)?$", re.I)
_MINION = re.compile(r"^minion\s*(?:\(\s*(\d+)\s*\))?$", re.I)
_TOTEM = re.compile(r"^totem\s*(?:\(\s*(.+?)\s*\))?$", re.I)
_STATIONS = ("master", "henchman", "enforcer", "minion", "peon")
_TIMINGS = (
    (re.compile(r"^when declaring this trigger\b", re.I), "when_declaring"),
    (re.compile(r"^after succeeding\b", re.I), "after_succeeding"),
    (re.compile(r"^after failing\b", re.I), "after_failing"),
    (re.compile(r"^after damaging\b", re.I), "after_damaging"),
    (re.compile(r"^after resolving\b", re.I), "after_resolving"),
    (re.compile(r"^immediately\b", re.I), "immediately"),
)


@dataclass
class CardReport:
    """One card of the data: its pack row when it converted, its defects otherwise."""

    key: str
    name: str
    row: dict[str, Any] | None = None
    defects: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.row is not None and not self.defects


@dataclass
class Conversion:
    """The whole data converted: a pack document of the good cards, every card's report,
    and problems with the files themselves (a missing variable, unreadable data)."""

    cards: list[CardReport] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)

    @property
    def good(self) -> list[CardReport]:
        return [card for card in self.cards if card.ok]

    @property
    def defective(self) -> list[CardReport]:
        return [card for card in self.cards if not card.ok]

    def document(self) -> dict[str, Any]:
        """A format 2 pack of the cards without defects."""
        return {"format": FORMAT_VERSION, "pack": dict(self.meta),
                "models": [card.row for card in self.good]}


class _Defect(ValueError):
    pass


def text_of(value: Any) -> str:
    """A description with the builder's tokens spelt out in words ("+", "Ram")."""
    text = str(value or "")
    return _TOKEN.sub(lambda m: _TEXT_TOKENS[m.group().lower()], text).strip()


def _table(data: Mapping[str, Any], name: str) -> dict[str, Any]:
    """A data table by id; a list is keyed by each item's ``id``."""
    value = data.get(name)
    if isinstance(value, Mapping):
        return {str(k): v for k, v in value.items()}
    if isinstance(value, list):
        return {str(item.get("id")): item for item in value if isinstance(item, Mapping)}
    return {}


def _lookup(table: Mapping[str, Any], key: Any, what: str) -> Mapping[str, Any]:
    item = table.get(str(key))
    if not isinstance(item, Mapping):
        raise _Defect(gettext("%(what)s %(key)s does not exist in the data")
                      % {"what": what, "key": repr(key)})
    return item


def _suits_of(tokens: str) -> list[str]:
    suits = []
    for token in re.findall(r":(\w+)", tokens or ""):
        suit = _SUIT_TOKENS.get(token.lower())
        if suit is None:
            raise _Defect(gettext("%(token)s is not a suit") % {"token": repr(":" + token)})
        if suit not in suits:
            suits.append(suit)
    return suits


def read_stat(value: Any) -> dict[str, Any]:
    """ "Ml 6:mask" -> stat, value and built-in suits."""
    match = _STAT.match(str(value or ""))
    if not match:
        raise _Defect(gettext("stat %(value)s is not like \"Ml 6:mask\"") % {"value": repr(value)})
    out: dict[str, Any] = {"stat": match.group(1).title(), "value": int(match.group(2))}
    if suits := _suits_of(match.group(3)):
        out["suits"] = suits
    return out


def read_range(value: Any) -> str:
    """ ":melee2" / ":ranged12" / "6" / ":aura3" / ":pulse6" -> a format 2 range."""
    text = str(value if value is not None else "").strip()
    if text in ("", "-", ":self"):
        return "self"
    match = _RANGE.match(text)
    if not match:
        raise _Defect(gettext("range %(value)s is not like \":melee2\" or \"12\"")
                      % {"value": repr(value)})
    kind, inches = (match.group(1) or "ranged").lower(), match.group(2)
    return {"melee": f'melee {inches}"', "ranged": f'{inches}"', "aura": f'Aura {inches}"',
            "pulse": f'Pulse {inches}"'}[kind]


def read_tn(value: Any) -> dict[str, Any]:
    if value in (None, "", "-"):
        return {}
    match = _TN.match(str(value))
    if not match:
        raise _Defect(gettext("TN %(value)s is not like \"14:tome\"") % {"value": repr(value)})
    out: dict[str, Any] = {"tn": int(match.group(1))}
    if suits := _suits_of(match.group(2)):
        out["tn_suits"] = suits
    return out


def read_resist(value: Any) -> str | None:
    text = str(value or "").strip()
    if text in ("", "-"):
        return None
    words = [w for w in re.split(r"\s+or\s+|/|,", text) if w.strip()]
    for word in words:
        if word.strip().lower() not in ("df", "wp", "wk", "ml", "sh", "ca", "cg", "ht"):
            raise _Defect(gettext("resist %(value)s is not a stat") % {"value": repr(value)})
    return " or ".join(w.strip().title() for w in words)


def read_damage(value: Any) -> str | None:
    """ "2/3:blast/4:blast:blast" -> "2/3b/4bb"."""
    text = str(value or "").strip()
    if text in ("", "-"):
        return None
    parts = [p.strip() for p in text.split("/")]
    track = []
    for part in parts:
        match = re.fullmatch(r"(\d+)((?:\s*:blast)*)", part, re.I)
        if not match or len(parts) != 3:
            raise _Defect(gettext("damage %(value)s is not like \"2/3/4\"")
                          % {"value": repr(value)})
        track.append(match.group(1) + "b" * match.group(2).lower().count(":blast"))
    return "/".join(track)


def _element_text(item: Mapping[str, Any]) -> str:
    return text_of(item.get("description") if "description" in item else item.get("text"))


def _with_reading(element: dict[str, Any], text: str | None = None) -> dict[str, Any]:
    text = element.get("text") if text is None else text
    if text:
        element.update(parsed_effects(text))
    return element


def _trigger(item: Mapping[str, Any], key: Any) -> dict[str, Any]:
    name = str(item.get("name") or "").strip()
    suits = _suits_of(str(item.get("suit") or item.get("suits") or ""))
    if not suits:
        raise _Defect(gettext("trigger %(name)s has no suit") % {"name": repr(name or key)})
    text = _element_text(item)
    trigger: dict[str, Any] = {"suits": suits, "name": name}
    body = text
    for pattern, timing in _TIMINGS:
        if match := pattern.match(text):
            trigger["timing"] = timing
            # The timing is kept as a field; the parser reads what happens then.
            body = text[match.end():].lstrip(" ,:")
            body = body[:1].upper() + body[1:]
            break
    if text:
        trigger["text"] = text
    return _with_reading(trigger, body)


def _action(entry: Any, tables: Mapping[str, dict], defects: list[str]) -> dict[str, Any] | None:
    if not isinstance(entry, Mapping):
        entry = {"id": entry}
    try:
        item = _lookup(tables["actions"], entry.get("id"), gettext("action"))
    except _Defect as exc:
        defects.append(str(exc))
        return None
    name = str(item.get("name") or "").strip()
    where = gettext("action %(name)s") % {"name": repr(name or entry.get("id"))}
    action: dict[str, Any] = {"name": name}
    try:
        ap = str(item.get("ap", 1)).strip().strip("()").strip()
        if not ap.isdigit():
            raise _Defect(gettext("AP %(value)s is not a number") % {"value": repr(ap)})
        action["ap"] = int(ap)
        kind = str(item.get("type") or "").strip().lower()
        if kind in ("attack", "tactical"):
            action["kind"] = kind
        stat = entry.get("stat") or item.get("stat")
        if stat not in (None, "", "-"):
            action.update(read_stat(stat))
        action["range"] = read_range(item.get("rg"))
        if resist := read_resist(item.get("rst")):
            action["resist"] = resist
        action.update(read_tn(item.get("tn")))
        if damage := read_damage(item.get("dmg") or item.get("damage")):
            action["damage"] = damage
    except (_Defect, ValueError) as exc:
        defects.append(f"{where}: {exc}")
        return None
    text = _element_text(item)
    if text:
        action["text"] = text
    _with_reading(action)
    triggers = []
    for trigger_id in entry.get("triggers") or item.get("triggers") or ():
        try:
            triggers.append(_trigger(_lookup(tables["triggers"], trigger_id,
                                             gettext("trigger")), trigger_id))
        except _Defect as exc:
            defects.append(f"{where}: {exc}")
    if triggers:
        action["triggers"] = triggers
    return action


def _ability(key: Any, tables: Mapping[str, dict], defects: list[str]) -> dict[str, Any] | None:
    try:
        item = _lookup(tables["abilities"], key, gettext("ability"))
        ability: dict[str, Any] = {"name": str(item.get("name") or "").strip()}
        suits = _suits_of(str(item.get("suit") or item.get("suits") or ""))
    except _Defect as exc:
        defects.append(str(exc))
        return None
    if suits:  # a suit printed before an ability's name: a defensive trigger
        ability["kind"] = "defensive_trigger"
        ability["suits"] = suits
    if text := _element_text(item):
        ability["text"] = text
    return _with_reading(ability)


def _characteristics(card: Mapping[str, Any], tables, defects: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {"characteristics": [], "station": ""}
    for key in card.get("characteristics") or ():
        item = tables["characteristics"].get(str(key))
        if item is None:
            defects.append(gettext("characteristic %(key)s does not exist in the data")
                           % {"key": repr(key)})
            continue
        word = str(item.get("name") if isinstance(item, Mapping) else item).strip()
        lower = word.lower()
        if lower in _STATIONS or _MINION.match(word):
            out["station"] = "minion" if _MINION.match(word) else lower
            if (m := _MINION.match(word)) and m.group(1):
                out["rare"] = int(m.group(1))
        elif lower == "unique":
            out["is_unique"] = True
        elif lower == "mercenary":
            out["is_mercenary"] = True
        elif m := _RARE.match(word):
            out["rare"] = int(m.group(1))
        elif m := _TOTEM.match(word):
            out["is_totem"] = True
            if m.group(1):
                out["totem_of"] = m.group(1)
        else:
            out["characteristics"].append(word)
    if not out["station"]:
        defects.append(gettext("no station among its characteristics (Master, Henchman, "
                               "Enforcer, Minion or Peon)"))
    if out.get("is_unique"):
        out.pop("rare", None)
    return out


def _factions(card: Mapping[str, Any], tables, defects: list[str]) -> list[str]:
    keys = card.get("factions", card.get("faction"))
    keys = keys if isinstance(keys, list) else [keys] if keys not in (None, "") else []
    codes = []
    for key in keys:
        item = tables["factions"].get(str(key))
        if item is None:
            defects.append(gettext("faction %(key)s does not exist in the data")
                           % {"key": repr(key)})
            continue
        code = item.get("code") if isinstance(item, Mapping) else None
        codes.append(str(code or slugify(str(item.get("name") if isinstance(item, Mapping)
                                             else item))))
    if not keys:
        defects.append(gettext("has no faction"))
    return codes


def convert_card(key: str, card: Mapping[str, Any], tables: Mapping[str, dict]) -> CardReport:
    """One card to a pack row, or the reasons it cannot be."""
    name = str(card.get("name") or "").strip() if isinstance(card, Mapping) else ""
    report = CardReport(key=str(key), name=name or str(key))
    if not isinstance(card, Mapping) or not isinstance(card.get("data"), Mapping):
        report.defects.append(gettext("has no data"))
        return report
    data = card["data"]
    defects = report.defects
    row: dict[str, Any] = {"name": name, "factions": _factions(card, tables, defects)}
    row.update(_characteristics(card, tables, defects))
    for ours, theirs in (("cost", "cost"), ("cache", "cache"), ("wk", "wk"), ("cg", "cg"),
                         ("ht", "ht"), ("wp", "wp"), ("df", "df"), ("wd", "wd"),
                         ("base_size", "base")):
        value = data.get(theirs)
        if value not in (None, "", "-"):
            row[ours] = value
    if row.get("station") == "master":
        row.pop("cost", None)  # printed "-": a Master is not hired for Soulstones
    if row.get("station") in ("henchman", "master") and row.get("cache") is None:
        defects.append(gettext("a %(station)s without a Soulstone cache")
                       % {"station": row["station"].capitalize()})
    row["abilities"] = [a for key_ in data.get("abilities") or ()
                        if (a := _ability(key_, tables, defects)) is not None]
    row["actions"] = [a for entry in data.get("actions") or ()
                      if (a := _action(entry, tables, defects)) is not None]
    report.row = row
    return report


def convert(data: Mapping[str, Any], *, pack: Mapping[str, Any],
            faction_codes) -> Conversion:
    """Every card of the data, checked by the pack format's rules as well."""
    result = Conversion(meta=dict(pack))
    tables = {name: _table(data, name) for name in DATA_NAMES}
    for name in ("cards", "actions"):
        if not tables[name]:
            result.problems.append(gettext("no %(name)s found in the files") % {"name": name})
    for key, card in tables["cards"].items():
        result.cards.append(convert_card(key, card, tables))
    # The format's own rules, per card: a card that breaks them is a defect too.
    good = [card for card in result.cards if card.ok]
    clean = validate_document({"format": FORMAT_VERSION, "pack": dict(pack),
                               "models": [card.row for card in good]}, faction_codes)
    for error in clean.errors:
        if error.section == "models" and error.row:
            card = good[error.row - 1]
            card.defects.append(f"{error.field}: {error.message}" if error.field
                                else error.message)
        else:
            result.problems.append(str(error))
    result.cards.sort(key=lambda card: (card.ok, card.name.casefold()))
    return result
