"""Ranking, with no database: facts and an ordered list of metric keys in, a table out.

Crews are ordered by each tie-break in turn (each metric knows whether higher or lower
is better). Crews equal on every tie-break share a rank and the next rank is skipped
(1, 2, 2, 4); within a shared rank they are listed by crew name.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

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

    FIXED_HEADINGS = (_("Rank"), _("Crew"), _("Player"), _("Faction"))

    @property
    def tie_break_text(self) -> str:
        return " > ".join(str(m.label) for m in self.tie_breaks)

    @property
    def week_text(self) -> str:
        if self.week < self.last_week:
            return gettext("Week %(week)s of %(last)s") % {"week": self.week,
                                                          "last": self.last_week}
        return gettext("Week %(week)s (latest)") % {"week": self.week}

    def header_lines(self) -> list[tuple[str, str]]:
        return [(gettext("Campaign"), self.campaign),
                (gettext("Standings as of"), self.week_text),
                (gettext("Tie-breaks"), self.tie_break_text)]

    def headings(self) -> list[str]:
        return [*map(str, self.FIXED_HEADINGS), *(str(m.label) for m in self.columns)]

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
    """Each crew's position and scrip balance after every week so far.

    The same ranking as ``build_table`` week by week, but only the tie-breaks are computed
    (the chart needs no other column), each crew's facts are split by week in one pass,
    and additive metrics are added up week by week instead of recomputed from week 1."""
    last = facts.last_week
    weeks = tuple(range(1, last + 1))
    metrics = [REGISTRY[k] for k in keys]
    added = [m for m in metrics if m.additive]
    whole = [m for m in metrics if not m.additive]
    entrants = {e.crew_id: e for e in facts.entrants}
    names = {crew: e.crew.casefold() for crew, e in entrants.items()}
    by_week: list[dict[int, dict[str, int]]] = [{} for _ in weeks]
    scrip: dict[int, list[int]] = {}
    for crew in entrants:
        crew_facts = facts.for_crew(crew)
        cuts = crew_facts.weekly(last) if whole else None
        running = dict.fromkeys((m.key for m in added), 0)
        balance, scrip[crew] = 0, []
        for index, bucket in enumerate(crew_facts.each_week(last)):
            for m in added:
                running[m.key] += m.compute(bucket)
            values = dict(running)
            for m in whole:
                values[m.key] = m.compute(cuts[index])
            by_week[index][crew] = values
            balance += sum(line.amount for line in bucket.scrip)
            scrip[crew].append(balance)
    positions: dict[int, list[int]] = {crew: [] for crew in entrants}
    order: list[int] = []
    for values in by_week:
        ranked = rank(values, keys, names=names)
        for row in ranked:
            positions[row.key].append(row.rank)
        order = [row.key for row in ranked]
    return History(weeks, tuple(CrewHistory(entrants[crew], tuple(positions[crew]),
                                            tuple(scrip[crew])) for crew in order))
