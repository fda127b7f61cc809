"""League fixtures: one league with a member of every role, plus an outsider.

``people.actor(who)`` returns the user for a role name, or ``AnonymousUser`` for
``"anonymous"``, so a test can be parametrized over every kind of visitor.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache

from league.models import Role
from tests.campaign.factories import LeagueFactory, member
from tests.factories import UserFactory

#: Every kind of visitor a league write must be checked against.
EVERYONE = ["admin", "organizer", "player", "outsider", "anonymous"]
MANAGERS = ["admin", "organizer"]
NOT_MANAGERS = ["player", "outsider", "anonymous"]


@dataclass
class People:
    league: object
    admin: object
    organizer: object
    player: object
    outsider: object

    def actor(self, who: str):
        return AnonymousUser() if who == "anonymous" else getattr(self, who)


def _people(league) -> People:
    return People(
        league=league,
        admin=member(league, Role.ADMIN),
        organizer=member(league, Role.ORGANIZER),
        player=member(league, Role.PLAYER),
        outsider=UserFactory(),
    )


@pytest.fixture
def league(db):
    return LeagueFactory(name="Malifaux Irregulars", is_public=True)


@pytest.fixture
def private_league(db):
    return LeagueFactory(name="Backroom Club", is_public=False)


@pytest.fixture
def people(league) -> People:
    return _people(league)


@pytest.fixture
def private_people(private_league) -> People:
    return _people(private_league)


@pytest.fixture(autouse=True)
def _fresh_throttle_counters():
    """The API throttles count in the cache: clear it so long runs never see a 429."""
    cache.clear()
    yield
    cache.clear()
