"""The demo flips its weekly events, so it must load whatever they are: a week of The
Plot Thickens makes the demo game a Story Encounter, whose schemes come from the
factions' story lists rather than a setup pool."""

import pytest
from django.core.management import call_command

from campaign.weeks import services as week_services
from campaign.weeks.event_flip import WeeklyEventOutcome
from encounters.models import Game

pytestmark = pytest.mark.django_db


def test_the_demo_loads_in_a_week_of_the_plot_thickens(monkeypatch):
    monkeypatch.setattr(week_services, "flip_weekly_event",
                        lambda draw, **kw: WeeklyEventOutcome(("the-plot-thickens",), ()))
    call_command("load_demo")
    game = Game.objects.get(campaign__slug="demo-campaign")
    assert game.kind == Game.Kind.STORY
    assert [side.schemes.count() for side in game.sides.order_by("key")] == [2, 2]
    assert game.state == Game.State.AFTERMATH  # confirmed, its Aftermath open


def _games_events():
    from rules import tables

    table = tables.weekly_events()
    return sorted(row.key for row in table.rows
                  if not row.another_event and row.key not in table.another_event_reflips)


@pytest.mark.parametrize("event_key", _games_events())
def test_the_demo_plays_its_game_whatever_the_week_flips(monkeypatch, event_key):
    """Every event a week's games can be played under still gives the demo its confirmed
    game (a Wandering Mercenaries week once left the demo without one)."""
    monkeypatch.setattr(week_services, "flip_weekly_event",
                        lambda draw, **kw: WeeklyEventOutcome((event_key,), ()))
    call_command("load_demo")
    game = Game.objects.get(campaign__slug="demo-campaign")
    assert game.state == Game.State.AFTERMATH
    assert event_key in game.week.event_chain
    report = game.reports.get(status="confirmed")
    assert (report.vp_a, report.vp_b) == (6, 3)  # the VP tracked at the table
