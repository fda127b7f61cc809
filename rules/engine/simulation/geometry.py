"""Plane geometry in inches for the table: points, bases, segments, rectangles, polygons.

Everything is top-down (the book measures top-down). Points are ``(x, y)`` tuples with the
origin at the south-west corner of the table. Model positions live on a 0.1" grid
(``snap``) so the event log stores them exactly.

The functions take plain floats rather than objects: they sit on the hot path of movement
and line of sight, where attribute lookups and calls dominate the cost in Python. Each one
starts with a bounding-box reject where that is cheaper than the exact test.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Point = tuple[float, float]

#: The standard table is 3' x 3'.
TABLE_SIZE = 36.0
#: A Marker's default base is 30 mm.
MARKER_RADIUS = round(30 / 25.4 / 2, 3)
#: Two bases touch ("base contact") when their edges are at most this far apart. Positions
#: are snapped to 0.1", so exact contact is rarely representable; a small tolerance stands
#: in for "touching" (docs/rules-decisions.md, Simulator).
CONTACT = 0.1
EPSILON = 1e-9
GRID = 0.1


def base_radius(base_mm: int | float) -> float:
    """The radius in inches of a round base given in millimetres (30, 40, 50)."""
    return round(float(base_mm) / 25.4 / 2, 3)


def snap(value: float) -> float:
    """A coordinate on the 0.1" grid (``round`` is correctly rounded, so deterministic).

    ``round(value, 1)`` goes through a decimal string, which makes it dear; for a float
    not near a tie the nearest tenth is read off ``value * 10`` instead (the product is
    within a hair of the exact one, far less than the margin kept from the tie) and
    ``n / 10`` is the correctly rounded double ``round`` would give. Ties, numbers
    near 0 or below it (the sign of a zero), large ones and ints go to ``round``.

    The whole part is found without ``int``: ``y % 1.0`` is the exact fraction of a
    positive float (``fmod``), so ``y - f`` is the whole number ``n`` exactly, and a
    whole float below 2**53 divided by 10.0 is the same double as ``n / 10``.
    """
    if value.__class__ is float:
        y = value * 10.0
        if 0.5 < y < 1e6:
            f = y % 1.0
            if f < 0.499999:
                return (y - f) / 10.0
            if f > 0.500001:
                return (y - f + 1.0) / 10.0
    return round(value, 1)


def snap_pair(x: float, y: float) -> Point:
    """``(snap(x), snap(y))`` in one call (the same operations, written out: planning
    snaps thousands of points a game, and a call costs more than the sums)."""
    if x.__class__ is float:
        t = x * 10.0
        if 0.5 < t < 1e6:
            f = t % 1.0
            if f < 0.499999:
                x = (t - f) / 10.0
            elif f > 0.500001:
                x = (t - f + 1.0) / 10.0
            else:
                x = round(x, 1)
        else:
            x = round(x, 1)
    else:
        x = round(x, 1)
    if y.__class__ is float:
        t = y * 10.0
        if 0.5 < t < 1e6:
            f = t % 1.0
            if f < 0.499999:
                y = (t - f) / 10.0
            elif f > 0.500001:
                y = (t - f + 1.0) / 10.0
            else:
                y = round(y, 1)
        else:
            y = round(y, 1)
    else:
        y = round(y, 1)
    return (x, y)


def snap_point(p: Point) -> Point:
    return (snap(p[0]), snap(p[1]))


def distance(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def edge_distance(a: Point, ra: float, b: Point, rb: float) -> float:
    """Distance between the closest points of two round bases (0 when they overlap)."""
    d = math.hypot(a[0] - b[0], a[1] - b[1]) - ra - rb
    return d if d > 0.0 else 0.0


def seg_point_dist2(ax: float, ay: float, bx: float, by: float, px: float, py: float) -> float:
    """Squared distance from point P to segment AB."""
    dx = bx - ax
    dy = by - ay
    len2 = dx * dx + dy * dy
    if len2 <= EPSILON:
        ex, ey = px - ax, py - ay
        return ex * ex + ey * ey
    t = ((px - ax) * dx + (py - ay) * dy) / len2
    if t < 0.0:
        t = 0.0
    elif t > 1.0:
        t = 1.0
    ex = ax + t * dx - px
    ey = ay + t * dy - py
    return ex * ex + ey * ey


def point_rect_dist(px: float, py: float, x0: float, y0: float, x1: float, y1: float) -> float:
    """Distance from a point to an axis-aligned rectangle (0 inside)."""
    dx = x0 - px if px < x0 else (px - x1 if px > x1 else 0.0)
    dy = y0 - py if py < y0 else (py - y1 if py > y1 else 0.0)
    if dx == 0.0:
        return dy
    if dy == 0.0:
        return dx
    return math.hypot(dx, dy)


def seg_rect_clip(
    ax: float, ay: float, bx: float, by: float, x0: float, y0: float, x1: float, y1: float
) -> tuple[float, float] | None:
    """The parameter interval ``(t0, t1)`` of segment AB inside the rectangle, or None."""
    if (ax < x0 and bx < x0) or (ax > x1 and bx > x1):
        return None
    if (ay < y0 and by < y0) or (ay > y1 and by > y1):
        return None
    t0, t1 = 0.0, 1.0
    dx = bx - ax
    if dx == 0.0:
        if ax < x0 or ax > x1:
            return None
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
            return None
    dy = by - ay
    if dy == 0.0:
        if ay < y0 or ay > y1:
            return None
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
            return None
    return t0, t1


def seg_hits_rect(
    ax: float, ay: float, bx: float, by: float, x0: float, y0: float, x1: float, y1: float
) -> bool:
    return seg_rect_clip(ax, ay, bx, by, x0, y0, x1, y1) is not None


def seg_rect_dist(
    ax: float, ay: float, bx: float, by: float, x0: float, y0: float, x1: float, y1: float
) -> float:
    """Distance from segment AB to the rectangle (0 when they touch or cross)."""
    if seg_rect_clip(ax, ay, bx, by, x0, y0, x1, y1) is not None:
        return 0.0
    best = min(point_rect_dist(ax, ay, x0, y0, x1, y1), point_rect_dist(bx, by, x0, y0, x1, y1))
    for cx, cy in ((x0, y0), (x0, y1), (x1, y0), (x1, y1)):
        d2 = seg_point_dist2(ax, ay, bx, by, cx, cy)
        if d2 < best * best:
            best = math.sqrt(d2)
    return best


def seg_circle_clip(
    ax: float, ay: float, bx: float, by: float, cx: float, cy: float, r: float
) -> tuple[float, float] | None:
    """The parameter interval of segment AB inside the circle, or None."""
    dx = bx - ax
    dy = by - ay
    fx = ax - cx
    fy = ay - cy
    a = dx * dx + dy * dy
    c = fx * fx + fy * fy - r * r
    if a <= EPSILON:
        return (0.0, 1.0) if c <= 0.0 else None
    b = 2.0 * (fx * dx + fy * dy)
    disc = b * b - 4.0 * a * c
    if disc < 0.0:
        return None
    root = math.sqrt(disc)
    t0 = (-b - root) / (2.0 * a)
    t1 = (-b + root) / (2.0 * a)
    if t1 < 0.0 or t0 > 1.0:
        return None
    return (t0 if t0 > 0.0 else 0.0, t1 if t1 < 1.0 else 1.0)


def perpendicular_offsets(a: Point, b: Point, ra: float, rb: float, k: float = 0.9):
    """The two side lines of the strip between two bases (``k`` of each radius out).

    Line of sight is drawn from anywhere on one base to anywhere on the other; the centre
    line and these two side lines sample that set (docs/rules-decisions.md, Simulator).
    """
    dx = b[0] - a[0]
    dy = b[1] - a[1]
    length = math.hypot(dx, dy)
    if length <= EPSILON:
        return ()
    nx = -dy / length
    ny = dx / length
    sa, sb = ra * k, rb * k
    return (
        (a[0] + nx * sa, a[1] + ny * sa, b[0] + nx * sb, b[1] + ny * sb),
        (a[0] - nx * sa, a[1] - ny * sa, b[0] - nx * sb, b[1] - ny * sb),
    )


#: Where sight lines leave and reach a base, as fractions of its radius across the line
#: between the centres: 9 points a base, joined straight across (parallel lines) and
#: crosswise (lines through the middle), 18 lines, so a gap of a fifth of a small base's
#: radius between two pieces of terrain gives sight (issue 27).
SIGHT_POINTS = (0.0, 0.25, -0.25, 0.5, -0.5, 0.75, -0.75, 0.97, -0.97)


def sight_lines(a: Point, b: Point, ra: float, rb: float):
    """Lines from points across one base to points across the other (``SIGHT_POINTS``):
    line of sight is drawn from any point of one base to any point of the other (the
    rulebook), and these lines sample that set: every lateral position along the strip
    between the bases, and every slant through its middle."""
    dx = b[0] - a[0]
    dy = b[1] - a[1]
    length = math.hypot(dx, dy)
    if length <= EPSILON:
        return
    nx = -dy / length
    ny = dx / length
    for s in SIGHT_POINTS:
        ax, ay = a[0] + nx * ra * s, a[1] + ny * ra * s
        yield ax, ay, b[0] + nx * rb * s, b[1] + ny * rb * s
        if s:
            yield ax, ay, b[0] - nx * rb * s, b[1] - ny * rb * s


# -- polygons (deployment zones) -------------------------------------------------------


def _polygon_edges(poly: Sequence[Point]):
    """Per edge, from each corner's predecessor (the last corner's for the first) to the
    corner: what ``point_in_polygon`` and ``point_polygon_edge_dist`` read of it, worked
    out once per polygon (``_edges``)."""
    crossings = []
    vectors = []
    if poly:
        ax, ay = poly[-1]
        for bx, by in poly:
            # (yi, yj, xi, xj - xi, yj - yi) with i the corner and j its predecessor.
            crossings.append((by, ay, bx, ax - bx, ay - by))
            dx = bx - ax
            dy = by - ay
            vectors.append((ax, ay, dx, dy, dx * dx + dy * dy))
            ax, ay = bx, by
    return tuple(crossings), tuple(vectors)


#: id of a polygon -> (the polygon, its ``_polygon_edges``): a game asks about its two
#: zones' polygons over and over (by identity: hashing a polygon's floats costs more).
_EDGES: dict[int, tuple] = {}


def _edges(poly: Sequence[Point]):
    """``_polygon_edges`` of a polygon, kept for the few polygons of the latest games."""
    known = _EDGES.get(id(poly))
    if known is not None and known[0] is poly:
        return known[1]
    edges = _polygon_edges(poly)
    # Only an immutable polygon (a tuple of tuples) keeps its edges right.
    if poly.__class__ is tuple and all(p.__class__ is tuple for p in poly):
        if len(_EDGES) >= 64:
            _EDGES.clear()
        _EDGES[id(poly)] = (poly, edges)
    return edges


def point_in_polygon(px: float, py: float, poly: Sequence[Point]) -> bool:
    """Even-odd rule; points on the boundary may go either way (callers allow for it)."""
    inside = False
    for yi, yj, xi, run, rise in _edges(poly)[0]:
        if (yi > py) != (yj > py):
            x_cross = xi + (py - yi) * run / rise
            if px < x_cross:
                inside = not inside
    return inside


def point_polygon_edge_dist(px: float, py: float, poly: Sequence[Point]) -> float:
    """Distance from a point to the polygon's boundary."""
    best = math.inf
    # ``seg_point_dist2`` inlined (the same operations), each edge's parts worked out once.
    for ax, ay, dx, dy, len2 in _edges(poly)[1]:
        if len2 <= EPSILON:
            ex, ey = px - ax, py - ay
        else:
            t = ((px - ax) * dx + (py - ay) * dy) / len2
            if t < 0.0:
                t = 0.0
            elif t > 1.0:
                t = 1.0
            ex = ax + t * dx - px
            ey = ay + t * dy - py
        d2 = ex * ex + ey * ey
        if d2 < best:
            best = d2
    return math.sqrt(best)


def point_polygon_dist(px: float, py: float, poly: Sequence[Point]) -> float:
    """Distance from a point to a polygon's area (0 inside)."""
    if point_in_polygon(px, py, poly):
        return 0.0
    return point_polygon_edge_dist(px, py, poly)


def circle_in_polygon(px: float, py: float, r: float, poly: Sequence[Point]) -> bool:
    """A whole base inside the polygon ("completely within")."""
    return point_in_polygon(px, py, poly) and point_polygon_edge_dist(px, py, poly) >= r - 1e-6


def polygon_area(poly: Sequence[Point]) -> float:
    total = 0.0
    n = len(poly)
    for i in range(n):
        x0, y0 = poly[i - 1]
        x1, y1 = poly[i]
        total += x0 * y1 - x1 * y0
    return abs(total) / 2.0


def side_of_line(p: Point, a: Point, b: Point) -> float:
    """Positive on the left of the directed line AB, negative on the right, 0 on it."""
    return (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])


def point_line_dist(p: Point, a: Point, b: Point) -> float:
    """Distance from a point to the infinite line through A and B."""
    return abs(side_of_line(p, a, b)) / math.hypot(b[0] - a[0], b[1] - a[1])


def quarter_of(x: float, y: float, r: float, size: float = TABLE_SIZE) -> int | None:
    """The table quarter (0 SW, 1 SE, 2 NW, 3 NE) wholly holding a base, or None."""
    half = size / 2.0
    if x + r <= half:
        col = 0
    elif x - r >= half:
        col = 1
    else:
        return None
    if y + r <= half:
        row = 0
    elif y - r >= half:
        row = 1
    else:
        return None
    return row * 2 + col


def on_table(x: float, y: float, r: float, size: float = TABLE_SIZE) -> bool:
    """The whole base lies on the table."""
    return r - 1e-6 <= x <= size - r + 1e-6 and r - 1e-6 <= y <= size - r + 1e-6
