"""The input, the stat lines, the table and what is refused before play."""

from __future__ import annotations

import json
import math

import pytest

from rules.engine.simulation import (
    EncounterInput,
    InvalidEncounterInput,
    ModelInput,
    UnplayableEncounter,
    check_playable,
)
from rules.engine.simulation.abilities import Talents, apply_ability
from rules.engine.simulation.crews import modifier_from_upgrade_card
from rules.engine.simulation.plays import trigger_effect
from rules.engine.simulation.table import Table, TerrainPiece, generate_layout

from .builders import card as pack_card
from .builders import sample_pack, sample_setup
from .scenes import BLADE, card


def test_the_input_round_trips_through_json():
    setup = sample_setup()
    data = json.loads(json.dumps(setup.to_dict()))
    again = EncounterInput.from_dict(data)
    assert again.to_dict() == setup.to_dict()


def test_unknown_input_keys_are_refused_not_ignored():
    data = sample_setup().to_dict()
    data["weather"] = "rain"
    with pytest.raises(InvalidEncounterInput, match="weather"):
        EncounterInput.from_dict(data)


def test_a_sample_pack_card_becomes_a_stat_line():
    profile = ModelInput("x", pack_card("Sample Ice Conductor"), is_leader=True).profile
    assert (profile.station, profile.wk, profile.cg, profile.wd, profile.base_mm) == (
        "master", 5, 7, 14, 30)
    assert profile.general_ap == 3 and profile.can_use_soulstones
    assert profile.engagement_range == 2.0
    lance = profile.action("Ice Lance")
    assert (lance.kind, lance.range, lance.resist, str(lance.damage)) == (
        "spell", 10.0, "wp", "2/3/4")
    assert profile.action("Stoke the Boilers").effect == ("heal_friends", 1)
    assert any(item.startswith("Sample Ice Conductor: ability Union Card (text not read: ")
               for item in profile.not_modelled)
    assert all("Commanding Presence" not in item for item in profile.not_modelled)


def test_every_sample_pack_card_builds_and_lists_only_text_it_does_not_know():
    for raw in sample_pack()["models"]:
        profile = ModelInput("x", raw).profile
        assert profile.wd >= 1
        for item in profile.not_modelled:
            assert item.startswith(raw["name"] + ":")


def test_the_ability_registry_reads_values_from_names():
    talents = apply_ability(Talents(), "Armor +2")
    assert talents.armor == 2
    talents = apply_ability(talents, "Armor +1")
    assert talents.armor == 3  # the same ability with a value stacks
    assert apply_ability(Talents(), "Terrifying (Living) 11").terrifying_to == "living"
    assert apply_ability(Talents(), "Hard to Wound 1").hard_to_wound == 1
    assert apply_ability(Talents(), "Rush of Magic") is None


def test_trigger_texts_of_the_sample_pack_are_understood():
    texts = {t["name"]: t["text"] for m in sample_pack()["models"] for a in m.get("actions", [])
             for t in a.get("triggers", [])}
    kinds = {name: trigger_effect(name, text).kind for name, text in texts.items()}
    assert kinds == {"Deep Chill": "slow", "Lingering Magic": "lingering",
                     "Splash of Mud": "push_target", "Pinned Down": "pinned",
                     "Bad Dream": "paralyzed_if_empty_hand", "Lucky Shot": "damage",
                     "Hidden Cut": "push_self", "Rotting Touch": "poison"}


def test_an_upgrade_card_that_adds_wounds():
    upgrade = next(u for u in sample_pack()["upgrades"] if "+1 Wd" in u.get("effect", ""))
    modifier = modifier_from_upgrade_card(upgrade)
    profile = ModelInput("x", card(wd=6), modifiers=(modifier,)).profile
    assert profile.wd == 7


def test_a_text_only_upgrade_is_listed_as_not_modelled():
    modifier = modifier_from_upgrade_card({"name": "Lucky Charm", "effect": "Reflip once."})
    profile = ModelInput("x", card("Bob"), modifiers=(modifier,)).profile
    assert "Bob: upgrade Lucky Charm (text not read: 'Reflip once.')" in profile.not_modelled


def test_an_upgrade_gain_is_read_only_from_a_whole_sentence():
    conditional = modifier_from_upgrade_card({
        "name": "Risen Form", "effect": "When this model is damaged, it gains +1 Df and "
                                        "heals 2 damage."})
    assert dict(conditional.stat_effects) == {}
    plain = modifier_from_upgrade_card({
        "name": "Iron Skin", "effect": "This model gains +1 Wd. The crew may hold only one. "
                                       "Once per turn it may reflip a duel."})
    assert dict(plain.stat_effects) == {"wd": 1}
    profile = ModelInput("x", card("Bob", wd=6), modifiers=(plain, conditional)).profile
    assert profile.wd == 7 and profile.df == 5
    assert ("Bob: upgrade Iron Skin (partly played: +1 Wd; text not read: "
            "'Once per turn it may reflip a duel.')") in profile.not_modelled
    assert any(item.startswith("Bob: upgrade Risen Form (text not read: 'When this model")
               for item in profile.not_modelled)


def test_check_playable_names_every_missing_element_at_once():
    data = sample_setup().to_dict()
    data["kind"] = "story"
    data["shindig"] = "red"
    data["strategy"] = "jail-break"
    data["deployment"] = "blind"
    data["story"] = {"terrain": ["graveyard"]}
    data["crews"][1]["schemes"] = [{"key": "roundup"}, {"key": "breakthrough"}]
    with pytest.raises(UnplayableEncounter) as caught:
        check_playable(EncounterInput.from_dict(data))
    text = " | ".join(caught.value.missing)
    for expected in ("Story encounter", "Shindig", "Story Strategy 'jail-break'",
                     "Blind Deployment", "Story element 'terrain'",
                     "neverborn crew: Roundup is the Guild Faction Scheme"):
        assert expected in text
    assert len(caught.value.missing) == 6


def test_check_playable_refuses_bad_notes_and_leaders():
    data = sample_setup().to_dict()
    crew = data["crews"][0]
    crew["schemes"] = [{"key": "bodyguard", "noted": {"model": crew["models"][0]["id"]}},
                       {"key": "breakthrough"}]
    crew["models"][1]["is_leader"] = True
    with pytest.raises(UnplayableEncounter) as caught:
        check_playable(EncounterInput.from_dict(data))
    text = " | ".join(caught.value.missing)
    assert "cannot note" in text and "2 Leaders" in text


def test_a_scheme_pool_limits_the_choice_but_allows_the_own_faction_scheme():
    data = sample_setup().to_dict()
    data["scheme_pool"] = ["breakthrough", "a-line-in-the-sand", "distract", "assassinate",
                           "entourage"]
    data["crews"][0]["schemes"] = [{"key": "roundup"}, {"key": "breakthrough"}]
    data["crews"][1]["schemes"] = [{"key": "power-ritual"}, {"key": "breakthrough"}]
    with pytest.raises(UnplayableEncounter) as caught:
        check_playable(EncounterInput.from_dict(data))
    assert caught.value.missing == ("neverborn crew: Power Ritual is not in the Scheme pool",)


def test_terrain_pieces_are_checked():
    with pytest.raises(InvalidEncounterInput, match="unknown traits"):
        TerrainPiece(1, "rect", 1, 1, 2, 2, 1, frozenset({"lava"}))
    with pytest.raises(InvalidEncounterInput, match="shape"):
        TerrainPiece(1, "star", 1, 1, 2, 2, 1, frozenset())


def test_the_layout_generator_is_seeded_and_keeps_its_promises():
    first = generate_layout(7, density=0.3)
    assert first == generate_layout(7, density=0.3)
    assert first != generate_layout(8, density=0.3)
    table = Table(first, "standard")
    area = sum(p.area for p in first)
    assert 0.25 * 36 * 36 <= area <= 0.45 * 36 * 36
    for piece in first:
        assert piece.x0 >= 0 and piece.x1 <= 36 and piece.y0 >= 0 and piece.y1 <= 36
        if "impassable" in piece.traits:
            for zone in table.zones:
                for x, y in ((piece.x0, piece.y0), (piece.x1, piece.y1)):
                    assert zone.base_distance(x, y, 0) >= 2.0
    assert generate_layout(3, density=0.0) == ()


@pytest.mark.parametrize("deployment", ["standard", "corner", "flank", "close"])
def test_deployment_zones_are_opposite_and_the_centerline_splits_them(deployment):
    table = Table((), deployment)
    z0, z1 = table.zones
    assert z0.area == pytest.approx(z1.area)
    c0, c1 = z0.centroid(), z1.centroid()
    assert table.half_of(*c0) == 0 and table.half_of(*c1) == 1
    assert math.hypot(c0[0] - c1[0], c0[1] - c1[1]) > 12
    a, b = table.centerline
    assert {a[0], a[1], b[0], b[1]} <= {0.0, 18.0, 36.0}


def test_a_card_without_a_charge_stat_cannot_charge_and_upgrades_keep_it_so():
    profile = ModelInput("x", card(cg=None, actions=[BLADE])).profile
    assert profile.cg is None


def test_a_weapon_usable_at_range_or_in_melee_is_two_actions():
    from rules.engine.simulation.crews import modifier_from_campaign_upgrade

    pistol = modifier_from_campaign_upgrade({
        "key": "collier-pistol", "name": "Collier Pistol", "summary": "A pistol.",
        "action": {"name": "Collier Pistol", "ap": 1, "stat": "Sh", "value": 5,
                   "resist": "Df", "range": "10 or melee 2", "damage": "2/3/4"}})
    profile = ModelInput("x", card(actions=[BLADE]), modifiers=(pistol,)).profile
    shot, blow = profile.action("Collier Pistol"), profile.action("Collier Pistol (melee)")
    assert (shot.kind, shot.range) == ("projectile", 10.0)
    assert (blow.kind, blow.range) == ("close", 2.0)
    assert profile.engagement_range == 2.0


def test_an_attack_resisted_by_an_attack_stat_is_not_modelled():
    odd = dict(BLADE, name="Duel", resist="Ml")
    profile = ModelInput("x", card("Fencer", actions=[BLADE, odd])).profile
    assert profile.action("Duel") is None
    assert "Fencer: action Duel (an attack resisted by Ml)" in profile.not_modelled


def test_an_encounter_from_the_standard_generator_with_schemes_chosen_from_its_pool():
    from rules.engine.encounters import generate_standard
    from rules.engine.simulation import CrewInput, simulate

    cards = iter(["13R", "RJ", "4C", "9M"])  # Flank, Stake a Claim, pool of 4C and 9M
    standard = generate_standard(lambda purpose: next(cards), size=50)
    crews = [CrewInput.from_dict(c) for c in sample_setup().to_dict()["crews"]]
    crews = [CrewInput(c.name, c.faction, c.soulstone_pool, c.models) for c in crews]
    setup = EncounterInput.from_standard_setup(standard, crews)
    assert (setup.deployment, setup.strategy) == ("flank", "stake-a-claim")
    result = simulate(setup, seed=4)
    for side in result.sides:
        chosen = [s.key for s in side.schemes]
        assert len(chosen) == 2 and set(chosen) <= set(standard.scheme_pool)


def test_every_campaign_upgrade_and_injury_becomes_a_modifier():
    from rules.engine.simulation.crews import modifier_from_campaign_upgrade, modifier_from_injury
    from rules.tables import DATA_DIR

    rows = json.loads((DATA_DIR / "campaign-upgrades.json").read_text())["rows"]
    injuries = json.loads((DATA_DIR / "injuries.json").read_text())["rows"]
    listed = []
    for row in rows:
        profile = ModelInput("x", card("Vet", actions=[BLADE]),
                             modifiers=(modifier_from_campaign_upgrade(row),)).profile
        listed += profile.not_modelled
    for row in injuries:
        injured = ModelInput("x", card("Vet", wd=6, actions=[BLADE]),
                             modifiers=(modifier_from_injury(row),)).profile
        assert injured.wd == 6 + row.get("stat_effects", {}).get("wd", 0)
    metal = next(r for r in rows if r["key"] == "metal-plate")
    plated = ModelInput("x", card(), modifiers=(modifier_from_campaign_upgrade(metal),)).profile
    assert plated.talents.armor == 1
    # Rules with no number or ability to read (a Barter trick, say) are listed, not guessed.
    assert any("Good Lead" in item for item in listed)


@pytest.mark.parametrize(("key", "talents"), [
    ("thick-hide", {"regeneration": 1}),  # book: Regeneration +1
    ("jetpack", {"flight": True}),  # book: Flight
    ("grotesque-trophy", {"terrifying": 12, "terrifying_to": ""}),  # Terrifying (All) 12
    ("flak-jacket", {"thick_hide": 1}),  # Bullet Proof +1: 1 less from Sh damage
])
def test_campaign_upgrades_that_grant_a_modelled_ability_give_it(key, talents):
    from rules.engine.simulation.crews import modifier_from_campaign_upgrade
    from rules.tables import DATA_DIR

    row = next(r for r in json.loads((DATA_DIR / "campaign-upgrades.json").read_text())["rows"]
               if r["key"] == key)
    profile = ModelInput("x", card(), modifiers=(modifier_from_campaign_upgrade(row),)).profile
    assert {k: getattr(profile.talents, k) for k in talents} == talents
    assert not profile.not_modelled


def test_metal_patchwork_armor_is_armor_one():
    from rules.engine.simulation.crews import modifier_from_injury
    from rules.tables import DATA_DIR

    row = next(r for r in json.loads((DATA_DIR / "injuries-arcanists.json").read_text())["rows"]
               if r["key"] == "metal-patchwork-armor")
    profile = ModelInput("x", card(), modifiers=(modifier_from_injury(row),)).profile
    assert profile.talents.armor == 1 and not profile.not_modelled
