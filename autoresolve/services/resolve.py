"""Auto-resolving a campaign game: the request, the job's part, and confirmation.

Business logic lives here: who may ask (the campaign's setting), what refuses a request
(not set up, already counted or reported, already resolving, an arsenal changed since
hiring, a setup the simulator cannot play), and the job that plays the game once. Every
write locks the game first, then the run, so two requests or two jobs queue on the same
row and the second sees what the first did.
"""

from __future__ import annotations

import datetime
import os
import secrets
import time
from dataclasses import dataclass

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from autoresolve.inputs import arsenal_changes, game_input
from autoresolve.models import ResolveRequest, ResolveRun
from autoresolve.services.writing import write_result
from campaign.models import Campaign
from config.jobs import enqueue
from encounters.models import Game, ResultReport
from encounters.services.common import (
    EncounterError,
    is_organizer,
    lock_game,
    log,
    move,
    side_of,
)
from encounters.services.results import COUNTED, count_report
from notifications import events as notify
from rules.engine.simulation import (
    SIMULATOR_VERSION,
    EncounterInput,
    SimulationError,
    check_playable,
    simulate,
)

SCHEMES_PER_SIDE = 2
RESOLVE_JOB = "autoresolve.resolve_game"


class ResolveRefused(EncounterError):
    """A request the rules refuse; the message says why and what to do instead."""


@dataclass(frozen=True)
class RequestOutcome:
    run: ResolveRun
    queued: bool


def _require_allowed(game: Game, actor) -> str:
    """The campaign's mode, once ``actor`` may ask under it."""
    if not game.campaign_id:
        raise ResolveRefused(_("Only campaign games are auto-resolved."))
    mode = game.campaign.auto_resolve
    if mode == Campaign.AutoResolve.NEVER:
        raise ResolveRefused(_("This campaign does not allow auto-resolving games; an "
                               "organizer can change that in its settings."))
    if mode == Campaign.AutoResolve.BOTH_PLAYERS:
        if side_of(game, actor) is None:
            raise PermissionDenied(_("Only the game's two players ask to auto-resolve it."))
    elif not is_organizer(actor, game):
        raise PermissionDenied(_("In this campaign an organizer auto-resolves games."))
    return mode


def _require_ready(game: Game) -> EncounterInput:
    """Refuse a game that is not ready to simulate; returns the input it would play."""
    if game.state in COUNTED:
        raise ResolveRefused(_("This game's result already counts."))
    if game.state in (Game.State.REPORTED, Game.State.DISPUTED):
        raise ResolveRefused(_("A result is already reported for this game; confirm or "
                               "dispute it instead."))
    if game.state == Game.State.IN_PLAY and (game.casualties.exists()
                                             or game.marker_changes.exists()):
        raise ResolveRefused(_("This game is being played at the table; report its result "
                               "instead."))
    sides = list(game.sides.all())
    if any(not s.hire_revealed for s in sides):
        raise ResolveRefused(_("The game is not set up yet: both crews must be hired and "
                               "revealed."))
    if any(s.schemes.count() != SCHEMES_PER_SIDE for s in sides):
        raise ResolveRefused(_("The game is not set up yet: both players choose their "
                               "schemes."))
    changed = arsenal_changes(game)
    if changed:
        raise ResolveRefused(_("An arsenal changed since the crews were hired; hire again "
                               "first: %(what)s") % {"what": " ".join(changed)})
    setup, _arsenal = game_input(game)
    try:
        check_playable(setup)
    except SimulationError as exc:
        raise ResolveRefused(_("The simulator cannot play this game: %(why)s")
                             % {"why": exc}) from exc
    return setup


def _active(game: Game) -> ResolveRun | None:
    return (ResolveRun.objects.select_for_update()
            .filter(game=game, status__in=ResolveRun.ACTIVE).first())


@transaction.atomic
def request_resolve(*, game: Game, actor) -> RequestOutcome:
    """Ask to auto-resolve ``game``. With "both players agree" the first ask waits for the
    opponent (who is notified) and the second queues the job; an organizer's ask queues
    it at once."""
    game = lock_game(game)
    mode = _require_allowed(game, actor)
    run = _active(game)
    if run is not None and run.status != ResolveRun.Status.ASKING:
        raise ResolveRefused(_("This game is already being auto-resolved."))
    if run is not None and run.requests.filter(user=actor).exists():
        raise ResolveRefused(_("You have already asked; waiting for your opponent."))
    _require_ready(game)
    side = side_of(game, actor)
    if run is None:
        run = ResolveRun.objects.create(game=game, mode=mode, requested_by=actor)
    ResolveRequest.objects.create(run=run, user=actor, side_key=side.key if side else "")
    asked = set(run.requests.values_list("side_key", flat=True))
    if mode == Campaign.AutoResolve.ORGANIZER or {"a", "b"} <= asked:
        _queue(game, run)
        _answered(game, run)
        return RequestOutcome(run, True)
    log(game, f"{actor} asked to auto-resolve the game", actor=actor)
    notify.auto_resolve_requested(game=game, requested_by=actor, request_key=run.pk)
    return RequestOutcome(run, False)


def fresh_seed() -> int:
    """A new simulation seed (53 bits: exact as a JSON number)."""
    return secrets.randbits(53)


def _queue(game: Game, run: ResolveRun) -> None:
    """Fix the input and a fresh seed, then start the job once this commits."""
    setup, arsenal = game_input(game)
    ResolveRun.LIFECYCLE.check(run.status, ResolveRun.Status.QUEUED)
    run.status = ResolveRun.Status.QUEUED
    run.seed = fresh_seed()
    run.simulator_version = SIMULATOR_VERSION
    run.input, run.arsenal = setup.to_dict(), arsenal
    run.progress = 5
    run.save()
    log(game, f"Auto-resolve queued (seed {run.seed}, simulator {SIMULATOR_VERSION})")
    enqueue(RESOLVE_JOB, run.pk)


@transaction.atomic
def withdraw_request(*, run: ResolveRun, actor) -> ResolveRun:
    """A player takes back an ask the opponent has not answered."""
    lock_game(run.game_id)
    run = ResolveRun.objects.select_for_update().get(pk=run.pk)
    if run.status != ResolveRun.Status.ASKING:
        raise ResolveRefused(_("Only an unanswered request can be withdrawn."))
    if not run.requests.filter(user=actor).exists():
        raise PermissionDenied(_("Only the player who asked withdraws the request."))
    run.status = ResolveRun.Status.WITHDRAWN
    run.save(update_fields=["status"])
    _answered(run.game, run)
    return run


def _answered(game: Game, run: ResolveRun) -> None:
    """The opponent's "asks to auto-resolve" notice has its answer."""
    from notifications import kinds
    from notifications.services import mark_answered

    mark_answered(kinds.AUTO_RESOLVE_REQUEST, f"auto-resolve:{game.pk}:{run.pk}")


@transaction.atomic
def mark_running(run_id: int) -> bool:
    """The job has started: show it (a short transaction of its own, so the page sees it
    while the game is played). False when there is nothing left to do."""
    run = ResolveRun.objects.select_for_update().get(pk=run_id)
    if run.status not in (ResolveRun.Status.QUEUED, ResolveRun.Status.RUNNING):
        return False
    run.status = ResolveRun.Status.RUNNING
    run.started_at = run.started_at or timezone.now()
    run.attempts += 1
    run.progress = max(run.progress, 20)
    run.save(update_fields=["status", "started_at", "attempts", "progress"])
    return True


@transaction.atomic
def resolve(run_id: int) -> bool:
    """Play the run's game and report its result, once: the game and the run are locked
    and the run's status re-read, so a duplicated or retried job changes nothing. The same
    input and seed give the same game, so a job killed half-way plays it again alike."""
    game_id = ResolveRun.objects.values_list("game_id", flat=True).get(pk=run_id)
    game = lock_game(game_id)
    run = ResolveRun.objects.select_for_update().get(pk=run_id)
    if run.status not in (ResolveRun.Status.QUEUED, ResolveRun.Status.RUNNING):
        return False
    if game.state not in (Game.State.SET_UP, Game.State.IN_PLAY):
        return _fail(run, _("The game moved on before it was resolved."))
    try:
        result = simulate(EncounterInput.from_dict(run.input), seed=run.seed)
    except SimulationError as exc:
        return _fail(run, str(exc))
    write_result(game, result, run.arsenal)
    _pause_for_crash_tests()
    if game.state == Game.State.SET_UP:
        move(game, Game.State.IN_PLAY)
    vp_a, vp_b = result.vp["a"], result.vp["b"]
    report = ResultReport.objects.create(
        game=game, reported_by=run.requested_by, vp_a=vp_a, vp_b=vp_b,
        winner=result.winner or "",
        details={"auto_resolved": {"run": run.pk, "seed": run.seed,
                                   "simulator": run.simulator_version,
                                   "mode": run.mode}, "confirmed_by": []})
    move(game, Game.State.REPORTED)
    game.save(update_fields=["state", "turn", "ended_on_turn", "updated_at"])
    log(game, f"Auto-resolved {vp_a}-{vp_b} (seed {run.seed}, simulator "
        f"{run.simulator_version})")
    run.status, run.progress, run.finished_at = ResolveRun.Status.DONE, 100, timezone.now()
    run.report, run.log = report, result.log
    run.summary = {"vp": dict(result.vp), "winner": result.winner or "",
                   "ended_on_turn": result.ended_on_turn,
                   "casualties": len(result.casualties),
                   # Never silent: every card element the simulator did not play.
                   "not_modelled": list(result.not_modelled)}
    run.save()
    if run.mode == ResolveRun.Mode.BOTH_PLAYERS:
        notify.result_reported(report)
    return True


def _fail(run: ResolveRun, why: str) -> bool:
    run.status, run.error, run.finished_at = ResolveRun.Status.FAILED, why[:250], timezone.now()
    run.save(update_fields=["status", "error", "finished_at"])
    return False


def is_auto_resolved(report: ResultReport | None) -> bool:
    return bool(report is not None and (report.details or {}).get("auto_resolved"))


@transaction.atomic
def confirm(*, game: Game, actor) -> ResultReport:
    """Confirm an auto-resolved result as the campaign's setting says: each player
    confirms (it counts once both have), or an organizer rules it."""
    game = lock_game(game)
    report = (game.reports.select_for_update()
              .filter(status=ResultReport.Status.PENDING).last())
    if game.state in COUNTED:
        return game.reports.exclude(status="superseded").last()
    if not is_auto_resolved(report):
        raise ResolveRefused(_("There is no auto-resolved result waiting for confirmation."))
    mode = report.details["auto_resolved"]["mode"]
    if mode == ResolveRun.Mode.ORGANIZER:
        if not is_organizer(actor, game):
            raise PermissionDenied(_("An organizer rules this auto-resolved result."))
        count_report(game, report, actor, ResultReport.Status.RULED, "Auto-resolved")
        return report
    side = side_of(game, actor)
    if side is None:
        raise PermissionDenied(_("Both players confirm this auto-resolved result."))
    if game.casualties.filter(finished_off="pending").exists():
        raise ResolveRefused(_("Settle the Finished Off flips before confirming."))
    confirmed = list(report.details.get("confirmed_by") or [])
    if side.key in confirmed:
        raise ResolveRefused(_("You have confirmed; waiting for your opponent."))
    confirmed.append(side.key)
    report.details = {**report.details, "confirmed_by": sorted(confirmed)}
    report.save(update_fields=["details"])
    if {"a", "b"} <= set(confirmed):
        count_report(game, report, actor, ResultReport.Status.CONFIRMED, "")
    else:
        log(game, f"{actor} confirmed the auto-resolved result", actor=actor)
    return report


#: Fault injection for the crash tests: seconds to sleep with the result written but not
#: yet committed.
PAUSE_ENV = "AUTORESOLVE_PAUSE_MID_RESOLVE"


def _pause_for_crash_tests() -> None:
    seconds = float(os.environ.get(PAUSE_ENV) or 0)
    if seconds:
        time.sleep(seconds)


def stalled_runs(seconds: float | None = None) -> list[int]:
    """Runs queued or running for longer than ``seconds`` (the setting
    ``AUTORESOLVE_STALL_SECONDS``): their worker died or their message was lost."""
    if seconds is None:
        seconds = settings.AUTORESOLVE_STALL_SECONDS
    since = timezone.now() - datetime.timedelta(seconds=seconds)
    return list(ResolveRun.objects.filter(status__in=[ResolveRun.Status.QUEUED,
                                                      ResolveRun.Status.RUNNING],
                                          created_at__lte=since).values_list("pk", flat=True))
