import pytest

from league.models import Role
from tests.campaign.factories import CampaignFactory, CrewFactory, guild_roster, member


@pytest.fixture
def roster(db):
    return guild_roster()


@pytest.fixture
def campaign(db):
    return CampaignFactory()


@pytest.fixture
def organizer(campaign):
    return member(campaign.league, Role.ORGANIZER)


@pytest.fixture
def crew(campaign):
    player = member(campaign.league)
    return CrewFactory(campaign=campaign, player=player)


@pytest.fixture
def built_crew(crew, roster):
    """A crew with a built starting arsenal (Captain + 2 Guards + Sergeant), 3 scrip."""
    from campaign.services import crews

    crews.build_starting_arsenal(crew=crew, actor=crew.player, leader=roster["henchman"],
                                 models=[roster["minion"], roster["minion"],
                                         roster["enforcer"]])
    crew.refresh_from_db()
    return crew
