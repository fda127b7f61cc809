"""The demo loader plays its game whatever the weekly event: in The Plot Thickens' week the
game is a Story Encounter, which has no flipped scheme pool (each player picks from the
generic Schemes and their Faction's)."""

import types

import pytest
from django.core.management import call_command

from encounters.models import Game

pytestmark = pytest.mark.django_db


def test_the_demo_game_is_played_in_a_story_encounter_week(monkeypatch):
    import campaign.weeks.services as weeks

    monkeypatch.setattr(weeks, "flip_weekly_event", lambda draw, previous_keys=(): (
        types.SimpleNamespace(event_key="the-plot-thickens",
                              games_event_key="the-plot-thickens",
                              chain=["the-plot-thickens"], steps=[])))
    call_command("load_demo", stdout=open("/dev/null", "w"))  # noqa: SIM115
    game = Game.objects.get()
    assert game.kind == Game.Kind.STORY
    assert game.state == Game.State.AFTERMATH
