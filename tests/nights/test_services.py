"""Night services: the evening from opening to closing, each refusal writing nothing, and
who may do what."""

from __future__ import annotations

import random

import pytest
from django.core.exceptions import PermissionDenied

from campaign.lifecycle import IllegalTransition
from encounters.models import Game
from encounters.services import games, results
from nights import pairing, services
from nights.models import CampaignNight, CheckIn, Pairing
from nights.ordering import ranked_crews
from standings.services import set_tie_breaks
from tests.campaign.factories import CrewFactory, member
from tests.nights.conftest import running_campaign
from tests.standings.conftest import next_week

pytestmark = pytest.mark.django_db


def snapshot():
    """Everything a night service may write, to prove a refusal wrote nothing."""
    return (
        list(CampaignNight.objects.order_by("pk").values()),
        list(CheckIn.objects.order_by("pk").values()),
        list(Pairing.objects.order_by("pk").values()),
        list(Game.objects.order_by("pk").values_list("pk", "state")),
    )


def refused(call, error=services.NightError, match=None):
    before = snapshot()
    with pytest.raises(error, match=match):
        call()
    assert snapshot() == before


def ruled(campaign, organizer, a, b, vp_a, vp_b):
    """A counted game between two crews (an organizer's ruling counts straight away)."""
    game = games.create_campaign_game(campaign=campaign, crew_a=a, crew_b=b, actor=organizer)
    results.rule_result(game=game, actor=organizer, vp_a=vp_a, vp_b=vp_b, reason="Test")
    return game


def checked_in_night(campaign, crews, organizer):
    night = services.open_night(campaign=campaign, actor=organizer)
    for crew in crews:
        services.check_in(night=night, crew=crew, actor=organizer)
    return night


def pairs_of(night):
    return [(p.crew_a.name, p.crew_b.name if p.crew_b else None, p.table, p.bye)
            for p in Pairing.objects.filter(night=night).order_by("bye", "table")]


# --- Opening and check-in ---------------------------------------------------------------


def test_one_night_per_week_opened_by_organizers_only(six):
    campaign, crews, organizer = six
    refused(lambda: services.open_night(campaign=campaign, actor=crews[0].player),
            PermissionDenied)
    night = services.open_night(campaign=campaign, actor=organizer)
    assert night.week.number == 1 and night.state == "open"
    refused(lambda: services.open_night(campaign=campaign, actor=organizer),
            match="Week 1 already has its night")


def test_a_player_checks_in_and_out_their_own_crew_only(six):
    campaign, crews, organizer = six
    night = services.open_night(campaign=campaign, actor=organizer)
    alpha, bravo = crews[0], crews[1]
    services.check_in(night=night, crew=alpha, actor=alpha.player)
    services.check_in(night=night, crew=alpha, actor=alpha.player)  # twice is harmless
    assert list(night.check_ins.values_list("crew", flat=True)) == [alpha.pk]
    refused(lambda: services.check_in(night=night, crew=bravo, actor=alpha.player),
            PermissionDenied)
    refused(lambda: services.check_out(night=night, crew=alpha, actor=bravo.player),
            PermissionDenied)
    services.check_in(night=night, crew=bravo, actor=organizer)
    services.check_out(night=night, crew=alpha, actor=alpha.player)
    assert list(night.check_ins.values_list("crew", flat=True)) == [bravo.pk]


def test_check_in_refuses_crews_that_cannot_play(six):
    campaign, _crews, organizer = six
    night = services.open_night(campaign=campaign, actor=organizer)
    building = CrewFactory(campaign=campaign, player=member(campaign.league))
    refused(lambda: services.check_in(night=night, crew=building, actor=organizer),
            match="not active")
    stranger = running_campaign(1)[1][0]
    refused(lambda: services.check_in(night=night, crew=stranger, actor=organizer),
            match="another campaign")


def test_checking_in_after_pairing_clears_the_pairings(six):
    campaign, crews, organizer = six
    night = checked_in_night(campaign, crews[:4], organizer)
    services.generate_pairings(night=night, actor=organizer, method="standings")
    services.check_in(night=night, crew=crews[4], actor=crews[4].player)
    night.refresh_from_db()
    assert night.state == "open" and not night.pairings.exists()


# --- Pairing ----------------------------------------------------------------------------


def test_standings_order_comes_from_counted_results():
    campaign, (a, b, c, d), organizer = running_campaign(4)
    ruled(campaign, organizer, c, d, 4, 2)
    unconfirmed = games.create_campaign_game(campaign=campaign, crew_a=b, crew_b=a,
                                             actor=organizer)
    results.report_result(game=unconfirmed, actor=b.player, vp_a=9, vp_b=0)
    assert ranked_crews(campaign) == [c.pk, a.pk, b.pk, d.pk]
    # Bravo and Alpha met this week (reported only): the pairing avoids the rematch.
    night = checked_in_night(campaign, [a, b, c, d], organizer)
    services.generate_pairings(night=night, actor=organizer, method="standings")
    assert pairs_of(night) == [("Charlie", "Alpha", 1, False), ("Bravo", "Delta", 2, False)]


def test_pairing_by_standings_follows_the_campaigns_tie_breaks():
    """Week 2: Alpha beat Echo 3-1 and Charlie lost to Foxtrot 8-9 in week 1; Bravo and
    Delta have not played. The four of them check in."""
    campaign, (a, b, c, d, e, f), organizer = running_campaign(6)
    ruled(campaign, organizer, a, e, 3, 1)
    ruled(campaign, organizer, f, c, 9, 8)
    campaign = next_week(campaign, organizer)
    night = checked_in_night(campaign, [a, b, c, d], organizer)
    services.generate_pairings(night=night, actor=organizer, method="standings")
    # The book's CP > Differential > VP: Alpha, Bravo, Delta (0, 0), Charlie (0, -1).
    assert pairs_of(night) == [("Alpha", "Bravo", 1, False), ("Delta", "Charlie", 2, False)]

    set_tie_breaks(campaign=campaign, actor=organizer, keys=["vp", "cp", "diff"])
    services.generate_pairings(night=night, actor=organizer, method="standings")
    # VP first: Charlie (8), Alpha (3), Bravo and Delta (0).
    assert pairs_of(night) == [("Charlie", "Alpha", 1, False), ("Bravo", "Delta", 2, False)]


def test_random_pairing_follows_the_injected_random_source(six):
    campaign, crews, organizer = six
    night = checked_in_night(campaign, crews, organizer)
    services.generate_pairings(night=night, actor=organizer, method="random",
                               rng=random.Random(11))
    order = pairing.shuffled([c.pk for c in crews], random.Random(11))
    expected = [(order[i], order[i + 1]) for i in range(0, 6, 2)]
    got = list(night.pairings.order_by("table").values_list("crew_a", "crew_b"))
    assert got == expected
    night.refresh_from_db()
    assert night.method == "random"


def test_random_pairing_records_its_seed_so_it_can_be_replayed(six):
    campaign, crews, organizer = six
    night = checked_in_night(campaign, crews, organizer)
    services.generate_pairings(night=night, actor=organizer, method="random")
    night.refresh_from_db()
    order = pairing.shuffled([c.pk for c in crews], random.Random(night.seed))
    got = list(night.pairings.order_by("table").values_list("crew_a", "crew_b"))
    assert got == [(order[i], order[i + 1]) for i in range(0, 6, 2)]


def test_regenerating_replaces_the_unstarted_pairings(six):
    campaign, crews, organizer = six
    night = checked_in_night(campaign, crews, organizer)
    services.generate_pairings(night=night, actor=organizer, method="standings")
    first = set(night.pairings.values_list("pk", flat=True))
    services.generate_pairings(night=night, actor=organizer, method="random",
                               rng=random.Random(3))
    assert night.pairings.count() == 3
    assert not first & set(night.pairings.values_list("pk", flat=True))


def test_pairing_refusals_write_nothing(six):
    campaign, crews, organizer = six
    night = checked_in_night(campaign, crews[:1], organizer)
    refused(lambda: services.generate_pairings(night=night, actor=organizer,
                                               method="standings"),
            match="at least two players")
    services.check_in(night=night, crew=crews[1], actor=organizer)
    refused(lambda: services.generate_pairings(night=night, actor=organizer, method="elo"),
            match="standings or at random")
    refused(lambda: services.generate_pairings(night=night, actor=crews[0].player,
                                               method="standings"), PermissionDenied)


def test_odd_count_gives_a_recorded_bye_to_the_lowest_placed(six):
    campaign, crews, organizer = six
    night = checked_in_night(campaign, crews[:5], organizer)
    services.generate_pairings(night=night, actor=organizer, method="standings")
    assert pairs_of(night) == [("Alpha", "Bravo", 1, False), ("Charlie", "Delta", 2, False),
                               ("Echo", None, None, True)]
    made = services.start_games(night=night, actor=organizer)
    assert len(made) == 2
    bye = night.pairings.get(bye=True)
    assert bye.game is None


def test_player_at_the_weekly_maximum_sits_out_with_a_note():
    campaign, (a, b, c, d, e), organizer = running_campaign(5, max_games_per_week=1)
    ruled(campaign, organizer, a, e, 3, 3)
    night = checked_in_night(campaign, [a, b, c, d, e], organizer)
    services.generate_pairings(night=night, actor=organizer, method="standings")
    night.refresh_from_db()
    assert pairs_of(night) == [("Bravo", "Charlie", 1, False), ("Delta", None, None, True)]
    assert night.notes == [
        {"crew": a.pk, "text": "Alpha has already played 1 game(s) this week, the campaign's "
                               "maximum, so sits this night out."},
        {"crew": e.pk, "text": "Echo has already played 1 game(s) this week, the campaign's "
                               "maximum, so sits this night out."}]


def test_byes_of_earlier_nights_count(db):
    from campaign.weeks import services as weeks

    campaign, crews, organizer = running_campaign(3)
    first = checked_in_night(campaign, crews, organizer)
    services.generate_pairings(night=first, actor=organizer, method="standings")
    assert first.pairings.get(bye=True).crew_a == crews[2]
    services.start_games(night=first, actor=organizer)
    services.close_night(night=first, actor=organizer)
    weeks.turn_over(campaign, 2)
    campaign.refresh_from_db()
    second = checked_in_night(campaign, crews, organizer)
    services.generate_pairings(night=second, actor=organizer, method="standings")
    # Charlie is still lowest placed but has had a bye: Bravo, next up, has it.
    assert pairs_of(second) == [("Alpha", "Charlie", 1, False), ("Bravo", None, None, True)]


# --- Adjusting by hand ------------------------------------------------------------------


def test_swap_two_crews_between_pairings(six):
    campaign, crews, organizer = six
    night = checked_in_night(campaign, crews[:4], organizer)
    services.generate_pairings(night=night, actor=organizer, method="standings")
    services.swap(night=night, actor=organizer, crew_x=crews[1], crew_y=crews[2])
    assert pairs_of(night) == [("Alpha", "Charlie", 1, False), ("Bravo", "Delta", 2, False)]


def test_swap_that_repeats_a_week_opponent_is_refused_with_the_reason(six):
    campaign, crews, organizer = six
    alpha, bravo, charlie, delta = crews[:4]
    ruled(campaign, organizer, alpha, bravo, 2, 1)
    night = checked_in_night(campaign, crews[:4], organizer)
    services.generate_pairings(night=night, actor=organizer, method="standings")
    # Alpha won, so Alpha, then Charlie/Delta by name, Bravo last: Alpha-Charlie, Delta-Bravo
    assert pairs_of(night) == [("Alpha", "Charlie", 1, False), ("Delta", "Bravo", 2, False)]
    refused(lambda: services.swap(night=night, actor=organizer, crew_x=charlie,
                                  crew_y=bravo),
            match="Alpha and Bravo have already played each other this week.")
    refused(lambda: services.swap(night=night, actor=alpha.player, crew_x=charlie,
                                  crew_y=delta), PermissionDenied)
    refused(lambda: services.swap(night=night, actor=organizer, crew_x=charlie,
                                  crew_y=crews[5]), match="not checked in")


def test_swap_a_crew_without_a_game_into_a_pairing():
    campaign, crews, organizer = running_campaign(3)
    night = checked_in_night(campaign, crews, organizer)
    services.generate_pairings(night=night, actor=organizer, method="standings")
    services.swap(night=night, actor=organizer, crew_x=crews[0], crew_y=crews[2])
    assert pairs_of(night) == [("Charlie", "Bravo", 1, False), ("Alpha", None, None, True)]
    assert night.pairings.get(bye=True).explanations == ["Alpha has the bye, changed by hand."]


def test_rematch_by_hand_is_allowed_and_explained():
    from campaign.weeks import services as weeks

    campaign, (a, b, c, d), organizer = running_campaign(4)
    ruled(campaign, organizer, a, b, 2, 1)
    weeks.turn_over(campaign, 2)
    campaign.refresh_from_db()
    night = checked_in_night(campaign, [a, b, c, d], organizer)
    services.generate_pairings(night=night, actor=organizer, method="standings")
    assert pairs_of(night) == [("Alpha", "Charlie", 1, False), ("Delta", "Bravo", 2, False)]
    services.swap(night=night, actor=organizer, crew_x=c, crew_y=b)
    first = night.pairings.get(table=1)
    assert (first.crew_a, first.crew_b) == (a, b)
    assert first.explanations == ["Alpha and Bravo have already played each other this "
                                  "campaign; no other pairing left everyone with a new "
                                  "opponent."]


# --- Tables, starting, closing ----------------------------------------------------------


def test_tables_are_renumbered_and_clashes_refused(six):
    campaign, crews, organizer = six
    night = checked_in_night(campaign, crews[:5], organizer)
    services.generate_pairings(night=night, actor=organizer, method="standings")
    one, two = night.pairings.filter(bye=False).order_by("table")
    bye = night.pairings.get(bye=True)
    services.assign_tables(night=night, actor=organizer, tables={one.pk: two.table,
                                                                 two.pk: one.table})
    one.refresh_from_db()
    assert one.table == 2
    services.assign_tables(night=night, actor=organizer, tables={two.pk: 7})
    assert set(night.pairings.values_list("table", flat=True)) == {2, 7, None}
    refused(lambda: services.assign_tables(night=night, actor=organizer, tables={one.pk: 7}),
            match="used twice: 7")
    refused(lambda: services.assign_tables(night=night, actor=organizer, tables={bye.pk: 3}),
            match="a bye has no table")
    refused(lambda: services.assign_tables(night=night, actor=organizer, tables={one.pk: 0}),
            match="from 1 to 999")
    refused(lambda: services.assign_tables(night=night, actor=crews[0].player,
                                           tables={one.pk: 5}), PermissionDenied)


def test_starting_makes_one_campaign_game_per_pairing(six):
    campaign, crews, organizer = six
    night = checked_in_night(campaign, crews, organizer)
    services.generate_pairings(night=night, actor=organizer, method="standings")
    refused(lambda: services.start_games(night=night, actor=crews[0].player),
            PermissionDenied)
    made = services.start_games(night=night, actor=organizer)
    assert len(made) == 3
    for row in night.pairings.select_related("game"):
        sides = {s.key: s.crew_id for s in row.game.sides.all()}
        assert sides == {"a": row.crew_a_id, "b": row.crew_b_id}
        assert row.game.week_id == night.week_id and row.game.setup
    night.refresh_from_db()
    assert night.state == "started" and night.started_at
    refused(lambda: services.start_games(night=night, actor=organizer),
            match="Generate the pairings")
    refused(lambda: services.check_in(night=night, crew=crews[0], actor=organizer),
            match="games have started")


def test_a_game_that_cannot_be_set_up_starts_none():
    campaign, crews, organizer = running_campaign(4, max_games_per_week=1)
    night = checked_in_night(campaign, crews, organizer)
    services.generate_pairings(night=night, actor=organizer, method="standings")
    # Meanwhile Charlie and Delta play a game on their own: table 2 is now over the cap.
    games.create_campaign_game(campaign=campaign, crew_a=crews[2], crew_b=crews[3],
                               actor=organizer)
    refused(lambda: services.start_games(night=night, actor=organizer),
            match="Table 2 \\(Charlie vs Delta\\): Charlie has already played 1 game")


def test_close_night(six):
    campaign, crews, organizer = six
    night = checked_in_night(campaign, crews[:2], organizer)
    refused(lambda: services.close_night(night=night, actor=crews[0].player),
            PermissionDenied)
    services.close_night(night=night, actor=organizer)
    night.refresh_from_db()
    assert night.state == "closed" and night.closed_at
    refused(lambda: services.close_night(night=night, actor=organizer), IllegalTransition)
