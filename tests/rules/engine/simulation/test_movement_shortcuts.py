"""Movement's written-out forms give the plain computations' answers, to the bit.

- ``GameState._severe_spans`` with ``piece.clip`` (``seg_rect_clip``, ``seg_circle_clip``)
  and the merge's ``max`` inlined: the same merged spans as the version that called them.
- ``geometry.snap_pair``: ``(snap(x), snap(y))``, value, sign and type.
- ``moves.furthest_toward`` (its ``min`` calls and ``_legal`` written out, and the detour
  leg's cost passed on by ``path_toward``): the same point as the version before.
- ``GameState.hazards_entered`` rejecting pieces far from a leg by their box before
  ``seg_dist``: the same pieces, in the same order, as the test without the box.
"""

from __future__ import annotations

import math
import random
import struct

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engine.simulation import Game, HeuristicCommander
from rules.engine.simulation.geometry import snap, snap_pair
from rules.engine.simulation.moves import furthest_toward
from rules.engine.simulation.table import Table, TerrainPiece

from .builders import sample_setup
from .test_fast_path_equivalence import N, _board, _place, boards


def _bits(x) -> tuple[type, bytes]:
    return type(x), struct.pack("d", x)


def _same_spans(fast, slow) -> bool:
    return len(fast) == len(slow) and all(
        _bits(a) == _bits(c) and _bits(b) == _bits(d)
        for (a, b), (c, d) in zip(fast, slow, strict=True))


# -- severe spans ---------------------------------------------------------------------------


def _plain_severe_spans(state, ax, ay, bx, by, r):
    """``_severe_spans`` as it was: ``piece.clip`` per piece and ``max`` in the merge."""
    table = state.table
    if not table.severe:
        return []
    lo_x, hi_x = (ax, bx) if ax < bx else (bx, ax)
    lo_y, hi_y = (ay, by) if ay < by else (by, ay)
    spans = []
    box_x0, box_y0, box_x1, box_y1 = lo_x - r, lo_y - r, hi_x + r, hi_y + r
    for piece in table.severe:
        if box_x1 < piece.x0 or box_x0 > piece.x1 or box_y1 < piece.y0 \
                or box_y0 > piece.y1:
            continue
        span = piece.clip(ax, ay, bx, by, r)
        if span is not None and span[1] > span[0]:
            spans.append(span)
    if len(spans) < 2:
        return spans
    spans.sort()
    merged = [spans[0]]
    for t0, t1 in spans[1:]:
        if t0 <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], t1))
        else:
            merged.append((t0, t1))
    return merged


def _severe_table(rng: random.Random) -> Table:
    """Up to a dozen severe pieces, rectangles and circles, often overlapping, some
    thin (a leg along an edge or through a corner is the clip's edge)."""
    pieces = []
    for k in range(rng.randint(0, 12)):
        x, y = rng.choice((rng.uniform(4.0, 30.0), float(rng.randint(8, 28)))), \
            rng.choice((rng.uniform(4.0, 30.0), float(rng.randint(8, 28))))
        if rng.random() < 0.5:
            pieces.append(TerrainPiece(k + 1, "rect", x, y, rng.choice((0.1, 1.0, 4.0, 6.5)),
                                       rng.uniform(0.1, 6.0), 0, frozenset({"severe"})))
        else:
            pieces.append(TerrainPiece(k + 1, "circle", x, y, rng.uniform(0.3, 3.0), 0.0, 0,
                                       frozenset({"severe"})))
    return Table(pieces, "standard")


def _leg(rng: random.Random, table: Table) -> tuple[float, float, float, float]:
    """A leg, sometimes along a piece's edge, through its corner or of no length."""
    ax, ay = rng.uniform(2.0, 34.0), rng.uniform(2.0, 34.0)
    kind = rng.random()
    if kind < 0.1:
        return ax, ay, ax, ay
    if kind < 0.4 and table.severe:
        p = rng.choice(table.severe)
        r = rng.choice((0.0, 0.591, 0.787))
        if rng.random() < 0.5:  # along an edge grown by a base's radius
            y = rng.choice((p.y0 - r, p.y1 + r))
            return p.x0 - 3.0, y, p.x1 + 3.0, y
        return p.x0 - r - 2.0, p.y0 - r - 2.0, p.x0 - r + 2.0, p.y0 - r + 2.0
    return ax, ay, ax + rng.uniform(-9.0, 9.0), ay + rng.uniform(-9.0, 9.0)


def test_severe_spans_inlined_are_the_spans_of_the_clip_calls():
    rng = random.Random(17)
    s = _board().state
    kept = s.table
    hits = 0
    try:
        for _ in range(400):
            s.table = _severe_table(rng)
            for _ in range(25):
                ax, ay, bx, by = _leg(rng, s.table)
                r = rng.choice((0.0, 0.591, 0.787, 0.984))
                fast = s._severe_spans(ax, ay, bx, by, r)
                assert _same_spans(fast, _plain_severe_spans(s, ax, ay, bx, by, r)), \
                    (ax, ay, bx, by, r)
                hits += len(fast) > 1
    finally:
        s.table = kept
    assert hits > 200  # overlapping and separate spans do come up


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), r=st.sampled_from((0.0, 0.591, 0.787, 0.984)),
       ends=st.tuples(st.floats(0.0, 36.0), st.floats(0.0, 36.0), st.floats(0.0, 36.0),
                      st.floats(0.0, 36.0)))
def test_severe_spans_inlined_agree_on_any_leg(seed, r, ends):
    s = _board().state
    kept = s.table
    try:
        s.table = _severe_table(random.Random(seed))
        assert _same_spans(s._severe_spans(*ends, r), _plain_severe_spans(s, *ends, r))
    finally:
        s.table = kept


# -- snap_pair ------------------------------------------------------------------------------


def test_snap_pair_is_two_snaps_bit_for_bit():
    rng = random.Random(23)
    values = [rng.uniform(-3.0, 40.0) for _ in range(5_000)]
    values += [k / 100 for k in range(-200, 4000)]           # ties and near-ties in decimal
    values += [k / 10 + d for k in range(400) for d in (0.05, -0.05, 0.049999999, 0.05000001)]
    values += [0.0, -0.0, 0.04, -0.04, 1e7 + 0.05, 5, 12, -3, math.inf]
    for x in values:
        y = rng.choice(values)
        got = snap_pair(x, y)
        assert got.__class__ is tuple
        assert _bits(got[0]) == _bits(snap(x)) and _bits(got[1]) == _bits(snap(y)), (x, y)


# -- furthest_toward ------------------------------------------------------------------------


def _plain_furthest_toward(state, m, tx, ty, budget, *, stop=0.0, via=()):
    """``furthest_toward`` as it was (``min`` and ``_legal`` called)."""
    sx, sy = via[-1] if via else (m.x, m.y)
    spent = 0.0
    if via:
        cost, _ = state.path_cost(m, via)
        if cost is None:
            return None
        spent = cost
    dx, dy = tx - sx, ty - sy
    d = math.hypot(dx, dy)
    if d < 0.05:
        return None
    want = min(budget - spent, d - stop)
    if want < 0.1:
        return None
    ux, uy = dx / d, dy / d
    length = state.reach_along(m, sx, sy, ux, uy, want, budget - spent)
    for back in (0.0, 0.1, 0.25, 0.5):
        reach = min(length, want) - back
        if reach < 0.3:
            return None
        end = (snap(sx + ux * reach), snap(sy + uy * reach))
        cost, _ = state.path_cost(m, (*via, end))
        if cost is not None and cost <= budget + 1e-6:
            return end
    return None


def test_furthest_toward_goes_where_it_went_before():
    rng = random.Random(29)
    found = 0
    for seed in range(5):
        game = Game(sample_setup(density=0.45), seed, (HeuristicCommander(),
                                                       HeuristicCommander()))
        game.setup_encounter()
        st_ = game.state
        models = [m for m in st_.models if m.in_play]
        for m in models:  # scatter the crews over the table, keeping every base legal
            for _ in range(50):
                x, y = snap(rng.uniform(2, 34)), snap(rng.uniform(2, 34))
                if not st_.standing_problem(m, x, y):
                    m.x, m.y = x, y
                    st_.moved()
                    break
        for _ in range(200):
            m = rng.choice(models)
            tx, ty = rng.uniform(-2, 38), rng.uniform(-2, 38)
            budget = rng.choice((0.2, 3.0, 5.0, 8.0))
            stop = rng.choice((0.0, 1.0, 2.5, 40.0))
            via = () if rng.random() < 0.5 else (
                (snap(m.x + rng.uniform(-3, 3)), snap(m.y + rng.uniform(-3, 3))),)
            fast = furthest_toward(st_, m, tx, ty, budget, stop=stop, via=via)
            assert fast == _plain_furthest_toward(st_, m, tx, ty, budget, stop=stop, via=via)
            found += fast is not None
    assert found > 300


# -- hazards --------------------------------------------------------------------------------


def _plain_hazards_entered(state, m, path, start):
    out = []
    ax, ay = start
    r = m.r
    for bx, by in path:
        for piece in state.table.hazardous:
            if piece.id in out:
                continue
            if piece.seg_dist(ax, ay, bx, by) < r - 1e-6 and piece.point_dist(ax, ay) >= r:
                out.append(piece.id)
        ax, ay = bx, by
    return out


@settings(max_examples=300, deadline=None)
@given(board=boards(), mover=st.integers(0, N - 1), seed=st.integers(0, 2**32 - 1),
       legs=st.integers(1, 3))
def test_hazards_entered_with_the_box_reject_finds_the_same_pieces(board, mover, seed, legs):
    rng = random.Random(seed)
    places, pieces = board
    hazards = []
    for k in range(rng.randint(1, 4)):
        x, y = rng.uniform(11.0, 24.0), rng.uniform(11.0, 24.0)
        if rng.random() < 0.5:
            hazards.append(TerrainPiece(20 + k, "rect", x, y, rng.uniform(0.1, 4.0),
                                        rng.uniform(0.1, 4.0), 0, frozenset({"hazardous"})))
        else:
            hazards.append(TerrainPiece(20 + k, "circle", x, y, rng.uniform(0.3, 2.5), 0.0,
                                        0, frozenset({"hazardous"})))
    s = _place(places, [*pieces, *hazards])
    m = s.models[mover]
    start = (m.x, m.y)
    path = []
    for _ in range(legs):
        if rng.random() < 0.5:
            # To just about a base's radius off a piece's side (the ``r - 1e-6`` edge).
            p = rng.choice(hazards)
            gap = m.r + rng.choice((-0.3, -2e-6, -1e-6, 0.0, 1e-6, 2e-6, 0.01))
            side = rng.randrange(4)
            along_x, along_y = rng.uniform(p.x0, p.x1), rng.uniform(p.y0, p.y1)
            path.append(((p.x0 - gap, along_y), (p.x1 + gap, along_y), (along_x, p.y0 - gap),
                         (along_x, p.y1 + gap))[side])
        else:
            path.append((rng.uniform(10.0, 26.0), rng.uniform(10.0, 26.0)))
    assert s.hazards_entered(m, path, start) == _plain_hazards_entered(s, m, path, start)
