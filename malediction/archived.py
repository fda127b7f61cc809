"""A finished event read back for the archive API: its rounds with their pairings and
counted results, and its final standings. Who may read it is the event page's rule
(``selectors.visible_events``), and each Seeker shown goes through
``selectors.visible_list_ids`` like every list; the reads are a fixed number of queries
however many players and rounds the event had."""

from __future__ import annotations

from django.db.models import Prefetch, QuerySet

from league.result_flow import COUNTED_STATUSES, ReportStatus
from malediction import selectors, standings
from malediction.models import Event, Match, MatchReport, MatchSide, Seat
from malediction.result_form import OPTIONAL_FACTS


def archived_events(user) -> QuerySet[Event]:
    """The finished events ``user`` may see (the event page's selector)."""
    return selectors.visible_events(user).filter(state=Event.State.FINISHED)


def _matches(event: Event) -> list[Match]:
    seats = Seat.objects.select_related("player", "seeker", "legacy").order_by("id")
    sides = (MatchSide.objects.select_related("team").order_by("key")
             .prefetch_related(Prefetch("seats", queryset=seats)))
    counted = MatchReport.objects.filter(
        status__in=COUNTED_STATUSES).order_by("id")
    return list(Match.objects.filter(event=event).select_related("round")
                .prefetch_related(Prefetch("sides", queryset=sides),
                                  Prefetch("reports", queryset=counted, to_attr="counted"))
                .order_by("round__number", "table", "id"))


def _match(match: Match, visible: set[int]) -> dict:
    report = match.counted[-1] if match.counted else None
    ruled = report is not None and report.status == ReportStatus.RULED
    return {
        "id": match.pk, "table": match.table, "is_bye": match.is_bye, "state": match.state,
        "winner": match.winner or None, "final_round": match.final_round,
        "win_type": match.win_type or None, "ruled": ruled,
        "ruling_reason": report.reason if ruled else "",
        "sides": [{
            "key": side.key, "team": side.team.name if side.team else None,
            "won": bool(match.winner) and match.winner == side.key,
            "final_mastery": side.final_mastery,
            **{name: getattr(side, name) for name in OPTIONAL_FACTS},
            "seats": [{"player": str(seat.player),
                       **({"seeker": seat.seeker.name if seat.seeker else None,
                           "legacy": seat.legacy.name if seat.legacy else None}
                          if seat.registration_id in visible
                          else {"seeker": None, "legacy": None})}
                      for seat in side.seats.all()],
        } for side in match.sides.all()],
    }


def rounds_of(event: Event, viewer) -> list[dict]:
    """Each round (number, night, pairing notes) with its matches: tables, sides and their
    players, and the counted result (an organizer's ruling says so, with its reason)."""
    visible = selectors.visible_list_ids(event, viewer)
    by_round: dict[int, list[dict]] = {}
    for match in _matches(event):
        if match.round_id:
            by_round.setdefault(match.round_id, []).append(_match(match, visible))
    return [{"number": r.number, "date": r.date, "state": r.state, "paired_at": r.paired_at,
             "notes": [str(n) for n in r.notes or ()], "matches": by_round.get(r.pk, [])}
            for r in event.rounds.order_by("number")]


def final_standings(event: Event, *, per: str = "unit") -> dict:
    """The standings after the last round (``standings.build``, the page's table)."""
    table = standings.build(event, per=per)
    return {"round": table.week, "per": table.per,
            "tie_breaks": [str(t) for t in standings.TIE_BREAKS],
            "rows": [{"rank": r.rank, "name": r.name, "played": r.played, "wins": r.wins,
                      "losses": r.losses, "byes": r.byes, "margin": r.margin,
                      "strength_of_schedule": r.sos, "mastery": r.mastery}
                     for r in table.rows]}


def archive_of(event: Event, viewer) -> dict:
    """The whole record: the event, its rounds with pairings and results, the standings."""
    return {"id": event.pk, "league": event.league.slug, "name": event.name,
            "mode": event.mode, "board": event.board, "threshold": event.threshold,
            "planned_rounds": event.planned_rounds, "state": event.state,
            "rounds": rounds_of(event, viewer), "standings": final_standings(event)}
