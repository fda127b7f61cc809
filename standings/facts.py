"""What the standings are computed from: plain data, fetched once, filtered by week.

``selectors.load_facts`` reads these from the database in a fixed number of queries;
metrics and ranking only ever see these objects, so they are tested without a database
and a past week's standings are the same facts cut at that week (``as_of``).
"""

from __future__ import annotations

import datetime
from bisect import bisect_right
from dataclasses import dataclass, field, replace
from typing import NamedTuple


@dataclass(frozen=True)
class Entrant:
    """One line of the standings: a player's current crew (retired crews fold into it)."""

    crew_id: int
    crew: str
    player: str
    faction: str
    player_id: int = 0


class Outcome(NamedTuple):
    """One crew's side of a counted game (a named tuple: thousands are made per page)."""

    week: int
    vp_for: int
    vp_against: int

    @property
    def won(self) -> bool:
        return self.vp_for > self.vp_against

    @property
    def drawn(self) -> bool:
        return self.vp_for == self.vp_against


class ScripLine(NamedTuple):
    """The sum of one kind of scrip ledger entry for a crew in a week."""

    week: int
    kind: str
    amount: int


@dataclass(frozen=True)
class CrewFacts:
    games: tuple[Outcome, ...] = ()
    linked_games: tuple[Outcome, ...] = ()
    scrip: tuple[ScripLine, ...] = ()
    bounties_completed: tuple[int, ...] = ()  # weeks
    annihilated: tuple[int, ...] = ()  # weeks
    fortifications: tuple[int, ...] = ()  # weeks built

    def as_of(self, week: int) -> CrewFacts:
        return CrewFacts(
            games=tuple(g for g in self.games if g.week <= week),
            linked_games=tuple(g for g in self.linked_games if g.week <= week),
            scrip=tuple(s for s in self.scrip if s.week <= week),
            bounties_completed=tuple(w for w in self.bounties_completed if w <= week),
            annihilated=tuple(w for w in self.annihilated if w <= week),
            fortifications=tuple(w for w in self.fortifications if w <= week),
        )

    def weekly(self, last_week: int) -> list[CrewFacts]:
        """``as_of(w)`` for every week ``w`` from 1 to ``last_week``, in one pass: each
        kind of fact sorted by week once, then cut with a binary search per week."""
        columns = []
        for items in _fields(self):
            ordered = sorted(items, key=_week_of)
            weeks = [_week_of(item) for item in ordered]
            columns.append([tuple(ordered[:bisect_right(weeks, w)])
                            for w in range(1, last_week + 1)])
        return [CrewFacts(*cut) for cut in zip(*columns, strict=True)]

    def each_week(self, last_week: int) -> list[CrewFacts]:
        """The facts of each week from 1 to ``last_week`` alone (week 1 also holds anything
        earlier; later weeks are left out), so that ``as_of(w)`` is weeks 1..w together."""
        buckets = [[[] for _ in range(last_week)] for _ in _FIELDS]
        for column, items in zip(buckets, _fields(self), strict=True):
            for item in items:
                week = _week_of(item)
                if week <= last_week:
                    column[max(week, 1) - 1].append(item)
        return [CrewFacts(*(tuple(column[index]) for column in buckets))
                for index in range(last_week)]

    def merged(self, other: CrewFacts) -> CrewFacts:
        return CrewFacts(*(a + b for a, b in zip(_fields(self), _fields(other), strict=True)))


def _week_of(item) -> int:
    return item if isinstance(item, int) else item.week


_FIELDS = ("games", "linked_games", "scrip", "bounties_completed", "annihilated",
           "fortifications")


def _fields(facts: CrewFacts) -> tuple:
    return (facts.games, facts.linked_games, facts.scrip, facts.bounties_completed,
            facts.annihilated, facts.fortifications)


@dataclass(frozen=True)
class CampaignFacts:
    campaign_id: int
    name: str
    last_week: int
    entrants: tuple[Entrant, ...]
    crews: dict[int, CrewFacts] = field(default_factory=dict)

    def for_crew(self, crew_id: int) -> CrewFacts:
        return self.crews.get(crew_id, EMPTY)

    def as_of(self, week: int) -> CampaignFacts:
        """Only what happened in weeks up to ``week``."""
        return replace(self, crews={k: v.as_of(week) for k, v in self.crews.items()})


EMPTY = CrewFacts()


class FactsBuilder:
    """Collects rows per crew, then folds retired crews into their player's current one."""

    def __init__(self, owner: dict[int, int]):
        self.owner = owner  # any crew id -> the entrant's crew id
        self._rows: dict[int, dict[str, list]] = {}

    def add(self, crew_id: int | None, kind: str, item) -> None:
        entrant = self.owner.get(crew_id)
        if entrant is None:
            return
        self._rows.setdefault(entrant, {}).setdefault(kind, []).append(item)

    def build(self) -> dict[int, CrewFacts]:
        return {crew: CrewFacts(**{k: tuple(v) for k, v in rows.items()})
                for crew, rows in self._rows.items()}


def entrants_from_crews(crews) -> tuple[tuple[Entrant, ...], dict[int, int]]:
    """One entrant per player: the current crew, or the latest one when all are retired.

    ``crews`` are ``(crew_id, player_id, name, player, faction, retired)`` tuples in id
    order; returns the entrants and a map of every crew id to its entrant's crew id."""
    by_player: dict[int, list[tuple]] = {}
    for row in crews:
        by_player.setdefault(row[1], []).append(row)
    entrants, owner = [], {}
    for rows in by_player.values():
        current = [r for r in rows if not r[5]]
        head = current[-1] if current else rows[-1]
        entrants.append(Entrant(crew_id=head[0], crew=head[2], player=head[3],
                                faction=head[4], player_id=head[1]))
        for r in rows:
            owner[r[0]] = head[0]
    return tuple(entrants), owner


def week_at(moment: datetime.datetime, weeks: list[tuple[int, datetime.datetime | None,
                                                   datetime.datetime | None]]) -> int | None:
    """The campaign week in play at ``moment``: the latest week turned over by then, as
    long as it had not closed yet (None before week 1 and after the last week closed).

    ``weeks`` are ``(number, turned_over_at, closed_at)`` in any order."""
    started = [(number, closed) for number, turned, closed in weeks
               if turned is not None and turned <= moment]
    if not started:
        return None
    number, closed = max(started)
    return None if closed is not None and closed < moment else number
