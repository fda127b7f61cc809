"""Finds the user-visible text a template writes outside a translate tag.

A small scanner, not a full HTML parser: it splits a template into Django tags,
variables, comments, HTML tags and text, and reports every run of text (between HTML or
block tags) with a letter in it, and every user-visible attribute (title, alt, placeholder,
aria-label, data-label, a button input's value) whose literal part has a letter. Text
inside {% translate %}, {% blocktranslate %}, comments, <script>, <style>, <code> and
<pre> is not the interface's prose and is skipped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

TOKEN = re.compile(
    r"(?P<comment>\{#.*?#\}|<!--.*?-->)"
    r"|(?P<skipblock>\{%\s*(?P<skiptag>comment|verbatim)\b.*?%\}.*?\{%\s*end(?P=skiptag)\s*%\})"
    r"|(?P<blocktrans>\{%\s*blocktrans(?:late)?\b.*?%\}.*?\{%\s*endblocktrans(?:late)?\s*%\})"
    r"|(?P<block>\{%.*?%\})"
    r"|(?P<var>\{\{.*?\}\})"
    r"|(?P<raw><(?P<rawtag>script|style|code|pre)\b(?:\{%.*?%\}|\{\{.*?\}\}|[^>])*>.*?</(?P=rawtag)>)"
    r"|(?P<tag><[a-zA-Z/!](?:\{%.*?%\}|\{\{.*?\}\}|[^>])*>)"
    r"|(?P<text>[^<{]+|[<{])",
    re.DOTALL,
)
VISIBLE_ATTRIBUTES = re.compile(
    r"""\b(?P<name>title|alt|placeholder|aria-label|data-label|hx-confirm|data-confirm)\s*=\s*(?P<q>["'])(?P<value>(?:\{%.*?%\}|\{\{.*?\}\}|(?!(?P=q)).)*)(?P=q)""",
    re.DOTALL,
)
BUTTON_VALUE = re.compile(
    r"""<input\b[^>]*type=["']?(?:submit|button)["']?[^>]*\bvalue=(?P<q>["'])(?P<value>(?:\{%.*?%\}|\{\{.*?\}\}|(?!(?P=q)).)*)(?P=q)""",
    re.DOTALL,
)
LETTER = re.compile(r"[^\W\d_]")
ENTITY = re.compile(r"&[a-zA-Z]+;|&#\d+;")


@dataclass(frozen=True)
class Untranslated:
    line: int
    text: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.text!r}"


def has_words(text: str) -> bool:
    return bool(LETTER.search(ENTITY.sub("", text)))


def runs(source: str, offset: int = 0):
    """(start, [tokens]) of each run of text and variables between tags."""
    run: list[re.Match] = []
    for match in TOKEN.finditer(source):
        kind = match.lastgroup if match.lastgroup not in ("skiptag", "rawtag") else None
        kind = next(k for k in ("comment", "skipblock", "blocktrans", "block", "var", "raw",
                                "tag", "text") if match.group(k) is not None)
        if kind in ("text", "var"):
            run.append(match)
            continue
        if run:
            yield run
        run = []
        if kind == "tag":
            yield match  # an HTML tag: its attributes are looked at by the caller
    if run:
        yield run


def literal(run) -> str:
    return "".join(m.group() for m in run if m.lastgroup == "text")


def untranslated(source: str) -> list[Untranslated]:
    found = []
    for item in runs(source):
        if isinstance(item, list):
            text = literal(item)
            if has_words(text):
                line = source.count("\n", 0, item[0].start()) + 1
                found.append(Untranslated(line, " ".join(text.split())))
            continue
        tag = item.group()
        line = source.count("\n", 0, item.start()) + 1
        for attribute in [*VISIBLE_ATTRIBUTES.finditer(tag), *BUTTON_VALUE.finditer(tag)]:
            for run in runs(attribute.group("value")):
                if isinstance(run, list) and has_words(literal(run)):
                    found.append(Untranslated(line, " ".join(literal(run).split())))
    return found
