"""The Plot Thickens: every game of the week is a Story Encounter, whatever was asked."""

import pytest

from encounters.models import Game, GameLog
from encounters.services import games
from tests.campaign.factories import campaign_in_week_one, guild_roster

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("event, kind", [("the-plot-thickens", "story"),
                                         ("contract-work", "standard")])
def test_the_plot_thickens_forces_story_encounters(event, kind):
    campaign, (alpha, bravo), _ = campaign_in_week_one(guild_roster(), event=event)
    game = games.create_campaign_game(campaign=campaign, crew_a=alpha, crew_b=bravo,
                                      actor=alpha.player, kind=Game.Kind.STANDARD)
    assert game.kind == kind
    assert ("attacker_strategy" in game.setup) == (kind == "story")  # a Story setup
    notes = GameLog.objects.filter(game=game).values_list("text", flat=True)
    assert sum("The Plot Thickens" in n for n in notes) == (1 if kind == "story" else 0)
