"""What a viewer may read of auto-resolve runs and predictions; pages and the API both
read through here.

A run's log shows a side's Schemes only to that side's player until the game counts
(``replay.visible_log``); afterwards everybody who may see the game sees all of it.
Predictions are their requester's only (their input may hold the requester's own
schemes).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import QuerySet

from autoresolve import replay
from autoresolve.models import Prediction, ResolveRun
from campaign.models import Campaign
from encounters.models import Game
from encounters.selectors import visible_games
from encounters.services import lucrative, traveler
from encounters.services.common import is_organizer, side_of
from encounters.services.results import COUNTED


def visible_runs(user) -> QuerySet[ResolveRun]:
    return ResolveRun.objects.filter(game__in=visible_games(user)).select_related("game")


def own_predictions(user) -> QuerySet[Prediction]:
    """Every prediction ``user`` asked for, of either game (a prediction is its
    requester's only)."""
    if not user.is_authenticated:
        return Prediction.objects.none()
    return Prediction.objects.filter(requested_by=user)


def visible_predictions(user) -> QuerySet[Prediction]:
    """The user's own Malifaux predictions: the Malediction ones have their own pages
    and API (``mal_selectors``), and a Malifaux page cannot show them."""
    return own_predictions(user).filter(game="malifaux")


def log_for(run: ResolveRun, user) -> dict:
    """The run's event log as ``user`` may see it."""
    if not run.log:
        return {}
    if run.game.state in COUNTED:
        return run.log
    side = side_of(run.game, user)
    return replay.visible_log(run.log, sides=(side.key,) if side else ())


@dataclass(frozen=True)
class Panel:
    """The auto-resolve part of a game page."""

    mode: str
    mode_label: str
    run: ResolveRun | None
    can_ask: bool
    asked: bool
    can_withdraw: bool
    can_confirm: bool
    confirmed_by: tuple[str, ...]
    #: What of the week the simulator leaves out, shown before asking: "traveler" (the
    #: Lonely Traveler is never called on) and "third_scheme" (the viewer's own Lucrative
    #: Offer scheme, which then scores nothing; an opponent's is never told).
    left_out: tuple[str, ...] = ()


def panel(game: Game, user) -> Panel | None:
    """None for a game the setting leaves out (not a campaign game, or "never")."""
    if not game.campaign_id or game.campaign.auto_resolve == Campaign.AutoResolve.NEVER:
        return None
    mode = game.campaign.auto_resolve
    run = (ResolveRun.objects.filter(game=game).exclude(status=ResolveRun.Status.WITHDRAWN)
           .prefetch_related("requests").select_related("report").first())
    side = side_of(game, user) if user.is_authenticated else None
    organizer = user.is_authenticated and is_organizer(user, game)
    may_ask = (side is not None) if mode == Campaign.AutoResolve.BOTH_PLAYERS else organizer
    asked = bool(run and run.active and any(r.user_id == user.pk for r in run.requests.all()))
    open_state = game.state in (Game.State.SET_UP, Game.State.IN_PLAY)
    can_ask = bool(may_ask and open_state and not asked
                   and (run is None or not run.active or run.status == "asking"))
    report = run.report if run and run.status == ResolveRun.Status.DONE else None
    confirmed = tuple((report.details or {}).get("confirmed_by", ())) if report else ()
    pending = report is not None and report.status == "pending" and game.state == "reported"
    if mode == Campaign.AutoResolve.ORGANIZER:
        can_confirm = pending and organizer
    else:
        can_confirm = pending and side is not None and side.key not in confirmed
    return Panel(mode, game.campaign.get_auto_resolve_display(), run, can_ask, asked,
                 bool(asked and run.status == ResolveRun.Status.ASKING), can_confirm,
                 confirmed, _left_out(game, side) if can_ask or asked else ())


def _left_out(game: Game, side) -> tuple[str, ...]:
    out = []
    if traveler.in_force(game):
        out.append("traveler")
    if side is not None and lucrative.third_of(side) is not None:
        out.append("third_scheme")
    return tuple(out)
