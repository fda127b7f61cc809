"""Plain values in and out of JSON, and ids inside JSON documents (pure Python).

Some JSON columns hold database ids (a game's frozen ``record`` names crews and arsenal
models). ``map_path`` rewrites the values found at a path, so those ids can travel as
archive ids and come back as the importing install's ids.
"""

from __future__ import annotations

import datetime
import decimal
import uuid
from collections.abc import Callable
from typing import Any

ANY = "*"


def encode(value: Any) -> Any:
    """A field value as JSON: dates and times as ISO strings, decimals and UUIDs as text."""
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, decimal.Decimal | uuid.UUID):
        return str(value)
    return value


def map_path(value: Any, path: tuple[str, ...], fn: Callable[[Any], Any]) -> Any:
    """A copy of ``value`` with ``fn`` applied to what ``path`` reaches.

    Path steps are dict keys, or ``"*"`` for every item of a list (or value of a dict).
    Missing keys, and None at the end of the path, are left as they are.
    """
    if not path:
        return value if value is None else fn(value)
    step, rest = path[0], path[1:]
    if step == ANY:
        if isinstance(value, list):
            return [map_path(item, rest, fn) for item in value]
        if isinstance(value, dict):
            return {key: map_path(item, rest, fn) for key, item in value.items()}
        return value
    if isinstance(value, dict) and step in value:
        return {**value, step: map_path(value[step], rest, fn)}
    return value


def values_at(value: Any, path: tuple[str, ...]) -> list[Any]:
    """Every non-None value ``path`` reaches (what ``map_path`` would pass to ``fn``)."""
    found: list[Any] = []

    def collect(item):
        found.append(item)
        return item

    map_path(value, path, collect)
    return found
