"""The OpenAPI schema says what the API answers when a request goes wrong.

drf-spectacular documents each operation's success; every operation can also answer
with an error, through the project's exception handler (``config/api.py``) and DRF:
400 with field errors (bad input, an id past 64 bits), 401 (a bad token), 403 (not
allowed), 404 (no such object, or a page past the end), 429 (throttled), and 413 for a
body over the cap. This hook adds those to every operation that does not document them
itself, with the shapes they have, so clients (and the suite's fuzzing, which checks
every answer against the schema) can rely on it.
"""

from __future__ import annotations

from http import HTTPStatus

from drf_spectacular.openapi import AutoSchema as SpectacularAutoSchema

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
    "oneOf": [
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
                if str(code) in responses:
                    continue
                name = "FieldErrors" if code == 400 else "ErrorDetail"
                responses[str(code)] = {
                    "description": HTTPStatus(code).phrase,
                    "content": {"application/json": {
                        "schema": {"$ref": f"#/components/schemas/{name}"}}},
                }
    return result


class AutoSchema(SpectacularAutoSchema):
    """drf-spectacular's, except that only a viewset's ``list`` is paginated.

    drf-spectacular wraps any many=True answer of a viewset in a page; DRF paginates only
    in ``list`` (ListModelMixin), and the project's other actions (a league's members, a
    campaign's crews, the notification preferences) answer a plain list.
    """

    def _get_paginator(self):
        action = getattr(self.view, "action", None)
        if action is not None and action != "list":
            return None
        return super()._get_paginator()
