"""The OpenAPI schema says what the API answers: lists where it answers lists, null where
it answers null, and the error answers every operation can give (``config/schema.py``).
Each answer is checked against the schema by Schemathesis, as the fuzz tests do."""

from __future__ import annotations

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections

from accounts.models import ApiToken
from config.wsgi import application
from tests.campaign.factories import CampaignFactory, CrewFactory, member
from tests.edges.routes import openapi_schema
from tests.edges.test_fuzzing import CONFORMANCE

pytestmark = pytest.mark.django_db

METHODS = {"get", "post", "put", "patch", "delete"}


@pytest.fixture(scope="module")
def schema():
    return openapi_schema()


@pytest.fixture
def api(schema):
    """Calls an operation as a user (by token) through the WSGI application, on the
    test's database connection, and checks the answer against the schema."""
    loaded = schemathesis.openapi.from_dict(schema)
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)

    def call(user, method, path, path_parameters=None, body=None):
        _, token = ApiToken.objects.create(user, expiry=None, name="schema")
        operation = loaded[path][method.upper()]
        kwargs = {"path_parameters": path_parameters or {}}
        if body is not None:
            kwargs.update(body=body, media_type="application/json")
        case = operation.Case(**kwargs)
        response = case.call(app=application, base_url="http://testserver",
                             headers={"Authorization": f"Bearer {token}"})
        # Its status code documented, its content type and body as the schema says.
        case.validate_response(response, checks=CONFORMANCE)
        return response

    yield call
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


def test_a_leagues_members_and_a_campaigns_crews_are_plain_lists(api):
    campaign = CampaignFactory()
    player = member(campaign.league)
    CrewFactory(campaign=campaign, player=player)
    members = api(player, "get", "/api/leagues/{slug}/members/",
                  {"slug": campaign.league.slug})
    assert isinstance(members.json(), list) and members.json()
    crews = api(player, "get", "/api/campaigns/{id}/crews/", {"id": campaign.pk})
    assert isinstance(crews.json(), list) and len(crews.json()) == 1


def test_notification_preferences_are_a_plain_list_read_and_written(api):
    from tests.factories import UserFactory

    user = UserFactory()
    read = api(user, "get", "/api/notifications/preferences/")
    assert isinstance(read.json(), list) and read.json()
    written = api(user, "patch", "/api/notifications/preferences/",
                  body={"email": {read.json()[0]["kind"]: False}})
    assert isinstance(written.json(), list)


def test_home_answers_null_where_the_schema_allows_it(api):
    campaign = CampaignFactory()  # not started: no week yet
    player = member(campaign.league)
    CrewFactory(campaign=campaign, player=player)
    home = api(player, "get", "/api/home/").json()
    assert home["crews"][0]["week_state"] is None
    assert home["next_game"] is None and home["organizer"] is None


def test_bad_input_and_missing_objects_are_documented_answers(api):
    from tests.factories import UserFactory

    user = UserFactory()
    missing = api(user, "get", "/api/campaigns/{id}/crews/", {"id": 999999})
    assert missing.status_code == 404
    refused = api(user, "patch", "/api/notifications/preferences/",
                  body={"email": {"no-such-kind": True}})
    assert refused.status_code == 400


def test_every_operation_documents_its_error_answers(schema):
    undocumented = []
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            if method not in METHODS:
                continue
            wanted = {"400", "401", "403", "404", "429"}
            if method in {"post", "put", "patch"}:
                wanted.add("413")
            missing = wanted - set(operation["responses"])
            if missing:
                undocumented.append(f"{method.upper()} {path}: {sorted(missing)}")
    assert undocumented == []
    errors = schema["components"]["schemas"]
    assert errors["ErrorDetail"]["required"] == ["detail"]
