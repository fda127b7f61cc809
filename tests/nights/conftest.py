import pytest

from campaign.models import Campaign
from tests.campaign.factories import campaign_in_week_one, guild_roster

NAMES = ("Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel")


def running_campaign(count: int, roster=None, **options):
    """A running Tournament Style campaign (unless ``options`` say otherwise) in week 1
    (event set by hand, games open) with ``count`` built crews; returns (campaign, crews,
    organizer)."""
    options.setdefault("competitive_mode", Campaign.Competitive.TOURNAMENT)
    names = [NAMES[i] if i < len(NAMES) else f"Crew {i + 1}" for i in range(count)]
    return campaign_in_week_one(roster or guild_roster(), names, **options)


@pytest.fixture
def six(db):
    return running_campaign(6)
