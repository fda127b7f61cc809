"""The per-game fast paths outside the turns give what the plain computations give.

- ``generate_layout`` writes ``snap``, the size draws, ``_Draft`` and ``_fits`` out (and
  makes the empty table's zones and Strategy points once per deployment): the same
  layouts as a plain generator built from ``random``'s own calls, ``_size_for``,
  ``snap`` and ``_fits``, for any seed, density and deployment.
- ``deployment_spots`` tests only the impassable pieces whose box comes within a base of
  the zone's box: the same spots as testing every impassable piece.
- ``Game.activations`` counts the Activations as they begin: the number of "act" events.
- ``Game.ask`` and the duel decisions write answers through ``codec.ENCODERS`` or inline:
  what ``codec.encode`` writes.
"""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engine.cards import Card
from rules.engine.simulation import HeuristicCommander, simulate
from rules.engine.simulation.codec import CODECS, ENCODERS, encode
from rules.engine.simulation.engine import Game, _Recorded
from rules.engine.simulation.errors import InvalidEncounterInput
from rules.engine.simulation.geometry import TABLE_SIZE, side_of_line, snap
from rules.engine.simulation.moves import _zone_grid, deployment_spots
from rules.engine.simulation.table import (
    DEPLOYMENTS,
    PIECE_TYPES,
    TRAITS,
    Table,
    TerrainPiece,
    Zone,
    _Draft,
    _fits,
    _Placed,
    _size_for,
    deployment_geometry,
    generate_layout,
)

from .builders import sample_setup

# -- the layout generator -----------------------------------------------------------------


def _plain_layout(seed: int, density: float, deployment: str,
                  max_pieces: int = 40) -> tuple[TerrainPiece, ...]:
    """The generator as plainly written: ``random``'s own calls, ``_size_for``, ``snap``,
    a ``_Draft`` per candidate and ``_fits``."""
    rng = random.Random(seed)
    table = Table((), deployment)
    keep_clear = table.squat_points()
    target = density * TABLE_SIZE * TABLE_SIZE
    covered, pieces, placed, misses = 0.0, [], _Placed(), 0
    while covered < target and len(pieces) < max_pieces and misses < 80:
        misses += 1
        name, shape, traits, (ht_low, ht_high) = PIECE_TYPES[rng.randrange(len(PIECE_TYPES))]
        w, h = _size_for(name, rng)
        if shape == "rect":
            x, y = snap(rng.uniform(0, TABLE_SIZE - w)), snap(rng.uniform(0, TABLE_SIZE - h))
        else:
            x, y = snap(rng.uniform(w, TABLE_SIZE - w)), snap(rng.uniform(w, TABLE_SIZE - w))
        ht = rng.randint(ht_low, ht_high)
        if not _fits(_Draft(shape, x, y, w, h, traits), placed, table, keep_clear):
            continue
        piece = TerrainPiece(len(pieces), shape, x, y, w, h, ht, traits, name)
        misses = 0
        pieces.append(piece)
        placed.add(piece)
        covered += piece.area
    return tuple(pieces)


def _same_layout(seed: int, density: float, deployment: str) -> None:
    fast = generate_layout(seed, density=density, deployment=deployment)
    plain = _plain_layout(seed, density, deployment)
    assert [p.to_dict() for p in fast] == [p.to_dict() for p in plain]
    # The very same floats and types (to_dict would hide 1 against 1.0).
    assert [(type(p.x), type(p.y), type(p.w), type(p.h)) for p in fast] == \
        [(type(p.x), type(p.y), type(p.w), type(p.h)) for p in plain]


def test_layouts_of_the_first_seeds_are_the_plain_generators():
    for seed in range(12):
        for deployment in DEPLOYMENTS:
            for density in (0.0, 0.1, 0.3, 0.5):
                _same_layout(seed, density, deployment)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), density=st.floats(0.0, 0.5),
       deployment=st.sampled_from(DEPLOYMENTS))
def test_any_layout_is_the_plain_generators(seed, density, deployment):
    _same_layout(seed, density, deployment)


def test_positions_near_the_table_edge_are_snapped_by_round():
    """Positions below 0.05" go to ``round`` (the tenth is not read off ``t`` there):
    layouts holding a piece at x 0 and at y 0 are the plain generator's."""
    seen = {"x": 0, "y": 0}
    for seed in range(400):
        for deployment in DEPLOYMENTS:
            fast = generate_layout(seed, density=0.5, deployment=deployment)
            at = {axis for p in fast if p.shape == "rect"
                  for axis, v in (("x", p.x), ("y", p.y)) if v < 0.05}
            if at - {axis for axis, n in seen.items() if n >= 2}:
                _same_layout(seed, 0.5, deployment)
                for axis in at:
                    seen[axis] += 1
        if min(seen.values()) >= 2:
            break
    assert min(seen.values()) >= 2


# -- deployment spots ---------------------------------------------------------------------


def _plain_spots(table: Table, zone, radius: float = 1.0, spacing: float = 2.2):
    return [(x, y) for x, y, rx, ry in _zone_grid(zone, radius, spacing, table.centre)
            if not any(p.point_dist(rx, ry) < radius for p in table.impassable)]


def _spots_agree(pieces, deployment: str) -> None:
    table = Table(pieces, deployment)
    state = SimpleNamespace(table=table)
    for zone in table.zones:
        assert deployment_spots(state, zone) == _plain_spots(table, zone)


def _piece(i, shape, x, y, w, h=0.0, traits=("impassable",)):
    return TerrainPiece(i, shape, x, y, w, h if shape == "rect" else 0.0, 2, frozenset(traits))


def test_spots_beside_impassable_pieces_at_the_zone_edge():
    # A standard zone 0 is y 0..6: pieces inside, touching, a hair beyond a base's
    # reach and far off; rectangles and circles.
    cases = [
        [_piece(0, "rect", 10.0, 5.5, 2.0, 2.0)],     # overlaps the zone's top edge
        [_piece(0, "rect", 10.0, 6.9, 2.0, 2.0)],     # 0.9" off the zone: spots within 1"
        [_piece(0, "rect", 10.0, 7.0, 2.0, 2.0)],     # exactly a base off the zone
        [_piece(0, "rect", 10.0, 7.5, 2.0, 2.0)],     # beyond every spot's reach
        [_piece(0, "circle", 5.0, 3.0, 1.5)],         # inside the zone
        [_piece(0, "circle", 20.0, 7.8, 1.0)],        # its box 0.8" off the zone
        [_piece(0, "rect", 0.0, 0.0, 0.5, 36.0)],     # a wall along the west edge
        [_piece(0, "rect", 17.0, 17.0, 2.0, 2.0)],    # the centre, far from both zones
        [_piece(0, "rect", 10.0, 5.5, 2.0, 2.0, ("severe",))],  # not impassable
        [_piece(0, "rect", 10.0, 3.5, 2.0, 2.0)],     # among the spots of zone 0
        [_piece(0, "rect", 10.0, 31.0, 2.0, 2.0)],    # among the spots of zone 1
        [_piece(0, "circle", 1.5, 20.0, 1.0)],        # among the spots of a flank zone
        [_piece(0, "circle", 33.0, 33.0, 1.0), _piece(1, "rect", 3.0, 2.0, 1.0, 1.0)],
    ]
    for pieces in cases:
        for deployment in DEPLOYMENTS:
            _spots_agree(pieces, deployment)


def test_spots_on_generated_tables():
    for seed in range(20):
        for deployment in DEPLOYMENTS:
            _spots_agree(generate_layout(seed, density=0.5, deployment=deployment), deployment)


@settings(max_examples=300, deadline=None)
@given(deployment=st.sampled_from(DEPLOYMENTS),
       pieces=st.lists(st.tuples(st.sampled_from(("rect", "circle")),
                                 st.floats(0.0, 34.0), st.floats(0.0, 34.0),
                                 st.floats(0.3, 6.0), st.floats(0.3, 6.0)),
                       max_size=6))
def test_spots_beside_any_impassable_pieces(deployment, pieces):
    _spots_agree([_piece(i, shape, x, y, w, h) for i, (shape, x, y, w, h) in enumerate(pieces)],
                 deployment)


# -- the activation count and the decision log -----------------------------------------------


def test_the_activation_count_is_the_number_of_act_events():
    setup = sample_setup()
    for seed in (1, 2, 3):
        game = Game(setup, seed, (HeuristicCommander(), HeuristicCommander()))
        result = game.play()
        acts = sum(1 for e in game.log.events if e[0] == "act")
        assert acts > 0
        assert game.activations == acts == result.activations
    played = simulate(setup, seed=4)
    assert played.activations == sum(1 for e in played.log["events"] if e[0] == "act")


def test_every_tags_encoder_is_the_codecs():
    assert set(ENCODERS) == set(CODECS)
    for tag, (encoder, _) in CODECS.items():
        assert ENCODERS[tag] is encoder


class _Answers:
    """Duel and damage decisions that give the one answer they hold."""

    def __init__(self, answer):
        self.answer = answer

    def choose_card(self, allowed, view):
        return self.answer

    def cheat(self, view):
        return self.answer

    def choose_damage_card(self, allowed, track):
        return self.answer

    def cheat_damage(self, hand, current, track):
        return self.answer


def test_card_answers_written_inline_are_what_encode_writes():
    for answer in (Card.parse("13R"), Card.parse("1T"), None):
        game = SimpleNamespace(decisions=[])
        recorded = _Recorded(game, 1, _Answers(answer))
        assert recorded.choose_card((), None) is answer
        assert recorded.cheat(None) is answer
        assert recorded.choose_damage_card((), None) is answer
        assert recorded.cheat_damage((), None, None) is answer
        assert game.decisions == [[1, tag, encode(tag, answer)]
                                  for tag in ("ch", "ct", "dch", "dct")]


def test_a_tables_zones_in_its_dict_are_rounded_fresh_lists():
    for deployment in DEPLOYMENTS:
        table = Table(generate_layout(3, deployment=deployment), deployment)
        first = table.to_dict()
        assert first["zones"] == [[[round(x, 2), round(y, 2)] for x, y in z.polygon]
                                  for z in table.zones]
        first["zones"][0][0][0] = -1.0
        first["zones"][1].append([0.0, 0.0])
        assert table.to_dict()["zones"] == [[[round(x, 2), round(y, 2)] for x, y in z.polygon]
                                            for z in table.zones]


def test_a_tables_zones_and_centerline_are_its_deployments():
    """Tables share their deployment's zones, Centerline and side of it (made once)."""
    for deployment in DEPLOYMENTS:
        z0, z1, line = deployment_geometry(deployment)
        table = Table(generate_layout(5, deployment=deployment), deployment)
        assert table.zones == (Zone(0, z0), Zone(1, z1))
        assert [z.rect for z in table.zones] == [Zone(0, z0).rect, Zone(1, z1).rect]
        assert table.centerline == line
        assert table._zone0_side == (side_of_line(Zone(0, z0).centroid(), *line) > 0)
        assert table.half_of(*table.zones[0].centroid()) == 0
        assert table.half_of(*table.zones[1].centroid()) == 1
    with pytest.raises(InvalidEncounterInput):
        Table((), "diagonal")


# -- terrain pieces ------------------------------------------------------------------------


def _plain_box(shape, x, y, w, h):
    if shape == "rect":
        return (x, y, x + w, y + h)
    return (x - w, y - w, x + w, y + w)


@settings(max_examples=200, deadline=None)
@given(shape=st.sampled_from(("rect", "circle")), x=st.floats(0.0, 36.0),
       y=st.floats(0.0, 36.0), w=st.floats(0.1, 10.0), h=st.floats(0.1, 10.0),
       traits=st.frozensets(st.sampled_from(sorted(TRAITS))))
def test_a_pieces_box_hash_and_equality_are_those_of_its_fields(shape, x, y, w, h, traits):
    """A piece is not frozen (cheaper to make), with the eq and hash a frozen one had."""
    piece = TerrainPiece(1, shape, x, y, w, h, 2, traits, "p")
    assert (piece.x0, piece.y0, piece.x1, piece.y1) == _plain_box(shape, x, y, w, h)
    twin = TerrainPiece(1, shape, x, y, w, h, 2, list(traits), "p")
    assert type(twin.traits) is frozenset
    assert twin == piece and hash(twin) == hash(piece)
    assert hash(piece) == hash((1, shape, x, y, w, h, 2, traits, "p"))
    assert TerrainPiece(2, shape, x, y, w, h, 2, traits, "p") != piece


def test_a_bad_piece_is_refused_as_before():
    with pytest.raises(InvalidEncounterInput, match="shape must be rect or circle"):
        TerrainPiece(0, "hex", 1.0, 1.0, 1.0, 1.0, 0, frozenset())
    with pytest.raises(InvalidEncounterInput, match="size must be positive"):
        TerrainPiece(0, "rect", 1.0, 1.0, 1.0, 0.0, 0, frozenset())
    with pytest.raises(InvalidEncounterInput) as err:
        TerrainPiece(0, "rect", 1.0, 1.0, 1.0, 1.0, 0, ["severe", "lava", "acid"])
    assert str(err.value) == (f"Terrain 0: unknown traits ['acid', 'lava']; "
                              f"use {sorted(TRAITS)}.")
