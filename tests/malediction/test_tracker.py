"""The match tracker over the engine's match state: entries checked and stored, undo,
the end-of-round threshold check filling and reporting the result, the phone page."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from malediction.models import Match, TrackerEntry
from malediction.services import results, tracker, warbands
from malediction.services.common import MaledictionError
from malediction.services.matches import create_match
from rules.log_lines import translated
from tests.malediction.conftest import legal_band

pytestmark = pytest.mark.django_db


@pytest.fixture
def match(world, sample):
    for i in (0, 1):
        band = warbands.save_war_band(owner=world.players[i], name=f"B{i}",
                                      **legal_band(sample))
        warbands.submit_list(registration=world.regs[i], war_band=band,
                             actor=world.players[i])
        world.regs[i].refresh_from_db()
    return create_match(round=world.round1, sides=[[world.regs[0]], [world.regs[1]]],
                        table=1)


def test_a_match_tracked_to_the_threshold_fills_the_result(world, match):
    p0, p1 = world.players[0], world.players[1]
    start = tracker.state_of(match)
    assert [p.echo for p in start.players] == [4, 4]  # the Legacy's starting echo
    assert [p.hand for p in start.players] == [7, 7] and start.players[0].deck == 24
    add = lambda who, **e: tracker.add_entry(match=match, actor=who, entry=e)  # noqa: E731
    add(p0, type="setup_bid", bids={"0": 3, "1": 1})
    add(p0, type="setup_choice", choice="initiative")
    assert Match.objects.get(pk=match.pk).state == Match.State.IN_PLAY
    add(p0, type="deploy", player=0, name="Marrow Hound", cost=2)
    with pytest.raises(MaledictionError, match="echo"):
        add(p1, type="deploy", player=1, name="Charnel Colossus", cost=9)
    state = add(p1, type="deploy", player=1, name="Grave Archer", cost=3)
    assert [p.echo for p in state.players] == [2, 1]
    state = add(p0, type="defeat", unit="u2", by=0)
    assert state.mastery[0]["kills"] == 3  # the unit's cost
    state = add(p0, type="claim", player=0, unit="u1", relic=None, source="deck")
    assert state.side_mastery(0) == 13 and state.husks == 3  # +10 for the relic
    state = add(p0, type="end_round")
    assert state.phase == "between"  # 13 < 40: play on
    state = add(p1, type="refresh")
    assert state.round == 2 and state.players[0].echo == 2 + 4  # +2 x round 2
    add(p1, type="mastery", side=0, delta=30, note="card effect")
    state = add(p0, type="end_round")
    assert state.result.winner == 0 and state.result.win_type == "threshold"
    match.refresh_from_db()
    assert match.state == Match.State.REPORTED
    report = match.reports.get()
    assert (report.mastery_a, report.mastery_b, report.final_round) == (43, 0, 2)
    assert report.details["source"] == "tracker"
    assert report.details["facts"]["a"]["relics_claimed"] == 1
    with pytest.raises(MaledictionError, match="reported"):
        tracker.undo_last(match=match, actor=p0)
    results.confirm_result(match=match, actor=p1)
    a = Match.objects.get(pk=match.pk).sides.get(key="a")
    assert (a.final_mastery, a.kill_mastery, a.relics_claimed) == (43, 3, 1)
    assert TrackerEntry.objects.filter(match=match).count() == 10


def test_undo_marks_the_last_entry_and_replays(world, match):
    p0 = world.players[0]
    tracker.add_entry(match=match, actor=p0, entry={"type": "mulligan", "player": 0})
    assert tracker.state_of(match).players[0].hand == 6
    undone = tracker.undo_last(match=match, actor=p0)
    assert undone.undone and tracker.state_of(match).players[0].hand == 7
    with pytest.raises(MaledictionError, match="no entry"):
        tracker.undo_last(match=match, actor=p0)
    assert match.log.filter(text__contains="undid").exists()


def test_outsiders_cannot_enter(world, match):
    from django.core.exceptions import PermissionDenied

    with pytest.raises(PermissionDenied):
        tracker.add_entry(match=match, actor=world.players[2], entry={"type": "end_round"})


def test_the_phone_page_and_its_polled_panel(client, world, match):
    client.force_login(world.players[0])
    page = client.get(reverse("malediction:tracker", args=[match.pk]))
    assert page.status_code == 200 and b'hx-trigger="every 3s"' in page.content
    assert b"Setup bid" in page.content
    client.post(reverse("malediction:tracker-entry", args=[match.pk]),
                {"type": "setup_bid", "bid_0": "2", "bid_1": "4"})
    client.post(reverse("malediction:tracker-entry", args=[match.pk]),
                {"type": "setup_choice", "choice": "zone"})
    refused = client.post(reverse("malediction:tracker-entry", args=[match.pk]),
                          {"type": "deploy", "player": "0", "name": "X", "cost": "30"},
                          follow=True)
    assert b"echo" in refused.content
    panel = client.get(reverse("malediction:tracker-panel", args=[match.pk]))
    assert b"tracker-panel" in panel.content and b"playing" in panel.content
    client.post(reverse("malediction:tracker-undo", args=[match.pk]))
    assert TrackerEntry.objects.filter(match=match, undone=False).count() == 1


def test_the_event_log_reads_as_words_not_stored_keys(client, world, match):
    """Each entry by its name, its card and its players (issue 23: no internal keys),
    in English and in French, and an undo's history line names the entry too."""
    p0, p1 = world.players[0], world.players[1]
    add = lambda who, **e: tracker.add_entry(match=match, actor=who, entry=e)  # noqa: E731
    add(p0, type="setup_bid", bids={"0": 3, "1": 1})
    add(p0, type="setup_choice", choice="initiative")
    add(p0, type="deploy", player=0, name="Marrow Hound", cost=2)
    tracker.undo_last(match=match, actor=p0)
    client.force_login(p1)
    url = reverse("malediction:tracker", args=[match.pk])
    en = client.get(url).content.decode()
    log = en[en.index('id="tracker-log"'):]
    assert f"Deploy: Marrow Hound ({p0}, cost 2)" in log
    assert f"Setup bid (bids: {p0} 3, {p1} 1)" in log
    assert "Setup choice (choice: initiative)" in log
    assert "setup_bid" not in log and "{" not in log and "&#x27;type" not in log
    fr = client.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    log = fr[fr.index('id="tracker-log"'):]
    assert (f'Déploiement : <span lang="en">Marrow Hound</span> ({p0}, coût 2)' in log)
    assert f"Enchère de mise en place (enchères : {p0} 3, {p1} 1)" in log
    line = match.log.order_by("-id").values_list("text", flat=True).first()
    with translation.override("fr"):
        assert translated(line) == f"{p0} a annulé l\u2019entrée 3 du suivi (Déploiement)"
