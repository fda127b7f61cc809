"""Malediction on the home page, /api/home/ and the league page."""

import pytest
from django.urls import reverse

from malediction.result_form import ResultForm
from malediction.services import results
from malediction.services.matches import create_match

pytestmark = pytest.mark.django_db


def test_home_and_api_show_what_waits_in_malediction(client, world):
    match = create_match(round=world.round1, sides=[[world.regs[0]], [world.regs[1]]],
                         table=3)
    client.force_login(world.players[0])
    home = client.get("/")
    assert b"Your Malediction match at table 3" in home.content
    assert b"Submit your war band list" in home.content
    results.report_result(match=match, actor=world.players[0],
                          form=ResultForm("a", 40, 20, 3, "threshold"))
    client.force_login(world.players[1])
    needs = client.get("/api/home/").json()["needs"]
    assert any(n["kind"] == "malediction_confirm" and n["url"] == match.get_absolute_url()
               for n in needs)
    client.force_login(world.players[0])
    needs = client.get("/api/home/").json()["needs"]
    assert not any(n["kind"] == "malediction_confirm" for n in needs)
    results.dispute_result(match=match, actor=world.players[1], reason="No")
    client.force_login(world.organizer)
    needs = client.get("/api/home/").json()["needs"]
    assert any(n["kind"] == "malediction_dispute" for n in needs)


def test_league_page_lists_its_malediction_events(client, world):
    page = client.get(reverse("league:detail", args=[world.league.slug]))
    assert world.event.name.encode() in page.content
