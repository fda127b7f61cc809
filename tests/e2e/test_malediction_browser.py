"""Malediction in headless Chromium: an organizer opens an event; two players register
war bands (one refused with its reasons, then fixed) and submit them; the round is
paired; both phones track the match to the threshold (the second phone follows without a
reload); the result is confirmed; the standings show it; the XLSX reads back."""

from __future__ import annotations

import datetime as dt
import io
from pathlib import Path

import pytest

from league.models import Role
from malediction import list_text
from malediction.models import Event, Match
from malediction.packs.sample import load_sample_pack
from tests.campaign.factories import LeagueFactory, member
from tests.e2e.test_tracker_browser import phone_for
from tests.malediction.conftest import legal_band

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _text(band: dict, name: str, *, too_many: bool = False) -> str:
    deck = [(c.name, n) for c, n in band["deck"]]
    if too_many:
        deck[0] = (deck[0][0], 4)
    return list_text.render(name=name, seeker=band["seeker"].name, legacy=band["legacy"].name,
                            terrain=band["terrain"].name, deck=deck, side=[])


def _register(page, event, band, name, *, refused_first: bool):
    page.goto("/malediction/war-bands/")
    if refused_first:
        page.fill("#id_text", _text(band, name, too_many=True))
        page.click("#list-import button[type=submit]")
        page.wait_for_selector("#import-problems")
        assert "at most 3" in page.inner_text("#import-problems")
    page.fill("#id_text", _text(band, name))
    page.click("#list-import button[type=submit]")
    page.wait_for_selector("#list-text")
    page.goto(event.get_absolute_url())
    page.click("#register")
    page.click("#submit-list")
    page.wait_for_selector("text=List submitted")
    page.click("#check-in")


def test_an_event_from_opening_to_standings(browser, live_server):
    pack = load_sample_pack().pack
    league = LeagueFactory(name="Relic Seekers", is_public=True)
    organizer = member(league, Role.ORGANIZER)
    alice, bob = member(league, Role.PLAYER), member(league, Role.PLAYER)

    org_context, org = phone_for(browser, live_server, organizer)
    org.goto(f"/leagues/{league.slug}/")
    org.click("text=New Malediction event")
    org.fill("#id_name", "Browser Cup")
    org.select_option("#id_mode", "standard")
    deadline = (dt.datetime.now() + dt.timedelta(days=1)).strftime("%Y-%m-%dT%H:%M")
    org.fill("#id_list_deadline", deadline)
    org.fill("#id_planned_rounds", "1")
    org.click("#event-form button[type=submit]")
    org.wait_for_selector("#registrations")
    event = Event.objects.get(name="Browser Cup")

    band = legal_band(pack)
    a_context, a_page = phone_for(browser, live_server, alice)
    _register(a_page, event, band, "Alice's band", refused_first=True)
    b_context, b_page = phone_for(browser, live_server, bob)
    _register(b_page, event, band, "Bob's band", refused_first=False)

    org.goto(event.get_absolute_url())
    org.fill("#id_date", dt.date.today().isoformat())
    org.click("#open-round")
    org.click("#pair-1")
    org.wait_for_selector(".pairings a")
    match = Match.objects.get(event=event, is_bye=False)
    phones = {alice.pk: a_page, bob.pk: b_page}
    first = phones[match.sides.get(key="a").seats.get().player_id]
    second = phones[match.sides.get(key="b").seats.get().player_id]
    second_player = match.sides.get(key="b").seats.get().player

    tracker_url = f"/malediction/matches/{match.pk}/tracker/"
    first.goto(tracker_url)
    second.goto(tracker_url)
    second.evaluate("window.__same = true")
    first.fill("#setup-bid input[name=bid_0]", "3")
    first.fill("#setup-bid input[name=bid_1]", "1")
    first.click("#setup-bid button[type=submit]")
    first.click("#setup-choice")
    first.wait_for_selector("#tracker-phase:text-is('playing')")
    second.wait_for_selector("#tracker-phase:text-is('playing')")  # followed by polling
    first.fill("#adjust input[name=player]", "0")
    first.fill("#adjust input[name=delta]", "41")
    first.select_option("#adjust select[name=type]", "mastery")
    first.click("#adjust button[type=submit]")
    second.wait_for_selector("#tracker-side-0 .mastery:text-is('41')")
    first.click("#end-round")
    second.wait_for_selector("#tracker-result")
    assert second.evaluate("window.__same") is True

    second.goto(match.get_absolute_url())
    second.click("#confirm")
    second.wait_for_selector("#match-state:text-is('Confirmed')")
    org.goto(f"/malediction/events/{event.pk}/standings/")
    first_row = org.inner_text("#standings tbody tr")
    winner = match.sides.get(key="a").seats.get().player
    assert str(winner) in first_row and "\t1\t" in f"\t{first_row}\t"
    with org.expect_download() as download:
        org.click("text=XLSX")
    from openpyxl import load_workbook

    # Playwright names the file without its extension; openpyxl reads the bytes.
    sheet = load_workbook(io.BytesIO(Path(download.value.path()).read_bytes())).active
    rows = [[c.value for c in row] for row in sheet.iter_rows()]
    top = next(r for r in rows if r[0] == 1)
    assert top[1] == str(winner) and top[5] == 1 and top[7] == 41
    assert str(second_player) in {r[1] for r in rows}
    for context in (org_context, a_context, b_context):
        context.close()
