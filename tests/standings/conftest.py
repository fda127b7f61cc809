import pytest

from campaign.models import Campaign
from campaign.services import crews, weeks
from tests.campaign.factories import CampaignFactory, CrewFactory, guild_roster, member


@pytest.fixture
def roster(db):
    return guild_roster()


@pytest.fixture
def tournament(roster):
    """A running Tournament Style campaign in week 1 with three built crews."""
    campaign = CampaignFactory(status=Campaign.Status.RUNNING,
                               competitive_mode=Campaign.Competitive.TOURNAMENT)
    built = []
    for name in ("Alpha", "Bravo", "Charlie"):
        crew = CrewFactory(campaign=campaign, player=member(campaign.league), name=name)
        crews.build_starting_arsenal(crew=crew, actor=crew.player, leader=roster["henchman"],
                                     models=[roster["minion"], roster["enforcer"]])
        crew.refresh_from_db()
        built.append(crew)
    weeks.ensure_weeks(campaign)
    organizer = member(campaign.league, "organizer")
    weeks.set_event(week=campaign.weeks.get(number=1), actor=organizer,
                    event_key="contract-work", reason="Fixed for the test")
    weeks.turn_over(campaign, 1)
    campaign.refresh_from_db()
    return campaign, built, organizer


def next_week(campaign, organizer):
    """Turn the campaign over to its next week with a fixed, plain event."""
    number = campaign.current_week + 1
    weeks.set_event(week=campaign.weeks.get(number=number), actor=organizer,
                    event_key="contract-work", reason="Fixed for the test")
    weeks.turn_over(campaign, number)
    campaign.refresh_from_db()
    return campaign
