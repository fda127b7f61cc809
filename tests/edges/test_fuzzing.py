"""Schemathesis over the OpenAPI schema, inside the suite: every operation, with valid and
invalid inputs (a bounded number of examples each, derandomized so CI is repeatable), as
an anonymous visitor and as a logged-in player (by personal token), against the test
world. Every answer is checked: no 5xx, and the answer conforms to the schema (its status
code documented for the operation, its content type and its body as the schema says).

Path ids are the world's (the crew's player's game, crew, Aftermath...) when Schemathesis
generates a valid id, so the inputs reach real objects; an invalid id is sent as
generated. ``FUZZ_EXAMPLES`` raises the count and ``FUZZ_RANDOM=1`` varies the inputs,
for a longer local run; what such a run finds goes into tests/edges/test_bad_input.py.
"""

from __future__ import annotations

import copy
import os

import pytest
import schemathesis
from django.core.cache import cache
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, Phase, settings
from schemathesis.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from schemathesis.config import SchemathesisConfig

from accounts.models import ApiToken
from config.wsgi import application
from tests.edges.routes import Route, openapi_schema, values_for, view_name_of
from tests.edges.world import build_world

pytestmark = pytest.mark.django_db

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "3"))
#: What every answer is checked for, besides not being a 5xx.
CONFORMANCE = [status_code_conformance, content_type_conformance, response_schema_conformance]
#: FUZZ_RANDOM=1 explores new inputs each run (CI repeats the same ones).
RANDOM = os.environ.get("FUZZ_RANDOM") == "1"
#: The schema is fuzzed in this many parts (every PARTS-th path, with all its operations),
#: one test each, so parallel test processes share the ~30,000 requests; whole paths, so
#: every part knows each path's declared methods (the undeclared ones are probed too).
PARTS = 8
#: Each path is also sent the methods it does not declare (each must not be a 5xx). Only
#: the methods a view can have a handler for: DRF answers TRACE and QUERY (Schemathesis's
#: other defaults) with the same ``initial()`` + ``http_method_not_allowed`` as any other
#: undeclared method on that path, so they reached no code the others do not.
UNDECLARED_METHODS = ["get", "put", "post", "patch", "delete", "options"]
CONFIG = SchemathesisConfig.from_dict(
    {"phases": {"coverage": {"unexpected-methods": UNDECLARED_METHODS}}})


@pytest.fixture
def fuzz_world(db):
    """The world, a token for its crew's player, and Django kept on the test's database
    connection while requests go through the WSGI application."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        world = build_world()
        _, token = ApiToken.objects.create(world.users["crew_player"], expiry=None,
                                           name="fuzzing")
        world.extra["token"] = token
        yield world
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


def schema_part(part: int) -> dict:
    """The OpenAPI schema with every PARTS-th of its paths, from the ``part``-th."""
    raw = copy.deepcopy(openapi_schema())
    raw["paths"] = dict(list(raw["paths"].items())[part::PARTS])
    return raw


@pytest.fixture(params=range(PARTS), ids=lambda part: f"part{part}")
def api_schema(request):
    return schemathesis.openapi.from_dict(schema_part(request.param), config=CONFIG)


schema = schemathesis.pytest.from_fixture("api_schema")


def world_values(case, world) -> dict:
    operation = case.operation
    route = Route(f"{operation.method.upper()} {operation.path}", operation.method,
                  operation.path, view_name_of(operation.path), (), True)
    return values_for(route, world)


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, derandomize=not RANDOM, database=None,
          phases=[Phase.explicit, Phase.generate], suppress_health_check=list(HealthCheck))
def test_no_operation_answers_5xx_and_every_answer_is_as_documented(case, fuzz_world):
    values = world_values(case, fuzz_world)
    for name, value in (case.path_parameters or {}).items():
        if isinstance(value, int) and name in values:
            case.path_parameters[name] = values[name]
    for who, headers in (("anonymous", {}),
                         ("player", {"Authorization": f"Bearer {fuzz_world.extra['token']}"})):
        cache.clear()  # throttles would answer 429 before the view sees the input
        response = case.call(app=application, base_url="http://testserver", headers=headers)
        assert response.status_code < 500, (
            f"{who}: {case.method} {case.formatted_path} -> {response.status_code}\n"
            f"query={case.query} body={case.body!r}\n{response.text[:2000]}")
        case.validate_response(response, checks=CONFORMANCE)
