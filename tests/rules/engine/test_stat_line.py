"""Effective stats: effects change the stat line and the actions, with floors and caps,
and every change says what caused it. No database."""

from rules.engine.stat_line import Effect, effective_stat_line

BASE = {"wk": 5, "cg": None, "ht": 2, "wp": 5, "df": 6, "wd": 6, "cost": 5}


def test_no_effect_leaves_the_printed_line():
    line = effective_stat_line(BASE, [])
    assert line.values() == {"wk": 5, "cg": None, "ht": 2, "wp": 5, "df": 6, "wd": 6}
    assert not any(s.changed for s in line.stats.values())
    assert line.action_value("Ml", 6) == 6 and line.action_range("Ml", '1"') == '1"'


def test_effects_add_up_and_name_their_sources():
    line = effective_stat_line(BASE, [Effect("Slowed Reflexes", {"df": -1}),
                                      Effect("Quick Reflexes", {"df": 1}, {"df": 7}),
                                      Effect("Hearing Voices", {"wp": -2})])
    df, wp = line.stats["df"], line.stats["wp"]
    assert (df.base, df.value, df.changed) == (6, 6, False)
    assert [(c.source, c.delta) for c in df.changes] == [("Slowed Reflexes", -1),
                                                         ("Quick Reflexes", 1)]
    assert (wp.value, wp.changed) == (3, True)


def test_a_stat_never_falls_below_one_and_a_missing_stat_stays_missing():
    line = effective_stat_line(BASE, [Effect("A", {"ht": -5}), Effect("B", {"cg": 2}),
                                      Effect("C", {"cost": -9})])
    assert line.stats["ht"].value == 1
    assert line.stats["cg"].value is None and not line.stats["cg"].changed
    assert line.stats["cost"].value == 0


def test_a_cap_stops_a_bonus_but_never_lowers_a_stat():
    capped = effective_stat_line({**BASE, "df": 7}, [Effect("Quick Reflexes", {"df": 1},
                                                            {"df": 7})])
    assert capped.stats["df"].value == 7
    above = effective_stat_line({**BASE, "df": 8}, [Effect("Quick Reflexes", {"df": 1},
                                                           {"df": 7})])
    assert above.stats["df"].value == 8
    below = effective_stat_line(BASE, [Effect("Quick Reflexes", {"df": 1}, {"df": 7})])
    assert below.stats["df"].value == 7


def test_duel_stat_effects_change_the_actions_using_that_stat():
    line = effective_stat_line(BASE, [Effect("Duelist", {"ml": 1}, {"ml": 7}),
                                      Effect("Missing Fingers", {"ca": -1})])
    assert line.action_value("Ml", 5) == 6 and line.action_value("ml", 7) == 7
    assert line.action_value("Ca", 6) == 5 and line.action_value("Ca", 1) == 1
    assert line.action_value("Sh", 5) == 5
    assert line.action_value("Ml", None) is None
    assert [c.source for c in line.action_changes["ml"]] == ["Duelist"]


def test_melee_range_lengthens_plain_melee_ranges_only():
    line = effective_stat_line(BASE, [Effect("Extended Blade", {"melee_range": 1},
                                             {"melee_range": 3})])
    assert line.action_range("Ml", '1"') == '2"'
    assert line.action_range("Ml", '3"') == '3"'
    assert line.action_range("Sh", '12"') == '12"'
    assert line.action_range("Ml", 'Pulse 2"') == 'Pulse 2"'


def test_unknown_keys_are_ignored():
    line = effective_stat_line(BASE, [Effect("Old row", {"luck": 3, "wk": 0})])
    assert line.values()["wk"] == 5 and "luck" not in line.stats
