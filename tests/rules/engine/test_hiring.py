"""Hiring rules as plain Python: every refusal of the starting arsenal and New Hires."""

from rules.engine.hiring import (
    CardInfo,
    UpgradeInfo,
    hire_cost,
    leader_cost,
    model_refusals,
    new_hire_costs,
    plan_starting_arsenal,
    upgrade_refusals,
    upgrade_scrip_cost,
)

GUILD = frozenset({"guild"})


def card(name, station="minion", cost=5, factions=GUILD, **kw):
    return CardInfo(id=hash(name) % 10_000, name=name, factions=frozenset(factions),
                    station=station, cost=cost, **kw)


CAPTAIN = card("Captain", "henchman", 8, cache=2)
LIEUTENANT = card("Lieutenant", "henchman", 0, cache=3)
MARSHAL = card("Marshal", "master", None, cache=3)
GUARD = card("Guard")
SERGEANT = card("Sergeant", "enforcer", 8)
HOUND = card("Hound", cost=4, rare_limit=2)
OWL = card("Owl", cost=3, is_totem=True, totem_of="Marshal")
LANTERN = card("Lantern", cost=2, is_totem=True)
DRIFTER = card("Drifter", "enforcer", 6, factions={"outcasts"}, is_mercenary=True)
IMP = card("Imp", factions={"neverborn"})


def plan(leader=CAPTAIN, models=(), budget=35, **kw):
    return plan_starting_arsenal(faction="guild", leader=leader, models=list(models),
                                 budget=budget, **kw)


def test_legal_arsenal_costs_and_scrip():
    result = plan(models=[GUARD, GUARD, SERGEANT, HOUND, HOUND])
    assert result.is_legal, result.refusals
    assert result.total == 8 + 5 + 5 + 8 + 4 + 4 == 34
    assert result.starting_scrip == 1


def test_unspent_soulstones_become_at_most_three_scrip():
    assert plan(models=[GUARD]).starting_scrip == 3


def test_zero_cost_henchman_leads_at_thirteen_minus_cache():
    assert leader_cost(LIEUTENANT) == 10
    assert plan(leader=LIEUTENANT, models=[GUARD]).total == 15


def test_leader_must_be_a_henchman_of_the_faction():
    assert "only a Henchman or Master leads" in " ".join(plan(leader=GUARD).refusals)
    outsider = card("Witch", "henchman", 7, factions={"neverborn"})
    assert any("cannot lead" in r for r in plan(leader=outsider).refusals)
    assert any("Henchman" in r for r in plan(leader=MARSHAL).refusals)
    assert any("Choose a Leader" in r for r in plan(leader=None).refusals)


def test_masters_from_start_needs_a_free_master():
    result = plan(leader=MARSHAL, models=[GUARD], masters_from_start=True)
    assert result.is_legal and result.total == 5
    assert any("Master" in r for r in plan(leader=CAPTAIN, masters_from_start=True).refusals)


def test_no_masters_in_the_arsenal_and_only_faction_or_mercenaries():
    refusals = " ".join(plan(models=[MARSHAL, IMP]).refusals)
    assert "Masters join only as Leader" in refusals
    assert "neither in the crew's faction nor a Mercenary" in refusals


def test_out_of_faction_mercenary_costs_one_more_and_at_most_two():
    assert hire_cost(DRIFTER, "guild") == 7
    assert hire_cost(DRIFTER, "outcasts") == 6
    ok = plan(models=[DRIFTER, DRIFTER], budget=40)
    assert ok.is_legal and ok.total == 8 + 14
    assert any("At most 2 Mercenaries" in r
               for r in plan(models=[DRIFTER] * 3, budget=60).refusals)


def test_rare_and_totem_limits():
    assert any("Rare 2" in r for r in plan(models=[HOUND] * 3).refusals)
    assert any("Totem of Marshal" in r for r in plan(models=[OWL]).refusals)
    assert plan(leader=MARSHAL, models=[OWL], masters_from_start=True).is_legal
    assert any("only one Totem" in r for r in plan(models=[LANTERN, LANTERN]).refusals)


def test_over_budget_is_refused():
    result = plan(models=[SERGEANT] * 4)
    assert any("budget is 35" in r for r in result.refusals)


def test_one_non_campaign_upgrade_that_fits_a_model():
    badge = UpgradeInfo(id=1, name="Badge", factions=GUILD, cost=1)
    assert plan(models=[GUARD], upgrade=badge, upgrade_on=CAPTAIN).is_legal
    on_minion = plan(models=[GUARD], upgrade=badge, upgrade_on=GUARD)
    assert any("cannot take upgrades" in r for r in on_minion.refusals)
    campaign = UpgradeInfo(id=2, name="Skill", cost=0, is_campaign=True)
    assert any("Campaign upgrade" in r
               for r in plan(models=[GUARD], upgrade=campaign, upgrade_on=CAPTAIN).refusals)
    thorns = UpgradeInfo(id=3, name="Thorns", factions=frozenset({"neverborn"}))
    assert any("faction" in r
               for r in plan(models=[GUARD], upgrade=thorns, upgrade_on=CAPTAIN).refusals)
    missing = plan(models=[GUARD], upgrade=badge, upgrade_on=SERGEANT)
    assert any("Attach Badge to a model" in r for r in missing.refusals)
    pricey = UpgradeInfo(id=4, name="Cannon", factions=GUILD, cost=5)
    full = plan(models=[SERGEANT, SERGEANT, GUARD, GUARD], upgrade=pricey, upgrade_on=CAPTAIN)
    assert any("budget" in r for r in full.refusals)


def test_upgrade_restrictions():
    def refusals(upgrade, model=CAPTAIN, leader=CAPTAIN, on_model=(), in_crew=()):
        return " ".join(upgrade_refusals(upgrade, faction="guild", model=model, leader=leader,
                                         on_model=on_model, in_crew=in_crew))

    station_only = UpgradeInfo(id=1, name="Drill", stations=frozenset({"enforcer"}))
    assert "only for: enforcer" in refusals(station_only)
    assert refusals(station_only, model=SERGEANT) == ""
    named = UpgradeInfo(id=2, name="Heirloom", model_name="Sergeant")
    assert "only be attached to Sergeant" in refusals(named)
    leader_only = UpgradeInfo(id=3, name="Banner", leader_only=True)
    assert "crew's Leader" in refusals(leader_only, model=SERGEANT)
    led_by = UpgradeInfo(id=4, name="Oath", leader_name="Marshal")
    assert "led by Marshal" in refusals(led_by)
    limited = UpgradeInfo(id=5, name="Trick", limited=True)
    other_limited = UpgradeInfo(id=6, name="Ruse", limited=True)
    assert "Limited" in refusals(limited, on_model=[other_limited])
    rare = UpgradeInfo(id=7, name="Relic", rare=1)
    assert "Rare 1" in refusals(rare, in_crew=[rare])
    assert "already has Trick" in refusals(limited, on_model=[limited])
    full = [UpgradeInfo(id=10 + i, name=f"U{i}") for i in range(2)]
    assert "station's limit" in refusals(UpgradeInfo(id=20, name="Third"), on_model=full)


def test_new_hire_costs_discount_and_double_upgrades():
    assert new_hire_costs([GUARD, SERGEANT], "guild") == [0, 8]  # both save 5: first listed
    assert new_hire_costs([card("Tiny", cost=2), SERGEANT], "guild") == [2, 3]
    assert new_hire_costs([card("Tiny", cost=2)], "guild") == [0]
    assert new_hire_costs([], "guild") == []
    assert upgrade_scrip_cost(UpgradeInfo(id=1, name="Free", cost=0)) == 2
    assert upgrade_scrip_cost(UpgradeInfo(id=2, name="Pricey", cost=3)) == 6


def test_model_refusals_for_later_hires_count_the_arsenal():
    assert model_refusals(HOUND, faction="guild", leader=CAPTAIN, others=[HOUND]) == []
    assert model_refusals(HOUND, faction="guild", leader=CAPTAIN, others=[HOUND, HOUND])
