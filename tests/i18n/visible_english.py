"""Finds English prose in a rendered French page: the visible text nodes (and the
attributes a reader sees: title, alt, placeholder, aria-label) outside <script>, <style>,
<code>, <pre> and any element marked lang="en", with proper names taken out, holding
common English words that French never uses.

A heuristic, tuned to miss no sentence: a text is English when it holds one of the
words no French sentence has ("the", "your", "with"...) or two of the weaker ones."""

from __future__ import annotations

import re
from html.parser import HTMLParser

STRONG = frozenset([
    "the", "your", "you", "with", "and", "of", "this", "that", "which", "their", "been",
    "were", "was", "has", "have", "are", "is", "isn't", "can't", "won't", "don't", "doesn't",
    "it's", "its", "from", "who", "what", "when", "after", "before", "yet", "must", "should",
    "would", "could", "will", "into", "than", "there", "here", "these", "those", "only",
    "each", "every", "his", "her", "they", "them", "our", "we", "not", "no", "or", "by", "at",
    "any", "some", "all", "be"
])
WEAK = frozenset([
    "game", "games", "crew", "crews", "turn", "turns", "wins", "win", "week", "weeks", "left",
    "play", "played", "plays", "scores", "score", "model", "models", "scheme", "schemes",
    "hire", "hired", "round", "side", "sides", "none", "new", "back", "result", "results",
    "report", "reported", "waiting", "open", "opened", "ask", "asked"
])
SKIP = {"script", "style", "code", "pre", "template", "kbd", "samp"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
        "source", "track", "wbr"}
SEEN_ATTRIBUTES = ("title", "alt", "placeholder", "aria-label")
WORD = re.compile(r"[^\W\d_][^\W\d_']*")


class _Texts(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool]] = []  # (tag, hidden from the check)
        self.texts: list[str] = []

    def _hidden(self) -> bool:
        return bool(self.stack) and self.stack[-1][1]

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        lang = (attrs.get("lang") or "").lower()
        hidden = self._hidden() or tag in SKIP or lang.startswith("en")
        if not hidden:
            self.texts += [attrs[a] for a in SEEN_ATTRIBUTES if attrs.get(a)]
        if tag not in VOID:
            self.stack.append((tag, hidden))

    def handle_startendtag(self, tag, attrs):
        if not self._hidden():
            self.texts += [v for a, v in attrs if a in SEEN_ATTRIBUTES and v]

    def handle_endtag(self, tag):
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                return

    def handle_data(self, data):
        if not self._hidden() and data.strip():
            self.texts.append(data.strip())


def visible_texts(html: str) -> list[str]:
    parser = _Texts()
    parser.feed(html)
    return parser.texts


def english_in(html: str, names: list[str]) -> list[str]:
    """The visible texts of ``html`` that read as English once ``names`` (proper names:
    crews, models, people, packs, cards) are taken out."""
    names = sorted({n for n in names if n}, key=len, reverse=True)
    found = []
    for text in visible_texts(html):
        rest = text
        if rest.endswith("…") and any(n.startswith(rest[:-1]) for n in names):
            continue  # a name cut short to fit (a chart's label)
        for name in names:
            if name in rest:
                rest = rest.replace(name, " ")
        words = [w.lower() for w in WORD.findall(rest)]
        strong = [w for w in words if w in STRONG]
        weak = [w for w in words if w in WEAK]
        if strong or len(weak) >= 2:
            found.append(text)
    return found
