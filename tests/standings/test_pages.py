"""Standings pages: visibility, the week picker (HTMX), history charts, the print page,
the organizer's tie-break form, and bounded queries with many crews and games."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from bench.bench_standings import build_campaign
from campaign.models import Campaign
from league.models import Role
from standings.models import StandingsConfig
from tests.campaign.factories import member
from tests.encounters.test_week_effects import play
from tests.factories import UserFactory
from tests.standings.conftest import next_week

pytestmark = pytest.mark.django_db


def page_rows(html: str) -> list[list[str]]:
    """The standings table's cells, as text, row by row."""
    body = html.split('id="standings"', 1)[1].split("</tbody>", 1)[0].split("<tbody>", 1)[1]
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)
    return [[re.sub(r"<[^>]+>", "", cell).strip()
             for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)] for row in rows]


@pytest.fixture
def played(tournament):
    campaign, (alpha, bravo, charlie), organizer = tournament
    play(campaign, alpha, bravo, vp=(5, 3))
    campaign = next_week(campaign, organizer)
    play(campaign, charlie, alpha, vp=(6, 0))
    return campaign, (alpha, bravo, charlie), organizer


def test_the_standings_page_shows_ranks_and_the_header(client, played):
    campaign, (alpha, bravo, charlie), _organizer = played
    client.force_login(alpha.player)
    response = client.get(reverse("standings:page", args=[campaign.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Campaign Points &gt; Differential &gt; Victory Points" in html
    assert "Week 2 (latest)" in html
    assert page_rows(html) == [
        ["1", "Charlie", str(charlie.player), "Guild", "3", "6", "6", "1"],
        ["2", "Alpha", str(alpha.player), "Guild", "3", "-4", "5", "2"],
        ["3", "Bravo", str(bravo.player), "Guild", "0", "-2", "3", "1"],
    ]
    assert f'data-crew="{alpha.pk}" class="mine"' in html


def test_a_past_week_swaps_in_with_htmx(client, played):
    campaign, _crews, _organizer = played
    url = reverse("standings:page", args=[campaign.pk])
    response = client.get(url, {"week": 1}, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert "<html" not in html and 'id="standings-table"' in html
    assert "Week 1 of 2" in html
    assert [row[1] for row in page_rows(html)] == ["Alpha", "Charlie", "Bravo"]
    assert f'action="/campaigns/{campaign.pk}/standings/export.xlsx"' in html
    assert '<input type="hidden" name="week" value="1">' in html


def test_a_week_out_of_range_shows_a_message_and_the_latest(client, played):
    campaign, _crews, _organizer = played
    url = reverse("standings:page", args=[campaign.pk])
    for bad in ("9", "0", "soon"):
        response = client.get(url, {"week": bad})
        assert response.status_code == 200
        assert "Week 2 (latest)" in response.content.decode()
        assert 'class="errorlist"' in response.content.decode()


def test_members_only_campaigns_hide_their_standings(client, played):
    campaign, (alpha, _bravo, _charlie), _organizer = played
    Campaign.objects.filter(pk=campaign.pk).update(visibility=Campaign.Visibility.MEMBERS)
    pages = [reverse("standings:page", args=[campaign.pk]),
             reverse("standings:history", args=[campaign.pk]),
             reverse("standings:print", args=[campaign.pk])]
    downloads = [reverse("standings:export", args=[campaign.pk, fmt])
                 for fmt in ("csv", "xlsx", "pdf")]

    def statuses():
        return ([client.get(url).status_code for url in pages]
                + [client.post(url).status_code for url in downloads])

    assert statuses() == [403] * 6
    client.force_login(UserFactory())
    assert statuses() == [403] * 6
    client.force_login(alpha.player)
    assert statuses() == [200] * 6


def test_public_standings_are_open_to_anyone(client, played):
    campaign, _crews, _organizer = played
    assert client.get(reverse("standings:page", args=[campaign.pk])).status_code == 200
    assert client.get(reverse("standings:print", args=[campaign.pk])).status_code == 200


def test_history_page_draws_positions_and_scrip(client, played):
    campaign, (alpha, _bravo, _charlie), _organizer = played
    client.force_login(alpha.player)
    response = client.get(reverse("standings:history", args=[campaign.pk]),
                          HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert html.count("<svg") == 2 and "<polyline" in html
    assert "Position by week" in html and "Scrip at the end of each week" in html
    assert 'class="highlighted"' in html  # the viewer's crew
    assert "<title>Alpha: 1, 2</title>" in html  # first after week 1, second after week 2
    full = client.get(reverse("standings:history", args=[campaign.pk]))
    assert "<html" in full.content.decode()


def test_print_page_is_standalone_with_the_header(client, played):
    campaign, _crews, _organizer = played
    response = client.get(reverse("standings:print", args=[campaign.pk]), {"week": 1})
    html = response.content.decode()
    assert 'nav class="main"' not in html and "css/standings-print.css" in html
    from django.conf import settings

    print_css = settings.BASE_DIR / "static" / "css" / "standings-print.css"
    assert "@media print" in print_css.read_text()
    assert campaign.name in html and "Week 1 of 2" in html
    assert "Campaign Points &gt; Differential &gt; Victory Points" in html
    assert [row[1] for row in page_rows(html)] == ["Alpha", "Charlie", "Bravo"]


def test_organizers_choose_the_tie_breaks(client, played):
    campaign, (alpha, _bravo, _charlie), organizer = played
    url = reverse("standings:settings", args=[campaign.pk])
    client.force_login(alpha.player)
    assert client.get(url).status_code == 403
    assert client.post(url, {"tie_break_1": "vp"}).status_code == 403
    assert not StandingsConfig.objects.exists()

    client.force_login(organizer)
    form = client.get(url).content.decode()
    assert 'option value="cp" selected' in form
    bad = client.post(url, {"tie_break_1": "vp", "tie_break_2": "vp"})
    assert bad.status_code == 200 and "Each metric may appear only once." in bad.content.decode()
    unknown = client.post(url, {"tie_break_1": "elo"})
    assert unknown.status_code == 200 and "errorlist" in unknown.content.decode()
    assert not StandingsConfig.objects.exists()

    saved = client.post(url, {"tie_break_1": "vp", "tie_break_3": "wins"}, follow=True)
    assert StandingsConfig.objects.get(campaign=campaign).tie_breaks == ["vp", "wins"]
    assert "Victory Points &gt; Wins" in saved.content.decode()
    assert [row[1] for row in page_rows(saved.content.decode())] == ["Charlie", "Alpha", "Bravo"]

    client.post(url, {"reset": "1"})
    assert StandingsConfig.objects.get(campaign=campaign).tie_breaks == []


def test_tie_breaks_are_final_once_the_campaign_ends(client, played):
    campaign, _crews, organizer = played
    Campaign.objects.filter(pk=campaign.pk).update(status=Campaign.Status.ENDED)
    client.force_login(organizer)
    response = client.post(reverse("standings:settings", args=[campaign.pk]),
                           {"tie_break_1": "vp"})
    assert response.status_code == 200 and "ended" in response.content.decode()
    assert not StandingsConfig.objects.exists()


def test_the_campaign_page_links_to_the_standings(client, played):
    campaign, _crews, _organizer = played
    html = client.get(campaign.get_absolute_url()).content.decode()
    assert reverse("standings:page", args=[campaign.pk]) in html


@pytest.mark.parametrize("name", ["page", "history", "print"])
def test_pages_use_a_bounded_number_of_queries(client, django_assert_max_num_queries, name):
    campaign = build_campaign(players=60, games=240, weeks=6, uncounted=8)
    viewer = member(campaign.league, Role.PLAYER)
    client.force_login(viewer)
    with django_assert_max_num_queries(14):
        response = client.get(reverse(f"standings:{name}", args=[campaign.pk]))
    assert response.status_code == 200
    assert response.content.decode().count("Crew 0") >= 10


def test_the_charts_in_french_keep_svg_numbers_and_say_weeks_in_french(client, played):
    """French writes 10,5 for 10.5: numbers inside an SVG must not follow, or every label
    lands in the corner (x="28,0" is no number)."""
    campaign, (alpha, _bravo, _charlie), _organizer = played
    client.force_login(alpha.player)
    html = client.get(reverse("standings:history", args=[campaign.pk]), HTTP_HX_REQUEST="true",
                      HTTP_ACCEPT_LANGUAGE="fr-FR,fr;q=0.9").content.decode()
    attributes = re.findall(r'\b(?:x|y|x1|x2|y1|y2|points)="([^"]*)"', html)
    assert attributes and not [a for a in attributes if re.search(r"\d,\d+\b(?!\.)", a)
                               and " " not in a], attributes
    assert re.search(r'points="\d+\.\d,\d+\.\d ', html)  # x,y pairs with decimal points
    assert ">S1<" in html and ">S2<" in html and ">W1<" not in html
