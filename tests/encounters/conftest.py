import pytest

from tests.campaign.factories import campaign_in_week_one, guild_roster


@pytest.fixture
def roster(db):
    return guild_roster()


@pytest.fixture
def campaign_week(roster):
    """A running campaign in week 1 (event set by hand) with two built crews."""
    campaign, (alpha, bravo), organizer = campaign_in_week_one(roster)
    return campaign, alpha, bravo, organizer
