"""An event's archive document through the API: the organizers export it, a league's
organizers import it (all or nothing, the problems as field errors), outsiders may not."""

from __future__ import annotations

import json

import pytest
from rest_framework.test import APIClient

from league.models import Role
from malediction.archive import export_event
from malediction.models import Event, Registration
from tests.campaign.factories import LeagueFactory, member
from tests.malediction.test_archive import _played

pytestmark = pytest.mark.django_db

IMPORT = "/api/malediction/events/import/"


def as_user(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_round_trip_through_the_api_gives_an_equal_archive(world, sample):
    event = _played(world, sample)
    organizer = as_user(world.organizer)
    exported = organizer.get(f"/api/malediction/events/{event.pk}/archive/")
    assert exported.status_code == 200
    document = exported.json()
    event.refresh_from_db()  # the pairing moved it to running
    assert document == json.loads(json.dumps(export_event(event)))
    other = LeagueFactory(name="Other Club")
    member(other, Role.ORGANIZER, user=world.organizer)
    answer = organizer.post(IMPORT, {"league": other.slug, "archive": document},
                            format="json")
    assert answer.status_code == 201, answer.json()
    again = Event.objects.get(pk=answer.json()["event"])
    assert again.league == other and again.pk != event.pk
    assert answer.json()["url"] == again.get_absolute_url()
    copied = organizer.get(f"/api/malediction/events/{again.pk}/archive/").json()
    assert copied == {**document, "league": other.slug}


def test_a_bad_document_is_a_400_naming_the_problem_and_writes_nothing(world, sample):
    document = export_event(_played(world, sample))
    document["registrations"][0]["player"] = "ghost"
    document["registrations"][1]["list"]["seeker"] = "nopack/nocard"
    events_before, regs_before = Event.objects.count(), Registration.objects.count()
    answer = as_user(world.organizer).post(IMPORT, {"league": world.league.slug,
                                                    "archive": document}, format="json")
    assert answer.status_code == 400
    problems = answer.json()["archive"]
    assert any("ghost" in p for p in problems)
    assert any("nopack/nocard" in p for p in problems)
    assert (Event.objects.count(), Registration.objects.count()) == (events_before, regs_before)


@pytest.mark.parametrize("broken", [
    {"format": "something-else/9"},
    {"teams": "not a list"},
    {"rounds": [{"number": 1}]},  # a round without its date: malformed, not a 500
])
def test_a_malformed_document_is_a_400_with_field_errors(world, sample, broken):
    document = {**export_event(_played(world, sample)), **broken}
    before = Event.objects.count()
    answer = as_user(world.organizer).post(IMPORT, {"league": world.league.slug,
                                                    "archive": document}, format="json")
    assert answer.status_code == 400
    assert "archive" in answer.json()
    assert Event.objects.count() == before


def test_an_unknown_league_is_a_field_error_for_an_organizer(world):
    answer = as_user(world.organizer).post(IMPORT, {"league": "nowhere", "archive": {}},
                                           format="json")
    assert answer.status_code == 400 and "league" in answer.json()


def test_outsiders_and_players_are_refused_before_the_body_is_read(world, sample):
    event = _played(world, sample)
    document = export_event(event)
    for user in (world.outsider, world.players[0]):
        client = as_user(user)
        assert client.get(f"/api/malediction/events/{event.pk}/archive/").status_code == 403
        for body in ({"league": world.league.slug, "archive": document},
                     {"league": world.league.slug, "archive": "junk"}, {"league": "nowhere"}):
            answer = client.post(IMPORT, body, format="json")
            assert answer.status_code == 403 and "archive" not in answer.json()
    assert APIClient().post(IMPORT, {"league": world.league.slug}, format="json") \
        .status_code == 403
    assert Event.objects.count() == 1


def test_an_organizer_of_another_league_cannot_import_here(world, sample):
    elsewhere = member(LeagueFactory(name="Elsewhere"), Role.ORGANIZER)
    document = export_event(_played(world, sample))
    answer = as_user(elsewhere).post(IMPORT, {"league": world.league.slug,
                                              "archive": document}, format="json")
    assert answer.status_code == 403
    assert Event.objects.count() == 1
