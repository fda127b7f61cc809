import pytest

from campaign.models import Campaign
from campaign.weeks import services as weeks
from tests.campaign.factories import campaign_in_week_one, guild_roster


@pytest.fixture
def roster(db):
    return guild_roster()


@pytest.fixture
def tournament(roster):
    """A running Tournament Style campaign in week 1 with three built crews."""
    return campaign_in_week_one(roster, ("Alpha", "Bravo", "Charlie"),
                                models=("minion", "enforcer"), upgrade=False,
                                competitive_mode=Campaign.Competitive.TOURNAMENT)


def next_week(campaign, organizer):
    """Turn the campaign over to its next week with a fixed, plain event."""
    number = campaign.current_week + 1
    weeks.set_event(week=campaign.weeks.get(number=number), actor=organizer,
                    event_key="contract-work", reason="Fixed for the test")
    weeks.turn_over(campaign, number)
    campaign.refresh_from_db()
    return campaign
