"""Refusals that were English f-strings read in the reader's language (issue 23: every
refusal message translated)."""

import pytest
from django.utils import translation

from encounters.services import games, table
from encounters.services.common import EncounterError
from tests.campaign.factories import campaign_in_week_one, guild_roster

pytestmark = pytest.mark.django_db


def test_a_table_change_to_a_game_not_in_play_is_refused_in_french():
    campaign, (alpha, bravo), _ = campaign_in_week_one(guild_roster())
    game = games.create_campaign_game(campaign=campaign, crew_a=alpha, crew_b=bravo,
                                      actor=alpha.player)
    with translation.override("fr"), pytest.raises(EncounterError) as refused:
        table.adjust_pool(game=game, actor=alpha.player, side_key="a", change=1)
    assert str(refused.value).startswith("La partie est à l\u2019état « "), refused.value
    assert "cela se note pendant le jeu" in str(refused.value)
