"""Which weekly events apply to one game: a module of its own, below every other game
service, so that the services that read it (record, tracker, table, Scrip) need not import
the hiring services."""

from __future__ import annotations

from encounters.models import Game


def game_events(game: Game) -> list[str]:
    """The events in force for a game: the week's chain plus the game's own event, or
    only the event both players agreed under On The Move."""
    if game.moved_event:
        return [game.moved_event]
    from campaign.weeks.services import event_chain

    keys = event_chain(game.week) if game.week_id else []
    if game.event_key and game.event_key not in keys:
        keys.append(game.event_key)
    return keys
