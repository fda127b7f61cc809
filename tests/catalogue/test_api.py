"""Catalogue API under /api/rules/: cards and packs (read-only, filtered, paginated,
prefetched), pack export, and pack import (managers only, 400 with row errors)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from catalogue.exporter import export_pack_json
from catalogue.importer import import_pack
from catalogue.models import ContentPack, ModelCard
from tests.catalogue.factories import (
    ContentPackFactory,
    ModelCardFactory,
    UpgradeCardFactory,
    model_row,
    organizer,
    pack_document,
)
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
MODELS, UPGRADES, PACKS = "/api/rules/models/", "/api/rules/upgrades/", "/api/rules/packs/"
IMPORT = "/api/rules/packs/import/"


def names(response) -> list[str]:
    assert response.status_code == 200, response.content
    return sorted(row["name"] for row in response.json()["results"])


@pytest.fixture
def catalogue():
    guild = ContentPackFactory(name="Guild Pack", slug="guild-pack", is_sample=True)
    ModelCardFactory(pack=guild, name="Iron Marshal", station="master", cost=None, cache=3)
    ModelCardFactory(pack=guild, name="Lamp Hound", station="enforcer", cost=8)
    ModelCardFactory(
        name="Dream Weaver", station="henchman", cost=0, cache=2, factions=["neverborn"]
    )
    UpgradeCardFactory(pack=guild, name="Badge", factions=["guild"], stations=["master"])
    UpgradeCardFactory(pack=guild, name="Charm")  # any faction, any station
    UpgradeCardFactory(name="Thread", factions=["neverborn"], stations=["henchman", "enforcer"])
    return guild


def test_model_list_is_paginated_and_carries_the_card(api_client, catalogue):
    response = api_client.get(MODELS)
    body = response.json()
    assert body["count"] == 3 and {"next", "previous", "results"} <= set(body)
    marshal = next(row for row in body["results"] if row["name"] == "Iron Marshal")
    assert marshal["pack"] == "guild-pack" and marshal["sample_data"] is True
    assert marshal["factions"] == ["guild"] and marshal["cost"] is None and marshal["cache"] == 3
    assert marshal["upgrade_slots"] == 3 and marshal["can_use_soulstones"] is True
    assert marshal["actions"][0]["triggers"][0]["suits"] == ["rams"]
    detail = api_client.get(f"{MODELS}{marshal['id']}/").json()
    assert detail == marshal


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("pack=guild-pack", ["Iron Marshal", "Lamp Hound"]),
        ("faction=neverborn", ["Dream Weaver"]),
        ("station=enforcer", ["Lamp Hound"]),
        ("search=iron", ["Iron Marshal"]),
        ("pack=guild-pack&station=henchman", []),
    ],
)
def test_model_filters(api_client, catalogue, query, expected):
    assert names(api_client.get(f"{MODELS}?{query}")) == expected


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("faction=guild", ["Badge", "Charm"]),  # any-faction upgrades serve every faction
        ("faction=neverborn", ["Charm", "Thread"]),
        ("station=master", ["Badge", "Charm"]),
        ("station=enforcer", ["Charm", "Thread"]),
        ("station=minion", []),
        ("pack=guild-pack", ["Badge", "Charm"]),
    ],
)
def test_upgrade_filters(api_client, catalogue, query, expected):
    assert names(api_client.get(f"{UPGRADES}?{query}")) == expected


@pytest.mark.parametrize(
    ("query", "field"),
    [("station=wizard", "station"), ("faction=pirates", "faction"), ("pack=a%20b", "pack")],
)
def test_bad_filters_are_400s_with_field_messages(api_client, catalogue, query, field):
    response = api_client.get(f"{MODELS}?{query}")
    assert response.status_code == 400
    assert field in response.json()


def test_packs_list_detail_and_export(api_client, catalogue):
    body = api_client.get(PACKS).json()
    guild = next(row for row in body["results"] if row["slug"] == "guild-pack")
    assert guild["model_count"] == 2 and guild["upgrade_count"] == 2 and guild["is_sample"]
    assert api_client.get(f"{PACKS}guild-pack/").json()["name"] == "Guild Pack"
    exported = api_client.get(f"{PACKS}guild-pack/export/")
    assert exported.status_code == 200
    assert exported.json() == export_pack_json(catalogue)
    assert api_client.get(f"{PACKS}nope/export/").status_code == 404


def test_catalogue_is_read_only(api_client, catalogue):
    api_client.force_authenticate(UserFactory(is_staff=True))
    assert api_client.post(MODELS, {}, format="json").status_code == 405
    assert api_client.delete(f"{PACKS}guild-pack/").status_code == 405


# --- Import ---------------------------------------------------------------------------


def test_import_needs_a_content_manager(api_client):
    assert api_client.post(IMPORT, pack_document(), format="json").status_code == 403
    api_client.force_authenticate(UserFactory())
    response = api_client.post(IMPORT, pack_document(), format="json")
    assert response.status_code == 403
    assert "organizers" in response.json()["detail"]
    assert not ContentPack.objects.exists()


@pytest.mark.parametrize("who", ["staff", "organizer"])
def test_managers_import_a_pack(api_client, who):
    api_client.force_authenticate(UserFactory(is_staff=True) if who == "staff" else organizer())
    response = api_client.post(IMPORT, pack_document(), format="json")
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["created"] is True and body["models"] == 1 and body["upgrades"] == 1
    assert body["pack"]["slug"] == "doc-pack" and body["pack"]["model_count"] == 1


def test_invalid_rows_are_a_400_listing_each_and_nothing_is_imported(api_client):
    api_client.force_authenticate(UserFactory(is_staff=True))
    bad = pack_document(models=[model_row(), model_row(name="Two", station="wizard", wk=-1)])
    response = api_client.post(IMPORT, bad, format="json")
    assert response.status_code == 400
    body = response.json()
    assert body["detail"] == "Nothing was imported: 2 problems found."
    assert [(e["section"], e["row"], e["field"]) for e in body["errors"]] == [
        ("models", 2, "station"),
        ("models", 2, "wk"),
    ]
    assert body["errors"][0]["text"].startswith("models row 2, field 'station': 'wizard'")
    assert not ContentPack.objects.exists()


def test_replace_is_asked_for_with_a_query_parameter(api_client):
    api_client.force_authenticate(UserFactory(is_staff=True))
    import_pack(pack_document())
    changed = pack_document(models=[model_row(cost=7)])
    refused = api_client.post(IMPORT, changed, format="json")
    assert refused.status_code == 400 and refused.json()["errors"][0]["field"] == "slug"
    response = api_client.post(f"{IMPORT}?replace=true", changed, format="json")
    assert response.status_code == 201 and response.json()["created"] is False
    assert ModelCard.objects.get().cost == 7
    assert api_client.post(f"{IMPORT}?replace=perhaps", changed, format="json").status_code == 400


@pytest.mark.parametrize(
    ("body", "content_type"),
    [("[1, 2]", "application/json"), ('"text"', "application/json"), ("{oops", "application/json")],
)
def test_malformed_bodies_are_400s(api_client, body, content_type):
    api_client.force_authenticate(UserFactory(is_staff=True))
    response = api_client.post(IMPORT, body, content_type=content_type)
    assert response.status_code == 400


def test_import_takes_json_only(api_client):
    api_client.force_authenticate(UserFactory(is_staff=True))
    response = api_client.post(IMPORT, {"pack": "x"}, format="multipart")
    assert response.status_code == 415


# --- Bounded queries ------------------------------------------------------------------


def count_queries(api_client, url) -> int:
    with CaptureQueriesContext(connection) as context:
        assert api_client.get(url).status_code == 200
    return len(context.captured_queries)


def test_list_endpoints_use_a_fixed_number_of_queries(api_client, catalogue):
    urls = [MODELS, f"{MODELS}?faction=guild", UPGRADES, f"{UPGRADES}?faction=guild", PACKS]
    few = [count_queries(api_client, url) for url in urls]
    for n in range(30):
        ModelCardFactory(pack=catalogue, name=f"Extra {n}", factions=["guild", "outcasts"])
        UpgradeCardFactory(pack=catalogue, name=f"Extra Upgrade {n}", factions=["guild"])
    assert [count_queries(api_client, url) for url in urls] == few
    assert max(few) <= 4


def test_schema_documents_the_catalogue(api_client):
    schema = api_client.get("/api/schema/?format=json").json()
    for path in (MODELS, UPGRADES, PACKS, IMPORT, "/api/rules/packs/{slug}/export/"):
        assert path in schema["paths"], path
    import_op = schema["paths"][IMPORT]["post"]
    assert {"201", "400", "403"} <= set(import_op["responses"])
