"""``_path_cost`` skips its end-of-path overlap test when no base but the mover's passed
the last leg's x and y spans (the end's spans lie within them), and its end-in-terrain
test when no impassable piece passed the last leg's box test: the same cost and reason,
to the bit, as the plain computation (``pre_fast_paths._path_cost``), for paths ending on,
beside or just clear of other bases (Underfoot friends, which a leg passes over, and a
Flight model, which tests no base along a leg, included), and ending with legs of no
length."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from . import pre_fast_paths as plain
from .test_fast_path_equivalence import N, _coordinate, _place, _same, boards


@settings(max_examples=500, deadline=None)
@given(board=boards(), mover=st.integers(0, N - 1),
       legs=st.lists(st.tuples(_coordinate(), _coordinate()), min_size=0, max_size=2),
       onto=st.integers(0, N - 1), angle=st.floats(-math.pi, math.pi),
       gap=st.sampled_from((-0.5, -0.01, -1e-6, 0.0, 1e-6, 0.01, 0.3, 1.5)),
       still=st.integers(0, 2))
def test_a_path_ending_by_a_base_costs_what_the_plain_computation_says(board, mover, legs,
                                                                     onto, angle, gap,
                                                                     still):
    s = _place(*board)
    m = s.models[mover]
    if not m.in_play:
        return
    o = s.models[onto]
    path = list(legs)
    if o is not m:
        # The end about a base contact from ``o`` (overlapping it for a negative gap).
        d = m.r + o.r + gap
        path.append((o.x + d * math.cos(angle), o.y + d * math.sin(angle)))
    path += [path[-1]] * still if path else []  # legs of no length at the end
    assert _same(s._path_cost(m, path), plain._path_cost(s, m, path)), path


@settings(max_examples=500, deadline=None)
@given(board=boards(), mover=st.integers(0, N - 1),
       legs=st.lists(st.tuples(_coordinate(), _coordinate()), min_size=0, max_size=2),
       which=st.integers(0, 2), side=st.integers(0, 3), along=st.floats(-0.2, 1.2),
       gap=st.sampled_from((-0.5, -0.01, -1e-6, 0.0, 1e-6, 0.01, 0.3, 1.5)),
       still=st.integers(0, 2))
def test_a_path_ending_by_a_piece_costs_what_the_plain_computation_says(board, mover, legs,
                                                                      which, side, along,
                                                                      gap, still):
    s = _place(*board)
    m = s.models[mover]
    if not m.in_play:
        return
    path = list(legs)
    pieces = s.table.terrain
    if pieces:
        # The end about a base's radius outside one side of a piece's box (inside it for
        # a negative gap), anywhere along that side or a little past its corners.
        p = pieces[which % len(pieces)]
        d = m.r + gap
        x = p.x0 + (p.x1 - p.x0) * along
        y = p.y0 + (p.y1 - p.y0) * along
        path.append(((p.x0 - d, y), (p.x1 + d, y), (x, p.y0 - d), (x, p.y1 + d))[side])
    path += [path[-1]] * still if path else []  # legs of no length at the end
    assert _same(s._path_cost(m, path), plain._path_cost(s, m, path)), path
