"""Optional rules take effect where the book puts them: Unavoidable Injury and No
Injuries at the Finished Off flip (and No Injuries at Barter), Highlander at hiring,
Collusion and Trading for scrip, The Wandering Relic at the week's close. Each test also
shows the effect is applied once."""

import pytest

from aftermath.services.automatic import start_game
from campaign.models import ArsenalModel, ArsenalUpgrade, Crew, ScripEntry
from campaign.services import arsenal, crews, optional_rules, scrip
from campaign.services.errors import CampaignError
from campaign.weeks import services as weeks
from encounters.models import Casualty, HiredModel
from encounters.services import tracker
from encounters.services.common import EncounterError
from rules.engine import aftermath as rules
from rules.engine import hiring
from tests.aftermath.conftest import play
from tests.campaign.factories import campaign_in_week_one, guild_roster

pytestmark = pytest.mark.django_db


@pytest.fixture
def roster(db):
    return guild_roster()


def _kill(game, alpha):
    """Alpha's first hired non-leader falls to Bravo's leader; returns the casualty."""
    victim = HiredModel.objects.filter(side__game=game, side__key="a", is_leader=False) \
        .order_by("id").first()
    killer = HiredModel.objects.get(side__game=game, side__key="b", is_leader=True)
    casualty = tracker.record_casualty(game=game, actor=alpha.player, side_key="a",
                                       model=victim, by_model=killer)
    casualty.refresh_from_db()
    return casualty


def _casualty_in_game(roster, bad_moon=False, **options):
    campaign, (alpha, bravo), _ = campaign_in_week_one(roster, **options)
    if bad_moon:  # the week's flip chain: A Bad Moon Rises, then the games' event
        week = campaign.weeks.get(number=1)
        week.event_chain = ["a-bad-moon-rises", week.event_key]
        week.save(update_fields=["event_chain"])
    seen = {}

    def at_table(game):
        casualty = _kill(game, alpha)
        seen["casualty"] = Casualty.objects.get(pk=casualty.pk)
        if casualty.finished_off == Casualty.FinishedOff.PENDING:
            tracker.flip_finished_off(casualty=casualty, actor=alpha.player, table_card="9R")

    play(campaign, alpha, bravo, confirm=False, at_table=at_table)
    return seen["casualty"], alpha


def test_unavoidable_injury_forbids_cheating_the_finished_off_flip(roster):
    campaign, (alpha, bravo), _ = campaign_in_week_one(roster, unavoidable_injury=True)
    outcomes = {}

    def at_table(game):
        casualty = _kill(game, alpha)
        assert casualty.finished_off == Casualty.FinishedOff.PENDING
        with pytest.raises(EncounterError, match="Unavoidable Injury"):
            tracker.flip_finished_off(casualty=casualty, actor=alpha.player, table_card="2R",
                                      cheated_in="12R")
        casualty.refresh_from_db()
        assert casualty.finished_off == Casualty.FinishedOff.PENDING and casualty.flip is None
        settled = tracker.flip_finished_off(casualty=casualty, actor=alpha.player,
                                            table_card="9R")
        outcomes["first"] = settled.finished_off
        with pytest.raises(EncounterError, match="already settled"):  # never twice
            tracker.flip_finished_off(casualty=casualty, actor=alpha.player, table_card="1R")

    play(campaign, alpha, bravo, confirm=False, at_table=at_table)
    assert outcomes["first"] == Casualty.FinishedOff.FINISHED


def test_a_cheat_is_still_allowed_without_unavoidable_injury(roster):
    campaign, (alpha, bravo), _ = campaign_in_week_one(roster)

    def at_table(game):
        casualty = _kill(game, alpha)
        settled = tracker.flip_finished_off(casualty=casualty, actor=alpha.player,
                                            table_card="9R", cheated_in="1R")
        assert settled.finished_off == Casualty.FinishedOff.SPARED

    play(campaign, alpha, bravo, confirm=False, at_table=at_table)


@pytest.mark.parametrize("unavoidable, expected", [
    (True, Casualty.FinishedOff.AUTOMATIC), (False, Casualty.FinishedOff.PENDING)])
def test_unavoidable_injury_under_a_bad_moon_finishes_off_without_a_flip(
        roster, unavoidable, expected):
    casualty, _ = _casualty_in_game(roster, unavoidable_injury=unavoidable, bad_moon=True)
    assert casualty.finished_off == expected
    assert casualty.flip is None


def test_no_injuries_makes_no_finished_off_flip(roster):
    campaign, (alpha, bravo), _ = campaign_in_week_one(roster, no_injuries=True)

    def at_table(game):
        casualty = _kill(game, alpha)
        assert casualty.finished_off == Casualty.FinishedOff.NO_INJURIES
        with pytest.raises(EncounterError, match="already settled"):
            tracker.flip_finished_off(casualty=casualty, actor=alpha.player, table_card="9R")

    game = play(campaign, alpha, bravo, at_table=at_table)
    assert game.record["sides"]["a"]["finished_off"] == []


def test_no_injuries_drops_the_injury_upgrades_from_barter():
    def offered(card, **kw):
        return {u.key for u in rules.barter_options(card, **kw).all}

    assert {"healing-salve", "lucky-gremlins-foot"} <= offered("13R")
    assert "tough-as-nails" in offered("7R")
    assert offered("13R") - offered("13R", no_injuries=True) == {"healing-salve",
                                                                  "lucky-gremlins-foot"}
    assert offered("7R") - offered("7R", no_injuries=True) == {"tough-as-nails",
                                                                "lucky-gremlins-foot"}
    assert "good-lead" in offered("7R", no_injuries=True)


def _turn(campaign, organizer, number):
    """Turn over to week ``number`` with a quiet event set by hand (no random event may
    change how the test's games are hired)."""
    weeks.set_event(week=campaign.weeks.get(number=number), actor=organizer,
                    event_key="contract-work", reason="Fixed for the test")
    weeks.turn_over(campaign, number)
    campaign.refresh_from_db()


@pytest.mark.parametrize("highlander", [True, False])
def test_highlander_never_hires_a_lost_rare_one_model_again(roster, highlander):
    roster["enforcer"].rare = 1
    roster["enforcer"].save(update_fields=["rare"])
    campaign, (alpha, _), organizer = campaign_in_week_one(roster, highlander=highlander)
    sergeant = alpha.models.get(card=roster["enforcer"])
    arsenal.annihilate_model(model=sergeant, actor=alpha.player, why="test")
    _turn(campaign, organizer, 2)
    alpha = Crew.objects.get(pk=alpha.pk)
    if highlander:
        with pytest.raises(hiring.HiringRefused, match="Highlander"):
            crews.new_hires(crew=alpha, actor=alpha.player, models=[roster["enforcer"]])
        assert not alpha.models.filter(card=roster["enforcer"], status="active").exists()
        # An ordinary model is still hired that week.
        crews.new_hires(crew=alpha, actor=alpha.player, models=[roster["minion"]])
    else:
        crews.new_hires(crew=alpha, actor=alpha.player, models=[roster["enforcer"]])
        assert alpha.models.filter(card=roster["enforcer"], status="active").count() == 1


def test_scrip_is_traded_under_the_takers_weekly_cap(roster):
    campaign, (alpha, bravo), _ = campaign_in_week_one(roster)
    with pytest.raises(CampaignError, match="Collusion and Trading"):
        optional_rules.trade_scrip(crew=alpha, to_crew=bravo, amount=1, actor=alpha.player)
    campaign.collusion_and_trading = True
    campaign.save(update_fields=["collusion_and_trading"])
    scrip.adjust_scrip(alpha, 10, week=1, reason="test float", actor=None)
    alpha.refresh_from_db()
    a_before, b_before = alpha.scrip, Crew.objects.get(pk=bravo.pk).scrip
    assert optional_rules.trade_scrip(crew=alpha, to_crew=bravo, amount=4,
                                      actor=alpha.player) == 4
    alpha.refresh_from_db()
    bravo.refresh_from_db()
    assert (alpha.scrip, bravo.scrip) == (a_before - 4, b_before + 4)
    assert scrip.gained_in_week(bravo, 1) == 4  # counted toward the cap, once
    scrip.gain_scrip(bravo, campaign.weekly_scrip_cap - 5, week=1, reason="test earnings")
    entries = ScripEntry.objects.count()
    with pytest.raises(CampaignError, match="only 1 more"):
        optional_rules.trade_scrip(crew=alpha, to_crew=bravo, amount=2, actor=alpha.player)
    assert ScripEntry.objects.count() == entries  # refused: nothing written
    for crew in (alpha, bravo):
        crew.refresh_from_db()
        assert crew.scrip == scrip.ledger_balance(crew)
    with pytest.raises(CampaignError, match="another active crew"):
        optional_rules.trade_scrip(crew=alpha, to_crew=alpha, amount=1, actor=alpha.player)
    with pytest.raises(CampaignError, match="at least 1"):
        optional_rules.trade_scrip(crew=alpha, to_crew=bravo, amount=0, actor=alpha.player)


def test_the_relic_leaves_a_crew_that_played_no_game_in_the_week(roster):
    campaign, (alpha, bravo), organizer = campaign_in_week_one(roster, wandering_relic=True)
    relic = optional_rules.grant_wandering_relic(campaign=campaign, actor=organizer, crew=alpha)
    _turn(campaign, organizer, 2)  # week 1 closes: alpha played nothing
    relic.refresh_from_db()
    assert relic.crew == bravo and relic.status == ArsenalUpgrade.Status.ACTIVE
    weeks.turn_over(campaign, 2)  # already turned: nothing moves twice
    relic.refresh_from_db()
    assert relic.crew == bravo
    game = play(campaign, bravo, alpha, vp=(5, 1))  # bravo plays (and wins) in week 2
    start_game(game.pk)
    _turn(campaign, organizer, 3)
    relic.refresh_from_db()
    assert relic.crew == bravo
    assert ArsenalModel.objects.filter(crew=alpha).exists()
