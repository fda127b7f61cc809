"""Contract Work and Extermination: the event Scrip (2 per enemy model of the named
stations killed or sacrificed) is computed from the tracker's casualties, and the player's
correction is recorded beside it."""

import pytest

from encounters.models import GameLog, HiredModel, Side
from encounters.services import casualty_scrip, games, results, tracker
from encounters.services.common import EncounterError
from rules.engine.campaign_game import casualty_event_scrip
from tests.campaign.factories import campaign_in_week_one

pytestmark = pytest.mark.django_db


def test_the_book_pays_two_per_enemy_of_the_named_stations():
    fallen = [("b", "Sergeant", "enforcer"), ("b", "Captain", "henchman"),
              ("b", "Guard", "minion"), ("a", "Marshal", "master"),
              ("neutral", "Waldgeist", "minion"), ("b", "Clerk", "peon")]
    contract = casualty_event_scrip(["contract-work"], "a", fallen)
    assert contract.amount == 4  # the Enforcer and the Henchman; a's own Master pays a nothing
    assert casualty_event_scrip(["contract-work"], "b", fallen).amount == 2  # the Master
    assert casualty_event_scrip(["extermination"], "a", fallen).amount == 4  # Minion, Peon
    assert casualty_event_scrip(["junkyard"], "a", fallen).amount == 0


def _game(roster, event):
    campaign, (alpha, bravo), _ = campaign_in_week_one(roster, event=event)
    game = games.create_campaign_game(campaign=campaign, crew_a=alpha, crew_b=bravo,
                                      actor=alpha.player)
    pool = game.setup["scheme_pool"]
    for crew in (alpha, bravo):
        games.hire_crew(game=game, actor=crew.player, models=list(crew.models.all()))
        games.reveal_crew(game=game, actor=crew.player)
        games.choose_schemes(game=game, actor=crew.player,
                             choices=[(pool[0], None), (pool[1], None)])
    tracker.start(game=game, actor=alpha.player)
    return game, alpha, bravo


def _kill(game, actor, side_key, station, how="killed"):
    victim = HiredModel.objects.filter(side__game=game, side__key=side_key,
                                       station=station).order_by("id").first() or \
        next(h for h in HiredModel.objects.filter(side__game=game, side__key=side_key)
             if h.arsenal_model.station == station)
    casualty = tracker.record_casualty(game=game, actor=actor, side_key=side_key, model=victim,
                                       how=how, by_effect="a blast")
    controller = game.sides.get(key=side_key).player
    return tracker.flip_finished_off(casualty=casualty, actor=controller, table_card="1R")


def test_contract_work_scrip_comes_from_the_casualties_and_may_be_corrected(roster):
    game, alpha, bravo = _game(roster, "contract-work")
    _kill(game, alpha.player, "b", "henchman")  # Bravo's Captain leads: 2 for Alpha
    _kill(game, alpha.player, "b", "enforcer", how="sacrificed")  # 2 more
    _kill(game, alpha.player, "b", "minion")  # Contract Work does not pay for Minions
    assert casualty_scrip.casualty_scrip(game, "a").amount == 4
    assert casualty_scrip.casualty_scrip(game, "b").amount == 0
    with pytest.raises(EncounterError, match="0 or more"):
        casualty_scrip.correct(game=game, actor=bravo.player, side_key="b", amount=-2,
                               why="nothing to take")
    # The players agree one kill should not count (say it came back): a correction.
    casualty_scrip.correct(game=game, actor=alpha.player, side_key="a", amount=-2,
                           why="the Sergeant was only sacrificed to be summoned again")
    assert Side.objects.get(game=game, key="a").casualty_scrip_correction == -2
    assert GameLog.objects.filter(game=game, text__contains="corrected the casualties'").exists()
    results.report_result(game=game, actor=alpha.player, vp_a=4, vp_b=2)
    results.confirm_result(game=game, actor=bravo.player)
    game.refresh_from_db()
    assert game.record["sides"]["a"]["event_scrip"] == 2
    assert game.record["sides"]["b"]["event_scrip"] == 0


def test_extermination_pays_for_minions_within_the_per_game_cap(roster):
    game, alpha, bravo = _game(roster, "extermination")
    _kill(game, bravo.player, "a", "minion")
    _kill(game, bravo.player, "a", "enforcer")  # Extermination does not pay for it
    tracker.add_event_scrip(game=game, actor=bravo.player, side_key="b", amount=5,
                            why="something else")
    results.report_result(game=game, actor=alpha.player, vp_a=1, vp_b=3)
    results.confirm_result(game=game, actor=bravo.player)
    game.refresh_from_db()
    assert game.record["sides"]["b"]["event_scrip"] == 6  # 5 + 2, capped at 6 per game
