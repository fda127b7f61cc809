"""The simulator's speed work changes nothing it plays: the fast grid rounding equals
``round``, remembered geometry is forgotten when a base moves, and a version's logs are
pinned (a change of play must come with a new ``SIM_VERSION``)."""

import hashlib
import json
import random

from rules.engine.malediction.sim import SIM_VERSION, HeuristicCommander, RandomCommander, simulate
from rules.engine.malediction.sim.board import grid
from rules.engine.malediction.sim.sample import sample_match

from .scenes import card, scene

#: sha256 of the logs of seeds 0-3, heuristic against heuristic and against random (the
#: simulator version left out), per simulator version.
LOG_DIGESTS = {
    "1.1.0": "6f70260e140cbb56505b9c931398f558827aea0c28596a1f91ce5adf17d259e9",
}


def test_grid_rounds_exactly_as_round_does():
    rng = random.Random(7)
    values = [rng.uniform(-3.0, 50.0) for _ in range(20000)]
    values += [k / 20 for k in range(-40, 1000)]  # exact binary halves: ties to even
    values += [k / 100 + e for k in range(-100, 5000) for e in (0.0, 1e-12, -1e-12)]
    values += [0.0, -0.0, -0.04, 0.04, 0.05, 0.15, 0.25, 2.675, 1e7 + 0.05]
    for v in values:
        assert repr(grid(v)) == repr(round(v, 1)), v


def test_engagement_and_nearby_bases_follow_a_move():
    g = scene([(card("Near"), 0, 10, 10), (card("Foe"), 1, 11.5, 10)])
    a, foe = g.units
    assert g.engaged_enemies(a) == [foe] and g.is_engaged(foe)
    assert g.circles_near(a, 5) == [(foe.x, foe.y, foe.r)]
    a.x = 20.0
    g.moved()
    assert g.engaged_enemies(a) == [] and not g.is_engaged(foe)
    assert g.circles_near(a, 5) == []


def test_this_versions_logs_are_pinned():
    match = sample_match()
    digest = hashlib.sha256()
    for seed in range(4):
        for against in (False, True):
            if against:
                commanders = [RandomCommander(seed), RandomCommander(seed)]
                commanders[seed % 2] = HeuristicCommander()
            else:
                commanders = [HeuristicCommander(), HeuristicCommander()]
            log = dict(simulate(match, seed, commanders).log)
            log.pop("simulator")
            digest.update(json.dumps(log, sort_keys=True, separators=(",", ":")).encode())
    assert SIM_VERSION in LOG_DIGESTS, "a new simulator version: pin its logs here"
    assert digest.hexdigest() == LOG_DIGESTS[SIM_VERSION], (
        "the same input and seed play differently: bump SIM_VERSION")


def test_a_move_found_clear_is_checked_again_once_a_base_moves_into_its_way():
    g = scene([(card("Walker"), 0, 10, 10), (card("Other"), 0, 20, 20)])
    walker, other = g.units
    end = g.step_toward(walker, 14, 10, 5)
    assert end is not None and g.move_ok(walker, *end, 5) is None
    other.x, other.y = end
    g.moved()
    assert "does not fit" in g.move_ok(walker, *end, 5)
