"""Ranking, with no database: facts and an ordered list of metric keys in, a table out.

Crews are ordered by each tie-break in turn (each metric knows whether higher or lower
is better). Crews equal on every tie-break share a rank and the next rank is skipped
(1, 2, 2, 4); within a shared rank they are listed by crew name.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from standings.facts import CampaignFacts, Entrant
from standings.metrics import REGISTRY, Metric, columns_for


@dataclass(frozen=True)
class Ranked:
    rank: int
    tied: bool
    key: object


def rank(values: Mapping[object, Mapping[str, int]], keys: Sequence[str],
         *, names: Mapping[object, str] | None = None,
         registry: Mapping[str, Metric] = REGISTRY) -> list[Ranked]:
    """Rank ``values`` (entrant -> metric key -> value) by the tie-breaks ``keys``."""
    metrics = [registry[k] for k in keys]
    names = names or {}
    signatures = {key: tuple(m.sort_key(row[m.key]) for m in metrics)
                  for key, row in values.items()}
    ordered = sorted(values, key=lambda key: (signatures[key], names.get(key, "")))
    counts = Counter(signatures.values())
    result, position, previous = [], 0, None
    for index, key in enumerate(ordered, start=1):
        if signatures[key] != previous:
            position, previous = index, signatures[key]
        result.append(Ranked(position, counts[signatures[key]] > 1, key))
    return result


@dataclass(frozen=True)
class StandingsRow:
    rank: int
    tied: bool
    entrant: Entrant
    values: tuple[int, ...]  # in the table's column order

    @property
    def rank_label(self) -> str:
        return f"{self.rank}=" if self.tied else str(self.rank)


@dataclass(frozen=True)
class StandingsTable:
    """Everything a page, the API and the exporters show, in one object."""

    campaign_id: int
    campaign: str
    week: int
    last_week: int
    tie_breaks: tuple[Metric, ...]
    columns: tuple[Metric, ...]
    rows: tuple[StandingsRow, ...]

    FIXED_HEADINGS = ("Rank", "Crew", "Player", "Faction")

    @property
    def tie_break_text(self) -> str:
        return " > ".join(m.label for m in self.tie_breaks)

    @property
    def week_text(self) -> str:
        return f"Week {self.week} of {self.last_week}" if self.week < self.last_week \
            else f"Week {self.week} (latest)"

    def header_lines(self) -> list[tuple[str, str]]:
        return [("Campaign", self.campaign), ("Standings as of", self.week_text),
                ("Tie-breaks", self.tie_break_text)]

    def headings(self) -> list[str]:
        return [*self.FIXED_HEADINGS, *(m.label for m in self.columns)]

    def grid(self) -> list[list]:
        """One list per row: rank, crew, player, faction, then the metric values."""
        return [[row.rank, row.entrant.crew, row.entrant.player, row.entrant.faction,
                 *row.values] for row in self.rows]


def crew_values(facts: CampaignFacts, metrics: Sequence[Metric]) -> dict[int, dict[str, int]]:
    return {e.crew_id: {m.key: m.compute(facts.for_crew(e.crew_id)) for m in metrics}
            for e in facts.entrants}


def build_table(facts: CampaignFacts, keys: Sequence[str], week: int | None = None
                ) -> StandingsTable:
    """The standings as of ``week`` (the latest week when None)."""
    week = facts.last_week if week is None else week
    cut = facts.as_of(week)
    columns = columns_for(keys)
    values = crew_values(cut, columns)
    entrants = {e.crew_id: e for e in facts.entrants}
    ranked = rank(values, keys, names={k: e.crew.casefold() for k, e in entrants.items()})
    rows = tuple(
        StandingsRow(r.rank, r.tied, entrants[r.key],
                     tuple(values[r.key][m.key] for m in columns))
        for r in ranked)
    return StandingsTable(campaign_id=facts.campaign_id, campaign=facts.name, week=week,
                          last_week=facts.last_week,
                          tie_breaks=tuple(REGISTRY[k] for k in keys), columns=columns,
                          rows=rows)


@dataclass(frozen=True)
class CrewHistory:
    entrant: Entrant
    positions: tuple[int, ...]  # rank after each week, week 1 first
    scrip: tuple[int, ...]  # ledger balance at the end of each week

    @property
    def rows(self) -> list[tuple[int, int]]:
        return list(zip(self.positions, self.scrip, strict=True))


@dataclass(frozen=True)
class History:
    weeks: tuple[int, ...]
    crews: tuple[CrewHistory, ...]  # in the latest standings' order


def build_history(facts: CampaignFacts, keys: Sequence[str]) -> History:
    """Each crew's position and scrip balance after every week so far."""
    weeks = tuple(range(1, facts.last_week + 1))
    positions: dict[int, list[int]] = {e.crew_id: [] for e in facts.entrants}
    scrip: dict[int, list[int]] = {e.crew_id: [] for e in facts.entrants}
    latest = None
    for week in weeks:
        latest = build_table(facts, keys, week)
        for row in latest.rows:
            positions[row.entrant.crew_id].append(row.rank)
    for entrant in facts.entrants:
        lines = facts.for_crew(entrant.crew_id).scrip
        for week in weeks:
            scrip[entrant.crew_id].append(sum(s.amount for s in lines if s.week <= week))
    order = [row.entrant for row in latest.rows] if latest else []
    return History(weeks, tuple(CrewHistory(e, tuple(positions[e.crew_id]),
                                            tuple(scrip[e.crew_id])) for e in order))
