"""Structured effects as they sit in a pack: a JSON list of effect objects.

The effect language itself (its kinds, fields and meaning) lives in
``rules/engine/effects/``; this module only checks a pack's JSON against it, element by
element, and returns the effects in the engine's own dictionary form, so what is stored
is exactly what the engine reads back. When the engine package is not importable, the
shape alone is checked (a list of objects with a ``kind``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext

MAX_EFFECTS = 40


def _engine_reader():
    """The effect language's ``from_dict`` (None when the engine has none)."""
    try:
        from rules.engine import effects as language
    except ImportError:
        return None
    for name in ("effect_from_dict", "from_dict"):
        reader = getattr(language, name, None)
        if callable(reader):
            return reader
    return None


def clean_effects(value: Any) -> tuple[list[dict[str, Any]], list[str]]:
    """The effects in canonical form, and one message per bad effect (``effect 2: ...``)."""
    if value is None or value == "" or value == []:
        return [], []
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except (json.JSONDecodeError, RecursionError):
            return [], [gettext("is not valid JSON")]
    if not isinstance(value, list):
        return [], [gettext("must be a list of effects")]
    if len(value) > MAX_EFFECTS:
        return [], [gettext("holds %(count)s effects: at most %(max)s")
                    % {"count": len(value), "max": MAX_EFFECTS}]
    reader = _engine_reader()
    clean, problems = [], []
    for number, item in enumerate(value, start=1):
        where = gettext("effect %(number)s") % {"number": number}
        if not isinstance(item, Mapping) or not isinstance(item.get("kind"), str):
            problems.append(where + ": " + gettext('must be an object with a "kind"'))
            continue
        if reader is None:
            clean.append(dict(item))
            continue
        try:
            clean.append(reader(dict(item)).to_dict())
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            problems.append(f"{where} ({item.get('kind')!r}): {exc}")
    return clean, problems
