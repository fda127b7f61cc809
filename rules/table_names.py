"""Names the rule tables give their rows, and the suits' names: the lowest layer of the
words the pages show (``rules.wording`` and ``rules.log_lines`` both read it)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path

from django.utils.translation import gettext, pgettext

DATA = Path(__file__).resolve().parent / "data"


def suit_names() -> dict[str, str]:
    """{suit letter: the suit's name in the active language}."""
    return {"R": pgettext("suit", "Rams"), "C": pgettext("suit", "Crows"),
            "T": pgettext("suit", "Tomes"), "M": pgettext("suit", "Masks")}


def keyed_rows(pattern: str = "*.json") -> Iterator[tuple[str, str]]:
    """(key, name) of every keyed row in the rule tables whose file matches ``pattern``,
    in file order."""
    def walk(node) -> Iterator[tuple[str, str]]:
        if isinstance(node, dict):
            key, name = node.get("key"), node.get("name")
            if isinstance(key, str) and isinstance(name, str):
                yield key, name
            for value in node.values():
                yield from walk(value)
        elif isinstance(node, list):
            for value in node:
                yield from walk(value)

    for path in sorted(DATA.glob(pattern)):
        yield from walk(json.loads(path.read_text(encoding="utf-8")))


@lru_cache(maxsize=1)
def rule_names() -> dict[str, str]:
    """{row key: row name} over every rule table (the first name a key has wins)."""
    names: dict[str, str] = {}
    for key, name in keyed_rows():
        names.setdefault(key, name)
    return names


def card_label(code) -> str:
    """"5C" -> "5 of Crows", "RJ" -> "Red Joker", "RJ:T" -> "Red Joker (Tomes)"; text that
    is not a card code comes back as it was."""
    from rules.engine.cards import Card
    from rules.engine.errors import InvalidCard

    if code in (None, ""):
        return ""
    try:
        card = Card.parse(code)
    except (InvalidCard, ValueError, TypeError):
        return str(code)
    if card.joker == "black":
        return gettext("Black Joker")
    if card.joker == "red":
        if card.suit is not None:
            return gettext("Red Joker (%(suit)s)") % {"suit": suit_names()[card.suit.letter]}
        return gettext("Red Joker")
    return gettext("%(value)s of %(suit)s") % {"value": card.value,
                                               "suit": suit_names()[card.suit.letter]}
