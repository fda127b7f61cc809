"""On The Move (Mobile Encampment): both players agree to play another non-Joker weekly
event in one game; that game's Scrip, models, story encounter and the rest follow it."""

import pytest
from django.core.exceptions import PermissionDenied

from campaign.models import Fortification, HideOut
from encounters.models import Game, HiredModel
from encounters.services import casualty_scrip, games, on_the_move, tracker
from encounters.services.common import EncounterError
from tests.campaign.factories import campaign_in_week_one

pytestmark = pytest.mark.django_db


@pytest.fixture
def moving(roster):
    campaign, (alpha, bravo), organizer = campaign_in_week_one(
        roster, event="contract-work", competitive_mode="hide_outs", max_games_per_week=3)
    hide_out = HideOut.objects.create(crew=alpha, hide_out_key="mobile-encampment", name="M")
    Fortification.objects.create(hide_out=hide_out, key="on-the-move", name="On The Move",
                                 built_week=1)
    return campaign, alpha, bravo, organizer


def _new(campaign, alpha, bravo):
    return games.create_campaign_game(campaign=campaign, crew_a=alpha, crew_b=bravo,
                                      actor=alpha.player)


def test_both_players_agree_and_the_game_follows_the_moved_event(moving, roster):
    campaign, alpha, bravo, organizer = moving
    game = _new(campaign, alpha, bravo)
    assert games.game_events(game) == ["contract-work"]
    for refused in ("a-bad-moon-rises", "the-event", "contract-work", "pit-fight", "nonsense"):
        with pytest.raises(EncounterError, match="not a Joker"):
            on_the_move.propose(game=game, actor=alpha.player, event_key=refused)
    with pytest.raises(PermissionDenied):  # an organizer is not a player of the game
        on_the_move.propose(game=game, actor=organizer, event_key="extermination")
    game = on_the_move.propose(game=game, actor=alpha.player, event_key="extermination")
    assert not game.moved_event and games.game_events(game) == ["contract-work"]
    game = on_the_move.propose(game=Game.objects.get(pk=game.pk), actor=bravo.player,
                               event_key="extermination")
    assert game.moved_event == "extermination"
    assert games.game_events(Game.objects.get(pk=game.pk)) == ["extermination"]
    with pytest.raises(EncounterError, match="already been moved"):
        on_the_move.propose(game=game, actor=alpha.player, event_key="junkyard")
    pool = game.setup["scheme_pool"]
    for crew in (alpha, bravo):
        games.hire_crew(game=game, actor=crew.player, models=list(crew.models.all()))
        games.reveal_crew(game=game, actor=crew.player)
        games.choose_schemes(game=game, actor=crew.player,
                             choices=[(pool[0], None), (pool[1], None)])
    tracker.start(game=game, actor=alpha.player)
    for station in ("minion", "enforcer"):  # Extermination pays the Minion only
        victim = next(h for h in HiredModel.objects.filter(side__game=game, side__key="b")
                      if h.arsenal_model.station == station)
        tracker.record_casualty(game=game, actor=alpha.player, side_key="b", model=victim,
                                by_effect="a blast")
    assert casualty_scrip.casualty_scrip(game, "a").amount == 2


def test_the_moved_event_sets_the_story_and_the_models_allowed(moving, roster):
    campaign, alpha, bravo, _ = moving
    story = _new(campaign, alpha, bravo)
    assert story.kind == Game.Kind.STANDARD
    for crew in (bravo, alpha):
        story = on_the_move.propose(game=Game.objects.get(pk=story.pk), actor=crew.player,
                                    event_key="the-plot-thickens")
    story.refresh_from_db()
    assert story.kind == Game.Kind.STORY and story.setup["on_the_move"] == {
        "a": "the-plot-thickens", "b": "the-plot-thickens"}
    mercs = _new(campaign, alpha, bravo)
    for crew in (alpha, bravo):
        mercs = on_the_move.propose(game=Game.objects.get(pk=mercs.pk), actor=crew.player,
                                    event_key="wandering-mercenaries")
    with pytest.raises(Exception, match="Wandering Mercenaries"):
        games.hire_crew(game=mercs, actor=alpha.player, models=list(alpha.models.all()))
    games.hire_crew(game=mercs, actor=alpha.player, models=list(alpha.models.all()),
                    wandering=roster["merc"])
    late = _new(campaign, alpha, bravo)
    games.hire_crew(game=late, actor=bravo.player, models=list(bravo.models.all()))
    with pytest.raises(EncounterError, match="Too late"):
        on_the_move.propose(game=late, actor=alpha.player, event_key="junkyard")


def test_without_the_fortification_the_event_stays(roster):
    campaign, (alpha, bravo), _ = campaign_in_week_one(roster, competitive_mode="hide_outs")
    game = _new(campaign, alpha, bravo)
    with pytest.raises(EncounterError, match="Mobile Encampment"):
        on_the_move.propose(game=game, actor=alpha.player, event_key="extermination")


def test_the_game_page_offers_on_the_move_and_shows_the_agreed_event(moving):
    from tests.encounters.test_pages import client_for, main, section

    campaign, alpha, bravo, _ = moving
    game = _new(campaign, alpha, bravo)
    pages = {crew.pk: client_for(crew.player) for crew in (alpha, bravo)}
    page = main(pages[bravo.pk].get(game.get_absolute_url()))
    assert 'value="extermination"' in section(page, "on-the-move-form")
    assert 'value="a-bad-moon-rises"' not in page
    for crew in (alpha, bravo):
        pages[crew.pk].post(f"/games/{game.pk}/on-the-move/", {"event": "extermination"})
    game.refresh_from_db()
    assert game.moved_event == "extermination"
    page = main(pages[alpha.pk].get(game.get_absolute_url()))
    assert "Extermination" in section(page, "setup-event") and 'id="setup-moved"' in page
    assert 'id="on-the-move-form"' not in page
    api = client_for(alpha.player).post(f"/api/games/{game.pk}/on-the-move/",
                                        {"event": "junkyard"})
    assert api.status_code == 400
