"""Event standings: wins, then mastery margin, then strength of schedule (the rulebook
has no league rules; docs/rules-decisions.md says why). Per unit (a player, or a team in
Allegiance and Nemesis) or per player; as of any round. ``compute`` is plain Python over
``Result`` facts; ``build`` reads them (one query for matches, one for their seats). The
table has the shape the campaign standings exporters read (CSV, XLSX, PDF)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from django.utils.translation import gettext, gettext_lazy

from malediction.models import Event, Match

TIE_BREAKS = (gettext_lazy("Wins"), gettext_lazy("Mastery margin"),
              gettext_lazy("Strength of schedule"))


@dataclass(frozen=True)
class Result:
    """One side's counted result in one round: a bye has no opponent."""

    round: int
    key: int
    won: bool
    mastery: int = 0
    opponents: tuple[int, ...] = ()
    opponent_mastery: int = 0


@dataclass
class Row:
    key: int
    name: str
    played: int = 0
    wins: int = 0
    losses: int = 0
    byes: int = 0
    margin: int = 0
    mastery: int = 0
    sos: int = 0
    opponents: list[int] = field(default_factory=list)
    rank: int = 0

    @property
    def values(self) -> list[int]:
        return [self.played, self.wins, self.losses, self.margin, self.sos, self.mastery]


COLUMNS = (gettext_lazy("Played"), gettext_lazy("Wins"), gettext_lazy("Losses"),
           gettext_lazy("Mastery margin"), gettext_lazy("Strength of schedule"),
           gettext_lazy("Mastery"))


def compute(names: dict[int, str], results: Iterable[Result]) -> list[Row]:
    """Rows ranked by wins, then mastery margin, then the sum of the opponents' wins;
    equal rows share a rank (then listed by name)."""
    rows = {k: Row(k, n) for k, n in names.items()}
    for r in results:
        row = rows.setdefault(r.key, Row(r.key, f"#{r.key}"))
        row.played += 1
        row.wins += r.won
        row.losses += not r.won
        if not r.opponents:
            row.byes += 1
            continue
        row.margin += r.mastery - r.opponent_mastery
        row.mastery += r.mastery
        row.opponents.extend(r.opponents)
    for row in rows.values():
        row.sos = sum(rows[o].wins for o in row.opponents if o in rows)
    ranked = sorted(rows.values(), key=lambda r: (-r.wins, -r.margin, -r.sos, r.name, r.key))
    previous = None
    for index, row in enumerate(ranked, start=1):
        signature = (row.wins, row.margin, row.sos)
        row.rank = previous[1] if previous and previous[0] == signature else index
        previous = (signature, row.rank)
    return ranked


@dataclass
class EventTable:
    """What the page, the API and the exporters show (the campaign exporters' shape)."""

    campaign: str  # the exporters' heading: here the event's name
    week: int  # the round the table is as of
    last_week: int
    per: str
    rows: list[Row]

    columns = COLUMNS

    def header_lines(self) -> list[tuple[str, str]]:
        return [(gettext("Event"), self.campaign),
                (gettext("Standings as of"), gettext("Round %(n)s") % {"n": self.week}),
                (gettext("Tie-breaks"), " > ".join(str(t) for t in TIE_BREAKS))]

    def headings(self) -> list[str]:
        unit = gettext("Team") if self.per == "team" else gettext("Player")
        return [gettext("Rank"), unit, "", "", *(str(c) for c in COLUMNS)]

    def grid(self) -> list[list]:
        return [[r.rank, r.name, "", "", *r.values] for r in self.rows]


def build(event: Event, *, upto_round: int | None = None, per: str = "unit") -> EventTable:
    """The standings as of ``upto_round`` (the latest when None). ``per`` is "unit" (teams
    in team modes, else players) or "player"."""
    last = event.rounds.order_by("-number").values_list("number", flat=True).first() or 0
    upto = last if upto_round is None else max(0, min(upto_round, last))
    team_mode = event.is_team_mode and per != "player"
    regs = list(event.registrations.select_related("player", "team"))
    if team_mode:
        names = {r.team_id: r.team.name for r in regs if r.team_id}
        unit_of = {r.pk: r.team_id for r in regs if r.team_id}
    else:
        names = {r.pk: str(r.player) for r in regs}
        unit_of = {r.pk: r.pk for r in regs}
    matches = (Match.objects.filter(event=event, state=Match.State.CONFIRMED,
                                    round__number__lte=upto)
               .select_related("round").prefetch_related("sides__seats"))
    results = []
    for match in matches:
        sides = {s.key: s for s in match.sides.all()}
        for key, side in sides.items():
            other = sides.get("b" if key == "a" else "a")
            mine = {unit_of.get(s.registration_id) for s in side.seats.all()} - {None}
            theirs = ({unit_of.get(s.registration_id) for s in other.seats.all()} - {None}
                      if other else set())
            for unit in mine:
                results.append(Result(
                    match.round.number, unit, match.winner == key, side.final_mastery or 0,
                    tuple(sorted(theirs)), (other.final_mastery or 0) if other else 0))
    rows = compute(names, results)
    return EventTable(event.name, upto, last, "team" if team_mode else "player", rows)
