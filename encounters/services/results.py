"""Results: either player reports, the opponent confirms or disputes, an organizer rules.

Only a confirmed (or ruled) result counts. Confirming twice changes nothing: the game is
locked and its state re-read, so a double click or a retried request is a no-op.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from config.jobs import enqueue
from encounters.models import BountyNote, Game, ResultReport
from encounters.services.common import (
    EncounterError,
    is_organizer,
    lock_game,
    log,
    move,
    require_player,
)
from notifications import events as notify

COUNTED = (Game.State.CONFIRMED, Game.State.AFTERMATH, Game.State.DONE)

#: How a result the simulator reported is confirmed. The autoresolve app sits above this
#: one and sets it when it loads (``handle_simulated_results``), so nothing here imports it.
_confirm_simulated: Callable[..., object] | None = None


def handle_simulated_results(confirm: Callable[..., object]) -> None:
    global _confirm_simulated
    _confirm_simulated = confirm


@dataclass(frozen=True)
class ResultChange:
    game: Game
    report: ResultReport
    changed: bool


def _after_withdraw(game: Game, vp_a: int, vp_b: int, details: dict):
    """Apply a Strategic Withdraw: on Turn 1-2 the withdrawing crew scores nothing; from
    Turn 3, if it has as many VP or more, the other crew counts one more than it."""
    from rules.engine.campaign_game import strategic_withdraw

    withdrawn = next((s for s in game.sides.all() if s.withdrew_on_turn), None)
    if withdrawn is None:
        return vp_a, vp_b, details
    scored = {"a": vp_a, "b": vp_b}
    other_key = "b" if withdrawn.key == "a" else "a"
    outcome = strategic_withdraw(withdrawn.withdrew_on_turn, scored[withdrawn.key],
                                 scored[other_key])
    details["withdraw"] = {"side": withdrawn.key, "turn": withdrawn.withdrew_on_turn,
                           "reported": scored, "early": outcome.early,
                           "aftermath_cards_lost": outcome.aftermath_cards_lost,
                           "forfeits_game_scrip": outcome.forfeits_game_scrip}
    adjusted = {withdrawn.key: outcome.vp_withdrawing, other_key: outcome.vp_other}
    return adjusted["a"], adjusted["b"], details


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
        raise EncounterError(gettext("This game's result is already confirmed."))
    if min(vp_a, vp_b) < 0 or max(vp_a, vp_b) > 12:
        raise EncounterError(gettext("Victory points run from 0 to 10 (12 in a Shindig)."))
    vp_a, vp_b, details = _after_withdraw(game, vp_a, vp_b, dict(details or {}))
    previous = _pending(game)
    if previous is not None and (previous.details or {}).get("auto_resolved"):
        raise EncounterError(gettext("This game was auto-resolved: confirm or dispute its result."))
    if game.casualties.filter(finished_off="pending").exists():
        raise EncounterError(gettext("Settle the Finished Off flips before reporting the result."))
    if previous is not None:
        previous.status = ResultReport.Status.SUPERSEDED
        previous.save(update_fields=["status"])
    report = ResultReport.objects.create(game=game, reported_by=actor, vp_a=vp_a, vp_b=vp_b,
                                         winner=_winner(vp_a, vp_b), details=details)
    move(game, Game.State.REPORTED)
    game.save(update_fields=["state", "updated_at"])
    log(game, f"{actor} reported {vp_a}-{vp_b}", actor=actor)
    notify.result_reported(report)
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
        raise EncounterError(gettext("There is no reported result waiting for you to confirm."))
    if (report.details or {}).get("auto_resolved"):
        # Both players confirm a simulated result, or an organizer rules it: the
        # auto-resolve app's rules, which it hands over when it loads.
        if _confirm_simulated is None:
            raise EncounterError(gettext("Auto-resolved results cannot be confirmed here."))
        _confirm_simulated(game=game, actor=actor)
        return ResultChange(lock_game(game), report, True)
    if report.reported_by_id == side.player_id:
        raise EncounterError(gettext("Your opponent confirms the result you reported."))
    if game.casualties.filter(finished_off="pending").exists():
        raise EncounterError(gettext("Settle the Finished Off flips before confirming the result."))
    return count_report(game, report, actor, ResultReport.Status.CONFIRMED, "")


@transaction.atomic
def dispute_result(*, game: Game, actor, reason: str) -> ResultChange:
    game = lock_game(game)
    side = require_player(actor, game)
    report = _pending(game)
    if game.state != Game.State.REPORTED or report is None:
        raise EncounterError(gettext("Only a reported, unconfirmed result can be disputed."))
    if report.reported_by_id == side.player_id:
        raise EncounterError(gettext("Report a corrected result instead of disputing your own."))
    if not reason.strip():
        raise EncounterError(gettext("Say what is wrong with the result, for the organizer."))
    report.status, report.answered_by = ResultReport.Status.DISPUTED, actor
    report.reason, report.answered_at = reason.strip()[:250], timezone.now()
    report.save()
    move(game, Game.State.DISPUTED)
    game.save(update_fields=["state", "updated_at"])
    log(game, f"{actor} disputed the result: {reason}", actor=actor)
    notify.result_disputed(report)
    return ResultChange(game, report, True)


@transaction.atomic
def rule_result(*, game: Game, actor, vp_a: int, vp_b: int, reason: str) -> ResultChange:
    """An organizer resolves a dispute or overrides a result, with the reason recorded."""
    game = lock_game(game)
    if not is_organizer(actor, game):
        raise PermissionDenied(gettext("Only the campaign's organizers settle results."))
    if not reason.strip():
        raise EncounterError(gettext("Give the reason for the ruling; both players will see it."))
    if game.state == Game.State.DONE or aftermath_started(game):
        raise EncounterError(
            gettext("The aftermath has started; this result can no longer change."))
    for old in game.reports.exclude(status=ResultReport.Status.SUPERSEDED):
        old.status = ResultReport.Status.SUPERSEDED
        old.save(update_fields=["status"])
    report = ResultReport.objects.create(
        game=game, reported_by=actor, vp_a=vp_a, vp_b=vp_b, winner=_winner(vp_a, vp_b)
    )
    if game.state in (Game.State.CONFIRMED, Game.State.AFTERMATH):
        # An override of a counted result (before any aftermath step ran): replace it.
        report.status, report.answered_by, report.reason = "ruled", actor, reason.strip()[:250]
        report.answered_at = timezone.now()
        report.save()
        if game.campaign_id:
            game.record = record_for_aftermath(game, report)
            game.save(update_fields=["record", "updated_at"])
        log(game, f"{actor} overrode the result: {vp_a}-{vp_b} ({reason})", actor=actor)
        return ResultChange(game, report, True)
    if game.state in (Game.State.SET_UP, Game.State.IN_PLAY):
        move(game, Game.State.REPORTED)
    return count_report(game, report, actor, ResultReport.Status.RULED, reason)


def count_report(game: Game, report: ResultReport, actor, status: str, reason: str) -> ResultChange:
    report.status, report.answered_by = status, actor
    report.reason, report.answered_at = reason.strip()[:250], timezone.now()
    report.save()
    move(game, Game.State.CONFIRMED)
    verb = "confirmed" if status == ResultReport.Status.CONFIRMED else "ruled"
    log(game, f"{actor} {verb} the result {report.vp_a}-{report.vp_b}", actor=actor)
    if game.campaign_id:
        game.record = record_for_aftermath(game, report)
        # The game is over: every secret Bounty note is shown with the result.
        BountyNote.objects.filter(side__game=game, revealed=False).update(revealed=True)
        move(game, Game.State.AFTERMATH)
        _knocked_out_served(game)
        _enqueue_aftermath(game)
    game.save(update_fields=["state", "record", "updated_at"])
    if game.week_id:
        from campaign.weeks.services import pay_bullets_for_game

        pay_bullets_for_game(game)
    return ResultChange(game, report, True)


def _enqueue_aftermath(game: Game) -> None:
    """The Aftermath job starts once the confirmation is committed (never on a rollback)."""
    enqueue("aftermath.process_game", game.pk)


def record_for_aftermath(game: Game, report: ResultReport) -> dict:
    """Everything the aftermath needs, frozen when the result starts to count: the game
    record (``rules.engine.record``, version 2) as JSON. A record the engine refuses (a
    fact that contradicts another) stops the confirmation with the reason."""
    from encounters.services.record import build_record
    from rules.engine.errors import RulesError

    try:
        return build_record(game, report).to_dict()
    except RulesError as exc:
        raise EncounterError(
            gettext(
                "The game's record does not hold together (%(exc)s); correct "
                "it before the result counts."
            )
            % {"exc": exc}
        ) from exc


def _knocked_out_served(game: Game) -> None:
    """A model Knocked Out last time has now sat out (or led) its next game."""
    from campaign.models import ArsenalModel

    crews = [s.crew_id for s in game.sides.all() if s.crew_id]
    ArsenalModel.objects.filter(crew__in=crews, misses_next_game=True).update(
        misses_next_game=False
    )


def aftermath_started(game: Game) -> bool:
    """Once an Aftermath has run, the result it used can no longer be changed."""
    return game.aftermaths.exclude(phase="pending").exists()


def counted_report(game: Game) -> ResultReport | None:
    """The result that counts (confirmed or ruled), or None."""
    if game.state not in COUNTED:
        return None
    return game.reports.filter(status__in=["confirmed", "ruled"]).last()
