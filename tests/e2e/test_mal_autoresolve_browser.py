"""Malediction auto-resolve in headless Chromium: the organizer allows it on the event,
both players ask from the match page, the replay plays on the SVG table, both confirm
the simulated result and the event's standings move."""

from __future__ import annotations

import datetime as dt
from types import SimpleNamespace

import pytest
from django.utils import timezone

from autoresolve.models import MalEventSetting, MalResolveRun
from league.models import Role
from malediction.models import Event, Match, Registration, Round
from malediction.packs.sample import load_sample_pack
from malediction.standings import build
from tests.autoresolve.mal_fixtures import ready_match
from tests.campaign.factories import LeagueFactory, member
from tests.e2e.test_tracker_browser import phone_for
from tests.factories import UserFactory

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _world():
    league = LeagueFactory(name="Ashen Reach Club", is_public=True)
    organizer = member(league, Role.ORGANIZER)
    players = [member(league, Role.PLAYER) for _ in range(2)]
    event = Event.objects.create(league=league, name="Relic Night",
                                 list_deadline=timezone.now() + dt.timedelta(days=2),
                                 created_by=organizer)
    regs = [Registration.objects.create(event=event, player=p, checked_in=True)
            for p in players]
    round1 = Round.objects.create(event=event, number=1, date=dt.date(2026, 12, 1))
    return SimpleNamespace(league=league, organizer=organizer, players=players, event=event,
                           regs=regs, round1=round1, outsider=UserFactory())


def test_two_players_auto_resolve_watch_the_replay_and_confirm(browser, live_server):
    world = _world()
    match = ready_match(world, load_sample_pack().pack, setting="never")
    wins_before = sum(r.wins for r in build(world.event).rows)

    _, boss = phone_for(browser, live_server, world.organizer)
    boss.goto(world.event.get_absolute_url())
    boss.select_option("#mal-setting select[name=auto_resolve]", "both_players")
    with boss.expect_navigation():
        boss.click("#mal-setting button[type=submit]")
    assert MalEventSetting.objects.get(event=world.event).auto_resolve == "both_players"

    _, a = phone_for(browser, live_server, world.players[0])
    a.goto(match.get_absolute_url())
    with a.expect_navigation():
        a.click("#mal-ask")
    a.wait_for_selector("#mal-run-status")

    _, b = phone_for(browser, live_server, world.players[1])
    b.goto(match.get_absolute_url())
    with b.expect_navigation():
        b.click("#mal-ask")
    b.wait_for_selector("#mal-replay-link")  # eager Celery: played once the ask committed
    run = MalResolveRun.objects.get(match=match)
    assert run.status == "done"

    b.click("#mal-replay-link")
    b.wait_for_selector("#replay:not([hidden]) #replay-board rect.terrain")
    first = b.inner_text("#replay-position")
    b.click("#replay-next")
    assert b.inner_text("#replay-position") != first
    b.click("#replay-play")
    b.wait_for_selector('#replay-position:text-matches("^([4-9]|[1-9][0-9]+)/")')
    assert b.inner_text("#replay-title")
    b.wait_for_selector("#replay-board circle.model")  # units on the table as it plays
    assert b.locator("#replay-log h3").count() >= 2
    assert b.locator("#not-modelled").count() == 1

    for phone in (a, b):
        phone.goto(match.get_absolute_url())
        with phone.expect_navigation():
            phone.click("#mal-confirm")
    match.refresh_from_db()
    assert match.state == Match.State.CONFIRMED
    assert sum(r.wins for r in build(world.event).rows) == wins_before + 1
    b.goto(f"/malediction/events/{world.event.pk}/standings/")
    leader = build(world.event).rows[0]
    assert leader.wins == 1 and leader.name in b.inner_text("body")
