"""The callers that read a ``PieceIndex``'s memo themselves (``_severe_spans``,
``los_between``, ``cover``) find the pieces ``near`` would give: the table's memos are the
indexes' own, keyed as ``near`` keys them, and the answers equal those of a loop over
every piece of the kind (a memo read with the wrong key would hand a box another span's
pieces)."""

from __future__ import annotations

import random
import struct
from types import SimpleNamespace

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engine.simulation.geometry import perpendicular_offsets
from rules.engine.simulation.state import GameState
from rules.engine.simulation.table import CELL, Table, generate_layout

from . import pre_fast_paths as plain

KINDS = ("severe", "blocking", "cover")


def _bits(x) -> bytes:
    return struct.pack("d", x)


def test_the_tables_memos_are_the_indexes_own_keyed_by_cell_span():
    table = Table(generate_layout(5, density=0.4), "standard")
    rng = random.Random(1)
    for kind in KINDS:
        near, memo = getattr(table, f"{kind}_near"), getattr(table, f"{kind}_memo")
        assert near.__self__.memo is memo
        for _ in range(500):
            x, y = rng.uniform(-2, 38), rng.uniform(-2, 38)
            box = (x, y, x + rng.uniform(0, 9), y + rng.uniform(0, 9))
            found = near(*box)
            key = (box[0] // CELL, box[1] // CELL, box[2] // CELL, box[3] // CELL)
            assert memo.get(key) is found


def _plain_spans(table, ax, ay, bx, by, r):
    """``_severe_spans`` over every severe piece (``piece.clip``), merged."""
    lo_x, hi_x = min(ax, bx), max(ax, bx)
    lo_y, hi_y = min(ay, by), max(ay, by)
    spans = []
    for piece in table.severe:
        if hi_x + r < piece.x0 or lo_x - r > piece.x1 or hi_y + r < piece.y0 \
                or lo_y - r > piece.y1:
            continue
        span = piece.clip(ax, ay, bx, by, r)
        if span is not None and span[1] > span[0]:
            spans.append(span)
    spans.sort()
    merged = []
    for t0, t1 in spans:
        if merged and t0 <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], t1))
        else:
            merged.append((t0, t1))
    return [(_bits(t0), _bits(t1)) for t0, t1 in merged]


def _plain_cover(table, ax, ay, ar, tx, ty, tr):
    """``cover`` over every cover piece, with ``any`` (no elevation on these tables)."""
    best = 0
    lines = ((ax, ay, tx, ty), *perpendicular_offsets((ax, ay), (tx, ty), ar, tr))
    for piece in table.cover:
        if piece.point_dist(tx, ty) - tr > 1.0 + 1e-6:
            continue
        if any(piece.crossed_by(*line) for line in lines):
            best = max(best, 2 if "hard_cover" in piece.traits else 1)
    return best


_TABLES: dict[int, Table] = {}


def _table(seed: int) -> Table:
    """A few tables shared by the examples, so their memos fill up and are read."""
    if seed not in _TABLES:
        table = Table(generate_layout(seed, density=0.45), "standard")
        _TABLES[seed] = table
    return _TABLES[seed]


coordinate = st.floats(0.6, 35.4)


@settings(max_examples=400, deadline=None)
@given(seed=st.integers(0, 3), ax=coordinate, ay=coordinate, bx=coordinate, by=coordinate,
       r=st.sampled_from((0.591, 0.787, 0.984)))
def test_severe_spans_read_from_the_memo_are_those_of_every_piece(seed, ax, ay, bx, by, r):
    table = _table(seed)
    state = SimpleNamespace(table=table)
    for _ in range(2):  # the first may fill the memo, the second reads it
        fast = GameState._severe_spans(state, ax, ay, bx, by, r)
        assert [(_bits(t0), _bits(t1)) for t0, t1 in fast] == \
            _plain_spans(table, ax, ay, bx, by, r)


@settings(max_examples=400, deadline=None)
@given(seed=st.integers(0, 3), ax=coordinate, ay=coordinate, tx=coordinate, ty=coordinate,
       ar=st.sampled_from((0.591, 0.787, 0.984)), tr=st.sampled_from((0.591, 0.787, 0.984)))
def test_cover_read_from_the_memo_is_that_of_every_piece(seed, ax, ay, tx, ty, ar, tr):
    table = _table(seed)
    if table.standable:
        return  # a top changes the answer (``_plain_cover`` has no elevation)
    state = SimpleNamespace(table=table)
    target = SimpleNamespace(x=tx, y=ty, r=tr)
    for _ in range(2):
        assert GameState.cover(state, ax, ay, ar, target) == \
            _plain_cover(table, ax, ay, ar, tx, ty, tr)


def _no_bodies(table: Table) -> SimpleNamespace:
    """Enough of a ``GameState`` for ``los_between`` on a table with no other models."""
    index = ([], [], 0.0)
    return SimpleNamespace(table=table, _bodies=index, bodies=lambda: index, _los_version=0,
                           version=0, _clear=GameState._clear)


@settings(max_examples=400, deadline=None)
@given(seed=st.integers(0, 3), ax=coordinate, ay=coordinate, bx=coordinate, by=coordinate,
       ar=st.sampled_from((0.591, 0.787, 0.984)), br=st.sampled_from((0.591, 0.787, 0.984)),
       aht=st.integers(1, 3), bht=st.integers(1, 3))
def test_line_of_sight_read_from_the_memo_is_that_of_a_fresh_index(seed, ax, ay, bx, by, ar,
                                                                  br, aht, bht):
    table = _table(seed)
    fresh = Table(table.terrain, "standard")  # its memo empty: ``near`` works each box out
    args = (ax, ay, ar, aht, bx, by, br, bht, ())
    for _ in range(2):
        assert GameState.los_between(_no_bodies(table), *args) is \
            plain.los_between(_no_bodies(fresh), *args)
