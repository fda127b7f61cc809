"""The nineteen Schemes and the seven Faction Schemes scored on hand-built positions
(rulebook CH 4 Schemes, CH 5 FACTION SCHEMES, WINNING THE ENCOUNTER, VICTORY POINT LIMITS).

Standard Deployment: crew A's zone is y <= 6 (south), crew B's y >= 30; the Centerline is
y = 18. ``_end`` runs the end-of-game scoring; ``_turn`` one End Phase's Scheme scoring.
"""

from __future__ import annotations

from rules.engine.simulation import ScriptedCommander
from rules.engine.simulation.commands import Attack, Interact

from .scenes import act, boss, card, kinds, scene, stack, terrain


def _vp(game, key: str, side: int = 0) -> int:
    return game.state.sides[side].score.scheme_total(key)


def _end(game) -> None:
    game.scoring.end_game()


def _turn(game, turn: int) -> None:
    game.state.turn = turn
    game.scoring.end_of_turn(turn)


def _markers(game, side: int, *points) -> None:
    for x, y in points:
        game.state.add_marker("scheme", side, x, y)


def _scheme(key, revealed=None, **noted):
    out = {"key": key, "noted": noted}
    if revealed is not None:
        out["revealed"] = revealed
    return out


HENCH = card("Hench", station="henchman", cost=8, wd=10)
ENFORCER = card("Enforcer", station="enforcer", cost=7, wd=8)
MINION = card("Minion", station="minion", cost=5)
PEON = card("Peon", station="peon", cost=2)
UNDEAD = card("Shambler", characteristics=["Undead"], cost=4)


def test_a_line_in_the_sand_four_markers_on_the_centerline_and_the_reveal_bonus():
    for revealed, points, expected in (
            (False, [(4, 18), (10, 18.4), (16, 17.6), (22, 18)], 2),
            (True, [(4, 18), (10, 18.4), (16, 17.6), (22, 18)], 3),
            (True, [(4, 18), (10, 18.4)], 1),
            (False, [(4, 18), (10, 18.4), (16, 17.6), (22, 19.0)], 0)):
        game = scene([("boss", boss(), (5.0, 3.0))],
                     schemes_a=(_scheme("a-line-in-the-sand", revealed), "distract"))
        _markers(game, 0, *points)
        _end(game)
        assert _vp(game, "a-line-in-the-sand") == expected, (revealed, points)


def test_distract_one_vp_each_turn_with_two_distracted_enemies():
    game = scene([("boss", boss(), (5.0, 3.0))],
                 [("bb", boss(), (18.0, 33.0)), ("b1", MINION, (10.0, 33.0)),
                  ("b2", MINION, (12.0, 33.0))], schemes_a=("distract", "breakthrough"))
    st = game.state
    game.give(st.model("b1"), "distracted")
    _turn(game, 1)
    assert _vp(game, "distract") == 0
    game.give(st.model("b2"), "distracted")
    _turn(game, 1)
    _turn(game, 2)
    assert _vp(game, "distract") == 2


def test_distract_and_cursed_object_need_a_non_peon_target_within_1_inch():
    game = scene([("boss", boss(), (10.0, 10.0))],
                 [("peon", PEON, (11.5, 10.0)), ("far", MINION, (13.0, 10.0))],
                 schemes_a=("distract", "cursed-object"))
    from rules.engine.simulation.actions import check

    m = act(game, "boss")
    assert "non-Peon" in check(game, m, Interact("distract", target="peon"))
    assert "within 1" in check(game, m, Interact("cursed_object", target="far"))


def test_breakthrough_markers_within_6_inches_of_the_enemy_zone():
    for revealed, expected in ((False, 2), (True, 3)):
        game = scene([("boss", boss(), (5.0, 3.0))],
                      schemes_a=(_scheme("breakthrough", revealed), "distract"))
        _markers(game, 0, (5, 24.6), (15, 28), (25, 20))  # the third is 9.4" away
        _end(game)
        assert _vp(game, "breakthrough") == expected


def test_assassinate_three_vp_by_turn_four_two_after_and_revealed_then():
    for turn, expected in ((4, 3), (5, 2)):
        game = scene([("boss", boss(), (10.0, 10.0))], [("bb", boss(wd=1, df=1), (11.5, 10.0))],
                     schemes_a=("assassinate", "distract"), turn=turn)
        stack(game, 0, ["13R", "9T"])
        stack(game, 1, ["1T"])
        act(game, "boss", Attack("Blade", "bb"))
        assert _vp(game, "assassinate") == expected
        assert ["reveal", 0, "assassinate", turn] in kinds(game, "reveal")


def test_protect_territory_guarded_markers_away_from_the_own_zone():
    game = scene([("boss", boss(), (10.0, 14.0)), ("a1", MINION, (20.0, 14.0)),
                  ("peon", PEON, (30.0, 14.0))],
                 [("bb", boss(), (21.0, 15.5)), ("b1", MINION, (19.0, 15.5))],
                 schemes_a=(_scheme("protect-territory", True), "distract"))
    _markers(game, 0, (10.0, 12.6), (20.0, 12.6), (30.0, 12.6), (25.0, 8.0), (5.0, 5.0))
    _end(game)
    # (10, 12.6) guarded by the boss; (20, 12.6) has more enemies than friends near it;
    # (30, 12.6) only a Peon; (25, 8) nobody; (5, 5) is in the own zone.
    assert _vp(game, "protect-territory") == 1


def test_bodyguard_scores_from_turn_four_once_revealed_and_at_the_end():
    game = scene([("boss", boss(), (5.0, 3.0)), ("guard", HENCH, (10.0, 16.0))],
                 schemes_a=(_scheme("bodyguard", True, model="guard"), "distract"))
    _turn(game, 3)
    assert _vp(game, "bodyguard") == 0
    _turn(game, 4)
    _turn(game, 5)
    assert _vp(game, "bodyguard") == 2
    _end(game)
    assert _vp(game, "bodyguard") == 3  # in play with more than half its Wounds


def test_bodyguard_does_not_score_near_the_zone_or_unrevealed():
    commanders = (ScriptedCommander(answers={"end_of_turn": None}), ScriptedCommander())
    game = scene([("boss", boss(), (5.0, 3.0)), ("guard", HENCH, (10.0, 10.0))],
                 schemes_a=(_scheme("bodyguard", True, model="guard"), "distract"))
    _turn(game, 4)
    assert _vp(game, "bodyguard") == 0  # only 3.4" from the zone
    game = scene([("boss", boss(), (5.0, 3.0)), ("guard", HENCH, (10.0, 20.0))],
                 schemes_a=(_scheme("bodyguard", False, model="guard"), "distract"),
                 commanders=commanders)
    _turn(game, 4)
    assert _vp(game, "bodyguard") == 0


def test_cursed_object_ends_the_condition_on_one_enemy_for_one_vp():
    commanders = (ScriptedCommander(answers={"end_of_turn": lambda key, opts: opts[0]}),
                  ScriptedCommander())
    game = scene([("boss", boss(), (5.0, 3.0))], [("bb", boss(), (18.0, 33.0))],
                 schemes_a=("cursed-object", "distract"), commanders=commanders)
    bb = game.state.model("bb")
    game.give(bb, "cursed_object")
    _turn(game, 1)
    assert _vp(game, "cursed-object") == 0  # only from Turn 2
    _turn(game, 2)
    assert _vp(game, "cursed-object") == 1 and "cursed_object" not in bb.conditions


def test_outflank_models_on_the_centerline_near_its_ends():
    game = scene([("boss", boss(), (1.5, 18.0)), ("a1", MINION, (34.4, 18.3)),
                  ("a2", MINION, (30.0, 10.0))],
                 schemes_a=(_scheme("outflank", True), "distract"))
    _end(game)
    assert _vp(game, "outflank") == 3
    game = scene([("boss", boss(), (1.5, 18.0)), ("a1", MINION, (34.4, 18.3))],
                 [("bb", boss(), (1.5, 19.6))], schemes_a=("outflank", "distract"))
    _end(game)
    assert _vp(game, "outflank") == 1  # the boss is engaged


def test_plant_evidence_terrain_touched_by_markers_in_the_enemy_half():
    pieces = [terrain(1, 10.0, 24.0, 3.0, 3.0, "severe", ht=0),
              terrain(2, 20.0, 24.0, 3.0, 3.0, "severe", ht=0),
              terrain(3, 10.0, 8.0, 3.0, 3.0, "severe", ht=0)]
    game = scene([("boss", boss(), (5.0, 3.0))], terrain=pieces,
                 schemes_a=(_scheme("plant-evidence", True), "distract"))
    _markers(game, 0, (11.5, 23.4), (23.6, 25.0), (11.5, 11.6), (30.0, 30.0))
    _end(game)
    assert _vp(game, "plant-evidence") == 3  # two pieces, revealed


def test_entourage_the_chosen_model_in_the_enemy_half_or_zone():
    for spot, revealed, expected in (((10.0, 32.0), False, 2), ((10.0, 32.0), True, 3),
                                     ((10.0, 22.0), False, 1), ((10.0, 12.0), True, 0)):
        game = scene([("boss", boss(), spot)],
                     schemes_a=(_scheme("entourage", revealed, model="boss"), "distract"))
        _end(game)
        assert _vp(game, "entourage") == expected


def test_vendetta_first_attack_and_the_kill():
    game = scene([("boss", boss(), (5.0, 3.0)), ("hero", card("Hero", cost=7), (10.0, 10.0))],
                 [("bb", boss(), (18.0, 33.0)), ("rival", card("Rival", cost=8, wd=2, df=1),
                                                  (11.5, 10.0))],
                 schemes_a=(_scheme("vendetta", friendly="hero", enemy="rival"), "distract"))
    stack(game, 0, ["13R", "9T"])
    stack(game, 1, ["1T"])
    act(game, "hero", Attack("Blade", "rival"))
    assert _vp(game, "vendetta") == 3  # 1 for the first Attack, then 3 for the kill in all
    assert game.state.sides[0].scheme("vendetta").revealed


def test_vendetta_scores_nothing_when_the_first_attack_is_elsewhere():
    game = scene([("boss", boss(), (5.0, 3.0)), ("hero", card("Hero", cost=7), (10.0, 10.0))],
                 [("bb", boss(), (18.0, 33.0)), ("rival", card("Rival", cost=8), (20.0, 20.0)),
                  ("other", card("Other", wd=20), (11.5, 10.0))],
                 schemes_a=(_scheme("vendetta", friendly="hero", enemy="rival"), "distract"))
    act(game, "hero", Attack("Blade", "other"))
    assert _vp(game, "vendetta") == 0


def test_plant_explosives_counts_enemies_near_markers_then_removes_those_markers():
    commanders = (ScriptedCommander(answers={"end_of_turn": lambda key, opts: "reveal"}),
                  ScriptedCommander())
    game = scene([("boss", boss(), (5.0, 3.0))],
                 [("bb", boss(), (18.0, 30.0)), ("b1", MINION, (20.0, 30.0)),
                  ("b2", MINION, (30.0, 20.0))],
                 schemes_a=("plant-explosives", "distract"), commanders=commanders)
    _markers(game, 0, (19.0, 27.5), (5.0, 20.0))
    _turn(game, 2)
    assert _vp(game, "plant-explosives") == 2
    assert [(mk.x, mk.y) for mk in game.state.markers_of("scheme", 0)] == [(5.0, 20.0)]
    _turn(game, 3)
    assert _vp(game, "plant-explosives") == 2  # once per game


def test_make_them_suffer_a_master_killing_a_minion_and_no_minions_left():
    game = scene([("boss", boss(), (10.0, 10.0))],
                 [("bb", boss(), (18.0, 33.0)), ("b1", card(wd=1, df=1), (11.5, 10.0))],
                 schemes_a=("make-them-suffer", "distract"), turn=2)
    stack(game, 0, ["13R", "9T"])
    stack(game, 1, ["1T"])
    act(game, "boss", Attack("Blade", "b1"))
    _turn(game, 2)
    assert _vp(game, "make-them-suffer") == 1
    assert game.state.sides[0].scheme("make-them-suffer").revealed
    _turn(game, 3)  # no enemy Minions or Peons left
    assert _vp(game, "make-them-suffer") == 2


def test_deliver_a_message_two_vp_or_three_when_revealed_at_the_start():
    for revealed, expected in ((False, 2), (True, 3)):
        game = scene([("boss", boss(), (5.0, 3.0)), ("courier", MINION, (10.0, 10.0))],
                     [("bb", boss(), (11.5, 10.0))],
                     schemes_a=(_scheme("deliver-a-message", revealed), "distract"))
        m = act(game, "courier", Interact("deliver", target="bb"))
        assert _vp(game, "deliver-a-message") == expected
        from rules.engine.simulation.actions import check

        game.ap = 2
        assert "already" in check(game, m, Interact("deliver", target="bb"))


def test_take_prisoner_engaged_and_alone():
    game = scene([("boss", boss(), (5.0, 3.0)), ("jailer", MINION, (10.0, 10.0))],
                 [("bb", boss(), (18.0, 33.0)), ("prisoner", MINION, (11.5, 10.0))],
                 schemes_a=(_scheme("take-prisoner", enemy="prisoner"), "distract"))
    _end(game)
    assert _vp(game, "take-prisoner") == 3
    game = scene([("boss", boss(), (5.0, 3.0)), ("jailer", MINION, (10.0, 10.0))],
                 [("bb", boss(), (13.5, 10.0)), ("prisoner", MINION, (11.5, 10.0))],
                 schemes_a=(_scheme("take-prisoner", enemy="prisoner"), "distract"))
    _end(game)
    assert _vp(game, "take-prisoner") == 2


def test_spring_the_trap_markers_near_the_enemy_leader():
    commanders = (ScriptedCommander(answers={"end_of_turn": lambda key, opts: "reveal"}),
                  ScriptedCommander())
    game = scene([("boss", boss(), (5.0, 3.0))], [("bb", boss(), (18.0, 30.0))],
                 schemes_a=("spring-the-trap", "distract"), commanders=commanders)
    _markers(game, 0, (18.0, 27.0), (15.0, 30.0), (5.0, 20.0))
    _turn(game, 3)
    # Two markers within 4"; the enemy has as many models in play: one more VP.
    assert _vp(game, "spring-the-trap") == 3
    assert len(game.state.markers_of("scheme", 0)) == 1


def test_murder_protege_two_vp_or_three_revealed():
    for revealed, expected in ((False, 2), (True, 3)):
        game = scene([("boss", boss(), (10.0, 10.0))],
                     [("bb", boss(), (18.0, 33.0)), ("target", card(cost=9, wd=1, df=1),
                                                     (11.5, 10.0))],
                     schemes_a=(_scheme("murder-protege", revealed, enemy="target"), "distract"))
        stack(game, 0, ["13R", "9T"])
        stack(game, 1, ["1T"])
        act(game, "boss", Attack("Blade", "target"))
        assert _vp(game, "murder-protege") == expected


def test_frame_for_murder_the_sucker_killed_by_an_enemy_master_early():
    game = scene([("boss", boss(), (5.0, 3.0)), ("sucker", card(wd=1, df=1), (10.0, 10.0))],
                 [("bb", boss(), (11.5, 10.0))],
                 schemes_a=("frame-for-murder", "distract"), turn=2)
    game.state.sides[0].scheme("frame-for-murder").noted["model"] = game.state.model("sucker").idx
    stack(game, 1, ["13R", "9T"])
    stack(game, 0, ["1T"])
    act(game, "bb", Attack("Blade", "sucker"))
    assert _vp(game, "frame-for-murder") == 3  # 2 (a Master) + 1 (before Turn 4)


def test_power_ritual_corners_with_one_in_the_own_zone():
    game = scene([("boss", boss(), (10.0, 3.0))],
                 schemes_a=(_scheme("power-ritual", False), "distract"))
    _markers(game, 0, (3.0, 3.0), (33.0, 3.0), (3.0, 33.0), (20.0, 20.0))
    _end(game)
    assert _vp(game, "power-ritual") == 2  # one own-zone corner and one far corner


def test_roundup_and_exterminate_compare_stations_in_play():
    game = scene([("boss", boss(), (5.0, 3.0)), ("e1", ENFORCER, (9.0, 3.0)),
                  ("m1", MINION, (12.0, 3.0))],
                 [("bb", boss(), (18.0, 33.0)), ("m2", MINION, (12.0, 33.0))],
                 schemes_a=(_scheme("roundup", True), "distract"))
    _end(game)
    assert _vp(game, "roundup") == 3
    game = scene([("boss", boss(), (5.0, 3.0)), ("h1", HENCH, (9.0, 3.0))],
                 [("bb", boss(), (18.0, 33.0))], faction_a="neverborn",
                 schemes_a=("exterminate", "distract"))
    _end(game)
    assert _vp(game, "exterminate") == 2


def test_spread_of_decay_two_undead_or_corpses_wholly_in_each_quarter():
    game = scene([("boss", boss(), (5.0, 3.0)), ("u1", UNDEAD, (8.0, 4.0)),
                  ("u2", UNDEAD, (30.0, 4.0)), ("u3", UNDEAD, (6.0, 30.0)),
                  ("u4", UNDEAD, (30.0, 30.0))], faction_a="resurrectionists",
                 schemes_a=("spread-of-decay", "distract"))
    st = game.state
    for x, y in ((4.0, 10.0), (32.0, 10.0), (4.0, 25.0)):
        st.add_marker("corpse", None, x, y)
    _end(game)
    assert _vp(game, "spread-of-decay") == 0  # the north-east quarter has one
    st.add_marker("corpse", None, 25.0, 25.0)
    game.state.sides[0].score = type(st.sides[0].score)(("spread-of-decay", "distract"))
    _end(game)
    assert _vp(game, "spread-of-decay") == 2


def test_gathering_power_the_most_scheme_markers_after_everything_else():
    game = scene([("boss", boss(), (5.0, 3.0))], faction_a="arcanists",
                 schemes_a=(_scheme("a-line-in-the-sand"), _scheme("gathering-power", True)))
    _markers(game, 0, (4, 18), (10, 18), (16, 18), (22, 18), (30, 30))
    _markers(game, 1, (4, 30), (10, 30))
    _end(game)
    # The line uses (and removes) four markers; one is left against two.
    assert _vp(game, "a-line-in-the-sand") == 2
    assert _vp(game, "gathering-power") == 0


def test_for_the_money_is_revealed_at_the_start_and_adds_four_soulstones():
    game = scene([("boss", boss(), (5.0, 3.0))], faction_a="outcasts",
                 schemes_a=("for-the-money", "distract"), pool=(3, 3))
    assert game.state.sides[0].pool == 7
    assert game.state.sides[0].scheme("for-the-money").revealed
    _end(game)
    assert _vp(game, "for-the-money") == 0


def test_fight_another_day_four_models_without_damage():
    game = scene([("boss", boss(), (5.0, 3.0)), ("a1", MINION, (8.0, 3.0)),
                  ("a2", MINION, (11.0, 3.0)), ("a3", MINION, (14.0, 3.0))],
                 faction_a="gremlins", schemes_a=(_scheme("fight-another-day", True), "distract"))
    _end(game)
    assert _vp(game, "fight-another-day") == 3
    game.state.model("a1").wounds -= 1
    game.state.sides[0].score = type(game.state.sides[0].score)(("fight-another-day", "distract"))
    _end(game)
    assert _vp(game, "fight-another-day") == 0


def test_watchful_eyes_two_markers_near_each_deployment_zone():
    game = scene([("boss", boss(), (5.0, 3.0))], faction_a="ten-thunders",
                 schemes_a=("watchful-eyes", "distract"))
    _markers(game, 0, (5.0, 10.0), (15.0, 10.0), (5.0, 26.0))
    _end(game)
    assert _vp(game, "watchful-eyes") == 0
    _markers(game, 0, (15.0, 26.0))
    game.state.sides[0].score = type(game.state.sides[0].score)(("watchful-eyes", "distract"))
    _end(game)
    assert _vp(game, "watchful-eyes") == 2


def test_a_scheme_never_gives_more_than_3_vp():
    game = scene([("boss", boss(), (5.0, 3.0))],
                 [("bb", boss(), (18.0, 33.0)), ("b1", MINION, (10.0, 33.0)),
                  ("b2", MINION, (12.0, 33.0))], schemes_a=("distract", "breakthrough"))
    for mid in ("b1", "b2"):
        game.give(game.state.model(mid), "distracted")
    for turn in range(1, 7):
        _turn(game, turn)
    assert _vp(game, "distract") == 3
    assert sum(e[3] for e in kinds(game, "svp")) == 3
