"""Read paths: the facts behind a campaign's standings in a fixed number of queries.

``load_facts`` issues the same seven queries whatever the number of crews and games
(an eighth, the campaign's weeks, only when Linked Games between its players count);
everything after that (any week's table, the history chart) is computed in Python.
"""

from __future__ import annotations

from django.db.models import IntegerField, Sum
from django.db.models.fields.json import KT
from django.db.models.functions import Cast

from campaign.models import (
    ArsenalModel,
    Campaign,
    CampaignWeek,
    Crew,
    CrewBounty,
    Fortification,
    ScripEntry,
)
from encounters.models import Game, ResultReport
from encounters.services.results import COUNTED
from standings.compute import History, StandingsTable, build_history, build_table
from standings.facts import (
    CampaignFacts,
    FactsBuilder,
    Outcome,
    ScripLine,
    entrants_from_crews,
    week_at,
)
from standings.models import StandingsConfig, tie_breaks_for

COUNTED_REPORTS = (ResultReport.Status.CONFIRMED, ResultReport.Status.RULED)


def load_facts(campaign: Campaign) -> CampaignFacts:
    crews = list(
        Crew.objects.filter(campaign=campaign).order_by("id").values_list(
            "id", "player_id", "name", "player__display_name", "player__username",
            "faction__name", "status"))
    entrants, owner = entrants_from_crews(
        (c[0], c[1], c[2], c[3] or c[4], c[5], c[6] == Crew.Status.RETIRED) for c in crews)
    by_player = {c[1]: owner[c[0]] for c in crews}
    facts = FactsBuilder(owner)
    weeks_seen = [campaign.current_week]
    for week in _campaign_games(campaign, facts):
        weeks_seen.append(week)
    for crew_id, week, kind, total in (
            ScripEntry.objects.filter(crew__campaign=campaign).order_by()
            .values("crew_id", "week", "kind").annotate(total=Sum("amount"))
            .values_list("crew_id", "week", "kind", "total")):
        facts.add(crew_id, "scrip", ScripLine(week, kind, total))
    for crew_id, week in (CrewBounty.objects.filter(
            crew__campaign=campaign, status=CrewBounty.Status.COMPLETED)
            .values_list("crew_id", "completed_week")):
        facts.add(crew_id, "bounties_completed", week or campaign.current_week)
    for crew_id, week in (ArsenalModel.objects.filter(
            crew__campaign=campaign, status=ArsenalModel.Status.ANNIHILATED)
            .values_list("crew_id", "annihilated_week")):
        facts.add(crew_id, "annihilated", week or campaign.current_week)
    for crew_id, week in (Fortification.objects.filter(hide_out__crew__campaign=campaign)
                          .values_list("hide_out__crew_id", "built_week")):
        facts.add(crew_id, "fortifications", week)
    _linked_games(campaign, by_player, facts)
    return CampaignFacts(campaign_id=campaign.pk, name=campaign.name,
                         last_week=max(1, *weeks_seen), entrants=entrants,
                         crews=facts.build())


def _campaign_games(campaign: Campaign, facts: FactsBuilder):
    """Counted campaign games, read from the record frozen when each result counted;
    yields each game's week."""
    rows = (Game.objects.filter(campaign=campaign, state__in=COUNTED)
            .values_list("week__number", *(_int(f"record__{path}") for path in (
                "week", "sides__a__crew", "sides__a__vp", "sides__b__crew", "sides__b__vp"))))
    for week_number, record_week, crew_a, vp_a, crew_b, vp_b in rows:
        if crew_a is None or crew_b is None or vp_a is None or vp_b is None:
            continue  # a record without both sides cannot be scored
        week = int(record_week or week_number or campaign.current_week)
        facts.add(int(crew_a), "games", Outcome(week, int(vp_a), int(vp_b)))
        facts.add(int(crew_b), "games", Outcome(week, int(vp_b), int(vp_a)))
        yield week


def _int(path: str) -> Cast:
    """A number inside a JSON column, read as an integer by the database (no JSON parsing
    of 1,600 records in Python)."""
    return Cast(KT(path), IntegerField())


def _linked_games(campaign: Campaign, by_player: dict[int, int], facts: FactsBuilder) -> None:
    """Counted Linked Games between two of the campaign's players, placed in the campaign
    week in play when the result counted (games outside the campaign are left out)."""
    players = list(by_player)
    reports = (ResultReport.objects.filter(
        status__in=COUNTED_REPORTS, game__state__in=COUNTED, game__series__isnull=False,
        game__series__player_a__in=players, game__series__player_b__in=players)
        .order_by("game_id", "id")
        .values_list("game_id", "vp_a", "vp_b", "answered_at", "created_at",
                     "game__series__player_a_id", "game__series__player_b_id"))
    latest = {row[0]: row for row in reports}  # the last counted report of each game
    if not latest:
        return
    weeks = list(CampaignWeek.objects.filter(campaign=campaign)
                 .values_list("number", "turned_over_at", "closed_at"))
    for _game, vp_a, vp_b, answered_at, created_at, player_a, player_b in latest.values():
        week = week_at(answered_at or created_at, weeks)
        if week is None:
            continue
        facts.add(by_player[player_a], "linked_games", Outcome(week, vp_a, vp_b))
        facts.add(by_player[player_b], "linked_games", Outcome(week, vp_b, vp_a))


def tie_breaks(campaign: Campaign) -> tuple[str, ...]:
    return tie_breaks_for(campaign, StandingsConfig.objects.filter(campaign=campaign).first())


def standings_table(campaign: Campaign, week: int | None = None, *,
                    facts: CampaignFacts | None = None) -> StandingsTable:
    facts = facts or load_facts(campaign)
    return build_table(facts, tie_breaks(campaign), week)


def standings_history(campaign: Campaign, *, facts: CampaignFacts | None = None) -> History:
    facts = facts or load_facts(campaign)
    return build_history(facts, tie_breaks(campaign))
