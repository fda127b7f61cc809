"""A match's result: one side reports, the other confirms or disputes, an organizer rules
(``league.result_flow``). Confirming twice changes nothing; concession and no-show are
organizer rulings, recorded as such. The counted report fills the match's result form."""

from __future__ import annotations

from dataclasses import asdict, dataclass

from django.db import transaction
from django.utils.translation import gettext

from league import result_flow as flow
from league.result_flow import ReportStatus, ResultFlowError
from malediction.models import Match, MatchReport
from malediction.result_form import OPTIONAL_FACTS, ResultForm, problems
from malediction.services.common import (
    MaledictionError,
    is_match_organizer,
    lock_match,
    log,
    move,
    require_match_player,
)
from notifications import events as notify

COUNTED = (Match.State.CONFIRMED,)


class ResultError(MaledictionError):
    def __init__(self, fields: dict[str, str]):
        super().__init__(" ".join(fields.values()), list(fields.values()))
        self.fields = fields


@dataclass(frozen=True)
class ResultChange:
    match: Match
    report: MatchReport
    changed: bool


def _check(match: Match, form: ResultForm, *, ruling: bool) -> None:
    found = problems(form, threshold=match.threshold, ruling=ruling)
    if found:
        raise ResultError(found)


def _create(match: Match, form: ResultForm, actor, reporter_side: str) -> MatchReport:
    return MatchReport.objects.create(
        match=match, reported_by=actor, reporter_side=reporter_side, winner=form.winner,
        mastery_a=form.mastery_a, mastery_b=form.mastery_b, final_round=form.final_round,
        win_type=form.win_type, details={"facts": form.facts or {}})


@transaction.atomic
def report_result(*, match: Match, actor, form: ResultForm, source: str = "") -> ResultChange:
    """A player reports the result form (a new report replaces an unanswered one)."""
    match = lock_match(match)
    side = require_match_player(actor, match)
    if match.state in COUNTED:
        raise MaledictionError(gettext("This match's result is already confirmed."))
    _check(match, form, ruling=False)
    flow.supersede(match.reports.filter(status__in=flow.OPEN_STATUSES))
    report = _create(match, form, actor, side.key)
    if source:
        report.details = {**report.details, "source": source}
        report.save(update_fields=["details"])
    move(match, Match.State.REPORTED)
    match.save(update_fields=["state", "updated_at"])
    log(match, f"{actor} reported {form.mastery_a}-{form.mastery_b} "
               f"(side {form.winner} wins, {form.win_type}, round {form.final_round})",
        actor=actor)
    notify.malediction_result_reported(report)
    return ResultChange(match, report, True)


@transaction.atomic
def confirm_result(*, match: Match, actor) -> ResultChange:
    """The other side confirms; a second confirmation changes nothing."""
    match = lock_match(match)
    side = require_match_player(actor, match)
    if match.state in COUNTED:
        return ResultChange(match, flow.counted_report(match.reports), False)
    report = flow.open_report(match.reports)
    try:
        flow.check_confirm(report, actor_side=side.key,
                           reporter_side=report.reporter_side if report else "")
    except ResultFlowError as exc:
        raise MaledictionError(str(exc)) from exc
    return _count(match, report, actor, ReportStatus.CONFIRMED, "")


@transaction.atomic
def dispute_result(*, match: Match, actor, reason: str) -> ResultChange:
    match = lock_match(match)
    side = require_match_player(actor, match)
    report = flow.open_report(match.reports)
    if match.state != Match.State.REPORTED:
        report = None
    try:
        flow.check_dispute(report, actor_side=side.key,
                           reporter_side=report.reporter_side if report else "", reason=reason)
    except ResultFlowError as exc:
        raise MaledictionError(str(exc)) from exc
    flow.answer(report, status=ReportStatus.DISPUTED, actor=actor, reason=reason)
    move(match, Match.State.DISPUTED)
    match.save(update_fields=["state", "updated_at"])
    log(match, f"{actor} disputed the result: {reason}", actor=actor)
    notify.malediction_result_disputed(report)
    return ResultChange(match, report, True)


@transaction.atomic
def rule_result(*, match: Match, actor, form: ResultForm, reason: str) -> ResultChange:
    """An organizer settles a dispute, overrides a result, or records a concession or a
    no-show; the reason is kept and shown to every player."""
    from django.core.exceptions import PermissionDenied

    match = lock_match(match)
    if not is_match_organizer(actor, match):
        raise PermissionDenied(gettext("Only the event's organizers rule on results."))
    if match.is_bye:
        raise MaledictionError(gettext("A bye has no result to rule on."))
    try:
        flow.check_ruling(reason)
    except ResultFlowError as exc:
        raise MaledictionError(str(exc)) from exc
    _check(match, form, ruling=True)
    flow.supersede(match.reports.exclude(status=ReportStatus.SUPERSEDED))
    report = _create(match, form, actor, "")
    if match.state in (Match.State.SET_UP, Match.State.IN_PLAY):
        move(match, Match.State.REPORTED)
    return _count(match, report, actor, ReportStatus.RULED, reason)


def _count(match: Match, report: MatchReport, actor, status: str, reason: str) -> ResultChange:
    """The report counts: the match's result form takes its values."""
    flow.answer(report, status=status, actor=actor, reason=reason)
    move(match, Match.State.CONFIRMED)
    match.winner, match.final_round, match.win_type = (report.winner, report.final_round,
                                                       report.win_type)
    match.save(update_fields=["state", "winner", "final_round", "win_type", "updated_at"])
    facts = (report.details or {}).get("facts", {})
    for side in match.sides.all():
        side.final_mastery = report.mastery_a if side.key == "a" else report.mastery_b
        for name in OPTIONAL_FACTS:
            setattr(side, name, (facts.get(side.key) or {}).get(name))
        side.save()
    verb = "confirmed" if status == ReportStatus.CONFIRMED else "ruled"
    log(match, f"{actor} {verb} the result {report.mastery_a}-{report.mastery_b}"
               + (f" ({reason})" if reason else ""), actor=actor)
    return ResultChange(match, report, True)


def form_as_dict(form: ResultForm) -> dict:
    return asdict(form)
