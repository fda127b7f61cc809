"""Standings from the database: games played through the services, only confirmed
results, past weeks, the other metrics' sources, and a fixed number of queries."""

from __future__ import annotations

import pytest

from bench.bench_standings import build_campaign
from campaign.models import Campaign, CrewBounty, Fortification, HideOut
from campaign.services import arsenal, crews, scrip
from catalogue.models import Faction
from encounters.models import Game
from encounters.services import games, results, series
from standings.models import StandingsConfig
from standings.selectors import load_facts, standings_table
from tests.encounters.test_week_effects import play
from tests.standings.conftest import next_week

pytestmark = pytest.mark.django_db


def figures(table) -> dict[str, tuple]:
    return {row.entrant.crew: (row.rank, *row.values) for row in table.rows}


def test_confirmed_results_count_and_nothing_else(tournament):
    campaign, (alpha, bravo, charlie), organizer = tournament
    play(campaign, alpha, bravo, vp=(5, 3))
    pending = games.create_campaign_game(campaign=campaign, crew_a=charlie, crew_b=alpha,
                                         actor=charlie.player)
    results.report_result(game=pending, actor=charlie.player, vp_a=9, vp_b=0)
    disputed = games.create_campaign_game(campaign=campaign, crew_a=charlie, crew_b=bravo,
                                          actor=charlie.player)
    results.report_result(game=disputed, actor=charlie.player, vp_a=8, vp_b=1)
    results.dispute_result(game=disputed, actor=bravo.player, reason="We stopped at 4-4")

    table = standings_table(campaign)
    assert [m.key for m in table.columns] == ["cp", "diff", "vp", "games"]
    assert figures(table) == {"Alpha": (1, 3, 2, 5, 1), "Charlie": (2, 0, 0, 0, 0),
                              "Bravo": (3, 0, -2, 3, 1)}

    results.rule_result(game=disputed, actor=organizer, vp_a=4, vp_b=4, reason="Both agree")
    assert figures(standings_table(campaign))["Charlie"] == (2, 1, 0, 4, 1)
    assert figures(standings_table(campaign))["Bravo"] == (3, 1, -2, 7, 2)


def test_standings_as_of_a_past_week(tournament):
    campaign, (alpha, bravo, charlie), organizer = tournament
    play(campaign, alpha, bravo, vp=(6, 2))
    scrip.gain_scrip(alpha, 4, week=1, reason="Week 1 pay")
    campaign = next_week(campaign, organizer)
    play(campaign, charlie, alpha, vp=(7, 1))
    play(campaign, charlie, bravo, vp=(3, 3))
    scrip.gain_scrip(alpha, 5, week=2, reason="Week 2 pay")

    week1 = standings_table(campaign, 1)
    assert week1.week == 1 and week1.last_week == 2
    assert figures(week1) == {"Alpha": (1, 3, 4, 6, 1), "Charlie": (2, 0, 0, 0, 0),
                              "Bravo": (3, 0, -4, 2, 1)}
    latest = standings_table(campaign)
    assert figures(latest) == {"Charlie": (1, 4, 6, 10, 2), "Alpha": (2, 3, -2, 7, 2),
                               "Bravo": (3, 1, -4, 5, 2)}
    facts = load_facts(campaign)
    alpha_scrip = facts.for_crew(alpha.pk)
    earned = sum(s.amount for s in alpha_scrip.as_of(1).scrip if s.kind == "gain")
    assert earned == 4


def test_the_campaign_record_for_a_narrative_campaign(tournament):
    campaign, (alpha, bravo, charlie), _organizer = tournament
    Campaign.objects.filter(pk=campaign.pk).update(competitive_mode="none")
    campaign.refresh_from_db()
    play(campaign, alpha, bravo, vp=(4, 2))
    scrip.gain_scrip(bravo, 20, week=1, reason="A lucky week")  # 16 kept, 4 discarded
    CrewBounty.objects.create(crew=charlie, bounty_key="x", name="A bounty", bought_week=1,
                              status=CrewBounty.Status.COMPLETED, completed_week=1)
    CrewBounty.objects.create(crew=alpha, bounty_key="y", name="Another", bought_week=1)
    arsenal.annihilate_model(model=alpha.models.exclude(pk=alpha.leader_id).first(),
                             actor=alpha.player, why="Too many injuries")
    table = standings_table(campaign)
    assert [m.key for m in table.columns] == ["games", "wins", "scrip_earned", "bounties",
                                              "annihilated"]
    assert figures(table) == {"Alpha": (1, 1, 1, 0, 0, 1), "Bravo": (2, 1, 0, 16, 0, 0),
                              "Charlie": (3, 0, 0, 0, 1, 0)}


def test_hide_outs_rank_by_fortifications_then_flair(tournament):
    campaign, (alpha, bravo, charlie), organizer = tournament
    Campaign.objects.filter(pk=campaign.pk).update(competitive_mode="hide_outs")
    campaign.refresh_from_db()
    for crew, built in ((alpha, 6), (bravo, 6), (charlie, 4)):
        hide_out = HideOut.objects.create(crew=crew, hide_out_key="saloon", name="Saloon")
        Fortification.objects.bulk_create(
            Fortification(hide_out=hide_out, key=f"f{i}", name=f"F{i}", built_week=1)
            for i in range(built))
    campaign = next_week(campaign, organizer)
    play(campaign, bravo, charlie, vp=(5, 1))
    table = standings_table(campaign)
    assert [m.key for m in table.columns] == ["fortifications", "flair", "games"]
    assert figures(table) == {"Bravo": (1, 6, 1, 1), "Alpha": (2, 6, 0, 0),
                              "Charlie": (3, 4, 0, 1)}


def test_chosen_tie_breaks_replace_the_book_order(tournament):
    campaign, (alpha, bravo, _charlie), _organizer = tournament
    play(campaign, alpha, bravo, vp=(2, 1))
    play(campaign, bravo, alpha, vp=(9, 0))
    assert [r.entrant.crew for r in standings_table(campaign).rows][:2] == ["Bravo", "Alpha"]
    StandingsConfig.objects.create(campaign=campaign, tie_breaks=["annihilated", "wins"])
    table = standings_table(campaign)
    assert [m.key for m in table.tie_breaks] == ["annihilated", "wins"]
    assert [(r.entrant.crew, r.rank) for r in table.rows] == [
        ("Alpha", 1), ("Bravo", 1), ("Charlie", 3)]


def test_a_retired_crews_games_stay_with_its_player(tournament):
    campaign, (alpha, bravo, _charlie), _organizer = tournament
    play(campaign, alpha, bravo, vp=(6, 4))
    fresh = crews.start_anew(crew=alpha, actor=alpha.player, name="Alpha Reborn",
                             faction=Faction.objects.get(code="guild"))
    table = standings_table(campaign)
    assert len(table.rows) == 3
    assert figures(table)["Alpha Reborn"] == (1, 3, 2, 6, 1)
    assert table.rows[0].entrant.crew_id == fresh.pk


def test_linked_games_between_campaign_players_count_their_vp(tournament):
    campaign, (alpha, bravo, _charlie), _organizer = tournament
    made = series.start_series(actor=alpha.player, opponent=bravo.player, size=40,
                               faction="guild", leader="Captain")
    series.declare(series=made, actor=bravo.player, faction="guild", leader="Captain")
    game = series.next_game(series=made, actor=alpha.player)
    results.report_result(game=game, actor=alpha.player, vp_a=4, vp_b=6)
    assert Game.objects.get(pk=game.pk).state == Game.State.REPORTED
    StandingsConfig.objects.create(campaign=campaign, tie_breaks=["linked_vp"])
    assert {r.entrant.crew: r.values[0] for r in standings_table(campaign).rows} == {
        "Alpha": 0, "Bravo": 0, "Charlie": 0}
    results.confirm_result(game=game, actor=bravo.player)
    table = standings_table(campaign)
    assert [(r.entrant.crew, r.values[0]) for r in table.rows] == [
        ("Bravo", 6), ("Alpha", 4), ("Charlie", 0)]


def test_facts_load_in_the_same_few_queries_whatever_the_size(
        django_assert_num_queries):
    small = build_campaign(players=6, games=8, weeks=2, uncounted=2)
    large = build_campaign(players=80, games=320, weeks=6, uncounted=8, seed=3)
    for campaign in (small, large):
        campaign = Campaign.objects.select_related("league").get(pk=campaign.pk)
        with django_assert_num_queries(8):  # seven for the facts, one for the tie-breaks
            table = standings_table(campaign)
    assert len(table.rows) == 80
    assert sum(row.values[-1] for row in table.rows) == 2 * 320  # uncounted games left out


def test_bulk_built_campaign_matches_its_records():
    campaign = build_campaign(players=10, games=20, weeks=3, uncounted=4)
    counted = Game.objects.filter(campaign=campaign, state__in=results.COUNTED)
    cp = {}
    for game in counted:
        record = game.record
        for key, other in (("a", "b"), ("b", "a")):
            crew = record["sides"][key]["crew"]
            mine, theirs = record["vp"][key], record["vp"][other]
            cp[crew] = cp.get(crew, 0) + (3 if mine > theirs else 1 if mine == theirs else 0)
    table = standings_table(campaign)
    assert {row.entrant.crew_id: row.values[0] for row in table.rows} == {
        crew.pk: cp.get(crew.pk, 0) for crew in campaign.crews.all()}
