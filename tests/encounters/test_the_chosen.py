"""The Chosen (Outcasts' Injury chart): a model that takes it leads the crew, "may use
Soulstones as if it were a Henchman and may attach one additional Upgrade". Hiring, the
Soulstone Pool and the simulator all apply it while the model leads."""

import pytest

from campaign.models import ArsenalUpgrade
from encounters.services import games
from rules.engine import campaign_game, hiring
from rules.engine.errors import RulesError
from rules.engine.simulation.crews import ModelInput, Modifier
from tests.campaign.factories import UpgradeFactory

SERGEANT = hiring.CardInfo(1, "Sergeant", frozenset({"guild"}), "enforcer", 8)
CHOSEN = hiring.CardInfo(1, "Sergeant", frozenset({"guild"}), "enforcer", 8, chosen_leader=True)
BADGE = hiring.UpgradeInfo(10, "Badge")
STAR = hiring.UpgradeInfo(11, "Star")


def test_the_chosen_leads_as_a_henchman_and_takes_one_more_upgrade():
    assert hiring.model_refusals(SERGEANT, faction="guild", leader=None, others=(),
                                 as_leader=True)
    assert hiring.model_refusals(CHOSEN, faction="guild", leader=None, others=(),
                                 as_leader=True) == []
    assert hiring.upgrade_refusals(STAR, faction="guild", model=SERGEANT, leader=SERGEANT,
                                   on_model=[BADGE])
    assert hiring.upgrade_refusals(STAR, faction="guild", model=CHOSEN, leader=CHOSEN,
                                   on_model=[BADGE]) == []
    third = hiring.UpgradeInfo(12, "Sash")
    assert hiring.upgrade_refusals(third, faction="guild", model=CHOSEN, leader=CHOSEN,
                                   on_model=[BADGE, STAR])  # one more, not two


def test_a_chosen_leader_has_a_soulstone_pool_like_a_henchman():
    henchman = hiring.CardInfo(2, "Captain", frozenset({"guild"}), "henchman", 8, cache=2)
    other = campaign_game.PoolCrew(henchman, unspent=3, rating=0)
    with pytest.raises(RulesError):
        campaign_game.soulstone_pools(campaign_game.PoolCrew(SERGEANT, 4, 0), other)
    pools = campaign_game.soulstone_pools(campaign_game.PoolCrew(CHOSEN, 4, 0), other)
    as_henchman = campaign_game.soulstone_pools(
        campaign_game.PoolCrew(henchman, 4, 0), other)
    assert (pools.a.cache, pools.a.bought, pools.a.total) == \
        (as_henchman.a.cache, as_henchman.a.bought, 4)


def test_the_simulator_lets_a_chosen_leader_spend_soulstones():
    card = {"name": "Sergeant", "station": "enforcer", "wk": 5, "cg": 6, "ht": 2, "wp": 5,
            "df": 5, "wd": 8, "base_size": 30, "cost": 8}
    chosen = Modifier(name="The Chosen", kind="skill", key="the-chosen")
    assert ModelInput("s", card, is_leader=True, modifiers=(chosen,)).profile \
        .can_use_soulstones
    assert not ModelInput("s", card, is_leader=False, modifiers=(chosen,)).profile \
        .can_use_soulstones
    assert not ModelInput("s", card, is_leader=True).profile.can_use_soulstones


@pytest.mark.django_db
def test_a_crew_led_by_the_chosen_hires_and_reveals_with_two_upgrades_on_it(campaign_week):
    campaign, alpha, bravo, _ = campaign_week
    sergeant = alpha.models.get(station="enforcer")
    ArsenalUpgrade.objects.create(crew=alpha, kind="skill", table_key="the-chosen",
                                  name="The Chosen", attached_to=sergeant)
    alpha.leader = sergeant
    alpha.save(update_fields=["leader"])
    ArsenalUpgrade.objects.filter(crew=alpha, card__isnull=False).update(attached_to=None)
    badge = ArsenalUpgrade.objects.get(crew=alpha, card__isnull=False)
    star = ArsenalUpgrade.objects.create(crew=alpha, kind="upgrade", name="Star",
                                         card=UpgradeFactory(name="Star", cost=1,
                                                             factions=["guild"]))
    game = games.create_campaign_game(campaign=campaign, crew_a=alpha, crew_b=bravo,
                                      actor=alpha.player)
    hired = [m for m in alpha.models.all() if m.station != "henchman"]
    games.hire_crew(game=game, actor=alpha.player, models=hired,
                    attach={badge.pk: sergeant.pk, star.pk: sergeant.pk})
    games.hire_crew(game=game, actor=bravo.player, models=list(bravo.models.all()))
    for crew in (alpha, bravo):
        games.reveal_crew(game=game, actor=crew.player)
    side = game.sides.get(key="a")
    assert side.hired.get(is_leader=True).arsenal_model_id == sergeant.pk
    assert side.soulstone_pool is not None
    carried = side.hired.get(arsenal_model=sergeant).upgrades
    assert {"Badge", "Star", "The Chosen"} == set(carried)


@pytest.mark.django_db
def test_without_the_chosen_an_enforcer_keeps_its_one_upgrade(campaign_week):
    campaign, alpha, bravo, _ = campaign_week
    sergeant = alpha.models.get(station="enforcer")
    ArsenalUpgrade.objects.filter(crew=alpha, card__isnull=False).update(attached_to=None)
    badge = ArsenalUpgrade.objects.get(crew=alpha, card__isnull=False)
    star = ArsenalUpgrade.objects.create(crew=alpha, kind="upgrade", name="Star",
                                         card=UpgradeFactory(name="Star", cost=1,
                                                             factions=["guild"]))
    game = games.create_campaign_game(campaign=campaign, crew_a=alpha, crew_b=bravo,
                                      actor=alpha.player)
    with pytest.raises(hiring.HiringRefused, match="limit"):
        games.hire_crew(game=game, actor=alpha.player, models=list(alpha.models.all()),
                        attach={badge.pk: sergeant.pk, star.pk: sergeant.pk})
