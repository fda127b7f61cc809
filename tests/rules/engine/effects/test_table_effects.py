"""Effects that add models and Markers to the table or take them off (issue 27): Summon,
Sacrifice, Bury and Unbury, Corpse and named Markers, as the rules manual says, on
hand-built positions with invented cards."""

from __future__ import annotations

import pytest

from rules.engine.effects.coverage import PLAYED
from rules.engine.simulation import HeuristicCommander, ModelInput
from rules.engine.simulation.actions import check
from rules.engine.simulation.commands import Interact, Tactical
from rules.engine.simulation.coverage import card_coverage
from rules.engine.simulation.errors import IllegalCommand
from rules.engine.simulation.geometry import CONTACT
from rules.engine.simulation.record import game_record
from rules.engine.simulation.result import build_result
from rules.engine.simulation.table_effects import bury_left_at_end
from tests.rules.engine.simulation.scenes import BLADE, act, boss, card, kinds, scene


def _tactical(name: str, text: str, range_: str = "", ap: int = 1) -> dict:
    return {"name": name, "ap": ap, "range": range_, "text": text}


CALL = _tactical("Call Wisp", "Summon a Test Wisp in base contact with this model.")
RAISE = _tactical("Raise", 'Remove a Corpse Marker within 3" of this model. '
                           "Summon a Test Wisp.")
GRAVE = _tactical("Dig Grave", "Place a Corpse Marker in base contact with this model.")
PYRE = _tactical("Light Pyre", "Place a Pyre Marker in base contact with this model.")
END_IT = _tactical("End It", "Sacrifice the target.", '2"')
GIVE_UP = _tactical("Give Up", "Sacrifice this model.")
SINK = _tactical("Sink", "Bury the target.", '2"')
RISE = _tactical("Rise", 'Unbury the target within 3" of this model.')
WISP = card("Test Wisp", wd=3, characteristics=("Undead",))
RARE_WISP = dict(WISP, rare=1)


def _summoner(*actions, summons=(WISP,), enemy_at=(18.0, 30.0)):
    caller = boss("Caller", actions=[BLADE, *actions])
    return scene([("a", caller, (10.0, 10.0))], [("b", card("B", wd=8), enemy_at)],
                 summons_a=summons)


def _summoned(game):
    return [m for m in game.state.models if m.idx in game.state.summoned_on]


def test_a_summoned_model_arrives_in_base_contact_slow_and_without_interacts():
    game = _summoner(CALL)
    a = act(game, "a", Tactical("Call Wisp"))
    [wisp] = _summoned(game)
    st = game.state
    assert wisp.in_play and wisp.side == a.side and wisp.name == "Test Wisp"
    assert wisp in st.sides[0].models
    assert st.edge(a, wisp) <= CONTACT + 1e-6
    assert st.los(a, wisp)
    assert "slow" in wisp.conditions  # the manual: summoned models gain Slow
    assert kinds(game, "summon") == [["summon", a.idx, wisp.idx, "Test Wisp", wisp.x, wisp.y]]
    game.end_activation(a)
    with pytest.raises(IllegalCommand, match="summoned this Turn"):
        act(game, wisp.id, Interact("scheme_marker", at=(wisp.x, wisp.y - wisp.r - 0.65)))
    game.end_activation(wisp)
    # It is a model like any other: Slow cost it 1 AP, and a Turn later it may Interact.
    assert [e for e in kinds(game, "ap") if e[1] == wisp.idx] == [["ap", wisp.idx, 1]]
    st.turn += 1
    game.ap = 2
    spot = (wisp.x, wisp.y - wisp.r - 0.65)
    assert "summoned" not in check(game, wisp, Interact("scheme_marker", at=spot))


def test_a_summoned_model_can_be_killed_and_appears_in_the_result():
    game = _summoner(CALL)
    act(game, "a", Tactical("Call Wisp"))
    [wisp] = _summoned(game)
    enemy = game.state.model("b")
    game.deal_damage(wisp, 5, by=enemy, cause="Blade")
    result = build_result(game)
    assert wisp.id in [m.id for m in result.models]
    [casualty] = result.casualties
    assert (casualty.model, casualty.killer, casualty.how) == (wisp.id, "b", "killed")
    assert casualty.arrival == "summoned"
    # An Undead model drops a Corpse Marker when killed.
    assert len(game.state.markers_of("corpse")) == 1


def test_a_summon_fails_past_the_rare_limit_or_without_a_card():
    game = _summoner(CALL, summons=(RARE_WISP,))
    act(game, "a", Tactical("Call Wisp"), Tactical("Call Wisp"))
    assert len(_summoned(game)) == 1
    assert kinds(game, "nosummon")[-1][-1] == "Rare limit"
    game = _summoner(CALL, summons=())
    act(game, "a", Tactical("Call Wisp"))
    assert _summoned(game) == []
    assert kinds(game, "nosummon")[-1][-1] == "no card"


def test_a_summon_fails_without_room():
    # Boxed in by impassable terrain on every side: no place in base contact.
    walls = [{"id": i, "shape": "rect", "x": x, "y": y, "w": w, "h": h, "ht": 3,
              "traits": ["impassable", "blocking"], "name": f"wall {i}"}
             for i, (x, y, w, h) in enumerate([(8.5, 8.5, 3.0, 0.9), (8.5, 10.6, 3.0, 0.9),
                                                (8.5, 9.4, 0.9, 1.2), (10.6, 9.4, 0.9, 1.2)])]
    caller = boss("Caller", actions=[BLADE, CALL])
    game = scene([("a", caller, (10.0, 10.0))], [("b", card("B"), (18.0, 30.0))],
                 summons_a=(WISP,), terrain=walls)
    act(game, "a", Tactical("Call Wisp"))
    assert _summoned(game) == []
    assert kinds(game, "nosummon")[-1][-1] == "no room"


def test_an_effect_placed_corpse_marker_is_consumed_by_a_summon_that_needs_it():
    game = _summoner(GRAVE, RAISE)
    a = act(game, "a", Tactical("Dig Grave"))
    [corpse] = game.state.markers_of("corpse")
    assert corpse.side is None and corpse.by == a.idx
    assert game.state.edge_to(corpse.x, corpse.y, corpse.r, a.x, a.y, a.r) <= CONTACT + 1e-6
    game.perform(a, Tactical("Raise"))
    assert game.state.markers_of("corpse") == []
    [wisp] = _summoned(game)
    # Summoned onto the removed Marker's place: in base contact with it.
    assert game.state.edge_to(wisp.x, wisp.y, wisp.r, corpse.x, corpse.y,
                              corpse.r) <= CONTACT + 1e-6
    result = build_result(game)
    assert [(mk.kind, mk.in_play_at_end) for mk in result.markers
            if mk.kind != "turf"] == [("corpse", False)]


def test_without_a_corpse_marker_the_summon_that_needs_one_fails():
    game = _summoner(RAISE)
    act(game, "a", Tactical("Raise"))
    assert _summoned(game) == []
    assert kinds(game, "nosummon")[-1][-1] == "no Marker"


def test_a_named_marker_is_placed_for_the_crew_and_is_not_terrain():
    game = _summoner(PYRE)
    a = act(game, "a", Tactical("Light Pyre"))
    [pyre] = game.state.markers_of("pyre")
    assert pyre.side == 0
    # The manual: Markers are not terrain; a model may stand on one.
    assert game.state.standing_problem(game.state.model("b"), pyre.x, pyre.y) == ""
    assert game.state.path_cost(a, ((pyre.x, pyre.y + 2.0),))[0] is not None


def test_a_sacrifice_kills_without_an_attacker_credit_and_drops_no_marker():
    game = _summoner(END_IT, enemy_at=(10.0, 11.5))
    act(game, "a", Tactical("End It", target="b"))
    b = game.state.model("b")
    assert not b.in_play and b.killed
    [casualty] = game.casualties
    assert (casualty.how, casualty.killer, casualty.killer_side) == ("sacrificed", None, None)
    # A sacrificed Living model drops no Corpse Marker.
    assert game.state.markers_of("corpse") == []
    # Reckoning counts enemy models "killed or sacrificed" by the crew.
    assert game.state.sides[0].kills_this_turn == 1


def test_a_model_sacrificing_itself_ends_its_activation():
    game = _summoner(GIVE_UP)
    a = act(game, "a", Tactical("Give Up"))
    assert not a.in_play and game.activation_over
    assert game.casualties[0].how == "sacrificed" and game.casualties[0].killer is None
    assert game.state.sides[1].kills_this_turn == 0


def test_bury_removes_the_model_and_unbury_returns_it():
    game = _summoner(SINK, RISE, enemy_at=(10.0, 11.5))
    a = act(game, "a", Tactical("Sink", target="b"))
    b = game.state.model("b")
    assert not b.in_play and not b.killed and game.casualties == []
    assert not game.state.is_engaged(a)  # no longer on the table
    assert kinds(game, "bury") == [["bury", b.idx, a.idx]]
    game.ap = 2
    game.perform(a, Tactical("Rise"))
    assert b.in_play and b.idx not in game.state.buried
    assert game.state.edge(a, b) <= 3.0 + 1e-6
    assert kinds(game, "unbury") == [["unbury", b.idx, b.x, b.y]]


def test_a_model_buried_at_the_end_counts_as_killed():
    game = _summoner(SINK, enemy_at=(10.0, 11.5))
    act(game, "a", Tactical("Sink", target="b"))
    bury_left_at_end(game)
    [casualty] = game.casualties
    assert (casualty.model, casualty.how, casualty.killer) == ("b", "buried", None)


def test_the_same_seed_gives_the_same_summons():
    def run():
        game = _summoner(GRAVE, RAISE, CALL)
        act(game, "a", Tactical("Dig Grave"), Tactical("Raise"), Tactical("Call Wisp"))
        return game.log.events

    assert run() == run()


@pytest.mark.parametrize("action", [CALL, RAISE, GRAVE, PYRE, END_IT, GIVE_UP, SINK, RISE])
def test_played_table_effects_are_no_longer_listed_as_not_modelled(action):
    raw = card("Holder", actions=[BLADE, action])
    coverage = card_coverage(raw)
    assert [e.status for e in coverage.elements] == [PLAYED, PLAYED]
    assert ModelInput("x", raw).profile.not_modelled == ()


def test_a_summoned_model_is_in_the_game_record_as_summoned():
    game = _summoner(CALL)
    act(game, "a", Tactical("Call Wisp"))
    assert len(_summoned(game)) == 1
    game.end_activation(game.state.model("a"))
    result = build_result(game)
    assert result.side("a").summoned_soulstones == WISP["cost"]
    record = game_record(result)
    [entry] = [m for m in record.models if m.name == "Test Wisp"]
    assert (entry.origin, entry.cost, entry.side) == ("summoned", WISP["cost"], "a")


def test_a_buried_model_still_burns_at_the_end_of_the_turn_and_can_die_buried():
    game = _summoner(SINK, enemy_at=(10.0, 11.5))
    b = game.state.model("b")
    game.give(b, "burning", 2)
    game.give(b, "poison", 1)
    a = act(game, "a", Tactical("Sink", target="b"))
    game.end_activation(a)
    game.end_phase()
    assert b.wounds == b.p.wd - 3 and "burning" not in b.conditions
    assert not b.in_play and b.idx in game.state.buried
    game.give(b, "burning", 9)  # give() needs it in play: nothing
    assert "burning" not in b.conditions
    b.conditions["burning"] = 9
    game.end_phase()
    assert b.killed and b.idx not in game.state.buried
    assert game.casualties[-1].how == "killed"
    assert game.state.markers_of("corpse") == []  # not on the table: no Marker


def test_the_heuristic_commander_does_not_sacrifice_a_model_for_a_small_effect():
    flare = _tactical("Last Flare", 'Sacrifice this model. Enemy models within 2" gain '
                                    "Burning +1.")
    game = scene([("a", card("A", actions=[BLADE, flare]), (10.0, 10.0))],
                 [("b", card("B"), (10.0, 11.5)), ("c", card("C"), (11.5, 10.0))],
                 commanders=(HeuristicCommander(), HeuristicCommander()))
    a = game.state.model("a")
    game.activate(a)
    assert a.in_play and not kinds(game, "kill")
