""""By current standings" is the published standings: the campaign's own tie-breaks,
counted results only, the standings page's order."""

from __future__ import annotations

import pytest

from campaign.models import Campaign
from encounters.services import games, results
from nights.ordering import ranked_crews
from standings.services import set_tie_breaks
from tests.nights.conftest import running_campaign

pytestmark = pytest.mark.django_db

def ruled(campaign, organizer, a, b, vp_a, vp_b):
    """A counted game between two crews (an organizer's ruling counts straight away)."""
    game = games.create_campaign_game(campaign=campaign, crew_a=a, crew_b=b, actor=organizer)
    results.rule_result(game=game, actor=organizer, vp_a=vp_a, vp_b=vp_b, reason="Test")
    return game

@pytest.fixture
def played():
    """Six Tournament Style crews after week 1's three games:
    Alpha 5-4 Bravo, Charlie 6-6 Delta, Echo 2-0 Foxtrot."""
    campaign, crews, organizer = running_campaign(6)
    a, b, c, d, e, f = crews
    ruled(campaign, organizer, a, b, 5, 4)
    ruled(campaign, organizer, c, d, 6, 6)
    ruled(campaign, organizer, e, f, 2, 0)
    return campaign, crews, organizer

def names(campaign, crews):
    by_id = {c.pk: c.name for c in crews}
    return [by_id[pk] for pk in ranked_crews(campaign)]

def test_the_books_tie_breaks_rank_by_campaign_points_then_differential(played):
    campaign, crews, _organizer = played
    # CP 3/3/1/1/0/0; Echo's Differential (+2) beats Alpha's (+1); Bravo's -1 beats
    # Foxtrot's -2; Charlie and Delta are level on everything and listed by name.
    assert names(campaign, crews) == ["Echo", "Alpha", "Charlie", "Delta", "Bravo", "Foxtrot"]

def test_the_campaigns_own_tie_breaks_reorder_the_crews(played):
    campaign, crews, organizer = played
    set_tie_breaks(campaign=campaign, actor=organizer, keys=["vp", "cp"])
    assert names(campaign, crews) == ["Charlie", "Delta", "Alpha", "Bravo", "Echo", "Foxtrot"]

def test_unconfirmed_results_do_not_count(played):
    campaign, crews, organizer = played
    _a, _b, c, _d, _e, f = crews
    reported = games.create_campaign_game(campaign=campaign, crew_a=f, crew_b=c,
                                          actor=organizer)
    results.report_result(game=reported, actor=f.player, vp_a=9, vp_b=0)
    assert names(campaign, crews) == ["Echo", "Alpha", "Charlie", "Delta", "Bravo", "Foxtrot"]

def test_a_narrative_campaign_pairs_by_its_campaign_record():
    """Without a competitive mode the published table is the campaign record: games
    played first, then wins."""
    campaign, (a, b, c, d), organizer = running_campaign(
        4, competitive_mode=Campaign.Competitive.NONE)
    ruled(campaign, organizer, c, d, 1, 4)
    assert names(campaign, [a, b, c, d]) == ["Delta", "Charlie", "Alpha", "Bravo"]

def test_the_order_takes_a_bounded_number_of_queries(played, django_assert_max_num_queries):
    campaign, _crews, _organizer = played
    with django_assert_max_num_queries(10):
        ranked_crews(campaign)
