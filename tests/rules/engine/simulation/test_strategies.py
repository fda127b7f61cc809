"""The five Standard Strategies scored on hand-built positions (rulebook CH 4, TURF WAR,
RECKONING, RECONNOITER, SQUATTER'S RIGHTS, STAKE A CLAIM, EARNING VP FROM STRATEGIES).

Standard Deployment: crew A deploys along the south edge (y <= 6), crew B along the north
edge; the Centerline is y = 18.
"""

from __future__ import annotations

import pytest

from rules.engine.simulation.commands import Interact

from .scenes import act, boss, card, scene


def _vp(game, side: int = 0) -> int:
    return game.state.sides[side].score.strategy_total


PEON = card("Peon", station="peon", cost=2)


def test_turf_war_needs_two_non_peon_models_within_6_inches_of_the_marker():
    game = scene([("boss", boss(), (18.0, 24.0)), ("a1", card(), (24.0, 18.0)),
                  ("peon", PEON, (12.0, 18.0))], strategy="turf-war")
    assert len(game.state.markers_of("turf")) == 1
    game.scoring.end_of_turn(2)
    assert _vp(game) == 1  # the boss (5.4" away) and a1 count; the Peon does not
    game.state.model("boss").y = 30.0
    game.scoring.end_of_turn(3)
    assert _vp(game) == 1


def test_strategies_score_only_from_the_end_of_turn_two():
    game = scene([("boss", boss(), (18.0, 20.0)), ("a1", card(), (20.0, 18.0))],
                 strategy="turf-war")
    game.scoring.end_of_turn(1)
    assert _vp(game) == 0
    game.scoring.end_of_turn(2)
    assert _vp(game) == 1


def test_both_crews_can_score_turf_war_in_the_same_turn():
    game = scene([("boss", boss(), (18.0, 14.0)), ("a1", card(), (16.0, 16.0))],
                 [("bb", boss(), (18.0, 22.0)), ("b1", card(), (20.0, 20.0))],
                 strategy="turf-war")
    game.scoring.end_of_turn(2)
    assert (_vp(game, 0), _vp(game, 1)) == (1, 1)


def test_reckoning_two_kills_in_a_turn_or_an_empty_enemy_crew_one_vp_at_most():
    game = scene([("boss", boss(), (10.0, 10.0))], strategy="reckoning")
    st = game.state
    st.sides[0].kills_this_turn = 1
    game.scoring.end_of_turn(2)
    assert _vp(game) == 0
    st.sides[0].kills_this_turn = 2
    game.scoring.end_of_turn(2)
    assert _vp(game) == 1
    st.model("b-boss").in_play = False  # the enemy crew has no models in play
    game.scoring.end_of_turn(3)
    assert _vp(game) == 2  # still 1 VP for that Turn, not 2


def test_reconnoiter_controls_quarters_with_the_most_non_peons_wholly_inside():
    game = scene([("boss", boss(), (5.0, 5.0)), ("a1", card(), (30.0, 5.0)),
                  ("a2", card(), (30.0, 8.0)), ("edge", card(), (18.2, 30.0))],
                 [("bb", boss(), (27.0, 6.0)), ("b1", card(), (13.0, 14.0))],
                 strategy="reconnoiter")
    from rules.engine.simulation.scoring import quarter_control

    # SW: boss alone (b1 is within 6" of the centre); SE: 2 against 1; NE: "edge"
    # straddles two quarters and counts for neither.
    assert quarter_control(game, 0) == 2
    assert quarter_control(game, 1) == 0
    game.scoring.end_of_turn(2)
    assert (_vp(game, 0), _vp(game, 1)) == (1, 0)


def test_squatters_rights_claims_by_interact_and_scores_with_two():
    game = scene([("boss", boss(), (18.0, 16.8)), ("a1", card(), (12.0, 16.8))],
                 strategy="squatters-rights")
    st = game.state
    squats = st.markers_of("squat")
    assert sorted((mk.x, mk.y) for mk in squats) == [
        (6.0, 18.0), (12.0, 18.0), (18.0, 18.0), (24.0, 18.0), (30.0, 18.0)]
    centre = next(mk for mk in squats if mk.x == 18.0)
    left = next(mk for mk in squats if mk.x == 12.0)
    act(game, "boss", Interact("claim", target=str(centre.id)))
    game.scoring.end_of_turn(2)
    assert _vp(game) == 0
    game.end_activation(st.model("boss"))
    act(game, "a1", Interact("claim", target=str(left.id)))
    game.scoring.end_of_turn(3)
    assert _vp(game) == 1
    assert centre.claimed == 0 and left.claimed == 0


def test_stake_a_claim_discards_claims_within_6_inches_and_counts_halves():
    game = scene([("boss", boss(), (18.0, 24.0)), ("a1", card(), (8.0, 24.0))],
                 [("bb", boss(), (18.0, 34.0))], strategy="stake-a-claim")
    st = game.state
    old = st.add_marker("claim", 1, 20.0, 24.0)
    m = act(game, "boss", Interact("stake", at=(19.2, 24.0)))
    assert old.id not in st.markers  # discarded: within 6"
    assert len(st.markers_of("claim")) == 1
    game.scoring.end_of_turn(2)
    assert (_vp(game, 0), _vp(game, 1)) == (1, 0)
    assert m.x == 18.0
    st.add_marker("claim", 1, 18.0, 10.0)
    game.scoring.end_of_turn(3)
    assert _vp(game, 0) == 1  # one on each half: not more on the enemy half


@pytest.mark.parametrize("turns", [6])
def test_a_strategy_never_gives_more_than_4_vp(turns):
    game = scene([("boss", boss(), (18.0, 20.0)), ("a1", card(), (20.0, 18.0))],
                 strategy="turf-war")
    for turn in range(2, 2 + turns):
        game.scoring.end_of_turn(turn)
    assert _vp(game) == 4
    assert kinds_vp(game) == 4


def kinds_vp(game) -> int:
    return sum(e[3] for e in game.log.events if e[0] == "vp")
