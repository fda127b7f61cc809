"""No week leaves a dead end: for each of the 28 weekly events, a campaign game goes from
set-up through hiring, schemes, the tracker, the result and both Aftermaths by the pages'
own forms only (issue 23)."""

import pytest

from campaign.models import Campaign
from campaign.services import crews as crew_services
from campaign.weeks import services as weeks
from rules import tables
from tests.campaign.factories import CampaignFactory, CrewFactory, guild_roster, member
from tests.walk.walker import Walk

pytestmark = pytest.mark.django_db

EVENTS = [row.key for row in tables.weekly_events().rows]
#: Every week's walk takes ~3 s; all 28 run once in CI (``slow``), these two every time.
QUICK = {"wandering-mercenaries", "contract-work"}


def week_of(event_key: str, roster):
    """A running campaign in week 1 with ``event_key`` (and, when it flips another event,
    Contract Work for its games) and two built crews."""
    table = tables.weekly_events()
    campaign = CampaignFactory(status=Campaign.Status.RUNNING)
    built = []
    for name in ("Alpha", "Bravo"):
        crew = CrewFactory(campaign=campaign, player=member(campaign.league), name=name)
        crew_services.build_starting_arsenal(
            crew=crew, actor=crew.player, leader=roster["henchman"],
            models=[roster["minion"], roster["minion"], roster["enforcer"]])
        crew.refresh_from_db()
        built.append(crew)
    weeks.ensure_weeks(campaign)
    organizer = member(campaign.league, "organizer")
    games_event = "contract-work" if table.row(event_key).another_event else ""
    weeks.set_event(week=campaign.weeks.get(number=1), actor=organizer, event_key=event_key,
                    games_event_key=games_event, reason="the walk")
    weeks.turn_over(campaign, 1)
    campaign.refresh_from_db()
    return campaign, built


def test_there_are_28_weekly_events():
    assert len(EVENTS) == 28


@pytest.mark.parametrize("event_key", [
    pytest.param(key, marks=() if key in QUICK else pytest.mark.slow) for key in EVENTS])
def test_a_game_of_each_week_is_played_through_the_pages(event_key):
    roster = guild_roster()
    campaign, (alpha, bravo) = week_of(event_key, roster)
    hires = {}
    if event_key == "wandering-mercenaries":  # the page offers the free Mercenary
        hires = {side: {"wandering_mercenary": roster["merc"].pk} for side in "ab"}
    game = Walk(campaign, alpha, bravo).whole_game(hires)
    assert game.state == "done" or game.aftermaths.filter(phase="done").count() == 2


def test_a_story_encounter_is_played_through_the_pages():
    """A Story Encounter: roles, the generic and faction schemes, the Attacker's Strategy."""
    roster = guild_roster()
    campaign, (alpha, bravo) = week_of("contract-work", roster)
    game = Walk(campaign, alpha, bravo, kind="story").whole_game()
    assert game.kind == "story" and game.aftermaths.filter(phase="done").count() == 2


def test_a_story_encounters_secret_note_is_made_through_the_pages():
    """Sabotage: the Attacker (side a) notes a terrain piece on the game page's own form;
    the Defender is asked nothing and never reads the note, only that it exists."""
    from encounters.models import GameLog

    roster = guild_roster()
    campaign, (alpha, bravo) = week_of("contract-work", roster)
    walk = Walk(campaign, alpha, bravo, kind="story")
    game = walk.whole_game(story={"attacker": "first", "attacker_strategy": "sabotage",
                                  "defender_suit": "rams", "defender_objective": "hold-ground"})
    assert "a:story note" in walk.steps and "b:story note" not in walk.steps
    secret = list(GameLog.objects.filter(game=game, text__contains="secret note for")
                  .values_list("secret_for", "text"))
    assert ("a", "Side a secret note for Sabotage: note of side a") in secret
    assert ("", "Side a made its secret note for Sabotage") in secret
    assert "note of side a" in walk.page("a") and "note of side a" not in walk.page("b")
