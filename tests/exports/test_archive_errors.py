"""Bad archives are refused with a clear reason, and nothing is written."""

import copy
import json

import pytest
from django.apps import apps
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from exports.archive.format import ArchiveError
from exports.archive.importer import import_campaign, read_document
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def row_counts() -> dict[str, int]:
    return {m._meta.label: m.objects.count() for m in apps.get_models()
            if m._meta.app_label in ("accounts", "league", "campaign", "encounters", "rules")}


def refused(document, match: str, **options) -> None:
    before = row_counts()
    with pytest.raises(ArchiveError, match=match):
        import_campaign(document, **options)
    assert row_counts() == before


def test_malformed_json_and_non_archives_are_refused():
    with pytest.raises(ArchiveError, match="not a JSON document"):
        read_document(b'{"format": "malifaux-campaign-archive", ')
    with pytest.raises(ArchiveError, match="not an archive"):
        read_document(b"[1, 2]")
    refused({"format": "something-else", "version": 1}, "not a campaign archive")


def test_another_version_is_refused(archive):
    refused({**archive, "version": 2}, "version 2 is not supported")


def test_sections_from_a_newer_install_are_refused(archive):
    sections = {**archive["sections"], "moon_phases": []}
    refused({**archive, "sections": sections}, "moon_phases")


def test_missing_catalogue_cards_are_named(archive):
    document = copy.deepcopy(archive)
    document["sections"]["arsenal_models"][0]["card"] = ["test-pack", "no-such-card"]
    document["sections"]["arsenal_upgrades"][0]["card"] = ["lost-pack", "lost-upgrade"]
    refused(document, r"test-pack/no-such-card.*lost-pack/lost-upgrade|"
                      r"lost-pack/lost-upgrade.*test-pack/no-such-card",
            league_slug="elsewhere")


def test_a_taken_league_slug_is_refused(archive):
    refused(archive, "already exists")


def test_a_broken_pointer_late_in_the_archive_leaves_nothing_behind(archive):
    document = copy.deepcopy(archive)
    document["sections"]["result_reports"][-1]["game"] = 999
    UserFactory(username="someone-else")
    usernames = {u["username"] for u in document["users"]}
    document["users"].append({"username": "brand-new", "display_name": "New"})
    assert "brand-new" not in usernames
    refused(document, "games record 999", league_slug="elsewhere")


def test_a_bad_value_is_named_with_its_section(archive):
    document = copy.deepcopy(archive)
    document["sections"]["games"][0]["state"] = "exploded"
    refused(document, "games.*state.*'exploded'", league_slug="elsewhere")


def test_the_api_answers_400_and_writes_nothing(api_client, archive):
    staff = UserFactory(is_staff=True)
    api_client.force_authenticate(staff)
    before = row_counts()
    url = reverse("archive-import")
    cases = [
        (b"not json", "not a JSON document"),
        (json.dumps({**archive, "version": 99}).encode(), "version 99"),
    ]
    broken = copy.deepcopy(archive)
    broken["sections"]["arsenal_models"][0]["card"] = ["test-pack", "no-such-card"]
    cases.append((json.dumps(broken).encode(), "no-such-card"))
    for body, message in cases:
        upload = SimpleUploadedFile("archive.json", body, content_type="application/json")
        response = api_client.post(url, {"file": upload, "league_slug": "x"}, format="multipart")
        assert response.status_code == 400, response.content
        assert message in response.json()["file"][0]
    assert row_counts() == before


def test_the_import_page_shows_the_reason_and_writes_nothing(client, archive):
    client.force_login(UserFactory(is_staff=True))
    before = row_counts()
    upload = SimpleUploadedFile("archive.json", json.dumps({**archive, "version": 7}).encode())
    response = client.post(reverse("exports:import"), {"file": upload})
    assert response.status_code == 400
    assert "version 7 is not supported" in response.content.decode()
    assert row_counts() == before


def test_staff_import_an_archive_from_the_page(client, archive):
    client.force_login(UserFactory(is_staff=True))
    upload = SimpleUploadedFile("archive.json", json.dumps(archive).encode())
    response = client.post(reverse("exports:import"), {"file": upload, "league_slug": "again"})
    assert response.status_code == 302
    from campaign.models import Campaign

    assert Campaign.objects.filter(league__slug="again").count() == 1


def test_only_staff_import(client, api_client, archive):
    client.force_login(UserFactory())
    assert client.get(reverse("exports:import")).status_code == 302  # to the admin login
    api_client.force_authenticate(UserFactory())
    upload = SimpleUploadedFile("archive.json", json.dumps(archive).encode())
    assert api_client.post(reverse("archive-import"), {"file": upload},
                           format="multipart").status_code == 403
