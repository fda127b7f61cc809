"""Two players at the table, each with a phone: what one records appears on the other's
screen without a reload (the panel polls the game's version), and the result goes from
report to confirmation in the browser (headless Chromium, phone-sized screens)."""

import pytest
from django.conf import settings
from django.test import Client

from campaign.models import Campaign
from campaign.services import crews
from campaign.weeks import services as weeks
from catalogue.models import Faction
from encounters.models import Casualty, Game
from encounters.services import games, tracker
from rules.tables import FACTIONS
from tests.campaign.factories import CampaignFactory, CrewFactory, guild_roster, member

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


def game_in_play() -> Game:
    """Like tests/encounters/conftest.py: a running campaign in week 1 with two built
    crews; then a game hired, revealed, schemes chosen and Turn 1 begun."""
    for code, name in FACTIONS.items():  # a transactional test may follow a flush
        Faction.objects.update_or_create(code=code, defaults={"name": name})
    roster = guild_roster()
    campaign = CampaignFactory(status=Campaign.Status.RUNNING)
    built = []
    for name in ("Alpha", "Bravo"):
        crew = CrewFactory(campaign=campaign, player=member(campaign.league), name=name)
        crews.build_starting_arsenal(crew=crew, actor=crew.player, leader=roster["henchman"],
                                     models=[roster["minion"], roster["minion"],
                                             roster["enforcer"]],
                                     upgrade=roster["upgrade"], upgrade_on_index=-1)
        crew.refresh_from_db()
        built.append(crew)
    weeks.ensure_weeks(campaign)
    organizer = member(campaign.league, "organizer")
    weeks.set_event(week=campaign.weeks.get(number=1), actor=organizer,
                    event_key="contract-work", reason="Fixed for the test")
    weeks.turn_over(campaign, 1)
    campaign.refresh_from_db()
    alpha, bravo = built
    game = games.create_campaign_game(campaign=campaign, crew_a=alpha, crew_b=bravo,
                                      actor=alpha.player)
    pool = game.setup["scheme_pool"]
    for crew in built:
        games.hire_crew(game=game, actor=crew.player, models=list(crew.models.all()))
    for crew in built:
        games.reveal_crew(game=game, actor=crew.player)
        games.choose_schemes(game=game, actor=crew.player,
                             choices=[(pool[0], None), (pool[1], None)])
    tracker.start(game=game, actor=alpha.player)
    return game


def phone_for(browser, live_server, user, folded_menu: bool = False):
    """A phone-sized browser already logged in as ``user`` (the session cookie of a test
    client that logged in); ``folded_menu`` as in ``WatchedBrowser.new_context``."""
    client = Client()
    client.force_login(user)
    context = browser.new_context(base_url=live_server.url, viewport=PHONE,
                                  folded_menu=folded_menu)
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME,
                          "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
                          "url": live_server.url}])
    page = context.new_page()
    page.set_default_timeout(15_000)
    return context, page


def test_two_phones_track_a_game_live(browser, live_server):
    game = game_in_play()
    side_a, side_b = game.sides.get(key="a"), game.sides.get(key="b")
    victim = side_b.hired.filter(is_leader=False, name="Guard").first()
    context_a, a = phone_for(browser, live_server, side_a.player)
    context_b, b = phone_for(browser, live_server, side_b.player)
    for page in (a, b):
        page.goto(game.get_absolute_url())
        page.wait_for_selector("#tracker")
    b.evaluate("window.__same = true")

    # Player A scores and records a casualty on their phone.
    a.click("#side-a button.plus")
    a.wait_for_selector("#vp-a:text-is('1')")
    a.select_option("#casualty_model", str(victim.pk))
    a.click("#record-casualty")
    a.wait_for_selector(f"#casualties [data-casualty] >> text={victim.name}")

    # Player B's phone shows both without reloading, and B flips Finished Off.
    b.wait_for_selector("#vp-a:text-is('1')")
    b.wait_for_selector(f"#casualties >> text={victim.name}")
    casualty = Casualty.objects.get(game=game)
    b.wait_for_selector(f"#fo-{casualty.pk}")
    b.click(f"#fo-table-{casualty.pk} summary")
    b.fill(f"#fo{casualty.pk}_table_card", "7R")
    b.click(f"#fo-table-{casualty.pk} button[type=submit]")
    b.wait_for_selector("#casualties .fo-finished")
    assert b.evaluate("window.__same") is True
    a.wait_for_selector("#casualties .fo-finished")  # and back to A's phone

    # A reports (prefilled from the tracker), B confirms, both see the aftermath waiting.
    a.click("#result summary:text-is('Report the result')")
    assert a.input_value("#report_vp_a") == "1" and a.input_value("#report_vp_b") == "0"
    a.click("#report-result")
    a.wait_for_selector("#report-status >> text=Waiting for the opponent")
    b.click("#confirm-result")
    for page in (a, b):
        page.wait_for_selector("#game-state:text-is('Awaiting aftermath')")
    assert b.evaluate("window.__same") is True
    assert Game.objects.get(pk=game.pk).state == Game.State.AFTERMATH
    context_a.close()
    context_b.close()


def test_bounty_facts_in_a_few_taps_on_a_phone(browser, live_server):
    """Side A holds Map It Out, side B Kabloooy!: A's phone shows the Scheme Marker board
    (a tap per Marker), the casualty form has the Blast box, and what A taps reaches B's
    phone without a reload. Neither phone asks about zones, Pigs or Horror duels."""
    from campaign.models import CrewBounty

    game = game_in_play()
    side_a, side_b = game.sides.get(key="a"), game.sides.get(key="b")
    CrewBounty.objects.create(crew=side_a.crew, bounty_key="map-it-out", name="Map It Out",
                              bought_week=1)
    CrewBounty.objects.create(crew=side_b.crew, bounty_key="kabloooy", name="Kabloooy!",
                              bought_week=1)
    context_a, a = phone_for(browser, live_server, side_a.player)
    context_b, b = phone_for(browser, live_server, side_b.player)
    for page in (a, b):
        page.goto(game.get_absolute_url())
        page.wait_for_selector("#marker-board")
    assert a.locator("#end-facts").count() == 0 and a.locator("#model-event-form").count() == 0
    for quarter in (1, 2, 3, 4):
        a.click(f"#marker-board button[value='scheme:a:{quarter}:1']")
        a.wait_for_selector(f"#count-scheme-a-{quarter}:text-is('1')")
    b.wait_for_selector("#count-scheme-a-4:text-is('1')")
    victim = side_a.hired.filter(name="Guard").first()
    b.select_option("#casualty_model", str(victim.pk))
    b.select_option("#casualty_by_model", str(side_b.hired.get(is_leader=True).pk))
    b.check("#casualty_blast")
    b.click("#record-casualty")
    a.wait_for_selector(f"#casualties >> text={victim.name}")
    casualty = Casualty.objects.get(game=game)
    assert casualty.blast and casualty.by_side == "b"
    assert game.marker_changes.count() == 4
    context_a.close()
    context_b.close()
