"""A stat card's elements (abilities, actions, triggers, Conditions), checked element by
element so one import lists *every* problem, each naming its element and field.

Two versions of the format read these lists (``docs/content-packs.md``):

* format 1 (the first packs): name, stat, value, suits, free-text range, one resist,
  tn, damage "2/3/4", text, triggers with suits. Its rows are stored exactly as before,
  so an old pack imports to the same cards it always did.
* format 2 holds what a printed second-edition card holds: the AP cost of each action
  (0 to 3), a range kind with its distance (melee, ranged, Pulse, Aura, self), a TN
  with suits, "Df or Wp" resists, damage with Blasts, triggers with their timing,
  defensive triggers among the abilities, Conditions, and structured ``effects``
  beside each text.

Stored values leave defaults out (an action costs 1 AP unless it says otherwise), which
is also what the simulator reads (``rules/engine/simulation/crews.py``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext

from catalogue.effects_json import READING_KEYS, clean_effects
from rules.engine.cards import Suit
from rules.engine.damage import DamageTrack
from rules.engine.errors import RulesError

STATS = ("Ml", "Sh", "Ca", "Df", "Wp", "Wk", "Cg", "Ht")
SUITS = tuple(s.value for s in Suit)
MAX_STAT = 30
MAX_AP = 3

#: When a trigger resolves, in the order a duel reaches them.
TRIGGER_TIMINGS = (
    "when_declaring", "after_succeeding", "after_failing", "after_damaging", "after_resolving",
    "immediately", "defensive",
)  # fmt: skip
#: What an ability entry is: a rule of the model, or a defensive trigger (suits, timing).
ABILITY_KINDS = ("ability", "defensive_trigger")
ACTION_KINDS = ("attack", "tactical")

ABILITY_KEYS_V1 = ("name", "text")
ABILITY_KEYS = ("name", "kind", "suits", "text", "effects", "qualifiers", "unread")
TRIGGER_KEYS_V1 = ("suits", "name", "text")
TRIGGER_KEYS = ("suits", "name", "timing", "text", "effects", "qualifiers", "unread")
# fmt: off
ACTION_KEYS_V1 = (
    "name", "stat", "value", "suits", "range", "resist", "tn", "damage", "text", "triggers",
)
ACTION_KEYS = (
    "name", "ap", "kind", "stat", "value", "suits", "range", "resist", "tn", "tn_suits",
    "damage", "text", "effects", "qualifiers", "unread", "triggers",
)
# fmt: on
CONDITION_KEYS = ("name", "text", "effects", "qualifiers", "unread")

_NUMBER = r"(\d+(?:\.\d+)?)"
_INCHES = r"\s*(?:\"|''|in|inch(?:es)?)?"
_RANGES = (
    ("melee", re.compile(rf"^\s*melee\s*{_NUMBER}{_INCHES}\s*$", re.I)),
    ("pulse", re.compile(rf"^\s*(?:pulse|\(x\))\s*{_NUMBER}{_INCHES}\s*$", re.I)),
    ("aura", re.compile(rf"^\s*aura\s*{_NUMBER}{_INCHES}\s*$", re.I)),
    ("ranged", re.compile(rf"^\s*(?:ranged\s*)?{_NUMBER}{_INCHES}\s*$", re.I)),
)
_RANGED_OR_MELEE = re.compile(
    rf"^\s*{_NUMBER}{_INCHES}\s+or\s+melee\s*{_NUMBER}{_INCHES}\s*$", re.I
)
_SELF = frozenset({"self", "-", "--"})


class Invalid(ValueError):
    """A value broke a rule; the message names the element and field."""


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _or_list(words) -> str:
    words = list(words)
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _blank(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def _text(value: Any, max_length: int) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise Invalid(gettext("%(show)s is not text") % {"show": _show(value)})
    value = value.strip()
    if len(value) > max_length:
        raise Invalid(
            gettext("is %(len)s characters long: use at most %(max_length)s")
            % {"len": len(value), "max_length": max_length}
        )
    return value


def _int(value: Any, *, minimum: int, maximum: int) -> int | None:
    if _blank(value):
        return None
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, str) and re.fullmatch(r"\s*-?\d+\s*", value):
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise Invalid(gettext("%(show)s is not a whole number") % {"show": _show(value)})
    if not minimum <= value <= maximum:
        raise Invalid(
            gettext("%(value)s is out of range: use %(minimum)s to %(maximum)s")
            % {"value": value, "minimum": minimum, "maximum": maximum}
        )
    return value


def _choice(value: Any, choices: tuple[str, ...], what: str) -> str | None:
    text = _text(value, 40)
    if not text:
        return None
    for choice in choices:
        if text.lower() == choice.lower():
            return choice
    raise Invalid(
        gettext("%(show)s is not %(what)s (use %(or_list)s)")
        % {"show": _show(value), "what": what, "or_list": _or_list(choices)}
    )


def clean_suits(value: Any, *, required: bool = False) -> list[str]:
    """Suits by name or letter ("R", "rams"); a string may list them with "|" or spaces."""
    if _blank(value):
        words = []
    elif isinstance(value, str):
        words = [w for w in re.split(r"[|,\s]+", value) if w]
    elif isinstance(value, list | tuple):
        words = list(value)
    else:
        raise Invalid(gettext("%(show)s is not a list") % {"show": _show(value)})
    suits: list[str] = []
    for word in words:
        try:
            suit = Suit.parse(str(word)).value
        except RulesError as exc:
            raise Invalid(
                gettext("%(word)s is not a suit (use %(or_list)s)")
                % {"word": repr(word), "or_list": _or_list(SUITS)}
            ) from exc
        if suit not in suits:
            suits.append(suit)
    if required and not suits:
        raise Invalid(gettext("needs at least one suit"))
    return suits


def clean_range(value: Any) -> str | None:
    """A format 2 range in its canonical words: melee 2", 12", Pulse 6", Aura 3", self."""
    text = _text(value, 40)
    if not text:
        return None
    if text.lower() in _SELF:
        return "self"
    if match := _RANGED_OR_MELEE.match(text):
        return f'{_inches(match.group(1))}" or melee {_inches(match.group(2))}"'
    for kind, pattern in _RANGES:
        if match := pattern.match(text):
            inches = _inches(match.group(1))
            return {"melee": f'melee {inches}"', "pulse": f'Pulse {inches}"',
                    "aura": f'Aura {inches}"', "ranged": f'{inches}"'}[kind]  # fmt: skip
    raise Invalid(
        gettext('%(show)s is not a range (use melee 2", 12", Pulse 6", Aura 3" or self)')
        % {"show": _show(text)}
    )


def range_kind(text: str | None) -> tuple[str, float | None]:
    """(kind, inches) of a stored range: melee, ranged, pulse, aura, self, or text."""
    if not text or text.lower() in _SELF:
        return "self", None
    if match := _RANGED_OR_MELEE.match(text):
        return "ranged", float(match.group(1))
    for kind, pattern in _RANGES:
        if match := pattern.match(text):
            return kind, float(match.group(1))
    return "text", None


def _inches(number: str) -> str:
    value = float(number)
    return str(int(value)) if value.is_integer() else str(value)


def clean_resist(value: Any, *, version: int) -> str | None:
    """One stat, or in format 2 a choice of stats: "Df or Wp" (the target picks)."""
    if _blank(value):
        return None
    if version == 1:
        return _choice(value, STATS, gettext("a stat"))
    words = value if isinstance(value, list | tuple) else re.split(r"\s+or\s+|/|\|", str(value))
    stats = []
    for word in words:
        stat = _choice(word, STATS, gettext("a stat"))
        if stat and stat not in stats:
            stats.append(stat)
    return " or ".join(stats) or None


def clean_damage(value: Any, *, version: int) -> str | None:
    """Weak/moderate/severe; format 2 adds a "b" per Blast ("2/3b/4bb")."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        value = str(value)
    text = _text(value, 20)
    if not text:
        return None
    try:
        track = DamageTrack.parse(text)
    except RulesError as exc:
        raise Invalid(
            gettext("%(show)s: write damage as weak/moderate/severe, e.g. 2/3/4") % {
                "show": _show(text)}
        ) from exc
    amounts = (track.weak, track.moderate, track.severe)
    if max(amounts) > MAX_STAT:
        raise Invalid(gettext("damage values above 30 are not supported"))
    if version == 1 and any(track.blasts):
        raise Invalid(gettext("Blasts need format 2: set \"format\": 2"))
    return "/".join(f"{a}{'b' * b}" for a, b in zip(amounts, track.blasts, strict=True))


class Elements:
    """Collects the problems of one card's element lists, each naming the element."""

    def __init__(self, version: int):
        self.version = version
        self.problems: list[tuple[str, str]] = []  # (field, message)

    def problem(self, field: str, where: str, message: str) -> None:
        self.problems.append((field, f"{where}: {message}" if where else message))

    def _list(self, value: Any, field: str, what: str) -> list:
        if _blank(value):
            return []
        if not isinstance(value, list):
            self.problem(
                field, "", gettext("must be a list of %(what)s, got %(type)s")
                % {"what": what, "type": type(value).__name__}
            )
            return []
        return value

    def _entry(self, item: Any, keys: tuple[str, ...], field: str, label: str):
        if not isinstance(item, Mapping):
            self.problem(field, "", gettext("%(label)s must be an object with a name")
                         % {"label": label})
            return None
        for key in item:
            if key in keys:
                continue
            hint = ""
            if self.version == 1 and key in ACTION_KEYS + TRIGGER_KEYS + ABILITY_KEYS:
                hint = gettext(' (a format 2 key: set "format": 2)')
            self.problem(field, label, gettext("%(key)s is not a known key") % {
                "key": repr(key)} + hint)
        return item

    def _named(self, item: Mapping, field: str, label: str) -> dict[str, Any] | None:
        try:
            name = _text(item.get("name"), 120)
        except Invalid as exc:
            self.problem(field, label, f"name: {exc}")
            return None
        if not name:
            self.problem(field, "", gettext("%(label)s needs a name") % {"label": label})
            return None
        return {"name": name}

    def _part(self, clean: dict, item: Mapping, key: str, coerce, field: str, label: str):
        try:
            value = coerce(item.get(key))
        except Invalid as exc:
            self.problem(field, label, f"{key}: {exc}")
            return
        if value not in (None, "", []):
            clean[key] = value

    def _effects(self, clean: dict, item: Mapping, field: str, label: str) -> None:
        given = {key: item[key] for key in READING_KEYS if key in item}
        if not given:
            return
        reading, problems = clean_effects(given)
        for message in problems:
            self.problem(field, label, message if message.startswith(READING_KEYS)
                         else f"effects: {message}")
        if reading is not None:
            clean.update(reading)

    def _reported(self, field: str, label: str, keys: tuple[str, ...]) -> bool:
        starts = tuple(f"{label}: {key}:" for key in keys)
        return any(f == field and m.startswith(starts) for f, m in self.problems)

    # --- the lists --------------------------------------------------------------------

    def abilities(self, value: Any) -> list[dict[str, Any]]:
        keys = ABILITY_KEYS_V1 if self.version == 1 else ABILITY_KEYS
        out = []
        for number, item in enumerate(self._list(value, "abilities", "abilities"), start=1):
            label = f"ability {number}"
            if (item := self._entry(item, keys, "abilities", label)) is None:
                continue
            clean = self._named(item, "abilities", label)
            if clean is None:
                continue
            label = f"{label} ({clean['name']!r})"
            if self.version == 2:
                self._part(clean, item, "kind",
                           lambda v: _choice(v, ABILITY_KINDS, gettext("a kind of ability")),
                           "abilities", label)
                if clean.get("kind") == "ability":
                    clean.pop("kind")
                defensive = clean.get("kind") == "defensive_trigger"
                self._part(clean, item, "suits",
                           lambda v, d=defensive: clean_suits(v, required=d),
                           "abilities", label)
                if clean.get("suits") and not defensive:
                    self.problem("abilities", label, gettext(
                        "suits: only a defensive trigger has suits (set kind "
                        "\"defensive_trigger\")"))
            self._part(clean, item, "text", lambda v: _text(v, 2000), "abilities", label)
            self._effects(clean, item, "abilities", label)
            out.append({key: clean[key] for key in keys if key in clean})
        return out

    def actions(self, value: Any) -> list[dict[str, Any]]:
        keys = ACTION_KEYS_V1 if self.version == 1 else ACTION_KEYS
        out = []
        for number, item in enumerate(self._list(value, "actions", "actions"), start=1):
            label = f"action {number}"
            if (item := self._entry(item, keys, "actions", label)) is None:
                continue
            clean = self._named(item, "actions", label)
            if clean is None:
                continue
            label = f"{label} ({clean['name']!r})"
            part = lambda key, coerce, c=clean, i=item, lb=label: self._part(  # noqa: E731
                c, i, key, coerce, "actions", lb)
            v1 = self.version == 1
            if not v1:
                part("ap", lambda v: _int(v, minimum=0, maximum=MAX_AP))
                if clean.get("ap") == 1:
                    clean.pop("ap")
                part("kind", lambda v: _choice(v, ACTION_KINDS, gettext("a kind of action")))
            part("stat", lambda v: _choice(v, STATS, gettext("a stat")))
            part("value", lambda v: _int(v, minimum=0, maximum=MAX_STAT))
            if ("stat" in clean) != ("value" in clean) and not self._reported(
                    "actions", label, ("stat", "value")):
                self.problem("actions", label,
                             gettext("give the stat and its value together, e.g. Ml 6"))
            part("suits", clean_suits)
            part("range", (lambda v: _text(v, 40)) if v1 else clean_range)
            part("resist", lambda v: clean_resist(v, version=self.version))
            part("tn", lambda v: _int(v, minimum=1, maximum=MAX_STAT))
            if not v1:
                part("tn_suits", clean_suits)
                if clean.get("tn_suits") and "tn" not in clean:
                    self.problem("actions", label, gettext("tn_suits: give the TN too"))
            part("damage", lambda v: clean_damage(v, version=self.version))
            part("text", lambda v: _text(v, 4000))
            self._effects(clean, item, "actions", label)
            triggers = self.triggers(item.get("triggers"), label)
            if triggers:
                clean["triggers"] = triggers
            out.append({key: clean[key] for key in keys if key in clean})
        return out

    def triggers(self, value: Any, action_label: str) -> list[dict[str, Any]]:
        keys = TRIGGER_KEYS_V1 if self.version == 1 else TRIGGER_KEYS
        out = []
        if _blank(value):
            return out
        if not isinstance(value, list):
            self.problem("actions", action_label, gettext("triggers: must be a list"))
            return out
        for number, item in enumerate(value, start=1):
            label = f"{action_label}, trigger {number}"
            if (item := self._entry(item, keys, "actions", label)) is None:
                continue
            clean = self._named(item, "actions", label)
            if clean is None:
                continue
            label = f"{label} ({clean['name']!r})"
            self._part(clean, item, "suits", lambda v: clean_suits(v, required=True),
                       "actions", label)
            if "suits" not in clean and not self._reported("actions", label, ("suits",)):
                self.problem("actions", label, "suits: " + gettext("needs at least one suit"))
            if self.version == 2:
                self._part(clean, item, "timing",
                           lambda v: _choice(v, TRIGGER_TIMINGS, gettext("a trigger timing")),
                           "actions", label)
            self._part(clean, item, "text", lambda v: _text(v, 2000), "actions", label)
            self._effects(clean, item, "actions", label)
            out.append({key: clean[key] for key in keys if key in clean})
        return out

    def conditions(self, value: Any) -> list[dict[str, Any]]:
        out = []
        for number, item in enumerate(self._list(value, "conditions", "Conditions"), start=1):
            label = f"Condition {number}"
            if (item := self._entry(item, CONDITION_KEYS, "conditions", label)) is None:
                continue
            clean = self._named(item, "conditions", label)
            if clean is None:
                continue
            label = f"{label} ({clean['name']!r})"
            self._part(clean, item, "text", lambda v: _text(v, 2000), "conditions", label)
            self._effects(clean, item, "conditions", label)
            out.append({key: clean[key] for key in CONDITION_KEYS if key in clean})
        return out

