"""Malediction pages: packs (browse, import, export) and war bands (builder, text, PDF)."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from malediction.models import CardPack, Kind, WarBand
from malediction.packs.sample import sample_document
from malediction.services import warbands as service
from tests.malediction.conftest import legal_band

pytestmark = pytest.mark.django_db


def test_pack_pages_browse_and_export(client, sample):
    page = client.get(reverse("malediction:packs"))
    assert page.status_code == 200 and b"Sample data" in page.content
    detail = client.get(reverse("malediction:pack", args=[sample.slug]))
    assert b"Vorna of the Red Thicket" in detail.content and b"Relic" in detail.content
    exported = client.get(reverse("malediction:pack-json", args=[sample.slug]))
    assert json.loads(exported.content)["pack"]["slug"] == sample.slug
    csv = client.get(reverse("malediction:pack-csv", args=[sample.slug]))
    assert csv.content.startswith(b"pack_name,")


def test_pack_import_page_lists_errors_and_permissions(client, world):
    url = reverse("malediction:pack-import")
    client.force_login(world.players[0])
    assert client.get(url).status_code == 403
    client.force_login(world.organizer)
    document = sample_document()
    document["cards"][2]["rank"] = "mythic"
    upload = SimpleUploadedFile("p.json", json.dumps(document).encode())
    page = client.post(url, {"file": upload})
    assert b"row 3, field &#x27;rank&#x27;" in page.content
    assert not CardPack.objects.exists()
    upload = SimpleUploadedFile("p.json", json.dumps(sample_document()).encode())
    assert client.post(url, {"file": upload}).status_code == 302
    assert CardPack.objects.get().cards.count() == len(sample_document()["cards"])


def test_pack_api_import_answers_400_with_rows(client, world):
    client.force_login(world.organizer)
    url = "/api/malediction/packs/import/"
    document = sample_document()
    document["cards"][0]["power"] = "x"
    answer = client.post(url, document, content_type="application/json")
    assert answer.status_code == 400
    assert answer.json()["errors"][0]["row"] == 1
    answer = client.post(url, sample_document(), content_type="application/json")
    assert answer.status_code == 201
    slug = answer.json()["pack"]["slug"]
    detail = client.get(f"/api/malediction/packs/{slug}/").json()
    assert len(detail["cards"]) == answer.json()["created"]
    client.force_login(world.players[0])
    assert client.post(url, sample_document(), content_type="application/json"
                       ).status_code == 403


def _builder_data(band, **extra):
    data = {"name": "Red", "seeker": band["seeker"].pk, "legacy": band["legacy"].pk,
            "terrain": band["terrain"].pk}
    data.update({f"deck-{c.pk}": n for c, n in band["deck"]})
    data.update(extra)
    return data


def test_builder_counts_as_cards_are_added_then_saves(client, sample, world):
    client.force_login(world.players[0])
    band = legal_band(sample)
    assert client.get(reverse("malediction:war-band-new")).status_code == 200
    one = band["deck"][0][0]
    preview = client.post(reverse("malediction:builder-preview"),
                          {"seeker": band["seeker"].pk, f"deck-{one.pk}": 2})
    assert b'id="deck-count">2<' in preview.content
    assert b"needs at least 30" in preview.content
    checked = client.post(reverse("malediction:war-band-new"),
                          _builder_data(band, action="check"))
    assert b"This war band is legal." in checked.content and not WarBand.objects.exists()
    bad = client.post(reverse("malediction:war-band-new"),
                      _builder_data(band, action="save", **{f"deck-{one.pk}": 4}))
    assert bad.status_code == 400 and b"at most 3" in bad.content
    assert not WarBand.objects.exists()
    saved = client.post(reverse("malediction:war-band-new"), _builder_data(band, action="save"))
    band_row = WarBand.objects.get()
    assert saved.status_code == 302 and band_row.owner == world.players[0]
    detail = client.get(band_row.get_absolute_url())
    assert b"Vorna of the Red Thicket" in detail.content
    text = client.get(reverse("malediction:war-band-text", args=[band_row.pk]))
    assert text.content.decode() == service.as_text(band_row)
    pdf = client.get(reverse("malediction:war-band-pdf", args=[band_row.pk]))
    assert pdf.content.startswith(b"%PDF")
    client.force_login(world.players[1])
    assert client.get(band_row.get_absolute_url()).status_code == 403


def test_text_import_page(client, sample, world):
    band = service.save_war_band(owner=world.players[0], name="Red", **legal_band(sample))
    client.force_login(world.players[1])
    url = reverse("malediction:war-band-import")
    bad = client.post(url, {"text": "Seeker: Nobody\n2 Ghost"})
    assert bad.status_code == 400 and b"no card named Nobody" in bad.content
    good = client.post(url, {"text": service.as_text(band), "name": "Copied"})
    assert good.status_code == 302
    assert WarBand.objects.filter(owner=world.players[1], name="Copied").exists()
    assert Kind.UNIT  # the sample's kinds are used above
