"""A Malediction match (or two war bands) as the simulator's ``MatchInput``.

Seats give the lists as played (after the side-deck swap), in side order: side a's
players first. The relic deck is the seats' packs' relic cards; the simulator fills the
rest of the 15 with plain relics (``sim.game``)."""

from __future__ import annotations

from malediction.catalogue_bands import CatalogueBand
from malediction.engine_cards import EngineCards
from malediction.models import Card, Kind, Match, Seat, WarBand
from malediction.services.warbands import _band, _rows_to_pairs, entries_of
from rules.engine.malediction.modes import get_mode
from rules.engine.malediction.sim import MatchInput

#: The table's size in inches -> the engine's board of that size (a mode's own board wins).
BOARD_BY_SIZE = {24: "strife", 30: "standard", 36: "maelstrom"}


def engine_mode(mode: str, board: int):
    m = get_mode(mode)
    if int(m.board.size) == int(board):
        return m
    return m.with_board(BOARD_BY_SIZE[int(board)])


def _relics(pack_ids) -> tuple:
    cards = EngineCards()
    rows = Card.objects.filter(pack_id__in=pack_ids, kind=Kind.RELIC).order_by("name")[:15]
    return tuple(cards(c) for c in rows)


def match_input(match: Match) -> MatchInput:
    """The match as played: every seat's Seeker, Legacy, terrain, deck and side deck."""
    seats = list(Seat.objects.filter(side__match=match)
                 .select_related("side", "seeker", "legacy", "terrain", "player")
                 .order_by("side__key", "id"))
    ids = {r["card"] for s in seats for r in [*s.deck, *s.side_deck]}
    rows = Card.objects.prefetch_related("pieces").in_bulk(ids)
    cards = EngineCards()
    bands, names = [], []
    for seat in seats:
        bands.append(_band(seat.seeker, seat.legacy, seat.terrain,
                           _rows_to_pairs(seat.deck, rows), _rows_to_pairs(seat.side_deck, rows),
                           cards))
        names.append(seat.player.username)
    packs = {s.seeker.pack_id for s in seats if s.seeker_id}
    return MatchInput(engine_mode(match.mode, match.board), tuple(bands), _relics(packs),
                      tuple(names))


def bands_input(first: WarBand | CatalogueBand, second: WarBand | CatalogueBand, *,
                mode: str = "standard", board: int = 30) -> MatchInput:
    """Two war bands (registered or built from the catalogue) face to face."""
    cards = EngineCards()
    bands = []
    for band in (first, second):
        deck, side = entries_of(band) if isinstance(band, WarBand) else (band.deck, band.side)
        bands.append(_band(band.seeker, band.legacy, band.terrain, deck, side, cards))
    return MatchInput(engine_mode(mode, board), tuple(bands),
                      _relics({first.seeker.pack_id, second.seeker.pack_id}),
                      (first.name, second.name))
