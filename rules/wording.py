"""Plain words for what the rules store as keys and codes, for every page that shows a
log or a result (issue 23: players read crew names, scheme names and cards, never
"Side a", "protect-territory" or "(5C)").

``rule_names`` is every keyed row of the rule tables (schemes, strategies, deployments,
events, bounties, upgrades, ...) by key; ``readable`` rewrites a stored log line with the
crews' names, the rows' names and the cards as people say them."""

from __future__ import annotations

import re
from functools import lru_cache

from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe

from rules.table_names import card_label, rule_names, suit_names

__all__ = ["card_label", "marked_names", "readable", "rule_names", "slug_keys", "suit_names"]


SIDE = re.compile(r"\b[Ss]ide ([abAB])\b|\bCrew ([AB])\b")
CARD = re.compile(r"(?<![\w:-])((?:1[0-3]|[1-9])[RCTM]|RJ(?::[RCTM])?|BJ)(?![\w-])")
SLUG = re.compile(r"(?<![\w-])[a-z][a-z']*(?:-[a-z0-9']+)+(?![\w-])")
#: One-word scheme and strategy keys that are no everyday English word a log would use.
WORD_KEYS = ("distract", "bodyguard", "assassinate", "breakthrough", "outflank", "entourage",
             "vendetta", "roundup", "exterminate", "reckoning", "reconnoiter")
WORD = re.compile(r"(?<![\w-])(" + "|".join(WORD_KEYS) + r")(?![\w-])")



def slug_keys() -> set[str]:
    """The keys a reader would see as a slug (the hyphenated ones)."""
    return {k for k in rule_names() if "-" in k}


def readable(text: str, crews: dict[str, str] | None = None) -> str:
    """A stored log line in plain words: "Side a" -> the crew's name, "5C" -> "5 of Crows",
    "protect-territory" -> "Protect Territory"."""
    from rules.log_lines import translated

    names = rule_names()
    text = translated(text)
    if crews:
        def side(match):
            key = (match.group(1) or match.group(2)).lower()
            return crews.get(key) or match.group(0)

        text = SIDE.sub(side, text)
    text = CARD.sub(lambda m: card_label(m.group(1)), text)
    text = SLUG.sub(lambda m: names.get(m.group(0), m.group(0)), text)
    return WORD.sub(lambda m: names.get(m.group(0), m.group(0)), text)


@lru_cache(maxsize=1)
def _names_pattern() -> re.Pattern:
    names = sorted({n for n in rule_names().values() if len(n) > 2}, key=len, reverse=True)
    return re.compile(r"(?<!\w)(?:" + "|".join(re.escape(n) for n in names) + r")(?!\w)")


def marked_names(text: str) -> SafeString:
    """``text`` (a line in plain words) escaped, each of the book's names in it (schemes,
    strategies, events...: English on every page) marked ``lang="en"``."""
    out, last = [], 0
    for match in _names_pattern().finditer(text):
        out += [escape(text[last:match.start()]),
                format_html('<span lang="en">{}</span>', match.group(0))]
        last = match.end()
    out.append(escape(text[last:]))
    return mark_safe("".join(out))
