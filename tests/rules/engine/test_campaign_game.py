"""The arithmetic of a Campaign game, checked against the campaign book's worked examples
(SETTING UP A GAME, PLAYING, AFTERMATH) and the rules manual's end-of-Turn-5 flip.
Plain Python: no database."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.engine.campaign_game import (
    ArsenalModel,
    CampaignRating,
    FinishedOffOutcome,
    HiredModel,
    PoolCrew,
    RatedUpgrade,
    UpgradeKind,
    arsenal_models,
    arsenal_total,
    campaign_rating,
    continue_value_needed,
    end_of_game_flip,
    event_scrip_for_game,
    finished_off,
    hire_cost_in_game,
    max_encounter_size,
    payday,
    soulstone_pools,
    strategic_withdraw,
)
from rules.engine.cards import BLACK_JOKER, FULL_DECK, RED_JOKER, Card
from rules.engine.errors import IllegalCheat, RulesError
from rules.engine.flips import table_flip
from rules.engine.hiring import CardInfo

_ids = iter(range(1, 10_000))


def card_info(name, station, cost=None, cache=None, *, factions=("guild",), mercenary=False):
    return CardInfo(id=next(_ids), name=name, factions=frozenset(factions), station=station,
                    cost=cost, cache=cache, is_mercenary=mercenary)


LADY_JUSTICE = card_info("Lady Justice", "master", cache=3)
SONNIA = card_info("Sonnia Criid", "master", cache=2)
FRANCISCO = card_info("Francisco Ortega", "henchman", cost=9, cache=3)
ZERO_HENCH = card_info("Zero-cost Henchman", "henchman", cost=0, cache=4)
GUARD = card_info("Guild Guard", "minion", cost=4)
HANS = card_info("Hans", "enforcer", cost=8, factions=("outcasts",), mercenary=True)


def campaign(name):
    return RatedUpgrade(name, UpgradeKind.CAMPAIGN)


def injury(name):
    return RatedUpgrade(name, UpgradeKind.INJURY)


AVATAR = RatedUpgrade("Avatar of Justice", UpgradeKind.AVATAR)
arsenals = st.lists(st.tuples(st.integers(0, 15), st.booleans()), max_size=12)


# --- Encounter size ------------------------------------------------------------------


def test_nick_and_amy_play_at_most_32():
    # Nick's Arsenal holds 27 Soulstones of models, Amy's 35: the smaller total + 5.
    nick = [(10, False), (9, False), (8, False)]
    amy = [(10, False), (10, False), (8, False), (7, False)]
    assert arsenal_total(nick) == 27 and arsenal_total(amy) == 35
    assert max_encounter_size(nick, amy) == 32


def test_a_master_counts_15_and_costless_models_0():
    with_master = [ArsenalModel(None, is_master=True), ArsenalModel(6)]
    assert arsenal_total(with_master) == 21
    assert arsenal_total([ArsenalModel(None)]) == 0
    assert max_encounter_size(with_master, [(40, False)]) == 26


def test_an_empty_arsenal_still_allows_five():
    assert max_encounter_size([], [(30, False)]) == 5


def test_a_negative_cost_is_refused():
    with pytest.raises(RulesError, match="cost"):
        arsenal_total([(-1, False)])


def test_arsenal_models_count_the_leader_at_what_it_costs_to_lead():
    models = arsenal_models([ZERO_HENCH, GUARD, LADY_JUSTICE], leader=ZERO_HENCH)
    assert [m.counted_cost for m in models] == [13 - 4, 4, 15]
    # Not leading, the zero-cost Henchman counts its printed cost.
    assert arsenal_total(arsenal_models([ZERO_HENCH, GUARD])) == 4


@given(arsenals, arsenals)
def test_max_size_is_symmetric_and_at_least_five(a, b):
    size = max_encounter_size(a, b)
    assert size == max_encounter_size(b, a)
    assert size >= 5
    assert size == min(arsenal_total(a), arsenal_total(b)) + 5


# --- Hiring costs ---------------------------------------------------------------------


def test_a_master_costs_15_and_must_lead():
    assert hire_cost_in_game(LADY_JUSTICE, faction="guild", as_leader=True) == 15
    with pytest.raises(RulesError, match="Leader"):
        hire_cost_in_game(LADY_JUSTICE, faction="guild")


def test_a_henchman_leader_pays_its_cost_and_a_zero_cost_one_13_minus_cache():
    assert hire_cost_in_game(FRANCISCO, faction="guild", as_leader=True) == 9
    assert hire_cost_in_game(ZERO_HENCH, faction="guild", as_leader=True) == 9


def test_other_models_cost_as_usual_with_the_mercenary_tax():
    assert hire_cost_in_game(GUARD, faction="guild") == 4
    assert hire_cost_in_game(HANS, faction="guild") == 9


def test_masters_from_the_start_are_never_paid_for_nor_counted_in_crew_size():
    """Campaign book, Variations, Masters: with a free Master for everyone, Masters are
    never paid for or counted in the Crew's size, always lead, and add their Cache."""
    assert hire_cost_in_game(LADY_JUSTICE, faction="guild", as_leader=True,
                             masters_free=True) == 0
    free = [ArsenalModel(None, is_master=True, free=True), ArsenalModel(4)]
    assert arsenal_total(free) == 4
    assert max_encounter_size(free, [(20, False)]) == 9


def test_big_head_and_lowered_expectations_change_the_hiring_cost_and_crew_size():
    """Injury chart, Big Head: the model's Cost goes up by 1 (reflipped on the Leader);
    Gremlin chart, Lowered Expectations: its Soulstone Cost goes down by 1. Both change
    what the model costs to hire and what it adds to the Arsenal's total."""
    assert hire_cost_in_game(GUARD, faction="guild", cost_change=1) == 5
    assert hire_cost_in_game(HANS, faction="guild", cost_change=-1) == 8
    assert hire_cost_in_game(ZERO_HENCH, faction="guild", as_leader=True, cost_change=-1) == 8
    assert arsenal_total([ArsenalModel(4, cost_change=1), ArsenalModel(5, cost_change=-1)]) == 9
    assert arsenal_total([ArsenalModel(0, cost_change=-1)]) == 0  # never below 0


def test_only_masters_and_henchmen_lead():
    with pytest.raises(RulesError, match="lead"):
        hire_cost_in_game(GUARD, faction="guild", as_leader=True)


# --- Campaign Rating ------------------------------------------------------------------


def jack_crew(*extra):
    return [
        HiredModel("Francisco", "henchman", (campaign("Duelist"), campaign("Helmet"),
                                             injury("Bad Knee"), *extra)),
        HiredModel("Guild Guard", "minion", (campaign("Agility"), injury("Scar"))),
        HiredModel("Watcher", "minion", (campaign("Scope"), campaign("Whiskey"))),
    ]


def test_jack_has_five_upgrades_and_two_injuries_so_rating_3():
    rating = campaign_rating(jack_crew())
    assert (rating.upgrades, rating.injuries, rating.avatar_bonus) == (5, 2, 0)
    assert rating.value == 3 and int(rating) == 3


def test_jill_has_two_and_two_so_rating_0():
    jill = [HiredModel("Sonnia", "master", (campaign("Quick Study"), injury("Shaken"))),
            HiredModel("Witchling", "minion", (campaign("Coffee"), injury("Scar")))]
    assert campaign_rating(jill).value == 0


def test_an_avatar_counts_as_an_upgrade_and_adds_3():
    jill = [HiredModel("Sonnia", "master", (AVATAR, campaign("Coffee"),
                                            injury("Shaken"), injury("Scar")))]
    rating = campaign_rating(jill)
    assert (rating.upgrades, rating.injuries, rating.avatar_bonus) == (2, 2, 3)
    assert rating.value == 3
    # Jack with an Avatar on top of his five: 6 - 2 + 3.
    assert campaign_rating(jack_crew(AVATAR)).value == 7


def test_regular_upgrades_do_not_count_and_ratings_may_be_negative():
    crew = [HiredModel("Guard", "minion", (RatedUpgrade("Hard Boiled", UpgradeKind.REGULAR),
                                           injury("Scar"), injury("Limp")))]
    assert campaign_rating(crew).value == -2
    assert campaign_rating([]).value == 0


def test_two_avatars_still_add_3_once():
    crew = [HiredModel("A", "master", (AVATAR,)), HiredModel("B", "henchman", (AVATAR,))]
    assert campaign_rating(crew) == CampaignRating(2, 0, 3)


def test_a_model_past_its_injury_limit_is_refused():
    peon = HiredModel("Rat", "peon", (injury("Scar"), injury("Limp")))
    with pytest.raises(RulesError, match="Annihilated past 1"):
        campaign_rating([peon])


# --- Soulstone Pool -------------------------------------------------------------------


def test_the_lower_rated_crew_gains_the_difference_and_may_pass_7():
    pools = soulstone_pools(PoolCrew(FRANCISCO, unspent=2, rating=3),
                            PoolCrew(ZERO_HENCH, unspent=7, rating=-1))
    assert pools.rating_difference == 4
    assert pools.a.rating_bonus == 0 and pools.a.total == 2
    assert pools.b.rating_bonus == 4 and pools.b.before_bonus == 7 and pools.b.total == 11


def test_henchmen_add_no_cache():
    pools = soulstone_pools(PoolCrew(FRANCISCO, 3, 0), PoolCrew(ZERO_HENCH, 3, 0))
    assert (pools.a.cache, pools.a.cache_ignored, pools.a.total) == (0, 3, 3)
    assert (pools.b.cache, pools.b.cache_ignored) == (0, 4)


def test_a_master_adds_its_cache_only_against_a_master():
    both = soulstone_pools(PoolCrew(LADY_JUSTICE, 4, 0), PoolCrew(SONNIA, 1, 0))
    assert (both.a.cache, both.a.bought, both.a.total) == (3, 4, 7)
    assert (both.b.cache, both.b.total) == (2, 3)
    versus_henchman = soulstone_pools(PoolCrew(LADY_JUSTICE, 4, 0), PoolCrew(FRANCISCO, 4, 0))
    assert (versus_henchman.a.cache, versus_henchman.a.cache_ignored) == (0, 3)
    assert versus_henchman.a.total == 4 and versus_henchman.b.total == 4


def test_unspent_stones_buy_pool_only_up_to_7():
    pools = soulstone_pools(PoolCrew(LADY_JUSTICE, 6, 0), PoolCrew(SONNIA, 9, 0))
    assert (pools.a.bought, pools.a.unspent_lost, pools.a.before_bonus) == (4, 2, 7)
    assert (pools.b.bought, pools.b.unspent_lost, pools.b.before_bonus) == (5, 4, 7)


def test_pools_accept_a_campaign_rating_result():
    pools = soulstone_pools(PoolCrew(FRANCISCO, 0, CampaignRating(5, 2, 0)),
                            PoolCrew(ZERO_HENCH, 0, CampaignRating(2, 2, 0)))
    assert pools.b.rating_bonus == 3


def test_a_minion_cannot_lead_a_pool():
    with pytest.raises(RulesError, match="led by"):
        soulstone_pools(PoolCrew(GUARD, 0, 0), PoolCrew(FRANCISCO, 0, 0))


@given(st.integers(-10, 20), st.integers(-10, 20), st.integers(0, 15), st.integers(0, 15),
       st.sampled_from([LADY_JUSTICE, FRANCISCO, ZERO_HENCH]),
       st.sampled_from([SONNIA, FRANCISCO, ZERO_HENCH]))
def test_rating_bonus_is_never_negative_and_goes_to_the_lower_crew(ra, rb, ua, ub, la, lb):
    pools = soulstone_pools(PoolCrew(la, ua, ra), PoolCrew(lb, ub, rb))
    assert pools.a.rating_bonus >= 0 and pools.b.rating_bonus >= 0
    assert pools.a.rating_bonus + pools.b.rating_bonus == abs(ra - rb)
    assert min(pools.a.rating_bonus, pools.b.rating_bonus) == 0
    for pool, unspent in ((pools.a, ua), (pools.b, ub)):
        assert pool.before_bonus <= 7
        assert pool.bought + pool.unspent_lost == unspent


# --- Finished Off ---------------------------------------------------------------------


def test_3_or_higher_is_finished_off_and_2_or_lower_unconscious():
    hit = finished_off("3R")
    assert hit.outcome is FinishedOffOutcome.FINISHED_OFF
    assert hit.flipped and hit.needs_injury_flip
    miss = finished_off("2M")
    assert miss.outcome is FinishedOffOutcome.UNCONSCIOUS
    assert miss.flipped and not miss.needs_injury_flip


def test_jokers():
    assert finished_off(BLACK_JOKER).outcome is FinishedOffOutcome.UNCONSCIOUS
    assert finished_off(RED_JOKER).outcome is FinishedOffOutcome.FINISHED_OFF


def test_tough_as_nails_raises_the_threshold_to_11():
    assert finished_off("10T", threshold=11).outcome is FinishedOffOutcome.UNCONSCIOUS
    assert finished_off("11T", threshold=11).outcome is FinishedOffOutcome.FINISHED_OFF


def test_a_cheated_card_is_just_the_final_card():
    flip = table_flip(["1C"], purpose="finished off", cheated_in="2R")
    assert finished_off(flip).card == Card.parse("2R")
    assert finished_off(table_flip(["12C"], cheated_in="1R")).outcome is (
        FinishedOffOutcome.UNCONSCIOUS)


def test_a_bad_moon_rises_forbids_cheating():
    flip = table_flip(["5C"], cheated_in="1R")
    with pytest.raises(IllegalCheat):
        finished_off(flip, may_cheat=False)
    with pytest.raises(IllegalCheat):
        finished_off("1R", cheated=True, may_cheat=False)
    assert finished_off(table_flip(["5C"]), may_cheat=False).outcome is (
        FinishedOffOutcome.FINISHED_OFF)


def test_automatic_summoned_and_repeat_kills_make_no_flip():
    auto = finished_off(None, automatic=True)
    assert auto.outcome is FinishedOffOutcome.AUTOMATIC
    assert not auto.flipped and auto.needs_injury_flip
    again = finished_off(None, already=True)
    assert again.outcome is FinishedOffOutcome.ALREADY_FLIPPED and not again.needs_injury_flip
    summoned = finished_off(None, summoned=True, automatic=True)
    assert summoned.outcome is FinishedOffOutcome.NOT_ARSENAL and not summoned.needs_injury_flip
    assert finished_off(None, automatic=True, already=True).outcome is (
        FinishedOffOutcome.AUTOMATIC)


def test_outcome_values_match_the_casualty_record():
    assert {o.value for o in FinishedOffOutcome} >= {"finished", "spared", "automatic",
                                                      "not_arsenal"}


def test_a_flip_is_needed_and_thresholds_are_checked():
    with pytest.raises(RulesError, match="Flip a card"):
        finished_off(None)
    with pytest.raises(RulesError, match="threshold"):
        finished_off("5R", threshold=-1)


@given(st.sampled_from(FULL_DECK), st.integers(0, 15))
def test_finished_off_exactly_at_or_above_the_threshold(card, threshold):
    result = finished_off(card, threshold=threshold)
    assert result.needs_injury_flip == (card.value >= threshold)


# --- End of the Encounter -------------------------------------------------------------


def test_turn_5_continues_on_10_or_more():
    assert end_of_game_flip(5, "10R").continues
    assert end_of_game_flip(5, "9R").game_ends
    assert end_of_game_flip(5, BLACK_JOKER).game_ends


def test_each_later_turn_needs_one_more():
    assert [continue_value_needed(t) for t in (5, 6, 7, 8, 9)] == [10, 11, 12, 13, 14]
    assert end_of_game_flip(6, "10C").game_ends and end_of_game_flip(6, "11C").continues
    assert end_of_game_flip(7, "12C").continues and end_of_game_flip(7, "11C").game_ends


def test_only_the_red_joker_saves_turn_9_and_nothing_saves_turn_10():
    assert end_of_game_flip(9, RED_JOKER).continues
    assert end_of_game_flip(9, "13M").game_ends
    assert end_of_game_flip(10, RED_JOKER).game_ends


def test_no_flip_before_turn_5_and_no_cheating():
    assert continue_value_needed(4) is None
    with pytest.raises(RulesError, match="Turn 5"):
        end_of_game_flip(4, "13R")
    with pytest.raises(RulesError, match="numbered"):
        continue_value_needed(0)
    with pytest.raises(IllegalCheat):
        end_of_game_flip(5, table_flip(["2C"], cheated_in="13R"))


@given(st.integers(5, 20), st.sampled_from(FULL_DECK))
def test_value_needed_is_turn_plus_5(turn, card):
    result = end_of_game_flip(turn, card)
    assert result.value_needed == turn + 5
    assert result.continues == (card.value >= turn + 5)


# --- Strategic Withdraw ---------------------------------------------------------------


@pytest.mark.parametrize("turn", [1, 2])
def test_withdrawing_by_turn_2_forfeits_everything_but_injuries(turn):
    result = strategic_withdraw(turn, vp_withdrawing=2, vp_other=1)
    assert result.early
    assert (result.vp_withdrawing, result.vp_forfeited, result.vp_other) == (0, 2, 1)
    assert not result.barter_flips and not result.aftermath_hand
    assert result.forfeits_game_scrip and result.aftermath_injuries_only
    assert result.winner == "other"


def test_an_early_withdraw_against_a_scoreless_crew_is_a_tie():
    assert strategic_withdraw(1, 0, 0).winner is None


def test_withdrawing_later_behind_scores_as_normal():
    result = strategic_withdraw(3, vp_withdrawing=2, vp_other=5)
    assert not result.early and (result.vp_withdrawing, result.vp_other) == (2, 5)
    assert result.other_vp_adjustment == 0 and result.aftermath_cards_lost == 1
    assert result.barter_flips and result.aftermath_hand and not result.forfeits_game_scrip


@pytest.mark.parametrize(("mine", "theirs"), [(4, 4), (6, 2), (10, 0)])
def test_withdrawing_later_level_or_ahead_puts_the_other_crew_one_ahead(mine, theirs):
    result = strategic_withdraw(4, mine, theirs)
    assert result.vp_withdrawing == mine
    assert result.vp_other == mine + 1
    assert result.other_vp_adjustment == mine + 1 - theirs
    assert result.winner == "other"


def test_withdraw_inputs_are_checked():
    with pytest.raises(RulesError):
        strategic_withdraw(0, 1, 1)
    with pytest.raises(RulesError):
        strategic_withdraw(3, -1, 1)


@given(st.integers(3, 8), st.integers(0, 12), st.integers(0, 12))
def test_a_late_withdraw_never_wins_and_never_lowers_the_other_crew(turn, mine, theirs):
    result = strategic_withdraw(turn, mine, theirs)
    assert result.winner == "other"
    assert result.vp_other >= theirs and result.vp_withdrawing == mine


# --- Scrip ----------------------------------------------------------------------------


def test_event_scrip_is_capped_at_6_per_game_and_the_cut_recorded():
    convicts = event_scrip_for_game([2, 2, 2, 2])  # four Convict Markers on our half
    assert (convicts.earned, convicts.counted, convicts.cut, convicts.cap) == (8, 6, 2, 6)
    assert event_scrip_for_game(4).counted == 4
    assert event_scrip_for_game([]).counted == 0
    assert event_scrip_for_game([5, 5], cap=8).cut == 2
    with pytest.raises(RulesError):
        event_scrip_for_game([3, -1])


def test_payday_one_scrip_per_two_vp_rounded_up():
    assert [payday(vp, False, 0, 0).vp_scrip for vp in (0, 1, 2, 3, 4, 5, 10)] == [
        0, 1, 1, 2, 2, 3, 5]


def test_payday_winner_rating_and_event():
    pay = payday(7, True, own_rating=-1, other_rating=3, event_scrip=[4, 4])
    assert (pay.vp_scrip, pay.win_bonus, pay.rating_bonus) == (4, 1, 4)
    assert (pay.event.counted, pay.event.cut) == (6, 2)
    assert pay.total == 15
    higher = payday(3, False, own_rating=3, other_rating=-1)
    assert higher.rating_bonus == 0 and higher.total == 2


def test_payday_after_an_early_withdraw_is_forfeited():
    pay = payday(0, False, own_rating=0, other_rating=2, event_scrip=3, withdrew_early=True)
    assert pay.earned == 5 and pay.forfeited == 5 and pay.total == 0


def test_payday_accepts_a_checked_event_result_and_rating_results():
    pay = payday(2, False, CampaignRating(0, 0, 0), CampaignRating(1, 0, 0),
                 event_scrip_for_game([9]))
    assert (pay.rating_bonus, pay.event.counted, pay.total) == (1, 6, 8)


@given(st.integers(0, 14), st.booleans(), st.integers(-8, 10), st.integers(-8, 10),
       st.lists(st.integers(0, 8), max_size=4))
def test_payday_adds_up(vp, won, own, other, event):
    pay = payday(vp, won, own, other, event)
    assert pay.rating_bonus == max(0, other - own) >= 0
    assert pay.event.counted <= 6
    assert pay.total == (vp + 1) // 2 + int(won) + pay.rating_bonus + min(6, sum(event))
