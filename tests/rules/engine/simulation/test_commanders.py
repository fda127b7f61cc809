"""The commanders: the random one stays legal, a script is followed, and the heuristic one
plays clearly better than random (measured) and keeps its Leader alive."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from rules.engine.simulation import (
    HeuristicCommander,
    RandomCommander,
    ScriptedCommander,
    simulate,
)
from rules.engine.simulation.commands import EndActivation, Walk

from .builders import sample_setup
from .scenes import boss, card, scene

FACTIONS = ("arcanists", "gremlins", "guild", "neverborn", "outcasts", "resurrectionists",
            "ten-thunders")
STRATEGIES = ("turf-war", "reckoning", "reconnoiter", "squatters-rights", "stake-a-claim")
SCHEMES = (("breakthrough", "a-line-in-the-sand"), ("protect-territory", "power-ritual"),
           ("assassinate", "murder-protege"), ("plant-evidence", "entourage"),
           ("distract", "outflank"), ("bodyguard", "make-them-suffer"))


class CheckedRandom(RandomCommander):
    """A random commander whose every command is checked against the rules first."""

    def __init__(self) -> None:
        super().__init__()
        self.commands = 0

    def choose_command(self, view, model):
        command = super().choose_command(view, model)
        assert view.check(model, command) == "", command
        self.commands += 1
        return command


def test_the_random_commander_proposes_only_legal_commands():
    a, b = CheckedRandom(), CheckedRandom()
    result = simulate(sample_setup(strategy="squatters-rights"), seed=3, commanders=(a, b))
    assert a.commands > 20 and b.commands > 20
    assert result.ended_on_turn >= 5


def test_a_scripted_commander_follows_its_script():
    script = ScriptedCommander({"a": [Walk(((12.0, 10.0),)), EndActivation()]},
                               activations=["a"])
    game = scene([("a", card(), (10.0, 10.0)), ("boss", boss(), (5.0, 3.0))],
                 commanders=(script, ScriptedCommander()))
    game.state.first = 0
    game.activation_phase()
    assert game.state.model("a").x == 12.0
    assert ("choose_activation", ()) not in script.asked


def test_the_heuristic_commander_beats_the_random_one_clearly():
    """Sixteen encounters, sides, Strategies, Schemes and factions varied. Were the two
    equally strong, winning 13 or more would happen about once in a hundred runs; the
    heuristic commander wins nearly all of them (40 of 40 when this was measured)."""
    wins = margin = 0
    games = 16
    for i in range(games):
        rng = random.Random(i)
        factions = tuple(rng.sample(FACTIONS, 2))
        setup = sample_setup(strategy=STRATEGIES[i % 5], factions=factions,
                             deployment=rng.choice(("standard", "corner", "flank", "close")),
                             schemes_a=SCHEMES[i % 6], schemes_b=SCHEMES[(i + 3) % 6])
        heuristic = i % 2
        commanders = [RandomCommander(), RandomCommander()]
        commanders[heuristic] = HeuristicCommander()
        result = simulate(setup, seed=100 + i, commanders=commanders)
        me, other = "ab"[heuristic], "ab"[1 - heuristic]
        wins += result.winner == me
        margin += result.vp[me] - result.vp[other]
    assert wins >= 13, f"the heuristic commander won only {wins} of {games}"
    assert margin / games >= 2.0


def test_the_heuristic_commander_keeps_its_leader_out_of_harm():
    """Between two heuristic crews the Leaders die far less often than the rest."""
    leaders = others = 0
    games = 6
    for seed in range(games):
        result = simulate(sample_setup(strategy=STRATEGIES[seed % 5]), seed=seed)
        for casualty in result.casualties:
            if casualty.is_leader:
                leaders += 1
            else:
                others += 1
        assert all(0 < m.x < 36 and 0 < m.y < 36 for m in result.models if m.in_play)
    assert others > 0
    leader_rate = leaders / (2 * games)
    other_rate = others / (2 * games * 6)
    assert leader_rate < other_rate / 2


def test_the_heuristic_commander_values_attacks_with_the_exact_odds():
    from rules.engine.simulation.commanders.heuristic import attack_odds

    weak = attack_odds(4, 0, 0, 0, 7, 0, 0, 0, (2, 3, 4), 0)
    strong = attack_odds(7, 0, 0, 0, 4, 0, 0, 0, (2, 3, 4), 0)
    assert 0 < weak[0] < strong[0] < 1
    assert abs(sum(strong[1]) - 1.0) < 1e-9
    assert strong[1][0] < weak[1][0]  # "none" includes missing


def test_the_heuristic_commander_spends_an_expert_ap_only_on_its_kind_of_action():
    from rules.engine.simulation.commanders.base import BaseCommander

    fighter = card("Brute", station="enforcer", cost=9, wk=4, abilities=["Melee Expert"])
    game = scene([("boss", boss(), (3.0, 3.0)), ("a", fighter, (10.0, 4.0))],
                 [("far", card(), (30.0, 32.0))],
                 commanders=(HeuristicCommander(), BaseCommander()))
    m = game.state.model("a")
    game.activate(m)  # an illegal command would raise here
    walks = [e for e in game.log.events if e[0] == "walk" and e[1] == m.idx]
    assert len(walks) == 2  # two general AP walked; the Ml AP had nothing to hit


def _against_baseline(games: int):
    from bench.bench_simulator import duel, setups
    return duel(games, setups(json.loads(PACK_2.read_text(encoding="utf-8"))))


PACK_2 = Path(__file__).resolve().parents[4] / "catalogue" / "packs" / "sample-pack-2.json"


def test_the_heuristic_commander_uses_tactical_actions_charges_and_focus():
    """A few games on the phrasing-realistic pack: the player-like commander charges,
    Focuses and takes tactical actions, and leaves less AP unspent than the baseline."""
    habits = _against_baseline(6)["habits"]
    new, old = habits["new"], habits["old"]
    assert new["charge"] > old["charge"] and new["focus"] > 0 and new["tactical"] > 0
    assert new["unspent"] < old["unspent"]


@pytest.mark.slow
def test_the_heuristic_commander_beats_the_baseline_clearly():
    """60 games, sides alternating. Were the two equally strong, the winner of the
    decided games being ahead by 10 or more would happen about once in twenty runs;
    the bench measured 58 wins, 11 draws, 31 losses over 100."""
    tally = _against_baseline(60)["tally"]
    assert tally["win"] - tally["loss"] >= 10, dict(tally)
