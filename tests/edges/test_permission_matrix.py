"""The permission matrix: every write route (API operations from the OpenAPI schema, pages
from the URL configuration) sent by each of seven roles gives the expected status, and
every request that is not expected to write leaves every table as it was (row counts and
the rows themselves compared). The expectations are ``expected_permissions.EXPECTED``."""

from __future__ import annotations

import pytest

from tests.edges.bodies import bodies
from tests.edges.expected_permissions import EXPECTED
from tests.edges.matrix import attempt, clients_for, fingerprints, row_counts
from tests.edges.routes import WRITE_METHODS, api_operations, fill, page_routes, values_for
from tests.edges.world import ROLES, build_world


def write_routes():
    return api_operations(WRITE_METHODS) + page_routes()


def answer(outcome) -> str:
    code = "login" if "/accounts/login/" in outcome.location else str(outcome.status)
    return ("+" if outcome.wrote else "") + code


def line(key: str, answers: list[str]) -> str:
    return f'"{key}": "{"  ".join(answers)}",'


@pytest.mark.django_db
def test_every_write_route_has_an_entry():
    """A new endpoint or page fails here, by name, until the table says who may use it."""
    keys = {route.key for route in write_routes()}
    missing = sorted(keys - set(EXPECTED))
    stale = sorted(set(EXPECTED) - keys)
    assert not missing, ("Routes without an entry in tests/edges/expected_permissions.py:\n"
                         + "\n".join(missing))
    assert not stale, "Entries for routes that no longer exist:\n" + "\n".join(stale)
    for key, spec in EXPECTED.items():
        assert len(spec.split()) == len(ROLES), f"{key}: give one answer per role"


#: The matrix is walked in this many parts (every PARTS-th route), so parallel test
#: processes share it.
PARTS = 4


@pytest.mark.django_db
@pytest.mark.parametrize("part", range(PARTS))
def test_permission_matrix(part):
    world = build_world()
    clients = clients_for(world.users)
    body = bodies(world)
    baseline = (row_counts(), fingerprints())
    wrong = []
    for route in write_routes()[part::PARTS]:
        expected = EXPECTED.get(route.key)
        if expected is None:
            continue  # reported by test_every_write_route_has_an_entry
        path = fill(route, values_for(route, world))
        answers = [answer(attempt(clients[role], route.method, path, body.get(route.key),
                                  api=route.is_api, baseline=baseline)) for role in ROLES]
        if answers != expected.split():
            diffs = ", ".join(f"{role}: expected {want}, got {got}" for role, want, got
                              in zip(ROLES, expected.split(), answers, strict=True)
                              if want != got)
            wrong.append(f"{route.key} ({path}): {diffs}\n    now: {line(route.key, answers)}")
    assert not wrong, "Permission matrix mismatches:\n" + "\n".join(wrong)


#: Bodies no serializer accepts (see ``invalid_bodies``).
NOT_VALID = {"not": ["valid"]}
REFUSALS = ("401", "403", "404", "405")


def invalid_bodies(valid) -> list:
    """Bodies that fail validation: each field of the valid body a nested object (no
    field type takes one), an unknown field only, and a list where an object goes."""
    fields = valid if isinstance(valid, dict) and valid else {"unexpected": 1}
    return [{key: NOT_VALID for key in fields}, [NOT_VALID]]


@pytest.mark.django_db
def test_an_outsider_is_refused_before_the_body_is_validated():
    """Every API write to one object (its path names it) that the outsider may not make
    is refused (403) whatever the body: an invalid body must not get a 400 with field
    errors, answered before the permission check. (A create names its object in the
    body, which has to be read first: those may answer 400.)"""
    world = build_world()
    outsider = clients_for(world.users)["outsider"]
    body = bodies(world)
    baseline = (row_counts(), fingerprints())
    checked, wrong = 0, []
    for route in api_operations(WRITE_METHODS):
        expected = EXPECTED.get(route.key)
        refusal = expected.split()[ROLES.index("outsider")] if expected else ""
        if refusal not in REFUSALS or not route.params:
            continue  # the outsider may write here, or the route names no object
        path = fill(route, values_for(route, world))
        for sent in invalid_bodies(body.get(route.key)):
            checked += 1
            got = attempt(outsider, route.method, path, sent, api=True, baseline=baseline)
            if str(got.status) != refusal or got.wrote:
                wrong.append(f"{route.key}: expected {refusal}, got {answer(got)} for {sent}")
    assert checked > 80
    assert not wrong, "Validated before the permission check:\n" + "\n".join(wrong)
