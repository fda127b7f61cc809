"""The simulator's shortcuts give the answers of the plain computations: ``snap`` is
``round(x, 1)`` to the bit (type and sign of zero included), and a ``PieceIndex`` never
leaves out a piece a bounding-box test would keep."""

from __future__ import annotations

import math
import random
import struct

from rules.engine.simulation.geometry import snap
from rules.engine.simulation.table import PieceIndex, TerrainPiece, generate_layout


def _bits(x) -> tuple[type, bytes]:
    return type(x), struct.pack("d", x)


def test_snap_is_round_to_a_tenth_bit_for_bit():
    rng = random.Random(7)
    values = [rng.uniform(-3.0, 40.0) for _ in range(20_000)]
    values += [k / 100 for k in range(-200, 4000)]           # ties and near-ties in decimal
    values += [k / 10 + d for k in range(400) for d in (0.05, -0.05, 0.049999999, 0.05000001)]
    values += [0.0, -0.0, 0.04, -0.04, 1e7 + 0.05, 5, 12, -3, math.inf]
    for v in values:
        assert _bits(snap(v)) == _bits(round(v, 1)), v


def test_piece_index_keeps_every_piece_a_box_test_keeps_in_table_order():
    rng = random.Random(3)
    pieces = generate_layout(11, density=0.4)
    index = PieceIndex(pieces)
    for _ in range(3_000):
        x, y = rng.uniform(-2, 38), rng.uniform(-2, 38)
        w, h = rng.uniform(0, 9), rng.uniform(0, 9)
        box = (x, y, x + w, y + h)
        kept = [p for p in pieces if not (p.x1 < box[0] or p.x0 > box[2] or p.y1 < box[1]
                                          or p.y0 > box[3])]
        near = index.near(*box)
        assert [p for p in near if p in kept] == kept
        assert list(near) == [p for p in pieces if p in near]  # table order


def test_piece_index_of_no_pieces_is_empty():
    assert PieceIndex(()).near(0.0, 0.0, 36.0, 36.0) == ()
    piece = TerrainPiece(0, "rect", 1.0, 1.0, 2.0, 2.0, 1, frozenset({"severe"}))
    assert PieceIndex((piece,)).near(30.0, 30.0, 31.0, 31.0) == ()
