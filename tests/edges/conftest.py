"""The campaign fixtures (a campaign, a crew, a built crew) for the edge tests."""

import pytest

from tests.campaign.conftest import built_crew, campaign, crew, organizer, roster  # noqa: F401
from tests.standings.conftest import tournament  # noqa: F401


@pytest.fixture(autouse=True)
def _fresh_rate_limits():
    """Every edge test starts with no rate-limit counters: these tests send hundreds of
    requests from one address, and an earlier file's must not turn an answer into a 429."""
    from django.core.cache import cache

    cache.clear()
