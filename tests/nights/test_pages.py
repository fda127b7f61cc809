"""Night pages: the organizer's controls, a player's own check-in, the venue dashboard
and its live fragment (public per the campaign's visibility, bounded queries)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaign.models import Campaign
from encounters.services import results
from nights import services
from nights.models import CampaignNight, CheckIn
from tests.campaign.factories import member
from tests.factories import UserFactory
from tests.nights.conftest import running_campaign

pytestmark = pytest.mark.django_db


def login(client, user):
    client.force_login(user)
    return client


def started_night(count=6, **options):
    campaign, crews, organizer = running_campaign(count, **options)
    night = services.open_night(campaign=campaign, actor=organizer)
    for crew in crews:
        services.check_in(night=night, crew=crew, actor=organizer)
    services.generate_pairings(night=night, actor=organizer, method="standings")
    services.start_games(night=night, actor=organizer)
    return campaign, crews, organizer, night


def test_campaign_page_links_organizers_to_the_night(client, six):
    campaign, crews, organizer = six
    url = campaign.get_absolute_url()
    nights = reverse("nights:campaign", args=[campaign.pk])
    assert nights not in login(client, member(campaign.league)).get(url).content.decode()
    page = login(client, crews[0].player).get(url).content.decode()
    assert "check yourself in" in page and nights in page
    page = login(client, organizer).get(url).content.decode()
    assert "Campaign night</a>" in page and nights in page


def test_organizer_opens_the_night_and_runs_it_from_the_page(client, six):
    campaign, crews, organizer = six
    login(client, organizer)
    page = client.get(reverse("nights:campaign", args=[campaign.pk])).content.decode()
    assert "Open the night for week 1" in page
    response = client.post(reverse("nights:open", args=[campaign.pk]))
    night = CampaignNight.objects.get(campaign=campaign)
    assert response.url == night.get_absolute_url()
    for crew in crews:
        client.post(reverse("nights:check-in", args=[night.pk, crew.pk]), {"action": "in"})
    assert night.check_ins.count() == 6
    client.post(reverse("nights:generate", args=[night.pk]), {"method": "standings"})
    page = client.get(night.get_absolute_url()).content.decode()
    assert "Alpha <span class=\"muted\">vs</span> Bravo" in page
    client.post(reverse("nights:swap", args=[night.pk]),
                {"crew_x": crews[1].pk, "crew_y": crews[2].pk})
    assert night.pairings.get(table=1).crew_b == crews[2]
    one, two, three = night.pairings.order_by("table")
    client.post(reverse("nights:tables", args=[night.pk]),
                {f"table_{one.pk}": 3, f"table_{two.pk}": 2, f"table_{three.pk}": 1})
    one.refresh_from_db()
    assert one.table == 3
    response = client.post(reverse("nights:start", args=[night.pk]), follow=True)
    assert "The games are set up" in response.content.decode()
    assert night.pairings.filter(game__isnull=False).count() == 3


def test_refusals_and_bad_input_are_messages_not_errors(client, six):
    campaign, crews, organizer = six
    login(client, organizer)
    night = services.open_night(campaign=campaign, actor=organizer)
    response = client.post(reverse("nights:generate", args=[night.pk]),
                           {"method": "standings"}, follow=True)
    assert "Check in at least two players" in response.content.decode()
    response = client.post(reverse("nights:generate", args=[night.pk]), {"method": "coin"})
    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()
    response = client.post(reverse("nights:open", args=[campaign.pk]), follow=True)
    assert "already has its night" in response.content.decode()
    for crew in crews[:2]:
        services.check_in(night=night, crew=crew, actor=organizer)
    services.generate_pairings(night=night, actor=organizer, method="standings")
    response = client.post(reverse("nights:tables", args=[night.pk]),
                           {f"table_{night.pairings.get().pk}": "x"})
    assert response.status_code == 200 and "Enter a whole number" in response.content.decode()
    response = client.post(reverse("nights:swap", args=[night.pk]),
                           {"crew_x": crews[0].pk, "crew_y": crews[0].pk})
    assert "Choose a different crew" in response.content.decode()
    client.post(reverse("nights:close", args=[night.pk]))
    response = client.post(reverse("nights:close", args=[night.pk]), follow=True)
    assert "Cannot move from closed" in response.content.decode()


def test_player_sees_only_their_own_toggle_and_checks_in_by_htmx(client, six):
    campaign, crews, organizer = six
    night = services.open_night(campaign=campaign, actor=organizer)
    alpha, bravo = crews[0], crews[1]
    login(client, alpha.player)
    page = client.get(night.get_absolute_url()).content.decode()
    assert f'id="crew-{alpha.pk}"' in page and f'id="crew-{bravo.pk}"' not in page
    assert 'id="generate-pairings"' not in page and 'id="start-games"' not in page
    response = client.post(reverse("nights:check-in", args=[night.pk, alpha.pk]),
                           {"action": "in"}, HTTP_HX_REQUEST="true")
    assert "Checked in ✓" in response.content.decode()
    assert response.content.decode().startswith(f'<tr id="crew-{alpha.pk}"')
    assert CheckIn.objects.filter(night=night, crew=alpha).exists()
    response = client.post(reverse("nights:check-in", args=[night.pk, bravo.pk]),
                           {"action": "in"})
    assert response.status_code == 403
    assert not CheckIn.objects.filter(night=night, crew=bravo).exists()
    for name in ("generate", "start", "close"):
        assert client.post(reverse(f"nights:{name}", args=[night.pk]),
                           {"method": "standings"}).status_code == 403
    night.refresh_from_db()
    assert night.state == "open" and not night.pairings.exists()


def test_checking_in_after_pairing_refreshes_the_whole_page(client, six):
    campaign, crews, organizer = six
    night = services.open_night(campaign=campaign, actor=organizer)
    for crew in crews[:2]:
        services.check_in(night=night, crew=crew, actor=organizer)
    services.generate_pairings(night=night, actor=organizer, method="standings")
    login(client, organizer)
    response = client.post(reverse("nights:check-in", args=[night.pk, crews[2].pk]),
                           {"action": "in"}, HTTP_HX_REQUEST="true")
    assert response["HX-Refresh"] == "true"


def test_dashboard_shows_tables_and_live_status(client):
    _campaign, _crews, organizer, night = started_night(5)
    page = client.get(reverse("nights:dashboard", args=[night.pk])).content.decode()
    assert 'hx-trigger="every 5s"' in page
    assert reverse("nights:board", args=[night.pk]) in page
    assert page.count('class="status-set_up') == 2 and "Bye" in page
    first = night.pairings.get(table=1)
    results.rule_result(game=first.game, actor=organizer, vp_a=4, vp_b=2, reason="Test")
    board = client.get(reverse("nights:board", args=[night.pk])).content.decode()
    assert board.startswith('<div id="board"')
    assert "Confirmed, aftermath to do" in board and "4 \u2013 2" in board


def test_dashboard_follows_the_campaign_visibility(client):
    campaign, _crews, _organizer, night = started_night(2)
    Campaign.objects.filter(pk=campaign.pk).update(visibility="members")
    for name in ("dashboard", "board", "night"):
        url = reverse(f"nights:{name}", args=[night.pk])
        assert client.get(url).status_code == 403
        assert login(client, UserFactory()).get(url).status_code == 403
        assert login(client, member(campaign.league)).get(url).status_code == 200
        client.logout()


def test_dashboard_queries_do_not_grow_with_the_tables(client, django_assert_max_num_queries):
    _campaign, _crews, organizer, night = started_night(16, max_games_per_week=3)
    assert night.pairings.count() == 8
    for name in ("dashboard", "board"):
        with django_assert_max_num_queries(4):
            response = client.get(reverse(f"nights:{name}", args=[night.pk]))
        assert response.content.decode().count("data-table=") == 8
    login(client, organizer)
    with django_assert_max_num_queries(14):
        page = client.get(night.get_absolute_url())
    assert page.content.decode().count("data-pairing=") == 8


def test_the_board_never_says_paired_beside_pairings_to_come(client):
    """Issue 23: "Paired" stood beside "Pairings appear here once...": an open night waits
    for pairings; a paired night without tables says so."""
    campaign, _crews, organizer = running_campaign(2)
    night = services.open_night(campaign=campaign, actor=organizer)
    board = client.get(reverse("nights:board", args=[night.pk])).content.decode()
    assert 'id="board-waiting"' in board
    CampaignNight.objects.filter(pk=night.pk).update(state="paired")
    board = client.get(reverse("nights:board", args=[night.pk])).content.decode()
    assert "Pairings appear here once" not in board and 'id="board-empty"' in board
