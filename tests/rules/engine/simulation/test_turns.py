"""The Turn (rulebook THE TURN, DRAW PHASE, INITIATIVE PHASE, ACTIVATION PHASE, END PHASE,
WINNING THE ENCOUNTER, DEPLOY CREWS)."""

from __future__ import annotations

import pytest

from rules.engine.simulation import ScriptedCommander, simulate
from rules.engine.simulation.geometry import TABLE_SIZE

from .builders import sample_setup
from .scenes import boss, card, kinds, scene, stack


def test_the_draw_phase_fills_hands_and_a_soulstone_buys_two_more_cards():
    commanders = (ScriptedCommander(answers={"buy_cards": True}), ScriptedCommander())
    game = scene([("boss", boss(), (5.0, 3.0))], commanders=commanders, pool=(3, 3))
    game.state.turn = 1
    game.draw_phase()
    a, b = game.state.sides
    assert len(a.deck.hand) == 6 and len(b.deck.hand) == 6
    assert a.pool == 2 and b.pool == 3
    draws = kinds(game, "draw")
    assert ["draw", 0, 6, 1, 2] in draws  # drew 6, bought 2, discarded 2 down to 6
    for side in (a, b):
        side.deck.check_conservation()


def test_cards_discarded_in_step_two_are_replaced():
    commanders = (ScriptedCommander(answers={"discard": lambda hand, must: hand[:2]
                                             if not must else hand[:must]}),
                  ScriptedCommander())
    game = scene([("boss", boss(), (5.0, 3.0))], commanders=commanders)
    game.state.turn = 2
    game.state.sides[0].deck.draw(4)
    game.draw_phase()
    assert len(game.state.sides[0].deck.hand) == 6
    assert ["draw", 0, 4, 0, 2] in kinds(game, "draw")


def test_initiative_the_higher_card_chooses_and_a_soulstone_reflips_once():
    chosen = []
    commanders = (ScriptedCommander(answers={"reflip_initiative": True}),
                  ScriptedCommander(answers={"go_first": lambda: chosen.append(1) or False}))
    game = scene([("boss", boss(), (5.0, 3.0))], commanders=commanders, pool=(1, 1))
    stack(game, 0, ["3R", "4R"])
    stack(game, 1, ["9M"])
    game.initiative_phase()
    (event,) = kinds(game, "init")
    assert event[1] == ["3R", "4R"] and event[2] == ["9M"]
    assert game.state.sides[0].pool == 0
    assert chosen == [1]  # crew B won and chose to go second
    assert game.state.first == 0


def test_initiative_ties_are_flipped_again():
    game = scene([("boss", boss(), (5.0, 3.0))])
    stack(game, 0, ["7R", "2C"])
    stack(game, 1, ["7M", "5C"])
    game.initiative_phase()
    (event,) = kinds(game, "init")
    assert event[1:] == [["7R", "2C"], ["7M", "5C"], 1]


@pytest.mark.parametrize(("turn", "card_code", "continues"), [
    (5, "10R", True), (5, "9R", False), (6, "11R", True), (6, "10R", False),
    (7, "12M", True), (9, "RJ", True), (10, "RJ", False)])
def test_the_encounter_ends_on_a_flip_from_turn_five(turn, card_code, continues):
    """End of Turn 5 needs 10+, Turn 6 needs 11+, and so on; nothing continues past 10."""
    game = scene([("boss", boss(), (5.0, 3.0))], turn=turn)
    game.state.first = 0
    stack(game, 0, [card_code])
    assert game.end_phase() is continues
    (flip,) = kinds(game, "endflip")
    assert flip == ["endflip", turn, card_code, turn + 5, int(continues)]


def test_no_end_flip_before_turn_five():
    game = scene([("boss", boss(), (5.0, 3.0))], turn=4)
    assert game.end_phase() is True
    assert kinds(game, "endflip") == []


def test_players_alternate_activations_and_a_player_with_none_left_is_skipped():
    game = scene([("a0", boss(), (5.0, 3.0)), ("a1", card(), (8.0, 3.0)),
                  ("a2", card(), (11.0, 3.0))], [("b0", boss(), (5.0, 33.0))])
    game.state.first = 1
    game.activation_phase()
    order = [game.state.models[e[1]].id for e in kinds(game, "act")]
    assert order == ["b0", "a0", "a1", "a2"]


def test_a_whole_game_deploys_in_the_zones_and_ends_between_turns_five_and_ten():
    setup = sample_setup()
    result = simulate(setup, seed=11)
    log = result.log
    assert 5 <= result.ended_on_turn <= 10
    deploys = [e for e in log["events"] if e[0] == "deploy"]
    assert len(deploys) == len(log["models"])
    first = next(e for e in log["events"] if e[0] == "depflip")[3]
    zone = next(e for e in log["events"] if e[0] == "depflip")[4]
    for event in deploys:
        side = log["models"][event[1]][1]
        y = event[3]
        expected_zone = zone if side == first else 1 - zone
        assert (y <= 6) == (expected_zone == 0)
        assert 0 <= event[2] <= TABLE_SIZE
    assert log["events"][-1][0] == "end"


def test_a_late_model_enters_its_own_zone_when_its_turn_starts():
    setup = sample_setup()
    data = setup.to_dict()
    data["crews"][0]["models"][-1]["enters_on_turn"] = 3
    result = simulate(data, seed=5)
    arrivals = [e for e in result.log["events"] if e[0] == "arrive"]
    assert len(arrivals) == 1
    turn_of = 0
    for event in result.log["events"]:
        if event[0] == "turn":
            turn_of = event[1]
        if event[0] == "arrive":
            assert turn_of == 3


def test_the_draw_phase_shuffles_the_discard_pile_into_the_whole_deck():
    """``FateDeck.reshuffle`` mixes the discards with the draw pile (not under it), keeps the
    hand, and is as seeded as the rest of the deck."""
    from rules.engine.deck import FateDeck

    deck = FateDeck(5)
    deck.draw(6)
    discarded = deck.flip(20)
    deck.discard(discarded)
    hand = deck.hand
    deck.reshuffle()
    deck.check_conservation()
    assert deck.hand == hand and deck.discard_pile == () and deck.remaining == 48
    top = deck.draw_pile[:28]
    assert any(card in discarded for card in top)  # not all kept under the old pile
    again = FateDeck(5)
    again.draw(6)
    again.discard(again.flip(20))
    again.reshuffle()
    assert again.draw_pile == deck.draw_pile
