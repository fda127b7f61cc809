"""The API's JSON parser: a capped body and a bounded nesting depth, checked before any
serializer sees the data.

DRF reads a JSON body straight from the request stream, so Django's
``DATA_UPLOAD_MAX_MEMORY_SIZE`` (which caps form bodies) never applies to it, and
``json.load`` answers a body nested about a thousand levels deep with a ``RecursionError``
(a 500). Here a body over the cap is a 413 and one nested too deeply a 400, both JSON.
"""

from __future__ import annotations

import json

from django.conf import settings
from django.utils.translation import gettext
from rest_framework import parsers, status
from rest_framework.exceptions import APIException, ParseError

#: Deeper than any request this API accepts; deep enough never to refuse a real one.
MAX_DEPTH = 32


class RequestTooLarge(APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "request_too_large"


def body_limit(view=None) -> int:
    """The largest body a view accepts: its ``max_body_bytes``, else Django's form cap."""
    return getattr(view, "max_body_bytes", None) or settings.DATA_UPLOAD_MAX_MEMORY_SIZE


def too_large(limit: int) -> RequestTooLarge:
    megabytes = limit / (1024 * 1024)
    return RequestTooLarge(f"The request body is larger than {megabytes:.1f} MB; send less.")


def nesting_depth_exceeds(data, limit: int = MAX_DEPTH) -> bool:
    """Whether lists/objects nest deeper than ``limit`` (walked without recursion)."""
    stack = [(data, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict):
            children = node.values()
        elif isinstance(node, list):
            children = node
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False


def loads(raw: bytes | str, *, strict: bool = True):
    """``json.loads`` whose only error is ``ValueError`` (deep nesting included)."""
    constant = _refuse_constant if strict else None
    try:
        data = json.loads(raw, parse_constant=constant)
    except RecursionError:
        raise ValueError(f"nested more than {MAX_DEPTH} levels deep") from None
    if nesting_depth_exceeds(data):
        raise ValueError(f"nested more than {MAX_DEPTH} levels deep")
    return data


def _refuse_constant(name: str):
    raise ValueError(f"{name} is not valid JSON")


class JSONParser(parsers.JSONParser):
    """``rest_framework.parsers.JSONParser`` with the size cap and the depth bound."""

    def parse(self, stream, media_type=None, parser_context=None):
        parser_context = parser_context or {}
        limit = body_limit(parser_context.get("view"))
        request = parser_context.get("request")
        meta = getattr(request, "META", {})
        try:
            declared = int(meta.get("CONTENT_LENGTH") or 0)
        except (TypeError, ValueError):
            declared = 0
        if declared > limit:
            raise too_large(limit)
        raw = stream.read(limit + 1) if stream is not None else b""
        if len(raw) > limit:
            raise too_large(limit)
        encoding = parser_context.get("encoding", settings.DEFAULT_CHARSET)
        try:
            return loads(raw.decode(encoding), strict=self.strict)
        except UnicodeDecodeError:
            raise ParseError(
                gettext("JSON parse error - the body is not %(encoding)s text.")
                % {"encoding": encoding}
            ) from None
        except ValueError as exc:
            raise ParseError(gettext("JSON parse error - %(exc)s") % {"exc": exc}) from None
