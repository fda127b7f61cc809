"""Weekly events settled from game records: Wandering Mercenaries kept at the week's end,
A Bullet With Your Name paid when the named Leader falls."""

import pytest

from campaign.models import ArsenalModel, BulletDraw, Campaign, CampaignWeek, ScripEntry
from campaign.services import crews
from campaign.weeks import services as weeks
from encounters.models import Game, HiredModel
from encounters.services import games, results, tracker
from encounters.services.common import EncounterError
from tests.campaign.factories import CampaignFactory, CrewFactory, member

pytestmark = pytest.mark.django_db


@pytest.fixture
def setup_week(roster):
    def make(event_key, games_event_key=""):
        campaign = CampaignFactory(status=Campaign.Status.RUNNING)
        built = []
        for name in ("Alpha", "Bravo"):
            crew = CrewFactory(campaign=campaign, player=member(campaign.league), name=name)
            crews.build_starting_arsenal(crew=crew, actor=crew.player, leader=roster["henchman"],
                                         models=[roster["minion"], roster["enforcer"]])
            crew.refresh_from_db()
            built.append(crew)
        weeks.ensure_weeks(campaign)
        organizer = member(campaign.league, "organizer")
        weeks.set_event(week=campaign.weeks.get(number=1), actor=organizer,
                        event_key=event_key, games_event_key=games_event_key, reason="test")
        weeks.turn_over(campaign, 1)
        campaign.refresh_from_db()
        return campaign, built[0], built[1]
    return make


def play(campaign, alpha, bravo, *, wandering=None, kill=None, vp=(3, 1)):
    game = games.create_campaign_game(campaign=campaign, crew_a=alpha, crew_b=bravo,
                                      actor=alpha.player)
    for crew in (alpha, bravo):
        games.hire_crew(game=game, actor=crew.player, models=list(crew.models.all()),
                        wandering=(wandering or {}).get(crew.pk))
        games.reveal_crew(game=game, actor=crew.player)
        pool = game.setup["scheme_pool"]
        games.choose_schemes(game=game, actor=crew.player, choices=[(pool[0], None),
                                                                    (pool[1], None)])
    tracker.start(game=game, actor=alpha.player)
    if kill:
        kill(game)
    results.report_result(game=game, actor=alpha.player, vp_a=vp[0], vp_b=vp[1])
    results.confirm_result(game=game, actor=bravo.player)
    return Game.objects.get(pk=game.pk)


def test_wandering_mercenary_kept_after_two_games_unharmed(setup_week, roster):
    campaign, alpha, bravo = setup_week("wandering-mercenaries")
    merc = roster["merc"]
    game = games.create_campaign_game(campaign=campaign, crew_a=alpha, crew_b=bravo,
                                      actor=alpha.player)
    with pytest.raises(Exception, match="Wandering Mercenaries"):
        games.hire_crew(game=game, actor=alpha.player, models=list(alpha.models.all()))
    with pytest.raises(Exception, match="Mercenary costing 7 or less"):
        games.hire_crew(game=game, actor=alpha.player, models=list(alpha.models.all()),
                        wandering=roster["enforcer"])
    Game.objects.filter(pk=game.pk).delete()
    both = {alpha.pk: merc, bravo.pk: merc}
    play(campaign, alpha, bravo, wandering=both)

    def bravo_merc_dies(game):
        victim = HiredModel.objects.get(side__game=game, side__key="b",
                                        wandering_card__isnull=False)
        tracker.record_casualty(game=game, actor=alpha.player, side_key="b", model=victim,
                                by_effect="a cannon")

    play(campaign, alpha, bravo, wandering=both, kill=bravo_merc_dies)
    weeks.turn_over(campaign, 2)
    assert ArsenalModel.objects.filter(crew=alpha, card=merc).count() == 1
    assert not ArsenalModel.objects.filter(crew=bravo, card=merc).exists()
    assert CampaignWeek.objects.get(campaign=campaign, number=1).state == "closed"


def test_a_bullet_pays_when_the_named_leader_falls(setup_week):
    campaign, alpha, bravo = setup_week("a-bullet-with-your-name", "junkyard")
    draw = BulletDraw.objects.get(week__campaign=campaign, crew=alpha)
    draw.target = bravo
    draw.save()

    def kill_bravo_leader(game):
        leader = HiredModel.objects.get(side__game=game, side__key="b", is_leader=True)
        killer = HiredModel.objects.get(side__game=game, side__key="a", is_leader=True)
        tracker.record_casualty(game=game, actor=alpha.player, side_key="b", model=leader,
                                by_model=killer)
        casualty = game.casualties.get()
        tracker.flip_finished_off(casualty=casualty, actor=bravo.player, table_card="1R")

    play(campaign, alpha, bravo, kill=kill_bravo_leader)
    draw.refresh_from_db()
    assert draw.claimed and draw.revealed
    assert ScripEntry.objects.filter(crew=alpha, reason__contains="Bullet").get().amount == 6


def test_games_per_week_and_event_checks(setup_week):
    campaign, alpha, bravo = setup_week("junkyard")
    play(campaign, alpha, bravo)
    play(campaign, alpha, bravo)
    with pytest.raises(EncounterError, match="already played 2"):
        games.create_campaign_game(campaign=campaign, crew_a=alpha, crew_b=bravo,
                                   actor=alpha.player)


def test_wandering_mercenary_needs_the_same_one_in_every_game_of_the_week(setup_week, roster):
    """Book, Wandering Mercenaries: kept only after at least 2 games with *the same*
    Mercenary in every game. Alpha hires Drifter twice then Loner: keeps neither (Drifter's
    two games are not every game). Bravo hires Drifter in all three: keeps it."""
    from tests.campaign.factories import CardFactory

    campaign, alpha, bravo = setup_week("wandering-mercenaries")
    Campaign.objects.filter(pk=campaign.pk).update(max_games_per_week=3)
    campaign.refresh_from_db()
    drifter = roster["merc"]
    loner = CardFactory(name="Loner", station="enforcer", cost=7, is_mercenary=True,
                        factions=["outcasts"])
    play(campaign, alpha, bravo, wandering={alpha.pk: drifter, bravo.pk: drifter})
    play(campaign, alpha, bravo, wandering={alpha.pk: drifter, bravo.pk: drifter})
    play(campaign, alpha, bravo, wandering={alpha.pk: loner, bravo.pk: drifter})
    kept = weeks.settle_wandering_mercenaries(campaign.weeks.get(number=1))
    assert [(m.crew_id, m.card_id) for m in kept] == [(bravo.pk, drifter.pk)]
    assert not ArsenalModel.objects.filter(crew=alpha, card__in=[drifter, loner]).exists()
