"""A campaign with a bit of everything, for the archive and export job tests."""

import pytest

from aftermath.models import Aftermath
from aftermath.services.automatic import start_game
from aftermath.services.defaults import take_defaults
from campaign.models import ConstructionEntry, CrewBounty, Fortification, HideOut
from campaign.services import arsenal, crews, scrip
from campaign.weeks import services as weeks
from encounters.models import Casualty, HiredModel, ScripEffect
from encounters.services import tracker
from nights import services as nights
from rules.models import FlipRecord
from tests.encounters.conftest import campaign_week, roster  # noqa: F401 (fixtures)
from tests.encounters.test_week_effects import play


def _kill_bravo_enforcer(alpha, bravo):
    def kill(game):
        victim = HiredModel.objects.get(side__game=game, side__key="b",
                                        arsenal_model__station="enforcer")
        killer = HiredModel.objects.get(side__game=game, side__key="a", is_leader=True)
        casualty = tracker.record_casualty(game=game, actor=alpha.player, side_key="b",
                                           model=victim, by_model=killer)
        tracker.flip_finished_off(casualty=casualty, actor=bravo.player, table_card="3R")
    return kill


@pytest.fixture
def full_campaign(campaign_week, roster):  # noqa: F811
    """Two crews, two confirmed games (one casualty) with their Aftermaths, scrip gains and
    spends, an injury, a skill, a bounty, a hide out, weeks turned over and New Hires in
    week 2."""
    campaign, alpha, bravo, organizer = campaign_week
    first = play(campaign, alpha, bravo, kill=_kill_bravo_enforcer(alpha, bravo))
    second = play(campaign, alpha, bravo, vp=(2, 4))
    for game in (first, second):  # the Aftermath: one crew finishes by the defaults
        start_game(game.pk)
    take_defaults(Aftermath.objects.get(game=first, crew=bravo).pk)
    scrip.gain_scrip(alpha, 5, week=1, reason="Won a side bet", actor=organizer, source=first)
    scrip.gain_scrip(bravo, 4, week=1, reason="Found a cache", actor=organizer)
    scrip.spend_scrip(bravo, 2, week=1, reason="Bribed a guard", actor=organizer)
    enforcer = alpha.models.get(station="enforcer")
    arsenal.add_injury(model=enforcer, actor=organizer, key="fragile", name="Fragile",
                       stat_effects={"df": -1})
    arsenal.add_skill(model=alpha.models.get(station="henchman"), actor=organizer,
                      key="quick", name="Quick", stat_effects={"wk": 1})
    CrewBounty.objects.create(crew=alpha, bounty_key="hunter", name="Hunter", bought_week=1,
                              progress={"bounty": "hunter", "target": 3, "contributions": [
                                  {"game": first.pk, "count": 1, "schemes": []}]})
    hide_out = HideOut.objects.create(crew=bravo, hide_out_key="junkyard", name="Junkyard")
    Fortification.objects.create(hide_out=hide_out, key="pick-and-pull", name="Pick and Pull",
                                 built_week=1)
    ConstructionEntry.objects.create(crew=bravo, week=1, amount=3, reason="Salvage",
                                     actor=organizer)
    _table_effects(first)
    _auto_resolved_game(campaign, alpha, bravo)
    weeks.turn_over(campaign, 2)
    campaign.refresh_from_db()
    alpha.refresh_from_db()
    crews.new_hires(crew=alpha, actor=alpha.player, models=[roster["peon"]])
    campaign.refresh_from_db()
    night = nights.open_night(campaign=campaign, actor=organizer)
    for crew in (alpha, bravo):
        nights.check_in(night=night, crew=crew, actor=organizer)
    nights.generate_pairings(night=night, actor=organizer, method="standings")
    return campaign, organizer


def _table_effects(game):
    """What the tracker records of the Fortifications used at the table: a Gallows reflip
    of the Finished Off flip and a Metal Servant use, each pointing at a recorded flip."""
    casualty = Casualty.objects.get(game=game)
    side_a = game.sides.get(key="a")
    reflip = FlipRecord.objects.create(purpose=f"Game {game.pk}: Finished Off reflip",
                                       cards=["9R"], chosen="9R", subject=casualty)
    Casualty.objects.filter(pk=casualty.pk).update(reflip=reflip, reflipped_with="gallows",
                                                   reflipped_by=side_a)
    ScripEffect.objects.create(side=side_a, kind="metal-servant", turn=0, flip=casualty.flip)


def _auto_resolved_game(campaign, alpha, bravo):
    """A third week-1 game both players had auto-resolved (its run, seed and log
    archived), waiting for their confirmation."""
    from autoresolve.services import resolve
    from autoresolve.tasks import resolve_game
    from encounters.services import games

    campaign.auto_resolve, campaign.max_games_per_week = "both_players", 3
    campaign.save(update_fields=["auto_resolve", "max_games_per_week"])
    game = games.create_campaign_game(campaign=campaign, crew_a=alpha, crew_b=bravo,
                                      actor=alpha.player)
    for crew in (alpha, bravo):
        games.hire_crew(game=game, actor=crew.player, models=[
            m for m in crew.models.filter(status="active")
            if not m.misses_next_game or m.pk == crew.leader_id])
        games.reveal_crew(game=game, actor=crew.player)
    for crew in (alpha, bravo):
        pool = game.setup["scheme_pool"]
        games.choose_schemes(game=game, actor=crew.player,
                             choices=[(pool[0], None), (pool[1], None)])
    resolve.request_resolve(game=game, actor=alpha.player)
    run = resolve.request_resolve(game=game, actor=bravo.player).run
    resolve_game(run.pk)  # the job (the test's transaction never commits)


@pytest.fixture(autouse=True)
def _media_in_tmp(settings, tmp_path):
    """Export files land in a temporary MEDIA_ROOT."""
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture
def archive(full_campaign):
    """The campaign's archive document (as a file holds it)."""
    import json

    from exports.builtin import archive_bytes

    campaign, _ = full_campaign
    return json.loads(archive_bytes(campaign, lambda pct: None)[2])
