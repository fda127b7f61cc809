"""Shared by the Aftermath services: locking, permissions, the step record, moving on.

Every service locks the Aftermath row and re-reads its phase inside its transaction, so
a decision sent twice (a double click, a retried job) is applied once and the second
call is refused or ignored.
"""

from __future__ import annotations

from contextlib import contextmanager
from datetime import timedelta

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from aftermath.models import Aftermath, AftermathStep
from campaign.models import Crew
from campaign.services import access, audit
from campaign.services.errors import CampaignError
from rules.models import FlipRecord


class AftermathError(CampaignError):
    """A request the Aftermath refuses; the message is for the player."""


def lock(aftermath: Aftermath) -> Aftermath:
    return (Aftermath.objects.select_for_update(of=("self",))
            .select_related("crew__campaign", "game").get(pk=aftermath.pk))


def require_player(actor, aftermath: Aftermath) -> None:
    """The crew's player decides; an organizer may decide for an absent player."""
    if actor is None:
        return  # the deadline job
    if not access.can_edit_crew(actor, aftermath.crew):
        raise PermissionDenied(
            gettext("Only the crew's player (or an organizer) takes its Aftermath.")
        )


def require_phase(aftermath: Aftermath, phase: str) -> None:
    if aftermath.phase != phase:
        raise AftermathError(
            gettext("This Aftermath is at %(get_phase_display)s, not %(label)s.")
            % {
                "get_phase_display": aftermath.get_phase_display(),
                "label": Aftermath.Phase(phase).label,
            }
        )


def record_step(
    aftermath: Aftermath,
    description: str,
    *,
    actor=None,
    phase: str | None = None,
    by_default: bool = False,
    flips=(),
    **detail,
) -> AftermathStep:
    return AftermathStep.objects.create(
        aftermath=aftermath,
        phase=phase or aftermath.phase,
        description=description[:250],
        detail=detail,
        actor=actor if getattr(actor, "pk", None) else None,
        by_default=by_default,
        flips=[f.pk for f in flips],
    )


@contextmanager
def applying(step: AftermathStep):
    """Ledger and history entries written inside point at ``step`` (game and phase)."""
    with audit.applying(
        step, game=step.aftermath.game_id, phase=step.phase, aftermath=step.aftermath_id
    ):
        yield


def store_flips(aftermath: Aftermath, steps, *, start: int) -> list[FlipRecord]:
    """Record the engine's flip steps as dealt from the Aftermath deck from ``start``."""
    records, position = [], start
    for step in steps:
        cards = [c.code for c in step.cards]
        records.append(
            FlipRecord(
                purpose=f"Aftermath: {step.purpose}"[:120],
                source=FlipRecord.Source.DECK,
                seed=aftermath.seed,
                skip=position,
                cards=cards,
                chosen=cards[0] if step.cheated or len(cards) == 1 else step.card.code,
                cheated_in=step.card.code if step.cheated else "",
                flipped_by=aftermath.crew.player,
                subject_type=_aftermath_type(),
                subject_id=aftermath.pk,
            )
        )
        position += len(cards)
    return FlipRecord.objects.bulk_create(records)


def _aftermath_type():
    from django.contrib.contenttypes.models import ContentType

    return ContentType.objects.get_for_model(Aftermath)


def use_hand(aftermath: Aftermath, cheated) -> None:
    for code in cheated:
        aftermath.hand.remove(code)


def add_answer(
    aftermath: Aftermath, actor, phase: str, holder_of, card: str | None, refusal: str
) -> tuple[Aftermath, dict]:
    """Lock the Aftermath, check who decides and the phase, and add ``card`` (or None:
    keep the flip) to the open Cheat question's answers; ``holder_of(state)`` finds the
    phase's flip in progress."""
    aftermath = lock(aftermath)
    require_player(actor, aftermath)
    require_phase(aftermath, phase)
    holder = holder_of(aftermath.state) or {}
    if not holder.get("question"):
        raise AftermathError(refusal)
    holder["answers"].append(card or None)
    return aftermath, holder


def ask(aftermath: Aftermath, holder: dict, question) -> Aftermath:
    """Stop at a Cheat question: keep it in the phase's state until it is answered."""
    holder["question"] = question.as_dict()
    save(aftermath, "state")
    return aftermath


def keep_run(aftermath: Aftermath, outcome, steps, holder: dict) -> list[FlipRecord]:
    """A finished run counts: its flips are recorded from the deck's position, the
    position moves past them, the cards cheated in leave the hand."""
    records = store_flips(aftermath, steps, start=aftermath.dealt)
    aftermath.dealt += len(outcome.dealt)
    use_hand(aftermath, outcome.cheated)
    holder["question"] = None
    return records


def save(aftermath: Aftermath, *fields: str) -> None:
    aftermath.version += 1
    aftermath.save(update_fields=[*fields, "version", "updated_at"])


def reset_deadline(aftermath: Aftermath) -> None:
    hours = aftermath.crew.campaign.aftermath_deadline_hours
    aftermath.deadline = timezone.now() + timedelta(hours=hours)


def crew_of(aftermath: Aftermath) -> Crew:
    return aftermath.crew


def finish_game_if_done(aftermath: Aftermath) -> None:
    """When both crews are done, the game's Aftermath is over (game state ``done``)."""
    from encounters.models import Game
    from encounters.services.common import move

    game = Game.objects.select_for_update().get(pk=aftermath.game_id)
    if game.state != Game.State.AFTERMATH:
        return
    if game.aftermaths.exclude(phase=Aftermath.Phase.DONE).exists():
        return
    move(game, Game.State.DONE)
    game.save(update_fields=["state", "version", "updated_at"])


atomic = transaction.atomic
