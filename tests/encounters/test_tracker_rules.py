"""Tracker rules at the service level: initiative reflips, the end of the game,
casualties and Finished Off, story schemes."""

import pytest

from encounters.models import Casualty, Game, HiredModel
from encounters.services import games, results, tracker
from encounters.services.common import EncounterError
from rules.engine.cards import Card

pytestmark = pytest.mark.django_db


@pytest.fixture
def in_play(campaign_week):
    campaign, alpha, bravo, _organizer = campaign_week
    game = games.create_campaign_game(campaign=campaign, crew_a=alpha, crew_b=bravo,
                                      actor=alpha.player)
    pool = game.setup["scheme_pool"]
    for crew in (alpha, bravo):
        games.hire_crew(game=game, actor=crew.player, models=list(crew.models.all()))
        games.reveal_crew(game=game, actor=crew.player)
        games.choose_schemes(game=game, actor=crew.player,
                             choices=[(pool[0], None), (pool[1], None)])
    tracker.start(game=game, actor=alpha.player)
    return Game.objects.get(pk=game.pk), alpha, bravo


def test_two_schemes_are_chosen_before_the_start(campaign_week):
    campaign, alpha, bravo, _organizer = campaign_week
    game = games.create_campaign_game(campaign=campaign, crew_a=alpha, crew_b=bravo,
                                      actor=alpha.player)
    with pytest.raises(EncounterError, match="Choose 2 different"):
        games.choose_schemes(game=game, actor=alpha.player,
                             choices=[(game.setup["scheme_pool"][0], None)])


def test_initiative_reflip_can_change_who_goes_first(in_play):
    game, alpha, bravo = in_play
    with pytest.raises(EncounterError, match="Flip for initiative"):
        tracker.reflip_initiative(game=game, actor=bravo.player)
    assert tracker.flip_initiative(game=game, actor=alpha.player,
                                   table_cards={"a": "13R", "b": "1M"}) == "a"
    pool_before = game.sides.get(key="b").soulstone_pool
    card = tracker.reflip_initiative(game=game, actor=bravo.player)
    game.refresh_from_db()
    assert game.sides.get(key="b").soulstone_pool == pool_before - 1
    a_value, b_value = (Card.parse(game.initiative[k]).value for k in ("a", "b"))
    assert a_value != b_value and card
    assert game.first_player == ("a" if a_value > b_value else "b")


def test_the_game_cannot_go_past_its_end(in_play):
    game, alpha, _bravo = in_play
    for _ in range(4):
        tracker.end_turn(game=game, actor=alpha.player)
    assert tracker.end_turn(game=game, actor=alpha.player, table_card="2R") is False
    with pytest.raises(EncounterError, match="ended on Turn 5"):
        tracker.end_turn(game=game, actor=alpha.player, table_card="13R")


def test_casualty_rules(in_play, campaign_week):
    game, alpha, bravo = in_play
    victim = HiredModel.objects.filter(side__game=game, side__key="b", is_leader=False).first()
    stranger_game = games.create_campaign_game(campaign=game.campaign, crew_a=alpha,
                                               crew_b=bravo, actor=alpha.player)
    games.hire_crew(game=stranger_game, actor=alpha.player, models=list(alpha.models.all()))
    outsider = HiredModel.objects.filter(side__game=stranger_game).first()
    with pytest.raises(EncounterError, match="model of this game"):
        tracker.record_casualty(game=game, actor=alpha.player, side_key="b", model=victim,
                                by_model=outsider)
    first = tracker.record_casualty(game=game, actor=alpha.player, side_key="b", model=victim,
                                    by_effect="a blast")
    again = tracker.record_casualty(game=game, actor=alpha.player, side_key="b", model=victim,
                                    how="sacrificed", by_effect="its own ability")
    assert again.finished_off == Casualty.FinishedOff.ALREADY
    summoned = tracker.record_casualty(game=game, actor=alpha.player, side_key="b",
                                       summoned_name="Risen Corpse", by_effect="a shot")
    assert summoned.finished_off == Casualty.FinishedOff.NOT_ARSENAL
    with pytest.raises(EncounterError, match="Finished Off flips"):
        results.report_result(game=game, actor=alpha.player, vp_a=2, vp_b=1)
    spared = tracker.flip_finished_off(casualty=first, actor=bravo.player, table_card="2M")
    assert spared.finished_off == Casualty.FinishedOff.SPARED
    with pytest.raises(EncounterError, match="already settled"):
        tracker.flip_finished_off(casualty=first, actor=bravo.player, table_card="9M")
    results.report_result(game=game, actor=alpha.player, vp_a=2, vp_b=1)
    with pytest.raises(EncounterError, match="not in play"):
        tracker.record_casualty(game=game, actor=alpha.player, side_key="b", model=victim,
                                by_effect="late")


def test_story_games_offer_the_generic_and_own_faction_schemes(campaign_week):
    campaign, alpha, bravo, _organizer = campaign_week
    game = games.create_campaign_game(campaign=campaign, crew_a=alpha, crew_b=bravo,
                                      actor=alpha.player, kind="story")
    with pytest.raises(EncounterError, match="scheme pool"):
        games.choose_schemes(game=game, actor=alpha.player,
                             choices=[("made-up", None), ("distract", None)])
    games.choose_schemes(game=game, actor=alpha.player,
                         choices=[("distract", None), ("bodyguard", None)])


@pytest.mark.parametrize(("turn", "reported", "counted"), [
    (2, (4, 1), (0, 1)),   # early: the withdrawing crew scores nothing
    (3, (4, 2), (4, 5)),   # late and ahead: the other crew counts one more
    (4, (1, 3), (1, 3)),   # late and behind: VP as scored
])
def test_strategic_withdraw_changes_the_counted_vp(in_play, turn, reported, counted):
    game, alpha, bravo = in_play
    for _ in range(turn - 1):
        tracker.end_turn(game=game, actor=alpha.player)
    tracker.strategic_withdraw(game=game, actor=alpha.player)
    with pytest.raises(EncounterError, match="already withdrawn"):
        tracker.strategic_withdraw(game=game, actor=bravo.player)
    change = results.report_result(game=game, actor=bravo.player, vp_a=reported[0],
                                   vp_b=reported[1])
    assert (change.report.vp_a, change.report.vp_b) == counted
    assert change.report.details["withdraw"]["early"] is (turn <= 2)
    results.confirm_result(game=game, actor=alpha.player)
    game.refresh_from_db()
    assert game.record["withdraw"]["side"] == "a"


def test_a_knocked_out_model_sits_out_its_next_game(campaign_week):
    from campaign.models import ArsenalModel
    from rules.engine.hiring import HiringRefused

    campaign, alpha, bravo, _organizer = campaign_week
    guard = ArsenalModel.objects.filter(crew=alpha).exclude(pk=alpha.leader_id).first()
    guard.misses_next_game = True
    guard.save()
    game = games.create_campaign_game(campaign=campaign, crew_a=alpha, crew_b=bravo,
                                      actor=alpha.player)
    with pytest.raises(HiringRefused, match="Knocked Out"):
        games.hire_crew(game=game, actor=alpha.player, models=list(alpha.models.all()))
    games.hire_crew(game=game, actor=alpha.player,
                    models=list(alpha.models.exclude(pk=guard.pk)))


def _attach(model, kind, key):
    from campaign.models import ArsenalUpgrade

    ArsenalUpgrade.objects.create(crew=model.arsenal_model.crew, kind=kind, table_key=key,
                                  name=key, attached_to=model.arsenal_model)


def test_accident_prone_is_finished_off_without_a_flip(in_play):
    """Book, Injury chart 6 of Crows or Tomes: Accident Prone is automatically Finished Off
    when killed or sacrificed; no flip is offered and the log says why."""
    from encounters.models import Casualty, HiredModel

    game, alpha, bravo = in_play
    prone, other = HiredModel.objects.filter(side__game=game, side__key="b",
                                             is_leader=False).order_by("id")[:2]
    _attach(prone, "injury", "accident-prone")
    sacrificed = tracker.record_casualty(game=game, actor=bravo.player, side_key="b",
                                         model=prone, how="sacrificed", by_effect="a ritual")
    assert sacrificed.finished_off == Casualty.FinishedOff.AUTOMATIC
    assert game.log.filter(text__contains="Finished Off (Accident Prone)").exists()
    with pytest.raises(EncounterError, match="already settled"):
        tracker.flip_finished_off(casualty=sacrificed, actor=bravo.player, table_card="1R")
    plain = tracker.record_casualty(game=game, actor=alpha.player, side_key="b", model=other,
                                    by_effect="a blast")
    assert plain.finished_off == Casualty.FinishedOff.PENDING


def test_tough_as_nails_sets_the_finished_off_threshold_from_the_skill(in_play):
    """Book, Tough As Nails: Finished Off only on 11 or more. The tracker reads the Skill:
    a 10 spares the tough model (nobody typed 11), the same 10 Finishes Off another."""
    from encounters.models import Casualty, HiredModel

    game, alpha, bravo = in_play
    tough, other = HiredModel.objects.filter(side__game=game, side__key="b",
                                             is_leader=False).order_by("id")[:2]
    _attach(tough, "skill", "tough-as-nails")
    results = {}
    for model in (tough, other):
        casualty = tracker.record_casualty(game=game, actor=alpha.player, side_key="b",
                                           model=model, by_effect="a blast")
        results[model.pk] = tracker.flip_finished_off(casualty=casualty, actor=bravo.player,
                                                      table_card="10M")
    assert results[tough.pk].threshold == 11
    assert results[tough.pk].finished_off == Casualty.FinishedOff.SPARED
    assert results[other.pk].finished_off == Casualty.FinishedOff.FINISHED
    eleven = tracker.record_casualty(game=game, actor=alpha.player, side_key="b",
                                     model=HiredModel.objects.get(pk=tough.pk), by_effect="x")
    assert eleven.finished_off == Casualty.FinishedOff.ALREADY


def test_the_scavengers_kills_are_finished_off_without_a_flip(in_play):
    """Outcasts faction Injury, The Scavenger: models it kills are automatically Finished
    Off."""
    from encounters.models import Casualty, HiredModel

    game, alpha, _bravo = in_play
    scavenger = HiredModel.objects.get(side__game=game, side__key="a", is_leader=True)
    _attach(scavenger, "skill", "the-scavenger")
    victim, other = HiredModel.objects.filter(side__game=game, side__key="b",
                                              is_leader=False).order_by("id")[:2]
    killed = tracker.record_casualty(game=game, actor=alpha.player, side_key="b",
                                     model=victim, by_model=scavenger)
    assert killed.finished_off == Casualty.FinishedOff.AUTOMATIC
    plain = tracker.record_casualty(game=game, actor=alpha.player, side_key="b", model=other,
                                    by_effect="a blast")
    assert plain.finished_off == Casualty.FinishedOff.PENDING
