"""Bad input is a clear 4xx, never a 500, and writes nothing (issue 16, "Bad input").

Each test holds the exact input that once gave a 500 or took seconds to refuse."""

from __future__ import annotations

import json
import re
import time

import pytest
from django.urls import URLPattern, URLResolver, get_resolver
from rest_framework.test import APIClient

from campaign.models import Crew
from config import fields
from config.parsers import MAX_DEPTH
from tests.campaign.factories import LeagueFactory, faction

pytestmark = pytest.mark.django_db


def client_for(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


# --- 0. Ids in the path ----------------------------------------------------------------

NOT_NUMBERS = ["null", "false", "-1e-05", "-1", "1.5", "abc", "%F0%9F%98%80"]
# Inputs Schemathesis found (as the demo player), each once a 500.
FOUND_BY_FUZZING = [
    ("post", "/api/games/null/withdraw/"),
    ("post", "/api/nights/false/start/"),
    ("post", "/api/aftermaths/-1e-05/payday/"),
    ("get", "/api/crews/%C3%A9t%C3%A9/"),
    ("get", "/api/aftermaths/null/"),
    ("post", "/api/crews/null/start-anew/"),
]


@pytest.mark.parametrize(("method", "url"), FOUND_BY_FUZZING)
def test_ids_that_are_not_numbers_are_a_json_404(user, method, url):
    response = getattr(client_for(user), method)(url, {}, format="json")
    assert response.status_code == 404
    assert response.json() == {"detail": "Not found."}


@pytest.mark.parametrize("bad", NOT_NUMBERS)
def test_every_api_detail_route_answers_404_to_a_non_number(user, bad):
    client = client_for(user)
    for prefix in ["games", "crews", "campaigns", "aftermaths", "nights", "series",
                   "rules/flips"]:
        response = client.get(f"/api/{prefix}/{bad}/")
        assert response.status_code == 404, (prefix, bad, response.content[:200])


def _patterns(resolver=None, prefix=""):
    resolver = resolver or get_resolver()
    for entry in resolver.url_patterns:
        regex = prefix + str(entry.pattern.regex.pattern).lstrip("^")
        if isinstance(entry, URLResolver):
            yield from _patterns(entry, regex)
        elif isinstance(entry, URLPattern):
            yield regex, entry


#: Path parameters that are not ids (looked up as text, and a miss is a 404).
TEXT_PARAMETERS = {"slug", "league_slug", "pack", "token", "uidb64", "key", "action", "fmt",
                   "app_label", "model_name", "object_id", "url", "path", "content_type_id",
                   "format"}


def test_every_id_in_a_path_is_digits_only():
    """Generated from the URL configuration: a new route taking an id as free text, or as
    digits without a bound (a database then refuses it with a 500), fails here, named:
    use ``<id:...>`` in paths."""
    loose = []
    for regex, _entry in _patterns():
        if regex.startswith("admin/"):
            continue
        for name, group in re.findall(r"\(\?P<(\w+)>([^)]*)\)", regex):
            if name not in TEXT_PARAMETERS and group not in ("[0-9]{1,18}", r"\d{1,18}"):
                loose.append(f"{regex} ({name}={group})")
    assert not loose, "Ids in these paths accept non-numbers:\n" + "\n".join(loose)


HUGE = "6603114028680019098272640758476382664"  # found by fuzzing: past 64 bits


@pytest.mark.parametrize("url", [f"/api/games/{HUGE}/", f"/api/aftermaths/{HUGE}/",
                                 f"/api/campaigns/{HUGE}/weeks/1/", f"/games/{HUGE}/",
                                 f"/campaigns/crews/{HUGE}/", f"/nights/{HUGE}/"])
def test_an_id_past_64_bits_is_a_404(user, url):
    response = client_for(user).get(url)
    assert response.status_code == 404


def test_a_query_id_past_64_bits_is_a_field_error(user):
    """GET /api/aftermaths/?game=<39 digits> was a 500 on SQLite (OverflowError)."""
    for client in (client_for(), client_for(user)):
        assert client.get(f"/api/aftermaths/?game={HUGE}").json() == {
            "game": ["A game id is a whole number."]}
        assert "campaign" in client.get(f"/api/nights/?campaign={HUGE}").json()


def test_an_id_past_64_bits_in_a_body_is_a_400(crew):
    response = client_for(crew.player).post(f"/api/crews/{crew.pk}/new-hires/",
                                            {"models": [int(HUGE)]}, format="json")
    assert response.status_code == 400 and "models" in response.json()


def test_the_last_net_under_overflow_is_a_400(rf):
    from config.middleware import NumberOutOfRangeMiddleware

    middleware = NumberOutOfRangeMiddleware(lambda request: None)
    api = middleware.process_exception(rf.get("/api/x/"), OverflowError("too large"))
    page = middleware.process_exception(rf.get("/games/"), OverflowError("too large"))
    assert api.status_code == page.status_code == 400
    assert middleware.process_exception(rf.get("/"), ValueError()) is None


# --- 0. Starting anew twice ----------------------------------------------------------


def test_starting_anew_from_a_retired_crew_is_a_clear_400(built_crew):
    campaign = built_crew.campaign
    campaign.status, campaign.current_week = "running", 2
    campaign.save()
    client = client_for(built_crew.player)
    url = f"/api/crews/{built_crew.pk}/start-anew/"
    body = {"name": "Second Try", "faction": "guild"}
    assert client.post(url, body, format="json").status_code == 201
    again = client.post(url, {"name": "Third Try", "faction": "guild"}, format="json")
    assert again.status_code == 400
    assert "retired" in again.json()["non_field_errors"][0]
    assert not Crew.objects.filter(name="Third Try").exists()
    assert Crew.objects.filter(campaign=campaign, player=built_crew.player).count() == 2


def test_the_start_anew_page_says_so_too(client, built_crew):
    campaign = built_crew.campaign
    campaign.status, campaign.current_week = "running", 2
    campaign.save()
    client.force_login(built_crew.player)
    url = f"/campaigns/crews/{built_crew.pk}/start-anew/"
    client.post(url, {"name": "Second Try", "faction": faction("guild").pk})
    response = client.post(url, {"name": "Third Try", "faction": faction("guild").pk},
                           follow=True)
    assert response.status_code in (200, 400)
    assert b"retired" in response.content
    assert not Crew.objects.filter(name="Third Try").exists()


# --- 1. Deeply nested JSON -------------------------------------------------------------


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 1000, 100_000])
def test_deeply_nested_json_is_a_400_json_error(user, depth):
    anonymous = client_for().post("/api/rules/duel-odds/", nested(depth),
                                  content_type="application/json")
    assert anonymous.status_code == 400
    assert "nested" in anonymous.json()["detail"]
    player = client_for(user).post("/api/games/setups/", '{"size": ' + nested(depth) + "}",
                                   content_type="application/json")
    assert player.status_code == 400 and "nested" in player.json()["detail"]


def test_json_nested_within_the_bound_is_parsed():
    body = {"attacker": {"stat": 6}, "tn": 5, "x": json.loads(nested(MAX_DEPTH - 2))}
    assert client_for().post("/api/rules/duel-odds/", body, format="json").status_code == 200


def test_an_archive_or_pack_nested_too_deeply_is_refused_with_the_reason():
    from catalogue.importer import read_upload
    from exports.archive.format import ArchiveError
    from exports.archive.importer import read_document

    with pytest.raises(ArchiveError, match="nested"):
        read_document(nested(100_000))
    _, errors = read_upload(nested(100_000).encode())
    assert "nested" in str(errors[0].as_dict())


# --- 2. Body size ----------------------------------------------------------------------


@pytest.mark.parametrize("megabytes", [3, 30])
def test_a_json_body_over_the_cap_is_a_413_with_the_reason(settings, user, megabytes):
    body = '{"purpose": "' + "x" * (megabytes * 1024 * 1024) + '"}'
    response = client_for(user).post("/api/rules/flips/", body, content_type="application/json")
    assert response.status_code == 413
    assert "larger than 2.5 MB" in response.json()["detail"]


def test_a_form_body_over_the_cap_is_a_413_json_error(user):
    response = client_for(user).post("/api/rules/flips/", {"purpose": "x" * 3_000_000},
                                     format="multipart")
    # Multipart text fields count against Django's cap like urlencoded ones.
    assert response.status_code == 413
    assert "larger than" in response.json()["detail"]


def test_the_pack_import_takes_a_pack_as_large_as_an_upload(settings):
    from tests.factories import UserFactory

    staff = UserFactory(is_staff=True)
    document = {"format": 1, "pack": {"name": "Big", "slug": "big"},
                "models": [{"name": "x" * 1000}] * 3000}  # about 3 MB
    response = client_for(staff).post("/api/rules/packs/import/", document, format="json")
    assert response.status_code == 400  # the rows are refused, the size is not
    assert "errors" in response.json()


# --- 3. Long lists -----------------------------------------------------------------------


def test_a_long_list_is_refused_by_its_length_before_its_items():
    items = ["not-a-suit"] * 200_000
    started = time.perf_counter()
    response = client_for().post("/api/rules/duel-odds/",
                                 {"attacker": {"stat": 5}, "tn": 5, "required_suits": items},
                                 format="json")
    elapsed = time.perf_counter() - started
    assert response.status_code == 400
    assert response.json()["required_suits"] == [
        "Ensure this field has no more than 4 elements."]
    assert elapsed < 1.5


def test_a_long_id_list_is_refused_before_any_lookup(django_assert_max_num_queries, crew):
    client = client_for(crew.player)
    with django_assert_max_num_queries(12):
        response = client.post(f"/api/crews/{crew.pk}/new-hires/",
                               {"models": list(range(1, 100_000))}, format="json")
    assert response.status_code == 400
    assert "no more than" in response.json()["models"][0]


def test_a_long_map_is_refused_by_its_size(user):
    response = client_for(user).post("/api/games/1/hire/", {"models": [], "attach": {
        str(i): i for i in range(10_000)}}, format="json")
    assert response.status_code in (400, 404)  # no such game: 404 before any parsing


def test_bounded_fields_check_the_length_first():
    from rest_framework import serializers

    class Input(serializers.Serializer):
        words = fields.ListField(child=serializers.IntegerField(), max_length=3)
        table = fields.DictField(child=serializers.IntegerField(), max_length=2)

    data = Input(data={"words": ["x"] * 10, "table": {"a": "x", "b": "x", "c": "x"}})
    assert not data.is_valid()
    assert data.errors == {"words": ["Ensure this field has no more than 3 elements."],
                           "table": ["Ensure this field has no more than 2 entries."]}
    with pytest.raises(TypeError, match="max_length"):
        fields.PrimaryKeyRelatedField(queryset=Crew.objects.all(), many=True)


def test_every_list_an_api_input_accepts_has_a_length_limit(db):
    """Generated from the OpenAPI schema: every array (and map) reachable from a request
    body declares its limit, so an unbounded list added later fails here, named."""
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    components = schema["components"]["schemas"]
    unbounded: list[str] = []

    def walk(node, where, seen):
        if isinstance(node, list):
            for item in node:
                walk(item, where, seen)
            return
        if not isinstance(node, dict):
            return
        ref = node.get("$ref")
        if ref:
            name = ref.rsplit("/", 1)[-1]
            if name not in seen:
                walk(components[name], f"{where} > {name}", seen | {name})
            return
        if node.get("readOnly"):
            return
        if node.get("type") == "array" and "maxItems" not in node:
            unbounded.append(where)
        mapped = node.get("additionalProperties")  # {} is a free-form object (form fields)
        if isinstance(mapped, dict) and mapped and "maxProperties" not in node:
            unbounded.append(where + " (map)")
        for key, value in node.items():
            walk(value, f"{where}.{key}" if key == "properties" else where, seen)

    for path, item in schema["paths"].items():
        for method, operation in item.items():
            for media in operation.get("requestBody", {}).get("content", {}).values():
                walk(media.get("schema", {}), f"{method.upper()} {path}", frozenset())
    assert not unbounded, "Lists without a length limit:\n" + "\n".join(sorted(set(unbounded)))


def test_a_member_id_route_takes_digits_only(user):
    league = LeagueFactory()
    response = client_for(user).post(f"/api/leagues/{league.slug}/members/x1/decide/",
                                     {"approve": True}, format="json")
    assert response.status_code == 404


# --- Found by fuzzing ------------------------------------------------------------------


@pytest.mark.parametrize("url", ["/api/aftermaths/1/barter-answer/", "/api/games/1/hire/",
                                 "/api/crews/1/new-hires/", "/api/rules/duel-odds/",
                                 "/api/campaigns/"])
def test_options_on_any_operation_is_never_a_500(user, url):
    """OPTIONS /api/aftermaths/0/barter-answer/ as the demo player was a 500 (DRF described
    the input of a viewset without a serializer)."""
    for client in (client_for(), client_for(user)):
        response = client.options(url)
        assert response.status_code in (200, 404)
        if response.status_code == 200:
            assert "actions" not in response.json()


@pytest.mark.parametrize("code", ["²M", "1²M", "\u0661M", "²»"])
def test_a_card_value_in_other_digits_is_a_400(user, code):
    """POST /api/rules/flips/table/ with the card "²»" was a 500: "²" passed isdigit()
    and int() refused it. Only the digits 0-9 write a card value."""
    flip = client_for(user).post("/api/rules/flips/table/",
                                 {"purpose": "Initiative", "cards": [code]}, format="json")
    assert flip.status_code == 400 and "cards" in flip.json()
    odds = client_for().post("/api/rules/duel-odds/", {
        "attacker": {"stat": 5, "hand": [code]}, "tn": 5}, format="json")
    assert odds.status_code == 400


def _project_serializers() -> dict:
    """Serializer classes of the project's apps, by the name drf-spectacular gives them."""
    from rest_framework import serializers

    found, todo = {}, [serializers.BaseSerializer]
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        if not cls.__module__.startswith(("rest_framework", "drf_spectacular", "config")):
            found[cls.__name__.removesuffix("Serializer")] = cls
    return found


def test_every_input_list_checks_its_length_before_its_items(db):
    """Generated from the schema: every serializer a request body uses declares its lists
    and maps with config.fields (DRF's own ListField checks max_length after the items,
    and its many=True id fields never)."""
    from rest_framework import relations, serializers

    from tests.edges.routes import openapi_schema

    schema = openapi_schema()
    names = {ref.rsplit("/", 1)[-1] for item in schema["paths"].values()
             for operation in item.values() if isinstance(operation, dict)
             for ref in _refs(operation.get("requestBody", {}))}
    todo = set(names)
    while todo:  # and every component those bodies refer to, however deep
        found = {ref.rsplit("/", 1)[-1] for ref in _refs(
            schema["components"]["schemas"][todo.pop()])}
        todo |= found - names
        names |= found
    classes = _project_serializers()
    loose = []
    for name in sorted(names):
        cls = classes.get(name.removesuffix("Request").removeprefix("Patched"))
        if cls is None:
            continue
        for field_name, field in cls._declared_fields.items():
            if field.read_only:
                continue
            plain = (type(field) in (serializers.ListField, serializers.DictField)
                     or type(field) is relations.ManyRelatedField
                     or (isinstance(field, serializers.ListSerializer)
                         and field.max_length is None))
            if plain:
                loose.append(f"{cls.__module__}.{cls.__name__}.{field_name}")
    assert not loose, "Use config.fields (length first) for:\n" + "\n".join(loose)


def _refs(node) -> set[str]:
    if isinstance(node, dict):
        found = {node["$ref"]} if "$ref" in node else set()
        for value in node.values():
            found |= _refs(value)
        return found
    if isinstance(node, list):
        return set().union(*(_refs(v) for v in node)) if node else set()
    return set()


@pytest.mark.parametrize("attach", [{"u\x83\x0e": -61, "The book suggests ": 4101},
                                    {"1": 10**30}, {HUGE: 1}])
def test_hire_attachments_that_are_not_ids_are_a_400(attach):
    """POST /api/games/{id}/hire/ with these attachments (found by fuzzing) was a 500."""
    from tests.edges.world import build_world

    world = build_world()
    player = world.users["crew_player"]
    response = client_for(player).post(f"/api/games/{world.hiring_game.pk}/hire/",
                                       {"models": [], "attach": attach}, format="json")
    assert response.status_code == 400 and "attach" in response.json()
