"""Structured effects as they sit in a pack: one element's reading of its text.

The effect language (its kinds, fields and meaning) lives in ``rules/engine/effects/``.
An element carries its ``Reading`` as three keys beside its text: ``effects`` (a list of
effects), ``qualifiers`` (the modifiers of the whole element) and ``unread`` (the
sentences nobody could read, always reported as not modelled). This module checks that JSON against
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
from rules.engine.effects.parser import reading_of as _engine_reading_of

MAX_EFFECTS = 40


READING_KEYS = ("effects", "qualifiers", "unread")


def clean_effects(value: Any) -> tuple[dict[str, Any] | None, list[str]]:
    """An element's structured effects: ``value`` holds any of ``effects`` (a list),
    ``qualifiers`` and ``unread``, as an element of a pack carries them side by side.
    Returns those keys in canonical form (None when no effects are given, so the text is
    parsed), and the problems, each naming the field (``effects[1].value: ...``)."""
    if isinstance(value, str):
        try:
            value = json.loads(value) if value.strip() else None
        except (json.JSONDecodeError, RecursionError):
            return None, [gettext("is not valid JSON")]
    if value is None or value == {} or value == []:
        return None, []
    if isinstance(value, list):
        value = {"effects": value}
    if not isinstance(value, Mapping):
        return None, [gettext('must be an object: {"effects": [...], "unread": [...]}')]
    value = {key: value[key] for key in READING_KEYS if key in value}
    if value.get("effects") is None:
        if value.get("qualifiers") or value.get("unread"):
            return None, [gettext("effects: give the effects too (an empty list if none)")]
        return None, []
    effects = value.get("effects")
    if isinstance(effects, list) and len(effects) > MAX_EFFECTS:
        return None, [gettext("holds %(count)s effects: at most %(max)s")
                      % {"count": len(effects), "max": MAX_EFFECTS}]
    problems = []
    if isinstance(effects, list):  # each effect on its own, so every bad one is reported
        for index, effect in enumerate(effects):
            problems += _problems({"effects": [effect]}, f"effects[{index}]")
        problems += _problems({k: v for k, v in value.items() if k != "effects"}, "")
    if not problems:
        problems = _problems(value, "")
    if problems:
        return None, problems
    reading = Reading.from_dict(value, "reading").to_dict()
    # The effects key stays even when empty: "nothing to play" is a correction too.
    return {"effects": reading.get("effects", []), **{
        k: reading[k] for k in ("qualifiers", "unread") if k in reading}}, []


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
    """An element's reading: its structured effects when it has them, else its text
    parsed (the same rule as the simulator's, ``rules.engine.effects.parser``)."""
    try:
        return _engine_reading_of(element)
    except EffectError:
        return parse(str(element.get("text") or ""))  # stored before the language changed


def parsed_effects(text: str) -> dict[str, Any]:
    """The parser's reading of a text as an element's keys (empty for an empty text)."""
    if not str(text or "").strip():
        return {}
    reading = parse(text).to_dict()
    return {"effects": reading.get("effects", []),
            **{k: reading[k] for k in ("qualifiers", "unread") if k in reading}}
