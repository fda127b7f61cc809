"""Arsenal entries keep their history: skills within station limits, injuries with their
stat effects, annihilation, Change of Station and Leader succession."""

import pytest
from django.core.exceptions import PermissionDenied

from campaign.models import ArsenalEvent, ArsenalModel, ArsenalUpgrade
from campaign.services import arsenal
from campaign.services.errors import CampaignError
from tests.campaign.factories import CardFactory, member

pytestmark = pytest.mark.django_db


def model_of(crew, card):
    return ArsenalModel.objects.filter(crew=crew, card=card, status="active").first()


def test_skill_limits_by_station_and_replacing_one(built_crew, roster):
    guard = model_of(built_crew, roster["minion"])  # Minion: 1 skill
    first = arsenal.add_skill(model=guard, actor=built_crew.player, key="tough",
                              name="Tough", stat_effects={"wd": 1})
    with pytest.raises(CampaignError, match="already has 1 skill"):
        arsenal.add_skill(model=guard, actor=built_crew.player, key="quick", name="Quick")
    arsenal.add_skill(model=guard, actor=built_crew.player, key="quick", name="Quick",
                      replaces=first)
    first.refresh_from_db()
    assert first.status == ArsenalUpgrade.Status.ANNIHILATED
    with pytest.raises(CampaignError, match="already has Quick"):
        arsenal.add_skill(model=guard, actor=built_crew.player, key="quick", name="Quick")


def test_peons_learn_no_skills(built_crew, roster):
    peon = ArsenalModel.objects.create(crew=built_crew, card=roster["peon"], station="peon")
    with pytest.raises(CampaignError, match="cannot learn skills"):
        arsenal.add_skill(model=peon, actor=built_crew.player, key="x", name="X")


def test_injuries_change_stats_never_below_one_and_duplicates_give_nothing(built_crew, roster):
    guard = model_of(built_crew, roster["minion"])
    arsenal.add_injury(model=guard, actor=built_crew.player, key="hearing-voices",
                       name="Hearing Voices", stat_effects={"wp": -2})
    arsenal.add_injury(model=guard, actor=built_crew.player, key="weak-mind",
                       name="Weak Mind", stat_effects={"wp": -9})
    assert arsenal.effective_stats(guard)["wp"] == 1
    again = arsenal.add_injury(model=guard, actor=built_crew.player, key="hearing-voices",
                               name="Hearing Voices", stat_effects={"wp": -2})
    assert again.duplicate and again.upgrade is None


def test_one_injury_past_the_maximum_annihilates_with_skills(built_crew, roster):
    guard = model_of(built_crew, roster["minion"])  # Minion: 2 injuries
    arsenal.add_skill(model=guard, actor=built_crew.player, key="tough", name="Tough")
    for key in ("a", "b"):
        assert not arsenal.add_injury(model=guard, actor=built_crew.player, key=key,
                                      name=key).annihilated
    result = arsenal.add_injury(model=guard, actor=built_crew.player, key="c", name="c")
    assert result.annihilated
    guard.refresh_from_db()
    assert guard.status == ArsenalModel.Status.ANNIHILATED
    assert not guard.upgrades.filter(status="active").exists()
    assert ArsenalEvent.objects.filter(crew=built_crew, kind="annihilated").count() >= 3


def test_leader_succession_prefers_henchmen_then_cost(built_crew, roster):
    second = ArsenalModel.objects.create(crew=built_crew, card=roster["free_henchman"],
                                         station="henchman")
    new_leader = arsenal.annihilate_model(model=built_crew.leader, actor=built_crew.player,
                                          why="test")
    assert new_leader == second
    built_crew.refresh_from_db()
    assert built_crew.leader == second
    new_leader = arsenal.annihilate_model(model=second, actor=built_crew.player)
    assert new_leader.card == roster["enforcer"]  # the most expensive remaining (8)


def test_tied_successors_are_the_players_choice(built_crew, roster):
    twin = CardFactory(name="Twin", station="enforcer", cost=8)
    other = ArsenalModel.objects.create(crew=built_crew, card=twin, station="enforcer")
    chosen = arsenal.annihilate_model(model=built_crew.leader, actor=built_crew.player)
    assert chosen.card.cost == 8
    pick = other if chosen != other else model_of(built_crew, roster["enforcer"])
    arsenal.set_leader(crew=built_crew, actor=built_crew.player, model=pick)
    built_crew.refresh_from_db()
    assert built_crew.leader == pick
    guard = model_of(built_crew, roster["minion"])
    with pytest.raises(CampaignError, match="may not lead"):
        arsenal.set_leader(crew=built_crew, actor=built_crew.player, model=guard)


def test_leader_cannot_be_swapped_at_will(built_crew, roster):
    with pytest.raises(CampaignError, match="changes only when"):
        arsenal.set_leader(crew=built_crew, actor=built_crew.player,
                           model=model_of(built_crew, roster["enforcer"]))


def test_change_of_station_is_recorded(built_crew, roster):
    guard = model_of(built_crew, roster["minion"])
    arsenal.change_station(model=guard, actor=built_crew.player, station="enforcer")
    guard.refresh_from_db()
    assert guard.station == "enforcer"
    event = ArsenalEvent.objects.get(crew=built_crew, kind="station")
    assert event.detail == {"old": "Minion", "new": "enforcer"}
    with pytest.raises(CampaignError, match="Unknown station"):
        arsenal.change_station(model=guard, actor=built_crew.player, station="wizard")


def test_strangers_cannot_change_a_crew(built_crew, roster):
    stranger = member(built_crew.campaign.league)
    with pytest.raises(PermissionDenied):
        arsenal.add_injury(model=model_of(built_crew, roster["minion"]), actor=stranger,
                           key="x", name="X")
