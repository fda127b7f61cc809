import pytest
from django.core.cache import cache

from tests.campaign.factories import campaign_in_week_one, guild_roster


@pytest.fixture
def roster(db):
    return guild_roster()


@pytest.fixture
def campaign_week(roster):
    """A running campaign in week 1 (event set by hand) with two built crews."""
    campaign, (alpha, bravo), organizer = campaign_in_week_one(roster)
    return campaign, alpha, bravo, organizer


@pytest.fixture(autouse=True)
def _fresh_throttle_counters():
    """The API throttles count in the cache (per user id, which the next test reuses):
    clear it so a long run never sees a 429 (as tests/league does)."""
    cache.clear()
    yield
    cache.clear()

