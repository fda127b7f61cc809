"""Linked Games: a series of five Story Encounters between two players.

The rules live in ``rules.engine.encounters.LinkedSeries``; this module turns the stored
games into that engine object, so every check (same size band, Faction and Leader, no
scheme chosen twice, spoils to the previous winner, total VP) is the engine's.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext

from encounters.models import Game, LinkedSeries, Side
from encounters.services.common import EncounterError, draw_for, log, plain
from encounters.services.results import counted_report
from rules.engine import encounters as engine
from rules.tables import FACTIONS

COUNTED = (Game.State.CONFIRMED, Game.State.AFTERMATH, Game.State.DONE)


def _players(series: LinkedSeries) -> dict[str, object]:
    return {"a": series.player_a, "b": series.player_b}


def _key_of(series: LinkedSeries, user) -> str:
    for key, player in _players(series).items():
        if user.is_authenticated and player.pk == user.pk:
            return key
    raise PermissionDenied(gettext("Only the series' two players may do this."))


def engine_series(series: LinkedSeries, *, upto: int | None = None) -> engine.LinkedSeries:
    """The counted games so far, as the engine's series (checked as it is built)."""
    games = []
    for game in series.games.filter(state__in=COUNTED).order_by("series_number"):
        if upto is not None and game.series_number >= upto:
            break
        report = counted_report(game)
        sides = {s.key: s for s in game.sides.prefetch_related("schemes")}
        linked_sides = tuple(
            engine.LinkedSide(player=key, faction=getattr(series, f"faction_{key}"),
                              leader=getattr(series, f"leader_{key}"),
                              schemes=tuple(c.scheme_key for c in sides[key].schemes.all()),
                              vp=report.vp_a if key == "a" else report.vp_b)
            for key in ("a", "b"))
        games.append(engine.LinkedGame(size=series.size, sides=linked_sides,
                                       spoils=(game.spoils or {}).get("option")))
    return engine.LinkedSeries(tuple(games))


@transaction.atomic
def start_series(*, actor, opponent, size: int, faction: str, leader: str) -> LinkedSeries:
    if not actor.is_authenticated:
        raise PermissionDenied(gettext("Log in to start a series."))
    if opponent.pk == actor.pk:
        raise EncounterError(gettext("A series is played against someone else."))
    engine.encounter_size_band(size)  # refuses sizes the rules do not allow
    _check_declaration(faction, leader)
    return LinkedSeries.objects.create(player_a=actor, player_b=opponent, size=size,
                                       faction_a=faction, leader_a=leader.strip(),
                                       created_by=actor)


def _check_declaration(faction: str, leader: str) -> None:
    if faction not in FACTIONS:
        raise EncounterError(
            gettext("Unknown faction %(faction)s; choose one of %(join)s.")
            % {"faction": repr(faction), "join": ", ".join(sorted(FACTIONS))}
        )
    if not leader.strip():
        raise EncounterError(gettext("Name the Leader who leads every game of the series."))


@transaction.atomic
def declare(*, series: LinkedSeries, actor, faction: str, leader: str) -> LinkedSeries:
    """Each player declares a Faction and a Leader once, for the whole series."""
    series = LinkedSeries.objects.select_for_update().get(pk=series.pk)
    key = _key_of(series, actor)
    if series.games.exists():
        raise EncounterError(gettext("Faction and Leader are fixed once the first game is set up."))
    _check_declaration(faction, leader)
    setattr(series, f"faction_{key}", faction)
    setattr(series, f"leader_{key}", leader.strip())
    series.save()
    return series


@transaction.atomic
def next_game(*, series: LinkedSeries, actor, spoils: str | None = None, choice=None) -> Game:
    """Set up the next Story Encounter. From the second game on, the previous winner may
    take one of the spoils (a draw gives none)."""
    series = LinkedSeries.objects.select_for_update().get(pk=series.pk)
    key = _key_of(series, actor)
    if not all((series.faction_a, series.leader_a, series.faction_b, series.leader_b)):
        raise EncounterError(gettext("Both players declare a Faction and a Leader first."))
    if series.games.exclude(state__in=COUNTED).exists():
        raise EncounterError(gettext("Finish the current game (result confirmed) before the next."))
    played = engine_series(series)
    arguments = {}
    if spoils:
        offer = played.spoils_for_next_game()
        if offer.chooser is None:
            raise EncounterError(gettext("The last game was a draw: nobody takes the spoils."))
        if offer.chooser != key:
            raise EncounterError(gettext("Only the winner of the last game takes the spoils."))
        arguments = engine.spoils_story_arguments(spoils, choice)
    elif played.complete:
        raise EncounterError(gettext("The series is over: five games have been played."))
    number = len(played.games) + 1
    game = Game.objects.create(
        kind=Game.Kind.STORY,
        size=series.size,
        series=series,
        series_number=number,
        created_by=actor,
        spoils={"option": spoils, "choice": choice, "by": key} if spoils else {},
    )
    for side_key, player in _players(series).items():
        Side.objects.create(game=game, key=side_key, player=player)
    setup = engine.generate_story(draw_for(game, actor), size=series.size, **arguments)
    game.setup = plain(setup)
    game.save(update_fields=["setup"])
    log(game, f"Linked Games, game {number} of 5", actor=actor)
    return game


def check_series_schemes(game: Game, side_key: str, keys: list[str]) -> None:
    """No player chooses the same scheme twice in a series."""
    if not game.series_id:
        return
    engine_series(game.series, upto=game.series_number).check_schemes(side_key, keys)


def series_faction(game: Game, side_key: str) -> str | None:
    return getattr(game.series, f"faction_{side_key}") if game.series_id else None


@dataclass(frozen=True)
class SeriesSummary:
    series: LinkedSeries
    games: list[Game]
    totals: dict[str, int]
    winner: str | None
    complete: bool
    spoils_to: str | None


def summary(series: LinkedSeries) -> SeriesSummary:
    played = engine_series(series)
    spoils_to = None
    if played.games and not played.complete:
        spoils_to = played.spoils_for_next_game().chooser
    totals = played.totals() if played.games else {"a": 0, "b": 0}
    return SeriesSummary(
        series,
        list(series.games.order_by("series_number")),
        totals,
        played.winner() if played.complete else None,
        played.complete,
        spoils_to,
    )
