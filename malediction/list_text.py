"""War band lists as text that players paste into chats, and back.

One card a line with its count ("3 Thornhide Stalker", "3x ...", "... x3"); header lines
"Seeker:", "Legacy:", "Terrain:" and sections "Deck" and "Side deck". Parsing is plain
Python (names are resolved by the caller) and reports each bad line by its number.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_COUNT_FIRST = re.compile(r"^(\d{1,2})\s*[xX\u00d7]?\s+(.+?)\s*$")
_COUNT_LAST = re.compile(r"^(.+?)\s+[xX\u00d7]\s*(\d{1,2})\s*$")
_HEADER = re.compile(r"^(war band|name|seeker|legacy|terrain)\s*:\s*(.*?)\s*$", re.I)
_SECTION = re.compile(r"^(deck|main deck|side deck|sideboard|side)\s*(\(\d+\))?\s*:?\s*$", re.I)


@dataclass
class ParsedList:
    name: str = ""
    seeker: str = ""
    legacy: str = ""
    terrain: str = ""
    deck: list[tuple[str, int]] = field(default_factory=list)
    side: list[tuple[str, int]] = field(default_factory=list)
    errors: list[tuple[int, str]] = field(default_factory=list)
    """(line number, what is wrong)."""


def parse(text: str, *, max_lines: int = 200) -> ParsedList:
    parsed = ParsedList()
    section = parsed.deck
    lines = text.splitlines()
    if len(lines) > max_lines:
        parsed.errors.append((max_lines + 1, f"a list has at most {max_lines} lines."))
        lines = lines[:max_lines]
    for number, raw in enumerate(lines, start=1):
        line = raw.strip().lstrip("-*• ").strip()
        if not line or line.startswith("#") or line.startswith("//"):
            continue
        header = _HEADER.match(line)
        if header:
            key = header.group(1).lower()
            setattr(parsed, "name" if key in ("war band", "name") else key,
                    header.group(2)[:120])
            continue
        if _SECTION.match(line):
            section = parsed.deck if line.lower().startswith(("deck", "main")) else parsed.side
            continue
        match = _COUNT_FIRST.match(line)
        name, count = (match.group(2), int(match.group(1))) if match else (None, 0)
        if match is None and (last := _COUNT_LAST.match(line)):
            name, count = last.group(1), int(last.group(2))
        if name is None:
            parsed.errors.append((number, f"{line[:60]!r} is not 'count name'."))
        elif count < 1:
            parsed.errors.append((number, f"{name[:60]!r}: the count is at least 1."))
        else:
            section.append((name.strip()[:120], count))
    return parsed


def render(*, name: str, seeker: str, legacy: str, terrain: str,
           deck: list[tuple[str, int]], side: list[tuple[str, int]]) -> str:
    """The list as text; ``parse(render(...))`` gives the same list back."""
    lines = [f"War band: {name}", f"Seeker: {seeker}", f"Legacy: {legacy}",
             f"Terrain: {terrain}", f"Deck ({sum(n for _, n in deck)})"]
    lines += [f"{n} {card}" for card, n in deck]
    if side:
        lines.append(f"Side deck ({sum(n for _, n in side)})")
        lines += [f"{n} {card}" for card, n in side]
    return "\n".join(lines) + "\n"
