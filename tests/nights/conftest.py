import pytest

from campaign.models import Campaign
from campaign.services import crews, weeks
from tests.campaign.factories import CampaignFactory, CrewFactory, guild_roster, member

NAMES = ("Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel")


def running_campaign(count: int, roster=None, **options):
    """A running Tournament Style campaign (unless ``options`` say otherwise) in week 1
    (event set by hand, games open) with ``count`` built crews; returns (campaign, crews,
    organizer)."""
    roster = roster or guild_roster()
    options.setdefault("competitive_mode", Campaign.Competitive.TOURNAMENT)
    campaign = CampaignFactory(status=Campaign.Status.RUNNING, **options)
    built = []
    for i in range(count):
        name = NAMES[i] if i < len(NAMES) else f"Crew {i + 1}"
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
    return campaign, built, organizer


@pytest.fixture
def six(db):
    return running_campaign(6)
