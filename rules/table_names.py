"""Names the rule tables give their rows, and the suits' names: the lowest layer of the
words the pages show (``rules.wording`` and ``rules.log_lines`` both read it)."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from django.utils.translation import pgettext

DATA = Path(__file__).resolve().parent / "data"


def suit_names() -> dict[str, str]:
    """{suit letter: the suit's name in the active language}."""
    return {"R": pgettext("suit", "Rams"), "C": pgettext("suit", "Crows"),
            "T": pgettext("suit", "Tomes"), "M": pgettext("suit", "Masks")}


@lru_cache(maxsize=1)
def rule_names() -> dict[str, str]:
    """{row key: row name} over every rule table (the first name a key has wins)."""
    names: dict[str, str] = {}

    def walk(node) -> None:
        if isinstance(node, dict):
            key, name = node.get("key"), node.get("name")
            if isinstance(key, str) and isinstance(name, str) and key not in names:
                names[key] = name
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    for path in sorted(DATA.glob("*.json")):
        walk(json.loads(path.read_text(encoding="utf-8")))
    return names
