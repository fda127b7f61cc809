"""A commander's view keeps the game's state and Strategy as plain attributes, and
``default_blasts`` weighs its spots against the models near the target only: the same
answers as reading the game each time and weighing every model.
"""

from __future__ import annotations

import math

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.engine.simulation.actions import BLAST_RADIUS
from rules.engine.simulation.geometry import snap

from .scenes import boss, card, scene

_settings = settings(max_examples=60, deadline=None,
                     suppress_health_check=[HealthCheck.too_slow])


def plain_default_blasts(view, target_id: str, count: int):
    """``GameView.default_blasts`` as it was: every spot weighed against every model."""
    st = view.game.state
    target = st.model(target_id)
    best, best_score = 0.0, -math.inf
    for k in range(12):
        angle = math.pi * k / 6
        cx = target.x + math.cos(angle) * (target.r + BLAST_RADIUS)
        cy = target.y + math.sin(angle) * (target.r + BLAST_RADIUS)
        score = 0
        for m in st.models:
            if m.in_play and m is not target and \
                    math.hypot(m.x - cx, m.y - cy) <= m.r + BLAST_RADIUS:
                score += 1 if m.side != view.side else -2
        if score > best_score:
            best, best_score = angle, score
    out = []
    ax, ay, ar = target.x, target.y, target.r
    for _ in range(count):
        for hair in (0.05, 0.03, 0.07, 0.01, 0.09):
            dist = ar + BLAST_RADIUS + hair
            x = snap(ax + math.cos(best) * dist)
            y = snap(ay + math.sin(best) * dist)
            gap = math.hypot(x - ax, y - ay) - ar - BLAST_RADIUS
            if 0.0 <= gap <= 0.1:
                break
        out.append((x, y))
        ax, ay, ar = x, y, BLAST_RADIUS
    return tuple(out)


def test_the_view_reads_the_games_state_and_strategy():
    game = scene([("a-boss", boss(), (18.0, 4.0))], strategy="reckoning")
    view = game.views[0]
    assert view.state is game.state
    assert view.strategy == "reckoning" == game.setup.strategy
    game.ap = 2
    assert view.ap == 2  # the AP are still read from the game each time


def test_blasts_go_where_the_enemies_are():
    """The target with two enemies of the blaster's side beside it to the east and a
    friend to the west: the Markers go east."""
    game = scene([("a-boss", boss(), (4.0, 4.0)), ("a-1", card("Friend"), (16.6, 18.0))],
                 [("b-boss", boss("Target"), (18.0, 18.0)),
                  ("b-1", card("East One"), (20.6, 18.0)),
                  ("b-2", card("East Two"), (20.3, 19.4))])
    spots = game.views[0].default_blasts("b-boss", 2)
    assert spots == plain_default_blasts(game.views[0], "b-boss", 2)
    assert all(x > 18.0 for x, _ in spots)
    # The other side's view weighs the same models the other way round.
    assert game.views[1].default_blasts("b-boss", 1) == \
        plain_default_blasts(game.views[1], "b-boss", 1)


_spot = st.tuples(st.floats(13.0, 23.0), st.floats(13.0, 23.0))


@_settings
@given(spots=st.lists(st.tuples(_spot, st.sampled_from((30, 40, 50)), st.booleans()),
                      min_size=1, max_size=7),
       target_base=st.sampled_from((30, 40, 50)), count=st.integers(1, 3))
def test_default_blasts_match_weighing_every_model(spots, target_base, count):
    """Random models around the target (bases may even overlap: the shortcut must not
    rely on legal positions), some far off: the same Markers as weighing every model."""
    a = [("a-boss", boss(), (3.0, 3.0))]
    b = [("b-boss", boss("Target", base=target_base), (18.0, 18.0))]
    for i, (_, base, friendly) in enumerate(spots):
        # Deployed legally in a row, then set down where Hypothesis says.
        entry = (f"{'a' if friendly else 'b'}-{i + 1}", card(f"M{i}", base=base),
                 (3.0 + 3.0 * i, 30.0 if friendly else 33.0))
        (a if friendly else b).append(entry)
    game = scene(a, b)
    for i, ((x, y), _, friendly) in enumerate(spots):
        m = game.state.model(f"{'a' if friendly else 'b'}-{i + 1}")
        m.x, m.y = x, y
    game.state.moved()
    for view in game.views:
        assert view.default_blasts("b-boss", count) == \
            plain_default_blasts(view, "b-boss", count)
