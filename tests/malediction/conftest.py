"""Malediction fixtures: a league with an organizer, four players and an event."""

from __future__ import annotations

import datetime as dt
from types import SimpleNamespace

import pytest
from django.core.cache import cache
from django.utils import timezone

from league.models import Role
from malediction.models import Event, Registration, Round
from tests.campaign.factories import LeagueFactory, member
from tests.factories import UserFactory


@pytest.fixture(autouse=True)
def _fresh_throttle_counters():
    cache.clear()


@pytest.fixture
def world(db):
    league = LeagueFactory(name="Hollow Crown Club", is_public=True)
    organizer = member(league, Role.ORGANIZER)
    players = [member(league, Role.PLAYER) for _ in range(4)]
    event = Event.objects.create(
        league=league, name="Spring Relic Hunt", list_deadline=timezone.now()
        + dt.timedelta(days=2), created_by=organizer)
    regs = [Registration.objects.create(event=event, player=p, checked_in=True)
            for p in players]
    round1 = Round.objects.create(event=event, number=1, date=dt.date(2026, 12, 1))
    return SimpleNamespace(league=league, organizer=organizer, players=players, event=event,
                           regs=regs, round1=round1, outsider=UserFactory())


@pytest.fixture
def sample(db):
    from malediction.packs.sample import load_sample_pack

    return load_sample_pack().pack


def legal_band(sample, faction_sigil="primal-blood"):
    """A legal war band of one faction's 14 units at their copy limits (31 cards)."""
    from malediction.models import Card, Kind

    cards = sample.cards.all()
    seeker = next(c for c in cards if c.kind == Kind.SEEKER and c.sigils == [faction_sigil])
    legacy = Card.objects.get(kind=Kind.LEGACY, seeker=seeker)
    terrain = next(c for c in cards if c.kind == Kind.TERRAIN)
    limits = {"basic": 3, "elite": 2, "unique": 1}
    deck = [(c, limits[c.rank]) for c in cards
            if c.kind == Kind.UNIT and c.sigils == [faction_sigil]]
    return {"seeker": seeker, "legacy": legacy, "terrain": terrain, "deck": deck}
