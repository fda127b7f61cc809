"""The table: terrain pieces with their traits, deployment zones, the Centerline, and a
seeded layout generator.

Terrain pieces are axis-aligned rectangles or circles (their "base", top-down) with a
height and the traits the rulebook names: blocking, dense, severe, impassable, hazardous,
climbable, soft and hard cover, enclosed. The four Standard deployments become two zone
polygons and a Centerline. The zone diagrams did not survive the OCR of the rulebook; the
shapes used here are recorded in docs/rules-decisions.md (Simulator).
"""

from __future__ import annotations

import math
import random
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from .errors import InvalidEncounterInput
from .geometry import (
    MARKER_RADIUS,
    TABLE_SIZE,
    Point,
    circle_in_polygon,
    point_in_polygon,
    point_polygon_dist,
    point_rect_dist,
    polygon_area,
    seg_circle_clip,
    seg_point_dist2,
    seg_rect_clip,
    seg_rect_dist,
    side_of_line,
    snap,
)

#: Traits the simulator plays. An impassable piece with the climbable or vantage_point
#: trait has a top models may stand on (docs/rules-decisions.md, Simulator, Elevation).
TRAITS = frozenset({
    "blocking", "dense", "severe", "impassable", "hazardous", "climbable",
    "soft_cover", "hard_cover", "enclosed", "vantage_point",
})
DEPLOYMENTS = ("standard", "corner", "flank", "close")
#: Hazardous terrain deals this damage profile by default (the opponent flips, no cheating).
HAZARD_DAMAGE = "1/2/4"


#: Not frozen (the same eq and hash): a frozen dataclass sets every field through
#: ``object.__setattr__``, a dozen calls a piece, and the generator makes a table's worth
#: every game. Read-only.
@dataclass(slots=True, unsafe_hash=True)
class TerrainPiece:
    """One piece of terrain. A rectangle has ``x, y`` at its south-west corner and size
    ``w`` x ``h``; a circle has ``x, y`` at its centre and radius ``w`` (``h`` unused)."""

    id: int
    shape: str
    x: float
    y: float
    w: float
    h: float
    ht: int
    traits: frozenset[str]
    name: str = ""
    x0: float = field(init=False, repr=False, compare=False)
    y0: float = field(init=False, repr=False, compare=False)
    x1: float = field(init=False, repr=False, compare=False)
    y1: float = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        x, y, w = self.x, self.y, self.w
        if self.shape == "rect":
            self.x0, self.y0, self.x1, self.y1 = x, y, x + w, y + self.h
        elif self.shape == "circle":
            self.x0, self.y0, self.x1, self.y1 = x - w, y - w, x + w, y + w
        else:
            raise InvalidEncounterInput(f"Terrain {self.id}: shape must be rect or circle.")
        if w <= 0 or (self.shape == "rect" and self.h <= 0):
            raise InvalidEncounterInput(f"Terrain {self.id}: its size must be positive.")
        traits = self.traits
        if traits.__class__ is not frozenset:
            traits = self.traits = frozenset(traits)
        if not traits <= TRAITS:
            raise InvalidEncounterInput(
                f"Terrain {self.id}: unknown traits {sorted(traits - TRAITS)}; "
                f"use {sorted(TRAITS)}."
            )

    def has(self, trait: str) -> bool:
        return trait in self.traits

    @property
    def area(self) -> float:
        return self.w * self.h if self.shape == "rect" else math.pi * self.w * self.w

    def point_dist(self, px: float, py: float) -> float:
        """Distance from a point to the piece (0 inside)."""
        if self.shape == "rect":
            return point_rect_dist(px, py, self.x0, self.y0, self.x1, self.y1)
        d = math.hypot(px - self.x, py - self.y) - self.w
        return d if d > 0.0 else 0.0

    def seg_dist(self, ax: float, ay: float, bx: float, by: float) -> float:
        """Distance from a segment to the piece (0 when it touches or crosses)."""
        if self.shape == "rect":
            return seg_rect_dist(ax, ay, bx, by, self.x0, self.y0, self.x1, self.y1)
        d = math.sqrt(seg_point_dist2(ax, ay, bx, by, self.x, self.y)) - self.w
        return d if d > 0.0 else 0.0

    def clip(self, ax: float, ay: float, bx: float, by: float, grow: float = 0.0):
        """The parameter interval of a segment inside the piece grown by ``grow``, or None.

        A rectangle grows with square corners: a base slightly off a corner counts as in
        the piece (docs/rules-decisions.md, Simulator).
        """
        if self.shape == "rect":
            return seg_rect_clip(ax, ay, bx, by, self.x0 - grow, self.y0 - grow,
                                 self.x1 + grow, self.y1 + grow)
        return seg_circle_clip(ax, ay, bx, by, self.x, self.y, self.w + grow)

    def crossed_by(self, ax: float, ay: float, bx: float, by: float) -> bool:
        """Does a line of sight line cross the piece's base?"""
        if (ax < self.x0 and bx < self.x0) or (ax > self.x1 and bx > self.x1):
            return False
        if (ay < self.y0 and by < self.y0) or (ay > self.y1 and by > self.y1):
            return False
        return self.clip(ax, ay, bx, by) is not None

    def overlaps_base(self, px: float, py: float, r: float) -> bool:
        return self.point_dist(px, py) < r - 1e-6

    def holds(self, px: float, py: float, r: float) -> bool:
        """Is a base of radius ``r`` at (px, py) wholly on the piece's top?"""
        return self.ledge_gap(px, py, r) >= -1e-6

    def ledge_gap(self, px: float, py: float, r: float) -> float:
        """From a base on the piece's top to its ledge (negative when the base hangs over
        or is off the piece)."""
        if self.shape == "rect":
            inner = min(px - self.x0, self.x1 - px, py - self.y0, self.y1 - py)
        else:
            inner = self.w - math.hypot(px - self.x, py - self.y)
        return inner - r

    def to_dict(self) -> dict:
        out = {"id": self.id, "shape": self.shape, "x": self.x, "y": self.y, "w": self.w,
               "ht": self.ht, "traits": sorted(self.traits)}
        if self.shape == "rect":
            out["h"] = self.h
        if self.name:
            out["name"] = self.name
        return out

    @classmethod
    def from_dict(cls, data: Mapping, index: int = 0) -> TerrainPiece:
        try:
            shape = data.get("shape", "rect")
            return cls(
                id=int(data.get("id", index)),
                shape=shape,
                x=float(data["x"]),
                y=float(data["y"]),
                w=float(data["w"]),
                h=float(data.get("h", 0.0 if shape == "circle" else data["w"])),
                ht=int(data.get("ht", 0)),
                traits=frozenset(data.get("traits", ())),
                name=str(data.get("name", "")),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise InvalidEncounterInput(f"Terrain piece {index}: {exc!s} is missing or "
                                        "malformed (give shape, x, y, w, h, ht, traits).") from None


@dataclass(frozen=True, slots=True)
class Zone:
    """A deployment zone as a polygon (``rect`` holds its bounds when it is an
    axis-aligned rectangle, which most are: the tests then need no polygon walk)."""

    index: int
    polygon: tuple[Point, ...]
    rect: tuple[float, float, float, float] | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        xs = sorted({p[0] for p in self.polygon})
        ys = sorted({p[1] for p in self.polygon})
        if len(self.polygon) == 4 and len(xs) == 2 and len(ys) == 2:
            object.__setattr__(self, "rect", (xs[0], ys[0], xs[1], ys[1]))

    def contains_point(self, x: float, y: float) -> bool:
        rect = self.rect
        if rect is not None:
            return rect[0] <= x <= rect[2] and rect[1] <= y <= rect[3]
        return point_in_polygon(x, y, self.polygon)

    def contains_base(self, x: float, y: float, r: float) -> bool:
        """The whole base is inside the zone ("completely within")."""
        rect = self.rect
        if rect is not None:
            eps = 1e-6
            return (rect[0] + r - eps <= x <= rect[2] - r + eps
                    and rect[1] + r - eps <= y <= rect[3] - r + eps)
        return circle_in_polygon(x, y, r, self.polygon)

    def base_distance(self, x: float, y: float, r: float) -> float:
        """From the closest point of a base to the zone (0 when any part is in it)."""
        rect = self.rect
        if rect is not None:
            d = point_rect_dist(x, y, rect[0], rect[1], rect[2], rect[3]) - r
        else:
            d = point_polygon_dist(x, y, self.polygon) - r
        return d if d > 0.0 else 0.0

    @property
    def area(self) -> float:
        return polygon_area(self.polygon)

    def centroid(self) -> Point:
        return _centroid(tuple(self.polygon))


@lru_cache(maxsize=64)
def _centroid(polygon: tuple[Point, ...]) -> Point:
    """The mean of a zone's corners (commanders ask for it every Activation)."""
    xs = [p[0] for p in polygon]
    ys = [p[1] for p in polygon]
    return (sum(xs) / len(xs), sum(ys) / len(ys))


def _rect(x0: float, y0: float, x1: float, y1: float) -> tuple[Point, ...]:
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def _corner_zone() -> tuple[Point, ...]:
    """The south-west table quarter without the part within 12" of the table's centre."""
    c = TABLE_SIZE / 2
    arc = [(c + 12 * math.cos(math.radians(a)), c + 12 * math.sin(math.radians(a)))
           for a in range(270, 179, -10)]
    return ((0.0, 0.0), (c, 0.0), *((round(x, 3), round(y, 3)) for x, y in arc), (0.0, c))


def _rotate_half_turn(poly: Iterable[Point]) -> tuple[Point, ...]:
    return tuple((TABLE_SIZE - x, TABLE_SIZE - y) for x, y in poly)


Polygon = tuple[Point, ...]


def deployment_geometry(kind: str) -> tuple[Polygon, Polygon, tuple[Point, Point]]:
    """(zone 0, zone 1, Centerline) for a Standard deployment.

    Standard: within 6" of the south and north edges. Close: within 12" of them. Flank: the
    9" along the west edge of the south half and along the east edge of the north half.
    Corner: the south-west and north-east quarters, more than 12" from the centre, split by
    the north-west to south-east diagonal.
    """
    s = TABLE_SIZE
    c = s / 2
    if kind == "standard":
        return _rect(0, 0, s, 6), _rect(0, s - 6, s, s), ((0.0, c), (s, c))
    if kind == "close":
        return _rect(0, 0, s, 12), _rect(0, s - 12, s, s), ((0.0, c), (s, c))
    if kind == "flank":
        return _rect(0, 0, 9, c), _rect(s - 9, c, s, s), ((0.0, c), (s, c))
    if kind == "corner":
        zone = _corner_zone()
        return zone, _rotate_half_turn(zone), ((0.0, s), (s, 0.0))
    raise InvalidEncounterInput(f"Unknown deployment {kind!r}; use one of {list(DEPLOYMENTS)}.")


@lru_cache(maxsize=16)
def _deployment_frame(deployment: str) -> tuple[tuple[Zone, Zone], tuple[Point, Point], bool]:
    """A deployment's zones, its Centerline and which side of it zone 0 lies on: the same
    for every table of that deployment (zones are frozen, so tables share them)."""
    z0, z1, line = deployment_geometry(deployment)
    zones = (Zone(0, z0), Zone(1, z1))
    return zones, line, side_of_line(zones[0].centroid(), line[0], line[1]) > 0


class Table:
    """A 36" table: terrain, the two deployment zones and the Centerline.

    Trait lists are precomputed once: movement and line of sight read them thousands of
    times a game.
    """

    __slots__ = ("_zone0_side", "blocking", "blocking_memo", "blocking_near", "centerline",
                 "climbable", "cover", "cover_memo", "cover_near", "deployment", "hazardous",
                 "impassable", "severe", "severe_memo", "severe_near", "size", "standable",
                 "terrain", "zones")

    def __init__(self, terrain: Iterable[TerrainPiece], deployment: str) -> None:
        self.size = TABLE_SIZE
        self.terrain: tuple[TerrainPiece, ...] = tuple(terrain)
        ids = [t.id for t in self.terrain]
        if len(set(ids)) != len(ids):
            raise InvalidEncounterInput("Terrain pieces need distinct ids.")
        self.deployment = deployment
        self.zones, self.centerline, self._zone0_side = _deployment_frame(deployment)
        t = self.terrain
        self.impassable = tuple(p for p in t if "impassable" in p.traits)
        self.severe = tuple(p for p in t if "severe" in p.traits)
        self.climbable = tuple(p for p in t if "climbable" in p.traits)
        self.blocking = tuple(p for p in t if "blocking" in p.traits or "dense" in p.traits)
        self.cover = tuple(p for p in t if "soft_cover" in p.traits or "hard_cover" in p.traits)
        self.hazardous = tuple(p for p in t if "hazardous" in p.traits)
        #: Pieces with a top models may stand on, wide enough for a 30 mm base (a wall is
        #: not): empty on most tables, and then no elevation rule is looked at.
        self.standable = tuple(
            p for p in self.impassable
            if ("climbable" in p.traits or "vantage_point" in p.traits)
            and (p.w if p.shape == "circle" else min(p.w, p.h) / 2) >= MARKER_RADIUS)
        #: The same lists by area (``PieceIndex.near``): a path or a line of sight meets
        #: a few of a table's twenty-odd severe, blocking or cover pieces.
        #: Their memos too (``PieceIndex.memo``): the hottest callers look a box up there
        #: themselves and call ``near`` only when it is not known yet (a call costs more
        #: than the lookup).
        index = PieceIndex(self.severe)
        self.severe_near, self.severe_memo = index.near, index.memo
        index = PieceIndex(self.blocking)
        self.blocking_near, self.blocking_memo = index.near, index.memo
        index = PieceIndex(self.cover)
        self.cover_near, self.cover_memo = index.near, index.memo

    # -- halves, centre, special points ------------------------------------------------

    @property
    def centre(self) -> Point:
        return (self.size / 2, self.size / 2)

    def half_of(self, x: float, y: float) -> int | None:
        """The half (0: zone 0's side, 1: zone 1's) holding a point; None on the line."""
        a, b = self.centerline
        side = side_of_line((x, y), a, b)
        if abs(side) < 1e-9:
            return None
        return 0 if (side > 0) == self._zone0_side else 1

    def centerline_distance(self, x: float, y: float) -> float:
        a, b = self.centerline
        return abs(side_of_line((x, y), a, b)) / math.hypot(b[0] - a[0], b[1] - a[1])

    def centerline_ends(self) -> tuple[Point, Point]:
        """Where the Centerline meets the table edge (or corner)."""
        return self.centerline

    def squat_points(self) -> tuple[Point, ...]:
        """Squatter's Rights: the centre, 6" either side of it and 6" in from each edge."""
        (ax, ay), (bx, by) = self.centerline
        length = math.hypot(bx - ax, by - ay)
        ux, uy = (bx - ax) / length, (by - ay) / length
        cx, cy = self.centre
        # 6" in from the edge along the Centerline: on a diagonal Centerline that is the
        # point 6" from both edges it runs between.
        inset = 6 * math.sqrt(2) if abs(ux) > 1e-9 and abs(uy) > 1e-9 else 6.0
        points = [(cx, cy), (cx - 6 * ux, cy - 6 * uy), (cx + 6 * ux, cy + 6 * uy),
                  (ax + inset * ux, ay + inset * uy), (bx - inset * ux, by - inset * uy)]
        return tuple((round(x, 3), round(y, 3)) for x, y in points)

    def corners(self) -> tuple[Point, ...]:
        s = self.size
        return ((0.0, 0.0), (s, 0.0), (0.0, s), (s, s))

    def to_dict(self) -> dict:
        return {
            "deployment": self.deployment,
            "terrain": [p.to_dict() for p in self.terrain],
            "zones": [[[x, y] for x, y in z] for z in _rounded_zones(self.zones)],
            "centerline": [list(p) for p in self.centerline],
        }


@lru_cache(maxsize=16)
def _rounded_zones(zones: tuple[Zone, ...]) -> tuple[tuple[Point, ...], ...]:
    """The zones' corners as ``Table.to_dict`` writes them (to 0.01"), worked out once
    per deployment: every result's log holds them, and ``round`` to a place is dear."""
    return tuple(tuple((round(x, 2), round(y, 2)) for x, y in z.polygon) for z in zones)


#: ``PieceIndex``'s cell size (see there).
CELL = 8.0


class PieceIndex:
    """Pieces of one kind by area: ``near(lo_x, lo_y, hi_x, hi_y)`` gives, in table order,
    every piece whose bounding box meets that box (and maybe a few more nearby).

    The table is cut into 8" cells (a power of two: a coordinate's cell is exact); the
    pieces meeting the cells a box spans are worked out once per span of cells (a
    game asks about the same few spans over and over). A caller's own bounding-box test
    then rejects the extra ones, so the answer is that of a loop over every piece.
    (8" rather than 4": a span is found again far more often, which saves more than the
    box tests of the few extra pieces cost; 16" returns too many.)
    """

    __slots__ = ("_columns", "memo", "pieces")

    def __init__(self, pieces: tuple[TerrainPiece, ...]) -> None:
        self.pieces = pieces
        #: ``near``'s answers by the span of cells, ``(lo_x // CELL, lo_y // CELL,
        #: hi_x // CELL, hi_y // CELL)``: a caller may read it first (see ``Table``).
        self.memo: dict[tuple[float, float, float, float], tuple[TerrainPiece, ...]] = {}
        #: By span of columns: the pieces meeting those columns (the rows are then tested
        #: on these few).
        self._columns: dict[tuple[float, float], tuple[TerrainPiece, ...]] = {}

    def near(self, lo_x: float, lo_y: float, hi_x: float, hi_y: float,
             ) -> tuple[TerrainPiece, ...]:
        cell = CELL
        key = (lo_x // cell, lo_y // cell, hi_x // cell, hi_y // cell)
        found = self.memo.get(key)
        if found is None:
            # The cells' bounds, with a hair to spare, hold the box asked about.
            columns = (key[0], key[2])
            across = self._columns.get(columns)
            if across is None:
                x0, x1 = key[0] * cell - 1e-6, (key[2] + 1) * cell + 1e-6
                across = self._columns[columns] = tuple([
                    p for p in self.pieces if not (p.x1 < x0 or p.x0 > x1)])
            y0, y1 = key[1] * cell - 1e-6, (key[3] + 1) * cell + 1e-6
            # (A list comprehension: cheaper than a generator for a tuple of a few.)
            found = self.memo[key] = tuple([
                p for p in across if not (p.y1 < y0 or p.y0 > y1)])
        return found


# -- layout generator -------------------------------------------------------------------

#: Typical pieces from the rulebook's list, with the traits it gives them.
PIECE_TYPES: tuple[tuple[str, str, frozenset[str], tuple[int, int]], ...] = (
    ("formation", "rect", frozenset({"blocking", "hard_cover", "severe"}), (1, 2)),
    ("wall", "rect", frozenset({"blocking", "hard_cover", "climbable", "impassable"}), (2, 2)),
    ("uneven ground", "rect", frozenset({"severe"}), (0, 0)),
    ("grove", "circle", frozenset({"dense", "severe", "soft_cover"}), (3, 4)),
    ("building", "rect", frozenset({"enclosed", "impassable", "blocking", "hard_cover"}), (3, 5)),
    ("boulder", "circle", frozenset({"blocking", "hard_cover", "impassable"}), (1, 2)),
    ("hazardous pool", "circle", frozenset({"hazardous", "severe"}), (0, 0)),
)
#: Pieces keep this gap, so the largest base (50 mm) can always pass between them.
PIECE_GAP = 2.2
MAX_DENSITY = 0.5


def _size_for(name: str, rng: random.Random) -> tuple[float, float]:
    # ``rng.uniform(a, b)`` is ``a + (b - a) * rng.random()``: written out, the same
    # numbers without a Python call each (the generator draws hundreds a table).
    rand = rng.random
    if name == "wall":
        length, thick = snap(4 + (8 - 4) * rand()), 0.5
        return (length, thick) if rand() < 0.5 else (thick, length)
    if name == "building":
        return snap(4 + (7 - 4) * rand()), snap(4 + (7 - 4) * rand())
    if name == "formation":
        return snap(3 + (6 - 3) * rand()), snap(2 + (4 - 2) * rand())
    if name == "uneven ground":
        return snap(4 + (7 - 4) * rand()), snap(3 + (6 - 3) * rand())
    if name == "grove":
        return snap(2 + (3.5 - 2) * rand()), 0.0
    if name == "boulder":
        return snap(1 + (1.5 - 1) * rand()), 0.0
    return snap(1.5 + (2.5 - 1.5) * rand()), 0.0


#: Per kind, the draws of its size as ``_size_for`` makes them: width ``low + span *
#: rand()`` and height likewise (a circle: none, a wall: its length, then 0.5" thick).
_SIZE_DRAWS: dict[str, tuple[float, float, float, float]] = {
    "formation": (3, 6 - 3, 2, 4 - 2),
    "wall": (4, 8 - 4, 0.5, 0),
    "uneven ground": (4, 7 - 4, 3, 6 - 3),
    "grove": (2, 3.5 - 2, 0, 0),
    "building": (4, 7 - 4, 4, 7 - 4),
    "boulder": (1, 1.5 - 1, 0, 0),
    "hazardous pool": (1.5, 2.5 - 1.5, 0, 0),
}


@lru_cache(maxsize=8)
def _layout_frame(deployment: str) -> tuple[tuple[Point, ...], tuple[tuple[Zone, tuple], ...]]:
    """What the generator reads of an empty table of a deployment, the same for every
    layout: the Strategy points kept clear, and the zones, each with its box."""
    table = Table((), deployment)
    return table.squat_points(), tuple((z, zone_box(tuple(z.polygon))) for z in table.zones)


def generate_layout(seed: int, *, density: float = 0.3, deployment: str = "standard",
                    max_pieces: int = 40) -> tuple[TerrainPiece, ...]:
    """A seeded terrain layout covering about ``density`` of the table (0 to 0.5).

    The book asks for a quarter to a half of the table, a third as a rule of thumb. Pieces
    never overlap, and an impassable piece keeps ``PIECE_GAP`` from every other piece, so
    any base can pass between them; impassable and hazardous pieces stay out of the
    deployment zones and away from the Strategy points (the centre and the Squat Markers'
    spots), so every Strategy stays playable and every crew can deploy. A crowded table
    may stop short of the density asked for (the generator gives up after a number of
    pieces that do not fit).
    """
    if not 0.0 <= density <= MAX_DENSITY:
        raise InvalidEncounterInput(f"Terrain density is a fraction of the table from 0 to "
                                    f"{MAX_DENSITY}, not {density!r}.")
    rng = random.Random(seed)
    keep_clear, zones = _layout_frame(deployment)
    target = density * TABLE_SIZE * TABLE_SIZE
    covered = 0.0
    pieces: list[TerrainPiece] = []
    misses = 0
    # ``randrange(n)`` and ``randint(a, b)`` are ``_randbelow(n)`` and
    # ``a + _randbelow(b - a + 1)``, and ``uniform`` as in ``_size_for``: the same draws,
    # made directly. ``Random._randbelow(n)`` draws ``n.bit_length()`` bits until they
    # are below n; it is written out below (the same draws, no call per candidate).
    rand, getrandbits = rng.random, rng.getrandbits
    kinds = len(PIECE_TYPES)
    kind_bits = kinds.bit_length()
    placed = _Placed()
    boxes, x0s = placed.boxes, placed.x0s
    hypot = math.hypot
    clear_by = MARKER_RADIUS + PIECE_GAP
    solid_gap = PIECE_GAP
    reach_on = PIECE_GAP + 1e-6
    reach_back = PIECE_GAP + placed.widest + 1e-6
    # Per kind, what each candidate of it reads (``_SIZE_DRAWS``, the height's draw and
    # ``_fits``' tests), worked out once.
    kind_facts = [(name, shape, shape == "rect", traits, *_SIZE_DRAWS[name], ht_low,
                   ht_high - ht_low + 1, (ht_high - ht_low + 1).bit_length(),
                   "impassable" in traits, "impassable" in traits or "hazardous" in traits)
                  for name, shape, traits, (ht_low, ht_high) in PIECE_TYPES]
    # Give up once a run of pieces in a row does not fit: the table is as full as it gets.
    # Most candidates do not fit: ``_size_for``, ``snap``, the ``_Draft`` and ``_fits``
    # (with ``_Placed.near`` and ``_pieces_gap``) are written out below for them, the
    # same draws and the same tests (in the same order, or pure tests reordered).
    # ``snap(v)`` of a float v in [0, 36] is written out as: t = v * 10.0, f = t % 1.0,
    # then (t - f) / 10.0 or (t - f + 1.0) / 10.0, or ``round(v, 1)`` near a tie or 0.
    while covered < target and len(pieces) < max_pieces and misses < 80:
        misses += 1
        kind = getrandbits(kind_bits)
        while kind >= kinds:
            kind = getrandbits(kind_bits)
        (name, shape, is_rect, traits, w_low, w_span, h_low, h_span, ht_low, span, bits,
         solid, kept_away) = kind_facts[kind]
        v = w_low + w_span * rand()
        t = v * 10.0
        f = t % 1.0
        if 0.499999 <= f <= 0.500001:  # (sizes are at least 1")
            w = round(v, 1)
        else:
            w = (t - f) / 10.0 if f < 0.5 else (t - f + 1.0) / 10.0
        if h_span:
            v = h_low + h_span * rand()
            t = v * 10.0
            f = t % 1.0
            if 0.499999 <= f <= 0.500001:
                h = round(v, 1)
            else:
                h = (t - f) / 10.0 if f < 0.5 else (t - f + 1.0) / 10.0
        elif h_low:  # a wall: its length drawn, 0.5" thick, then which way it runs
            w, h = (w, h_low) if rand() < 0.5 else (h_low, w)
        else:
            h = 0.0
        if is_rect:
            vx = 0 + ((TABLE_SIZE - w) - 0) * rand()
            vy = 0 + ((TABLE_SIZE - h) - 0) * rand()
        else:
            vx = w + ((TABLE_SIZE - w) - w) * rand()
            vy = w + ((TABLE_SIZE - w) - w) * rand()
        t = vx * 10.0
        f = t % 1.0
        if t <= 0.5 or 0.499999 <= f <= 0.500001:
            x = round(vx, 1)
        else:
            x = (t - f) / 10.0 if f < 0.5 else (t - f + 1.0) / 10.0
        t = vy * 10.0
        f = t % 1.0
        if t <= 0.5 or 0.499999 <= f <= 0.500001:
            y = round(vy, 1)
        else:
            y = (t - f) / 10.0 if f < 0.5 else (t - f + 1.0) / 10.0
        if is_rect:
            px0, py0, px1, py1 = x, y, x + w, y + h
        else:
            px0, py0, px1, py1 = x - w, y - w, x + w, y + w
        rise = getrandbits(bits)
        while rise >= span:
            rise = getrandbits(bits)
        ht = ht_low + rise
        fits = True
        # (``_Placed.near``'s bounds, their sums made once: they keep a hair to spare, and
        # the box test below passes any piece they let in that is further.)
        for ox0, oy0, ox1, oy1, asks, other in boxes[bisect_right(x0s, px0 - reach_back):
                                                     bisect_left(x0s, px1 + reach_on)]:
            needed = solid_gap if solid else asks
            # (The slice's end nearly always passes ``ox0 - px1``: it is tested last.)
            if px0 - ox1 < needed and oy0 - py1 < needed and py0 - oy1 < needed \
                    and ox0 - px1 < needed:
                if is_rect:
                    if other.shape == "circle":
                        gap = point_rect_dist(other.x, other.y, px0, py0, px1, py1) - other.w
                    else:
                        gap = hypot(max(ox0 - px1, px0 - ox1, 0.0),
                                    max(oy0 - py1, py0 - oy1, 0.0))
                elif other.shape == "circle":
                    gap = hypot(x - other.x, y - other.y) - w - other.w
                else:
                    gap = other.point_dist(x, y) - w
                if gap < needed:
                    fits = False
                    break
        if not fits:
            continue
        if kept_away:
            # ``_fits``' other tests: clear of the Strategy points, then of the zones.
            for cx, cy in keep_clear:
                if is_rect:
                    gap = point_rect_dist(cx, cy, px0, py0, px1, py1)
                else:
                    gap = hypot(cx - x, cy - y) - w
                if gap < clear_by:
                    fits = False
                    break
            if not fits:
                continue
            draft = None
            for zone, (lo_x, lo_y, hi_x, hi_y) in zones:
                # ``_piece_zone_touch``'s box test first, then the rest of it.
                if px0 - hi_x >= PIECE_GAP or lo_x - px1 >= PIECE_GAP \
                        or py0 - hi_y >= PIECE_GAP or lo_y - py1 >= PIECE_GAP:
                    continue
                if draft is None:
                    draft = _Draft(shape, x, y, w, h, traits)
                if _piece_zone_touch(draft, zone):
                    fits = False
                    break
            if not fits:
                continue
        piece = TerrainPiece(len(pieces), shape, x, y, w, h, ht, traits, name)
        misses = 0
        pieces.append(piece)
        placed.add(piece)
        reach_back = PIECE_GAP + placed.widest + 1e-6
        covered += piece.area
    return tuple(pieces)


class _Draft:
    """A candidate piece, cheap to make: most candidates do not fit."""

    __slots__ = ("shape", "traits", "w", "x", "x0", "x1", "y", "y0", "y1")

    def __init__(self, shape: str, x: float, y: float, w: float, h: float,
                 traits: frozenset[str]) -> None:
        self.shape, self.x, self.y, self.w, self.traits = shape, x, y, w, traits
        if shape == "rect":
            self.x0, self.y0, self.x1, self.y1 = x, y, x + w, y + h
        else:
            self.x0, self.y0, self.x1, self.y1 = x - w, y - w, x + w, y + w

    def point_dist(self, px: float, py: float) -> float:
        if self.shape == "rect":
            return point_rect_dist(px, py, self.x0, self.y0, self.x1, self.y1)
        d = math.hypot(px - self.x, py - self.y) - self.w
        return d if d > 0.0 else 0.0


class _Placed:
    """The pieces a layout holds so far, as ``_fits`` reads them: per piece its box, the
    gap it asks of others and the piece, sorted by x0 (with the x0s and the widest box),
    so a candidate is tested only against the pieces whose x range can come near it."""

    __slots__ = ("boxes", "widest", "x0s")

    def __init__(self) -> None:
        self.boxes: list[tuple[float, float, float, float, float, TerrainPiece]] = []
        self.x0s: list[float] = []
        self.widest = 0.0

    def add(self, piece: TerrainPiece) -> None:
        at = bisect_right(self.x0s, piece.x0)
        self.x0s.insert(at, piece.x0)
        self.boxes.insert(at, (piece.x0, piece.y0, piece.x1, piece.y1,
                               PIECE_GAP if "impassable" in piece.traits else 0.1, piece))
        self.widest = max(self.widest, piece.x1 - piece.x0)

    def near(self, x0: float, x1: float) -> list[tuple]:
        """The boxes that may come within ``PIECE_GAP`` of the x range [x0, x1] (the
        others are further in x, so the box test would pass them anyway)."""
        x0s = self.x0s
        return self.boxes[bisect_right(x0s, x0 - PIECE_GAP - self.widest - 1e-6):
                          bisect_left(x0s, x1 + PIECE_GAP + 1e-6)]


def _fits(piece: TerrainPiece | _Draft, placed: _Placed, table: Table,
          keep_clear: tuple[Point, ...]) -> bool:
    """Can ``piece`` join the ``placed`` pieces?"""
    # Every test is pure, so the cheap ones that fail most often go first: the pieces
    # already placed, then the Strategy points, then the zones.
    solid = "impassable" in piece.traits
    px0, py0, px1, py1 = piece.x0, piece.y0, piece.x1, piece.y1
    for ox0, oy0, ox1, oy1, asks, other in placed.near(px0, px1):
        # Bases can always pass between impassable pieces; other pieces may touch.
        needed = PIECE_GAP if solid else asks
        # Bounding boxes first: their gap never exceeds the pieces' own (the gap of two
        # boxes is at least as wide as either axis's, so one axis is enough to pass).
        if ox0 - px1 < needed and px0 - ox1 < needed and oy0 - py1 < needed \
                and py0 - oy1 < needed and _pieces_gap(piece, other) < needed:
            return False
    if solid or "hazardous" in piece.traits:
        for px, py in keep_clear:
            if piece.point_dist(px, py) < MARKER_RADIUS + PIECE_GAP:
                return False
        for zone in table.zones:
            if _piece_zone_touch(piece, zone):
                return False
    return True


def _pieces_gap(a: TerrainPiece | _Draft, b: TerrainPiece) -> float:
    """A lower bound of the gap between two pieces (bounding boxes for rectangles)."""
    if a.shape == "circle" and b.shape == "circle":
        return math.hypot(a.x - b.x, a.y - b.y) - a.w - b.w
    if a.shape == "circle":
        return b.point_dist(a.x, a.y) - a.w
    if b.shape == "circle":
        return a.point_dist(b.x, b.y) - b.w
    dx = max(b.x0 - a.x1, a.x0 - b.x1, 0.0)
    dy = max(b.y0 - a.y1, a.y0 - b.y1, 0.0)
    return math.hypot(dx, dy)


def _piece_zone_touch(piece: TerrainPiece | _Draft, zone: Zone) -> bool:
    """Does the piece come within a base's width of the zone?"""
    lo_x, lo_y, hi_x, hi_y = zone_box(tuple(zone.polygon))
    if piece.x0 - hi_x >= PIECE_GAP or lo_x - piece.x1 >= PIECE_GAP \
            or piece.y0 - hi_y >= PIECE_GAP or lo_y - piece.y1 >= PIECE_GAP:
        return False
    samples = [(piece.x0, piece.y0), (piece.x1, piece.y0), (piece.x0, piece.y1),
               (piece.x1, piece.y1), ((piece.x0 + piece.x1) / 2, (piece.y0 + piece.y1) / 2)]
    return any(zone.base_distance(x, y, 0.0) < PIECE_GAP for x, y in samples)


@lru_cache(maxsize=64)
def zone_box(polygon: tuple[Point, ...]) -> tuple[float, float, float, float]:
    """A zone's bounding box (the generator asks for it for every candidate piece, and
    ``moves.deployment_spots`` for every deployment)."""
    xs = [p[0] for p in polygon]
    ys = [p[1] for p in polygon]
    return min(xs), min(ys), max(xs), max(ys)
