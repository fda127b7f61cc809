"""The battlefield in inches: terrain pieces, husks, deployment zones, line of sight and
effect, and where a base may stand or travel.

Top-down, origin at the south-west corner, positions on the shared 0.1" grid. Terrain
pieces are axis-aligned rectangles, each a solid obstacle: short ones (under 1") block
movement only, tall ones (1" or more) also block line of sight and effect. Units and husks
are round bases; they block movement and line of sight, never line of effect. Off the board
is a tall obstacle (so nothing measured here leaves it). Plane geometry comes from the
Malifaux simulator's ``geometry`` module: it is the same inch board.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from math import floor as _floor

from rules.engine.simulation.geometry import (
    EPSILON,
    point_rect_dist,
    seg_rect_clip,
    seg_rect_dist,
    snap,
)
from rules.engine.simulation.geometry import base_radius as _base_radius

__all__ = ["HUSK_RADIUS", "Board", "Circle", "Piece", "Zone", "base_radius", "grid"]

#: The radius in inches of a round base given in millimetres (remembered per size: the
#: geometry rounds through a string each time).
base_radius = lru_cache(maxsize=64)(_base_radius)

#: A husk's footprint: the book gives none; a 40 mm round base (docs/rules-decisions.md).
HUSK_RADIUS = base_radius(40)
#: Lines of sight are drawn to the target's centre and to two points this far out on its base.
EDGE_K = 0.9

Circle = tuple[float, float, float]  # x, y, radius


@dataclass(frozen=True, slots=True)
class Piece:
    x0: float
    y0: float
    x1: float
    y1: float
    tall: bool
    size: str = "small"
    card: str = ""

    def to_list(self) -> list:
        return [self.x0, self.y0, self.x1, self.y1, int(self.tall), self.size, self.card]

    @classmethod
    def from_list(cls, data) -> Piece:
        return cls(data[0], data[1], data[2], data[3], bool(data[4]), data[5], data[6])

    def gap(self, other: Piece) -> float:
        dx = max(other.x0 - self.x1, self.x0 - other.x1, 0.0)
        dy = max(other.y0 - self.y1, self.y0 - other.y1, 0.0)
        return math.hypot(dx, dy)


@dataclass(frozen=True, slots=True)
class Zone:
    """A 6" quarter circle measured from a corner."""

    cx: float
    cy: float
    radius: float

    def holds(self, x: float, y: float, r: float) -> bool:
        """The base is fully within the zone."""
        return math.hypot(x - self.cx, y - self.cy) + r <= self.radius + EPSILON

    def touches_rect(self, p: Piece) -> bool:
        return point_rect_dist(self.cx, self.cy, p.x0, p.y0, p.x1, p.y1) < self.radius

    def touches_circle(self, x: float, y: float, r: float) -> bool:
        return math.hypot(x - self.cx, y - self.cy) < self.radius + r


class Board:
    """Terrain and husks on a square board of ``size`` inches."""

    __slots__ = ("husks", "pieces", "size", "tall", "zones")

    def __init__(self, size: float, pieces=(), husks=(), zone_radius: float = 6.0):
        self.size = float(size)
        self.pieces: list[Piece] = list(pieces)
        self.tall: list[Piece] = [p for p in self.pieces if p.tall]
        #: Husks by index; ``None`` once claimed (indices stay stable for the log).
        self.husks: list[tuple[float, float] | None] = list(husks)
        s = self.size
        self.zones = (Zone(0.0, 0.0, zone_radius), Zone(s, 0.0, zone_radius),
                      Zone(s, s, zone_radius), Zone(0.0, s, zone_radius))

    def add_piece(self, piece: Piece) -> None:
        self.pieces.append(piece)
        if piece.tall:
            self.tall.append(piece)

    def pieces_near(self, x: float, y: float, reach: float) -> list[Piece]:
        """The pieces a base within ``reach`` of (x, y) could touch (a cheap box)."""
        return [p for p in self.pieces if p.x0 - reach < x < p.x1 + reach and
                p.y0 - reach < y < p.y1 + reach]

    def live_husks(self) -> list[tuple[int, float, float]]:
        return [(i, h[0], h[1]) for i, h in enumerate(self.husks) if h is not None]

    # ------------------------------------------------------------------ standing
    def on_board(self, x: float, y: float, r: float) -> bool:
        return r - EPSILON <= x <= self.size - r + EPSILON and \
            r - EPSILON <= y <= self.size - r + EPSILON

    def fits(self, x: float, y: float, r: float, circles: list[Circle],
             pieces: list[Piece] | None = None) -> bool:
        """A base of radius ``r`` may stand at (x, y): on the board, on no terrain, husk or base."""
        lo, hi = r - EPSILON, self.size - r + EPSILON
        if not (lo <= x <= hi and lo <= y <= hi):
            return False
        rr = r - EPSILON
        for p in self.pieces if pieces is None else pieces:
            if x < p.x0 - rr or x > p.x1 + rr or y < p.y0 - rr or y > p.y1 + rr:
                continue
            dx = p.x0 - x if x < p.x0 else (x - p.x1 if x > p.x1 else 0.0)
            dy = p.y0 - y if y < p.y0 else (y - p.y1 if y > p.y1 else 0.0)
            if dx * dx + dy * dy < rr * rr:
                return False
        reach = r + HUSK_RADIUS
        reach2 = reach * reach - 1e-6
        for h in self.husks:
            if h is not None:
                dx = x - h[0]
                dy = y - h[1]
                if dx * dx + dy * dy < reach2:
                    return False
        for cx, cy, cr in circles:
            reach = r + cr
            dx = x - cx
            if dx > reach or dx < -reach:  # too far along x to touch: cheap reject
                continue
            dy = y - cy
            if dx * dx + dy * dy < reach * reach - 1e-6:
                return False
        return True

    def path_clear(self, ax: float, ay: float, bx: float, by: float, r: float,
                   circles: list[Circle], *, line_only: bool = False,
                   pieces: list[Piece] | None = None) -> bool:
        """A base slides straight from A to B without crossing an obstacle.

        ``line_only``: a shift's line (zero width) instead of the whole base; the base must
        still fit where it ends (the caller checks ``fits``).
        """
        w = 0.0 if line_only else r - EPSILON
        lox, hix = (ax, bx) if ax < bx else (bx, ax)
        loy, hiy = (ay, by) if ay < by else (by, ay)
        for p in self.pieces if pieces is None else pieces:
            if p.x0 > hix + w or p.x1 < lox - w or p.y0 > hiy + w or p.y1 < loy - w:
                continue
            if line_only:
                if seg_rect_clip(ax, ay, bx, by, p.x0, p.y0, p.x1, p.y1) is not None:  # hits
                    return False
            elif seg_rect_dist(ax, ay, bx, by, p.x0, p.y0, p.x1, p.y1) < w:
                return False
        # ``seg_point_dist2`` inlined below, the segment's terms computed once.
        dx, dy = bx - ax, by - ay
        len2 = dx * dx + dy * dy
        point = len2 <= EPSILON
        reach = w + HUSK_RADIUS
        limit = reach * reach - 1e-6
        for h in self.husks:
            if h is None:
                continue
            px, py = h
            if point:
                ex, ey = px - ax, py - ay
            else:
                t = ((px - ax) * dx + (py - ay) * dy) / len2
                t = 0.0 if t < 0.0 else (1.0 if t > 1.0 else t)
                ex, ey = ax + t * dx - px, ay + t * dy - py
            # Leaving a husk one already touches is allowed (the start overlaps it).
            if ex * ex + ey * ey < limit and (ax - px) ** 2 + (ay - py) ** 2 >= limit:
                return False
        for cx, cy, cr in circles:
            reach = w + cr
            if cx + reach < lox or cx - reach > hix or cy + reach < loy or cy - reach > hiy:
                continue
            if point:
                ex, ey = cx - ax, cy - ay
            else:
                t = ((cx - ax) * dx + (cy - ay) * dy) / len2
                t = 0.0 if t < 0.0 else (1.0 if t > 1.0 else t)
                ex, ey = ax + t * dx - cx, ay + t * dy - cy
            limit = reach * reach - 1e-6
            if ex * ex + ey * ey < limit and (ax - cx) ** 2 + (ay - cy) ** 2 >= limit:
                return False
        return True

    # ------------------------------------------------------------ lines of sight
    def _line_clear(self, ax: float, ay: float, bx: float, by: float,
                    circles: list[Circle] | None, sx: float = -1.0, sy: float = -1.0,
                    tx: float = -1.0, ty: float = -1.0) -> bool:
        """The segment crosses no tall terrain (and, given ``circles``, no husk or base but
        the ones centred at (sx, sy) and (tx, ty): the two ends' own bases)."""
        lox, hix = (ax, bx) if ax < bx else (bx, ax)
        loy, hiy = (ay, by) if ay < by else (by, ay)
        for p in self.tall:
            if p.x0 > hix or p.x1 < lox or p.y0 > hiy or p.y1 < loy:
                continue
            if seg_rect_clip(ax, ay, bx, by, p.x0, p.y0, p.x1, p.y1) is not None:  # hits
                return False
        if circles is None:
            return True
        # ``seg_point_dist2`` inlined below, the segment's terms computed once.
        dx, dy = bx - ax, by - ay
        len2 = dx * dx + dy * dy
        point = len2 <= EPSILON
        hr = HUSK_RADIUS
        for h in self.husks:
            if h is None:
                continue
            px, py = h
            if px + hr < lox or px - hr > hix or py + hr < loy or py - hr > hiy:
                continue
            if point:
                ex, ey = px - ax, py - ay
            else:
                t = ((px - ax) * dx + (py - ay) * dy) / len2
                t = 0.0 if t < 0.0 else (1.0 if t > 1.0 else t)
                ex, ey = ax + t * dx - px, ay + t * dy - py
            if ex * ex + ey * ey < hr * hr:
                return False
        for cx, cy, cr in circles:
            if cx + cr < lox or cx - cr > hix or cy + cr < loy or cy - cr > hiy:
                continue
            if (cx == sx and cy == sy) or (cx == tx and cy == ty):
                continue
            if point:
                ex, ey = cx - ax, cy - ay
            else:
                t = ((cx - ax) * dx + (cy - ay) * dy) / len2
                t = 0.0 if t < 0.0 else (1.0 if t > 1.0 else t)
                ex, ey = ax + t * dx - cx, ay + t * dy - cy
            if ex * ex + ey * ey < cr * cr:
                return False
        return True

    def _sight(self, ax: float, ay: float, bx: float, by: float, br: float,
               circles: list[Circle] | None) -> bool:
        if self._line_clear(ax, ay, bx, by, circles, ax, ay, bx, by):
            return True
        dx, dy = bx - ax, by - ay
        length = math.hypot(dx, dy)
        if length <= EPSILON:
            return True
        off = br * EDGE_K / length
        nx, ny = -dy * off, dx * off
        return self._line_clear(ax, ay, bx + nx, by + ny, circles, ax, ay, bx, by) or \
            self._line_clear(ax, ay, bx - nx, by - ny, circles, ax, ay, bx, by)

    #: From A's centre to any point of B's base: blocked by other bases (``circles``), husks
    #: and tall terrain. ``circles`` may hold A's and B's own bases (skipped by their centres).
    line_of_sight = _sight

    def line_of_effect(self, ax: float, ay: float, bx: float, by: float, br: float) -> bool:
        """As line of sight, blocked by tall terrain only."""
        return self._sight(ax, ay, bx, by, br, None)

    def point_in_sight(self, ax: float, ay: float, bx: float, by: float,
                       others: list[Circle]) -> bool:
        """A point (a shift's destination) is in line of sight from A's centre."""
        return self._line_clear(ax, ay, bx, by, others, ax, ay)

    # ------------------------------------------------------------------- layout
    def to_dict(self) -> dict:
        return {"size": self.size, "pieces": [p.to_list() for p in self.pieces],
                "husks": [list(h) if h else None for h in self.husks]}


def snap_xy(x: float, y: float) -> tuple[float, float]:
    return snap(x), snap(y)


def grid(v: float) -> float:
    """``round(v, 1)`` (the 0.1" grid), exactly, at about half its cost.

    ``round`` finds the decimal through a correctly rounded string conversion. Here
    ``y = v * 10`` is off the exact product by under 1e-13 (coordinates are small), so
    unless ``y`` lies within 1e-7 of a half its nearest integer ``n`` is the exact one, and
    ``n / 10`` (a correctly rounded division) is the double nearest to that decimal, as
    ``round`` gives. Near a half, below 0.1 (negative zero) and far off any board,
    ``round`` itself answers."""
    y = v * 10.0
    n = _floor(y)
    d = y - n
    if y < 1.0 or y > 1e6 or 0.4999999 < d < 0.5000001:
        return round(v, 1)
    return (n + 1 if d > 0.5 else n) / 10.0
