"""Bounties (campaign book, PHASE 5: PURCHASE BOUNTIES): every goal in
``rules/data/bounties.json`` on hand-built game facts, the tallies across games, buying.
Plain Python: no database."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.engine.bounties import (
    BOUNTY_COST,
    GOALS,
    BountyProgress,
    Casualty,
    Contribution,
    GameFacts,
    SchemeResult,
    advance,
    can_purchase,
    final_part_completed,
    start,
)
from rules.engine.errors import RulesError
from rules.tables import bounties

ROWS = {row.key: row for row in bounties().rows}


def row(key):
    return ROWS[key]


def enemy(**kwargs):
    """An opposing model this crew killed."""
    return Casualty("opposing", by_us=True, **kwargs)


def run(key, *games):
    """Progress on ``key`` after folding in ``games`` (GameFacts, in order)."""
    progress = start(key)
    for facts in games:
        progress = advance(row(key), progress, facts)
    return progress


def once(key, **facts):
    """Parts one game marks off."""
    return run(key, GameFacts(game=1, **facts)).counted


# --- The data and the goal table -----------------------------------------------------

def test_every_goal_and_tally_in_the_data_is_implemented():
    assert {r.goal for r in ROWS.values()} == set(GOALS)
    assert {r.tally for r in ROWS.values()} <= {"total", "games", "schemes"}
    assert bounties().cost_scrip == BOUNTY_COST == 4


# Per goal: a game that accomplishes it once, and a near miss that does not.
HIT_AND_MISS = {
    "hunt-them-down": (
        {"casualties": (enemy(is_leader=True),)},
        {"casualties": (Casualty("opposing", is_leader=True),  # the enemy sacrificed it
                        Casualty("neutral", by_us=True, is_leader=True))}),
    "build-a-reputation": ({"strategy_vp": 3}, {"strategy_vp": 2}),
    "cleanup-crew": ({"enemy_marker_removals": 1}, {"enemy_marker_removals": 0}),
    "hunting-party": (
        {"casualties": (Casualty("neutral", how="sacrificed", by_us=True),)},
        {"casualties": (Casualty("neutral", by_us=False), enemy())}),
    "trophy-hunter": (
        {"enemy_priciest_non_leader_cost": 9, "casualties": (enemy(cost=9),)},
        {"enemy_priciest_non_leader_cost": 9,
         "casualties": (enemy(cost=8), enemy(cost=10, is_leader=True),
                        Casualty("opposing", cost=9))}),
    "just-live-through-this": (
        {"casualties": (enemy(),)},
        {"casualties": (Casualty("friendly", how="buried"),)}),
    "strange-times": ({"event_scrip": 1}, {"event_scrip": 0}),
    "mark-our-territory": (
        {"schemes": (SchemeResult("a-line-in-the-sand", 3),)},
        {"schemes": (SchemeResult("a-line-in-the-sand", 2), SchemeResult("bodyguard", 3))}),
    "take-their-land": (
        {"friendly_in_enemy_zone": 3, "enemy_in_enemy_zone": 2},
        {"friendly_in_enemy_zone": 2, "enemy_in_enemy_zone": 2}),
    "map-it-out": ({"scheme_marker_quarters": 4}, {"scheme_marker_quarters": 3}),
    "escort-mission": ({"escorted_noted_model": True}, {"escorted_noted_model": False}),
    "hit-list": (
        {"casualties": (enemy(noted=True, cost=6),)},
        {"casualties": (enemy(noted=True, cost=5), enemy(cost=8),
                        Casualty("opposing", noted=True, cost=8))}),
    "roundup": (
        {"roundup_named_count": 3, "roundup_left_at_end": 0},
        {"roundup_named_count": 3, "roundup_left_at_end": 1}),
    "apprehend-their-leader": ({"engaging_enemy_leader": 2}, {"engaging_enemy_leader": 1}),
    "drive-them-back": (
        {"casualties": (enemy(station="peon"),)},
        {"casualties": (enemy(station="enforcer"), Casualty("friendly", station="minion"))}),
    "lend-a-hand": ({"corpse_markers_at_end": 5}, {"corpse_markers_at_end": 4}),
    "the-dead-horde": ({"summoned_soulstones": 12}, {"summoned_soulstones": 11}),
    "infectious-fear": ({"enemies_failed_horror": 2}, {"enemies_failed_horror": 1}),
    "spare-parts": ({"scrap_markers_at_end": 4}, {"scrap_markers_at_end": 3}),
    "leave-our-mark": ({"own_scheme_markers_at_end": 4}, {"own_scheme_markers_at_end": 3}),
    "sabotage": ({"opponent_strategy_vp": 2}, {"opponent_strategy_vp": 3}),
    "purge": (
        {"casualties": tuple(enemy(characteristics=frozenset({c})) for c in
                             ("living", "undead", "living", "undead"))},
        {"casualties": (*(enemy(characteristics=frozenset({"living"})) for _ in range(3)),
                        enemy(characteristics=frozenset({"construct"})))}),
    "unseen-objectives": (
        {"won": True, "schemes": (SchemeResult("distract", 3), SchemeResult("vendetta", 0))},
        {"won": True, "schemes": (SchemeResult("distract", 3),
                                  SchemeResult("bodyguard", 3, revealed=True))}),
    "lessons-learned-in-blood": (
        {"casualties": (enemy(station="henchman"),)},
        {"casualties": (enemy(station="minion"),)}),
    "cursed-wretches": ({"afflicted_enemies_at_end": 3}, {"afflicted_enemies_at_end": 2}),
    "well-use-that-later": ({"soulstones_at_end": 2}, {"soulstones_at_end": 1}),
    "do-the-job-get-paid": ({"won": True}, {"won": False}),
    "hogwild": ({"pig_quarters": 4}, {"pig_quarters": 3}),
    "burn-down-the-barn": (
        {"casualties": (Casualty("friendly", during_own_activation=True),)},
        {"casualties": (Casualty("friendly", how="sacrificed", during_own_activation=True),
                        enemy(during_own_activation=True))}),
    "kabloooy": (
        {"casualties": (Casualty("neutral", by_us=True, with_blast=True),)},
        {"casualties": (enemy(how="sacrificed", with_blast=True),
                        Casualty("opposing", with_blast=True))}),
    "purity-of-spirit": (
        {"casualties": (enemy(how="sacrificed", our_pool_empty=True),)},
        {"casualties": (enemy(), Casualty("opposing", our_pool_empty=True))}),
    "ancestral-artifacts": ({"upgrades_attached": 3}, {"upgrades_attached": 2}),
    "strike-from-darkness": (
        {"casualties": (enemy(), Casualty("friendly"))},
        {"casualties": (Casualty("friendly"), enemy())}),
}
SCHEME_ROWS = {"covert-operation", "on-the-payroll"}


def test_every_non_scheme_bounty_has_a_hit_and_a_miss():
    assert set(HIT_AND_MISS) | SCHEME_ROWS == set(ROWS)


@pytest.mark.parametrize("key", sorted(HIT_AND_MISS))
def test_goal_hit_counts_one_part(key):
    hit, _ = HIT_AND_MISS[key]
    assert once(key, **hit) == 1


@pytest.mark.parametrize("key", sorted(HIT_AND_MISS))
def test_goal_near_miss_counts_nothing(key):
    _, miss = HIT_AND_MISS[key]
    assert once(key, **miss) == 0


def test_just_live_through_this_fails_on_a_strategic_withdraw():
    assert once("just-live-through-this", withdrew=True) == 0
    assert run("just-live-through-this", GameFacts(game=1)).completed


def test_hunt_them_down_buried_leader_counts_as_killed():
    assert once("hunt-them-down", casualties=(enemy(is_leader=True, how="buried"),)) == 1


def test_drive_them_back_counts_totems_and_neutral_minions():
    facts = (enemy(characteristics=frozenset({"totem"})), Casualty("neutral", by_us=True,
             station="minion"), enemy(station="minion"))
    assert once("drive-them-back", casualties=facts) == 3


def test_strike_from_darkness_first_casualty_must_be_ours_and_an_enemy():
    assert once("strike-from-darkness") == 0  # nobody died
    assert once("strike-from-darkness", casualties=(Casualty("opposing"), enemy())) == 0
    assert once("strike-from-darkness", casualties=(Casualty("neutral", by_us=True),)) == 1


def test_trophy_hunter_tied_models_count_once_per_game():
    facts = {"enemy_priciest_non_leader_cost": 7,
             "casualties": (enemy(cost=7), enemy(cost=7))}
    assert once("trophy-hunter", **facts) == 1
    assert once("trophy-hunter", casualties=(enemy(cost=7),)) == 0  # no opposing non-Leader


def test_roundup_needs_three_enemies_sharing_the_named_characteristic():
    assert once("roundup", roundup_named_count=2, roundup_left_at_end=0) == 0


# --- Scheme Bounties -----------------------------------------------------------------

def full(*keys):
    return tuple(SchemeResult(k, 3, revealed=True) for k in keys)


def test_covert_operation_counts_one_scheme_per_game():
    after = run("covert-operation",
                GameFacts(game=1, schemes=full("plant-explosives", "deliver-a-message")))
    assert after.counted == 1
    assert after.schemes_counted == ("plant-explosives",)


def test_covert_operation_needs_two_different_schemes():
    same = [GameFacts(game=g, schemes=full("make-them-suffer")) for g in (1, 2, 3)]
    assert run("covert-operation", *same).counted == 1
    done = run("covert-operation", *same, GameFacts(game=4, schemes=full("deliver-a-message")))
    assert done.completed and done.completed_in_game == 4
    assert set(done.schemes_counted) == {"make-them-suffer", "deliver-a-message"}


def test_covert_operation_second_game_takes_the_other_scheme_of_a_double():
    both = full("plant-explosives", "make-them-suffer")
    done = run("covert-operation", GameFacts(game=1, schemes=both),
               GameFacts(game=2, schemes=both))
    assert done.completed and done.schemes_counted == ("plant-explosives", "make-them-suffer")


def test_on_the_payroll_ignores_unlisted_and_partial_schemes():
    facts = GameFacts(game=1, schemes=(SchemeResult("bodyguard", 2), *full("assassinate")))
    assert run("on-the-payroll", facts).counted == 0
    assert run("on-the-payroll", GameFacts(game=1, schemes=full("bodyguard"))).counted == 1


# --- Tallies across games ------------------------------------------------------------

def test_total_tally_adds_up_across_games_and_caps_at_the_target():
    one = GameFacts(game="g1", enemy_marker_removals=2)
    two = GameFacts(game="g2", enemy_marker_removals=5)
    progress = run("cleanup-crew", one)
    assert (progress.counted, progress.completed) == (2, False)
    progress = advance(row("cleanup-crew"), progress, two)
    assert progress.counted == progress.target == 3
    assert progress.contributions == (Contribution("g1", 2), Contribution("g2", 1))
    assert progress.completed_in_game == "g2"


def test_total_tally_may_finish_in_one_game():
    progress = run("cleanup-crew", GameFacts(game=1, enemy_marker_removals=3))
    assert progress.completed and progress.completed_in_game == 1


def test_games_tally_counts_at_most_once_per_game():
    two_leaders = GameFacts(game=1, engaging_enemy_leader=4)
    progress = run("apprehend-their-leader", two_leaders)
    assert progress.counted == 1 and not progress.completed
    done = advance(row("apprehend-their-leader"), progress,
                   GameFacts(game=2, engaging_enemy_leader=2))
    assert done.completed and done.completed_in_game == 2


def test_two_different_games_never_count_twice_for_one_game():
    twice = GameFacts(game=7, event_scrip=6)
    progress = run("strange-times", twice, twice, twice)
    assert progress.counted == 1 and progress.games == (7,)


def test_the_same_game_is_folded_in_once_even_for_a_total_tally():
    facts = GameFacts(game=3, casualties=(Casualty("neutral", by_us=True),))
    assert run("hunting-party", facts, facts).counted == 1


def test_games_without_progress_are_remembered():
    progress = run("hit-list", GameFacts(game=1), GameFacts(game=2))
    assert progress.contributions == (Contribution(1, 0), Contribution(2, 0))
    assert progress.completed_in_game is None


def test_a_completed_bounty_does_not_move():
    done = run("do-the-job-get-paid", GameFacts(game=1, won=True), GameFacts(game=2, won=True))
    assert done.completed
    assert advance(row("do-the-job-get-paid"), done, GameFacts(game=3, won=True)) is done


def test_lessons_learned_over_several_games():
    games = [GameFacts(game=g, casualties=(enemy(station="master", is_leader=True),
                                           enemy(station="enforcer"))) for g in (1, 2, 3)]
    progress = run("lessons-learned-in-blood", *games[:1])
    assert progress.counted == 2
    progress = run("lessons-learned-in-blood", *games)
    assert progress.counted == 4 and progress.completed_in_game == 2
    assert progress.games == (1, 2)


def test_advance_refuses_progress_for_another_bounty():
    with pytest.raises(RulesError):
        advance(row("hogwild"), start("kabloooy"), GameFacts(game=1))
    with pytest.raises(RulesError):
        advance(row("hogwild"), BountyProgress("hogwild", target=5), GameFacts(game=1))


def test_start_refuses_an_unknown_bounty():
    with pytest.raises(RulesError):
        start("treasure-hunt")


@pytest.mark.parametrize("bad", [{"pig_quarters": 5}, {"scheme_marker_quarters": -1},
                                 {"soulstones_at_end": -1}])
def test_impossible_facts_are_refused(bad):
    with pytest.raises(RulesError):
        GameFacts(game=1, **bad)


def test_impossible_casualties_are_refused():
    with pytest.raises(RulesError):
        Casualty("ally")
    with pytest.raises(RulesError):
        Casualty("opposing", how="eaten")


# --- The final part ------------------------------------------------------------------

def test_final_part_completed_only_in_the_game_that_finishes_it():
    key = "just-live-through-this"
    before = start(key)
    after = advance(row(key), before, GameFacts(game=1))
    assert final_part_completed(before, after)
    assert not final_part_completed(after, advance(row(key), after, GameFacts(game=2)))
    partial = run("hunting-party", GameFacts(game=1, casualties=(Casualty("neutral", by_us=True),)))
    assert not final_part_completed(start("hunting-party"), partial)
    with pytest.raises(RulesError):
        final_part_completed(before, partial)


# --- Buying --------------------------------------------------------------------------

def test_can_buy_a_bounty():
    assert can_purchase("hunt-them-down", active=set(), completed=set(), scrip=4) is None


def test_refused_without_enough_scrip():
    reason = can_purchase("hunt-them-down", active=set(), completed=set(), scrip=3)
    assert reason and "4 Scrip" in reason
    assert can_purchase("hunt-them-down", active=set(), completed=set(), scrip=5, cost=6)


def test_refused_a_bounty_already_completed():
    reason = can_purchase("hogwild", active=set(), completed={"hogwild"}, scrip=20)
    assert reason and "once per Campaign" in reason


def test_one_bounty_at_a_time():
    reason = can_purchase("hogwild", active={"kabloooy"}, completed=set(), scrip=20)
    assert reason and "one Bounty at a time" in reason
    assert can_purchase("hogwild", active={"hogwild"}, completed=set(), scrip=20)
    # The book discards the old Bounty when a new one is bought: allowed once confirmed.
    assert can_purchase("hogwild", active={"kabloooy"}, completed=set(), scrip=20,
                        replace_active=True) is None


def test_refused_unknown_or_other_faction_bounties():
    assert can_purchase("nope", active=set(), completed=set(), scrip=20)
    assert can_purchase("hogwild", active=set(), completed=set(), scrip=20, faction="guild")
    assert can_purchase("roundup", active=set(), completed=set(), scrip=20,
                        faction="guild") is None
    assert can_purchase("hunt-them-down", active=set(), completed=set(), scrip=20,
                        faction="gremlins") is None


# --- Properties ----------------------------------------------------------------------

casualties = st.builds(
    Casualty,
    victim=st.sampled_from(["friendly", "opposing", "neutral"]),
    how=st.sampled_from(["killed", "sacrificed", "buried"]),
    by_us=st.booleans(), is_leader=st.booleans(),
    station=st.sampled_from([None, "master", "henchman", "enforcer", "minion", "peon"]),
    characteristics=st.frozensets(st.sampled_from(["living", "undead", "totem", "construct"])),
    cost=st.none() | st.integers(0, 15), noted=st.booleans(),
    during_own_activation=st.booleans(), with_blast=st.booleans(),
    our_pool_empty=st.booleans(),
)
small = st.integers(0, 15)
scheme_keys = st.sampled_from(["plant-explosives", "make-them-suffer", "deliver-a-message",
                               "breakthrough", "protect-territory", "bodyguard",
                               "a-line-in-the-sand", "distract", "for-the-money"])
facts = st.builds(
    GameFacts,
    game=st.integers(1, 6), won=st.booleans(), withdrew=st.booleans(),
    strategy_vp=small, opponent_strategy_vp=small,
    schemes=st.lists(st.builds(SchemeResult, scheme_keys, st.integers(0, 3), st.booleans()),
                     max_size=2).map(tuple),
    event_scrip=small, casualties=st.lists(casualties, max_size=8).map(tuple),
    enemy_priciest_non_leader_cost=st.none() | small, enemy_marker_removals=small,
    friendly_in_enemy_zone=small, enemy_in_enemy_zone=small,
    scheme_marker_quarters=st.integers(0, 4), own_scheme_markers_at_end=small,
    escorted_noted_model=st.booleans(), roundup_named_count=small, roundup_left_at_end=small,
    engaging_enemy_leader=small, corpse_markers_at_end=small, scrap_markers_at_end=small,
    summoned_soulstones=st.integers(0, 30), enemies_failed_horror=small,
    afflicted_enemies_at_end=small, soulstones_at_end=small, pig_quarters=st.integers(0, 4),
    upgrades_attached=small,
)


@given(st.sampled_from(sorted(ROWS)), st.lists(facts, max_size=8))
def test_progress_never_decreases_nor_passes_the_target(key, games):
    progress = start(key)
    finished_in = None
    for game in games:
        after = advance(row(key), progress, game)
        assert progress.counted <= after.counted <= after.target
        assert after.completed == (after.counted == after.target)
        assert final_part_completed(progress, after) == (after.completed
                                                         and not progress.completed)
        if row(key).tally != "total":
            assert all(c.count <= 1 for c in after.contributions)
        if finished_in is not None:
            assert after.completed_in_game == finished_in
        finished_in = after.completed_in_game
        progress = after
    assert len(set(progress.games)) == len(progress.games)
    assert len(set(progress.schemes_counted)) == len(progress.schemes_counted)
