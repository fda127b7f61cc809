"""Results: either player reports, the opponent confirms or disputes, an organizer rules.

Only a confirmed (or ruled) result counts. Confirming twice changes nothing: the game is
locked and its state re-read, so a double click or a retried request is a no-op.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone

from encounters.models import Game, ResultReport
from encounters.services.common import (
    EncounterError,
    is_organizer,
    lock_game,
    log,
    move,
    require_player,
)

COUNTED = (Game.State.CONFIRMED, Game.State.AFTERMATH, Game.State.DONE)


@dataclass(frozen=True)
class ResultChange:
    game: Game
    report: ResultReport
    changed: bool


def _winner(vp_a: int, vp_b: int) -> str:
    return "a" if vp_a > vp_b else "b" if vp_b > vp_a else ""


def _pending(game: Game) -> ResultReport | None:
    return game.reports.filter(status__in=[ResultReport.Status.PENDING,
                                           ResultReport.Status.DISPUTED]).last()


@transaction.atomic
def report_result(*, game: Game, actor, vp_a: int, vp_b: int, details=None) -> ResultChange:
    """A player reports the final VP (a new report replaces an unanswered one)."""
    game = lock_game(game)
    require_player(actor, game)
    if game.state in COUNTED:
        raise EncounterError("This game's result is already confirmed.")
    if min(vp_a, vp_b) < 0 or max(vp_a, vp_b) > 12:
        raise EncounterError("Victory points run from 0 to 10 (12 in a Shindig).")
    previous = _pending(game)
    if previous is not None:
        previous.status = ResultReport.Status.SUPERSEDED
        previous.save(update_fields=["status"])
    report = ResultReport.objects.create(game=game, reported_by=actor, vp_a=vp_a, vp_b=vp_b,
                                         winner=_winner(vp_a, vp_b), details=details or {})
    move(game, Game.State.REPORTED)
    game.save(update_fields=["state", "updated_at"])
    log(game, f"{actor} reported {vp_a}-{vp_b}", actor=actor)
    return ResultChange(game, report, True)


@transaction.atomic
def confirm_result(*, game: Game, actor) -> ResultChange:
    """The opponent of the reporter confirms; a second confirmation changes nothing."""
    game = lock_game(game)
    side = require_player(actor, game)
    if game.state in COUNTED:
        return ResultChange(game, game.reports.exclude(status="superseded").last(), False)
    report = _pending(game)
    if report is None or report.status != ResultReport.Status.PENDING:
        raise EncounterError("There is no reported result waiting for you to confirm.")
    if report.reported_by_id == side.player_id:
        raise EncounterError("Your opponent confirms the result you reported.")
    return _count(game, report, actor, ResultReport.Status.CONFIRMED, "")


@transaction.atomic
def dispute_result(*, game: Game, actor, reason: str) -> ResultChange:
    game = lock_game(game)
    side = require_player(actor, game)
    report = _pending(game)
    if game.state != Game.State.REPORTED or report is None:
        raise EncounterError("Only a reported, unconfirmed result can be disputed.")
    if report.reported_by_id == side.player_id:
        raise EncounterError("Report a corrected result instead of disputing your own.")
    if not reason.strip():
        raise EncounterError("Say what is wrong with the result, for the organizer.")
    report.status, report.answered_by = ResultReport.Status.DISPUTED, actor
    report.reason, report.answered_at = reason.strip()[:250], timezone.now()
    report.save()
    move(game, Game.State.DISPUTED)
    game.save(update_fields=["state", "updated_at"])
    log(game, f"{actor} disputed the result: {reason}", actor=actor)
    return ResultChange(game, report, True)


@transaction.atomic
def rule_result(*, game: Game, actor, vp_a: int, vp_b: int, reason: str) -> ResultChange:
    """An organizer resolves a dispute or overrides a result, with the reason recorded."""
    game = lock_game(game)
    if not is_organizer(actor, game):
        raise PermissionDenied("Only the campaign's organizers settle results.")
    if not reason.strip():
        raise EncounterError("Give the reason for the ruling; both players will see it.")
    if game.state in (Game.State.AFTERMATH, Game.State.DONE):
        raise EncounterError("The aftermath has started; this result can no longer change.")
    for old in game.reports.exclude(status=ResultReport.Status.SUPERSEDED):
        old.status = ResultReport.Status.SUPERSEDED
        old.save(update_fields=["status"])
    report = ResultReport.objects.create(game=game, reported_by=actor, vp_a=vp_a, vp_b=vp_b,
                                         winner=_winner(vp_a, vp_b))
    if game.state == Game.State.CONFIRMED:
        # An override of a confirmed result: the counted result is replaced in place.
        report.status, report.answered_by, report.reason = "ruled", actor, reason.strip()[:250]
        report.answered_at = timezone.now()
        report.save()
        log(game, f"{actor} overrode the result: {vp_a}-{vp_b} ({reason})", actor=actor)
        return ResultChange(game, report, True)
    if game.state in (Game.State.SET_UP, Game.State.IN_PLAY):
        move(game, Game.State.REPORTED)
    return _count(game, report, actor, ResultReport.Status.RULED, reason)


def _count(game: Game, report: ResultReport, actor, status: str, reason: str) -> ResultChange:
    report.status, report.answered_by = status, actor
    report.reason, report.answered_at = reason.strip()[:250], timezone.now()
    report.save()
    move(game, Game.State.CONFIRMED)
    game.save(update_fields=["state", "updated_at"])
    verb = "confirmed" if status == ResultReport.Status.CONFIRMED else "ruled"
    log(game, f"{actor} {verb} the result {report.vp_a}-{report.vp_b}", actor=actor)
    return ResultChange(game, report, True)


def counted_report(game: Game) -> ResultReport | None:
    """The result that counts (confirmed or ruled), or None."""
    if game.state not in COUNTED:
        return None
    return game.reports.filter(status__in=["confirmed", "ruled"]).last()
