"""The phone at the table (headless Chromium at 390x844): the menu folds behind one
button, the tracker comes first (the set-up folds away above it and opens on demand), and
the standings fit the screen with their Games, Wins and Scrip columns in view."""

from __future__ import annotations

import pytest

from bench.bench_standings import build_campaign
from catalogue.models import Faction
from tests.e2e.test_tracker_browser import PHONE, game_in_play, phone_for

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

MENU_MAX = 70  # px: the header on a phone, menu folded (it took 203 px)


def box(page, selector: str) -> dict:
    return page.locator(selector).first.bounding_box()


def test_the_phone_menu_folds_behind_one_button(browser, live_server):
    game = game_in_play()
    context, page = phone_for(browser, live_server, game.sides.get(key="a").player,
                              folded_menu=True)
    for path in ("/", game.get_absolute_url(), f"/campaigns/{game.campaign_id}/standings/"):
        page.goto(path)
        assert box(page, "header.site")["height"] <= MENU_MAX, path
        assert not page.locator("nav.main").is_visible()
    page.click(".menu-toggle")
    assert page.locator("nav.main a[href='/leagues/']").is_visible()
    assert page.get_attribute(".menu-toggle", "aria-expanded") == "true"
    context.close()


def test_the_tracker_comes_first_and_the_setup_opens_on_demand(browser, live_server):
    game = game_in_play()
    context, page = phone_for(browser, live_server, game.sides.get(key="a").player)
    page.goto(game.get_absolute_url())
    page.wait_for_selector("#tracker")
    assert not page.locator("#setup-event").is_visible()  # folded
    # The tracker begins within the first screen and a half, not after ~1,900 px of set-up.
    assert box(page, "#tracker")["y"] < PHONE["height"] * 1.5
    setup = box(page, "#setup")
    assert setup["height"] < 120 and setup["y"] < box(page, "#tracker")["y"]
    page.click("#setup > summary")
    assert page.locator("#setup-event").is_visible()
    context.close()


def test_the_standings_fit_a_phone(browser, live_server):
    if not Faction.objects.exists():
        Faction.objects.create(code="guild", name="Guild")
    campaign = build_campaign(players=8, games=14, weeks=2, uncounted=2)
    crew = campaign.crews.first()
    context, page = phone_for(browser, live_server, crew.player)
    page.goto(f"/campaigns/{campaign.pk}/standings/")
    page.wait_for_selector("#standings tbody tr")
    table = box(page, "#standings")
    assert table["x"] >= 0 and table["x"] + table["width"] <= PHONE["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    for th in page.locator("#standings thead th").all():
        if th.is_visible():
            b = th.bounding_box()
            assert b["x"] + b["width"] <= PHONE["width"], th.inner_text()
    headings = [th.inner_text() for th in page.locator("#standings thead th").all()
                if th.is_visible()]
    for short in ("Rank", "Crew"):
        assert short in headings
    assert len(headings) >= 5, headings  # the numbers show, not only names
    numbers = page.locator("#standings thead th.num").all()
    assert len(numbers) >= 4 and all(th.is_visible() for th in numbers)  # every number
    # column (Games, Wins, Scrip...) in view; the Player and Faction give way on a phone
    assert not page.locator("#standings thead th.phone-hide").first.is_visible()
    context.close()


def resolved_run():
    """A campaign game both players asked to auto-resolve (eager Celery: resolved)."""
    from autoresolve.models import ResolveRun
    from autoresolve.services import resolve
    from rules.tables import FACTIONS
    from tests.autoresolve.conftest import sample_roster, seeded_game
    from tests.campaign.factories import campaign_in_week_one

    for code, name in FACTIONS.items():
        Faction.objects.update_or_create(code=code, defaults={"name": name})
    campaign, (alpha, bravo), _ = campaign_in_week_one(
        sample_roster(), models=("minion", "enforcer", "inquisitor"), upgrade=False,
        auto_resolve="both_players")
    game = seeded_game(campaign, alpha, bravo)
    resolve.request_resolve(game=game, actor=alpha.player)
    resolve.request_resolve(game=game, actor=bravo.player)
    run = ResolveRun.objects.get(game=game)
    assert run.status == "done"
    return run, alpha, bravo


@pytest.mark.parametrize("viewport", [PHONE, {"width": 1280, "height": 900}],
                         ids=["phone", "desktop"])
def test_the_replay_has_a_legend_fits_one_screen_and_says_what_happened(
        browser, live_server, viewport):
    run, alpha, bravo = resolved_run()
    context, page = phone_for(browser, live_server, alpha.player)
    page.set_viewport_size(viewport)
    page.goto(f"/auto-resolve/runs/{run.pk}/replay/")
    page.wait_for_selector("#replay:not([hidden]) #replay-board circle.model")
    legend = page.inner_text("#replay-legend")
    assert alpha.name in legend and bravo.name in legend and "marker" in legend.lower()
    assert page.locator("#replay-legend").is_visible()
    # Scrolled to the replay, its controls, status and the whole board share one screen.
    page.locator("#replay").scroll_into_view_if_needed()
    page.evaluate("document.getElementById('replay').scrollIntoView()")
    board, height = box(page, "#replay-board"), viewport["height"]
    assert board["y"] + board["height"] <= height, board
    for control in ("#replay-prev", "#replay-play", "#replay-next", "#replay-turn",
                    "#replay-status"):
        b = box(page, control)
        assert b["y"] >= 0 and b["y"] + b["height"] <= height, control
    # Stepping on, the status line says what happened, not only who acted.
    said = set()
    for _ in range(6):
        page.click("#replay-next")
        said.add(page.inner_text("#replay-happened").strip())
    assert said - {""}, said
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    context.close()
