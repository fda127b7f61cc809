"""The OpenAPI schema says what the API answers when a request goes wrong.

drf-spectacular documents each operation's success; every operation can also answer
with an error, through the project's exception handler (``config/api.py``) and DRF:
400 with field errors (bad input, an id past 64 bits), 401 (a bad token), 403 (not
allowed), 404 (no such object, or a page past the end), 429 (throttled), and 413 for a
body over the cap. This hook adds those to every operation that does not document them
itself, with the shapes they have, so clients (and the suite's fuzzing, which checks
every answer against the schema) can rely on it. An operation that documents its own
error shape (a pack import's row errors) may still meet DRF's (a bad query parameter):
its shape is widened to either.
"""

from __future__ import annotations

from http import HTTPStatus

from drf_spectacular.openapi import AutoSchema as SpectacularAutoSchema
from rest_framework.fields import empty

#: {"detail": "..."}: DRF's answer for everything but field errors.
DETAIL = {
    "type": "object",
    "properties": {"detail": {"type": "string"}},
    "required": ["detail"],
    "description": "An error with one message.",
}
#: Field errors: messages keyed by field (``non_field_errors`` when no field applies),
#: nested for nested input; a bare list of messages when a view rejects the request whole.
FIELD_ERRORS = {
    "anyOf": [
        {"type": "object", "additionalProperties": {}},
        {"type": "array", "items": {"type": "string"}},
    ],
    "description": "Messages keyed by field (non_field_errors for the request as a whole), "
                   "or a list of messages.",
}
ALWAYS = (400, 401, 403, 404, 429)
WITH_BODY = (413,)
BODY_METHODS = {"post", "put", "patch"}
METHODS = {"get", "post", "put", "patch", "delete", "head", "options", "trace"}


def add_error_responses(result, generator, request, public):
    """drf-spectacular postprocessing hook (``SPECTACULAR_SETTINGS``)."""
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    schemas.setdefault("ErrorDetail", DETAIL)
    schemas.setdefault("FieldErrors", FIELD_ERRORS)
    for item in result.get("paths", {}).values():
        for method, operation in item.items():
            if method not in METHODS:
                continue
            responses = operation.setdefault("responses", {})
            codes = ALWAYS + (WITH_BODY if method in BODY_METHODS else ())
            for code in codes:
                name = "FieldErrors" if code == 400 else "ErrorDetail"
                generic = {"$ref": f"#/components/schemas/{name}"}
                if str(code) in responses:
                    _widen(responses[str(code)], generic)
                    continue
                responses[str(code)] = {
                    "description": HTTPStatus(code).phrase,
                    "content": {"application/json": {
                        "schema": generic}},
                }
    return result


def _widen(response: dict, generic: dict) -> None:
    """An operation's own error shape, or DRF's generic one."""
    json_content = response.get("content", {}).get("application/json")
    if not json_content or "schema" not in json_content:
        return
    own = json_content["schema"]
    if own == generic or (own.get("type") == "object" and "properties" not in own):
        return  # already the generic shape, or any object
    json_content["schema"] = {"anyOf": [own, generic]}


class AutoSchema(SpectacularAutoSchema):
    """drf-spectacular's, with two corrections so the schema says what DRF answers.

    Only a viewset's ``list`` is paginated: drf-spectacular wraps any many=True answer of
    a viewset in a page, while DRF paginates only in ``list`` (ListModelMixin), and the
    other actions (a league's members, a campaign's crews, the notification preferences)
    answer a plain list. A field with ``default=None`` answers null when its source is
    missing (a crew without a leader yet), so it is nullable.
    """

    def _get_serializer_field_meta(self, field, direction):
        meta = super()._get_serializer_field_meta(field, direction)
        if getattr(field, "default", empty) is None:
            meta["nullable"] = True
        return meta

    def _get_paginator(self):
        action = getattr(self.view, "action", None)
        if action is not None and action != "list":
            return None
        return super()._get_paginator()
