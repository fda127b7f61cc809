"""The campaign fixtures (a campaign, a crew, a built crew) for the edge tests."""

from tests.campaign.conftest import built_crew, campaign, crew, organizer, roster  # noqa: F401
from tests.standings.conftest import tournament  # noqa: F401
