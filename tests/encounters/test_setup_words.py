"""The set-up page says what a player needs, in plain words (issue 23): the deployment
zones drawn (the replay's zones), no note about the OCR, crews and cards by name."""

import re

import pytest

from encounters.services import games
from rules.deployment_map import deployment_map
from rules.encounter_tables import encounter_tables
from tests.walk.walker import client_for

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("key", [d.key for d in encounter_tables().standard.deployments]
                         + [d.key for d in encounter_tables().story.deployments])
def test_every_deployment_has_its_two_zones(key):
    drawn = deployment_map(key)
    assert drawn and len(drawn["zones"]) == 2 and all(drawn["zones"])
    assert "OCR" not in encounter_tables().deployment(key).summary


def test_the_game_page_draws_the_zones_and_names_cards(campaign_week):
    campaign, alpha, bravo, _ = campaign_week
    game = games.create_campaign_game(campaign=campaign, crew_a=alpha, crew_b=bravo,
                                      actor=alpha.player)
    html = client_for(alpha.player).get(game.get_absolute_url()).content.decode()
    figure = html[html.index('id="deployment-map"'):html.index("</figure>")]
    assert figure.count("<polygon") == 2 and 'class="centerline"' in figure
    assert "did not survive" not in html and "OCR" not in html
    flips = html[html.index('id="setup-flips"'):]
    flips = re.sub(r"<[^>]+>", " ", flips[:flips.index("</details>")])
    assert re.search(r"\d+ of (Rams|Crows|Tomes|Masks)|Red Joker|Black Joker", flips)
    assert not re.search(r"(?<![\w-])(1[0-3]|[1-9])[RCTM](?![\w-])", flips)
