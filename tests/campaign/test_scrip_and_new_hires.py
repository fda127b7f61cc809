"""The scrip ledger (weekly cap, discards, no overspend) and New Hires (discount, upgrades,
Masters)."""

import contextlib

import pytest
from django.db.models import Sum
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase as HypothesisTestCase

from campaign.models import ArsenalModel, CrewBounty, ScripEntry
from campaign.services import crews, scrip
from campaign.services.errors import CampaignError, InsufficientScrip
from rules.engine.hiring import HiringRefused
from tests.campaign.factories import CampaignFactory, CardFactory, CrewFactory, member

pytestmark = pytest.mark.django_db


def running(campaign, week):
    campaign.status = campaign.Status.RUNNING
    campaign.current_week = week
    campaign.save()


def ledger_sum(crew):
    return crew.scrip_entries.aggregate(s=Sum("amount"))["s"] or 0


def test_gains_over_the_weekly_cap_are_discarded_and_recorded(built_crew):
    result = scrip.gain_scrip(built_crew, 10, week=2, reason="Game 1")
    assert (result.gained, result.discarded) == (10, 0)
    result = scrip.gain_scrip(built_crew, 10, week=2, reason="Game 2")
    assert (result.gained, result.discarded) == (6, 4)
    discarded = ScripEntry.objects.get(crew=built_crew, kind=ScripEntry.Kind.DISCARDED)
    assert discarded.amount == -4 and "weekly cap of 16" in discarded.reason
    assert scrip.gain_scrip(built_crew, 3, week=2, reason="Game 3").discarded == 3
    assert scrip.gain_scrip(built_crew, 3, week=3, reason="Next week").gained == 3
    built_crew.refresh_from_db()
    assert built_crew.scrip == ledger_sum(built_crew) == 3 + 16 + 3


def test_extra_scrip_raises_the_cap_to_twenty(built_crew):
    built_crew.campaign.extra_scrip = True
    built_crew.campaign.save()
    assert scrip.gain_scrip(built_crew, 25, week=2, reason="Big game").discarded == 5


def test_overspending_is_refused_and_writes_nothing(built_crew):
    before = ScripEntry.objects.count()
    with pytest.raises(InsufficientScrip, match="the crew has 3"):
        scrip.spend_scrip(built_crew, 4, week=1, reason="Too much")
    assert ScripEntry.objects.count() == before
    scrip.spend_scrip(built_crew, 3, week=1, reason="Exactly")
    built_crew.refresh_from_db()
    assert built_crew.scrip == 0 == ledger_sum(built_crew)


class TestLedgerReconciles(HypothesisTestCase):
    """Whatever sequence of gains and spends, the cached balance equals the ledger's sum and
    never goes below zero."""

    @settings(max_examples=25, deadline=None)
    @given(st.lists(st.tuples(st.booleans(), st.integers(0, 12), st.integers(1, 4)),
                    max_size=12))
    def test_cached_balance_equals_ledger_sum(self, operations):
        crew = CrewFactory(campaign=CampaignFactory())
        for is_gain, amount, week in operations:
            if is_gain:
                scrip.gain_scrip(crew, amount, week=week, reason="gain")
            else:
                with contextlib.suppress(InsufficientScrip):
                    scrip.spend_scrip(crew, amount, week=week, reason="spend")
        crew.refresh_from_db()
        assert crew.scrip == ledger_sum(crew) >= 0
        for week in range(1, 5):
            kept = sum(e.amount for e in crew.scrip_entries.filter(
                week=week, kind__in=["gain", "discarded"]))
            assert kept <= crew.campaign.weekly_scrip_cap


def test_new_hires_spend_scrip_with_discount_and_double_upgrade_cost(built_crew, roster):
    running(built_crew.campaign, 2)
    scrip.gain_scrip(built_crew, 12, week=2, reason="Payday")
    result = crews.new_hires(crew=built_crew, actor=built_crew.player,
                             models=[roster["enforcer"], roster["minion"]],
                             upgrades=[roster["upgrade"]])
    assert result.scrip_spent == (8 - 5) + 5 + 2 * 1
    built_crew.refresh_from_db()
    assert built_crew.scrip == 3 + 12 - 10 == ledger_sum(built_crew)
    with pytest.raises(CampaignError, match="already took its New Hires in week 2"):
        crews.new_hires(crew=built_crew, actor=built_crew.player, models=[roster["peon"]])


def test_new_hires_refusals(built_crew, roster):
    with pytest.raises(CampaignError, match="once the campaign is running"):
        crews.new_hires(crew=built_crew, actor=built_crew.player, models=[roster["minion"]])
    running(built_crew.campaign, 1)
    with pytest.raises(CampaignError, match="no New Hires in the first week"):
        crews.new_hires(crew=built_crew, actor=built_crew.player, models=[roster["minion"]])
    running(built_crew.campaign, 2)
    with pytest.raises(CampaignError, match="at least one new model"):
        crews.new_hires(crew=built_crew, actor=built_crew.player, models=[])
    with pytest.raises(InsufficientScrip):
        crews.new_hires(crew=built_crew, actor=built_crew.player,
                        models=[roster["enforcer"], roster["enforcer"]])
    with pytest.raises(HiringRefused, match="neither in the crew's faction"):
        crews.new_hires(crew=built_crew, actor=built_crew.player, models=[roster["outsider"]])
    with pytest.raises(HiringRefused, match="not an upgrade of the crew's faction"):
        crews.new_hires(crew=built_crew, actor=built_crew.player, models=[roster["peon"]],
                        upgrades=[roster["neverborn_upgrade"]])
    assert ArsenalModel.objects.filter(crew=built_crew).count() == 4
    stranger = member(built_crew.campaign.league)
    from django.core.exceptions import PermissionDenied

    with pytest.raises(PermissionDenied):
        crews.new_hires(crew=built_crew, actor=stranger, models=[roster["peon"]])


def test_adding_a_master_needs_halfway_week_a_bounty_and_ten_scrip(built_crew, roster):
    campaign = built_crew.campaign  # 6 weeks: halfway is week 4
    running(campaign, 3)
    scrip.gain_scrip(built_crew, 10, week=3, reason="Payday")
    with pytest.raises(HiringRefused) as refused:
        crews.add_master(crew=built_crew, actor=built_crew.player, master=roster["master"])
    text = " ".join(refused.value.reasons)
    assert "from week 4" in text and "completed a Bounty" in text
    running(campaign, 4)
    CrewBounty.objects.create(crew=built_crew, bounty_key="x", name="X", status="completed",
                              bought_week=2, completed_week=3)
    master = crews.add_master(crew=built_crew, actor=built_crew.player, master=roster["master"])
    built_crew.refresh_from_db()
    assert built_crew.leader == master
    assert built_crew.scrip == 3
    second = CardFactory(name="Other Master", station="master", cost=None, cache=2)
    scrip.gain_scrip(built_crew, 10, week=4, reason="more")
    with pytest.raises(HiringRefused, match="already has a Master"):
        crews.add_master(crew=built_crew, actor=built_crew.player, master=second)


def test_new_hires_close_once_the_crew_has_a_game_this_week(roster):
    """Campaign book, New Hires: the start of each week is the only time a crew hires new
    models (and adds a Master), before its games. Once the crew has a game set up in the
    week, its New Hires are over until next week."""
    from campaign.weeks import services as weeks
    from encounters.services import games
    from tests.campaign.factories import campaign_in_week_one

    campaign, (alpha, bravo), _ = campaign_in_week_one(roster, length_weeks=4)
    weeks.turn_over(campaign, 2)
    campaign.refresh_from_db()
    crews.new_hires(crew=alpha, actor=alpha.player, models=[roster["peon"]])
    games.create_campaign_game(campaign=campaign, crew_a=alpha, crew_b=bravo,
                               actor=alpha.player)
    scrip.adjust_scrip(bravo, 20, week=2, reason="test funds", actor=bravo.player)
    before = bravo.__class__.objects.get(pk=bravo.pk).scrip
    with pytest.raises(CampaignError, match="before the crew's games"):
        crews.new_hires(crew=bravo, actor=bravo.player, models=[roster["peon"]])
    CrewBounty.objects.create(crew=bravo, bounty_key="win", name="Done", status="completed",
                              bought_week=1, completed_week=1)
    weeks.turn_over(campaign, 3)  # the halfway week of four: Masters may join
    crews.new_hires(crew=bravo, actor=bravo.player, models=[roster["peon"]])
    games.create_campaign_game(campaign=campaign.__class__.objects.get(pk=campaign.pk),
                               crew_a=alpha, crew_b=bravo, actor=alpha.player)
    with pytest.raises(CampaignError, match="before the crew's games"):
        crews.add_master(crew=bravo, actor=bravo.player, master=roster["master"])
    assert not bravo.models.filter(station="master").exists()
    # Week 3's Clerk cost nothing (2 - 5); the refused Master spent nothing.
    assert bravo.__class__.objects.get(pk=bravo.pk).scrip == before
