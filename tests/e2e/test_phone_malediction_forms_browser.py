"""Malediction's newer forms and the catalogue predictions on a phone (headless Chromium
at 390x844), each walked through its own forms: the organizer sets a team on the event
page and opens a round on a league night; a player predicts a matchup between two
catalogue bands, and a game between two catalogue crews. Nothing is wider than the phone
on the way."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from league.models import Role
from malediction.models import Event, Mode, Registration, Round, Team
from tests.campaign.factories import LeagueFactory, member
from tests.e2e.test_tracker_browser import phone_for

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

WIDTH = 390


#: The elements reaching past the phone's edge (the widest first), to name in a failure.
TOO_WIDE = """() => [...document.querySelectorAll("body *")]
  .map(e => [e, e.getBoundingClientRect().right])
  .filter(([e, right]) => right > window.innerWidth + 1)
  .sort((a, b) => b[1] - a[1]).slice(0, 5)
  .map(([e, right]) => `${e.tagName.toLowerCase()}#${e.id}.${e.className} ${Math.round(right)}`)"""


def _fits(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= WIDTH, (f"{page.url} is {width}px wide on a {WIDTH}px phone: "
                            f"{page.evaluate(TOO_WIDE)}")


def test_the_organizer_sets_a_team_on_a_phone(browser, live_server):
    league = LeagueFactory(name="Hollow Crown Club", is_public=True)
    organizer = member(league, Role.ORGANIZER)
    players = [member(league, Role.PLAYER) for _ in range(4)]
    event = Event.objects.create(league=league, name="Two by Two", mode=Mode.ALLEGIANCE,
                                 list_deadline=timezone.now() + dt.timedelta(days=2),
                                 created_by=organizer)
    regs = [Registration.objects.create(event=event, player=p, checked_in=True)
            for p in players]

    _, page = phone_for(browser, live_server, organizer)
    page.goto(event.get_absolute_url())
    page.wait_for_selector("#team-form")
    _fits(page)
    page.fill("#team-form input[name=name]", "Reds")
    page.check(f"#team-form input[name=members][value='{regs[0].pk}']")
    page.check(f"#team-form input[name=members][value='{regs[1].pk}']")
    with page.expect_navigation():
        page.click("#set-team")
    team = Team.objects.get(event=event, name="Reds")
    assert set(team.members.values_list("pk", flat=True)) == {regs[0].pk, regs[1].pk}
    page.wait_for_selector(f"#team-{team.pk}")
    assert str(players[1]) in page.inner_text(f"#team-{team.pk}")
    _fits(page)

    with page.expect_navigation():
        page.click(f"#team-{team.pk} button[type=submit]")  # and removed again
    assert not Team.objects.filter(event=event).exists()
    _fits(page)


def test_the_organizer_opens_a_round_on_a_league_night_on_a_phone(browser, live_server):
    from nights import services as nights
    from tests.campaign.factories import campaign_in_week_one, guild_roster

    campaign, _crews, organizer = campaign_in_week_one(guild_roster(), ["Alpha", "Bravo"])
    night = nights.open_night(campaign=campaign, actor=organizer)
    event = Event.objects.create(league=campaign.league, name="Relic Night",
                                 list_deadline=timezone.now() + dt.timedelta(days=1),
                                 created_by=organizer)

    _, page = phone_for(browser, live_server, organizer)
    page.goto(event.get_absolute_url())
    page.wait_for_selector("#organizer select[name=night]")
    _fits(page)
    page.select_option("#organizer select[name=night]", str(night.pk))
    with page.expect_navigation():
        page.click("#open-round")
    rnd = Round.objects.get(event=event)
    assert (rnd.night, rnd.date) == (night, night.date)
    page.wait_for_selector("#round-1 .round-night a")
    _fits(page)
    with page.expect_navigation():
        page.click("#round-1 .round-night a")  # the night's page shows the round
    page.wait_for_selector("#malediction-rounds")
    assert "Relic Night" in page.inner_text("#malediction-rounds")
    _fits(page)


def test_a_player_predicts_two_catalogue_bands_on_a_phone(browser, live_server):
    from autoresolve.models import Prediction
    from malediction.catalogue_bands import seekers
    from malediction.packs.sample import load_sample_pack

    load_sample_pack()
    league = LeagueFactory(name="Ashen Reach Club", is_public=True)
    player = member(league, Role.PLAYER)
    first, second = list(seekers())[:2]

    _, page = phone_for(browser, live_server, player)
    page.goto("/auto-resolve/malediction/predict/")
    page.wait_for_selector("#mal-predict-form")
    _fits(page)
    page.select_option("#mal-predict-form select[name=first_catalogue]", str(first.pk))
    page.select_option("#mal-predict-form select[name=second_catalogue]", str(second.pk))
    page.fill("#mal-predict-form input[name=games]", "100")
    _fits(page)
    with page.expect_navigation():
        page.click("#mal-predict-form button[type=submit]")
    prediction = Prediction.objects.get(game="malediction")
    page.wait_for_selector("#mastery-histogram")  # eager Celery: done once it committed
    assert Prediction.objects.get(pk=prediction.pk).status == "done"
    _fits(page)


def test_a_player_predicts_two_catalogue_crews_on_a_phone(browser, live_server):
    from autoresolve.models import Prediction
    from tests.autoresolve.conftest import sample_roster
    from tests.e2e.steps import ensure_factions
    from tests.factories import UserFactory

    ensure_factions()
    cards = sample_roster()
    player = UserFactory()
    lists = {"a": f"{cards['henchman'].name}\n{cards['minion'].name}\n{cards['enforcer'].name}",
             "b": f"{cards['henchman'].name}\n{cards['inquisitor'].name}"}

    _, page = phone_for(browser, live_server, player)
    page.goto("/auto-resolve/predict/")
    page.wait_for_selector("#predict-form")
    _fits(page)
    for side, text in lists.items():
        page.select_option(f"#predict-form select[name=crew_{side}]", "")
        page.fill(f"#predict-form textarea[name=list_{side}]", text)
        page.select_option(f"#predict-form select[name=faction_{side}]", "guild")
    page.fill("#predict-form input[name=size]", "40")
    page.fill("#predict-form input[name=games]", "100")
    _fits(page)
    with page.expect_navigation():
        page.click("#predict")
    prediction = Prediction.objects.exclude(game="malediction").get()
    page.wait_for_selector("#vp-histogram")  # eager Celery: done once it committed
    assert Prediction.objects.get(pk=prediction.pk).status == "done"
    _fits(page)
