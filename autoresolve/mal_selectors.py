"""What a viewer of a Malediction match sees of its auto-resolve: the panel and the runs.

A run's input holds both lists, so its page is shown to the match's players, the event's
organizers, and whoever may read both lists already (``malediction.selectors``)."""

from __future__ import annotations

from autoresolve.models import MalAutoResolve, MalResolveRun
from autoresolve.services.mal_resolve import is_auto_resolved, setting_of
from league.result_flow import open_report
from malediction import selectors as mal_selectors
from malediction.models import Match, Seat
from malediction.services.common import is_match_organizer, side_of


def can_view_run(user, run: MalResolveRun) -> bool:
    match = run.match
    if side_of(match, user) is not None or is_match_organizer(user, match):
        return True
    if not match.event_id or not mal_selectors.can_view_event(user, match.event):
        return False
    regs = set(Seat.objects.filter(side__match=match).values_list("registration_id",
                                                                  flat=True))
    return None not in regs and regs <= mal_selectors.visible_list_ids(match.event, user)


def panel(match: Match, user) -> dict | None:
    """The panel's state; None when the event never auto-resolves and no run exists."""
    mode = setting_of(match)
    last = MalResolveRun.objects.filter(match=match).order_by("-id").first()
    if mode == MalAutoResolve.NEVER and last is None:
        return None
    side = side_of(match, user) if user.is_authenticated else None
    organizer = user.is_authenticated and is_match_organizer(user, match)
    report = open_report(match.reports)
    auto_report = report if is_auto_resolved(report) else None
    confirmed_by = (auto_report.details.get("confirmed_by") or []) if auto_report else []
    can_ask = (mode == MalAutoResolve.BOTH_PLAYERS and side is not None) or (
        mode == MalAutoResolve.ORGANIZER and organizer)
    can_confirm = auto_report is not None and (
        (auto_report.details["auto_resolved"]["mode"] == MalAutoResolve.ORGANIZER
         and organizer)
        or (auto_report.details["auto_resolved"]["mode"] == MalAutoResolve.BOTH_PLAYERS
            and side is not None and side.key not in confirmed_by))
    active = last if last is not None and last.active else None
    asked = bool(active and side is not None and side.key in active.asked)
    return {"mode": mode, "run": last, "active": active, "asked": asked,
            "can_ask": (can_ask and match.state in (Match.State.SET_UP, Match.State.IN_PLAY)
                        and not asked and (active is None or active.status == "asking")),
            "can_confirm": can_confirm, "report": auto_report, "confirmed_by": confirmed_by}
