"""Catalogue pages: browse and filter, a card's page, packs with export and import,
the sample-data label, import permissions, bounded queries, and the admin."""

from __future__ import annotations

import io
import json
import zipfile

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test.utils import CaptureQueriesContext

from catalogue.exporter import export_pack_json, export_pack_zip
from catalogue.importer import import_pack
from catalogue.models import ContentPack, ModelCard
from catalogue.sample import load_sample_pack
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
BROWSE = "/rules/catalogue/"
IMPORT = "/rules/catalogue/packs/import/"


def html_of(response) -> str:
    assert response.status_code == 200, response.status_code
    return response.content.decode()


@pytest.fixture
def cards():
    guild = ContentPackFactory(name="Guild Pack", slug="guild-pack")
    return {
        "marshal": ModelCardFactory(
            pack=guild, name="Iron Marshal", station="master", cost=None, cache=3
        ),
        "hound": ModelCardFactory(pack=guild, name="Lamp Hound", station="enforcer", cost=8),
        "weaver": ModelCardFactory(
            name="Dream Weaver", station="henchman", cost=0, cache=2, factions=["neverborn"]
        ),
    }


# --- Browse ---------------------------------------------------------------------------


def test_browse_lists_every_card_with_a_filter_form(client, cards):
    html = html_of(client.get(BROWSE))
    assert 'id="catalogue-filters"' in html and "hx-get" in html
    for card in cards.values():
        assert card.name in html
    assert "3 models" in html


@pytest.mark.parametrize(
    ("query", "shown", "hidden"),
    [
        ("pack=guild-pack", ["Iron Marshal", "Lamp Hound"], ["Dream Weaver"]),
        ("faction=neverborn", ["Dream Weaver"], ["Iron Marshal", "Lamp Hound"]),
        ("station=enforcer", ["Lamp Hound"], ["Iron Marshal", "Dream Weaver"]),
        ("q=marsh", ["Iron Marshal"], ["Lamp Hound", "Dream Weaver"]),
        ("pack=guild-pack&station=master", ["Iron Marshal"], ["Lamp Hound", "Dream Weaver"]),
    ],
)
def test_browse_filters_by_pack_faction_station_and_search(client, cards, query, shown, hidden):
    html = html_of(client.get(f"{BROWSE}?{query}"))
    for name in shown:
        assert name in html
    for name in hidden:
        assert name not in html


def test_htmx_filtering_swaps_only_the_results(client, cards):
    html = html_of(client.get(f"{BROWSE}?station=master", HTTP_HX_REQUEST="true"))
    assert "<html" not in html and 'id="catalogue-filters"' not in html
    assert "Iron Marshal" in html and "Lamp Hound" not in html


def test_bad_filter_values_show_a_message_not_a_500(client, cards):
    html = html_of(client.get(f"{BROWSE}?station=wizard&pack=nope&faction=pirates"))
    assert "Select a valid choice" in html
    assert "Iron Marshal" in html  # an invalid filter is ignored, the rest still apply


def test_browse_paginates(client):
    pack = ContentPackFactory()
    for n in range(55):
        ModelCardFactory(pack=pack, name=f"Card {n:02d}")
    first = html_of(client.get(BROWSE))
    assert "Card 00" in first and "Card 50" not in first and "Page 1 of 2" in first
    second = html_of(client.get(f"{BROWSE}?page=2"))
    assert "Card 50" in second and "Card 00" not in second


# --- A card's page --------------------------------------------------------------------


def test_model_page_shows_stats_characteristics_talents_and_upgrades(client):
    pack = ContentPackFactory()
    card = ModelCardFactory(
        pack=pack, name="Iron Marshal", station="master", cost=None, cache=3, wd=12,
        characteristics=["Living", "Veteran"], rare=None, is_unique=True,
    )  # fmt: skip
    fits = UpgradeCardFactory(pack=pack, name="Marshal Badge", factions=["guild"], limited=True)
    UpgradeCardFactory(pack=pack, name="Any Charm")
    UpgradeCardFactory(pack=pack, name="Weaver Thread", factions=["neverborn"])
    UpgradeCardFactory(pack=pack, name="Other Name Only", model_name="Somebody Else")
    UpgradeCardFactory(pack=pack, name="Enforcer Drill", stations=["enforcer"])
    html = html_of(client.get(f"/rules/catalogue/packs/{pack.slug}/models/{card.slug}/"))
    assert 'id="statline"' in html and "<td>12</td>" in html
    assert "Veteran" in html and "Unique" in html and "Master" in html
    assert "Test Grit" in html  # ability
    assert "Test Swing" in html and "Ml 5" in html and "Damage 2/3/4" in html
    assert "Rams: Test Push" in html  # trigger
    assert fits.name in html and "Any Charm" in html
    for excluded in ("Weaver Thread", "Other Name Only", "Enforcer Drill"):
        assert excluded not in html
    assert "Sample data" not in html


def test_minions_take_no_upgrades(client):
    card = ModelCardFactory(name="Plain Minion")
    UpgradeCardFactory(pack=card.pack, name="Any Charm")
    html = html_of(client.get(f"/rules/catalogue/packs/{card.pack.slug}/models/{card.slug}/"))
    assert "may not take Upgrades" in html and "Any Charm" not in html


def test_unknown_card_is_a_404(client):
    assert client.get("/rules/catalogue/packs/nope/models/nope/").status_code == 404


def test_every_page_showing_sample_cards_says_sample_data(client):
    pack = load_sample_pack().pack
    card = pack.models.get(slug="sample-guild-marshal")
    pages = [
        BROWSE,
        f"{BROWSE}?faction=guild",
        f"/rules/catalogue/packs/{pack.slug}/models/{card.slug}/",
        "/rules/catalogue/packs/",
        f"/rules/catalogue/packs/{pack.slug}/",
    ]
    for url in pages:
        html = html_of(client.get(url))
        assert 'class="sample-label"' in html and "Sample data" in html, url
    own = ModelCardFactory(name="Real Card")
    html = html_of(client.get(f"/rules/catalogue/packs/{own.pack.slug}/models/{own.slug}/"))
    assert "Sample data" not in html


# --- Packs, export --------------------------------------------------------------------


def test_pack_pages_list_cards_and_export_links(client, cards):
    UpgradeCardFactory(pack=cards["marshal"].pack, name="Marshal Badge", rare=1)
    html = html_of(client.get("/rules/catalogue/packs/"))
    assert "Guild Pack" in html and "/rules/catalogue/packs/guild-pack/export.json" in html
    html = html_of(client.get("/rules/catalogue/packs/guild-pack/"))
    assert "Iron Marshal" in html and "Marshal Badge" in html and "Rare 1" in html
    assert "export.json" in html and "export.zip" in html
    assert 'id="pack-import-form"' not in html  # not for anonymous visitors


def test_export_downloads_json_and_a_csv_zip(client, cards):
    pack = ContentPack.objects.get(slug="guild-pack")
    response = client.get("/rules/catalogue/packs/guild-pack/export.json")
    assert response["Content-Type"] == "application/json"
    assert 'filename="guild-pack.json"' in response["Content-Disposition"]
    assert json.loads(response.content) == export_pack_json(pack)
    response = client.get("/rules/catalogue/packs/guild-pack/export.zip")
    assert response["Content-Type"] == "application/zip"
    names = zipfile.ZipFile(io.BytesIO(response.content)).namelist()
    assert sorted(names) == ["models.csv", "pack.csv", "upgrades.csv"]
    assert client.get("/rules/catalogue/packs/nope/export.json").status_code == 404


# --- Import ---------------------------------------------------------------------------


def upload(document, name="pack.json") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, json.dumps(document).encode(), "application/json")


def test_import_is_forbidden_to_visitors_and_plain_players(client):
    assert client.get(IMPORT).status_code == 403
    assert client.post(IMPORT, {"file": upload(pack_document())}).status_code == 403
    client.force_login(UserFactory())
    assert client.get(IMPORT).status_code == 403
    assert client.post(IMPORT, {"file": upload(pack_document())}).status_code == 403
    assert not ContentPack.objects.exists()


@pytest.mark.parametrize("who", ["staff", "organizer"])
def test_staff_and_organizers_may_import(client, who):
    user = UserFactory(is_staff=True) if who == "staff" else organizer()
    client.force_login(user)
    assert 'id="pack-import-form"' in html_of(client.get(IMPORT))
    assert 'id="pack-import-form"' in html_of(client.get("/rules/catalogue/packs/"))
    response = client.post(IMPORT, {"file": upload(pack_document())}, follow=True)
    html = html_of(response)
    assert response.redirect_chain[-1][0] == "/rules/catalogue/packs/doc-pack/"
    assert "Created Doc Pack: 1 models, 1 upgrades." in html
    assert ModelCard.objects.filter(pack__slug="doc-pack").count() == 1


def test_import_errors_are_listed_in_the_page_and_nothing_is_imported(client):
    client.force_login(organizer())
    bad = pack_document(models=[model_row(), model_row(name="Second", station="wizard")])
    html = html_of(client.post(IMPORT, {"file": upload(bad)}))
    assert 'id="import-errors"' in html
    assert "models row 2, field &#x27;station&#x27;: &#x27;wizard&#x27; is not a station" in html
    assert "Nothing was imported: 1 problem found." in html
    assert not ContentPack.objects.exists()


def test_import_of_a_csv_zip_with_replace(client):
    client.force_login(UserFactory(is_staff=True))
    import_pack(pack_document())
    pack = ContentPack.objects.get()
    data = export_pack_zip(pack)
    refused = html_of(client.post(IMPORT, {"file": SimpleUploadedFile("p.zip", data)}))
    assert "already exists: import with replace" in refused
    response = client.post(IMPORT, {"file": SimpleUploadedFile("p.zip", data), "replace": "on"})
    assert response.status_code == 302
    assert ModelCard.objects.count() == 1


def test_import_of_garbage_is_a_message_not_a_500(client):
    client.force_login(UserFactory(is_staff=True))
    html = html_of(client.post(IMPORT, {"file": SimpleUploadedFile("x.json", b"{oops")}))
    assert "file: is not valid JSON" in html
    html = html_of(client.post(IMPORT, {}))
    assert "This field is required" in html


# --- Bounded queries ------------------------------------------------------------------


def count_queries(client, url) -> int:
    with CaptureQueriesContext(connection) as context:
        assert client.get(url).status_code == 200
    return len(context.captured_queries)


def test_list_pages_use_a_fixed_number_of_queries(client):
    pack = ContentPackFactory(slug="big")
    card = ModelCardFactory(pack=pack, station="master", cost=None, cache=3)
    ModelCardFactory(pack=pack)  # so the filtered list is not empty either
    UpgradeCardFactory(pack=pack)
    urls = [
        BROWSE,
        f"{BROWSE}?faction=guild&station=minion&pack=big",
        "/rules/catalogue/packs/",
        "/rules/catalogue/packs/big/",
        f"/rules/catalogue/packs/big/models/{card.slug}/",
    ]
    few = [count_queries(client, url) for url in urls]
    for n in range(40):
        ModelCardFactory(pack=pack, factions=["guild", "outcasts"], name=f"Extra {n}")
        UpgradeCardFactory(pack=pack, factions=["guild"], name=f"Extra Upgrade {n}")
    many = [count_queries(client, url) for url in urls]
    assert many == few
    assert max(many) <= 8


# --- Admin ----------------------------------------------------------------------------


@pytest.fixture
def admin_client(client):
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    return client


def test_admin_lists_filter_and_search_cards(admin_client, cards):
    for url in (
        "/admin/catalogue/modelcard/?station__exact=master",
        "/admin/catalogue/modelcard/?q=Hound",
        "/admin/catalogue/upgradecard/",
        "/admin/catalogue/contentpack/",
        f"/admin/catalogue/contentpack/{cards['marshal'].pack.pk}/change/",
    ):
        assert admin_client.get(url).status_code == 200, url
    html = admin_client.get("/admin/catalogue/modelcard/?station__exact=master").content.decode()
    assert "Iron Marshal" in html and "Lamp Hound" not in html


def test_admin_action_exports_a_pack_as_json(admin_client, cards):
    pack = cards["marshal"].pack
    response = admin_client.post(
        "/admin/catalogue/contentpack/",
        {"action": "export_packs_as_json", "_selected_action": [pack.pk]},
    )
    assert response["Content-Type"] == "application/json"
    assert json.loads(response.content) == export_pack_json(pack)
    both = [p.pk for p in ContentPack.objects.all()]
    response = admin_client.post(
        "/admin/catalogue/contentpack/",
        {"action": "export_packs_as_json", "_selected_action": both},
    )
    assert len(zipfile.ZipFile(io.BytesIO(response.content)).namelist()) == 2


def test_admin_form_applies_the_pack_rules(admin_client, cards):
    card = cards["hound"]
    url = f"/admin/catalogue/modelcard/{card.pk}/change/"
    data = {
        "pack": card.pack.pk, "name": card.name, "slug": card.slug, "factions": [],
        "station": "master", "characteristics": '["Living"]', "cost": "8", "cache": "",
        "wk": 5, "cg": 6, "ht": 2, "wp": 5, "df": 5, "wd": 6, "base_size": 30,
        "abilities": "[]", "actions": '[{"name": "Bite", "damage": "2-3"}]',
    }  # fmt: skip
    html = admin_client.post(url, data).content.decode()
    assert "a Master is never hired for Soulstones" in html
    assert "weak/moderate/severe" in html
    card.refresh_from_db()
    assert card.station == "enforcer"
    data.update(station="enforcer", actions='[{"name": "Bite", "damage": " 2/3/4 "}]')
    data["factions"] = [card.factions.get().pk]
    assert admin_client.post(url, data).status_code == 302
    card.refresh_from_db()
    assert card.actions == [{"name": "Bite", "damage": "2/3/4"}]


def test_admin_form_refuses_a_second_card_of_the_same_name_in_a_pack(admin_client, cards):
    marshal = cards["marshal"]
    data = {
        "pack": marshal.pack.pk, "name": "iron marshal", "slug": "second-marshal",
        "factions": [marshal.factions.get().pk], "station": "minion", "characteristics": "[]",
        "cost": "5", "cache": "", "wk": 5, "cg": "", "ht": 2, "wp": 5, "df": 5, "wd": 6,
        "base_size": 30, "abilities": "[]", "actions": "[]",
    }  # fmt: skip
    html = admin_client.post("/admin/catalogue/modelcard/add/", data).content.decode()
    assert "already has a card named" in html
    assert ModelCard.objects.filter(slug="second-marshal").count() == 0
