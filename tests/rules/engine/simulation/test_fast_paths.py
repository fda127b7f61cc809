"""The simulator's shortcuts that must give the plain computation's answers: the detour
search that leaves out waypoints it would skip, the deck shuffle and the terrain
generator with ``Random``'s draws written out, and the commander's odds without the suit
odds."""

from __future__ import annotations

import hashlib
import json
import math
import random

from rules.engine.deck import _shuffle
from rules.engine.odds import DuelistSpec, DuelSpec, duel_odds, hit_odds
from rules.engine.simulation import Game, HeuristicCommander
from rules.engine.simulation.geometry import snap
from rules.engine.simulation.moves import _gap, furthest_toward, path_toward
from rules.engine.simulation.table import generate_layout

from .builders import sample_setup


def _all_waypoints(state, m, goal):
    """Every waypoint, snapped and sorted (the search before it left any out)."""
    r, mx, my, (gx, gy) = m.r, m.x, m.y, goal
    lo_x, hi_x = min(mx, gx) - 3, max(mx, gx) + 3
    lo_y, hi_y = min(my, gy) - 3, max(my, gy) + 3
    pad = r + 0.25
    points = []
    for p in state.table.impassable:
        if not (p.x1 < lo_x or p.x0 > hi_x or p.y1 < lo_y or p.y0 > hi_y):
            points += [(p.x0 - pad, p.y0 - pad), (p.x1 + pad, p.y0 - pad),
                       (p.x0 - pad, p.y1 + pad), (p.x1 + pad, p.y1 + pad)]
    d = math.hypot(gx - mx, gy - my) or 1.0
    nx, ny = -(gy - my) / d, (gx - mx) / d
    for o in sorted((o for o in state.models if o.in_play and o is not m
                     and lo_x <= o.x <= hi_x and lo_y <= o.y <= hi_y), key=lambda o: o.idx):
        side = r + o.r + 0.3
        points += [(o.x + nx * side, o.y + ny * side), (o.x - nx * side, o.y - ny * side)]
    high = state.table.size - r
    keyed = []
    for x, y in points:
        if r <= x <= high and r <= y <= high:
            sx, sy = snap(x), snap(y)
            keyed.append((math.hypot(sx - mx, sy - my) + math.hypot(sx - gx, sy - gy),
                          len(keyed), (sx, sy)))
    return [p for _, _, p in sorted(keyed)]


def _plain_path_toward(state, m, goal, budget, *, stop=0.0, detours=6):
    """``path_toward`` trying every waypoint in order (its bounds end the search)."""
    direct = furthest_toward(state, m, goal[0], goal[1], budget, stop=stop)
    best_path = (direct,) if direct is not None else None
    best_gap = _gap(direct, goal) if direct is not None else _gap((m.x, m.y), goal)
    wanted = min(budget, _gap((m.x, m.y), goal) - stop)
    moved = _gap(direct, (m.x, m.y)) if direct is not None else 0.0
    if moved >= wanted - 0.3 or best_gap <= stop + 0.3 or detours <= 0:
        return best_path
    tried = 0
    for wp in _all_waypoints(state, m, goal):
        if tried >= detours:
            break
        lead = math.hypot(wp[0] - m.x, wp[1] - m.y)
        if lead + _gap(wp, goal) - budget - 0.1 >= best_gap - 0.2:
            break
        if lead >= budget or lead < 0.3:
            continue
        tried += 1
        cost, _ = state.path_cost(m, (wp,))
        if cost is None or cost > budget:
            continue
        if _gap(wp, goal) - (budget - cost) - 0.1 >= best_gap - 0.2:
            continue
        rest = furthest_toward(state, m, goal[0], goal[1], budget, stop=stop, via=(wp,))
        path = (wp, rest) if rest is not None else (wp,)
        gap = _gap(path[-1], goal)
        if gap < best_gap - 0.2:
            best_gap, best_path = gap, path
    return best_path


def test_path_toward_finds_the_path_of_the_search_over_every_waypoint():
    rng = random.Random(5)
    detoured = 0
    for seed in range(6):
        game = Game(sample_setup(density=0.45), seed, (HeuristicCommander(),
                                                       HeuristicCommander()))
        game.setup_encounter()
        st = game.state
        models = [m for m in st.models if m.in_play]
        for m in models:  # scatter the crews over the table, keeping every base legal
            for _ in range(50):
                x, y = snap(rng.uniform(2, 34)), snap(rng.uniform(2, 34))
                if not st.standing_problem(m, x, y):
                    m.x, m.y = x, y
                    st.moved()
                    break
        for _ in range(120):
            m = rng.choice(models)
            other = rng.choice(models)
            goal = (other.x, other.y) if other is not m else (rng.uniform(0, 36),
                                                              rng.uniform(0, 36))
            budget = rng.choice((4.0, 5.0, 6.0, 8.0))
            stop = rng.choice((0.0, 1.0, 2.5))
            for detours in (6, 2):
                fast = path_toward(st, m, goal, budget, stop=stop, detours=detours)
                assert fast == _plain_path_toward(st, m, goal, budget, stop=stop,
                                                  detours=detours)
                detoured += fast is not None and len(fast) == 2
    assert detoured > 20  # the scenes do call for detours


def test_deck_shuffle_draws_as_random_shuffle():
    for seed in range(200):
        cards = list(range(seed % 60))
        plain = list(cards)
        rng, other = random.Random(seed), random.Random(seed)
        for _ in range(3):
            _shuffle(rng, cards)
            other.shuffle(plain)
            assert cards == plain
        assert rng.random() == other.random()  # the same draws were used up


def test_hit_odds_are_duel_odds_win_and_damage():
    rng = random.Random(11)
    tracks = ((1, 2, 3), (2, 3, 5), (1, 3, 4), (0, 1, 2))
    for _ in range(40):
        attacker = DuelistSpec(rng.randint(3, 7), positive=rng.randint(0, 2),
                               negative=rng.randint(0, 2), focused=rng.randint(0, 1))
        defender = DuelistSpec(rng.randint(3, 7), negative=rng.randint(0, 1),
                               defensive=rng.randint(0, 2))
        spec = DuelSpec(attacker, defender, tn=rng.choice((None, 10, 12)),
                        damage=rng.choice(tracks), hard_to_wound=rng.randint(0, 2))
        full = duel_odds(spec)
        assert hit_odds(spec) == (full.p_win, full.damage)
    no_track = DuelSpec(DuelistSpec(5), DuelistSpec(5))
    assert hit_odds(no_track) == (duel_odds(no_track).p_win, None)


def test_generated_layouts_are_those_of_simulator_1_3():
    """The generator draws straight from ``getrandbits``: the layouts (and so every
    logged game of this version) stay what they were."""
    layouts = [[p.to_dict() for p in generate_layout(seed, density=density, deployment=kind)]
               for seed in range(40) for density in (0.1, 0.3, 0.5)
               for kind in ("standard", "corner", "flank", "close")]
    digest = hashlib.sha256(json.dumps(layouts).encode()).hexdigest()
    assert digest == "d7e0744023c3973d0ce70d6a4be3c7a21ad2d825fd8eeb704f0ef99ee410986a"


def test_a_setups_dict_is_a_fresh_copy_of_the_plain_one():
    setup = sample_setup()
    first = setup.to_dict()
    assert first == setup._to_dict()
    first["crews"][0]["models"][0]["card"]["name"] = "changed"
    assert setup.to_dict() == setup._to_dict()  # a copy: the change did not stick
    assert type(setup).from_dict(setup.to_dict()) == setup


# -- the commander's ceilings ------------------------------------------------------------


def _bench_games(seeds):
    """Games of the bench's two crews (their cards carry tactical actions), played to the
    end with heuristic commanders."""
    from bench.bench_simulator import _pack, setups

    encounters = setups(_pack())
    for seed in seeds:
        yield Game(encounters[seed % len(encounters)], seed,
                   (HeuristicCommander(), HeuristicCommander()))


def _scattered_scenes(seeds, density=0.45):
    """Games set up, their crews scattered over the table (every base legal)."""
    rng = random.Random(17)
    for seed in seeds:
        game = Game(sample_setup(density=density), seed, (HeuristicCommander(),
                                                          HeuristicCommander()))
        game.setup_encounter()
        st = game.state
        models = [m for m in st.models if m.in_play]
        for m in models:
            for _ in range(50):
                x, y = snap(rng.uniform(2, 34)), snap(rng.uniform(2, 34))
                if not st.standing_problem(m, x, y):
                    m.x, m.y = x, y
                    st.moved()
                    break
        yield st, models, rng


def test_a_two_leg_path_costs_the_same_after_its_first_leg_alone():
    """``path_cost`` of (waypoint, end) takes the first leg's cost from the one-leg path
    weighed before: the same answer as weighed from nothing, and none kept past a move."""
    checked = reused = 0
    for st, models, rng in _scattered_scenes(range(4)):
        for _ in range(150):
            m = rng.choice(models)
            wp = (snap(m.x + rng.uniform(-5, 5)), snap(m.y + rng.uniform(-5, 5)))
            end = (snap(wp[0] + rng.uniform(-5, 5)), snap(wp[1] + rng.uniform(-5, 5)))
            st.moved()  # nothing kept
            plain = st.path_cost(m, (wp, end))
            st.moved()
            first = st.path_cost(m, (wp,))
            assert st.path_cost(m, (wp, end)) == plain
            checked += 1
            reused += first[0] is not None
    assert checked == 600 and reused > 100


def test_a_two_leg_path_sees_a_base_moved_onto_its_first_leg():
    st, models, _ = next(_scattered_scenes([1], density=0.0))
    m, other = models[0], models[1]
    m.x, m.y = 10.0, 10.0
    other.x, other.y = 30.0, 30.0
    st.moved()
    wp, end = (15.0, 10.0), (15.0, 14.0)
    for o in models[2:]:
        o.x, o.y = 3.0 + 2.5 * o.idx % 30, 33.0
    st.moved()
    assert st.path_cost(m, (wp,))[0] is not None
    assert st.path_cost(m, (wp, end))[0] is not None
    other.x, other.y = 12.5, 10.0  # onto the first leg
    st.moved()
    cost, reason = st.path_cost(m, (wp, end))
    assert cost is None and "in the way" in reason


def test_a_base_a_detour_goes_around_blocks_the_leg_as_path_cost_finds():
    from rules.engine.simulation.moves import _base_in_the_way, _waypoints

    blocked = 0
    for st, models, rng in _scattered_scenes(range(4)):
        for _ in range(100):
            m = rng.choice(models)
            goal = (rng.uniform(0, 36), rng.uniform(0, 36))
            talents = m.p.talents
            for _, wp, beside in _waypoints(st, m, goal, 8.0, 30.0):
                # ``path_toward`` asks only where ``path_cost`` tests that base.
                if beside is None or talents.flight or talents.incorporeal or (
                        talents.underfoot and beside.side == m.side):
                    continue
                if _base_in_the_way(m, wp, beside):
                    blocked += 1
                    assert st.path_cost(m, (wp,))[0] is None
                if st.path_cost(m, (wp,))[0] is not None:
                    assert not _base_in_the_way(m, wp, beside)
    assert blocked > 20
