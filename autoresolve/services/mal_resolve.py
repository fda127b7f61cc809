"""Auto-resolving a Malediction match: the same settings and flow as campaign games.

The event's setting (``MalEventSetting``: never, both players agree, organizer) says who
asks and who confirms; the job plays the match once with the Malediction simulator
(locked match, status re-read: idempotent by match and run) and reports its result
through the league's result flow, marked with the seed and simulator version."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from autoresolve.mal_inputs import match_input
from autoresolve.models import MalAutoResolve, MalEventSetting, MalResolveRun
from autoresolve.services.resolve import ResolveRefused, fresh_seed
from config.jobs import enqueue
from league import result_flow as flow
from league.result_flow import ReportStatus
from malediction.models import Match, MatchReport
from malediction.services.common import is_match_organizer, lock_match, log, move, side_of
from malediction.services.results import _count
from rules.engine.malediction.errors import MaledictionRulesError
from rules.engine.malediction.sim import SIM_VERSION, MatchInput, simulate

RESOLVE_JOB = "autoresolve.resolve_mal_match"
Status = MalResolveRun.Status


def setting_of(match: Match) -> str:
    if not match.event_id:
        return MalAutoResolve.NEVER
    found = MalEventSetting.objects.filter(event_id=match.event_id).first()
    return found.auto_resolve if found else MalAutoResolve.NEVER


@transaction.atomic
def set_event_setting(*, event, actor, value: str) -> MalEventSetting:
    """An organizer sets the event's auto-resolve setting."""
    from malediction.services.common import require_organizer

    require_organizer(actor, event)
    if value not in MalAutoResolve.values:
        raise ResolveRefused(_("Choose never, both players agree, or an organizer."))
    setting, _created = MalEventSetting.objects.update_or_create(
        event=event, defaults={"auto_resolve": value})
    return setting


def _require_allowed(match: Match, actor) -> str:
    mode = setting_of(match)
    if mode == MalAutoResolve.NEVER:
        raise ResolveRefused(_("This event does not allow auto-resolving matches; an "
                               "organizer can change that in its settings."))
    if mode == MalAutoResolve.BOTH_PLAYERS:
        if side_of(match, actor) is None:
            raise PermissionDenied(_("Only the match's players ask to auto-resolve it."))
    elif not is_match_organizer(actor, match):
        raise PermissionDenied(_("In this event an organizer auto-resolves matches."))
    return mode


def _require_ready(match: Match) -> MatchInput:
    if match.is_bye:
        raise ResolveRefused(_("A bye has no match to play."))
    if match.state == Match.State.CONFIRMED:
        raise ResolveRefused(_("This match's result already counts."))
    if match.state in (Match.State.REPORTED, Match.State.DISPUTED):
        raise ResolveRefused(_("A result is already reported for this match; confirm or "
                               "dispute it instead."))
    if match.tracker_entries.exists():
        raise ResolveRefused(_("This match is being played at the table; report its result "
                               "instead."))
    if not _seats_ready(match):
        raise ResolveRefused(_("Every player needs a submitted list before the match can "
                               "be auto-resolved."))
    try:
        return match_input(match)
    except (MaledictionRulesError, KeyError, ValueError) as exc:
        raise ResolveRefused(_("The simulator cannot play this match: %(why)s")
                             % {"why": exc}) from exc


def _seats_ready(match: Match) -> bool:
    from malediction.models import Seat

    seats = list(Seat.objects.filter(side__match=match))
    return bool(seats) and all(s.seeker_id and s.terrain_id and s.deck for s in seats)


@transaction.atomic
def request_resolve(*, match: Match, actor) -> MalResolveRun:
    """Ask to auto-resolve: with "both players agree" the first ask waits for the other
    side, the second queues the job; an organizer's ask queues it at once."""
    match = lock_match(match)
    mode = _require_allowed(match, actor)
    run = (MalResolveRun.objects.select_for_update(of=("self",))
           .filter(match=match, status__in=MalResolveRun.ACTIVE).first())
    if run is not None and run.status != Status.ASKING:
        raise ResolveRefused(_("This match is already being auto-resolved."))
    side = side_of(match, actor)
    key = side.key if side else ""
    if run is not None and key in run.asked:
        raise ResolveRefused(_("You have already asked; waiting for your opponent."))
    _require_ready(match)
    if run is None:
        run = MalResolveRun.objects.create(match=match, mode=mode, requested_by=actor)
    run.asked = sorted({*run.asked, key})
    run.save(update_fields=["asked"])
    if mode == MalAutoResolve.ORGANIZER or {"a", "b"} <= set(run.asked):
        _queue(match, run)
    else:
        log(match, f"{actor} asked to auto-resolve the match", actor=actor)
    return run


def _queue(match: Match, run: MalResolveRun) -> None:
    MalResolveRun.LIFECYCLE.check(run.status, Status.QUEUED)
    run.status, run.seed, run.simulator_version = Status.QUEUED, fresh_seed(), SIM_VERSION
    run.input = match_input(match).to_dict()
    run.progress = 5
    run.save()
    log(match, f"Auto-resolve queued (seed {run.seed}, simulator {SIM_VERSION})")
    enqueue(RESOLVE_JOB, run.pk)


@transaction.atomic
def withdraw(*, run: MalResolveRun, actor) -> MalResolveRun:
    lock_match(run.match_id)
    run = MalResolveRun.objects.select_for_update(of=("self",)).get(pk=run.pk)
    if run.status != Status.ASKING:
        raise ResolveRefused(_("Only an unanswered request can be withdrawn."))
    side = side_of(run.match, actor)
    if side is None or side.key not in run.asked:
        raise PermissionDenied(_("Only the player who asked withdraws the request."))
    run.status = Status.WITHDRAWN
    run.save(update_fields=["status"])
    return run


@transaction.atomic
def resolve(run_id: int) -> bool:
    """Play the run's match and report its result, once (a duplicated job finds the run
    done and changes nothing; the same input and seed give the same match)."""
    match_id = MalResolveRun.objects.values_list("match_id", flat=True).get(pk=run_id)
    match = lock_match(match_id)
    run = MalResolveRun.objects.select_for_update(of=("self",)).get(pk=run_id)
    if run.status not in (Status.QUEUED, Status.RUNNING):
        return False
    if match.state not in (Match.State.SET_UP, Match.State.IN_PLAY):
        return _fail(run, _("The match moved on before it was resolved."))
    run.started_at, run.attempts = run.started_at or timezone.now(), run.attempts + 1
    try:
        sim = simulate(MatchInput.from_dict(run.input), seed=run.seed)
    except MaledictionRulesError as exc:
        return _fail(run, str(exc))
    res = sim.result
    side_key = "ab"[res.winner]
    facts = {k: {"relics_claimed": res.relics_claimed[i], "relics_lost": res.relics_lost[i],
                 "kill_mastery": res.kill_mastery[i]}
             for i, k in enumerate("ab") if i < len(res.relics_claimed)}
    flow.supersede(match.reports.filter(status__in=flow.OPEN_STATUSES))
    report = MatchReport.objects.create(
        match=match, reported_by=run.requested_by, reporter_side="", winner=side_key,
        mastery_a=res.mastery[0], mastery_b=res.mastery[1], final_round=res.final_round,
        win_type=res.win_type,
        details={"facts": facts, "source": "simulator",
                 "auto_resolved": {"run": run.pk, "seed": run.seed,
                                   "simulator": run.simulator_version, "mode": run.mode},
                 "confirmed_by": []})
    move(match, Match.State.REPORTED)
    match.save(update_fields=["state", "updated_at"])
    log(match, f"Auto-resolved {res.mastery[0]}-{res.mastery[1]} (seed {run.seed}, "
               f"simulator {run.simulator_version})")
    run.status, run.progress, run.finished_at = Status.DONE, 100, timezone.now()
    run.report, run.log = report, sim.log
    run.summary = {"mastery": list(res.mastery), "winner": side_key,
                   "win_type": res.win_type, "final_round": res.final_round,
                   "defeats": len(res.defeats),
                   # Never silent: every card text the simulator did not play.
                   "not_modelled": list(sim.not_modelled)}
    run.save()
    return True


def _fail(run: MalResolveRun, why: str) -> bool:
    run.status, run.error, run.finished_at = Status.FAILED, why[:250], timezone.now()
    run.save(update_fields=["status", "error", "finished_at"])
    return False


def is_auto_resolved(report: MatchReport | None) -> bool:
    return bool(report is not None and (report.details or {}).get("auto_resolved"))


@transaction.atomic
def confirm(*, match: Match, actor) -> MatchReport:
    """Confirm the simulator's result as the setting says: both players each confirm
    (it counts once both have), or an organizer rules it."""
    match = lock_match(match)
    if match.state == Match.State.CONFIRMED:
        return flow.counted_report(match.reports)
    report = (match.reports.select_for_update(of=("self",))
              .filter(status__in=flow.OPEN_STATUSES).last())
    if not is_auto_resolved(report):
        raise ResolveRefused(_("There is no auto-resolved result waiting for confirmation."))
    if report.details["auto_resolved"]["mode"] == MalResolveRun.Mode.ORGANIZER:
        if not is_match_organizer(actor, match):
            raise PermissionDenied(_("An organizer rules this auto-resolved result."))
        _count(match, report, actor, ReportStatus.RULED, "Auto-resolved")
        return report
    side = side_of(match, actor)
    if side is None:
        raise PermissionDenied(_("Both players confirm this auto-resolved result."))
    confirmed = list(report.details.get("confirmed_by") or [])
    if side.key in confirmed:
        raise ResolveRefused(_("You have confirmed; waiting for your opponent."))
    report.details = {**report.details, "confirmed_by": sorted({*confirmed, side.key})}
    report.save(update_fields=["details"])
    if {"a", "b"} <= set(report.details["confirmed_by"]):
        _count(match, report, actor, ReportStatus.CONFIRMED, "")
    else:
        log(match, f"{actor} confirmed the auto-resolved result", actor=actor)
    return report
