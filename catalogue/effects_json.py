"""Structured effects as they sit in a pack: one element's reading of its text.

The effect language (its kinds, fields and meaning) lives in ``rules/engine/effects/``.
An element's ``effects`` key holds a ``Reading`` in its JSON form
(``{"effects": [...], "qualifiers": {...}, "unread": [...]}``: what was read, the
modifiers of the whole element, and the sentences nobody could read); a bare list is
accepted as shorthand for ``{"effects": [...]}``. This module checks that JSON against
the language and returns it in the language's own canonical form, so what is stored is
exactly what the engine reads back. An element without ``effects`` is read from its text
by the parser whenever it is needed (``reading_of``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext

from rules.engine.effects import EffectError, Reading
from rules.engine.effects.parser import parse

MAX_EFFECTS = 40


def clean_effects(value: Any) -> tuple[dict[str, Any] | None, list[str]]:
    """The reading in canonical JSON form (None when empty), and its problems (each
    naming the field: ``effects[1].value: must be a whole number``)."""
    if value is None or value == "" or value == [] or value == {}:
        return None, []
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except (json.JSONDecodeError, RecursionError):
            return None, [gettext("is not valid JSON")]
    if isinstance(value, list):
        value = {"effects": value}
    if not isinstance(value, Mapping):
        return None, [gettext("must be a list of effects or a reading "
                              '({"effects": [...], "unread": [...]})')]
    effects = value.get("effects")
    if isinstance(effects, list) and len(effects) > MAX_EFFECTS:
        return None, [gettext("holds %(count)s effects: at most %(max)s")
                      % {"count": len(effects), "max": MAX_EFFECTS}]
    problems = []
    if isinstance(effects, list):  # each effect on its own, so every bad one is reported
        for index, effect in enumerate(effects):
            problems += _problems({"effects": [effect]}, f"effects[{index}]")
        problems += _problems({k: v for k, v in value.items() if k != "effects"}, "")
    if problems:
        return None, problems
    problems = _problems(value, "")
    if problems:
        return None, problems
    return Reading.from_dict(value, "reading").to_dict() or None, []


def _problems(value: Mapping[str, Any], where: str) -> list[str]:
    try:
        Reading.from_dict(value, "reading")
    except EffectError as exc:
        field = exc.field.removeprefix("reading.").removeprefix("reading")
        if where:
            field = where + field.removeprefix("effects[0]")
        return [f"{field}: {exc.message}" if field else exc.message]
    except RecursionError:
        return [gettext("is nested too deeply")]
    return []


def reading_of(element: Mapping[str, Any]) -> Reading:
    """An element's reading: its stored ``effects`` when it has them, else its text parsed."""
    stored = element.get("effects")
    if stored:
        try:
            return Reading.from_dict(stored)
        except EffectError:
            pass  # stored before the language changed: read the text again
    return parse(str(element.get("text") or ""))


def parsed_effects(text: str) -> dict[str, Any] | None:
    """The parser's reading of a text in stored form (None for an empty text)."""
    if not str(text or "").strip():
        return None
    return parse(text).to_dict() or None
