"""``GameState.hazards_at`` skips ``point_dist`` for a hazardous piece whose box is further
than the base's radius from its centre in x or y: the same pieces as testing every piece,
for bases on, inside, beside and just clear of rectangles and circles (their boxes'
corners included)."""

from __future__ import annotations

import math
from types import SimpleNamespace

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engine.simulation.state import GameState
from rules.engine.simulation.table import TerrainPiece

HAZARD = frozenset({"hazardous", "severe"})
PIECES = (
    TerrainPiece(1, "rect", 10.0, 10.0, 3.0, 2.0, 0, HAZARD),
    TerrainPiece(2, "circle", 14.0, 11.0, 1.5, 0.0, 0, HAZARD),
    TerrainPiece(3, "rect", 12.3, 13.1, 0.4, 4.7, 0, HAZARD),
    TerrainPiece(4, "circle", 9.0, 14.5, 2.2, 0.0, 0, HAZARD),
)


def _plain(pieces, m):
    return [p.id for p in pieces if p.point_dist(m.x, m.y) < m.r - 1e-6]


@settings(max_examples=1500, deadline=None)
@given(which=st.integers(0, len(PIECES) - 1), corner=st.integers(0, 3),
       angle=st.floats(-math.pi, math.pi),
       gap=st.sampled_from((-1.0, -0.01, -1e-6, 0.0, 1e-7, 1e-6, 2e-6, 0.01, 0.5)),
       r=st.sampled_from((0.591, 0.787, 0.984)), jitter=st.floats(-0.5, 0.5))
def test_hazards_at_finds_the_pieces_every_piece_tested_finds(which, corner, angle, gap, r,
                                                             jitter):
    p = PIECES[which]
    # A centre about ``r`` from the piece: off a side or a corner of its box, or round a
    # circle (``gap`` further out, inside it for a negative one).
    cx = (p.x0, p.x1)[corner % 2]
    cy = (p.y0, p.y1)[corner // 2]
    if p.shape == "circle" and corner == 0:
        x = p.x + (p.w + r + gap) * math.cos(angle)
        y = p.y + (p.w + r + gap) * math.sin(angle)
    elif angle > 0:  # off a side (left, right, bottom, top), anywhere along it
        d = r + gap
        along_x = (p.x0 + p.x1) / 2 + jitter * (p.x1 - p.x0)
        along_y = (p.y0 + p.y1) / 2 + jitter * (p.y1 - p.y0)
        x, y = ((p.x0 - d, along_y), (p.x1 + d, along_y), (along_x, p.y0 - d),
                (along_x, p.y1 + d))[corner]
    else:  # off a corner
        x = cx + math.copysign(r + gap, cx - (p.x0 + p.x1) / 2) * abs(math.cos(angle))
        y = cy + math.copysign(r + gap, cy - (p.y0 + p.y1) / 2) * abs(math.sin(angle))
    m = SimpleNamespace(x=x, y=y, r=r)
    state = SimpleNamespace(table=SimpleNamespace(hazardous=PIECES))
    assert GameState.hazards_at(state, m) == _plain(PIECES, m)


def test_no_hazardous_piece_gives_an_empty_list():
    state = SimpleNamespace(table=SimpleNamespace(hazardous=()))
    assert GameState.hazards_at(state, SimpleNamespace(x=1.0, y=1.0, r=0.5)) == []
