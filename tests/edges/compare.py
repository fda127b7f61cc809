"""Responses compared as a reader sees them: per-request values (CSRF tokens, CSP nonces,
freshly signed tokens) blanked, so two answers differ only where their content does."""

from __future__ import annotations

import re

_VOLATILE = [
    (re.compile(r'(name="csrfmiddlewaretoken" value=")[^"]+'), r"\1-"),
    (re.compile(r'("X-CSRFToken": ")[^"]+'), r"\1-"),
    (re.compile(r'(nonce=")[^"]+'), r"\1-"),
    (re.compile(r"('nonce-)[^']+"), r"\1-"),
    # Signed tokens made per request (Django's TimestampSigner: value:time:signature).
    (re.compile(r"[\w-]+:[\w-]{6}:[\w-]{43}"), "signed-token"),
    # "3 minutes ago" moves on between two reads of the same page in a slow run; the
    # <time datetime="..."> beside it still tells two different times apart.
    (re.compile(r'(<time datetime="[^"]*">)[^<]*(</time>)'), r"\1-\2"),
]


def comparable(response) -> str:
    return comparable_text(response.content)


def comparable_text(body: bytes) -> str:
    text = body.decode(errors="replace")
    for pattern, blank in _VOLATILE:
        text = pattern.sub(blank, text)
    return text
