"""What a viewer of a Malediction match sees of its auto-resolve: the panel, the runs and
the predictions; the pages and the API both read through here.

A run's input holds both lists, so its page is shown to the match's players, the event's
organizers, and whoever may read both lists already (``malediction.selectors``);
``visible_runs`` is the same rule as one query, for lists."""

from __future__ import annotations

from django.db.models import Exists, OuterRef, Q, QuerySet
from django.utils import timezone

from autoresolve.models import MalAutoResolve, MalResolveRun, Prediction
from autoresolve.services.mal_resolve import is_auto_resolved, setting_of
from league.result_flow import open_report
from malediction import selectors as mal_selectors
from malediction.models import Event, Match, Reveal, Seat
from malediction.services.common import is_match_organizer, side_of


def can_view_match(user, match: Match) -> bool:
    """The match page's rule: a match of an event one may see (or of no event)."""
    return not match.event_id or mal_selectors.can_view_event(user, match.event)


def can_view_run(user, run: MalResolveRun) -> bool:
    match = run.match
    if side_of(match, user) is not None or is_match_organizer(user, match):
        return True
    if not match.event_id or not mal_selectors.can_view_event(user, match.event):
        return False
    regs = set(Seat.objects.filter(side__match=match).values_list("registration_id",
                                                                  flat=True))
    return None not in regs and regs <= mal_selectors.visible_list_ids(match.event, user)


def visible_runs(user) -> QuerySet[MalResolveRun]:
    """The runs ``can_view_run`` shows ``user``, as one query: the matches they play, the
    events they organize, and the matches whose every seat's list they may read (the
    event finished, its lists open after the deadline, or revealed to them by their own
    pairings, as ``malediction.selectors.visible_list_ids``)."""
    from league.models import MANAGING_ROLES, Membership

    runs = MalResolveRun.objects.select_related("match").order_by("-id")
    if not user.is_authenticated:
        return runs.none()
    if user.is_staff:
        return runs
    plays = Q(match__in=Seat.objects.filter(player=user).values("side__match"))
    managed = Membership.objects.filter(user=user, role__in=MANAGING_ROLES,
                                        status=Membership.Status.ACTIVE).values("league")
    organizes = Q(match__event__league__in=managed)
    seen = Q(match__event__in=mal_selectors.visible_events(user).values("pk"))
    past_deadline = Q(match__event__list_deadline__lte=timezone.now())
    unread = Seat.objects.filter(side__match=OuterRef("match")).filter(
        Q(registration__isnull=True) | Q(registration__submitted_at__isnull=True))
    open_lists = (Q(match__event__state=Event.State.FINISHED)
                  | (past_deadline & Q(match__event__reveal=Reveal.OPEN))) & ~Exists(unread)
    mine = Seat.objects.filter(player=user, side__match__is_bye=False).values("side__match")
    met = Seat.objects.filter(side__match__in=mine, registration__isnull=False,
                              registration__submitted_at__isnull=False).values("registration")
    unmet = Seat.objects.filter(side__match=OuterRef("match")).filter(
        Q(registration__isnull=True) | ~Q(registration__in=met))
    revealed = past_deadline & ~Exists(unmet)
    return runs.filter(plays | organizes | (seen & (open_lists | revealed)))


def visible_predictions(user) -> QuerySet[Prediction]:
    """The user's own Malediction predictions (a prediction is its requester's only)."""
    from autoresolve.selectors import own_predictions

    return own_predictions(user).filter(game="malediction")


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
