import pytest

from campaign.models import Campaign
from campaign.services import crews, weeks
from tests.campaign.factories import CampaignFactory, CrewFactory, guild_roster, member


@pytest.fixture
def roster(db):
    return guild_roster()


@pytest.fixture
def campaign_week(roster):
    """A running campaign in week 1 (event set by hand) with two built crews."""
    campaign = CampaignFactory(status=Campaign.Status.RUNNING)
    built = []
    for name in ("Alpha", "Bravo"):
        crew = CrewFactory(campaign=campaign, player=member(campaign.league), name=name)
        crews.build_starting_arsenal(crew=crew, actor=crew.player, leader=roster["henchman"],
                                     models=[roster["minion"], roster["minion"],
                                             roster["enforcer"]],
                                     upgrade=roster["upgrade"], upgrade_on_index=-1)
        crew.refresh_from_db()
        built.append(crew)
    weeks.ensure_weeks(campaign)
    organizer = member(campaign.league, "organizer")
    weeks.set_event(week=campaign.weeks.get(number=1), actor=organizer,
                    event_key="contract-work", reason="Fixed for the test")
    weeks.turn_over(campaign, 1)
    campaign.refresh_from_db()
    return campaign, built[0], built[1], organizer
