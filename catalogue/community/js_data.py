"""Read the data of a JavaScript file without running it.

The crew builder's data files assign object and array literals to variables
(``var cards = {...};``, ``const actions = [...]``, ``window.triggers = {...}``,
``export const factions = {...}``). This is a small recursive-descent reader of exactly
those literals: strings, numbers, true/false/null/undefined, arrays, objects with quoted
or bare keys, trailing commas and comments. Anything else (a function, a call, an
expression) is refused with the line and column, never evaluated.
"""

from __future__ import annotations

import re
from typing import Any

MAX_DEPTH = 64
_ASSIGN = re.compile(
    r"(?:^|[;\s])(?:export\s+)?(?:(?:var|let|const)\s+)?(?:window\.|module\.exports\.|exports\.)?"
    r"([A-Za-z_$][\w$]*)\s*=\s*(?=[\[{])"
)
_NUMBER = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?")
_IDENT = re.compile(r"[A-Za-z_$][\w$]*")
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0"}


class JsDataError(ValueError):
    """The file is not plain data; says where (line, column) and what was expected."""


class _Reader:
    def __init__(self, text: str):
        self.text, self.pos = text, 0

    def fail(self, message: str) -> JsDataError:
        line = self.text.count("\n", 0, self.pos) + 1
        column = self.pos - (self.text.rfind("\n", 0, self.pos) + 1) + 1
        return JsDataError(f"line {line}, column {column}: {message}")

    def skip(self) -> None:
        text = self.text
        while self.pos < len(text):
            char = text[self.pos]
            if char.isspace():
                self.pos += 1
            elif text.startswith("//", self.pos):
                end = text.find("\n", self.pos)
                self.pos = len(text) if end < 0 else end + 1
            elif text.startswith("/*", self.pos):
                end = text.find("*/", self.pos + 2)
                if end < 0:
                    raise self.fail("a comment is never closed")
                self.pos = end + 2
            else:
                return

    def value(self, depth: int = 0) -> Any:
        if depth > MAX_DEPTH:
            raise self.fail("data nested too deeply")
        self.skip()
        if self.pos >= len(self.text):
            raise self.fail("the data ends too early")
        char = self.text[self.pos]
        if char == "{":
            return self.obj(depth)
        if char == "[":
            return self.array(depth)
        if char in "\"'`":
            return self.string()
        if match := _NUMBER.match(self.text, self.pos):
            self.pos = match.end()
            number = match.group()
            return float(number) if any(c in number for c in ".eE") else int(number)
        if match := _IDENT.match(self.text, self.pos):
            word = match.group()
            constants = {"true": True, "false": False, "null": None, "undefined": None}
            if word in constants:
                self.pos = match.end()
                return constants[word]
        raise self.fail("expected a value (text, number, true/false, null, [...] or {...})")

    def string(self) -> str:
        quote = self.text[self.pos]
        self.pos += 1
        out = []
        while True:
            if self.pos >= len(self.text):
                raise self.fail("a text is never closed")
            char = self.text[self.pos]
            if char == quote:
                self.pos += 1
                text = "".join(out)
                if any("\ud800" <= c <= "\udfff" for c in text):  # \u escaped pairs
                    text = text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
                return text
            if quote == "`" and self.text.startswith("${", self.pos):
                raise self.fail("a template expression is code, not data")
            if char == "\\":
                self.pos += 1
                escaped = self.text[self.pos : self.pos + 1]
                if escaped == "u":
                    digits = self.text[self.pos + 1 : self.pos + 5]
                    if not re.fullmatch(r"[0-9a-fA-F]{4}", digits):
                        raise self.fail("a \\u escape needs four hex digits")
                    out.append(chr(int(digits, 16)))
                    self.pos += 5
                    continue
                if escaped == "\n":
                    self.pos += 1
                    continue
                out.append(_ESCAPES.get(escaped, escaped))
                self.pos += 1
                continue
            out.append(char)
            self.pos += 1

    def array(self, depth: int) -> list:
        self.pos += 1
        items = []
        while True:
            self.skip()
            if self.text.startswith("]", self.pos):
                self.pos += 1
                return items
            items.append(self.value(depth + 1))
            self.skip()
            if self.text.startswith(",", self.pos):
                self.pos += 1
            elif not self.text.startswith("]", self.pos):
                raise self.fail("expected ',' or ']'")

    def obj(self, depth: int) -> dict:
        self.pos += 1
        out: dict[str, Any] = {}
        while True:
            self.skip()
            if self.text.startswith("}", self.pos):
                self.pos += 1
                return out
            if self.pos < len(self.text) and self.text[self.pos] in "\"'":
                key = self.string()
            elif match := (_IDENT.match(self.text, self.pos)
                           or re.compile(r"\d+").match(self.text, self.pos)):
                key = match.group()
                self.pos = match.end()
            else:
                raise self.fail("expected a key")
            self.skip()
            if not self.text.startswith(":", self.pos):
                raise self.fail(f"expected ':' after the key {key!r}")
            self.pos += 1
            out[key] = self.value(depth + 1)
            self.skip()
            if self.text.startswith(",", self.pos):
                self.pos += 1
            elif not self.text.startswith("}", self.pos):
                raise self.fail("expected ',' or '}'")


def read_assignments(text: str) -> dict[str, Any]:
    """Every ``name = <literal>`` of a file, by name. A file that is one bare literal
    (JSON) is returned under the name ``""``."""
    text = text.lstrip("\ufeff")
    stripped = text.lstrip()
    if stripped[:1] in "[{":
        reader = _Reader(text)
        value = reader.value()
        reader.skip()
        if reader.pos < len(text) and text[reader.pos] != ";":
            raise reader.fail("unexpected text after the data")
        return {"": value}
    found: dict[str, Any] = {}
    pos = 0
    while match := _ASSIGN.search(text, pos):
        reader = _Reader(text)
        reader.pos = match.end()
        found[match.group(1)] = reader.value()
        pos = reader.pos
    if not found:
        raise JsDataError("no data found: expected e.g. var cards = {...};")
    return found
