"""The Aftermath (campaign book, AFTERMATH phases 1, 3, 4 and 6) with scripted cards.
Plain Python: no database."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import tables
from rules.engine.aftermath import (
    aftermath_hand_size,
    barter_flip_count,
    barter_options,
    flip_those_who_thirst,
    resolve_injury,
    reward_for_bounty,
)
from rules.engine.cards import BLACK_JOKER, FULL_DECK, RED_JOKER, Card, parse_cards
from rules.engine.errors import RulesError


class Script:
    """A card source that hands out the given cards in order and records each purpose."""

    def __init__(self, codes: str = ""):
        self.cards = parse_cards(codes)
        self.purposes: list[str] = []

    def __call__(self, purpose: str) -> Card:
        self.purposes.append(purpose)
        assert self.cards, f"unexpected draw for {purpose!r}"
        return self.cards.pop(0)

    @property
    def left(self) -> int:
        return len(self.cards)


class Hand:
    """A scripted ``cheat``: plays the next planned card (None = decline); records offers."""

    def __init__(self, *plays):
        self.plays = [None if p is None else Card.parse(p) for p in plays]
        self.offers: list[tuple[str, Card]] = []

    def __call__(self, purpose, card):
        self.offers.append((purpose, card))
        return self.plays.pop(0) if self.plays else None


def deck_source(order, seed):
    """A Fate Deck in ``order``, reshuffled (seeded) whenever it runs out."""
    rng = random.Random(seed)
    cards = list(order)

    def draw(purpose):
        nonlocal cards
        if not cards:
            cards = list(FULL_DECK)
            rng.shuffle(cards)
        return cards.pop(0)

    return draw


decks = st.permutations(FULL_DECK)
seeds = st.integers(0, 2**32 - 1)


# --- Phase 1 -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("completed", "won", "bounty", "late", "size"),
    [
        (True, True, True, False, 3),
        (True, False, False, False, 1),
        (True, True, False, False, 2),
        (False, False, False, False, 0),
        (False, True, True, True, 2),  # late withdraw: the no-withdraw card is missing
        (False, False, False, True, 0),
    ],
)
def test_aftermath_hand_size(completed, won, bounty, late, size):
    assert aftermath_hand_size(completed, won, bounty, late) == size


def test_aftermath_hand_early_withdraw_has_no_hand():
    assert aftermath_hand_size(False, True, True, early_withdraw=True) == 0


@pytest.mark.parametrize("flags", [dict(late_withdraw=True), dict(early_withdraw=True)])
def test_withdrawn_crew_did_not_complete_without_withdrawing(flags):
    with pytest.raises(RulesError):
        aftermath_hand_size(True, False, False, **flags)


def test_one_withdraw_only():
    with pytest.raises(RulesError):
        aftermath_hand_size(False, False, False, True, early_withdraw=True)


# --- Phase 3 -----------------------------------------------------------------------------


@pytest.mark.parametrize(("vp", "extra", "count"),
                         [(0, 0, 1), (2, 0, 1), (3, 0, 2), (4, 0, 2), (1, 2, 3), (3, 1, 3)])
def test_barter_flip_count(vp, extra, count):
    assert barter_flip_count(vp, extra=extra) == count


@pytest.mark.parametrize(("vp", "extra"), [(-1, 0), (2, -1), (True, 0), (1.5, 0)])
def test_barter_flip_count_refuses_bad_numbers(vp, extra):
    with pytest.raises(RulesError):
        barter_flip_count(vp, extra=extra)


def test_barter_options_match_the_value():
    options = barter_options("5C")
    assert options.value == 5
    assert {u.key for u in options.upgrades} == {"steady-aim", "steady-hands", "soulstone-ale",
                                                 "katanas"}
    assert {u.key for u in options.always} == {"good-lead", "lucky-gremlins-foot"}
    assert not options.those_who_thirst
    assert options.cost("katanas") == 4
    assert options.cost("good-lead") == 2
    with pytest.raises(RulesError):
        options.cost("fated")


def test_barter_black_joker_buys_only_always_upgrades():
    options = barter_options(BLACK_JOKER)
    assert options.value == 0
    assert options.upgrades == ()
    assert {u.key for u in options.all} == {"good-lead", "lucky-gremlins-foot"}


@pytest.mark.parametrize("card", ["RJ", "RJ:T"])
def test_barter_red_joker_offers_those_who_thirst(card):
    options = barter_options(card)
    assert options.value == 14
    assert options.card == RED_JOKER
    assert {u.key for u in options.upgrades} == {"fated", "those-who-thirst"}
    assert options.those_who_thirst


def test_barter_red_joker_no_second_relic():
    options = barter_options(RED_JOKER, has_those_who_thirst=True)
    assert [u.key for u in options.upgrades] == ["fated"]
    assert not options.those_who_thirst


def test_every_suited_value_offers_something():
    for card in FULL_DECK:
        if not card.is_joker:
            assert barter_options(card).upgrades, card


def test_those_who_thirst_reflips_jokers():
    draw = Script("RJ BJ 5M")
    outcome = flip_those_who_thirst(draw)
    assert outcome.relic_key == "edict"
    assert [s.kept for s in outcome.steps] == [False, False, True]
    assert outcome.steps[0].why == "Jokers are reflipped"


def test_those_who_thirst_may_be_cheated():
    hand = Hand("7T")
    outcome = flip_those_who_thirst(Script("5R"), cheat=hand)
    assert outcome.relic_key == "insight"
    assert outcome.steps[-1].cheated
    assert outcome.steps[-1].cards == (Card.parse("5R"),)
    assert hand.offers == [("Those Who Thirst", Card.parse("5R"))]


# --- Phase 4 -----------------------------------------------------------------------------


def test_reward_by_suit():
    for code, key in [("3R", "retribution"), ("9C", "modified-barrel"), ("1T", "brutal"),
                      ("13M", "improvised-explosives")]:
        outcome = reward_for_bounty(Script(code), chart="guild", owned=set(), has_master=True)
        assert outcome.reward.key == key
        assert not outcome.taken and not outcome.exhausted


def test_generic_chart():
    outcome = reward_for_bounty(Script("2M"), chart="generic", owned=set(), has_master=False)
    assert outcome.chart == "rewards-generic"
    assert outcome.reward.key == "favors-of-death"
    assert [r.key for r in outcome.alternatives] == ["favors-of-treachery"]


def test_reward_reflips_owned_results_and_jokers():
    draw = Script("3R RJ BJ 4C")
    outcome = reward_for_bounty(draw, chart="guild", owned={"retribution"}, has_master=False)
    assert outcome.reward.key == "modified-barrel"
    steps = outcome.steps
    assert [s.kept for s in steps] == [False, False, False, True]
    assert [s.result_key for s in steps] == ["retribution", None, None, "modified-barrel"]
    assert "already has Retribution" in steps[0].why
    assert steps[1].why == "Jokers are reflipped"
    assert draw.purposes[0] == "reward flip"
    assert draw.purposes[1].startswith("reward reflip")


def test_avatar_is_an_alternative_only_with_a_master():
    with_master = reward_for_bounty(Script("3R"), chart="guild", owned=set(), has_master=True)
    without = reward_for_bounty(Script("3R"), chart="guild", owned=set(), has_master=False)
    assert [r.key for r in with_master.alternatives] == ["avatar"]
    assert without.alternatives == ()


def test_avatar_taken_instead_of_flipping():
    draw = Script()
    outcome = reward_for_bounty(draw, chart="neverborn", owned=set(), has_master=True,
                                take="avatar")
    assert outcome.taken and outcome.reward.key == "avatar"
    assert outcome.steps == () and draw.purposes == []


@pytest.mark.parametrize(("chart", "take", "owned", "master"), [
    ("guild", "avatar", set(), False),        # no Master, no Avatar
    ("guild", "avatar", {"avatar"}, True),    # already has it
    ("guild", "retribution", set(), True),    # a flipped row cannot be chosen
    ("guild", "favors-of-treachery", set(), True),  # not on this chart
])
def test_take_refused(chart, take, owned, master):
    with pytest.raises(RulesError):
        reward_for_bounty(Script(), chart=chart, owned=owned, has_master=master, take=take)


def test_favors_of_treachery_needs_no_master():
    outcome = reward_for_bounty(Script(), chart="generic", owned=set(), has_master=False,
                                take="favors-of-treachery")
    assert outcome.reward.key == "favors-of-treachery"


def test_unknown_chart_refused():
    with pytest.raises(RulesError):
        reward_for_bounty(Script("1R"), chart="pirates", owned=set(), has_master=False)


def test_everything_owned_is_exhausted_without_drawing():
    owned = {"retribution", "modified-barrel", "brutal", "improvised-explosives"}
    draw = Script()
    outcome = reward_for_bounty(draw, chart="guild", owned=owned, has_master=True)
    assert outcome.exhausted and outcome.reward is None
    assert [r.key for r in outcome.alternatives] == ["avatar"]
    assert draw.purposes == []


def test_positive_twist_turns_over_two_and_picks_a_new_result():
    draw = Script("3R 4C")
    outcome = reward_for_bounty(draw, chart="guild", owned={"retribution"}, has_master=False,
                                twists=1)
    assert outcome.reward.key == "modified-barrel"
    assert outcome.steps[0].cards == tuple(parse_cards("3R 4C"))
    assert draw.purposes == ["reward flip (card 1 of 2)", "reward flip (card 2 of 2)"]


def test_positive_twist_chooser():
    picked = []

    def choose(cards):
        picked.append(cards)
        return cards[-1]

    outcome = reward_for_bounty(Script("3R 4C"), chart="guild", owned=set(), has_master=False,
                                twists=1, choose=choose)
    assert outcome.reward.key == "modified-barrel"
    assert picked == [tuple(parse_cards("3R 4C"))]


def test_chooser_must_pick_a_flipped_card():
    with pytest.raises(RulesError):
        reward_for_bounty(Script("3R 4C"), chart="guild", owned=set(), has_master=False,
                          twists=1, choose=lambda cards: Card.parse("9M"))


def test_negative_twist_takes_the_lowest():
    outcome = reward_for_bounty(Script("9R 4C"), chart="guild", owned=set(), has_master=False,
                                twists=-1)
    assert outcome.reward.key == "modified-barrel"


def test_negative_twist_lowest_owned_reflips_whole_flip():
    draw = Script("9R 4C 2T 8M")
    outcome = reward_for_bounty(draw, chart="guild", owned={"modified-barrel"},
                                has_master=False, twists=-1)
    assert outcome.reward.key == "brutal"
    assert len(outcome.steps) == 2 and draw.left == 0


def test_twists_cap_at_four_cards():
    draw = Script("1R 2R 3R 4C")
    outcome = reward_for_bounty(draw, chart="guild", owned=set(), has_master=False, twists=-5)
    assert outcome.reward.key == "retribution"
    assert len(outcome.steps[0].cards) == 4


def test_black_joker_in_a_twisted_flip_is_taken_and_reflipped():
    hand = Hand("5M")
    draw = Script("BJ 4C 2T 8M")
    outcome = reward_for_bounty(draw, chart="guild", owned=set(), has_master=False, twists=1,
                                cheat=hand)
    assert outcome.steps[0].card == BLACK_JOKER and not outcome.steps[0].kept
    # the Black Joker forbids cheating that flip; the reflip may be cheated
    assert [card for _, card in hand.offers] == [Card.parse("2T")]
    assert outcome.reward.key == "improvised-explosives"


def test_negative_twist_cannot_be_cheated():
    hand = Hand("5M")
    outcome = reward_for_bounty(Script("9R 4C"), chart="guild", owned=set(),
                                has_master=False, twists=-1, cheat=hand)
    assert hand.offers == []
    assert outcome.reward.key == "modified-barrel"


def test_cheat_out_of_an_owned_result():
    hand = Hand("6T")
    outcome = reward_for_bounty(Script("3R"), chart="guild", owned={"retribution"},
                                has_master=False, cheat=hand)
    assert outcome.reward.key == "brutal"
    assert outcome.steps[0].cheated and outcome.steps[0].card == Card.parse("6T")


def test_cheat_into_an_owned_result_reflips():
    hand = Hand("6R", None)
    outcome = reward_for_bounty(Script("3T 1C"), chart="guild", owned={"retribution"},
                                has_master=False, cheat=hand)
    assert [s.result_key for s in outcome.steps] == ["retribution", "modified-barrel"]
    assert outcome.steps[0].cheated and not outcome.steps[1].cheated


def test_cannot_cheat_in_a_flipped_card():
    with pytest.raises(RulesError):
        reward_for_bounty(Script("3R 4C"), chart="guild", owned=set(), has_master=False,
                          twists=1, cheat=Hand("4C"))


@settings(max_examples=150, deadline=None)
@given(order=decks, seed=seeds, twists=st.integers(-4, 4),
       chart=st.sampled_from(["generic", *tables.FACTIONS]), data=st.data())
def test_any_deck_settles_on_a_new_reward(order, seed, twists, chart, data):
    flippable = [r.key for r in tables.reward_chart(chart).rows if r.flip is not None]
    owned = set(data.draw(st.lists(st.sampled_from(flippable), unique=True)))
    outcome = reward_for_bounty(deck_source(order, seed), chart=chart, owned=owned,
                                has_master=data.draw(st.booleans()), twists=twists)
    if outcome.exhausted:
        assert outcome.reward is None and set(flippable) <= owned
    else:
        assert outcome.reward.key not in owned
        assert outcome.reward.flip is not None
        assert [s.kept for s in outcome.steps] == [False] * (len(outcome.steps) - 1) + [True]


# --- Phase 6 -----------------------------------------------------------------------------


def injury(codes, station="master", faction="guild", existing=(), **kw):
    draw = Script(codes)
    outcome = resolve_injury(draw, station=station, faction=faction, existing=set(existing),
                             **kw)
    assert draw.left == 0, "not every scripted card was flipped"
    return outcome


@pytest.mark.parametrize(("code", "key"), [
    ("1R", "fragile"), ("1M", "fragile"), ("2R", "shaky-nerves"), ("9M", "slowed-reflexes"),
    ("13R", "shaken"),
    ("1C", "broken-arm"), ("1T", "broken-arm"), ("4C", "baggage"), ("12T", "wanders-off"),
])
def test_injury_chart_blocks(code, key):
    outcome = injury(code)
    assert outcome.injuries == (key,)
    assert outcome.steps[0].result_key == key and outcome.steps[0].kept


@pytest.mark.parametrize(("code", "stats"), [
    ("3R", {"wd": -2}), ("5M", {"wp": -2}), ("6R", {"wk": -1}), ("9R", {"df": -1}),
    ("1C", {"ml": -1}), ("2T", {"sh": -1}), ("3C", {"ca": -1}), ("5T", {"cost": 1}),
    ("8R", {}),
])
def test_stat_effects_are_returned_as_printed(code, stats):
    outcome = injury(code)
    assert dict(outcome.stat_effects) == stats
    assert dict(outcome.gained[0].stat_effects) == stats


def test_stat_effects_sum_over_black_joker_flips():
    outcome = injury("BJ 3R 3M", existing={"fragile"})
    # Amputation twice is a duplicate: only one -2 Wd
    assert dict(outcome.stat_effects) == {"wd": -2}
    assert outcome.duplicates == ("amputation",)


@pytest.mark.parametrize(("code", "key", "flag"), [
    ("4R", "knocked-out", "cannot_be_hired_next_game"),
    ("13C", "a-wayward-adventure", "late_deploy"),
])
def test_no_injury_results_are_effects(code, key, flag):
    outcome = injury(code)
    assert outcome.injuries == () and outcome.effects == (key,)
    assert flag in outcome.gained[0].flags


def test_temporary_and_auto_finished_off_flags_are_carried():
    assert "temporary" in injury("13M").gained[0].flags
    assert "auto_finished_off" in injury("6T").gained[0].flags


def test_every_suited_card_gives_one_result():
    for card in FULL_DECK:
        if card.is_joker:
            continue
        outcome = resolve_injury(Script(card.code), station="henchman", faction="guild",
                                 existing=set())
        assert len(outcome.gained) == 1
        assert outcome.gained[0].key == tables.injury_for(card).key


def test_inapplicable_result_is_reflipped():
    draw = Script("1C 2R")
    outcome = resolve_injury(draw, station="minion", faction="guild", existing=set(),
                             inapplicable={"broken-arm"})
    assert outcome.injuries == ("shaky-nerves",)
    first = outcome.steps[0]
    assert not first.kept and first.why == "reflip: it has no Ml actions"
    assert draw.purposes == ["injury flip", "injury reflip (Broken Arm cannot apply)"]


def test_applicable_reflip_rows_apply_when_not_listed():
    assert injury("1C").injuries == ("broken-arm",)


def test_cheating_into_a_reflip_result_reflips():
    hand = Hand("7M", None)
    draw = Script("3R 2R")
    outcome = resolve_injury(draw, station="minion", faction="guild", existing=set(),
                             inapplicable={"not-quite-right"}, cheat=hand)
    assert [s.result_key for s in outcome.steps] == ["not-quite-right", "shaky-nerves"]
    assert outcome.steps[0].cheated and outcome.injuries == ("shaky-nerves",)


def test_cheating_away_an_injury():
    outcome = resolve_injury(Script("3R"), station="master", faction="guild", existing=set(),
                             cheat=Hand("4M"))
    assert outcome.injuries == () and outcome.effects == ("knocked-out",)


@pytest.mark.parametrize("key", ["fragile", "deep-pockets-typo", "avatar"])
def test_inapplicable_must_name_a_reflip_or_faction_row(key):
    with pytest.raises(RulesError):
        injury("1R", inapplicable={key})


def test_red_joker_flips_on_the_crews_faction_chart():
    outcome = injury("RJ 5C", faction="guild")
    assert outcome.skills == ("in-the-name-of-research",)
    assert outcome.injuries == ()
    assert [s.chart for s in outcome.steps] == ["injuries", "injuries-guild"]
    assert outcome.gained[0].kind == "skill"


@pytest.mark.parametrize(("faction", "code", "key"), [
    ("guild", "1R", "martyr"), ("guild", "1M", "secret-directive"),
    ("guild", "BJ", "deep-pockets"), ("ten-thunders", "RJ", "ninja-attack"),
    ("arcanists", "2C", "metal-patchwork-armor"),
])
def test_faction_chart_rows(faction, code, key):
    outcome = injury(f"RJ {code}", faction=faction)
    assert outcome.gained[0].key == key


def test_faction_result_that_attaches_nothing_is_an_effect():
    outcome = injury("RJ BJ", faction="neverborn", station="minion")
    assert outcome.effects == ("doppelganger",)
    assert outcome.gained[0].adds_model == "a copy of this model"
    spirit = injury("RJ BJ", faction="resurrectionists")
    assert spirit.skills == ("spirit",)
    assert "halve_wd" in spirit.gained[0].flags
    assert spirit.gained[0].gains_characteristics == ("Spirit",)


def test_faction_result_that_does_not_apply_is_ignored():
    outcome = injury("RJ BJ", faction="neverborn", station="master",
                     inapplicable={"doppelganger"})
    assert outcome.gained == ()
    assert "ignored" in outcome.steps[-1].why


def test_faction_skill_past_the_skill_limit():
    assert injury("RJ 1R", station="peon").over_skill_limit
    assert not injury("RJ 1R", station="minion").over_skill_limit
    assert injury("RJ 1R", station="minion", skills=1).over_skill_limit
    assert injury("RJ 1R", station="minion", existing={"relentless"}).over_skill_limit


def test_faction_skill_duplicate_gives_nothing():
    outcome = injury("RJ 1R", existing={"martyr"})
    assert outcome.gained == () and outcome.duplicates == ("martyr",)


def test_faction_flip_may_be_cheated():
    hand = Hand(None, "9T")
    outcome = resolve_injury(Script("RJ 1R"), station="master", faction="guild",
                             existing=set(), cheat=hand)
    assert outcome.skills == ("relentless",)
    assert [purpose for purpose, _ in hand.offers] == ["injury flip", "Guild Injuries flip"]


@pytest.mark.parametrize("station", ["master", "henchman", "enforcer"])
def test_black_joker_flips_twice_more(station):
    draw = Script("BJ 1R 6M")
    outcome = resolve_injury(draw, station=station, faction="guild", existing=set())
    assert outcome.injuries == ("fragile", "crippling-pain")
    assert not outcome.traitor and not outcome.annihilated
    assert draw.purposes[1:] == ["Black Joker: extra injury flip 1 of 2",
                                 "Black Joker: extra injury flip 2 of 2"]


@pytest.mark.parametrize("station", ["minion", "peon"])
def test_black_joker_makes_a_traitor(station):
    outcome = injury("BJ", station=station)
    assert outcome.traitor and outcome.leaves_crew and not outcome.annihilated
    assert outcome.gained == ()


def test_black_joker_cannot_be_cheated_but_the_extra_flips_can():
    hand = Hand(None, None)
    resolve_injury(Script("BJ 1R 2R"), station="master", faction="guild", existing=set(),
                   cheat=hand)
    assert [card.code for _, card in hand.offers] == ["1R", "2R"]


def test_black_joker_within_extra_flips_flips_twice_more_again():
    outcome = injury("BJ BJ 1R 2R 10C", station="henchman")
    assert outcome.injuries == ("fragile", "shaky-nerves", "unfocused")


def test_extra_flips_resolve_reflips_and_the_red_joker():
    outcome = injury("BJ 1C 2R RJ 3T", inapplicable={"broken-arm"})
    assert outcome.injuries == ("shaky-nerves",)
    assert outcome.skills == ("relentless",)


def test_duplicate_injury_gives_nothing():
    outcome = injury("1M", existing={"fragile"})
    assert outcome.gained == () and outcome.duplicates == ("fragile",)
    assert not outcome.steps[0].kept and "already has" in outcome.steps[0].why


def test_at_maximum_a_new_injury_annihilates():
    outcome = injury("3R", station="minion", existing={"fragile", "shaky-nerves"})
    assert outcome.annihilated and outcome.leaves_crew
    assert outcome.gained == () and outcome.injuries_before == 2 and outcome.max_injuries == 2
    assert "Annihilated" in outcome.steps[0].why


@pytest.mark.parametrize("code", ["1R", "4R", "13T"])
def test_at_maximum_duplicates_and_no_injury_results_are_safe(code):
    outcome = injury(code, station="peon", existing={"fragile"})
    assert not outcome.annihilated


def test_at_maximum_a_faction_skill_is_safe():
    assert not injury("RJ 1R", station="peon", existing={"fragile"}).annihilated


def test_faction_skills_do_not_count_toward_the_injury_limit():
    outcome = injury("3R", station="minion", existing={"martyr", "fragile"})
    assert outcome.injuries == ("amputation",) and not outcome.annihilated


def test_max_injuries_override():
    outcome = injury("3R", station="minion", existing={"fragile", "shaky-nerves"},
                     max_injuries=3)
    assert outcome.injuries == ("amputation",)


def test_black_joker_stops_flipping_once_annihilated():
    draw = Script("BJ 1R 2R 3R")
    outcome = resolve_injury(draw, station="enforcer", faction="guild",
                             existing={"baggage"})
    assert outcome.injuries == ("fragile",) and outcome.annihilated
    assert draw.left == 1


@pytest.mark.parametrize(("station", "faction"), [("boss", "guild"), ("master", "pirates")])
def test_unknown_station_or_faction(station, faction):
    with pytest.raises(RulesError):
        resolve_injury(Script("1R"), station=station, faction=faction, existing=set())


def test_negative_max_injuries_refused():
    with pytest.raises(RulesError):
        injury("1R", max_injuries=-1)


@settings(max_examples=200, deadline=None)
@given(order=decks, seed=seeds, station=st.sampled_from(tables.STATIONS),
       faction=st.sampled_from(sorted(tables.FACTIONS)), data=st.data())
def test_any_deck_settles_an_injury(order, seed, station, faction, data):
    main = [r.key for r in tables.injury_chart().rows if r.attaches_injury]
    existing = set(data.draw(st.lists(st.sampled_from(main), unique=True, max_size=3)))
    reflips = [r.key for r in tables.injury_chart().rows if r.reflip_if]
    inapplicable = set(data.draw(st.lists(st.sampled_from(reflips), unique=True)))
    outcome = resolve_injury(deck_source(order, seed), station=station, faction=faction,
                             existing=existing, inapplicable=inapplicable)
    keys = [r.key for r in outcome.gained]
    assert len(keys) == len(set(keys)) and not set(keys) & existing
    assert not set(keys) & inapplicable
    assert not (outcome.traitor and outcome.annihilated)
    if outcome.traitor:
        assert station in ("minion", "peon") and outcome.gained == ()
    limit = tables.station_limits(station).max_injuries
    assert outcome.injuries_before + len(outcome.injuries) <= max(limit, outcome.injuries_before)
    if outcome.annihilated:
        assert outcome.injuries_before + len(outcome.injuries) >= limit
