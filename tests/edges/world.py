"""One small campaign world with every kind of object and every role, for the tests that
walk the whole site (the permission matrix, the secrets walk, the fuzzing).

Roles (``ROLES``): anonymous, an outsider (logged in, not in the league), another player
(in the league, with the opposing crew), the crew's player (Alpha's), an organizer, a
league admin and site staff. The world holds, all in week 1 of a running campaign:

- ``game``: Alpha against Bravo, in play (hires revealed; each side's schemes chosen,
  unrevealed, Alpha's noting one of Bravo's models; Alpha's secret Hit List note; Alpha's
  unrevealed A Lucrative Offer third scheme, written directly: the week is not that
  event's, and the walks only need the row);
- ``hiring_game``: Alpha against Delta in set-up, Alpha's hire made but not revealed;
- ``finished_game``: Alpha against Charlie, confirmed, with both crews' Aftermaths;
- the week's Bullet draws (A Bullet With Your Name): Alpha drew Bravo;
- ``equipment``: a Helmet, Campaign Equipment Alpha holds unattached (for trading);
- a campaign night (checking in), a league invitation, a join request, an export job, a
  server flip, a linked series, a content pack, and the notifications all that sent.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from aftermath.models import Aftermath
from aftermath.services.automatic import start_game
from campaign.models import ArsenalUpgrade, BulletDraw, Campaign, Crew
from campaign.services import crews as crew_services
from campaign.weeks import services as weeks
from catalogue.models import ContentPack
from encounters.models import BountyNote, Game, HiredModel, LucrativeScheme
from encounters.services import games, results, tracker
from encounters.services import series as series_services
from exports import services as export_services
from league import services as league_services
from league.models import Membership, Role
from nights.services import check_in, open_night
from notifications.models import Notification
from rules import services as rule_services
from tests.campaign.factories import CampaignFactory, CrewFactory, guild_roster, member
from tests.factories import UserFactory

ROLES = ("anonymous", "outsider", "other_player", "crew_player", "organizer", "league_admin",
         "staff")
CREW_NAMES = ("Alpha", "Bravo", "Charlie", "Delta")


@dataclass
class World:
    users: dict
    campaign: Campaign
    crews: dict[str, Crew]
    game: Game
    hiring_game: Game
    finished_game: Game
    aftermath: Aftermath
    other_aftermath: Aftermath
    bullet: BulletDraw
    night: object
    invitation: object
    join_request: Membership
    member_row: Membership
    export_job: object
    flip: object
    series: object
    pack: ContentPack
    extra: dict = field(default_factory=dict)

    @property
    def crew(self) -> Crew:
        return self.crews["Alpha"]

    @property
    def league(self):
        return self.campaign.league


def _play_game(campaign, a: Crew, b: Crew, *, start: bool) -> Game:
    game = games.create_campaign_game(campaign=campaign, crew_a=a, crew_b=b, actor=a.player)
    for crew in (a, b):
        games.hire_crew(game=game, actor=crew.player, models=list(crew.models.all()))
    for crew in (a, b):
        games.reveal_crew(game=game, actor=crew.player)
    pool = game.setup["scheme_pool"]
    noted = HiredModel.objects.filter(side__game=game, side__key="b", is_leader=False).first()
    games.choose_schemes(game=game, actor=a.player, choices=[(pool[0], None), (pool[1], None)])
    games.choose_schemes(game=game, actor=b.player, choices=[(pool[0], None), (pool[2], None)])
    game.refresh_from_db()
    game.extra_noted = noted
    if start:
        tracker.start(game=game, actor=a.player)
    return Game.objects.get(pk=game.pk)


def build_world() -> World:
    roster = guild_roster()
    campaign = CampaignFactory(status=Campaign.Status.RUNNING, max_games_per_week=5)
    league = campaign.league
    league.is_public = True
    league.save(update_fields=["is_public"])
    crews: dict[str, Crew] = {}
    for name in CREW_NAMES:
        crew = CrewFactory(campaign=campaign, player=member(league), name=name)
        crew_services.build_starting_arsenal(
            crew=crew, actor=crew.player, leader=roster["henchman"],
            models=[roster["minion"], roster["minion"], roster["enforcer"]],
            upgrade=roster["upgrade"], upgrade_on_index=-1)
        crew.refresh_from_db()
        crews[name] = crew
    organizer = member(league, Role.ORGANIZER)
    admin = member(league, Role.ADMIN)
    weeks.ensure_weeks(campaign)
    weeks.set_event(week=campaign.weeks.get(number=1), actor=organizer,
                    event_key="a-bullet-with-your-name", games_event_key="contract-work",
                    reason="Fixed for the test")
    weeks.turn_over(campaign, 1)
    campaign.refresh_from_db()
    week = campaign.weeks.get(number=1)
    draws = {d.crew.name: d for d in week.bullet_draws.select_related("crew")}
    order = list(CREW_NAMES)
    for name, draw in draws.items():  # Alpha drew Bravo, Bravo drew Charlie, ...
        BulletDraw.objects.filter(pk=draw.pk).update(
            target=crews[order[(order.index(name) + 1) % len(order)]])
    bullet = BulletDraw.objects.get(week=week, crew=crews["Alpha"])

    alpha, bravo, charlie, delta = (crews[n] for n in CREW_NAMES)
    game = _play_game(campaign, alpha, bravo, start=True)
    noted = HiredModel.objects.filter(side__game=game, side__key="b", is_leader=False).first()
    alpha_choice = game.sides.get(key="a").schemes.order_by("id").last()
    alpha_choice.noted_model = noted
    alpha_choice.save(update_fields=["noted_model"])
    bounty_note = BountyNote.objects.create(  # Hit List: secret until revealed
        side=game.sides.get(key="a"), bounty_key="hit-list", model=noted, revealed=False)
    alpha_third = LucrativeScheme.objects.create(
        side=game.sides.get(key="a"), scheme_key="assassinate", noted_model=noted)
    casualty = tracker.record_casualty(game=game, actor=alpha.player, side_key="b",
                                       model=HiredModel.objects.filter(
                                           side__game=game, side__key="b", is_leader=False
                                       ).last())

    hiring_game = games.create_campaign_game(campaign=campaign, crew_a=alpha, crew_b=delta,
                                             actor=alpha.player)
    games.hire_crew(game=hiring_game, actor=alpha.player, models=list(alpha.models.all()))

    finished = _play_game(campaign, alpha, charlie, start=True)
    results.report_result(game=finished, actor=alpha.player, vp_a=5, vp_b=2)
    results.confirm_result(game=finished, actor=charlie.player)
    start_game(finished.pk)
    aftermath = Aftermath.objects.get(game=finished, crew=alpha)
    other_aftermath = Aftermath.objects.get(game=finished, crew=charlie)

    equipment = ArsenalUpgrade.objects.create(  # after the games: none of them hires it
        crew=alpha, kind=ArsenalUpgrade.Kind.EQUIPMENT, table_key="helmet", name="Helmet")

    outsider, staff = UserFactory(), UserFactory(is_staff=True, is_superuser=True)
    applicant = UserFactory()
    join_request = league_services.request_to_join(league=league, user=applicant)
    invitation = league_services.create_invitation(league=league, actor=organizer)
    night = open_night(campaign=campaign, actor=organizer)
    for crew in (alpha, bravo):
        check_in(night=night, crew=crew, actor=organizer)
    export_job = export_services.request_export(campaign=campaign, kind="archive",
                                                format="json", actor=organizer)
    flip = rule_services.server_flip(purpose="A test flip", actor=alpha.player)
    series = series_services.start_series(actor=alpha.player, opponent=bravo.player, size=40,
                                          faction="guild", leader="Lady Justice")
    notification = Notification.objects.filter(user=alpha.player).order_by("id").first()
    resolve_run, prediction = _auto_resolve_rows(game, alpha.player)
    users = {"anonymous": None, "outsider": outsider, "other_player": bravo.player,
             "crew_player": alpha.player, "organizer": organizer, "league_admin": admin,
             "staff": staff}
    from tests.edges import malediction_world

    malediction = malediction_world.build(league, users)
    return World(
        users=users, campaign=campaign, crews=crews, game=Game.objects.get(pk=game.pk),
        hiring_game=Game.objects.get(pk=hiring_game.pk),
        finished_game=Game.objects.get(pk=finished.pk), aftermath=aftermath,
        other_aftermath=other_aftermath, bullet=bullet, night=night, invitation=invitation,
        join_request=join_request,
        member_row=Membership.objects.get(league=league, user=delta.player),
        export_job=export_job, flip=flip, series=series,
        pack=ContentPack.objects.get(slug="test-pack"),
        extra={"noted": noted, "alpha_choice": alpha_choice, "roster": roster,
               "applicant": applicant, "casualty": casualty, "notification": notification,
               "bounty_note": bounty_note, "alpha_third": alpha_third,
               "resolve_run": resolve_run,
               "prediction": prediction, "equipment": equipment,
               "malediction": malediction})


def _auto_resolve_rows(game: Game, player):
    """An auto-resolve request Alpha's player made (waiting for Bravo), with the log a
    simulation of the game gives, and a finished prediction of Alpha's."""
    from autoresolve.inputs import game_input
    from autoresolve.models import Prediction, ResolveRequest, ResolveRun
    from rules.engine.simulation import SIMULATOR_VERSION, simulate

    setup, arsenal = game_input(game, schemes_of=())  # the fuzzed world notes freely
    run = ResolveRun.objects.create(game=game, mode="both_players", requested_by=player,
                                    seed=7, simulator_version=SIMULATOR_VERSION,
                                    input=setup.to_dict(), arsenal=arsenal,
                                    log=simulate(setup, seed=7).log)
    ResolveRequest.objects.create(run=run, user=player, side_key="a")
    prediction = Prediction.objects.create(key="world", requested_by=player, label="A vs B",
                                           games=100, seed=7,
                                           simulator_version=SIMULATOR_VERSION, input={},
                                           status="done")
    return run, prediction
