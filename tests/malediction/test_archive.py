"""An event's archive exports and imports losslessly; missing references are listed."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from malediction.archive import ArchiveError, export_event, import_event
from malediction.models import Event
from malediction.result_form import ResultForm
from malediction.services import events, results, tracker, warbands
from tests.malediction.conftest import legal_band

pytestmark = pytest.mark.django_db


def _played(world, sample):
    for i in range(4):
        band = warbands.save_war_band(owner=world.players[i], name=f"B{i}",
                                      **legal_band(sample))
        warbands.submit_list(registration=world.regs[i], war_band=band,
                             actor=world.players[i])
    paired = events.pair_round(round=world.round1, actor=world.organizer, seed=3)
    first, second = paired.matches
    a0 = first.sides.get(key="a").seats.get().player
    tracker.add_entry(match=first, actor=a0, entry={"type": "mulligan", "player": 0})
    tracker.undo_last(match=first, actor=a0)
    results.report_result(match=first, actor=a0, form=ResultForm("a", 41, 30, 4, "threshold"))
    results.rule_result(match=second, actor=world.organizer,
                        form=ResultForm("b", 0, 5, 1, "no_show"), reason="absent")
    return world.event


def test_round_trip_is_lossless(world, sample):
    event = _played(world, sample)
    document = export_event(event)
    assert json.loads(json.dumps(document)) == document
    event.delete()
    again = import_event(document, league=world.league)
    assert export_event(again) == document


def test_missing_users_and_cards_are_listed_and_nothing_is_written(world, sample):
    document = export_event(_played(world, sample))
    document["registrations"][0]["player"] = "ghost"
    document["registrations"][1]["list"]["seeker"] = "nopack/nocard"
    with pytest.raises(ArchiveError) as exc:
        import_event(document, league=world.league)
    assert any("ghost" in p for p in exc.value.problems)
    assert any("nopack/nocard" in p for p in exc.value.problems)
    assert Event.objects.count() == 1


def test_pages_organizers_only(client, world, sample):
    event = _played(world, sample)
    url = reverse("malediction:event-archive", args=[event.pk])
    client.force_login(world.players[0])
    assert client.get(url).status_code == 403
    client.force_login(world.organizer)
    body = client.get(url).content
    upload = SimpleUploadedFile("e.json", body)
    done = client.post(reverse("malediction:event-import", args=[world.league.slug]),
                       {"file": upload})
    assert done.status_code == 302 and Event.objects.count() == 2
