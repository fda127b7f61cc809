"""The archive round trip: export a campaign, import it, and nothing is lost."""

import json

import pytest
from django.contrib.auth import get_user_model

from campaign.models import Campaign
from encounters.models import Game
from exports.archive.exporter import export_campaign
from exports.archive.importer import import_campaign
from exports.builtin import archive_bytes
from league.models import League
from rules.models import FlipRecord
from tests.exports.snapshot import snapshot

pytestmark = pytest.mark.django_db


def normalised(document: dict) -> dict:
    """The document without its export time (archive ids are already positional)."""
    return {k: v for k, v in document.items() if k != "exported_at"}


def test_a_copy_under_a_new_league_slug_shows_the_same_campaign(full_campaign):
    campaign, _ = full_campaign
    before = snapshot(campaign)
    assert before["games"] and before["flips"] and any(c["bounties"] for c in before["crews"])
    assert before["nights"][0][6] and before["aftermaths"][0][7]  # pairings, steps
    run = before["resolve_runs"][0]  # an auto-resolved game with its replay's log
    assert run[2] == "done" and run[7]["events"] and run[11][3]["auto_resolved"]
    document = json.loads(archive_bytes(campaign, lambda pct: None)[2])

    copy = import_campaign(document, league_slug="copied-league")

    assert copy.pk != campaign.pk
    assert copy.league.slug == "copied-league"
    assert snapshot(copy) == {**before, "league": before["league"]}
    assert normalised(export_campaign(copy))["sections"].keys() == document["sections"].keys()
    again = normalised(json.loads(json.dumps(export_campaign(copy), default=str)))
    expected = normalised(document)
    expected["sections"]["league"][0]["slug"] = "copied-league"
    assert again == expected


def test_a_fresh_install_gets_inactive_people_and_identical_sheets(full_campaign):
    campaign, _ = full_campaign
    before = snapshot(campaign)
    document = json.loads(archive_bytes(campaign, lambda pct: None)[2])
    usernames = {u["username"] for u in document["users"]}
    Game.objects.filter(campaign=campaign).delete()  # sides protect crews and people
    League.objects.filter(pk=campaign.league_id).delete()
    FlipRecord.objects.all().delete()
    get_user_model().objects.filter(username__in=usernames).delete()
    assert not Campaign.objects.exists()

    copy = import_campaign(document)

    people = get_user_model().objects.filter(username__in=usernames)
    assert people.count() == len(usernames)
    assert not any(p.is_active or p.has_usable_password() for p in people)
    assert snapshot(copy) == before
    assert normalised(json.loads(json.dumps(export_campaign(copy), default=str))) == \
        normalised(document)


def test_the_export_reads_a_bounded_number_of_queries(full_campaign,
                                                       django_assert_max_num_queries):
    campaign, _ = full_campaign
    export_campaign(campaign)  # warms the content-type cache, as any running process has it
    with django_assert_max_num_queries(48):  # one query a section (two for auto-resolve)
        export_campaign(campaign)
