"""Every Campaign Upgrade, Injury and faction Injury is declared: applied (the test named
here shows it) or table-only (``rules/table_only.py``, with the reason), like the
Fortifications in ``tests/aftermath/test_campaign_simulation.py``. A new row that is
neither, an entry in both, a key the tables no longer hold, or a named test that
disappeared fails here."""

from pathlib import Path

import pytest

from rules import table_only, tables
from rules.engine.simulation.abilities import Talents, apply_ability
from rules.engine.simulation.crews import (
    CAMPAIGN_UPGRADE_TALENTS,
    INJURY_TALENTS,
    modifier_from_campaign_upgrade,
    modifier_from_injury,
)

TESTS = Path(__file__).resolve().parents[1]
HERE = "campaign/test_declared_effects.py::"
STATS = HERE + "test_stat_effects_reach_the_stat_line_and_the_simulator"
TALENT = HERE + "test_talents_are_abilities_the_simulator_models"
ACTION = HERE + "test_granted_actions_reach_the_stat_card_and_the_simulator"
ONE_USE = "aftermath/test_one_use_items.py::test_items_are_offered_used_once_and_annihilated"

#: Campaign Upgrades the app applies, and the test that shows each.
APPLIED_UPGRADES = {
    "good-lead": "aftermath/test_one_use_items.py::"
                 "test_good_lead_moves_a_barter_card_once_and_is_annihilated",
    "lucky-gremlins-foot": "aftermath/test_lucky_foot.py::"
                           "test_the_foot_moves_the_injury_result_once_and_is_annihilated",
    "change-of-station": "aftermath/test_wizard.py::test_change_of_station_uses_no_skill_slot",
    "coffee": ONE_USE, "whiskey": ONE_USE, "soulstone-ale": ONE_USE, "dynamite": ONE_USE,
    "hydraulics": ONE_USE,
    "healing-salve": "aftermath/test_one_use_items.py::"
                     "test_healing_salve_and_field_repairs_remove_an_injury",
    "tough-as-nails": "encounters/test_tracker_rules.py::"
                      "test_tough_as_nails_sets_the_finished_off_threshold_from_the_skill",
    "those-who-thirst": "aftermath/test_wizard.py::"
                        "test_the_those_who_thirst_flip_may_be_cheated_from_the_hand",
    **dict.fromkeys(("arcane-background", "fortitude-of-mind", "agility", "duelist",
                     "sharpshooter", "quick-reflexes", "extended-blade"), STATS),
    **dict.fromkeys(CAMPAIGN_UPGRADE_TALENTS, TALENT),
    **dict.fromkeys(("can-o-beans", "clockwork-seeker", "expanded-palate", "flammenwerfer",
                     "collier-pistol", "katanas", "berserk", "ancient-scrolls",
                     "fan-the-hammer", "quick-study", "greatsword", "bionic-legs",
                     "relic-hammer", "gatling-gun"), ACTION),
}

#: Injuries of the general chart the app applies.
APPLIED_INJURIES = {
    "black-joker": "rules/engine/test_aftermath.py::test_black_joker_flips_twice_more",
    "red-joker": "rules/engine/test_aftermath.py::test_red_joker_flips_on_the_crews_faction_chart",
    "knocked-out": "aftermath/test_wizard.py::test_knocked_out_sits_out_the_next_game",
    "shaken": "aftermath/test_automatic.py::test_shaken_wears_off_after_the_next_game",
    "wanted": "aftermath/test_injury_events.py::"
              "test_wanted_pays_the_opponent_once_and_is_annihilated",
    "accident-prone": "encounters/test_tracker_rules.py::"
                      "test_accident_prone_is_finished_off_without_a_flip",
    "big-head": "encounters/test_campaign_game_rules.py::"
                "test_big_head_and_lowered_expectations_change_the_hire_and_the_size",
    **dict.fromkeys(("amputation", "hearing-voices", "crippling-pain", "slowed-reflexes",
                     "broken-arm", "fractured-wrist", "missing-fingers"), STATS),
    **{k: TALENT for k in INJURY_TALENTS if k != "metal-patchwork-armor" and k != "shaken"},
}

#: Faction Injuries the app applies.
APPLIED_FACTION_INJURIES = {
    "metal-patchwork-armor": TALENT,
    "steamborg-executioner": "aftermath/test_faction_choices.py::"
                             "test_steamborg_executioner_is_offered_and_swaps_in_howard_langston",
    "the-chosen": "aftermath/test_faction_choices.py::"
                  "test_the_chosen_declined_attaches_nothing_and_taken_leads",
    "doppelganger": "aftermath/test_faction_injuries.py::"
                    "test_doppelganger_adds_one_copy_but_not_for_a_master",
    "spirit": "aftermath/test_faction_injuries.py::test_spirit_halves_wd_rounded_up_once",
    "deep-pockets": "aftermath/test_extra_barter_flips.py::"
                    "test_deep_pockets_on_a_model_still_in_play",
    "lowered-expectations": "encounters/test_campaign_game_rules.py::"
                            "test_big_head_and_lowered_expectations_change_the_hire_and_the_size",
    "out-of-the-fire": STATS,
    "the-scavenger": "encounters/test_tracker_rules.py::"
                     "test_the_scavengers_kills_are_finished_off_without_a_flip",
}


def _faction_rows():
    return [row for code in tables.FACTIONS for row in tables.faction_injury_chart(code).rows]


CHARTS = [
    ("upgrades", lambda: tables.campaign_upgrades().rows, APPLIED_UPGRADES, table_only.UPGRADES),
    ("injuries", lambda: tables.injury_chart().rows, APPLIED_INJURIES, table_only.INJURIES),
    ("faction injuries", _faction_rows, APPLIED_FACTION_INJURIES, table_only.FACTION_INJURIES),
]


@pytest.mark.parametrize(("what", "rows", "applied", "declared"), CHARTS,
                         ids=[c[0] for c in CHARTS])
def test_every_entry_is_applied_or_declared_table_only(what, rows, applied, declared):
    keys = {row.key for row in rows()}
    both = set(applied) & set(declared)
    assert not both, f"{what} both applied and table-only: {sorted(both)}"
    neither = keys - set(applied) - set(declared)
    assert not neither, f"{what} neither applied nor declared table-only: {sorted(neither)}"
    stale = (set(applied) | set(declared)) - keys
    assert not stale, f"{what} declared but not in the tables: {sorted(stale)}"
    assert all(str(reason).strip() for reason in declared.values())


def test_every_applied_entry_names_a_test_that_exists():
    for applied in (APPLIED_UPGRADES, APPLIED_INJURIES, APPLIED_FACTION_INJURIES):
        for key, test in applied.items():
            module, name = test.split("::")
            assert f"def {name}(" in (TESTS / module).read_text(), (key, test)


def _row(key):
    every = [*tables.campaign_upgrades().rows, *tables.injury_chart().rows, *_faction_rows()]
    return next(r for r in every if r.key == key)


def test_stat_effects_reach_the_stat_line_and_the_simulator():
    """Stat changes are copied onto the attached row and summed by the stat line (tested
    for the sheet in tests/campaign/test_arsenal_changes.py and test_stat_caps.py); the
    simulator reads the same numbers."""
    from rules.engine.stat_line import Effect, effective_stat_line

    for applied in (APPLIED_UPGRADES, APPLIED_INJURIES, APPLIED_FACTION_INJURIES):
        for key in (k for k, t in applied.items() if t == STATS):
            row = _row(key)
            effects = dict(row.stat_effects or {})
            assert effects, key
            base = dict.fromkeys(("wk", "cg", "ht", "wp", "df", "wd", "ml", "sh", "ca"), 5)
            line = effective_stat_line({**base, "cost": 6}, [Effect(row.name, effects, {})])
            for stat, change in effects.items():
                if stat not in line.stats and stat not in ("ml", "sh", "ca"):
                    continue  # a range: the stat card shows it on the action
                now = line.stats[stat].value if stat in line.stats else \
                    line.action_value(stat, 5)
                assert now != (6 if stat == "cost" else 5) or not change, (key, stat)
            make = modifier_from_injury if key in {r.key for r in (
                *tables.injury_chart().rows, *_faction_rows())} else modifier_from_campaign_upgrade
            assert dict(make(row).stat_effects) == effects, key


def test_talents_are_abilities_the_simulator_models():
    for applied, talents, make in (
            (APPLIED_UPGRADES, CAMPAIGN_UPGRADE_TALENTS, modifier_from_campaign_upgrade),
            (APPLIED_INJURIES, INJURY_TALENTS, modifier_from_injury),
            (APPLIED_FACTION_INJURIES, INJURY_TALENTS, modifier_from_injury)):
        for key in (k for k, t in applied.items() if t == TALENT):
            assert apply_ability(Talents(), talents[key]) not in (None, Talents()), key
            assert make(_row(key)).abilities[0]["name"] == talents[key], key


def test_granted_actions_reach_the_stat_card_and_the_simulator():
    for key in (k for k, t in APPLIED_UPGRADES.items() if t == ACTION):
        row = _row(key)
        assert row.action is not None, key
        assert modifier_from_campaign_upgrade(row).actions[0]["name"] == row.action.name, key
