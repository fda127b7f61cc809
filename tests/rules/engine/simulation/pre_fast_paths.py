"""The board's computations as they stood before their fast paths (``git show
914b97b:rules/engine/simulation/state.py``), copied verbatim as functions of a
``GameState``: the plain references ``test_fast_path_equivalence`` holds the fast paths
to. Do not "improve" them: their point is to stay the plain computation. (One change:
``self._engagement_bodies()`` is written out as the ``bodies`` and ``_bounds`` it read.)

The fast paths they pin: ``los_between``'s piece that blocks every line at once
(``_blocks_every_line``) and its bases far in y skipped; ``engaged_with`` and
``_engaged``'s enemies far in y skipped; ``_path_cost``'s bases far in y from a leg and
from the path's end skipped (and its inlined ``seg_point_dist2``); ``reach_along``'s
bases far in y from the way skipped.
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from operator import attrgetter
from typing import Any

from rules.engine.simulation.geometry import (
    EPSILON,
    Point,
    perpendicular_offsets,
    seg_point_dist2,
    sight_lines,
)

_idx_of = attrgetter("idx")


def snap(value: float) -> float:
    """``geometry.snap`` before ``y % 1.0`` (914b97b): the whole part from ``int``."""
    if value.__class__ is float:
        y = value * 10.0
        if 0.5 < y < 1e6:
            n = int(y)
            f = y - n
            if f < 0.499999:
                return n / 10
            if f > 0.500001:
                return (n + 1) / 10
    return round(value, 1)


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
    for piece in self.table.blocking_near(lo_x, lo_y, hi_x, hi_y):
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
    xs, models, widest = self.bodies()
    for m in models[bisect_left(xs, lo_x - widest - 1e-6):
                    bisect_right(xs, hi_x + widest + 1e-6)]:
        if m.idx in skip or m.p.ht < tall:
            continue
        mx, my, mr = m.x, m.y, m.r
        if mx + mr < lo_x or mx - mr > hi_x or my + mr < lo_y or my - mr > hi_y:
            continue
        bodies.append((mx, my, mr * mr))
    if not pieces and not bodies:
        return True
    if self._clear(ax, ay, bx, by, pieces, bodies):
        return True
    for line in perpendicular_offsets((ax, ay), (bx, by), ar, br):
        if self._clear(*line, pieces, bodies):
            return True
    # Any point of one base to any point of the other: a narrow gap gives sight.
    return any(self._clear(*line, pieces, bodies)
               for line in sight_lines((ax, ay), (bx, by), ar, br))


def engaged_with(self, m: Any) -> list[Any]:
    """Enemy models engaged with ``m``: within either one's engagement range, with
    line of sight between them."""
    mine = self.engagement_range(m)
    out = []
    side, mx, my, mr = m.side, m.x, m.y, m.r
    hypot = math.hypot
    xs, bodies, widest = self.bodies()  # (``_engagement_bodies`` as it was)
    longest = self._bounds()[2]
    span = mr + widest + (mine if mine > longest else longest) + 1e-5
    on = self.elevated() if self.table.standable else None
    for e in bodies[bisect_left(xs, mx - span):bisect_right(xs, mx + span)]:
        if e.side == side:
            continue
        reach = 0.0 if "paralyzed" in e.conditions else e.p.engagement_range
        if mine > reach:
            reach = mine
        if reach <= 0.0:
            continue
        gap = hypot(mx - e.x, my - e.y) - mr - e.r
        if on:
            gap = (gap if gap > 0.0 else 0.0) + self.rise(
                on.get(m.idx), m.p.ht, on.get(e.idx), e.p.ht)
        if (gap if gap > 0.0 else 0.0) <= reach + 1e-6 and self.los(m, e):
            out.append(e)
    if len(out) > 1:
        out.sort(key=_idx_of)
    return out


def _engaged(self, m: Any) -> bool:
    mine = self.engagement_range(m)
    side, mx, my, mr = m.side, m.x, m.y, m.r
    hypot = math.hypot
    xs, bodies, widest = self.bodies()  # (``_engagement_bodies`` as it was)
    longest = self._bounds()[2]
    span = mr + widest + (mine if mine > longest else longest) + 1e-5
    on = self.elevated() if self.table.standable else None
    for e in bodies[bisect_left(xs, mx - span):bisect_right(xs, mx + span)]:
        if e.side == side:
            continue
        # ``engagement_range`` and ``edge`` inlined (this runs for every model often).
        reach = 0.0 if "paralyzed" in e.conditions else e.p.engagement_range
        if mine > reach:
            reach = mine
        if reach <= 0.0:
            continue
        gap = hypot(mx - e.x, my - e.y) - mr - e.r
        if on:
            gap = (gap if gap > 0.0 else 0.0) + self.rise(
                on.get(m.idx), m.p.ht, on.get(e.idx), e.p.ht)
        if (gap if gap > 0.0 else 0.0) <= reach + 1e-6 and self.los(m, e):
            return True
    return False


def _path_cost(self, m: Any, path: Sequence[Point]) -> tuple[float | None, str]:
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
    xs, bodies, widest = self.bodies()
    # Bases further than this in x from a leg's box cannot touch it.
    span = r + widest + 1e-6
    # The piece the model stands on top of (None on the ground, and on every table
    # without a piece to stand on).
    on = self.standing_on(m) if table.standable else None
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
            for piece in impassable:
                if (hi_x + r < piece.x0 or lo_x - r > piece.x1
                        or hi_y + r < piece.y0 or lo_y - r > piece.y1):
                    continue
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
            for o in bodies[bisect_left(xs, lo_x - span):bisect_right(xs, hi_x + span)]:
                if o is m or (underfoot and o.side == side):
                    continue
                reach = r + o.r - 1e-6
                ox, oy = o.x, o.y
                if ox + reach < lo_x or ox - reach > hi_x or oy + reach < lo_y \
                        or oy - reach > hi_y:
                    continue
                if seg_point_dist2(ax, ay, bx, by, ox, oy) < reach * reach:
                    # Leaving a touching or overlapping start is allowed.
                    d_start = hypot(ax - ox, ay - oy)
                    if d_start < reach and hypot(bx - ox, by - oy) > d_start:
                        continue
                    if blocker is None or o.idx < blocker.idx:
                        blocker = o
            if blocker is not None:
                return None, f"{blocker.name}'s base is in the way"
            if severe:
                extra += self._severe_length(ax, ay, bx, by, r, length)
        total += length + extra
        ax, ay = bx, by
    if not path:
        reason = self.standing_problem(m, ax, ay)
        return (None, reason) if reason else (total, "")
    # ``standing_problem`` at the end, inlined (the edge test again: a path whose legs
    # all have no length ends where it started).
    if not (low <= ax <= high and low <= ay <= high):
        return None, f"({ax}, {ay}) is off the table"
    for piece in impassable:
        if ax + r < piece.x0 or ax - r > piece.x1 or ay + r < piece.y0 \
                or ay - r > piece.y1:
            continue
        if piece.point_dist(ax, ay) < r - 1e-6:
            if piece is on or (ignore_all and piece in table.standable
                               and piece.holds(ax, ay, r)):
                continue  # on its top
            return None, f"({ax}, {ay}) is inside {piece.name or 'impassable terrain'}"
    overlap = None
    for o in bodies[bisect_left(xs, ax - span):bisect_right(xs, ax + span)]:
        if o is m:
            continue
        reach = r + o.r - 1e-6
        dx = ax - o.x
        if dx > reach or -dx > reach:
            continue
        dy = ay - o.y
        if dy > reach or -dy > reach:
            continue
        if dx * dx + dy * dy < reach * reach and (overlap is None or o.idx < overlap.idx):
            overlap = o
    if overlap is not None:
        return None, f"({ax}, {ay}) overlaps {overlap.name}"
    return total, ""


def reach_along(self, m: Any, sx: float, sy: float, ux: float, uy: float, want: float,
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
            limit = min(limit, t0 * limit)
            ex, ey = sx + ux * limit, sy + uy * limit
        side = m.side
        underfoot = talents.underfoot
        sqrt = math.sqrt
        xs, bodies, widest = self.bodies()
        span = r + widest + 1e-6
        lo_x, hi_x = (sx, ex) if sx < ex else (ex, sx)
        # The minimum of the stops below does not depend on the order they come in.
        for o in bodies[bisect_left(xs, lo_x - span):bisect_right(xs, hi_x + span)]:
            if o is m or (underfoot and o.side == side):
                continue
            reach = r + o.r
            fx, fy = sx - o.x, sy - o.y
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
        return min(limit, budget)
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
    return min(limit, travelled + (budget - used))
