"""The commander's first look at a tactical action (``_could_help``), written without
closures, answers as the plain version did: for every kind of effect, every ``who``,
any reach, and any models around (wounded or not, with Conditions or not, in play or
not).
"""

from __future__ import annotations

import math
from types import SimpleNamespace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.engine.simulation.commanders.heuristic import _BANE, _could_help

from .scenes import boss, card, scene

_settings = settings(max_examples=50, deadline=None,
                     suppress_health_check=[HealthCheck.too_slow])


def plain_could_help(view, m, effect, reach: float) -> bool:
    """``_could_help`` as it was, with a closure per kind."""
    kind = effect.kind
    if kind == "draw":
        return False
    if kind == "heal":
        def helps(o):
            return o.side == m.side and o.wounds < o.p.wd
    elif kind == "remove":
        def helps(o):
            return bool(o.conditions)
    elif kind == "gain":
        bane = effect.name in _BANE

        def helps(o):
            return (o.side != m.side) == bane
    else:
        return True
    if effect.who == "self":
        return helps(m)
    distance = (reach if effect.area in ("range", "") else effect.distance) + 1e-6
    for o in view.state.models:
        if not o.in_play:
            continue
        gap = math.hypot(m.x - o.x, m.y - o.y) - m.r - o.r
        if (gap if gap > 0.0 else 0.0) <= distance and helps(o):
            return True
    return False


_effects = st.builds(
    SimpleNamespace,
    kind=st.sampled_from(("heal", "remove", "gain", "draw", "damage", "summon")),
    who=st.sampled_from(("self", "friendly", "enemy", "any", "target")),
    name=st.sampled_from(("burning", "poison", "slow", "focused", "shielded", "fast")),
    area=st.sampled_from(("", "range", "within")),
    distance=st.floats(0.0, 12.0))

_others = st.lists(st.tuples(st.floats(1.0, 35.0), st.floats(1.0, 35.0), st.booleans(),
                             st.integers(0, 5), st.booleans(), st.booleans()),
                   min_size=0, max_size=6)


@_settings
@given(effect=_effects, reach=st.floats(0.0, 12.0), others=_others,
       own_wounds=st.integers(0, 5), own_conditions=st.booleans())
def test_could_help_answers_as_the_plain_version(effect, reach, others, own_wounds,
                                                  own_conditions):
    a = [("a-boss", boss(), (18.0, 18.0))]
    b = [("b-boss", boss("Far Boss"), (18.0, 34.0))]
    for i, (_, _, friendly, _, _, _) in enumerate(others):
        entry = (f"{'a' if friendly else 'b'}-{i + 1}", card(f"M{i}"),
                 (3.0 + 3.0 * i, 2.0 if friendly else 30.0))
        (a if friendly else b).append(entry)
    game = scene(a, b)
    state = game.state
    m = state.model("a-boss")
    m.wounds -= own_wounds
    if own_conditions:
        m.conditions["focused"] = 1
    for i, (x, y, friendly, hurt, conditioned, in_play) in enumerate(others):
        o = state.model(f"{'a' if friendly else 'b'}-{i + 1}")
        o.x, o.y = x, y
        o.wounds -= hurt
        o.in_play = in_play
        if conditioned:
            o.conditions["slow"] = 1
    state.moved()
    view = game.views[0]
    assert _could_help(view, m, effect, reach) == plain_could_help(view, m, effect, reach)


def test_could_help_hand_built():
    game = scene([("a-boss", boss(), (18.0, 18.0)), ("a-1", card("Friend"), (22.0, 18.0))],
                 [("b-boss", boss("Far Boss"), (18.0, 34.0))])
    view, m = game.views[0], game.state.model("a-boss")
    friend = game.state.model("a-1")
    heal = SimpleNamespace(kind="heal", who="friendly", name="", area="", distance=0.0)
    assert not _could_help(view, m, heal, 6.0)  # nobody is wounded
    friend.wounds -= 2
    assert _could_help(view, m, heal, 6.0)
    assert not _could_help(view, m, heal, 1.0)  # the wounded friend is out of reach
    burn = SimpleNamespace(kind="gain", who="enemy", name="burning", area="", distance=0.0)
    assert not _could_help(view, m, burn, 6.0)  # no enemy within 6"
    assert _could_help(view, m, burn, 16.0)
    boon = SimpleNamespace(kind="gain", who="self", name="focused", area="", distance=0.0)
    assert _could_help(view, m, boon, 0.0)


def test_could_help_removal_reads_any_side():
    """Ending a Condition may be worth it on a model of either side (the worth weighs
    which): an enemy with one in reach is enough for the first look."""
    game = scene([("a-boss", boss(), (18.0, 18.0))],
                 [("b-boss", boss("Far Boss"), (18.0, 34.0)), ("b-1", card("Foe"), (22.0, 18.0))])
    view, m = game.views[0], game.state.model("a-boss")
    remove = SimpleNamespace(kind="remove", who="any", name="", area="", distance=0.0)
    assert not _could_help(view, m, remove, 6.0)
    game.state.model("b-1").conditions["burning"] = 1
    assert _could_help(view, m, remove, 6.0)
    assert _could_help(view, m, remove, 6.0) == plain_could_help(view, m, remove, 6.0)
