"""``GameState.cover`` skips ``point_dist`` for a cover piece whose box is further than
1" (and the target's radius, and a hair) from the target's centre in x or y: the same
grade as testing every piece, for targets about 1" from a piece's sides and corners."""

from __future__ import annotations

import math
from types import SimpleNamespace

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engine.simulation.state import GameState

from .test_piece_memo_lookup import _plain_cover, _table

GAPS = (-0.3, -1e-6, -1e-9, 0.0, 1e-12, 1e-9, 1e-7, 1e-6, 2e-6, 1e-5, 0.2)


@settings(max_examples=1000, deadline=None)
@given(seed=st.integers(0, 3), which=st.integers(0, 40), side=st.integers(0, 7),
       along=st.floats(-0.1, 1.1), gap=st.sampled_from(GAPS),
       tr=st.sampled_from((0.591, 0.787, 0.984)), ar=st.sampled_from((0.591, 0.787, 0.984)),
       angle=st.floats(-math.pi, math.pi), far=st.floats(1.0, 20.0))
def test_cover_about_an_inch_from_a_piece_is_that_of_every_piece(seed, which, side, along,
                                                                 gap, tr, ar, angle, far):
    table = _table(seed)
    p = table.cover[which % len(table.cover)]
    d = tr + 1.0 + 1e-6 + gap  # the target's centre about its reach from the box
    ax_, ay_ = p.x0 + (p.x1 - p.x0) * along, p.y0 + (p.y1 - p.y0) * along
    tx, ty = ((p.x0 - d, ay_), (p.x1 + d, ay_), (ax_, p.y0 - d), (ax_, p.y1 + d),
              (p.x0 - d, p.y0 - d), (p.x1 + d, p.y0 - d), (p.x0 - d, p.y1 + d),
              (p.x1 + d, p.y1 + d))[side]
    ax, ay = tx + far * math.cos(angle), ty + far * math.sin(angle)
    state = SimpleNamespace(table=table)
    target = SimpleNamespace(x=tx, y=ty, r=tr)
    assert GameState.cover(state, ax, ay, ar, target) == \
        _plain_cover(table, ax, ay, ar, tx, ty, tr)
