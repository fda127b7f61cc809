"""The board's fast paths give exactly the plain computations' answers.

- Line of sight: a piece that blocks every base-to-base line at once
  (``state._blocks_every_line``) must only say so when each line, tried one by one
  (``GameState._clear``), is blocked by it; ``los_between`` must agree with the version
  that tried the lines one by one.
- ``geometry.snap``'s ``y % 1.0`` form: the same value, sign and type as the ``int`` form
  it replaced (and as ``round(x, 1)``).
- The bases "far in y" skipped by ``_path_cost`` (along a leg and at the path's end),
  ``reach_along``, ``engaged_with`` and ``_engaged``: the same answers, to the bit, as the
  functions before the skips (``pre_fast_paths``, copied from git 914b97b).
"""

from __future__ import annotations

import math
import random
import struct
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engine.simulation.geometry import perpendicular_offsets, sight_lines, snap
from rules.engine.simulation.state import GameState, _blocks_every_line
from rules.engine.simulation.table import Table, TerrainPiece

from . import pre_fast_paths as plain
from .scenes import BLADE, GUN, LONG_BLADE, boss, card, scene, terrain

RADII = (0.591, 0.787, 0.984)  # 30, 40 and 50 mm bases


# -- line of sight: one piece blocking every line -----------------------------------------


def _every_line(ax, ay, ar, bx, by, br):
    """The lines ``los_between`` tries: the centre line, the two side lines, the 17 other
    sight lines."""
    a, b = (ax, ay), (bx, by)
    return [(ax, ay, bx, by), *perpendicular_offsets(a, b, ar, br), *sight_lines(a, b, ar, br)]


def _rim_lines(ax, ay, ar, bx, by, br, fractions):
    """Lines from ``fractions`` of each radius across the line between the centres, both
    ways, straight across and crosswise."""
    length = math.hypot(bx - ax, by - ay)
    if length <= 1e-9:
        return []
    nx, ny = -(by - ay) / length, (bx - ax) / length
    return [(ax + nx * ar * s, ay + ny * ar * s, bx + nx * br * t, by + ny * br * t)
            for f in fractions for s in (f, -f) for t in (f, -f)]


def _blocked_one_by_one(piece, ax, ay, ar, bx, by, br, rims=()) -> bool:
    """Does ``piece`` block each line, tried one by one (the path without the shortcut)?"""
    lines = [*_every_line(ax, ay, ar, bx, by, br), *_rim_lines(ax, ay, ar, bx, by, br, rims)]
    return not any(GameState._clear(*line, [piece], []) for line in lines)


def _piece(shape, x, y, w, h, *traits, ht=5):
    return TerrainPiece(1, shape, x, y, w, h, ht, frozenset(traits or ("blocking",)))


def _los_both_ways(game, a_id, b_id):
    """(the engine's line of sight, the pre-fast-path one) between two models."""
    s = game.state
    a, b = s.model(a_id), s.model(b_id)
    args = (a.x, a.y, a.r, a.p.ht, b.x, b.y, b.r, b.p.ht, (a.idx, b.idx))
    return s.los_between(*args), plain.los_between(s, *args)


def test_a_wall_spanning_both_bases_blocks_every_line_at_once():
    wall = terrain(1, 14.0, 8.0, 0.5, 4.0, "blocking", ht=5)
    game = scene([("a", card(base=50), (10.0, 10.0))], [("b", card(base=50), (18.0, 10.0))],
                 terrain=[wall])
    (piece,) = game.state.table.terrain
    a, b = game.state.model("a"), game.state.model("b")
    # A wall thinner than a base: the shortcut's second test (across the line) holds.
    assert _blocks_every_line(piece, a.x, a.y, a.r, b.x, b.y, b.r)
    assert _blocked_one_by_one(piece, a.x, a.y, a.r, b.x, b.y, b.r)
    assert _los_both_ways(game, "a", "b") == (False, False)


def test_a_grove_the_centre_line_cuts_deep_into_blocks_every_line_at_once():
    round_grove = terrain(1, 14.0, 10.4, 1.6, 0, "dense", ht=4, shape="circle")
    square_grove = terrain(1, 12.5, 8.2, 3.0, 3.5, "dense", "severe", ht=4)
    for grove in (round_grove, square_grove):
        game = scene([("a", card(), (10.0, 10.0))], [("b", card(), (18.0, 10.0))],
                     terrain=[grove])
        (piece,) = game.state.table.terrain
        a, b = game.state.model("a"), game.state.model("b")
        assert _blocks_every_line(piece, a.x, a.y, a.r, b.x, b.y, b.r), grove
        assert _blocked_one_by_one(piece, a.x, a.y, a.r, b.x, b.y, b.r), grove
        assert _los_both_ways(game, "a", "b") == (False, False)


def test_a_narrow_gap_between_two_walls_still_gives_sight():
    """The centre line hits the lower wall, so the shortcut is asked: neither wall blocks
    every line alone, and a line through the gap (0.25 of the radius up) gives sight."""
    low = terrain(1, 13.9, 7.0, 0.2, 3.2, "blocking", ht=5)
    high = terrain(2, 13.9, 10.45, 0.2, 3.0, "blocking", ht=5)
    game = scene([("a", card(base=50), (10.0, 10.0))], [("b", card(base=50), (18.0, 10.0))],
                 terrain=[low, high])
    pieces = game.state.table.terrain
    a, b = game.state.model("a"), game.state.model("b")
    assert not GameState._clear(a.x, a.y, b.x, b.y, list(pieces), [])
    for piece in pieces:
        assert not _blocks_every_line(piece, a.x, a.y, a.r, b.x, b.y, b.r)
    assert _los_both_ways(game, "a", "b") == (True, True)


def test_a_wall_short_of_one_side_lets_the_side_lines_through():
    wall = terrain(1, 14.0, 9.6, 0.5, 4.0, "blocking", ht=5)  # from just below the centre
    game = scene([("a", card(base=50), (10.0, 10.0))], [("b", card(base=50), (18.0, 10.0))],
                 terrain=[wall])
    (piece,) = game.state.table.terrain
    a, b = game.state.model("a"), game.state.model("b")
    assert not _blocks_every_line(piece, a.x, a.y, a.r, b.x, b.y, b.r)
    assert _los_both_ways(game, "a", "b") == (True, True)


def test_a_base_just_inside_the_box_in_y_still_blocks_the_last_clear_line():
    """Only the lowest sight line (0.97 of the radius down) passes under the wall; a 50 mm
    base whose centre is below the bases' box by nearly its radius (not "far in y")
    blocks that line too."""
    wall = terrain(1, 13.9, 9.45, 0.2, 3.0, "blocking", ht=5)
    low = 10.0 - 0.97 * 0.591
    game = scene([("a", card(), (10.0, 10.0)),
                  ("screen", card("Screen", base=50), (14.0, low - 0.984 + 0.05))],
                 [("b", card(), (18.0, 10.0))], terrain=[wall])
    assert _los_both_ways(game, "a", "b") == (False, False)
    game.state.model("screen").x = 30.0
    game.state.moved()
    assert _los_both_ways(game, "a", "b") == (True, True)


@st.composite
def bases_and_a_piece(draw):
    """Two bases and a piece of any size somewhere about the strip between them (mostly
    across it, so the shortcut often holds)."""
    ar = draw(st.one_of(st.sampled_from(RADII), st.floats(0.2, 1.2)))
    br = draw(st.one_of(st.sampled_from(RADII), st.floats(0.2, 1.2)))
    ax, ay = draw(st.floats(5.0, 15.0)), draw(st.floats(5.0, 15.0))
    angle = draw(st.one_of(st.sampled_from((0.0, math.pi / 2, math.pi, -math.pi / 2)),
                           st.floats(-math.pi, math.pi)))
    dist = draw(st.floats(0.0, 12.0))
    bx, by = ax + dist * math.cos(angle), ay + dist * math.sin(angle)
    t = draw(st.floats(-0.2, 1.2))
    off = draw(st.floats(-3.0, 3.0))
    cx = ax + t * (bx - ax) - off * math.sin(angle)
    cy = ay + t * (by - ay) + off * math.cos(angle)
    if draw(st.booleans()):
        w, h = draw(st.floats(0.05, 8.0)), draw(st.floats(0.05, 8.0))
        piece = _piece("rect", cx - w / 2, cy - h / 2, w, h)
    else:
        piece = _piece("circle", cx, cy, draw(st.floats(0.05, 4.0)), 0.0)
    return ax, ay, ar, bx, by, br, piece


def _base_point(x, y, r, angle, frac):
    return x + r * frac * math.cos(angle), y + r * frac * math.sin(angle)


@settings(max_examples=300, deadline=None)
@given(case=bases_and_a_piece(), seed=st.integers(0, 2**32 - 1))
def test_a_piece_said_to_block_every_line_blocks_each_line_tried_one_by_one(case, seed):
    ax, ay, ar, bx, by, br, piece = case
    if not _blocks_every_line(piece, ax, ay, ar, bx, by, br):
        return  # "maybe not": the lines are tried one by one anyway
    assert _blocked_one_by_one(piece, ax, ay, ar, bx, by, br)
    # And any other line from a point of one base to a point of the other crosses it:
    # from the bases' rims straight across and crosswise (the widest lines), and at random.
    assert _blocked_one_by_one(piece, ax, ay, ar, bx, by, br, rims=(1.0, 0.999, 0.99))
    rng = random.Random(seed)
    for _ in range(30):
        p = _base_point(ax, ay, ar, rng.uniform(-math.pi, math.pi), math.sqrt(rng.random()))
        q = _base_point(bx, by, br, rng.uniform(-math.pi, math.pi), math.sqrt(rng.random()))
        assert piece.clip(*p, *q) is not None, (p, q)


def test_the_shortcut_holds_often_in_a_sweep_and_is_never_wrong():
    """The property above is not empty: over a seeded sweep the shortcut says "blocks
    every line" for many cases, each one checked line by line."""
    rng = random.Random(5)
    said = 0
    for _ in range(3000):
        ar, br = rng.choice(RADII), rng.choice(RADII)
        ax, ay = rng.uniform(5, 15), rng.uniform(5, 15)
        angle, dist = rng.uniform(-math.pi, math.pi), rng.uniform(0.0, 10.0)
        bx, by = ax + dist * math.cos(angle), ay + dist * math.sin(angle)
        t, off = rng.uniform(0.1, 0.9), rng.uniform(-1.5, 1.5)
        cx = ax + t * (bx - ax) - off * math.sin(angle)
        cy = ay + t * (by - ay) + off * math.cos(angle)
        if rng.random() < 0.5:
            w, h = rng.uniform(0.1, 6.0), rng.uniform(0.1, 6.0)
            piece = _piece("rect", cx - w / 2, cy - h / 2, w, h)
        else:
            piece = _piece("circle", cx, cy, rng.uniform(0.1, 3.0), 0.0)
        if _blocks_every_line(piece, ax, ay, ar, bx, by, br):
            said += 1
            assert _blocked_one_by_one(piece, ax, ay, ar, bx, by, br, rims=(1.0, 0.99)), (
                ax, ay, bx, by, piece)
    assert said > 300


# -- snap: y % 1.0 against int(y) ---------------------------------------------------------


def _bits(x) -> tuple[type, bytes]:
    return (type(x), struct.pack("d", x)) if isinstance(x, float) else (type(x), x)


near_ties = st.builds(lambda k, d: k / 10 + d, st.integers(-10_000, 10_000_100),
                      st.sampled_from((0.05, -0.05, 0.0, 0.049999, 0.050001, 0.0499999,
                                       0.0500001, 0.04999999999, 0.05000000001)))
hair = st.builds(lambda k, e: k / 20 + e, st.integers(-200, 2_000_010),
                 st.floats(-1e-6, 1e-6))


@settings(max_examples=600, deadline=None)
@given(value=st.one_of(near_ties, hair, st.floats(allow_nan=False),
                       st.floats(-50.0, 1e6 / 10 + 10), st.integers(-1000, 10**6),
                       st.sampled_from((0.0, -0.0, 0.05, -0.05, 0.04999999, 0.05000001,
                                        1e5, 99999.95, 99999.94999, 1e5 - 1e-9))))
def test_snap_gives_the_int_forms_value_sign_and_type(value):
    assert _bits(snap(value)) == _bits(plain.snap(value)), value
    assert _bits(snap(value)) == _bits(round(value, 1)), value


# -- bases far in y: movement and engagement ----------------------------------------------


ROSTER_A = (
    ("a0", boss("A Boss", base=50, actions=[BLADE, LONG_BLADE]), (4.0, 3.0)),
    ("a1", card("Blade", base=30, ht=1), (8.0, 3.0)),
    ("a2", card("Gunner", base=40, ht=3, actions=[GUN]), (12.0, 3.0)),
    ("a3", card("Rat", base=30, abilities=["Underfoot"]), (16.0, 3.0)),
    ("a4", card("Bird", base=40, abilities=["Flight"]), (20.0, 3.0)),
)
ROSTER_B = (
    ("b0", boss("B Boss", base=40), (4.0, 33.0)),
    ("b1", card("Brute", base=50, actions=[LONG_BLADE]), (8.0, 33.0)),
    ("b2", card("Tall", base=30, ht=3), (12.0, 33.0)),
    ("b3", card("Shooter", base=30, actions=[GUN]), (16.0, 33.0)),
    ("b4", card("Low", base=50, ht=1, abilities=["Underfoot"]), (20.0, 33.0)),
)
N = len(ROSTER_A) + len(ROSTER_B)
TRAITS = (("blocking",), ("dense", "severe"), ("impassable", "blocking"), ("severe",),
          ("impassable",), ("impassable", "climbable"), ("dense",))


@cache
def _board():
    """One game of ten models of both crews (bases 30 to 50 mm, engagement 0 to 2"): each
    example places them and the terrain anew."""
    return scene(list(ROSTER_A), list(ROSTER_B))


def _coordinate():
    return st.one_of(st.floats(12.0, 24.0),
                     st.integers(120, 240).map(lambda k: k / 10))


EDGE_EPS = (-2e-5, -2e-6, -1e-6, 0.0, 1e-6, 2e-6, 9e-6, 1e-5, 2e-5)
UP_DOWN = (math.pi / 2, -math.pi / 2, 0.0)


def _coordinate_of(rng: random.Random) -> float:
    return rng.uniform(12.0, 24.0) if rng.random() < 0.5 else rng.randint(120, 240) / 10


@st.composite
def boards(draw):
    """Places (some off the table, some Paralyzed), terrain, and pairs of bases set just
    about their reach apart, mostly one above the other (the y-skips' edge). Hypothesis
    draws the seed and the counts; the places come from the seed (cheap to draw, so the
    examples go to the computations)."""
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    places = [(_coordinate_of(rng), _coordinate_of(rng), rng.random() < 0.85,
               rng.random() < 0.12) for _ in range(N)]
    models = _board().state.models
    for _ in range(draw(st.integers(0, 4))):
        i, j = rng.sample(range(N), 2)
        extra = rng.choice((0.0, 1.0, 2.0)) + rng.choice(EDGE_EPS)
        angle = rng.choice(UP_DOWN) if rng.random() < 0.7 else rng.uniform(-math.pi, math.pi)
        d = models[i].r + models[j].r + extra
        x, y = places[i][:2]
        places[j] = (x + d * math.cos(angle), y + d * math.sin(angle), True, places[j][3])
    pieces = []
    for k in range(draw(st.integers(0, 3))):
        traits = frozenset(rng.choice(TRAITS))
        ht = rng.randint(1, 4)
        x, y = rng.uniform(11.0, 24.0), rng.uniform(11.0, 24.0)
        if rng.random() < 0.5:
            pieces.append(TerrainPiece(k + 1, "rect", x, y, rng.uniform(0.1, 5.0),
                                       rng.uniform(0.1, 5.0), ht, traits))
        else:
            pieces.append(TerrainPiece(k + 1, "circle", x, y, rng.uniform(0.2, 2.5), 0.0,
                                       ht, traits))
    return places, pieces


def _place(places, pieces) -> GameState:
    s = _board().state
    s.table = Table(pieces, "standard")
    for m, (x, y, in_play, paralyzed) in zip(s.models, places, strict=True):
        m.x, m.y, m.in_play = x, y, in_play
        m.conditions = {"paralyzed": 1} if paralyzed else {}
    s.moved()
    return s


def _same(fast, slow) -> bool:
    """Equal answers, floats to the bit."""
    if isinstance(fast, float) or isinstance(slow, float):
        return _bits(fast) == _bits(slow)
    if isinstance(fast, tuple | list):
        return len(fast) == len(slow) and all(_same(f, s) for f, s in zip(fast, slow,
                                                                           strict=True))
    return fast == slow


@settings(max_examples=300, deadline=None)
@given(board=boards())
def test_engagement_skipping_far_bases_finds_the_same_enemies(board):
    s = _place(*board)
    for m in s.models:
        if not m.in_play:
            continue
        assert s.engaged_with(m) == plain.engaged_with(s, m), m
        assert s._engaged(m) is plain._engaged(s, m), m


@settings(max_examples=300, deadline=None)
@given(board=boards(), mover=st.integers(0, N - 1),
       legs=st.lists(st.tuples(_coordinate(), _coordinate()), min_size=0, max_size=2),
       toward=st.integers(-1, N - 1), shift=st.sampled_from((0.0, -1e-6, 1e-6, -0.01)))
def test_path_cost_skipping_far_bases_gives_the_same_cost_and_reason(board, mover, legs,
                                                                     toward, shift):
    s = _place(*board)
    m = s.models[mover]
    if not m.in_play:
        return
    path = list(legs)
    if toward >= 0 and toward != mover:
        # Ending just about in base contact with another model (the end-of-path test's
        # edge), above or below it.
        o = s.models[toward]
        d = m.r + o.r + shift
        path.append((o.x, o.y + d if m.y > o.y else o.y - d))
    assert _same(s._path_cost(m, path), plain._path_cost(s, m, path)), path


@settings(max_examples=300, deadline=None)
@given(board=boards(), mover=st.integers(0, N - 1),
       angle=st.one_of(st.sampled_from((math.pi / 2, -math.pi / 2, 0.0, math.pi)),
                       st.floats(-math.pi, math.pi)),
       want=st.floats(0.0, 10.0), budget=st.floats(0.0, 12.0), toward=st.integers(-1, N - 1),
       shift=st.sampled_from((-0.01, -1e-6, 0.0, 1e-6, 1e-4, 0.001, 0.005, 0.0099, 0.03, 0.2)))
def test_reach_along_skipping_far_bases_goes_as_far(board, mover, angle, want, budget,
                                                    toward, shift):
    s = _place(*board)
    m = s.models[mover]
    if not m.in_play:
        return
    ux, uy = math.cos(angle), math.sin(angle)
    o = s.models[toward] if toward >= 0 else m
    if o is not m and o.in_play:
        # Straight up or down to just about base contact with another model (``shift``
        # past it): the way ends within a hair of a base about a reach away in y.
        m.x = o.x
        s.moved()
        uy = 1.0 if o.y > m.y else -1.0
        ux = 0.0
        want = abs(o.y - m.y) - m.r - o.r + shift
        budget += want
    fast = s.reach_along(m, m.x, m.y, ux, uy, want, budget)
    assert _same(fast, plain.reach_along(s, m, m.x, m.y, ux, uy, want, budget))


@settings(max_examples=300, deadline=None)
@given(board=boards(), pairs=st.lists(st.tuples(st.integers(0, N - 1),
                                                st.integers(0, N - 1)), min_size=1,
                                      max_size=6))
def test_line_of_sight_with_its_shortcuts_sees_what_every_line_tried_sees(board, pairs):
    s = _place(*board)
    for i, j in pairs:
        a, b = s.models[i], s.models[j]
        if i == j or not (a.in_play and b.in_play):
            continue
        args = (a.x, a.y, a.r, a.p.ht, b.x, b.y, b.r, b.p.ht, (a.idx, b.idx))
        assert s.los_between(*args) is plain.los_between(s, *args), (a, b)
