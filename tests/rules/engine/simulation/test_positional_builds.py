"""Objects the engine builds with positional arguments are those the keyword builds give.

- ``Game.simple`` builds its ``Duelist`` positionally (keywords pass through a dict): the
  same Duelist as the keyword build of the same values, in every simple duel of a game.
- ``Casualty.of`` builds the Casualty positionally: the same Casualty as the keyword
  build, for every kill of a few games.
"""

from __future__ import annotations

from dataclasses import fields

import pytest

from rules.engine.duels import Duelist
from rules.engine.simulation import HeuristicCommander, engine
from rules.engine.simulation.engine import Game
from rules.engine.simulation.result import SIDE_KEYS, Casualty

from .builders import sample_setup


def _keyword_casualty(game, victim, by, cause, how, during_own, blast):
    """``Casualty.of`` as it was written, with keywords."""
    st = game.state
    own_action = by is not None and (by.p.action(cause) is not None
                                     or cause.endswith("(blast)"))
    noted = []
    for side in st.sides:
        for scheme in side.schemes:
            for role, idx in scheme.noted.items():
                if idx == victim.idx:
                    noted.append((side.key, scheme.key, role))
    return Casualty(
        model=victim.id,
        name=victim.name,
        side=SIDE_KEYS[victim.side],
        station=victim.p.station,
        characteristics=tuple(sorted(victim.p.characteristics)),
        cost=victim.p.cost,
        printed_cost=victim.p.printed_cost,
        is_leader=victim.p.is_leader,
        arrival=("summoned" if victim.idx in st.summoned_on
                 else "late" if victim.p.enters_on_turn else "deployed"),
        turn=st.turn,
        how=how,
        killer=None if by is None else by.id,
        killer_side=None if by is None else SIDE_KEYS[by.side],
        action=cause,
        by_effect="" if own_action else cause,
        during_own_activation=during_own,
        with_blast=blast,
        pools={s.key: s.pool for s in st.sides},
        noted_by=tuple(noted),
    )


def test_every_casualty_is_the_keyword_build(monkeypatch):
    positional = Casualty.of.__func__
    built = []

    def checked(cls, game, *args):
        casualty = positional(cls, game, *args)
        assert casualty == _keyword_casualty(game, *args)
        assert vars(casualty) == vars(_keyword_casualty(game, *args))
        built.append(casualty)
        return casualty

    monkeypatch.setattr(Casualty, "of", classmethod(checked))
    setup = sample_setup()
    for seed in range(1, 9):
        Game(setup, seed, (HeuristicCommander(), HeuristicCommander())).play()
    assert built


@pytest.mark.parametrize("stat", ["wp", "df", "ml"])
def test_a_simple_duels_duelist_is_the_keyword_build(monkeypatch, stat):
    seen = []
    real = engine.simple_duel

    def spy(duelist, *args, **kwargs):
        seen.append(duelist)
        return real(duelist, *args, **kwargs)

    monkeypatch.setattr(engine, "simple_duel", spy)
    game = Game(sample_setup(), 3, (HeuristicCommander(), HeuristicCommander()))
    game.setup_encounter()
    m = game.state.models[0]
    other = game.state.models[-1]
    trigger_source = next((a for a in m.p.actions if a.engine_triggers), None)
    triggers = trigger_source.engine_triggers if trigger_source is not None else ()
    builtin = trigger_source.suits if trigger_source is not None else ()
    game.state.sides[m.side].pool = 0  # no Soulstone asked for: ``soulstone`` is None
    game.next_twists[m.idx] = -1
    game.simple(m, stat, 0, 5, kind="test", other=other, action="A", focused=2,
                triggers=triggers, suits=(), builtin=builtin)
    (duelist,) = seen
    expected = Duelist(1, positive=0, negative=1 + (1 if m.p.talents.shaken
                                                    and stat in ("df", "wp") else 0),
                       bonus=game.wp_bonus(m) if stat == "wp" else 0,
                       can_use_soulstones=m.p.can_use_soulstones, soulstone=None,
                       focused=2, triggers=triggers, suits=builtin, name=m.name)
    assert duelist == expected
    for f in fields(Duelist):  # the derived ``fixed_suits`` too (not compared by ==)
        assert getattr(duelist, f.name) == getattr(expected, f.name), f.name
