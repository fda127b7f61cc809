"""The simulator's rules, one at a time, on hand-built positions with the rulebook's numbers."""

import pytest

from rules.engine.malediction.cards import Relic
from rules.engine.malediction.sim.board import HUSK_RADIUS
from rules.engine.malediction.sim.game import IllegalCommand

from .scenes import Scripted, card, give_item, scene


def kinds(game, *names):
    return [e for e in game.events if e[0] in names]


def test_the_attack_example_13_plus_2_against_def_10_hits_for_3():
    beast = card("Tarok", acc=2, power=(3, 1))
    target = card("Bahig", defense=10, hp=8)
    g = scene([(beast, 0, 10, 10), (target, 1, 11.5, 10)], dice=[13])
    a, t = g.units
    assert g.engaged_with(a, t)
    assert g.perform(a, ["attack", t.id, "melee"]) == 1
    assert kinds(g, "attack") == [["attack", a.id, t.id, "m", 13, "H", 3]]
    assert t.damage == 3


def test_criticals_in_play():
    g = scene([(card(acc=0, power=(3, 1)), 0, 10, 10), (card(defense=30, hp=20), 1, 11.5, 10)],
              dice=[20, 1])
    a, t = g.units
    g.perform(a, ["attack", t.id, "melee"])
    g.perform(a, ["attack", t.id, "melee"])
    assert [e[5:] for e in kinds(g, "attack")] == [["C", 4], ["c", 1]]


def test_retaliation_comes_before_the_move_in_the_owner_order():
    mover = card("Mauler", hp=20)
    g = scene([(mover, 0, 10, 10), (card("Left"), 1, 8.5, 10), (card("Right"), 1, 11.5, 10)],
              dice=[10, 10])
    m, left, right = g.units
    g.commanders[1] = Scripted(retaliate=[[right.id, left.id]])
    g.perform(m, ["move", 10, 13])
    events = [e[:3] for e in g.events if e[0] in ("attack", "move")]
    assert events == [["attack", right.id, m.id], ["attack", left.id, m.id], ["move", m.id, 10]]
    assert (m.x, m.y) == (10, 13)


def test_a_provoker_defeated_by_retaliation_loses_its_action():
    mover = card("Frail", hp=3)
    g = scene([(mover, 0, 10, 10), (card("A", power=(3, 1)), 1, 8.5, 10),
               (card("B"), 1, 11.5, 10)], dice=[15, 15])
    m, a, b = g.units
    g.commanders[1] = Scripted(retaliate=[[a.id, b.id]])
    assert g.perform(m, ["move", 10, 13]) == 1  # the AP is spent
    assert m not in g.units and not kinds(g, "move")
    assert len(kinds(g, "attack")) == 1  # B never swings: the provoker is gone
    assert g.mastery[1]["kills"] == 3


def test_shift_and_melee_never_provoke_but_a_ranged_attack_while_engaged_does():
    archer = card("Archer", rng=8, hp=20)
    g = scene([(archer, 0, 10, 10), (card("Guard", hp=20), 1, 11.5, 10),
               (card("Far", hp=20), 1, 10, 16)], dice=[10, 10, 10, 10])
    a, guard, far = g.units
    g.perform(a, ["attack", guard.id, "melee"])
    assert len(kinds(g, "attack")) == 1
    g.perform(a, ["attack", far.id, "ranged"])
    assert [e[1] for e in kinds(g, "attack")][1:] == [guard.id, a.id]  # retaliation first
    g.perform(a, ["shift", 10, 6])
    assert len(kinds(g, "attack")) == 3 and (a.x, a.y) == (10, 6)


def test_a_charge_out_of_the_corridor_is_refused():
    charger = card("Sigrith", speed=5)
    g = scene([(charger, 0, 5, 15), (card("Archer"), 1, 13, 15)], dice=[12])
    c, t = g.units
    # Ending beside the target but off the traced line leaves the corridor.
    with pytest.raises(IllegalCommand, match="corridor"):
        g.perform(c, ["charge", t.id, [12.2, 16.4]])
    assert (c.x, c.y) == (5, 15) and not kinds(g, "attack")
    # Along the line it is fine: move up to 2 x Speed, then a melee attack.
    assert g.perform(c, ["charge", t.id, None]) == 2
    assert g.engaged_with(c, t) and kinds(g, "charge") and kinds(g, "attack")[0][3] == "c"


def test_a_charge_needs_reach_sight_and_a_clear_corridor():
    g = scene([(card("Slow", speed=3), 0, 2, 15), (card("Far"), 1, 12, 15)])
    s, t = g.units
    with pytest.raises(IllegalCommand, match="reach"):
        g.perform(s, ["charge", t.id, None])
    # A tall wall across the line: no line of sight, no charge.
    g = scene([(card("A"), 0, 5, 15), (card("B"), 1, 13, 15)], pieces=[(8, 10, 9, 20, True)])
    a, b = g.units
    assert not g.in_sight(a, b)
    with pytest.raises(IllegalCommand, match="line of sight"):
        g.perform(a, ["charge", b.id, None])
    # A short wall leaves sight but blocks the path inside the corridor.
    g = scene([(card("A"), 0, 5, 15), (card("B"), 1, 13, 15)], pieces=[(8, 10, 9, 20, False)])
    a, b = g.units
    assert g.in_sight(a, b)
    with pytest.raises(IllegalCommand, match="corridor"):
        g.perform(a, ["charge", b.id, None])


def test_line_of_sight_and_effect_over_obstacles():
    g = scene([(card("A"), 0, 5, 15), (card("B"), 1, 15, 15), (card("Mid"), 0, 10, 15)])
    a, b, _mid = g.units
    assert not g.in_sight(a, b)  # a unit in between blocks sight...
    assert g.board.line_of_effect(a.x, a.y, b.x, b.y, b.r)  # ...but not effect
    g = scene([(card("A"), 0, 5, 15), (card("B"), 1, 15, 15)], husks=[(10, 15)])
    a, b = g.units
    assert not g.in_sight(a, b)  # a husk blocks sight
    g = scene([(card("A"), 0, 5, 15), (card("B"), 1, 15, 15)], pieces=[(9, 10, 11, 20, True)])
    a, b = g.units
    assert not g.board.line_of_effect(a.x, a.y, b.x, b.y, b.r)
    # Across a tall wall, units within 1" are not engaged (no line of effect).
    g = scene([(card("A"), 0, 10, 10), (card("B"), 1, 11.9, 10)],
              pieces=[(10.7, 5, 11.2, 15, True)])
    a, b = g.units
    assert not g.engaged_with(a, b)


def test_claims_need_no_enemy_within_1_inch_of_the_husk():
    husk = (15, 15)
    near = 15 - HUSK_RADIUS - 0.6 - 0.5
    g = scene([(card("Claimer"), 0, near, 15)], husks=[husk])
    c = g.units[0]
    assert g.claim_options(0) == [[c.id, 0]]
    g = scene([(card("Claimer"), 0, near, 15), (card("Enemy"), 1, 15, 15 + HUSK_RADIUS + 1.2)],
              husks=[husk])
    assert g.claim_options(0) == []  # the enemy is within 1" of the husk
    g = scene([(card("Claimer"), 0, near, 15), (card("Foe"), 1, near - 1.5, 15)], husks=[husk])
    assert g.claim_options(0) == []  # the claimer is engaged


def test_a_claim_gives_10_and_refills_the_display():
    g = scene([(card("Claimer"), 0, 15 - HUSK_RADIUS - 1.1, 15)], husks=[(15, 15)])
    g.commanders[0] = Scripted(claim=[[1, 0, 1]])
    g._claims()
    u = g.units[0]
    assert u.relic.name == "Shown B" and g.mastery[0]["relics"] == 10
    assert [r.name for r in g.relic_display] == ["Shown A", "Top"]
    assert g.board.live_husks() == []


def test_a_defeated_relic_holder_costs_10_and_leaves_a_husk():
    holder = card("Skirmisher", cost=4, hp=3)
    g = scene([(holder, 0, 10, 10), (card("Devourer", power=(5, 2)), 1, 11.5, 10)], dice=[15])
    h, d = g.units
    give_item(g, h, cost=2)
    h.relic = Relic("Crown")
    h.refit()
    g.perform(d, ["attack", h.id, "melee"])
    assert h not in g.units
    assert g.mastery[0]["losses"] == -10 and g.mastery[1]["kills"] == 4 + 2
    assert g.board.live_husks() == [(0, 10, 10)]
    assert g.relic_deck[-1].name == "Crown"  # the relic goes under the relic deck
    assert g.defeats[0].relic_lost and g.defeats[0].by == 1


def test_the_empty_deck_loss():
    g = scene([])
    g.players[0].deck = [g.players[0].band.deck[0]]  # one card; the refresh draws two
    from rules.engine.malediction.sim.game import _Over
    with pytest.raises(_Over):
        g._refresh()
    assert g.result.win_type == "deck_out" and g.result.winner == 1
    assert g.players[0].deck == []


def test_threshold_ties_play_on():
    g = scene([])
    g.mastery[0]["relics"] = g.mastery[1]["relics"] = 40
    assert g._victory_check() is False and g.result is None
    g.mastery[1]["kills"] = 3
    assert g._victory_check() is True
    assert (g.result.winner, g.result.win_type, g.result.mastery) == (1, "threshold", (40, 43))


def test_reinforcement_within_1_inch_of_an_unengaged_unit_from_an_earlier_round():
    g = scene([(card("Beast"), 0, 15, 15), (card("Berserker"), 0, 20, 15),
               (card("Foe"), 1, 21.5, 15)])
    p = g.players[0]
    p.hand = [card("Raider", cost=6), card("Raider", cost=6)]
    p.echo = 18
    # Near the Beast (unengaged): fine. Near the engaged Berserker: refused.
    g.commanders[0] = Scripted(deploy=[[["unit", 0, 16.5, 15]]])
    g._deploy_player(p)
    assert p.echo == 12 and len(g.units) == 4
    g.commanders[0] = Scripted(deploy=[[["unit", 0, 20, 16.5]]])
    with pytest.raises(IllegalCommand, match="zone or within 1"):
        g._deploy_player(p)


def test_deploy_spends_echo_and_items_go_on_units():
    g = scene([])
    p = g.players[0]
    from rules.engine.malediction.cards import Item, Rank
    p.hand = [card("Tarok", cost=2), card("Berserker", cost=7), Item("Sandals", 3, Rank.BASIC)]
    p.echo = 18
    g.commanders[0] = Scripted(deploy=[[["unit", 0, 2, 2], ["unit", 1, 3.5, 1],
                                        ["item", 2, ["new", 1]]]])
    g._deploy_player(p)
    assert p.echo == 6 and p.hand == []  # the rulebook's deploy example: 18 - 2 - 7 - 3
    assert g.units[-1].item.name == "Sandals" and g.units[-1].worth == 10
    g.commanders[0] = Scripted(deploy=[[["unit", 0, 2, 2]]])
    p.hand = [card("Costly", cost=7)]
    with pytest.raises(IllegalCommand, match="costs 7"):
        g._deploy_player(p)


def test_push_stops_at_an_obstacle():
    g = scene([(card("Brute", abilities=("Knockback 3: pushes.",)), 0, 10, 10),
               (card("Target", hp=20), 1, 11.5, 10)], pieces=[(13.2, 5, 14, 15, False)],
              dice=[15])
    b, t = g.units
    g.perform(b, ["attack", t.id, "melee"])
    assert t.x == pytest.approx(13.2 - t.r, abs=0.11) and t.y == 10


def test_onslaught_makes_three_attacks_and_regeneration_heals():
    rav = card("Ravager", abilities=("Onslaught (2AP): three melee attacks.",
                                     "Regeneration 2: heals.",))
    g = scene([(rav, 0, 10, 10), (card("T", hp=30, defense=5), 1, 11.5, 10)],
              dice=[10, 10, 10])
    r, t = g.units
    r.damage = 3
    g.commanders[0] = Scripted(action=[["onslaught"], ["pass"]], target=[t.id])
    g._activate(r)
    assert r.damage == 1 and len(kinds(g, "attack")) == 3


def test_unknown_abilities_are_listed_not_modelled():
    from rules.engine.malediction.sim import simulate
    from rules.engine.malediction.sim.sample import sample_match
    result = simulate(sample_match(), 2)
    assert any("Foresight" in t for t in result.not_modelled)
    assert not any("Regeneration" in t for t in result.not_modelled)


def test_allegiance_teams_alternate_one_activation_per_player():
    units = [(card(f"U{p}{k}"), p, 3 + 6 * p + k * 1.5, 3 + 6 * k) for p in range(4)
             for k in range(2)]
    g = scene(units, mode="allegiance")
    for c in g.commanders:
        c.script = {"first": [0]}
    g._action_phase()
    owners = [g.by_id[e[1]].owner for e in g.events if e[0] == "act"]
    # Sides alternate; within a side its two players take turns.
    assert owners == [0, 2, 1, 3, 0, 2, 1, 3]


def test_nemesis_refreshes_round_number_units_once_and_deploys_a_free_unit():
    units = [(card("Union A"), 0, 3, 3), (card("Union B"), 1, 6, 3),
             (card("Nem 1"), 2, 27, 27), (card("Nem 2"), 2, 24, 27), (card("Nem 3"), 2, 21, 27)]
    g = scene(units, mode="nemesis", round_=2)
    for c in g.commanders:
        c.script = {"first": [1]}
    for u in g.units:
        if u.owner == 2:
            u.exhausted = True
    g._action_phase()
    acts = [g.by_id[e[1]].owner for e in g.events if e[0] == "act"]
    assert acts.count(2) == 2 and [e for e in g.events if e[0] == "nrefresh"]
    # The Nemesis plays one Basic or Elite unit a deploy phase for no echo.
    p = g.players[2]
    p.hand = [card("Free", cost=5), card("Paid", cost=4)]
    p.echo = 4
    g.zones[2] = [2, 3]
    g.commanders[2] = Scripted(deploy=[[["unit", 0, 28, 28], ["unit", 1, 2.5, 27.5]]])
    g._deploy_player(p)
    assert p.echo == 0 and p.free_deploy_round == 2


def test_nemesis_bids_count_double_and_draws_three():
    from rules.engine.malediction.sim import Game
    from rules.engine.malediction.sim.sample import sample_match
    match = sample_match("nemesis")
    g = Game(match, 1, [Scripted() for _ in range(3)])
    assert g.mode.draw_per_refresh(1) == 3
    p = g.players[2]
    assert g._bid_value(2, card(cost=3)) == 6 and g._bid_value(0, card(cost=3)) == 3
    deck = len(p.deck)
    g.round = 2
    g._initiative_bid = lambda: None
    g._refresh()
    assert len(p.deck) == deck - 3 and len(g.players[0].deck) == len(match.bands[0].deck) - 2
