"""The home: a player's crews, what needs them now and their next game; an organizer's
disputes, late games, due turnovers, failed jobs and join requests; all in a bounded
number of queries whatever the number of campaigns."""

import datetime
from types import SimpleNamespace

import pytest
from django.urls import reverse
from django.utils import timezone

from aftermath.models import Aftermath
from campaign.models import Campaign, CampaignWeek, Crew, TurnoverRun
from campaign.weeks import services as weeks
from encounters.models import Game
from encounters.services import results
from exports.models import ExportJob
from league import services as league_services
from league.models import Role
from nights import services as nights
from notifications import events
from tests.aftermath.conftest import aftermaths, play
from tests.campaign.factories import CrewFactory, campaign_in_week_one, guild_roster, member
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def busy_campaign(roster, me, boss):
    """A campaign in week 2 where ``me`` plays Bravo: a result to confirm, an Aftermath
    waiting, New Hires open, tonight's night open; ``boss`` organizes it and has a
    dispute, a late game, a due turnover, a failed job and a join request to see."""
    campaign, (alpha, bravo), organizer = campaign_in_week_one(roster, max_games_per_week=5)
    member(campaign.league, user=me)
    member(campaign.league, Role.ORGANIZER, user=boss)
    Crew.objects.filter(pk=bravo.pk).update(player=me)
    bravo.refresh_from_db()
    late = play(campaign, alpha, bravo, vp=(5, 5), confirm=False)  # never confirmed
    weeks.set_event(week=campaign.weeks.get(number=2), actor=organizer,
                    event_key="contract-work", reason="No flip in a test")
    weeks.turn_over(campaign, 2)  # week 1 closes: the game above is now late
    confirmed = play(campaign, alpha, bravo, vp=(6, 3), strategy={"a": {"1": 2}, "b": {"1": 1}})
    aftermaths(confirmed)
    asked = play(campaign, alpha, bravo, vp=(4, 2), confirm=False)
    disputed = play(campaign, bravo, alpha, vp=(1, 9), confirm=False)
    results.dispute_result(game=disputed, actor=alpha.player, reason="Wrong")
    nights.open_night(campaign=campaign, actor=boss, date=timezone.localdate())
    events.auto_resolve_requested(game=asked, requested_by=alpha.player, request_key="x")
    TurnoverRun.objects.create(campaign=campaign, week_number=9, status="gave_up",
                               error="RuntimeError: disk full")
    ExportJob.objects.create(campaign=campaign, kind="archive", format="json", state="failed",
                             error="boom")
    league_services.request_to_join(league=campaign.league, user=UserFactory(
        display_name=f"Newcomer {campaign.pk}"))
    # The next week is due: its turnover moment passed (the campaign started long ago).
    Campaign.objects.filter(pk=campaign.pk).update(start_date=datetime.date(2020, 1, 7))
    return SimpleNamespace(campaign=campaign, alpha=alpha, bravo=bravo, late=late,
                           confirmed=confirmed, asked=asked, disputed=disputed)


@pytest.fixture
def world(db):
    roster, me, boss = guild_roster(), UserFactory(display_name="Me"), UserFactory()
    return SimpleNamespace(roster=roster, me=me, boss=boss,
                           first=busy_campaign(roster, me, boss))


@pytest.fixture
def quiet(world):
    return quiet_campaign(world.roster, world.me)


def quiet_campaign(roster, me):
    """A second campaign in week 2 where ``me`` plays Delta and has no game yet: its New
    Hires are open (a crew with a game this week has had its New Hires)."""
    campaign, (_, delta), organizer = campaign_in_week_one(roster, ("Charlie", "Delta"))
    member(campaign.league, user=me)
    Crew.objects.filter(pk=delta.pk).update(player=me)
    delta.refresh_from_db()
    weeks.set_event(week=campaign.weeks.get(number=2), actor=organizer,
                    event_key="contract-work", reason="No flip in a test")
    weeks.turn_over(campaign, 2)
    return SimpleNamespace(campaign=campaign, delta=delta)


def needs(client, user, section="needs"):
    client.force_login(user)
    html = client.get("/").content.decode()
    block = html.split(f'id="{section}"')[1].split("</section>")[0]
    return block


def test_a_visitor_gets_the_welcome_page(client):
    html = client.get("/").content.decode()
    assert "Run your Malifaux campaign night" in html and 'id="bell"' not in html


def test_the_player_sees_their_crews_with_scrip_week_and_sheet(client, world):
    client.force_login(world.me)
    html = client.get("/").content.decode()
    crews = html.split('id="crews"')[1].split("</section>")[0]
    bravo = world.first.bravo
    bravo.refresh_from_db()
    assert bravo.get_absolute_url() in crews and bravo.name in crews
    assert f"{bravo.scrip} scrip" in crews
    assert reverse("campaign:week", args=[world.first.campaign.pk, 2]) in crews
    assert world.first.alpha.name not in crews  # the opponent's crew is not mine


def test_the_player_sees_what_needs_them(client, world, quiet):
    block = needs(client, world.me)
    first = world.first
    kinds = {"confirm_result", "aftermath", "new_hires", "check_in", "auto_resolve_request"}
    for kind in kinds:
        assert f'data-need="{kind}"' in block, kind
    assert first.asked.get_absolute_url() in block
    assert reverse("campaign:hire", args=[quiet.delta.pk]) in block
    assert reverse("campaign:hire", args=[first.bravo.pk]) not in block  # it has played
    mine = Aftermath.objects.get(game=first.confirmed, crew=first.bravo)
    assert mine.get_absolute_url() in block
    theirs = Aftermath.objects.get(game=first.confirmed, crew=first.alpha)
    assert theirs.get_absolute_url() not in block  # the opponent's Aftermath is theirs
    assert "dispute" not in block.split('data-need="')[1][:20]  # organizer rows stay out


def test_the_needs_go_away_when_done(client, world, quiet):
    first = world.first
    results.confirm_result(game=first.asked, actor=world.me)
    from campaign.services import crews

    crews.new_hires(crew=quiet.delta, actor=world.me, models=[world.roster["peon"]])
    block = needs(client, world.me)
    assert first.asked.get_absolute_url() not in block
    assert 'data-need="new_hires"' not in block
    assert first.late.get_absolute_url() in block  # still waiting for me


def test_the_next_game_is_the_earliest_unfinished_one(client, world):
    game = Game.objects.create(campaign=world.first.campaign, size=30)
    from encounters.models import Side

    Side.objects.create(game=game, key="a", player=world.me, crew=world.first.bravo)
    Side.objects.create(game=game, key="b", player=world.first.alpha.player,
                        crew=world.first.alpha)
    block = needs(client, world.me, "next-game")
    assert game.get_absolute_url() in block and world.first.alpha.name in block


def test_the_organizer_sees_what_their_leagues_need(client, world):
    block = needs(client, world.boss, "organizer")
    first = world.first
    for kind in ("dispute", "overdue_game", "turnover_due", "failed_job", "join_request"):
        assert f'data-need="{kind}"' in block, kind
    assert first.disputed.get_absolute_url() in block
    assert first.late.get_absolute_url() in block
    assert "disk full" in block and "boom" in block
    assert f"Newcomer {first.campaign.pk} asks to join" in block


def test_a_player_who_runs_no_league_has_no_organizer_section(client, world):
    client.force_login(world.me)
    assert 'id="organizer"' not in client.get("/").content.decode()


def test_an_overdue_aftermath_shows_to_the_organizer(client, world):
    row = Aftermath.objects.filter(game=world.first.confirmed).exclude(phase="done").first()
    Aftermath.objects.filter(pk=row.pk).update(
        deadline=timezone.now() - datetime.timedelta(days=1))
    assert 'data-need="overdue_aftermath"' in needs(client, world.boss, "organizer")


def test_the_home_takes_the_same_queries_for_one_campaign_or_four(
        client, world, django_assert_max_num_queries):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def count(user):
        client.force_login(user)
        with CaptureQueriesContext(connection) as queries:
            assert client.get("/").status_code == 200
        return len(queries)

    # A first visit may fill process-wide caches (what another test has already filled or
    # not, depending on the order): the counts are compared from the second visit on.
    count(world.me), count(world.boss)
    one = {"me": count(world.me), "boss": count(world.boss)}
    for _ in range(3):
        busy_campaign(world.roster, world.me, world.boss)
    four = {"me": count(world.me), "boss": count(world.boss)}
    assert four == one, (one, four)
    client.force_login(world.boss)
    with django_assert_max_num_queries(22):  # 19 today
        client.get("/")
    html = client.get("/").content.decode()
    assert html.count('data-need="dispute"') == 4


def test_the_api_gives_the_same_home(api_client, world, quiet):
    api_client.force_authenticate(world.me)
    body = api_client.get("/api/home/").json()
    assert {c["id"] for c in body["crews"]} == {world.first.bravo.pk, quiet.delta.pk}
    assert {n["kind"] for n in body["needs"]} >= {"confirm_result", "new_hires", "check_in"}
    assert body["organizer"] is None
    api_client.force_authenticate(world.boss)
    boss = api_client.get("/api/home/").json()
    assert {n["kind"] for n in boss["organizer"]["needs"]} >= {"dispute", "join_request"}
    api_client.force_authenticate(None)
    assert api_client.get("/api/home/").status_code == 403


def test_a_crew_still_building_is_asked_to_build(client, db):
    roster = guild_roster()
    campaign, _, _ = campaign_in_week_one(roster)
    me = member(campaign.league)
    crew = CrewFactory(campaign=campaign, player=me, name="Latecomer")
    block = needs(client, me)
    assert 'data-need="build"' in block and reverse("campaign:build", args=[crew.pk]) in block


def test_week_one_has_no_new_hires_need(client, db):
    campaign, (alpha, _), _ = campaign_in_week_one(guild_roster())
    assert campaign.weeks.get(number=1).state == CampaignWeek.State.GAMES
    assert 'data-need="new_hires"' not in needs(client, alpha.player)


def test_tonight_agrees_with_the_night_page(client, db):
    """Issue 23: a crew that sits out is not told it is paired and its game starts soon;
    the bye and a table read as the night page says them."""
    roster = guild_roster()
    campaign, crews, organizer = campaign_in_week_one(roster, ("Alpha", "Bravo", "Charlie"))
    night = nights.open_night(campaign=campaign, actor=organizer, date=timezone.localdate())
    for crew in crews:
        nights.check_in(night=night, crew=crew, actor=organizer)
    pairings = nights.generate_pairings(night=night, actor=organizer, method="random")
    bye = next(p for p in pairings if p.bye)
    table = next(p for p in pairings if not p.bye)

    def tonight(user):
        client.force_login(user)
        return client.get("/").content.decode()

    assert "has the bye" in tonight(bye.crew_a.player)
    html = tonight(table.crew_a.player)
    assert f"plays {table.crew_b} at table {table.table}" in html
    bye.delete()  # the organizer left it out: it sits out
    html = tonight(bye.crew_a.player)
    assert "sits out" in html and "start soon" not in html


def test_each_aftermath_waiting_names_its_crew_opponent_week_and_date(client, world):
    block = needs(client, world.me)
    line = block.split('data-need="aftermath"')[1].split("</li>")[0]
    assert "Bravo" in line and "Alpha" in line and "week 2" in line
    assert str(timezone.localdate().year) in line
