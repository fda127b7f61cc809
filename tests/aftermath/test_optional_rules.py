"""Optional rules between games: Cut 'Em Up For Parts, Collusion and Trading, The
Wandering Relic."""

import pytest
from django.core.exceptions import PermissionDenied

from aftermath.services.automatic import start_game
from campaign.models import ArsenalEvent, ArsenalUpgrade, Campaign, ScripEntry
from campaign.services import optional_rules
from campaign.services.errors import CampaignError
from rules.models import FlipRecord
from tests.aftermath.conftest import play

pytestmark = pytest.mark.django_db


def _turn_on(campaign, option):
    setattr(campaign, option, True)
    campaign.save(update_fields=[option])


def test_cut_em_up_pays_half_the_cost_rounded_up(campaign_week):
    campaign, alpha, _, _ = campaign_week
    guard = alpha.models.filter(station="minion").first()  # cost 5
    with pytest.raises(CampaignError, match="Cut 'Em Up"):
        optional_rules.cut_em_up(model=guard, actor=alpha.player)
    _turn_on(campaign, "cut_em_up")
    before = alpha.__class__.objects.get(pk=alpha.pk).scrip
    assert optional_rules.cut_em_up(model=guard, actor=alpha.player) == 3
    guard.refresh_from_db()
    alpha.refresh_from_db()
    assert guard.status == "annihilated" and alpha.scrip == before + 3
    assert ScripEntry.objects.filter(crew=alpha, reason__contains="Cut 'Em Up").count() == 1


def test_cut_em_up_waits_for_the_game_in_progress(campaign_week):
    campaign, alpha, bravo, _ = campaign_week
    _turn_on(campaign, "cut_em_up")
    play(campaign, alpha, bravo, vp=(3, 1), confirm=False)
    guard = alpha.models.filter(station="minion").first()
    with pytest.raises(CampaignError, match="between games"):
        optional_rules.cut_em_up(model=guard, actor=alpha.player)
    guard.refresh_from_db()
    assert guard.status == "active"


def test_only_campaign_equipment_is_traded(campaign_week):
    campaign, alpha, bravo, _ = campaign_week
    _turn_on(campaign, "collusion_and_trading")
    helmet = ArsenalUpgrade.objects.create(crew=alpha, kind="equipment", table_key="helmet",
                                           name="Helmet")
    skill = ArsenalUpgrade.objects.create(crew=alpha, kind="skill", table_key="agility",
                                          name="Agility", attached_to=alpha.leader)
    with pytest.raises(CampaignError, match="Only Campaign Equipment"):
        optional_rules.trade_equipment(upgrade=skill, to_crew=bravo, actor=alpha.player)
    with pytest.raises(PermissionDenied):
        optional_rules.trade_equipment(upgrade=helmet, to_crew=bravo, actor=bravo.player)
    optional_rules.trade_equipment(upgrade=helmet, to_crew=bravo, actor=alpha.player)
    helmet.refresh_from_db()
    assert helmet.crew == bravo
    assert ArsenalEvent.objects.filter(crew=alpha, upgrade=helmet, kind="upgrade_moved").exists()
    assert ArsenalEvent.objects.filter(crew=bravo, upgrade=helmet).exists()


def test_the_wandering_relic_passes_to_the_crew_that_beats_it(campaign_week):
    campaign, alpha, bravo, organizer = campaign_week
    _turn_on(campaign, "wandering_relic")
    with pytest.raises(PermissionDenied):
        optional_rules.grant_wandering_relic(campaign=campaign, actor=alpha.player)
    relic = optional_rules.grant_wandering_relic(campaign=campaign, actor=organizer, crew=alpha)
    assert FlipRecord.objects.filter(purpose__startswith="The Wandering Relic").exists()
    with pytest.raises(CampaignError, match="already in play"):
        optional_rules.grant_wandering_relic(campaign=campaign, actor=organizer)
    game = play(campaign, alpha, bravo, vp=(5, 1))  # alpha wins: keeps it
    start_game(game.pk)
    relic.refresh_from_db()
    assert relic.crew == alpha
    game = play(campaign, alpha, bravo, vp=(1, 5))  # alpha loses: bravo takes it
    start_game(game.pk)
    relic.refresh_from_db()
    assert relic.crew == bravo and relic.attached_to is None
    assert ArsenalEvent.objects.filter(crew=bravo, upgrade=relic,
                                       detail__phase="payday").exists()


def test_options_are_off_by_default(campaign_week):
    campaign, *_ = campaign_week
    assert not any(getattr(campaign, f) for f in Campaign.OPTION_FIELDS)


def test_extra_scrip_pays_nothing_to_a_crew_that_withdrew_late(campaign_week):
    """Optional rule Extra Scrip: 2 more Scrip for each friendly Enforcer and Henchman
    still in play when the game ends. A crew that made a Strategic Withdraw (even from
    Turn 3) has no model in play at the end, so it gets none; its opponent still does."""
    from encounters.models import Game
    from encounters.services import tracker
    from tests.aftermath.conftest import aftermaths, play

    campaign, alpha, bravo, _ = campaign_week
    campaign.extra_scrip = True
    campaign.save(update_fields=["extra_scrip"])

    def withdraw_on_turn_three(game):
        Game.objects.filter(pk=game.pk).update(turn=3)
        tracker.strategic_withdraw(game=game, actor=bravo.player)

    game = play(campaign, alpha, bravo, vp=(2, 4), at_table=withdraw_on_turn_three)
    assert game.record["withdraw"]["early"] is False
    result = aftermaths(game)
    lines = {key: dict((why, n) for n, why in
                       result[key].steps.get(phase="payday", description="Payday")
                       .detail["lines"]) for key in "ab"}
    extra = "Enforcers and Henchmen still in play (Extra Scrip)"
    assert lines["a"][extra] == 4  # the Captain (Henchman) and the Sergeant (Enforcer)
    assert extra not in lines["b"]
