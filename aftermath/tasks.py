"""Aftermath jobs: the automatic part after a confirmed result, and the deadline sweep."""

from __future__ import annotations

from celery import shared_task


@shared_task(name="aftermath.process_game", acks_late=True, reject_on_worker_lost=True)
def process_game(game_id: int) -> list[int]:
    """Open and run the automatic part of a game's Aftermaths (idempotent)."""
    from aftermath.services.automatic import start_game

    return start_game(game_id)


@shared_task(name="aftermath.take_overdue_defaults")
def take_overdue_defaults() -> int:
    """Every Aftermath decision past its deadline gets the default."""
    from aftermath.services.defaults import overdue, take_defaults

    ids = overdue()
    for pk in ids:
        take_defaults(pk)
    return len(ids)


@shared_task(name="aftermath.resume_stalled")
def resume_stalled() -> int:
    """Send the job again for games whose automatic part never finished."""
    from django.conf import settings

    from aftermath.services.automatic import stalled_games

    ids = stalled_games(settings.AFTERMATH_STALL_SECONDS)
    for pk in ids:
        process_game.delay(pk)
    return len(ids)
