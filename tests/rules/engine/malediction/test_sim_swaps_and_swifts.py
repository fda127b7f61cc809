"""Attachment swaps in the deploy phase and swift spells cast in another unit's step
(simulator 1.1), on hand-built positions."""

import json

import pytest

from rules.engine.malediction.cards import Item, Rank, Relic, Spell, SpellSpeed
from rules.engine.malediction.sim import (
    HeuristicCommander,
    RandomCommander,
    frames,
    replay,
    simulate,
)
from rules.engine.malediction.sim.game import IllegalCommand
from rules.engine.malediction.sim.sample import sample_match

from .scenes import Scripted, card, scene

MEND = Spell("Mend", 1, Rank.BASIC, SpellSpeed.SWIFT, frozenset(),
             ("Target allied unit within 6 inches recovers 3 health.",))
SNAP = Spell("Snap Bolt", 2, Rank.BASIC, SpellSpeed.SWIFT, frozenset(),
             ("Deal 2 damage to target enemy unit within 8 inches.",))
BOLT = Spell("Bolt", 2, Rank.BASIC, SpellSpeed.CHANNEL, frozenset(),
             ("Deal 2 damage to target enemy unit within 8 inches.",))


def kinds(game, *names):
    return [e for e in game.events if e[0] in names]


def holders():
    """A wounded relic and item holder beside a fresh ally (edges 0.3" apart)."""
    g = scene([(card("Worn", hp=6), 0, 10, 10), (card("Fresh", hp=8), 0, 11.5, 10),
               (card("Far Foe"), 1, 25, 25)])
    worn, fresh, _ = g.units
    worn.damage = 4
    worn.relic = Relic("Crown")
    worn.item = Item("Charm", 2, Rank.BASIC)
    worn.refit()
    return g, worn, fresh


def test_a_deploy_swap_moves_the_relic_once_and_is_logged():
    g, worn, fresh = holders()
    p = g.players[0]
    p.hand = []
    g.commanders[0] = Scripted(deploy=[[]], swap=[[worn.id, fresh.id, "relic"], None])
    g._deploy_player(p)
    assert worn.relic is None and fresh.relic.name == "Crown" and worn.item.name == "Charm"
    assert kinds(g, "swap") == [["swap", worn.id, fresh.id, "relic", "Crown", None]]
    # In one deploy phase an attachment moves once: swapping the relic back is refused.
    g, worn, fresh = holders()
    g.commanders[0] = Scripted(deploy=[[]], swap=[[worn.id, fresh.id, "relic"],
                                                  [fresh.id, worn.id, "relic"]])
    with pytest.raises(IllegalCommand, match="cannot swap"):
        g._deploy_player(g.players[0])
    assert fresh.relic.name == "Crown"
    assert g.swap_options(0, {(fresh.id, "relic")}) == [[worn.id, fresh.id, "item"]]


def test_swaps_need_unengaged_units_within_1_inch():
    g, worn, fresh = holders()
    assert [worn.id, fresh.id, "relic"] in g.swap_options(0, set())
    fresh.x = 13.5  # 2.3" apart
    g.moved()
    assert g.swap_options(0, set()) == []
    fresh.x = 11.5
    g._enter(g.players[1], card("Foe"), 13, 10)  # engages Fresh
    assert g.swap_options(0, set()) == []


def test_the_heuristic_moves_the_relic_off_the_worn_unit_and_random_stays_legal():
    g, worn, fresh = holders()
    options = g.swap_options(0, set())
    assert HeuristicCommander().swap(g, 0, options) == [worn.id, fresh.id, "relic"]
    worn.damage = 0
    fresh.damage = 7
    assert HeuristicCommander().swap(g, 0, options) is None  # the holder is the sturdier
    rnd = RandomCommander(5)
    for _ in range(20):
        pick = rnd.swap(g, 0, options)
        assert pick is None or pick in options


def duel(hand, echo, defender_hp=6, damage=3, attacker_hp=6, commander=None):
    """Player 1's Raider attacks player 0's Guard in the Raider's activation."""
    g = scene([(card("Guard", hp=defender_hp), 0, 10, 10),
               (card("Raider", acc=2, power=(3, 1), hp=attacker_hp), 1, 11.5, 10)],
              dice=[15])
    guard, raider = g.units
    guard.damage = damage
    g.phase = "action"
    p = g.players[0]
    p.hand, p.echo = list(hand), echo
    g.commanders[0] = commander or HeuristicCommander()
    g.commanders[1] = Scripted(action=[["attack", guard.id, "melee"], ["pass"]])
    return g, guard, raider, p


def test_a_swift_heal_answers_the_enemy_attack_before_its_damage_and_is_paid():
    g, guard, raider, p = duel([MEND, BOLT], echo=2)
    g._activate(raider)  # the opponent's activation: 15 + 2 hits DEF 10 for 3
    assert guard in g.units and guard.damage == 3  # healed 3, then hit for 3
    seq = [e[0] for e in g.events if e[0] in ("attack", "swift", "heal")]
    assert seq == ["attack", "swift", "heal"]  # the result seen, the spell, then damage
    assert kinds(g, "swift") == [["swift", 0, "Mend", guard.id, "hit", raider.id]]
    assert p.echo == 1 and p.hand == [BOLT] and p.discard == [MEND]
    asked = [d for d in g.decisions if d[1] == "interrupt"]
    assert [d[0] for d in asked] == [0, 0, 0]  # activation, attack declared, result


def test_a_swift_bolt_before_the_die_defeats_the_attacker_and_its_attack_is_lost():
    g, guard, raider, p = duel([SNAP], echo=2, attacker_hp=2, damage=0)
    g._activate(raider)
    assert raider not in g.units and guard.damage == 0 and not kinds(g, "attack")
    assert kinds(g, "swift")[0][4] == "activation"  # it never got to act
    assert p.echo == 0 and g.mastery[0]["kills"] == raider.card.cost


def test_a_swift_spell_is_refused_without_echo_and_a_channel_never_interrupts():
    g, guard, raider, p = duel([MEND], echo=0)
    assert g.playable(p, True) == []
    with pytest.raises(IllegalCommand, match="costs 1; 0 echo"):
        g._cast(p, 0, guard, [guard], "hit", raider)
    assert p.hand == [MEND] and p.echo == 0
    script = Scripted(interrupt=[[0, guard.id]])
    g, guard, raider, p = duel([MEND], echo=0, commander=script)
    g._activate(raider)
    assert not [a for a in script.asked if a[0] == "interrupt"]  # nothing to answer with
    assert guard not in g.units and p.hand == [MEND]
    g, guard, raider, p = duel([BOLT], echo=9, commander=Scripted(interrupt=[[0, 2]]))
    assert g.playable(p, True) == [] and g.playable(p, False) == [0]
    g._activate(raider)
    assert not kinds(g, "swift") and p.echo == 9 and p.hand == [BOLT]


def test_an_interrupt_answer_must_be_a_swift_spell_in_reach():
    g, _guard, raider, _p = duel([MEND, BOLT], echo=5)
    g.commanders[0] = Scripted(interrupt=[[1, raider.id]])  # the channel Bolt
    with pytest.raises(IllegalCommand, match="swift"):
        g._activate(raider)
    g, _guard, raider, _p = duel([MEND], echo=5)
    g.commanders[0] = Scripted(interrupt=[[0, raider.id]])  # a heal on an enemy
    with pytest.raises(IllegalCommand, match="targets an ally"):
        g._activate(raider)


def test_matches_with_swaps_and_swifts_are_deterministic_and_replay():
    match = sample_match()
    a = simulate(match, 3, [HeuristicCommander(), RandomCommander(3)])
    b = simulate(match, 3, [HeuristicCommander(), RandomCommander(3)])
    assert a.log == b.log and a.log["simulator"] == "1.1.0"
    names = {e[0] for e in a.log["events"]}
    assert {"swap", "swift"} <= names
    again = replay(json.loads(json.dumps(a.log)))
    assert again.log["events"] == a.log["events"] and again.result == a.result
    assert frames(a.log)  # the swap events rebuild relic holders (see the frames test)
