"""The wizard's phases through the services: one flip at a time, Cheats from the hand,
purchases, Bounties across games, Injuries, traitors, Leader succession, defaults."""

from datetime import timedelta

import pytest
from django.core.exceptions import PermissionDenied
from django.utils import timezone

from aftermath.models import Aftermath, AftermathStep
from aftermath.services import barter, bounty, injuries, reward
from aftermath.services.common import AftermathError
from aftermath.tasks import take_overdue_defaults
from campaign.models import ArsenalEvent, ArsenalModel, ArsenalUpgrade, CrewBounty, ScripEntry
from campaign.services import scrip
from encounters.models import Game
from rules.models import FlipRecord
from tests.aftermath.conftest import aftermaths, open_with_seeds, play, seed_where

pytestmark = pytest.mark.django_db


def fresh(aftermath):
    return Aftermath.objects.select_related("crew__campaign", "crew__faction", "game").get(
        pk=aftermath.pk)


def test_barter_flips_one_at_a_time_and_buys_what_the_card_offers(campaign_week):
    campaign, alpha, bravo, _ = campaign_week
    scrip.adjust_scrip(alpha, 10, week=1, reason="test funds", actor=alpha.player)
    # 3 Strategy VP: two Barter flips. Alpha wins: a hand of two; the 3rd card is the flip.
    seed = seed_where(lambda c: c[2] == "5R" and "RJ" not in c[:2] and "BJ" not in c[:2])
    game = play(campaign, alpha, bravo, vp=(5, 1), strategy={"a": {"1": 2, "2": 1}})
    a = open_with_seeds(game, {"a": seed})["a"]
    assert a.phase == "barter" and a.state["barter_total"] == 2
    a = barter.flip(aftermath=a, actor=alpha.player)
    with pytest.raises(AftermathError, match="Finish with this Barter card"):
        barter.flip(aftermath=fresh(a), actor=alpha.player)
    assert a.state["barter"]["current"]["question"]["card"] == "5R"
    with pytest.raises(AftermathError, match=r"Flip .* before buying"):
        barter.buy(aftermath=fresh(a), actor=alpha.player, key="steady-aim")
    a = barter.answer(aftermath=fresh(a), actor=alpha.player, card=None)
    options = barter.offer(a)
    assert options.value == 5 and "steady-aim" in {u.key for u in options.upgrades}
    with pytest.raises(AftermathError, match="cannot buy"):
        barter.buy(aftermath=fresh(a), actor=alpha.player, key="fated")
    guard = alpha.models.filter(station="minion").first()
    balance = alpha.__class__.objects.get(pk=alpha.pk).scrip
    barter.buy(aftermath=fresh(a), actor=alpha.player, key="soulstone-ale")
    skill = barter.buy(aftermath=fresh(a), actor=alpha.player, key="steady-aim", model=guard)
    assert skill.attached_to == guard and skill.kind == "skill"
    alpha.refresh_from_db()
    assert balance - alpha.scrip == 3 + 3
    a = barter.next_card(aftermath=fresh(a), actor=alpha.player)
    assert a.state["barter"]["done"] == 1 and a.phase == "barter"
    a = barter.flip(aftermath=fresh(a), actor=alpha.player)
    if a.state["barter"]["current"].get("question"):
        a = barter.answer(aftermath=fresh(a), actor=alpha.player, card=None)
    a = barter.next_card(aftermath=fresh(a), actor=alpha.player)
    assert a.phase != "barter"
    purposes = list(FlipRecord.objects.filter(subject_id=a.pk, purpose__contains="Barter")
                    .values_list("purpose", flat=True))
    assert len(purposes) == 2


def test_a_cheat_replaces_the_barter_card_with_one_from_the_hand(campaign_week):
    campaign, alpha, bravo, _ = campaign_week
    seed = seed_where(lambda c: c[0] == "9C" and c[1] != "BJ" and c[2] == "2M")
    game = play(campaign, alpha, bravo, vp=(5, 1))
    a = open_with_seeds(game, {"a": seed})["a"]
    assert a.hand[0] == "9C"
    a = barter.flip(aftermath=a, actor=alpha.player)
    with pytest.raises(Exception, match="not in the Aftermath hand"):
        barter.answer(aftermath=fresh(a), actor=alpha.player, card="13T")
    a = barter.answer(aftermath=fresh(a), actor=alpha.player, card="9C")
    assert a.state["barter"]["current"]["card"] == "9C"
    assert "9C" not in a.hand
    record = FlipRecord.objects.get(subject_id=a.pk, purpose__contains="Barter flip 1")
    assert record.cards == ["2M"] and record.cheated_in == "9C"


def test_skills_only_for_models_that_played(campaign_week):
    campaign, alpha, bravo, _ = campaign_week
    scrip.adjust_scrip(alpha, 10, week=1, reason="test funds", actor=alpha.player)
    seed = seed_where(lambda c: c[2] == "7T" and "BJ" not in c[:2])
    game = play(campaign, alpha, bravo, vp=(5, 1))
    a = open_with_seeds(game, {"a": seed})["a"]
    a = barter.flip(aftermath=a, actor=alpha.player)
    a = barter.answer(aftermath=fresh(a), actor=alpha.player, card=None)
    benched = ArsenalModel.objects.create(crew=alpha, card=alpha.leader.card, station="minion")
    balance = alpha.__class__.objects.get(pk=alpha.pk).scrip
    with pytest.raises(AftermathError, match="played in the game"):
        barter.buy(aftermath=fresh(a), actor=alpha.player, key="duelist", model=benched)
    assert alpha.__class__.objects.get(pk=alpha.pk).scrip == balance
    assert not ArsenalUpgrade.objects.filter(crew=alpha, table_key="duelist").exists()


def test_only_the_crews_player_takes_its_aftermath(campaign_week):
    campaign, alpha, bravo, _ = campaign_week
    game = play(campaign, alpha, bravo, vp=(5, 1))
    a = aftermaths(game)["a"]
    with pytest.raises(PermissionDenied):
        barter.flip(aftermath=a, actor=bravo.player)


def _finish_barter(aftermath, actor):
    """Flip every Barter card, keep it, buy nothing."""
    aftermath = fresh(aftermath)
    while aftermath.phase == "barter":
        current = aftermath.state["barter"]["current"]
        if current is None:
            barter.flip(aftermath=aftermath, actor=actor)
        elif current.get("question"):
            barter.answer(aftermath=aftermath, actor=actor, card=None)
        else:
            barter.next_card(aftermath=aftermath, actor=actor)
        aftermath = fresh(aftermath)
    return aftermath


def test_a_bounty_completed_over_two_games_earns_a_card_and_a_reward(campaign_week):
    campaign, alpha, bravo, _ = campaign_week
    campaign.max_games_per_week = 5
    campaign.save()
    scrip.adjust_scrip(alpha, 10, week=1, reason="test funds", actor=alpha.player)
    game = play(campaign, alpha, bravo, vp=(2, 4))
    a = _finish_barter(aftermaths(game)["a"], alpha.player)
    assert a.phase == "bounty"
    with pytest.raises(AftermathError, match="only open to"):
        bounty.buy(aftermath=fresh(a), actor=alpha.player, key="strike-from-darkness")
    bought = bounty.buy(aftermath=fresh(a), actor=alpha.player, key="build-a-reputation")
    assert bought.status == "active"
    assert ScripEntry.objects.filter(crew=alpha, kind="spend", amount=-4).exists()
    strategy = {"a": {"1": 2, "2": 1}}
    second = play(campaign, alpha, bravo, vp=(2, 4), strategy=strategy)
    assert len(aftermaths(second)["a"].hand) == 1  # finished, lost, bounty not done yet
    assert CrewBounty.objects.get(pk=bought.pk).progress["counted"] == 1
    third = play(campaign, alpha, bravo, vp=(2, 4), strategy=strategy)
    a3 = aftermaths(third)["a"]
    assert CrewBounty.objects.get(pk=bought.pk).status == "completed"
    assert len(a3.hand) == 2  # one more card for the bounty's final part
    a3 = _finish_barter(a3, alpha.player)
    assert a3.phase == "reward"
    a3 = reward.choose(aftermath=fresh(a3), actor=alpha.player, chart="generic")
    while a3.phase == "reward":
        a3 = reward.answer(aftermath=fresh(a3), actor=alpha.player, card=None)
    rewarded = AftermathStep.objects.filter(aftermath=a3, phase="reward").last()
    assert rewarded.detail.get("reward")
    assert ArsenalUpgrade.objects.filter(crew=alpha, table_key=rewarded.detail["reward"]).exists()
    fourth = play(campaign, alpha, bravo, vp=(2, 4), strategy=strategy)
    a4 = aftermaths(fourth)["a"]
    a4 = _finish_barter(a4, alpha.player)
    if a4.phase == "bounty":
        with pytest.raises(AftermathError, match="already accomplished"):
            bounty.buy(aftermath=fresh(a4), actor=alpha.player, key="build-a-reputation")


def _to_injuries(aftermath, actor):
    aftermath = _finish_barter(aftermath, actor)
    if aftermath.phase == "bounty":
        aftermath = fresh(bounty.skip(aftermath=aftermath, actor=actor))
    return aftermath


def _injure(model, keys):
    for key in keys:
        ArsenalUpgrade.objects.create(crew=model.crew, kind="injury", table_key=key, name=key,
                                      attached_to=model)


def _no_hand_seed(card):
    """Bravo loses and finishes: a hand of one card, then its only Barter flip, then the
    Injury flip (cards 0, 1, 2)."""
    return seed_where(lambda c: c[2] == card and "RJ" not in c[:2] and "BJ" not in c[:2])


def test_an_injury_at_the_station_maximum_annihilates_the_model(campaign_week):
    campaign, alpha, bravo, _ = campaign_week
    guard = bravo.models.filter(station="minion").order_by("id").first()
    _injure(guard, ["fragile", "shaky-nerves"])  # a Minion holds at most 2
    game = play(campaign, alpha, bravo, vp=(5, 1), kills=[("b", 1, True)])
    b = open_with_seeds(game, {"b": _no_hand_seed("3R")})["b"]  # 3 of Rams: Amputation
    b = _to_injuries(b, bravo.player)
    assert b.state["injuries"]["remaining"] == [guard.pk]
    b = injuries.flip(aftermath=b, actor=bravo.player, model=guard)
    while b.state["injuries"].get("question"):
        b = injuries.answer(aftermath=fresh(b), actor=bravo.player, card=None)
    guard.refresh_from_db()
    assert guard.status == "annihilated"
    assert not ArsenalUpgrade.objects.filter(attached_to=guard, status="active").exists()
    event = ArsenalEvent.objects.filter(model=guard, kind="annihilated").last()
    assert event.detail["game"] == game.pk and event.detail["phase"] == "injuries"


def test_a_minion_on_the_black_joker_turns_traitor(campaign_week):
    campaign, alpha, bravo, _ = campaign_week
    guard = bravo.models.filter(station="minion").order_by("id").first()
    game = play(campaign, alpha, bravo, vp=(5, 1), kills=[("b", 1, True)])
    b = open_with_seeds(game, {"b": _no_hand_seed("BJ")})["b"]
    b = _to_injuries(b, bravo.player)
    b = injuries.flip(aftermath=b, actor=bravo.player, model=guard)
    while fresh(b).state["injuries"].get("question"):
        b = injuries.answer(aftermath=fresh(b), actor=bravo.player, card=None)
    guard.refresh_from_db()
    assert guard.status == "annihilated"
    joined = ArsenalModel.objects.get(crew=alpha, card=guard.card, status="active",
                                      hired_week=game.week.number,
                                      events__detail__traitor_from=guard.pk)
    assert joined.station == "minion"


def test_losing_the_leader_to_injuries_names_a_successor(campaign_week):
    campaign, alpha, bravo, _ = campaign_week
    leader = bravo.leader
    _injure(leader, ["fragile", "shaky-nerves", "hearing-voices"])  # a Henchman holds 3
    game = play(campaign, alpha, bravo, vp=(5, 1), kills=[("b", 0, True)])
    b = open_with_seeds(game, {"b": _no_hand_seed("3M")})["b"]
    b = _to_injuries(b, bravo.player)
    b = injuries.flip(aftermath=b, actor=bravo.player, model=leader)
    while fresh(b).state["injuries"].get("question"):
        b = injuries.answer(aftermath=fresh(b), actor=bravo.player, card=None)
    bravo.refresh_from_db()
    assert bravo.leader_id not in (None, leader.pk)
    assert bravo.leader.card.cost == max(m.card.cost for m in bravo.models.filter(
        status="active"))
    assert ArsenalEvent.objects.filter(crew=bravo, kind="leader").exists()


def test_the_deadline_takes_the_defaults_and_finishes_the_game(campaign_week):
    campaign, alpha, bravo, _ = campaign_week
    scrip.adjust_scrip(alpha, 10, week=1, reason="test funds", actor=alpha.player)
    game = play(campaign, alpha, bravo, vp=(5, 1), kills=[("b", 1, True), ("a", 2, True)],
                strategy={"a": {"1": 3}})
    result = aftermaths(game)
    spent_before = ScripEntry.objects.filter(kind="spend").count()
    assert take_overdue_defaults.delay().get() == 0  # nothing overdue yet
    Aftermath.objects.filter(game=game).update(deadline=timezone.now() - timedelta(hours=1))
    assert take_overdue_defaults.delay().get() == sum(
        1 for a in result.values() if a.phase != "done")
    assert set(Aftermath.objects.filter(game=game).values_list("phase", flat=True)) == {"done"}
    assert ScripEntry.objects.filter(kind="spend").count() == spent_before
    assert AftermathStep.objects.filter(aftermath__game=game, by_default=True).exists()
    assert not FlipRecord.objects.filter(subject_id__in=[a.pk for a in result.values()])\
        .exclude(cheated_in="").exists()
    assert Game.objects.get(pk=game.pk).state == "done"


def test_knocked_out_sits_out_the_next_game(campaign_week):
    campaign, alpha, bravo, _ = campaign_week
    guard = bravo.models.filter(station="minion").order_by("id").first()
    game = play(campaign, alpha, bravo, vp=(5, 1), kills=[("b", 1, True)])
    b = open_with_seeds(game, {"b": _no_hand_seed("4M")})["b"]  # 4 of Masks: Knocked Out
    b = _to_injuries(b, bravo.player)
    b = injuries.flip(aftermath=b, actor=bravo.player, model=guard)
    while fresh(b).state["injuries"].get("question"):
        b = injuries.answer(aftermath=fresh(b), actor=bravo.player, card=None)
    guard.refresh_from_db()
    assert guard.misses_next_game and guard.status == "active"
    assert not ArsenalUpgrade.objects.filter(attached_to=guard, kind="injury").exists()


def test_the_good_doctor_takes_an_injury_off_for_two_scrip(campaign_week):
    from aftermath.services import extras

    campaign, alpha, bravo, _ = campaign_week
    campaign.good_doctor = True
    campaign.save(update_fields=["good_doctor"])
    scrip.adjust_scrip(bravo, 6, week=1, reason="test funds", actor=bravo.player)
    guard = bravo.models.filter(station="minion").order_by("id").first()
    _injure(guard, ["fragile"])
    game = play(campaign, alpha, bravo, vp=(5, 1))
    # Hand of one, one Barter flip, then the Doc's flip: a Ram takes one Injury off.
    b = open_with_seeds(game, {"b": _no_hand_seed("6R")})["b"]
    b = _to_injuries(b, bravo.player)
    assert b.phase == "extras"
    balance = bravo.__class__.objects.get(pk=bravo.pk).scrip
    with pytest.raises(AftermathError, match="injured models"):
        extras.visit_doctor(aftermath=b, actor=bravo.player, model=bravo.leader)
    b = extras.visit_doctor(aftermath=fresh(b), actor=bravo.player, model=guard)
    while (fresh(b).state["extras"].get("doctor") or {}).get("question"):
        b = extras.doctor_answer(aftermath=fresh(b), actor=bravo.player, card=None)
    assert bravo.__class__.objects.get(pk=bravo.pk).scrip == balance - 2
    assert not ArsenalUpgrade.objects.filter(attached_to=guard, kind="injury",
                                             status="active").exists()
    with pytest.raises(AftermathError, match="One model"):
        extras.visit_doctor(aftermath=fresh(b), actor=bravo.player, model=guard)
    b = extras.finish(aftermath=fresh(b), actor=bravo.player)
    assert b.phase == "done"


def test_fortifications_need_their_prerequisites_and_never_repeat(campaign_week):
    from campaign.models import HideOut
    from campaign.services import hideouts
    from campaign.services.errors import CampaignError

    campaign, alpha, _, _ = campaign_week
    campaign.competitive_mode = "hide_outs"
    campaign.save(update_fields=["competitive_mode"])
    hideouts.choose_hide_out(crew=alpha, actor=alpha.player, key="saloon")
    with pytest.raises(CampaignError, match="permanent"):
        hideouts.choose_hide_out(crew=alpha, actor=alpha.player, key="junkyard")
    hideouts.add_cm(alpha, 20, week=1, reason="test")
    with pytest.raises(CampaignError, match="needs Grizzled Bartender, Fine Liquor first"):
        hideouts.build_fortification(crew=alpha, actor=alpha.player, key="bouncer")
    hideouts.build_fortification(crew=alpha, actor=alpha.player, key="fine-liquor")
    with pytest.raises(CampaignError, match="never has two"):
        hideouts.build_fortification(crew=alpha, actor=alpha.player, key="fine-liquor")
    hideouts.build_fortification(crew=alpha, actor=alpha.player, key="grizzled-bartender")
    hideouts.build_fortification(crew=alpha, actor=alpha.player, key="bouncer")
    assert hideouts.cm_balance(alpha) == 20 - 3 - 3 - 5
    hideouts.build_fortification(crew=alpha, actor=alpha.player, key="gambling-tables")
    hideouts.add_cm(alpha, -5, week=1, reason="spent elsewhere")
    with pytest.raises(CampaignError, match="costs 5 Construction Material; the crew has 1"):
        hideouts.build_fortification(crew=alpha, actor=alpha.player, key="cash-box")
    assert HideOut.objects.get(crew=alpha).fortifications.count() == 4


def test_change_of_station_uses_no_skill_slot(campaign_week):
    """Campaign Upgrades, Change of Station: it does not count against the maximum Skills
    the model may have, so an Enforcer raised by it still learns its one Skill."""
    from campaign.services import arsenal

    _, alpha, _, _ = campaign_week
    guard = alpha.models.filter(station="minion").order_by("id").first()
    ArsenalUpgrade.objects.create(crew=alpha, kind="skill", table_key="change-of-station",
                                  name="Change of Station", attached_to=guard)
    arsenal.change_station(model=guard, actor=alpha.player, station="enforcer")
    learned = arsenal.add_skill(model=guard, actor=alpha.player, key="duelist", name="Duelist")
    assert learned.attached_to == guard
    assert [s.table_key for s in arsenal.counted_skills(guard)] == ["duelist"]


def test_a_barter_skill_counts_when_a_faction_chart_skill_is_gained(campaign_week):
    """Skill limits count every Skill a model has: a Minion (one Skill) that bought a
    Skill at Barter and then gains a Skill from its faction's Injury chart (a Red Joker)
    is over its limit, so the player annihilates one or forgoes the new one."""
    from campaign.services import arsenal

    campaign, alpha, bravo, _ = campaign_week
    guard = bravo.models.filter(station="minion").order_by("id").first()
    arsenal.add_skill(model=guard, actor=bravo.player, key="duelist", name="Duelist")
    game = play(campaign, alpha, bravo, vp=(5, 1), kills=[("b", 1, True)])
    seed = seed_where(lambda c: c[2] == "RJ" and "RJ" not in c[:2] and "BJ" not in c[:4]
                      and c[3] != "RJ")
    b = open_with_seeds(game, {"b": seed})["b"]
    b = _to_injuries(b, bravo.player)
    b = injuries.flip(aftermath=b, actor=bravo.player, model=guard)
    while b.state["injuries"].get("question"):
        b = injuries.answer(aftermath=fresh(b), actor=bravo.player, card=None)
    assert b.state["injuries"]["skill_choice"]["model"] == guard.pk
    assert len(arsenal.counted_skills(guard)) == 1


def _complete_a_bounty(campaign, alpha, bravo):
    """Alpha held Build a Reputation (one of two parts done) and completes it in the
    returned Aftermath, which is now at the Reward."""
    campaign.max_games_per_week = 5
    campaign.save()
    CrewBounty.objects.create(crew=alpha, bounty_key="build-a-reputation",
                              name="Build a Reputation", bought_week=1,
                              progress={"counted": 1, "target": 2, "contributions": [
                                  {"game": 0, "count": 1, "schemes": []}]})
    game = play(campaign, alpha, bravo, vp=(5, 1), strategy={"a": {"1": 2, "2": 1}})
    a = _finish_barter(aftermaths(game)["a"], alpha.player)
    assert a.phase == "reward"
    return a


def test_a_rewarded_skill_goes_to_the_model_the_player_chooses(campaign_week):
    """Reward flip: the Crew adds the rewarded Upgrade to its Arsenal. A Skill (here Favors
    of Treachery, taken instead of flipping) is learned by the model the player chooses,
    not always the Leader, within that model's Skill limit: at the limit one of its Skills
    is annihilated to make room."""
    from campaign.services import arsenal

    campaign, alpha, bravo, _ = campaign_week
    a = _complete_a_bounty(campaign, alpha, bravo)
    a = reward.choose(aftermath=fresh(a), actor=alpha.player, chart="generic",
                      take="favors-of-treachery")
    assert a.phase == "reward" and a.state["reward"]["place"]["key"] == "favors-of-treachery"
    sergeant = alpha.models.get(station="enforcer")
    arsenal.add_skill(model=sergeant, actor=alpha.player, key="duelist", name="Duelist")
    with pytest.raises(AftermathError, match="Skill limit"):
        reward.place(aftermath=fresh(a), actor=alpha.player, model=sergeant)
    duelist = ArsenalUpgrade.objects.get(attached_to=sergeant, table_key="duelist")
    a = reward.place(aftermath=fresh(a), actor=alpha.player, model=sergeant, replaces=duelist)
    favors = ArsenalUpgrade.objects.get(crew=alpha, table_key="favors-of-treachery")
    assert favors.attached_to == sergeant and favors.attached_to_id != alpha.leader_id
    duelist.refresh_from_db()
    assert duelist.status == "annihilated" and fresh(a).phase != "reward"


def test_the_deadline_gives_a_rewarded_skill_to_the_leader(campaign_week):
    """Defaults: a rewarded Skill nobody placed goes to the Leader when it has room."""
    from aftermath.services.defaults import take_defaults

    campaign, alpha, bravo, _ = campaign_week
    a = _complete_a_bounty(campaign, alpha, bravo)
    reward.choose(aftermath=fresh(a), actor=alpha.player, chart="generic",
                  take="favors-of-treachery")
    take_defaults(a.pk)
    favors = ArsenalUpgrade.objects.get(crew=alpha, table_key="favors-of-treachery")
    assert favors.attached_to_id == alpha.leader_id


def test_the_those_who_thirst_flip_may_be_cheated_from_the_hand(campaign_week):
    """Those Who Thirst: a Barter card of 14 buys a flip on the Those Who Thirst table
    (Jokers reflipped), and the Aftermath hand may Cheat that flip: the relic follows the
    suit of the card cheated in."""
    campaign, alpha, bravo, _ = campaign_week
    scrip.adjust_scrip(alpha, 10, week=1, reason="test funds", actor=alpha.player)
    suit_relic = {"T": "insight", "C": "blight", "R": "covenant", "M": "edict"}
    seed = seed_where(lambda c: c[2] == "RJ" and not {"RJ", "BJ"} & {c[0], c[1], c[3]}
                      and c[0][-1] != c[3][-1])
    game = play(campaign, alpha, bravo, vp=(5, 1))  # a win: a hand of two
    a = open_with_seeds(game, {"a": seed})["a"]
    hand = list(a.hand)
    a = barter.flip(aftermath=a, actor=alpha.player)
    a = barter.answer(aftermath=fresh(a), actor=alpha.player, card=None)
    assert a.state["barter"]["current"]["card"] == "RJ"
    barter.buy(aftermath=fresh(a), actor=alpha.player, key="those-who-thirst")
    a = fresh(a)
    question = a.state["barter"]["current"]["thirst"]["question"]
    assert question and question["hand"] == hand
    with pytest.raises(AftermathError, match="Those Who Thirst"):
        barter.next_card(aftermath=a, actor=alpha.player)
    a = barter.answer(aftermath=fresh(a), actor=alpha.player, card=hand[0])
    relic = ArsenalUpgrade.objects.get(crew=alpha, table_key__in=list(suit_relic.values()))
    assert relic.table_key == suit_relic[hand[0][-1]]
    assert hand[0] not in fresh(a).hand
    record = FlipRecord.objects.get(subject_id=a.pk, purpose__contains="Those Who Thirst")
    assert record.cheated_in == hand[0]


def test_the_good_doctor_gives_undead_for_good_on_the_card_and_in_the_record(campaign_week):
    """Book, The Good Doctor: the Tomes row takes one Injury off and the model permanently
    gains the Undead Characteristic; its stat card and the next game's record show it."""
    from aftermath.services import extras
    from campaign.selectors import arsenal_sheet
    from campaign.stat_cards import stat_card

    campaign, alpha, bravo, _ = campaign_week
    campaign.good_doctor = True
    campaign.save(update_fields=["good_doctor"])
    scrip.adjust_scrip(bravo, 6, week=1, reason="test funds", actor=bravo.player)
    guard = bravo.models.filter(station="minion").order_by("id").first()
    _injure(guard, ["fragile"])
    game = play(campaign, alpha, bravo, vp=(5, 1))
    b = _to_injuries(open_with_seeds(game, {"b": _no_hand_seed("6T")})["b"], bravo.player)
    b = extras.visit_doctor(aftermath=b, actor=bravo.player, model=guard)
    while (fresh(b).state["extras"].get("doctor") or {}).get("question"):
        b = extras.doctor_answer(aftermath=fresh(b), actor=bravo.player, card=None)
    guard.refresh_from_db()
    assert guard.gained_characteristics == ["Undead"]
    sheet = arsenal_sheet(bravo)
    card = stat_card(next(m for m in sheet.models if m.row.pk == guard.pk))
    assert "Undead" in card.characteristics
    extras.finish(aftermath=fresh(b), actor=bravo.player)
    next_game = play(campaign, alpha, bravo, vp=(5, 1))
    entry = next(m for m in next_game.record["models"] if m.get("arsenal_model") == guard.pk)
    assert "undead" in entry["characteristics"]
