"""Shared pieces of the encounter services: locking, permissions, the log, transitions,
recorded draws and generator results as JSON."""

from __future__ import annotations

import dataclasses
from enum import Enum

from django.core.exceptions import PermissionDenied
from django.db.models import F
from django.utils.translation import gettext

from campaign.services.access import can_manage_campaign
from encounters.models import Game, GameLog, Side
from rules import services as flip_services
from rules.engine.cards import Card


class EncounterError(ValueError):
    """A rule of the encounter refuses the request; the message says what to do instead."""


def lock_game(game: Game | int) -> Game:
    pk = game.pk if isinstance(game, Game) else game
    return (Game.objects.select_for_update(of=("self",))
            .select_related("campaign", "week").get(pk=pk))


def side_of(game: Game, user) -> Side | None:
    """The side ``user`` plays in ``game``, or None."""
    if not user.is_authenticated:
        return None
    return next((s for s in game.sides.all() if s.player_id == user.pk), None)


def is_organizer(user, game: Game) -> bool:
    return bool(game.campaign_id and can_manage_campaign(user, game.campaign)) or \
        bool(user.is_authenticated and user.is_staff)


def require_player(user, game: Game) -> Side:
    side = side_of(game, user)
    if side is None:
        raise PermissionDenied(gettext("Only the game's two players may do this."))
    return side


def require_player_or_organizer(user, game: Game) -> Side | None:
    side = side_of(game, user)
    if side is None and not is_organizer(user, game):
        raise PermissionDenied(
            gettext("Only the game's players or the campaign's organizers may do this.")
        )
    return side


def move(game: Game, target: str) -> None:
    Game.LIFECYCLE.check(game.state, target)
    game.state = target


def touch(game: Game) -> None:
    """Bump the version the tracker polls, so both phones refresh."""
    Game.objects.filter(pk=game.pk).update(version=F("version") + 1)


def log(game: Game, text: str, *, actor=None, side: str = "", secret_for: str = "") -> None:
    GameLog.objects.create(
        game=game, turn=game.turn, side=side, text=text[:250], actor=actor, secret_for=secret_for
    )
    touch(game)


def other(side_key: str) -> str:
    return "b" if side_key == "a" else "a"


def draw_for(game: Game, actor):
    """A card source for the engine's generators whose every flip is recorded on ``game``."""
    return flip_services.recorded_draw(label=f"Game {game.pk}", subject=game, actor=actor)


def plain(value):
    """A generator's result as JSON: cards as codes, dataclasses as dicts."""
    if isinstance(value, Card):
        return value.code
    if isinstance(value, Enum):
        return value.value
    if dataclasses.is_dataclass(value):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    return value
