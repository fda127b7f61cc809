"""The state of a game in progress and the board's rules: line of sight, cover, engagement,
movement and pushes.

``GameState`` is mutable and owned by one ``Game``; commanders read it through a
``GameView``. Models are kept in one list in a fixed order (crew A's models, then crew
B's), and every loop walks that list, so iteration order never depends on hashing.

Line of sight is drawn from base to base (rulebook, RANGE & LINE OF SIGHT): the centre
line and the two side lines of the strip between the bases are tried; one clear line is
enough. Those three lines stand in for "any line from base to base"
(docs/rules-decisions.md, Simulator).

Elevation: a model may stand on the top of a piece with one (``Table.standable``); sight
from or to a vantage point, engagement across elevations, climbing and falling follow
(``sight``, ``rise``, ``path_cost``, ``push_end``). A table without such a piece skips
all of it.
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import TYPE_CHECKING

from .geometry import (
    CONTACT,
    EPSILON,
    MARKER_RADIUS,
    TABLE_SIZE,
    Point,
    on_table,
    perpendicular_offsets,
    seg_point_dist2,
    seg_rect_clip,
    sight_lines,
    snap,
)
from .table import CELL

if TYPE_CHECKING:
    from ..deck import FateDeck
    from ..scoring import Score
    from .crews import ModelProfile
    from .table import Table, TerrainPiece, Zone

__all__ = ["GameState", "Marker", "Model", "SchemeState", "SideState"]


_x_of = attrgetter("x")


_idx_of = attrgetter("idx")

SIDE_KEYS = ("a", "b")


class Model:
    """One model on (or off) the table."""

    __slots__ = (
        "activated", "arrived", "attacks_made", "cond_source", "conditions", "damaged",
        "first_attack_target", "hazard_hit", "horror_immune", "id", "idx", "in_play",
        "killed", "p", "r", "reactivated", "side", "wounds", "x", "y",
    )

    def __init__(self, idx: int, side: int, profile: ModelProfile) -> None:
        self.idx = idx
        self.side = side
        self.p = profile
        self.id = profile.id
        self.r = profile.radius
        self.x = -100.0
        self.y = -100.0
        self.wounds = profile.wd
        self.in_play = False
        self.killed = False
        self.arrived = False
        self.activated = False
        self.reactivated = False
        self.damaged = False
        #: Condition name -> value (1 for Conditions without a value).
        self.conditions: dict[str, int] = {}
        #: Condition name -> the model index that applied it (for damage it deals later).
        self.cond_source: dict[str, int] = {}
        self.horror_immune: set[int] = set()
        self.hazard_hit: set[int] = set()
        self.first_attack_target: int | None = None
        self.attacks_made = 0

    @property
    def pos(self) -> Point:
        return (self.x, self.y)

    @property
    def name(self) -> str:
        return self.p.name

    def __repr__(self) -> str:
        return f"<{self.p.name} {self.id} side {SIDE_KEYS[self.side]} ({self.x}, {self.y})>"


@dataclass
class Marker:
    """A Marker on the table: scheme, corpse, scrap, turf, squat or claim."""

    id: int
    kind: str
    side: int | None
    x: float
    y: float
    r: float = MARKER_RADIUS
    claimed: int | None = None
    turn: int = 0
    by: int | None = None

    @property
    def pos(self) -> Point:
        return (self.x, self.y)


@dataclass
class SchemeState:
    """One crew's Scheme during play: what it noted, whether revealed, what it did."""

    key: str
    noted: dict[str, int] = field(default_factory=dict)
    revealed: bool = False
    revealed_at_start: bool = False
    done: bool = False
    data: dict = field(default_factory=dict)


class SideState:
    """One crew during play."""

    __slots__ = (
        "crew",
        "deck",
        "enemy_marker_removals",
        "failed_horror",
        "hand_size",
        "index",
        "key",
        "kills_this_turn",
        "leader",
        "master_kills_minion_this_turn",
        "models",
        "pool",
        "schemes",
        "score",
        "zone",
    )

    def __init__(self, index: int, crew, deck: FateDeck, score: Score) -> None:
        self.index = index
        self.key = SIDE_KEYS[index]
        self.crew = crew
        self.deck = deck
        self.pool: int = crew.soulstone_pool
        self.hand_size: int = crew.hand_size
        self.score = score
        self.schemes: list[SchemeState] = []
        self.models: list[Model] = []
        self.leader: Model | None = None
        self.zone: Zone | None = None
        self.kills_this_turn = 0
        self.master_kills_minion_this_turn = False
        self.enemy_marker_removals = 0
        self.failed_horror: set[int] = set()

    def scheme(self, key: str) -> SchemeState | None:
        for scheme in self.schemes:
            if scheme.key == key:
                return scheme
        return None


def _blocks_every_line(piece: TerrainPiece, ax: float, ay: float, ar: float, bx: float,
                       by: float, br: float) -> bool:
    """Does ``piece`` block every line from a point of the base at (ax, ay) to a point of
    the one at (bx, by) (so ``GameState._clear`` would find each sight line crossing it)?

    A point of such a line lies within the larger radius of the point of the centre line
    at the same fraction of the way: when the piece shrunk by that radius (and a margin
    far wider than any rounding) still meets the centre line, every line meets the
    piece's inside. A rectangle thinner than that (a wall) blocks every line when it
    spans both bases across and stands between them. Only a sure answer counts: False
    means "maybe not", and the lines are then tried.
    """
    reach = (ar if ar > br else br) + 1e-4
    if piece.shape != "rect":
        inner = piece.w - reach
        return inner > 0.0 and seg_point_dist2(ax, ay, bx, by, piece.x, piece.y) < inner * inner
    x0, y0, x1, y1 = piece.x0, piece.y0, piece.x1, piece.y1
    if x1 - x0 > 2 * reach and y1 - y0 > 2 * reach and seg_rect_clip(
            ax, ay, bx, by, x0 + reach, y0 + reach, x1 - reach, y1 - reach) is not None:
        return True
    lo_x, hi_x = (ax - reach, bx + reach) if ax < bx else (bx - reach, ax + reach)
    lo_y, hi_y = (ay - reach, by + reach) if ay < by else (by - reach, ay + reach)
    # Across the line between them, from one base's far side to the other's.
    if y0 < lo_y and y1 > hi_y and ((ax + reach < x0 and bx - reach > x1)
                                    or (bx + reach < x0 and ax - reach > x1)):
        return True
    return x0 < lo_x and x1 > hi_x and ((ay + reach < y0 and by - reach > y1)
                                        or (by + reach < y0 and ay - reach > y1))


class GameState:
    """Models, markers, crews and the table, with the rules that read positions."""

    def __init__(self, table: Table, sides: Sequence[SideState], models: Sequence[Model]) -> None:
        self.table = table
        self.sides = list(sides)
        self.models = list(models)
        self.markers: dict[int, Marker] = {}
        #: Every Marker ever placed, in order (the result lists them).
        self.placed_markers: list[Marker] = []
        self.next_marker = 1
        #: Summoned model index -> the Turn it arrived; buried model index -> who buried it.
        self.summoned_on: dict[int, int] = {}
        self.buried: dict[int, int] = {}
        self.turn = 0
        self.first = 0
        self.active: Model | None = None
        #: Bumped whenever a model moves, arrives or leaves: line of sight caches key on it.
        self.version = 0
        self._los_cache: dict[tuple[int, int], bool] = {}
        self._engaged_cache: dict[int, bool] = {}
        self._cover_cache: dict[tuple[int, int], int] = {}
        self._path_cache: dict[tuple, tuple[float | None, str]] = {}
        #: The models in play sorted by x and their xs (until something moves), and
        #: bounds of the bases and engagement ranges: ``bodies``, ``_bounds``.
        self._bodies: tuple[list[float], list[Model], float] | None = None
        self._reach_bounds: tuple[int, float, float] = (-1, 0.0, 0.0)
        self._side_in_play: list[list[Model] | None] = [None, None]
        self._los_version = -1
        #: Model index -> the piece it stands on top of (models on the ground are not in
        #: it; None until asked again after something moves).
        self._on: dict[int, TerrainPiece] | None = None
        #: Model id -> model, rebuilt when the list grows (commanders look models up by id
        #: many times an Activation).
        self._by_id: dict[str, Model] = {}
        self._by_id_count = -1
        self._by_id_list: list[Model] | None = None

    # -- lookups ------------------------------------------------------------------------

    def model(self, model_id: str) -> Model | None:
        models = self.models
        found = self._by_id.get(model_id)
        if found is not None and self._by_id_list is models:
            # Models only ever join the list (at its end), and the first of an id is the
            # one kept: an id found stays right.
            return found
        if self._by_id_count != len(models) or self._by_id_list is not models:
            by_id: dict[str, Model] = {}
            for m in models:
                by_id.setdefault(m.id, m)
            self._by_id, self._by_id_count, self._by_id_list = by_id, len(models), models
        return self._by_id.get(model_id)

    def in_play(self, side: int | None = None) -> Iterator[Model]:
        for m in self.models:
            if m.in_play and (side is None or m.side == side):
                yield m

    def side_in_play(self, side: int) -> list[Model]:
        """One crew's models in play, in model order (kept until something moves or
        leaves: do not change the list)."""
        if self._los_version != self.version:
            self._clear_caches()
        found = self._side_in_play[side]
        if found is None:
            found = self._side_in_play[side] = [
                m for m in self.sides[side].models if m.in_play]
        return found

    def enemies(self, m: Model) -> list[Model]:
        side = m.side
        return [o for o in self.models if o.in_play and o.side != side]

    def friends(self, m: Model) -> list[Model]:
        side = m.side
        return [o for o in self.models if o.in_play and o.side == side and o is not m]

    def moved(self) -> None:
        self.version += 1

    # -- markers ------------------------------------------------------------------------

    def add_marker(self, kind: str, side: int | None, x: float, y: float, *,
                   by: int | None = None) -> Marker:
        marker = Marker(self.next_marker, kind, side, snap(x), snap(y), turn=self.turn, by=by)
        self.markers[marker.id] = marker
        self.placed_markers.append(marker)
        self.next_marker += 1
        return marker

    def markers_of(self, kind: str, side: int | None = None) -> list[Marker]:
        return [mk for mk in self.markers.values()
                if mk.kind == kind and (side is None or mk.side == side)]

    # -- distance -----------------------------------------------------------------------

    @staticmethod
    def edge(a: Model, b: Model) -> float:
        d = math.hypot(a.x - b.x, a.y - b.y) - a.r - b.r
        return d if d > 0.0 else 0.0

    @staticmethod
    def edge_to(x: float, y: float, r: float, other_x: float, other_y: float,
                other_r: float) -> float:
        d = math.hypot(x - other_x, y - other_y) - r - other_r
        return d if d > 0.0 else 0.0

    # -- line of sight --------------------------------------------------------------------

    def los(self, a: Model, b: Model) -> bool:
        """Line of sight between two models in play (symmetric, cached per position)."""
        if a is b:
            return True
        if self._los_version != self.version:
            self._clear_caches()
        key = (a.idx, b.idx) if a.idx < b.idx else (b.idx, a.idx)
        seen = self._los_cache.get(key)
        if seen is None:
            on = self.elevated() if self.table.standable else None
            if on:
                seen = self.sight(a.x, a.y, a.r, a.p.ht, on.get(a.idx), b.x, b.y, b.r,
                                  b.p.ht, on.get(b.idx), (a.idx, b.idx))
            else:
                seen = self.los_between(a.x, a.y, a.r, a.p.ht, b.x, b.y, b.r, b.p.ht,
                                        (a.idx, b.idx))
            self._los_cache[key] = seen
        return seen

    def _clear_caches(self) -> None:
        self._los_cache.clear()
        self._engaged_cache.clear()
        self._cover_cache.clear()
        self._path_cache.clear()
        self._bodies = None
        self._on = None
        self._side_in_play = [None, None]
        self._los_version = self.version

    def bodies(self) -> tuple[list[float], list[Model], float]:
        """(xs, models, widest): the models in play sorted by x (ties in model order),
        their xs (kept until something moves), and the largest base radius of the game.
        A test of the bases near a segment reads the slice of x that can hold them
        (``bisect``) rather than every model."""
        if self._los_version != self.version:
            self._clear_caches()
        index = self._bodies
        if index is None:
            models = [m for m in self.models if m.in_play]
            models.sort(key=_x_of)
            index = self._bodies = ([m.x for m in models], models, self._bounds()[1])
        return index

    def _bounds(self) -> tuple[int, float, float]:
        """(models, widest base radius, longest engagement range) of every model of the
        game, in play or not (bounds for ``bodies`` slices; kept until a model joins)."""
        bounds = self._reach_bounds
        if bounds[0] != len(self.models):
            models = self.models
            bounds = self._reach_bounds = (
                len(models), max((m.r for m in models), default=0.0),
                max((m.p.engagement_range for m in models), default=0.0))
        return bounds

    # -- elevation ----------------------------------------------------------------------

    def elevated(self) -> dict[int, TerrainPiece]:
        """Model index -> the piece it stands on top of, for the models in play standing
        on terrain (empty when none does; kept until something moves). A model's centre
        over a piece with a top means it stands on it: no legal position is partly on."""
        if self._los_version != self.version:
            self._clear_caches()
        on = self._on
        if on is None:
            on = {}
            standable = self.table.standable
            if standable:
                for m in self.models:
                    if m.in_play:
                        piece = self.piece_under(m.x, m.y)
                        if piece is not None:
                            on[m.idx] = piece
            self._on = on
        return on

    def standing_on(self, m: Model) -> TerrainPiece | None:
        """The piece ``m`` stands on top of (None on the ground)."""
        if not self.table.standable:
            return None
        return self.elevated().get(m.idx)

    def elevation(self, m: Model) -> int:
        piece = self.standing_on(m)
        return piece.ht if piece is not None else 0

    def piece_under(self, x: float, y: float) -> TerrainPiece | None:
        """The piece with a top whose base holds the point (x, y), if any."""
        for piece in self.table.standable:
            if piece.x0 <= x <= piece.x1 and piece.y0 <= y <= piece.y1 \
                    and piece.point_dist(x, y) <= 0.0:
                return piece
        return None

    @staticmethod
    def rise(a_on: TerrainPiece | None, aht: int, b_on: TerrainPiece | None,
             bht: int) -> int:
        """ENGAGEMENT ELEVATION: the elevation difference added to the distance between
        two models for engagement and Close attack range, unless the lower model's Ht is
        greater than the difference."""
        za = a_on.ht if a_on is not None else 0
        zb = b_on.ht if b_on is not None else 0
        if za == zb:
            return 0
        dz, low_ht = (zb - za, aht) if za < zb else (za - zb, bht)
        return 0 if low_ht > dz else dz

    def close_edge(self, a: Model, b: Model) -> float:
        """The distance between two models for engagement and Close attacks (the edge
        plus ``rise`` when one stands higher)."""
        d = math.hypot(a.x - b.x, a.y - b.y) - a.r - b.r  # ``edge`` inlined
        if d < 0.0:
            d = 0.0
        if self.table.standable:
            on = self.elevated()
            if on:
                d += self.rise(on.get(a.idx), a.p.ht, on.get(b.idx), b.p.ht)
        return d

    def close_edge_at(self, m: Model, x: float, y: float, other: Model) -> float:
        """``close_edge`` with ``m`` standing at (x, y) (a planned end of a move)."""
        d = math.hypot(x - other.x, y - other.y) - m.r - other.r  # ``edge_to`` inlined
        if d < 0.0:
            d = 0.0
        if self.table.standable:
            d += self.rise(self.piece_under(x, y), m.p.ht, self.standing_on(other),
                           other.p.ht)
        return d

    def sight(self, ax: float, ay: float, ar: float, aht: int, a_on: TerrainPiece | None,
              bx: float, by: float, br: float, bht: int, b_on: TerrainPiece | None,
              skip: tuple[int, ...] = ()) -> bool:
        """Line of sight with elevation (RANGE & LINE OF SIGHT, Elevation and Vantage
        Points; docs/rules-decisions.md, Simulator, Elevation).

        When one model stands on vantage point terrain (a top of Ht 2 or more) and the
        other does not stand as high, lines are drawn diagonally from the top of one model
        (its elevation plus its Ht) to the top of the other: models standing lower than the
        higher one are ignored, terrain of at most the lower model's Ht is ignored, and
        any other blocking piece blocks a line passing over its base at a height within
        its Ht. Otherwise lines are drawn top down as usual. A line leaving the top a model
        stands on within that model's Ht of its base ignores that ledge (so does any line
        when the top is lower than 2 or both stand on it); models standing at another
        elevation than both ends never block a top-down line.
        """
        on = self.elevated()
        if a_on is None and b_on is None and not on:
            return self.los_between(ax, ay, ar, aht, bx, by, br, bht, skip)
        za = a_on.ht if a_on is not None else 0
        zb = b_on.ht if b_on is not None else 0
        diagonal = za != zb and (za >= 2 or zb >= 2)
        tall = aht if aht > bht else bht
        high_z = za if za > zb else zb
        low_ht = bht if zb < za else aht
        lo_x = (ax - ar) if ax - ar < bx - br else (bx - br)
        hi_x = (ax + ar) if ax + ar > bx + br else (bx + br)
        lo_y = (ay - ar) if ay - ar < by - br else (by - br)
        hi_y = (ay + ar) if ay + ar > by + br else (by + br)
        pieces = []
        #: (piece, the centre, radius and Ht of the model standing on it).
        ledges = []
        # ``blocking_near``'s memo read here first (the call only when the cells are new).
        table = self.table
        cell = CELL
        near = table.blocking_memo.get((lo_x // cell, lo_y // cell, hi_x // cell,
                                        hi_y // cell))
        if near is None:
            near = table.blocking_near(lo_x, lo_y, hi_x, hi_y)
        for piece in near:
            if piece.x1 < lo_x or piece.x0 > hi_x or piece.y1 < lo_y or piece.y0 > hi_y:
                continue
            if piece is a_on or piece is b_on:
                # The ledge a model stands on (VANTAGE POINTS).
                if a_on is b_on or piece.ht < 2 or (not diagonal and piece.ht < tall):
                    continue
                ledges.append((piece, ax, ay, ar, aht) if piece is a_on
                              else (piece, bx, by, br, bht))
                continue
            if piece.ht <= low_ht if diagonal else piece.ht < tall:
                continue
            if "blocking" not in piece.traits and (piece.point_dist(ax, ay) < ar
                                                   or piece.point_dist(bx, by) < br):
                continue
            pieces.append(piece)
        bodies = []
        xs, models, widest = self.bodies()
        for m in models[bisect_left(xs, lo_x - widest - 1e-6):
                        bisect_right(xs, hi_x + widest + 1e-6)]:
            if m.idx in skip or m.p.ht < tall:
                continue
            stand = on.get(m.idx)
            mz = stand.ht if stand is not None else 0
            if (mz < high_z) if diagonal else (mz != za and mz != zb):
                continue
            mx, my, mr = m.x, m.y, m.r
            if mx + mr < lo_x or mx - mr > hi_x or my + mr < lo_y or my - mr > hi_y:
                continue
            bodies.append((mx, my, mr * mr))
        if not pieces and not bodies and not ledges:
            return True
        ha, hb = za + aht, zb + bht
        hypot = math.hypot

        def clear(x0: float, y0: float, x1: float, y1: float) -> bool:
            if bodies and not self._clear(x0, y0, x1, y1, (), bodies):
                return False
            for piece, cx, cy, cr, cht in ledges:
                span = piece.clip(x0, y0, x1, y1)
                if span is None:
                    continue
                # Where the line leaves the top: within the model's Ht of its base, the
                # ledge is ignored.
                t = span[1] if hypot(x0 - cx, y0 - cy) <= hypot(x1 - cx, y1 - cy) else span[0]
                if hypot(x0 + (x1 - x0) * t - cx, y0 + (y1 - y0) * t - cy) - cr <= cht + 1e-6:
                    continue
                if not diagonal:
                    return False
                low = ha + (hb - ha) * (span[0] if hb > ha else span[1])
                if low <= piece.ht + 1e-9:
                    return False
            if not diagonal:
                return self._clear(x0, y0, x1, y1, pieces, ())
            for piece in pieces:
                span = piece.clip(x0, y0, x1, y1)
                if span is None:
                    continue
                # The line is lowest at one end of its part over the piece.
                low = ha + (hb - ha) * (span[0] if hb > ha else span[1])
                if low <= piece.ht + 1e-9:
                    return False
            return True

        if clear(ax, ay, bx, by):
            return True
        for line in perpendicular_offsets((ax, ay), (bx, by), ar, br):
            if clear(*line):
                return True
        return any(clear(*line) for line in sight_lines((ax, ay), (bx, by), ar, br))

    def cover_from(self, attacker: Model, target: Model) -> int:
        """``cover`` from the attacker where it stands (cached until something moves)."""
        if self._los_version != self.version:
            self._clear_caches()
        key = (attacker.idx, target.idx)
        grade = self._cover_cache.get(key)
        if grade is None:
            grade = self.cover(attacker.x, attacker.y, attacker.r, target)
            self._cover_cache[key] = grade
        return grade

    def los_between(self, ax: float, ay: float, ar: float, aht: int, bx: float, by: float,
                    br: float, bht: int, skip: tuple[int, ...] = ()) -> bool:
        """Line of sight between two bases at these positions (the ``skip`` models are the
        two ends; any other model or blocking terrain of at least the taller one's Ht can
        block a line; dense terrain blocks unless one end stands in it)."""
        tall = aht if aht > bht else bht
        lo_x = (ax - ar) if ax - ar < bx - br else (bx - br)
        hi_x = (ax + ar) if ax + ar > bx + br else (bx + br)
        lo_y = (ay - ar) if ay - ar < by - br else (by - br)
        hi_y = (ay + ar) if ay + ar > by + br else (by + br)
        pieces = []
        # ``blocking_near``'s memo read here first (the call only when the cells are new).
        table = self.table
        cell = CELL
        near = table.blocking_memo.get((lo_x // cell, lo_y // cell, hi_x // cell,
                                        hi_y // cell))
        if near is None:
            near = table.blocking_near(lo_x, lo_y, hi_x, hi_y)
        for piece in near:
            if piece.ht < tall:
                continue
            if piece.x1 < lo_x or piece.x0 > hi_x or piece.y1 < lo_y or piece.y0 > hi_y:
                continue
            # A dense piece one of the bases stands in does not block (Dense: "Models may
            # ignore the dense trait of terrain that they are within"; "see into"). A
            # blocking piece has no such exception: it blocks every line through it.
            if "blocking" not in piece.traits and (piece.point_dist(ax, ay) < ar
                                                   or piece.point_dist(bx, by) < br):
                continue
            pieces.append(piece)
        bodies = []
        # ``bodies()`` without the call while its index is current.
        index = self._bodies
        if index is None or self._los_version != self.version:
            index = self.bodies()
        xs, models, widest = index
        # (A base further than its widest radius in y from the box misses it: skipped
        # first.)
        far_y0, far_y1 = lo_y - widest - 1e-6, hi_y + widest + 1e-6
        for m in models[bisect_left(xs, lo_x - widest - 1e-6):
                        bisect_right(xs, hi_x + widest + 1e-6)]:
            my = m.y
            if my < far_y0 or my > far_y1 or m.idx in skip or m.p.ht < tall:
                continue
            mx, mr = m.x, m.r
            if mx + mr < lo_x or mx - mr > hi_x or my + mr < lo_y or my - mr > hi_y:
                continue
            bodies.append((mx, my, mr * mr))
        if not pieces and not bodies:
            return True
        clear = self._clear
        if clear(ax, ay, bx, by, pieces, bodies):
            return True
        # A piece that every line from base to base must cross blocks them all: no need
        # to try the twenty lines one by one (most lines of sight that are blocked are).
        for piece in pieces:
            if _blocks_every_line(piece, ax, ay, ar, bx, by, br):
                return False
        for line in perpendicular_offsets((ax, ay), (bx, by), ar, br):
            if clear(*line, pieces, bodies):
                return True
        # Any point of one base to any point of the other: a narrow gap gives sight (the
        # first of these lines is the centre line, found blocked above).
        lines = sight_lines((ax, ay), (bx, by), ar, br)
        next(lines, None)
        for line in lines:  # noqa: SIM110 (a loop: no generator frame per line)
            if clear(*line, pieces, bodies):
                return True
        return False

    @staticmethod
    def _clear(ax: float, ay: float, bx: float, by: float, pieces, bodies) -> bool:
        if bodies:
            # ``seg_point_dist2`` inlined, the segment's parts worked out once.
            dx = bx - ax
            dy = by - ay
            len2 = dx * dx + dy * dy
            for mx, my, r2 in bodies:
                if len2 <= EPSILON:
                    ex, ey = mx - ax, my - ay
                else:
                    t = ((mx - ax) * dx + (my - ay) * dy) / len2
                    if t < 0.0:
                        t = 0.0
                    elif t > 1.0:
                        t = 1.0
                    ex = ax + t * dx - mx
                    ey = ay + t * dy - my
                if ex * ex + ey * ey < r2 - EPSILON:
                    return False
        for piece in pieces:
            # ``piece.crossed_by`` with its bounding-box reject inlined.
            x0, x1 = piece.x0, piece.x1
            if (ax < x0 and bx < x0) or (ax > x1 and bx > x1):
                continue
            y0, y1 = piece.y0, piece.y1
            if (ay < y0 and by < y0) or (ay > y1 and by > y1):
                continue
            if piece.clip(ax, ay, bx, by) is not None:
                return False
        return True

    def cover(self, ax: float, ay: float, ar: float, target: Model) -> int:
        """Cover a target has against a Projectile attack from a base at (ax, ay): 0 none,
        1 soft, 2 hard. Terrain with a cover trait within 1" of the target that a line of
        sight line crosses gives it (Ht does not matter for cover)."""
        tx, ty, tr = target.x, target.y, target.r
        best = 0
        lines = None
        reach = tr + 1.0 + 1e-6
        # A top both stand on gives no cover between them (docs: Elevation).
        table = self.table
        shared = self.piece_under(ax, ay) if table.standable else None
        lo_x, lo_y, hi_x, hi_y = tx - reach, ty - reach, tx + reach, ty + reach
        # ``cover_near``'s memo read here first (the call only when the cells are new).
        cell = CELL
        near = table.cover_memo.get((lo_x // cell, lo_y // cell, hi_x // cell, hi_y // cell))
        if near is None:
            near = table.cover_near(lo_x, lo_y, hi_x, hi_y)
        for piece in near:
            # A piece whose box is further than ``reach`` (and a hair) from the target's
            # centre in x or y is further than 1" from its base: no ``point_dist`` needed.
            if piece.x0 > hi_x + 1e-9 or piece.x1 < lo_x - 1e-9 or piece.y0 > hi_y + 1e-9 \
                    or piece.y1 < lo_y - 1e-9:
                continue
            if piece.point_dist(tx, ty) - tr > 1.0 + 1e-6:
                continue
            if piece is shared and piece.point_dist(tx, ty) <= 0.0:
                continue
            grade = 2 if "hard_cover" in piece.traits else 1
            if grade <= best:
                continue
            if lines is None:
                lines = ((ax, ay, tx, ty), *perpendicular_offsets((ax, ay), (tx, ty), ar, tr))
            # ``any`` over a generator written as a loop (no generator frame).
            for line in lines:
                if piece.crossed_by(*line):
                    best = grade
                    break
            if best == 2:
                break
        return best

    # -- engagement ---------------------------------------------------------------------

    @staticmethod
    def engagement_range(m: Model) -> float:
        """A Paralyzed model's Close attacks have range 0, so it engages no one."""
        if "paralyzed" in m.conditions:
            return 0.0
        return m.p.engagement_range

    def engaged_with(self, m: Model) -> list[Model]:
        """Enemy models engaged with ``m``: within either one's engagement range, with
        line of sight between them."""
        # ``engagement_range`` inlined.
        mine = 0.0 if "paralyzed" in m.conditions else m.p.engagement_range
        out = []
        side, mx, my, mr = m.side, m.x, m.y, m.r
        hypot = math.hypot
        # ``bodies()`` without the call while its index is current.
        index = self._bodies
        if index is None or self._los_version != self.version:
            index = self.bodies()
        xs, bodies, widest = index
        # The longest engagement range of any model (``_bounds`` without the call while
        # no model joined).
        bounds = self._reach_bounds
        if bounds[0] != len(self.models):
            bounds = self._bounds()
        longest = bounds[2]
        span = mr + widest + (mine if mine > longest else longest) + 1e-5
        on = self.elevated() if self.table.standable else None
        # An enemy further than ``span`` in y is further than any reach (by 9e-6 at
        # least): skipped on one comparison.
        lo_y, hi_y = my - span, my + span
        for e in bodies[bisect_left(xs, mx - span):bisect_right(xs, mx + span)]:
            ey = e.y
            if ey < lo_y or ey > hi_y or e.side == side:
                continue
            reach = 0.0 if "paralyzed" in e.conditions else e.p.engagement_range
            if mine > reach:
                reach = mine
            if reach <= 0.0:
                continue
            gap = hypot(mx - e.x, my - ey) - mr - e.r
            if on:
                gap = (gap if gap > 0.0 else 0.0) + self.rise(
                    on.get(m.idx), m.p.ht, on.get(e.idx), e.p.ht)
            if (gap if gap > 0.0 else 0.0) <= reach + 1e-6 and self.los(m, e):
                out.append(e)
        if len(out) > 1:
            out.sort(key=_idx_of)
        return out

    def is_engaged(self, m: Model) -> bool:
        """Is ``m`` engaged with any enemy (cached until something moves)."""
        if self._los_version != self.version:
            self._clear_caches()
        seen = self._engaged_cache.get(m.idx)
        if seen is None:
            seen = self._engaged(m)
            self._engaged_cache[m.idx] = seen
        return seen

    def _engaged(self, m: Model) -> bool:
        # ``engagement_range`` inlined.
        mine = 0.0 if "paralyzed" in m.conditions else m.p.engagement_range
        side, mx, my, mr = m.side, m.x, m.y, m.r
        hypot = math.hypot
        # ``bodies()`` without the call while its index is current.
        index = self._bodies
        if index is None or self._los_version != self.version:
            index = self.bodies()
        xs, bodies, widest = index
        # The longest engagement range of any model (``_bounds`` without the call while
        # no model joined).
        bounds = self._reach_bounds
        if bounds[0] != len(self.models):
            bounds = self._bounds()
        longest = bounds[2]
        span = mr + widest + (mine if mine > longest else longest) + 1e-5
        on = self.elevated() if self.table.standable else None
        # An enemy further than ``span`` in y is further than any reach (by 9e-6 at
        # least): skipped on one comparison.
        lo_y, hi_y = my - span, my + span
        for e in bodies[bisect_left(xs, mx - span):bisect_right(xs, mx + span)]:
            ey = e.y
            if ey < lo_y or ey > hi_y or e.side == side:
                continue
            # ``engagement_range`` and ``edge`` inlined (this runs for every model often).
            reach = 0.0 if "paralyzed" in e.conditions else e.p.engagement_range
            if mine > reach:
                reach = mine
            if reach <= 0.0:
                continue
            gap = hypot(mx - e.x, my - ey) - mr - e.r
            if on:
                gap = (gap if gap > 0.0 else 0.0) + self.rise(
                    on.get(m.idx), m.p.ht, on.get(e.idx), e.p.ht)
            if (gap if gap > 0.0 else 0.0) <= reach + 1e-6 and self.los(m, e):
                return True
        return False

    def engaged_at(self, m: Model, x: float, y: float) -> list[Model]:
        """Enemies that would be engaged with ``m`` standing at (x, y) (for planning)."""
        mine = self.engagement_range(m)
        out = []
        for e in self.models:
            if not e.in_play or e.side == m.side:
                continue
            reach = max(mine, self.engagement_range(e))
            if reach <= 0.0:
                continue
            if self.table.standable:
                if self.close_edge_at(m, x, y, e) <= reach + 1e-6 and self.sight(
                        x, y, m.r, m.p.ht, self.piece_under(x, y), e.x, e.y, e.r, e.p.ht,
                        self.standing_on(e), (m.idx, e.idx)):
                    out.append(e)
            elif self.edge_to(x, y, m.r, e.x, e.y, e.r) <= reach + 1e-6 and self.los_between(
                    x, y, m.r, m.p.ht, e.x, e.y, e.r, e.p.ht, (m.idx, e.idx)):
                out.append(e)
        return out

    # -- movement -----------------------------------------------------------------------

    def path_cost(self, m: Model, path: Sequence[Point], *, straight: bool = False,
                  ) -> tuple[float | None, str]:
        """The movement a path costs ``m`` (severe terrain and climbing double), or
        (None, reason) when the path is illegal.

        The centre of the base follows the path, so no part of the model moves further
        than its length. Impassable terrain and other bases block the way (Flight and
        Incorporeal ignore both, and severe terrain, while moving; Underfoot ignores
        friendly models); a climbable piece may be climbed over, or onto when its top
        holds the base, and a model on a top walks on it or climbs down
        (docs/rules-decisions.md, Simulator, Elevation).
        """
        if straight and len(path) != 1:
            return None, "the move must be one straight line"
        # Commanders check the paths they propose and the engine checks them again: the
        # answer is kept until something moves.
        if self._los_version != self.version:
            self._clear_caches()
        key = (m.idx, m.x, m.y, path if path.__class__ is tuple else tuple(path))
        known = self._path_cache.get(key)
        if known is None:
            known = self._path_cost(m, path)
            self._path_cache[key] = known
        return known

    def _path_cost(self, m: Model, path: Sequence[Point]) -> tuple[float | None, str]:
        talents = m.p.talents
        ignore_all = talents.flight or talents.incorporeal
        underfoot = talents.underfoot
        r = m.r
        total = 0.0
        ax, ay = m.x, m.y
        table = self.table
        side = m.side
        # ``on_table`` inlined: the bounds a base's centre must keep.
        low, high = r - 1e-6, table.size - r + 1e-6
        hypot = math.hypot
        impassable = table.impassable
        severe = table.severe and not talents.unimpeded
        # ``bodies()`` without the call while its index is current.
        index = self._bodies
        if index is None or self._los_version != self.version:
            index = self.bodies()
        xs, bodies, widest = index
        # Bases further than this in x from a leg's box cannot touch it.
        span = r + widest + 1e-6
        # The piece the model stands on top of (None on the ground, and on every table
        # without a piece to stand on).
        on = self.standing_on(m) if table.standable else None
        # Whether an impassable piece, or a base other than ``m``, was near the last leg
        # (so maybe near the end): True until a leg's are looked at.
        piece_near_end = near_end = True
        legs = path
        if len(path) == 2 and on is None and not table.standable:
            # A detour's first leg was weighed alone just before (``moves.path_toward``):
            # when that one-leg path is legal, its cost is the first leg's (the same sum).
            first = self._path_cache.get((m.idx, ax, ay, (path[0],)))
            if first is not None and first[0] is not None:
                total = first[0]
                ax, ay = path[0]
                legs = path[1:]
        for bx, by in legs:
            if not (low <= bx <= high and low <= by <= high):
                return None, f"({bx}, {by}) is off the table"
            length = hypot(bx - ax, by - ay)
            if length <= EPSILON:
                continue
            extra = 0.0
            lo_x, hi_x = (ax, bx) if ax < bx else (bx, ax)
            lo_y, hi_y = (ay, by) if ay < by else (by, ay)
            if not ignore_all:
                leg_on = on
                piece_near_end = False
                for piece in impassable:
                    if (hi_x + r < piece.x0 or lo_x - r > piece.x1
                            or hi_y + r < piece.y0 or lo_y - r > piece.y1):
                        continue
                    piece_near_end = True
                    if piece.seg_dist(ax, ay, bx, by) < r - 1e-6:
                        if piece is on:
                            # Along its top, or off it: climbing down costs 2 x Ht, a drop
                            # of 2" or less is free.
                            if piece.holds(bx, by, r):
                                continue
                            if piece.point_dist(bx, by) >= r - 1e-6 and (
                                    piece.ht <= 2 or "climbable" in piece.traits):
                                extra += 2 * piece.ht if piece.ht > 2 else 0
                                leg_on = None
                                continue
                            return None, f"{m.name} cannot climb down there"
                        if "climbable" in piece.traits:
                            if piece.point_dist(bx, by) >= r - 1e-6:
                                extra += 2 * piece.ht + (2 * piece.ht if piece.ht > 2 else 0)
                                continue
                            if piece.holds(bx, by, r):
                                # Up onto its top (a climbable impassable piece has one).
                                extra += 2 * piece.ht
                                leg_on = piece
                                continue
                        return None, f"{piece.name or 'impassable terrain'} is in the way"
                on = leg_on
                # The first base in the way in model order names the reason.
                blocker = None
                # A base further than ``span`` in y from the leg's box fails the box test
                # below (its reach is at least 2e-6 short of ``span``): skipped first.
                span_y0, span_y1 = lo_y - span, hi_y + span
                near_end = False
                for o in bodies[bisect_left(xs, lo_x - span):bisect_right(xs, hi_x + span)]:
                    oy = o.y
                    if oy < span_y0 or oy > span_y1 or o is m:
                        continue
                    near_end = True
                    if underfoot and o.side == side:
                        continue
                    reach = r + o.r - 1e-6
                    ox = o.x
                    if ox + reach < lo_x or ox - reach > hi_x or oy + reach < lo_y \
                            or oy - reach > hi_y:
                        continue
                    # ``seg_point_dist2`` inlined (the same operations).
                    dx, dy = bx - ax, by - ay
                    len2 = dx * dx + dy * dy
                    if len2 <= EPSILON:
                        ex, ey = ox - ax, oy - ay
                    else:
                        t = ((ox - ax) * dx + (oy - ay) * dy) / len2
                        if t < 0.0:
                            t = 0.0
                        elif t > 1.0:
                            t = 1.0
                        ex = ax + t * dx - ox
                        ey = ay + t * dy - oy
                    if ex * ex + ey * ey < reach * reach:
                        # Leaving a touching or overlapping start is allowed.
                        d_start = hypot(ax - ox, ay - oy)
                        if d_start < reach and hypot(bx - ox, by - oy) > d_start:
                            continue
                        if blocker is None or o.idx < blocker.idx:
                            blocker = o
                if blocker is not None:
                    return None, f"{blocker.name}'s base is in the way"
                if severe:
                    # ``_severe_length`` inlined.
                    inside = 0
                    for t0, t1 in self._severe_spans(ax, ay, bx, by, r):
                        inside += t1 - t0
                    extra += inside * length
            total += length + extra
            ax, ay = bx, by
        if not path:
            reason = self.standing_problem(m, ax, ay)
            return (None, reason) if reason else (total, "")
        # ``standing_problem`` at the end, inlined (the edge test again: a path whose legs
        # all have no length ends where it started).
        if not (low <= ax <= high and low <= ay <= high):
            return None, f"({ax}, {ay}) is off the table"
        # (A piece the last leg's box test left out fails the end's, which lies in it.)
        for piece in impassable if piece_near_end else ():
            if ax + r < piece.x0 or ax - r > piece.x1 or ay + r < piece.y0 \
                    or ay - r > piece.y1:
                continue
            if piece.point_dist(ax, ay) < r - 1e-6:
                if piece is on or (ignore_all and piece in table.standable
                                   and piece.holds(ax, ay, r)):
                    continue  # on its top
                return None, f"({ax}, {ay}) is inside {piece.name or 'impassable terrain'}"
        if not near_end:
            # No base but ``m`` passed the last leg's x and y spans, which hold the end's
            # (the end lies in the leg's box, and ``span`` is the same): none overlaps.
            return total, ""
        overlap = None
        # (A base further than ``span`` in y is further than its reach: skipped first.)
        span_y0, span_y1 = ay - span, ay + span
        for o in bodies[bisect_left(xs, ax - span):bisect_right(xs, ax + span)]:
            oy = o.y
            if oy < span_y0 or oy > span_y1 or o is m:
                continue
            reach = r + o.r - 1e-6
            dx = ax - o.x
            if dx > reach or -dx > reach:
                continue
            dy = ay - oy
            if dy > reach or -dy > reach:
                continue
            if dx * dx + dy * dy < reach * reach and (overlap is None or o.idx < overlap.idx):
                overlap = o
        if overlap is not None:
            return None, f"({ax}, {ay}) overlaps {overlap.name}"
        return total, ""

    def _severe_spans(self, ax: float, ay: float, bx: float, by: float, r: float,
                      ) -> list[tuple[float, float]]:
        """The merged parameter intervals of a segment where a base of radius ``r`` is in
        severe terrain (overlapping pieces count once)."""
        table = self.table
        if not table.severe:
            return []
        lo_x, hi_x = (ax, bx) if ax < bx else (bx, ax)
        lo_y, hi_y = (ay, by) if ay < by else (by, ay)
        spans = []
        # The box of the base along the segment (the same sums the test below made for
        # each piece).
        box_x0, box_y0, box_x1, box_y1 = lo_x - r, lo_y - r, hi_x + r, hi_y + r
        dx, dy = bx - ax, by - ay
        # ``severe_near``'s memo read here first (the call only when the cells are new).
        cell = CELL
        near = table.severe_memo.get((box_x0 // cell, box_y0 // cell, box_x1 // cell,
                                      box_y1 // cell))
        if near is None:
            near = table.severe_near(box_x0, box_y0, box_x1, box_y1)
        for piece in near:
            if box_x1 < piece.x0 or box_x0 > piece.x1 or box_y1 < piece.y0 \
                    or box_y0 > piece.y1:
                continue
            # ``piece.clip`` (``seg_rect_clip`` and ``seg_circle_clip``) inlined, the same
            # operations: this runs for every leg of every path tried.
            if piece.shape == "rect":
                x0, y0, x1, y1 = piece.x0 - r, piece.y0 - r, piece.x1 + r, piece.y1 + r
                if (ax < x0 and bx < x0) or (ax > x1 and bx > x1) \
                        or (ay < y0 and by < y0) or (ay > y1 and by > y1):
                    continue
                t0, t1 = 0.0, 1.0
                if dx == 0.0:
                    if ax < x0 or ax > x1:
                        continue
                else:
                    u0 = (x0 - ax) / dx
                    u1 = (x1 - ax) / dx
                    if u0 > u1:
                        u0, u1 = u1, u0
                    if u0 > t0:
                        t0 = u0
                    if u1 < t1:
                        t1 = u1
                    if t0 > t1:
                        continue
                if dy == 0.0:
                    if ay < y0 or ay > y1:
                        continue
                else:
                    u0 = (y0 - ay) / dy
                    u1 = (y1 - ay) / dy
                    if u0 > u1:
                        u0, u1 = u1, u0
                    if u0 > t0:
                        t0 = u0
                    if u1 < t1:
                        t1 = u1
                    if t0 > t1:
                        continue
            else:
                fx = ax - piece.x
                fy = ay - piece.y
                grown = piece.w + r
                a = dx * dx + dy * dy
                c = fx * fx + fy * fy - grown * grown
                if a <= EPSILON:
                    if c > 0.0:
                        continue
                    t0, t1 = 0.0, 1.0
                else:
                    b = 2.0 * (fx * dx + fy * dy)
                    disc = b * b - 4.0 * a * c
                    if disc < 0.0:
                        continue
                    root = math.sqrt(disc)
                    t0 = (-b - root) / (2.0 * a)
                    t1 = (-b + root) / (2.0 * a)
                    if t1 < 0.0 or t0 > 1.0:
                        continue
                    if not t0 > 0.0:
                        t0 = 0.0
                    if not t1 < 1.0:
                        t1 = 1.0
            if t1 > t0:
                spans.append((t0, t1))
        if len(spans) < 2:
            return spans
        spans.sort()
        merged = [spans[0]]
        for t0, t1 in spans[1:]:
            if t0 <= merged[-1][1]:
                last = merged[-1]
                if t1 > last[1]:  # ``max`` written out (the same value)
                    merged[-1] = (last[0], t1)
            else:
                merged.append((t0, t1))
        return merged

    def _severe_length(self, ax: float, ay: float, bx: float, by: float, r: float,
                       length: float) -> float:
        inside = 0
        for t0, t1 in self._severe_spans(ax, ay, bx, by, r):
            inside += t1 - t0
        return inside * length

    def reach_along(self, m: Model, sx: float, sy: float, ux: float, uy: float, want: float,
                    budget: float) -> float:
        """How far ``m`` can go from (sx, sy) along the unit direction (ux, uy): at most
        ``want``, stopping before the table edge, impassable terrain and other bases (as
        ``path_cost`` sees them), with severe terrain counted double against ``budget``.
        An estimate for planning: the engine still checks the path."""
        talents = m.p.talents
        ignore_all = talents.flight or talents.incorporeal
        r = m.r
        size = self.table.size
        limit = want
        # The table edges, one axis after the other.
        if ux > 1e-12:
            edge = (size - r - sx) / ux
            if edge < limit:
                limit = edge
        elif ux < -1e-12:
            edge = (r - sx) / ux
            if edge < limit:
                limit = edge
        if uy > 1e-12:
            edge = (size - r - sy) / uy
            if edge < limit:
                limit = edge
        elif uy < -1e-12:
            edge = (r - sy) / uy
            if edge < limit:
                limit = edge
        if limit <= 0:
            return 0.0
        ex, ey = sx + ux * limit, sy + uy * limit
        if not ignore_all:
            lo_x, hi_x = (sx, ex) if sx < ex else (ex, sx)
            lo_y, hi_y = (sy, ey) if sy < ey else (ey, sy)
            on = self.piece_under(sx, sy) if self.table.standable else None
            for piece in self.table.impassable:
                if hi_x + r < piece.x0 or lo_x - r > piece.x1 or hi_y + r < piece.y0 \
                        or lo_y - r > piece.y1:
                    continue
                if piece.seg_dist(sx, sy, ex, ey) >= r - 1e-6:
                    continue
                if piece is on:
                    # Standing on its top: over the ledge and down if it can pay the
                    # climb, else to the ledge.
                    if piece.holds(ex, ey, r):
                        continue
                    down = 2 * piece.ht if piece.ht > 2 else 0
                    if (piece.ht <= 2 or "climbable" in piece.traits) and down < budget:
                        budget -= down
                        continue
                    lo, hi = 0.0, 1.0
                    for _ in range(12):
                        mid = (lo + hi) / 2
                        if piece.holds(sx + ux * limit * mid, sy + uy * limit * mid, r):
                            lo = mid
                        else:
                            hi = mid
                    limit *= lo
                    ex, ey = sx + ux * limit, sy + uy * limit
                    continue
                span = piece.clip(sx, sy, ex, ey, r)
                t0 = span[0] if span is not None else 0.0
                if t0 <= 1e-9:
                    # The square corners of the grown rectangle: find the exact stop.
                    lo, hi = 0.0, 1.0
                    for _ in range(10):
                        mid = (lo + hi) / 2
                        if piece.seg_dist(sx, sy, sx + ux * limit * mid,
                                          sy + uy * limit * mid) >= r - 1e-6:
                            lo = mid
                        else:
                            hi = mid
                    t0 = lo
                t0 *= limit
                if t0 < limit:  # ``min`` written out (the same value)
                    limit = t0
                ex, ey = sx + ux * limit, sy + uy * limit
            side = m.side
            underfoot = talents.underfoot
            sqrt = math.sqrt
            # ``bodies()`` without the call while its index is current.
            index = self._bodies
            if index is None or self._los_version != self.version:
                index = self.bodies()
            xs, bodies, widest = index
            span = r + widest + 1e-6
            lo_x, hi_x = (sx, ex) if sx < ex else (ex, sx)
            # A base further than ``span`` (and a margin far above rounding) in y from the
            # way cannot stop it before ``limit``: skipped on one comparison.
            far_y0, far_y1 = (sy - span - 0.01, ey + span + 0.01) if sy < ey \
                else (ey - span - 0.01, sy + span + 0.01)
            # The minimum of the stops below does not depend on the order they come in.
            for o in bodies[bisect_left(xs, lo_x - span):bisect_right(xs, hi_x + span)]:
                oy = o.y
                if oy < far_y0 or oy > far_y1 or o is m or (underfoot and o.side == side):
                    continue
                reach = r + o.r
                fx, fy = sx - o.x, sy - oy
                c = fx * fx + fy * fy - reach * reach
                if c <= 0.0:
                    continue  # touching at the start: moving off is fine, toward is refused
                b = fx * ux + fy * uy
                if b >= 0.0:
                    continue  # moving away from it (both roots are behind the start)
                disc = b * b - c
                if disc < 0.0:
                    continue
                t = -b - sqrt(disc)
                if 0.0 <= t < limit:
                    limit = t
        if limit <= 0:
            return 0.0
        if ignore_all or talents.unimpeded:
            return budget if budget < limit else limit
        ex, ey = sx + ux * limit, sy + uy * limit
        used = 0.0
        travelled = 0.0
        for t0, t1 in self._severe_spans(sx, sy, ex, ey, r):
            clear = (t0 * limit) - travelled
            if used + clear >= budget:
                return travelled + (budget - used)
            used += clear
            travelled = t0 * limit
            rough = (t1 - t0) * limit
            if used + 2 * rough >= budget:
                return travelled + (budget - used) / 2
            used += 2 * rough
            travelled = t1 * limit
        rest = travelled + (budget - used)
        return rest if rest < limit else limit

    def standing_problem(self, m: Model, x: float, y: float, *,
                         ignore: Sequence[Model] = ()) -> str:
        """Why ``m`` cannot stand at (x, y), or "" when it can."""
        r = m.r
        if not on_table(x, y, r):
            return f"({x}, {y}) is off the table"
        for piece in self.table.impassable:
            if x + r < piece.x0 or x - r > piece.x1 or y + r < piece.y0 or y - r > piece.y1:
                continue
            if piece.point_dist(x, y) < r - 1e-6:
                if piece.holds(x, y, r) and piece in self.table.standable:
                    continue  # on a top models may stand on (placed there, or already on it)
                return f"({x}, {y}) is inside {piece.name or 'impassable terrain'}"
        for o in self.models:
            if o is m or not o.in_play:
                continue
            reach = r + o.r - 1e-6
            dx = x - o.x
            if dx > reach or -dx > reach:
                continue
            dy = y - o.y
            if dy > reach or -dy > reach:
                continue
            if dx * dx + dy * dy < reach * reach and o not in ignore:
                return f"({x}, {y}) overlaps {o.name}"
        return ""

    def push_end(self, m: Model, dx: float, dy: float, distance: float) -> Point:
        """Where a push of ``distance`` along (dx, dy) stops: in base contact with the first
        model or impassable piece in the way, or at the table edge. Severe terrain does not
        slow a push, and a push never climbs."""
        length = math.hypot(dx, dy)
        if length <= EPSILON or distance <= 0:
            return (m.x, m.y)
        ux, uy = dx / length, dy / length
        if self.table.standable:
            on = self.standing_on(m)
            if on is not None:
                return self._push_from_top(m, on, ux, uy, distance)
        lo, hi = 0.0, distance
        steps = 0
        while hi - lo > 0.02 and steps < 30:
            steps += 1
            mid = (lo + hi) / 2
            if self._push_clear(m, ux, uy, mid):
                lo = mid
            else:
                hi = mid
        if self._push_clear(m, ux, uy, distance):
            lo = distance
        # Snap, then step back until the model fits.
        t = lo
        while t > 0:
            x, y = snap(m.x + ux * t), snap(m.y + uy * t)
            if self._push_clear_to(m, x, y):
                return (x, y)
            t = round(t - 0.05, 3)
        return (m.x, m.y)

    def _push_from_top(self, m: Model, top: TerrainPiece, ux: float, uy: float,
                       distance: float) -> Point:
        """``push_end`` for a model standing on top of a piece: across the top, and over
        the ledge when the push carries the whole base past it (the model then falls: the
        push goes on below, over lower pieces, and may land on a lower top); a push that
        would leave the base hanging over the ledge stops with it wholly on the top
        (docs/rules-decisions.md, Simulator, Elevation)."""
        sx, sy = m.x, m.y
        r = m.r
        below = (top, *(p for p in self.table.standable if p is not top and p.ht < top.ht))

        def fits_at(x: float, y: float, ground: bool) -> bool:
            if ground:
                if top.point_dist(x, y) < r - 1e-6:
                    return False
                for piece in below:
                    if piece is not top and piece.point_dist(x, y) < r - 1e-6 \
                            and not piece.holds(x, y, r):
                        return False
            elif not top.holds(x, y, r):
                return False
            return self._push_clear_to(m, x, y, below)

        def furthest(lo: float, hi: float, ground: bool) -> float:
            if fits_at(sx + ux * hi, sy + uy * hi, ground):
                return hi
            for _ in range(30):
                if hi - lo <= 0.02:
                    break
                mid = (lo + hi) / 2
                if fits_at(sx + ux * mid, sy + uy * mid, ground):
                    lo = mid
                else:
                    hi = mid
            return lo

        span = top.clip(sx, sy, sx + ux * distance, sy + uy * distance, r)
        off = span[1] * distance + 0.01 if span is not None and span[1] < 1.0 else None
        if off is not None and off <= distance and fits_at(sx + ux * off, sy + uy * off, True):
            t = furthest(off, distance, True)
            while t >= off - 0.01:
                x, y = snap(sx + ux * t), snap(sy + uy * t)
                if fits_at(x, y, True):
                    return (x, y)
                t = round(t - 0.05, 3)
        t = furthest(0.0, distance, False)
        while t > 0:
            x, y = snap(sx + ux * t), snap(sy + uy * t)
            if fits_at(x, y, False):
                return (x, y)
            t = round(t - 0.05, 3)
        return (sx, sy)

    def _push_clear(self, m: Model, ux: float, uy: float, t: float) -> bool:
        return self._push_clear_to(m, m.x + ux * t, m.y + uy * t)

    def _push_clear_to(self, m: Model, bx: float, by: float,
                       below: tuple[TerrainPiece, ...] = ()) -> bool:
        r = m.r
        if not on_table(bx, by, r):
            return False
        ax, ay = m.x, m.y
        for piece in self.table.impassable:
            if piece.seg_dist(ax, ay, bx, by) < r - 1e-6 and piece not in below:
                return False
        for o in self.models:
            if o is m or not o.in_play:
                continue
            reach = r + o.r - 1e-6
            if seg_point_dist2(ax, ay, bx, by, o.x, o.y) < reach * reach:
                d_start = math.hypot(ax - o.x, ay - o.y)
                if d_start < reach and math.hypot(bx - o.x, by - o.y) > d_start:
                    continue
                return False
        return True

    def hazards_entered(self, m: Model, path: Sequence[Point], start: Point) -> list[int]:
        """Hazardous pieces a path enters (in path order), by id."""
        out: list[int] = []
        ax, ay = start
        r = m.r
        hazardous = self.table.hazardous
        if not hazardous:
            return out
        for bx, by in path:
            lo_x, hi_x = (ax, bx) if ax < bx else (bx, ax)
            lo_y, hi_y = (ay, by) if ay < by else (by, ay)
            for piece in hazardous:
                # A piece further than ``r`` from the leg's box in x or y is further than
                # ``r`` from the leg (by far more than rounding): no ``seg_dist`` needed.
                if hi_x + r < piece.x0 or lo_x - r > piece.x1 or hi_y + r < piece.y0 \
                        or lo_y - r > piece.y1:
                    continue
                if piece.id in out:
                    continue
                if piece.seg_dist(ax, ay, bx, by) < r - 1e-6 and piece.point_dist(ax, ay) >= r:
                    out.append(piece.id)
            ax, ay = bx, by
        return out

    def hazards_at(self, m: Model) -> list[int]:
        hazardous = self.table.hazardous
        if not hazardous:
            return []
        x, y, r = m.x, m.y, m.r
        # A piece further than ``r`` from the base's centre in x or y is further than
        # ``r - 1e-6`` from it (by far more than rounding): no ``point_dist`` needed.
        return [p.id for p in hazardous
                if not (x + r < p.x0 or x - r > p.x1 or y + r < p.y0 or y - r > p.y1)
                and p.point_dist(x, y) < r - 1e-6]

    # -- areas --------------------------------------------------------------------------

    def zone_of(self, side: int) -> Zone:
        zone = self.sides[side].zone
        assert zone is not None
        return zone

    def in_contact(self, x: float, y: float, r: float, ox: float, oy: float, orad: float) -> bool:
        return math.hypot(x - ox, y - oy) - r - orad <= CONTACT + 1e-6

    @property
    def size(self) -> float:
        return TABLE_SIZE
