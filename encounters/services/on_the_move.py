"""On The Move (Mobile Encampment Fortification): "You and your opponent may agree to play
a different non-Joker Weekly Event than what was flipped."

In a campaign game where either crew owns it, before either crew hires, one player names
another event and the other player names the same one: the game is then played under that
event alone (``Game.moved_event``; ``games.game_events`` reads it), so its Scrip, the
models it brings or requires, its no-cheat rule, a story encounter and the rest follow the
game's event, not the week's. A proposal waits in ``setup["on_the_move"]`` (side key ->
event key) until the two agree; naming another event replaces one's own proposal.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext, override

from encounters.models import Game, HiredModel, SchemeChoice, Side
from encounters.services.common import EncounterError, lock_game, log, other, require_player
from rules import tables

ON_THE_MOVE = "on-the-move"


def owned_in(game: Game) -> bool:
    """True when either crew of the game owns On The Move."""
    from campaign.services import hideouts

    return any(s.crew_id and ON_THE_MOVE in hideouts.owned_keys(s.crew)
               for s in game.sides.select_related("crew"))


def choices(game: Game) -> list[tuple[str, str]]:
    """(key, name) of the events the players may move this game to: any weekly event
    flipped on a suit (not a Joker), other than those in force, and not one whose effect is
    a week-long draw rather than a game's (Pit Fight, A Bullet With Your Name)."""
    from encounters.services.game_events import game_events

    now = set(game_events(game))
    return [(row.key, row.name) for row in tables.weekly_events().rows
            if row.flip.joker is None and not row.another_event and row.key not in now]


def refusal(game: Game, side: Side | None) -> str | None:
    """Why this player may not move the game's event now, or None."""
    if side is None or not game.campaign_id or not owned_in(game):
        return gettext("On The Move is a Mobile Encampment Fortification of one of the crews.")
    if game.moved_event:
        return gettext("This game's event has already been moved.")
    if game.state != Game.State.SET_UP or HiredModel.objects.filter(side__game=game).exists() \
            or SchemeChoice.objects.filter(side__game=game).exists():
        return gettext("Too late: the event is agreed before the crews are hired.")
    return None


@transaction.atomic
def propose(*, game: Game, actor, event_key: str) -> Game:
    """Name the event this game should be played under; applied once both players named
    the same one. Every refusal is raised before anything is written."""
    game = lock_game(game)
    side = require_player(actor, game)
    reason = refusal(game, side)
    if reason:
        raise EncounterError(reason)
    allowed = dict(choices(game))
    if event_key not in allowed:
        raise EncounterError(gettext("Choose another weekly event that is not a Joker."))
    setup = dict(game.setup or {})
    proposals = {**(setup.get("on_the_move") or {}), side.key: event_key}
    setup["on_the_move"] = proposals
    game.setup = setup
    if proposals.get(other(side.key)) != event_key:
        game.save(update_fields=["setup", "updated_at"])
        log(game, f"On The Move: side {side.key} proposes to play {allowed[event_key]} "
            "instead", actor=actor, side=side.key)
        return game
    game.moved_event = event_key
    log(game, f"On The Move: both players agree to play {allowed[event_key]} instead of "
        "the flipped event", actor=actor)
    _follow_story(game, actor)
    game.save()
    return game


def _follow_story(game: Game, actor) -> None:
    """The Plot Thickens makes the game a Story Encounter; moving to it (or away from the
    week's Plot Thickens that forced one) sets the game up again as its event says."""
    from encounters.services.games import PLOT_THICKENS, _generate_setup

    wanted = Game.Kind.STORY if game.moved_event == PLOT_THICKENS else (
        Game.Kind.STANDARD if (game.setup or {}).get("plot_thickens") else game.kind)
    if wanted == game.kind:
        return
    kept = {k: v for k, v in (game.setup or {}).items() if k == "on_the_move"}
    game.kind = wanted
    game.setup = {**_generate_setup(game, actor), **kept,
                  **({"plot_thickens": True} if wanted == Game.Kind.STORY else {})}
    with override("en"):  # stored in English, read in the reader's (rules.log_lines)
        kind = str(game.get_kind_display())
    log(game, f"The game is set up again as a {kind} for its event", actor=actor)
