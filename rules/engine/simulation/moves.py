"""Candidate moves: legal paths toward a point, charge spots, Marker spots, deployment spots.

Commanders choose where to go; these helpers turn "toward there" into a path the engine
will accept (straight if it can, else around the impassable piece or model in the way,
else as far as the way allows). Every point is on the 0.1" grid and checked with the same
``GameState.path_cost`` the engine uses, so a commander built on them never proposes an
illegal move.
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from functools import lru_cache
from operator import attrgetter
from typing import TYPE_CHECKING

from .geometry import MARKER_RADIUS, Point, seg_point_dist2, snap, snap_pair
from .table import zone_box

if TYPE_CHECKING:
    from .state import GameState, Model
    from .table import Zone

__all__ = ["charge_spot", "contact_spots", "deployment_spots", "furthest_toward",
           "path_toward"]


_idx_of = attrgetter("idx")


def _legal(state: GameState, m: Model, path: tuple[Point, ...], budget: float) -> bool:
    cost, _ = state.path_cost(m, path)
    return cost is not None and cost <= budget + 1e-6


def furthest_toward(state: GameState, m: Model, tx: float, ty: float, budget: float, *,
                    stop: float = 0.0, via: tuple[Point, ...] = ()) -> Point | None:
    """The furthest legal point on the straight line toward (tx, ty), at most ``budget``
    of movement and no nearer than ``stop`` to the point (None if it cannot move 0.3").

    ``GameState.reach_along`` finds how far the way is clear; the snapped end is then
    checked with ``path_cost`` (stepping back a little if snapping made it illegal).
    """
    if via:
        spent, _ = state.path_cost(m, via)
        if spent is None:
            return None
        sx, sy = via[-1]
    else:
        spent = 0.0
        sx, sy = m.x, m.y
    return _furthest(state, m, sx, sy, spent, tx, ty, budget, stop, via)


def _furthest(state: GameState, m: Model, sx: float, sy: float, spent: float, tx: float,
              ty: float, budget: float, stop: float, via: tuple[Point, ...],
              ) -> Point | None:
    """``furthest_toward`` from (sx, sy), the end of ``via``, which cost ``spent``
    (``path_toward`` has both at hand already). ``min`` is written out as conditionals
    (the same value: a builtin call costs more than the test)."""
    dx, dy = tx - sx, ty - sy
    d = math.hypot(dx, dy)
    if d < 0.05:
        return None
    left = budget - spent
    want = d - stop
    if not want < left:  # ``min(left, want)``
        want = left
    if want < 0.1:
        return None
    ux, uy = dx / d, dy / d
    length = state.reach_along(m, sx, sy, ux, uy, want, left)
    if want < length:  # ``min(length, want)``
        length = want
    path_cost = state.path_cost
    for back in (0.0, 0.1, 0.25, 0.5):
        reach = length - back
        if reach < 0.3:
            return None
        end = snap_pair(sx + ux * reach, sy + uy * reach)
        # ``_legal`` inlined.
        cost, _ = path_cost(m, (*via, end))
        if cost is not None and cost <= budget + 1e-6:
            return end
    return None


def _gap(p: Point, goal: Point) -> float:
    return math.hypot(p[0] - goal[0], p[1] - goal[1])


def path_toward(state: GameState, m: Model, goal: Point, budget: float, *, stop: float = 0.0,
                detours: int = 6) -> tuple[Point, ...] | None:
    """A legal path bringing ``m`` as close to ``goal`` as it can (``stop`` short of it).

    Tries the straight line first; when something is in the way, two-leg paths around the
    corners of the impassable pieces and the bases near the line.
    """
    mx, my = m.x, m.y
    gx, gy = goal
    hypot = math.hypot
    direct = _furthest(state, m, mx, my, 0.0, gx, gy, budget, stop, ())
    # ``_gap`` and ``min`` written out (the same values).
    wanted = hypot(mx - gx, my - gy)
    if direct is not None:
        best_path = (direct,)
        best_gap = hypot(direct[0] - gx, direct[1] - gy)
        moved = hypot(direct[0] - mx, direct[1] - my)
    else:
        best_path = None
        best_gap = wanted
        moved = 0.0
    wanted -= stop
    if not wanted < budget:
        wanted = budget
    # Nothing was in the way (it went as far as it wanted, or severe terrain slowed it):
    # no detour can do better than the straight line.
    if moved >= wanted - 0.3 or best_gap <= stop + 0.3 or detours <= 0:
        return best_path
    tried = 0
    talents = m.p.talents
    # ``path_cost`` tests other bases on the way (not for Flight or Incorporeal, and not
    # friendly ones for Underfoot).
    bases_block = not (talents.flight or talents.incorporeal)
    underfoot = talents.underfoot
    for _, _, lead, wp, beside, to_goal in _waypoints_to_goal(state, m, goal, budget,
                                                             best_gap):
        if tried >= detours:
            break
        # A path through ``wp`` costs at least ``lead`` and ends at least its remaining
        # movement short of the goal (less 0.071" of snapping): when even that cannot beat
        # the best gap, neither can any later waypoint (they come in order of lead plus
        # gap, and the best gap only shrinks), so the search is over.
        if lead + to_goal - budget - 0.1 >= best_gap - 0.2:
            break
        if lead >= budget or lead < 0.3:
            continue
        tried += 1
        if beside is not None and bases_block and not (underfoot and beside.side == m.side) \
                and _base_in_the_way(m, wp, beside):
            continue  # ``path_cost`` would find the base it goes around in the way
        first = (wp,)
        cost, _ = state.path_cost(m, first)
        if cost is None or cost > budget:
            continue
        if to_goal - (budget - cost) - 0.1 >= best_gap - 0.2:
            continue  # the same bound with the leg's real cost: it cannot do better
        # ``furthest_toward`` via ``wp``, its cost known.
        rest = _furthest(state, m, wp[0], wp[1], cost, gx, gy, budget, stop, first)
        if rest is not None:
            path = (wp, rest)
            gap = hypot(rest[0] - gx, rest[1] - gy)
        else:
            path = first
            gap = to_goal
        if gap < best_gap - 0.2:
            best_gap, best_path = gap, path
    return best_path


def _base_in_the_way(m: Model, end: Point, o: Model) -> bool:
    """Does ``o``'s base block a straight move of ``m`` to ``end``, as ``path_cost``
    tests each base on a leg (its box, its distance, and leaving a touching start)?"""
    ax, ay = m.x, m.y
    bx, by = end
    reach = m.r + o.r - 1e-6
    ox, oy = o.x, o.y
    lo_x, hi_x = (ax, bx) if ax < bx else (bx, ax)
    lo_y, hi_y = (ay, by) if ay < by else (by, ay)
    if ox + reach < lo_x or ox - reach > hi_x or oy + reach < lo_y or oy - reach > hi_y:
        return False
    if seg_point_dist2(ax, ay, bx, by, ox, oy) >= reach * reach:
        return False
    d_start = math.hypot(ax - ox, ay - oy)
    return not (d_start < reach and math.hypot(bx - ox, by - oy) > d_start)


def _waypoints(state: GameState, m: Model, goal: Point, budget: float, gap: float,
               ) -> list[tuple[float, Point, Model | None]]:
    """``_waypoints_to_goal`` without the gaps to the goal."""
    return [(lead, p, o) for _, _, lead, p, o, _ in _waypoints_to_goal(state, m, goal, budget,
                                                                          gap)]


def _waypoints_to_goal(state: GameState, m: Model, goal: Point, budget: float, gap: float,
                       ) -> list[tuple[float, int, float, Point, Model | None, float]]:
    """Corners of impassable pieces and sides of bases near the line, nearest first (by
    lead plus gap to the goal), each as (its sort key, its place in the list before the
    sort, its lead (the distance from ``m``), the point, the model it goes around (None
    for a corner), its gap to the goal (``_gap``'s)): the sort's own tuples, not copied.

    Only the waypoints ``path_toward`` could try with ``budget`` and its best ``gap`` so
    far: one out of reach, or too near to be a detour, or past the search's first bound
    it skips anyway, is left out before it is snapped and sorted (a snap moves a point
    by at most 0.071", so the margins below keep every waypoint it could try, in order).
    """
    r = m.r
    mx, my = m.x, m.y
    gx, gy = goal
    # ``min`` and ``max`` written out (the same values: a builtin call costs more).
    lo_x, hi_x = ((gx if gx < mx else mx) - 3, (gx if gx > mx else mx) + 3)
    lo_y, hi_y = ((gy if gy < my else my) - 3, (gy if gy > my else my) + 3)
    points: list[Point] = []
    pad = r + 0.25
    # A waypoint further than ``far`` in x or y is out of reach (left out below): a piece
    # whose corners all are, or a base whose sides both are, adds none.
    far = budget + 0.1
    reach = far + 1e-6
    for piece in state.table.impassable:
        if piece.x1 < lo_x or piece.x0 > hi_x or piece.y1 < lo_y or piece.y0 > hi_y:
            continue
        if piece.x0 - pad - mx > reach or mx - piece.x1 - pad > reach \
                or piece.y0 - pad - my > reach or my - piece.y1 - pad > reach:
            continue
        points += [(piece.x0 - pad, piece.y0 - pad, None),
                   (piece.x1 + pad, piece.y0 - pad, None),
                   (piece.x0 - pad, piece.y1 + pad, None),
                   (piece.x1 + pad, piece.y1 + pad, None)]
    dx, dy = gx - mx, gy - my
    d = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / d, dx / d
    xs, bodies, widest = state.bodies()
    # A base's side points are at most ``r + o.r + 0.3`` from its centre.
    span = reach + r + widest + 0.3
    left, right = mx - span, mx + span
    near = [o for o in bodies[bisect_left(xs, left if left > lo_x else lo_x):
                              bisect_right(xs, right if right < hi_x else hi_x)]
            if o is not m and lo_y <= o.y <= hi_y and -span <= o.y - my <= span]
    if len(near) > 1:
        near.sort(key=_idx_of)  # model order: the sort below keeps it on equal keys
    for o in near:
        ox, oy = o.x, o.y
        side = r + o.r + 0.3
        points += [(ox + nx * side, oy + ny * side, o), (ox - nx * side, oy - ny * side, o)]
    high = state.table.size - r
    hypot = math.hypot
    close, beyond = 0.2, gap + budget + 0.25
    keyed = []
    for x, y, o in points:
        if r <= x <= high and r <= y <= high:
            lead = hypot(x - mx, y - my)
            if lead >= far or lead < close or lead + hypot(x - gx, y - gy) >= beyond:
                continue
            p = snap_pair(x, y)
            sx, sy = p
            lead = hypot(sx - mx, sy - my)
            to_goal = hypot(sx - gx, sy - gy)
            keyed.append((lead + to_goal, len(keyed), lead, p, o, to_goal))
    keyed.sort()
    return keyed


def charge_spot(state: GameState, m: Model, target: Model) -> Point | None:
    """A legal straight Charge end with ``target`` in ``m``'s engagement range."""
    reach = m.p.engagement_range
    cg = m.p.cg
    if cg is None or reach <= 0:
        return None
    gap = state.edge(m, target)
    if gap > cg + reach:
        return None
    want = m.r + target.r + max(0.0, reach - 0.15)
    base = math.atan2(m.y - target.y, m.x - target.x)
    for offset in (0.0, 0.35, -0.35, 0.7, -0.7):
        angle = base + offset
        x, y = snap_pair(target.x + math.cos(angle) * want, target.y + math.sin(angle) * want)
        if state.close_edge_at(m, x, y, target) > reach + 1e-6:
            continue
        if math.hypot(x - m.x, y - m.y) > cg + 1e-6:
            continue  # a straight move costs at least its length: too far for the Charge
        cost, _ = state.path_cost(m, ((x, y),), straight=True)
        if cost is not None and cost <= cg + 1e-6:
            return (x, y)
    return None


def contact_spots(state: GameState, m: Model, *, toward: Point | None = None,
                  count: int = 8, radius: float = MARKER_RADIUS) -> list[Point]:
    """Points where a Marker would sit in base contact with ``m`` (nearest ``toward`` first)."""
    dist = m.r + radius + 0.04
    spots = []
    for k in range(count):
        angle = 2 * math.pi * k / count
        spots.append(snap_pair(m.x + math.cos(angle) * dist, m.y + math.sin(angle) * dist))
    if toward is not None:
        spots.sort(key=lambda p: _gap(p, toward))
    return spots


def deployment_spots(state: GameState, zone: Zone, radius: float = 1.0,
                     spacing: float = 2.2) -> list[Point]:
    """Spots completely inside ``zone``, clear of impassable terrain, on a grid ``spacing``
    apart (so no two bases overlap), nearest the table's centre first."""
    grid = _zone_grid(zone, radius, spacing, state.table.centre)
    # Every spot lies in the zone's box, and a piece is nearer than ``radius`` to a spot
    # only if its own box is: the generator keeps impassable pieces out of the zones, so
    # usually none is left to test (a hair to spare keeps any piece that might be).
    lo_x, lo_y, hi_x, hi_y = zone_box(zone.polygon)
    reach = radius + 1e-6
    near = [p for p in state.table.impassable
            if p.x0 < hi_x + reach and p.x1 > lo_x - reach
            and p.y0 < hi_y + reach and p.y1 > lo_y - reach]
    if not near:
        return [(x, y) for x, y, _, _ in grid]
    return [(x, y) for x, y, rx, ry in grid
            if not any(p.point_dist(rx, ry) < radius for p in near)]


@lru_cache(maxsize=64)
def _zone_grid(zone: Zone, radius: float, spacing: float, centre: Point,
               ) -> tuple[tuple[float, float, float, float], ...]:
    """The grid points completely inside a zone, snapped, in ``deployment_spots``'
    order, each with its unsnapped position (the terrain test reads that one). The zone
    alone decides them, so every game with that deployment shares them."""
    xs = [p[0] for p in zone.polygon]
    ys = [p[1] for p in zone.polygon]
    cx, cy = centre
    grid = []
    y = min(ys) + radius
    while y <= max(ys) - radius + 1e-9:
        x = min(xs) + radius
        while x <= max(xs) - radius + 1e-9:
            if zone.contains_base(x, y, radius):
                grid.append((snap(x), snap(y), x, y))
            x += spacing
        y += spacing
    grid.sort(key=lambda p: (round(math.hypot(p[0] - cx, p[1] - cy), 3), p[:2]))
    return tuple(grid)
