"""Encounter setup generators, specified with scripted cards.

Expected names are written out from the rulebook (CH 4 and CH 5 of the second-edition
manual, with the suit reconstruction of RULES-NOTES.md), not read from the data files,
so a wrong row in the data fails here.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.encounter_tables import encounter_tables
from rules.engine import encounters as enc
from rules.engine.cards import FULL_DECK, RED_JOKER, Card, Suit, parse_cards
from rules.engine.errors import RulesError

SUITS = {"R": Suit.RAMS, "C": Suit.CROWS, "T": Suit.TOMES, "M": Suit.MASKS}


class Script:
    """A card source that hands out the given cards in order and logs each purpose."""

    def __init__(self, codes: str):
        self.cards = parse_cards(codes)
        self.purposes: list[str] = []

    def __call__(self, purpose: str) -> Card:
        self.purposes.append(purpose)
        assert self.cards, f"the generator asked for one card too many ({purpose})"
        return self.cards.pop(0)

    @property
    def used_up(self) -> bool:
        return not self.cards


def never(purpose: str) -> Card:
    raise AssertionError(f"no card should be drawn, but one was asked for {purpose!r}")


def names(keys) -> list[str]:
    tables = encounter_tables()
    return [tables.scheme(k).name for k in keys]


# --- Encounter size and leaders ----------------------------------------------------


@pytest.mark.parametrize(
    ("size", "band", "leaders"),
    [
        (10, "Shoot-Out", {"henchman"}),
        (25, "Shoot-Out", {"henchman"}),
        (26, "Dustup", {"henchman", "master"}),
        (40, "Dustup", {"henchman", "master"}),
        (41, "Scrap", {"master"}),
        (50, "Scrap", {"master"}),
        (500, "Scrap", {"master"}),
    ],
)
def test_encounter_size_bands_and_who_may_lead(size, band, leaders):
    assert enc.encounter_size_band(size).name == band
    for station in ("master", "henchman", "enforcer", "minion", "peon"):
        assert enc.may_lead(station, size) is (station in leaders)


@pytest.mark.parametrize("size", [9, 0, -5, "50", 50.0, True, None])
def test_sizes_outside_the_table_are_refused(size):
    with pytest.raises(enc.EncounterSizeError):
        enc.encounter_size_band(size)


def test_may_lead_accepts_station_case_and_refuses_unknown_stations():
    assert enc.may_lead("Master", 50)
    with pytest.raises(enc.SetupChoiceError, match="Unknown station 'totem'"):
        enc.may_lead("totem", 50)


# --- Standard: deployment and strategy ---------------------------------------------

STANDARD_DEPLOYMENT = {**dict.fromkeys(range(1, 8), "standard"),
                       **dict.fromkeys(range(8, 11), "corner"),
                       **dict.fromkeys(range(11, 14), "flank")}


@pytest.mark.parametrize("value", range(1, 14))
def test_standard_deployment_by_value(value):
    setup = enc.generate_standard(Script(f"{value}M 1R 2C 3T"), size=50)
    assert setup.deployment == STANDARD_DEPLOYMENT[value]


@pytest.mark.parametrize("joker", ["RJ", "BJ"])
def test_either_joker_gives_close_deployment_and_is_kept(joker):
    setup = enc.generate_standard(Script(f"{joker} 1R 2C 3T"), size=50)
    assert setup.deployment == "close"
    assert setup.flips[0] == enc.SetupFlip("deployment", Card.parse(joker), ("close",), True)


@pytest.mark.parametrize(
    ("card", "strategy"),
    [("7R", "turf-war"), ("7C", "reckoning"), ("7M", "reconnoiter"),
     ("7T", "squatters-rights"), ("RJ", "stake-a-claim"), ("BJ", "stake-a-claim"),
     ("RJ:T", "stake-a-claim")],
)
def test_standard_strategy_by_suit_and_jokers(card, strategy):
    setup = enc.generate_standard(Script(f"1R {card} 2C 3T"), size=50)
    assert setup.strategy == strategy
    assert encounter_tables().standard_strategy(strategy).name in {
        "Turf War", "Reckoning", "Reconnoiter", "Squatter's Rights", "Stake a Claim"}


def test_flips_are_made_in_book_order_with_purposes():
    script = Script("5R 5C 1T 9M")
    setup = enc.generate_standard(script, size=50)
    assert script.purposes == ["deployment", "strategy", "scheme card 1", "scheme card 2"]
    assert [f.purpose for f in setup.flips] == script.purposes
    assert all(f.kept and not f.why for f in setup.flips)
    assert setup.flips[2].result == ("protect-territory", "cursed-object")
    assert script.used_up


# --- Standard: the scheme pool -----------------------------------------------------

SCHEME_BY_SUIT = {"R": "Bodyguard", "C": "Assassinate", "T": "Protect Territory",
                  "M": "Breakthrough"}
SCHEME_BY_VALUE = {1: "Cursed Object", 2: "Outflank", 3: "Plant Evidence", 4: "Entourage",
                   5: "Vendetta", 6: "Plant Explosives", 7: "Make Them Suffer",
                   8: "Deliver a Message", 9: "Take Prisoner", 10: "Spring the Trap",
                   11: "Murder Protégé", 12: "Frame for Murder", 13: "Power Ritual"}


@pytest.mark.parametrize("card", [c for c in FULL_DECK if not c.is_joker], ids=str)
def test_each_card_adds_its_suit_scheme_and_its_value_scheme(card):
    other = Card(13 if card.value != 13 else 12,
                 Suit.TOMES if card.suit is not Suit.TOMES else Suit.MASKS)
    pool = enc.scheme_pool(card, other)
    assert SCHEME_BY_SUIT[card.suit.letter] in names(pool.schemes)
    assert SCHEME_BY_VALUE[card.value] in names(pool.schemes)


def test_a_pool_of_two_unrelated_cards():
    setup = enc.generate_standard(Script("1R 1R 4C 11M"), size=50)
    assert names(setup.scheme_pool) == ["Assassinate", "Entourage", "Breakthrough",
                                        "Murder Protégé", "A Line in the Sand"]
    assert setup.distract_because == ""
    assert setup.scheme_cards == (Card.parse("4C"), Card.parse("11M"))


def test_distract_on_a_shared_suit():
    setup = enc.generate_standard(Script("1R 1R 4C 12C"), size=50)
    assert names(setup.scheme_pool) == ["Assassinate", "Entourage", "Frame for Murder",
                                        "Distract", "A Line in the Sand"]
    assert setup.distract_because == "shared suit"


def test_distract_on_a_shared_value():
    setup = enc.generate_standard(Script("1R 1R 8T 8M"), size=50)
    assert names(setup.scheme_pool) == ["Protect Territory", "Deliver a Message",
                                        "Breakthrough", "Distract", "A Line in the Sand"]
    assert setup.distract_because == "shared value"


@pytest.mark.parametrize("jokers", ["RJ", "BJ", "RJ BJ"])
def test_jokers_are_reflipped_for_the_scheme_cards_and_recorded(jokers):
    script = Script(f"1R 1R {jokers} 3M BJ 3M 9C")
    setup = enc.generate_standard(script, size=50)
    scheme_flips = setup.flips[2:]
    refused = [f for f in scheme_flips if not f.kept]
    assert [str(f.card) for f in refused] == [*jokers.split(), "BJ", "3M"]
    assert all(f.result == () for f in refused)
    assert refused[0].why == "Jokers are reflipped for the Scheme pool"
    assert refused[-1].why == "the same card cannot come up twice from one deck"
    assert scheme_flips[1].purpose.startswith("scheme card 1 (reflip: Jokers")
    assert setup.scheme_cards == (Card.parse("3M"), Card.parse("9C"))
    assert script.used_up


def test_a_named_red_joker_is_still_a_joker_for_the_scheme_pool():
    setup = enc.generate_standard(Script("1R 1R RJ:R 2R 3R"), size=50)
    assert not setup.flips[2].kept
    assert setup.scheme_cards == (Card.parse("2R"), Card.parse("3R"))


@pytest.mark.parametrize(("a", "b"), [("RJ", "3R"), ("3R", "BJ"), ("3R", "3R")])
def test_scheme_pool_refuses_jokers_and_a_repeated_card(a, b):
    with pytest.raises(enc.SetupChoiceError):
        enc.scheme_pool(a, b)


def test_an_endless_run_of_jokers_stops_with_a_clear_error():
    with pytest.raises(enc.CardSourceError, match="scheme card 1 flip did not settle"):
        enc.generate_standard(lambda purpose: RED_JOKER if "scheme" in purpose else
                              Card.parse("5R"), size=50)
    assert issubclass(enc.CardSourceError, RulesError)


def test_standard_setup_reports_size_and_leaders():
    setup = enc.generate_standard(Script("1R 1R 2C 3T"), size=20)
    assert (setup.size, setup.encounter_size, setup.leaders) == (20, "shoot-out", ("henchman",))


# --- Story: terrain, deployment, attacker ------------------------------------------

TERRAIN = {1: "Ancient Monument", 2: "Forbidden Text", 3: "Arcanist Lab", 4: "Dead Zone",
           5: "Graveyard", 6: "Mysterious Effigies", 7: "Carnivorous Plants", 8: "Junkyard",
           9: "Bog", 10: "Badlands", 11: "Mine", 12: "Saloon", 13: "Hanging Tree"}
STORY_DEPLOYMENT = {**STANDARD_DEPLOYMENT, 11: "flank", 12: "flank", 13: "close"}


def story(codes: str, **options):
    """A story setup with the attacker given (so only terrain, deployment, strategy flip)."""
    options.setdefault("attacker_is", "first")
    script = Script(codes)
    setup = enc.generate_story(script, size=options.pop("size", 50), **options)
    assert script.used_up
    return setup


def terrain_names(setup) -> list[str]:
    story_tables = encounter_tables().story
    return [story_tables.terrain_row(k).name for k in setup.terrain]


@pytest.mark.parametrize("value", range(1, 14))
def test_story_terrain_by_value(value):
    assert terrain_names(story(f"{value}C 1R 1R")) == [TERRAIN[value]]


@pytest.mark.parametrize(("joker", "expected"), [
    ("RJ", ["Forbidden Text", "Ancient Monument"]),
    ("BJ", ["Bog", "Carnivorous Plants"]),
])
def test_story_terrain_jokers_give_two_pieces(joker, expected):
    setup = story(f"{joker} 1R 1R")
    assert terrain_names(setup) == expected
    assert setup.flips[0].kept and setup.flips[0].result == setup.terrain


def test_terrain_can_be_skipped_or_chosen_without_a_flip():
    assert story("1R 1R", terrain="none").terrain == ()
    chosen = story("1R 1R", terrain="saloon")
    assert chosen.terrain == ("saloon",) and "terrain" in chosen.chosen
    assert story("1R 1R", terrain=["bog", "mine"]).terrain == ("bog", "mine")
    with pytest.raises(enc.SetupChoiceError, match="Unknown terrain 'volcano'"):
        enc.generate_story(never, size=50, terrain="volcano")


@pytest.mark.parametrize("value", range(1, 14))
def test_story_deployment_by_value(value):
    assert story(f"1R {value}T 1R").deployment == STORY_DEPLOYMENT[value]


@pytest.mark.parametrize("joker", ["RJ", "BJ"])
def test_blind_deployment_on_a_joker(joker):
    setup = story(f"1R {joker} 1R")
    assert setup.deployment == "blind"
    assert encounter_tables().deployment("blind").treated_as == "standard"


@pytest.mark.parametrize(("cards", "attacker"), [
    ("9C 4R", "first"), ("4R 9C", "second"), ("RJ 13M", "first"), ("BJ 1R", "second"),
])
def test_the_higher_card_is_the_attacker(cards, attacker):
    setup = story(f"1R 1R {cards} 5R", attacker_is="flip")
    assert setup.attacker == attacker
    roles = {f.purpose: f.result for f in setup.flips if f.purpose.startswith("attacker")}
    assert roles["attacker: first player's card"] == (
        ("attacker",) if attacker == "first" else ("defender",))


def test_a_tied_attacker_flip_is_flipped_again():
    setup = story("1R 1R 7R 7C 2T 3T 5R", attacker_is="flip")
    assert setup.attacker == "second"
    attacker_flips = [f for f in setup.flips if f.purpose.startswith("attacker")]
    assert [f.kept for f in attacker_flips] == [False, False, True, True]
    assert attacker_flips[0].why == "a tie; both players flip again"


def test_attacker_given_or_left_to_the_previous_winner():
    assert story("1R 1R 5R", attacker_is="second").attacker == "second"
    later = story("1R 1R 5R", attacker_is="chosen_after_flip")
    assert later.attacker is None and "role" in later.chosen
    with pytest.raises(enc.SetupChoiceError, match="attacker_is"):
        enc.generate_story(never, size=50, attacker_is="loser")


# --- Story: strategies and the Shindig ---------------------------------------------

#: Attacker Strategy by value, then the Defender objective for Rams, Crows, Tomes, Masks.
STORY_STRATEGIES = {
    1: ("Jail Break", "Hold the prisoner at all costs", "The prisoner must be silenced",
        "Make it look like an accident", "Retrieve information"),
    2: ("Reconnoiter", "Hold ground", "Slaughter", "Leave our mark", "Take their home"),
    3: ("Destroy Evidence", "Catch them in the act", "Plant evidence", "Contain power",
        "Blackmail"),
    4: ("Arcane Ritual", "Guardian", "Steal Components", "Contain power",
        "Search their hideout"),
    5: ("Turf War", "Lead from the front", "Slaughter", "Claim their land",
        "Search their hideout"),
    6: ("Theft", "Guard the stash", "Counterfeit", "Contain power", "Search their hideout"),
    7: ("Stake a Claim", "Guard the claim", "Slaughter", "Stake out the Soulstone vein",
        "Search their hideout"),
    8: ("Escort", "Delay the escort", "The escort must be silenced", "Contain power",
        "Retrieve information"),
    9: ("Search", "Protect the relic", "Slaughter", "We need them all", "Run off with it"),
    10: ("Squatter's Rights", "Hold ground", "Slaughter", "Make them guess", "Ours"),
    11: ("Treasure Hunt", "Guard", "Slaughter", "Take a peek", "Set up camp"),
    12: ("Supply Wagon", "Capture the wagon!", "Slaughter", "Land mines", "Set up camp"),
    13: ("Sabotage", "Hold ground", "Hideout", "Contain power", "Set up camp"),
}


@pytest.mark.parametrize("value", range(1, 14))
@pytest.mark.parametrize("suit", "RCTM")
def test_story_strategy_value_for_attacker_and_suit_for_defender(value, suit):
    setup = story(f"1R 1R {value}{suit}")
    tables = encounter_tables().story
    expected = STORY_STRATEGIES[value]
    assert tables.strategy(setup.attacker_strategy).name == expected[0]
    assert setup.defender_suit is SUITS[suit]
    assert tables.objective(setup.defender_objective).name == expected[1 + "RCTM".index(suit)]
    assert setup.shindig is None and setup.max_vp == 10


@pytest.mark.parametrize(("joker", "colour"), [("RJ", "red"), ("BJ", "black")])
def test_a_joker_makes_a_shindig_and_the_strategy_is_flipped_again(joker, colour):
    setup = story(f"1R 1R {joker} 11M")
    assert setup.shindig == colour
    assert (setup.attacker_strategy, setup.defender_objective) == ("treasure-hunt", "set-up-camp")
    assert setup.max_vp == 12
    shindig_flip, strategy_flip = setup.flips[-2:]
    assert shindig_flip.kept and shindig_flip.result == ("shindig",)
    assert "Shindig" in shindig_flip.why
    assert strategy_flip.purpose == "strategy after the Shindig"


def test_further_jokers_are_reflipped_and_keep_the_first_jokers_colour():
    setup = story("1R 1R BJ RJ 1C")
    assert setup.shindig == "black"
    assert [(str(f.card), f.kept) for f in setup.flips[-3:]] == [
        ("BJ", True), ("RJ", False), ("1C", True)]
    assert setup.flips[-2].why == "further Jokers are reflipped"


def test_shindig_actions_follow_the_joker_that_started_it():
    actions = {a.name: a.joker for a in encounter_tables().story.shindig.actions}
    assert actions == {"Poison the Wine": None, "Mingle": None,
                       "Make a Pun": "red", "Same Outfit": "black"}


def test_a_chosen_attacker_strategy_leaves_the_suit_to_the_flip():
    setup = story("1R 1R 2M", attacker_strategy="escort")
    assert (setup.attacker_strategy, setup.defender_objective) == (
        "escort", "retrieve-information-escort")
    assert setup.flips[-1].purpose == "strategy (the Defender's suit)"
    assert "attacker_strategy" in setup.chosen


def test_a_chosen_defender_suit_leaves_the_value_to_the_flip_and_jokers_still_shindig():
    setup = story("1R 1R RJ 13C", defender_suit="tomes")
    assert (setup.attacker_strategy, setup.defender_suit) == ("sabotage", Suit.TOMES)
    assert setup.defender_objective == "contain-power"
    assert setup.shindig == "red"


def test_both_halves_chosen_means_no_strategy_flip():
    setup = story("1R 1R", attacker_strategy="theft", defender_suit="R")
    assert setup.defender_objective == "guard-the-stash"
    assert [f.purpose for f in setup.flips] == ["terrain", "deployment"]


def test_bad_choices_are_refused_before_any_card_is_drawn():
    with pytest.raises(enc.SetupChoiceError, match="Unknown Story Strategy"):
        enc.generate_story(never, size=50, attacker_strategy="bake-off")
    with pytest.raises(enc.SetupChoiceError, match="Unknown suit"):
        enc.generate_story(never, size=50, defender_suit="hearts and minds")
    with pytest.raises(enc.EncounterSizeError):
        enc.generate_story(never, size=5)


def test_story_scheme_choices_are_the_generic_nineteen_and_the_own_faction_scheme():
    choices = story("1R 1R 5R").scheme_choices("guild")
    assert len(choices) == 20
    assert "roundup" in choices and "a-line-in-the-sand" in choices
    assert "exterminate" not in choices
    with pytest.raises(enc.SetupChoiceError, match="Unknown faction"):
        enc.story_scheme_choices("orks")


def test_search_secret_suit_reflips_jokers():
    secret = enc.flip_search_suit(Script("RJ BJ 4T"))
    assert secret.suit is Suit.TOMES
    assert [f.kept for f in secret.flips] == [False, False, True]


# --- Linked games ------------------------------------------------------------------

SCHEMES = [("breakthrough", "outflank"), ("entourage", "vendetta"), ("take-prisoner",
           "power-ritual"), ("spring-the-trap", "distract"), ("assassinate", "bodyguard")]
OTHER = [("plant-evidence", "entourage"), ("outflank", "bodyguard"), ("exterminate",
         "vendetta"), ("cursed-object", "assassinate"), ("power-ritual", "distract")]


def game(n: int, *, size=50, vp=(6, 4), spoils=None, ada=None, bo=None) -> enc.LinkedGame:
    ada = {"faction": "guild", "leader": "Lady Justice", "schemes": SCHEMES[n]} | (ada or {})
    bo = {"faction": "neverborn", "leader": "Pandora", "schemes": OTHER[n]} | (bo or {})
    return enc.LinkedGame(size, (enc.LinkedSide("ada", vp=vp[0], **ada),
                                 enc.LinkedSide("bo", vp=vp[1], **bo)), spoils)


def test_a_full_series_is_won_on_total_vp():
    games = [game(0, vp=(6, 4)), game(1, vp=(2, 8), spoils="choose-terrain"),
             game(2, vp=(5, 5), spoils="choose-role"), game(3, vp=(7, 1)),
             game(4, vp=(3, 3), spoils="choose-defender-strategy")]
    series = enc.LinkedSeries()
    for g in games:
        series = series.add(g)
    assert series.complete
    assert series.totals() == {"ada": 23, "bo": 21}
    assert series.winner() == "ada"
    assert series.players == ("ada", "bo")


def test_the_winner_is_only_known_after_the_last_game():
    with pytest.raises(enc.SeriesIncomplete, match="2 of 5"):
        enc.LinkedSeries((game(0), game(1))).winner()


def test_a_sixth_game_is_refused():
    series = enc.LinkedSeries(tuple(game(n) for n in range(5)))
    with pytest.raises(enc.SeriesTooLong, match="Start a new series"):
        series.add(game(0))
    with pytest.raises(enc.SeriesTooLong):
        series.spoils_for_next_game()


def test_the_encounter_size_stays_the_same():
    enc.LinkedSeries((game(0, size=50), game(1, size=45)))  # both Scrap
    with pytest.raises(enc.SeriesSizeChanged, match=r"Game 2 is a Dustup \(30 Soulstones\)"):
        enc.LinkedSeries((game(0, size=50), game(1, size=30)))


def test_the_leader_and_faction_stay_the_same():
    with pytest.raises(enc.SeriesLeaderChanged, match="Game 2: ada is led by Perdita"):
        enc.LinkedSeries((game(0), game(1, ada={"leader": "Perdita"})))
    with pytest.raises(enc.SeriesFactionChanged, match="Outcasts"):
        enc.LinkedSeries((game(0), game(1, ada={"faction": "outcasts"})))


def test_no_scheme_is_chosen_twice_by_a_player_in_the_series():
    repeat = game(2, ada={"schemes": ("power-ritual", "breakthrough")})
    with pytest.raises(enc.SchemeRepeated, match="Game 3: ada chose Breakthrough in game 1"):
        enc.LinkedSeries((game(0), game(1), repeat))
    # The same Scheme for both players is fine: each player has their own list.
    enc.LinkedSeries((game(0), game(1, bo={"schemes": ("breakthrough", "vendetta")})))
    series = enc.LinkedSeries((game(0),))
    with pytest.raises(enc.SchemeRepeated):
        series.check_schemes("ada", ["outflank"])
    series.check_schemes("ada", ["power-ritual"])
    assert series.schemes_chosen("ada") == {"breakthrough": 1, "outflank": 1}


@pytest.mark.parametrize(("schemes", "message"), [
    (("outflank", "outflank"), "two different Schemes"),
    (("outflank",), "two different Schemes"),
    (("outflank", "exterminate"), "Exterminate is the Neverborn Faction Scheme"),
    (("outflank", "world-peace"), "there is no such Scheme"),
])
def test_each_game_needs_two_different_available_schemes(schemes, message):
    with pytest.raises(enc.SchemeNotAvailable, match=message):
        enc.LinkedSeries((game(0, ada={"schemes": schemes}),))


def test_the_players_stay_the_same():
    stranger = enc.LinkedGame(50, (enc.LinkedSide("ada", "guild", "Lady Justice",
                                                  SCHEMES[1], 3),
                                   enc.LinkedSide("cy", "gremlins", "Som'er", OTHER[1], 3)))
    with pytest.raises(enc.SeriesPlayersChanged, match="same two players"):
        enc.LinkedSeries((game(0), stranger))
    with pytest.raises(enc.SeriesPlayersChanged, match="two different players"):
        enc.LinkedSeries((enc.LinkedGame(50, (stranger.sides[0], stranger.sides[0])),))


def test_spoils_go_to_the_previous_winner_only():
    offer = enc.LinkedSeries((game(0, vp=(3, 7)),)).spoils_for_next_game()
    assert offer.chooser == "bo"
    assert [o.name for o in offer.options] == ["Option 1", "Option 2", "Option 3", "Option 4"]
    assert enc.LinkedSeries((game(0, vp=(5, 5)),)).spoils_for_next_game().chooser is None
    with pytest.raises(enc.SpoilsNotAllowed, match="Game 1 has no previous winner"):
        enc.LinkedSeries((game(0, spoils="choose-role"),))
    with pytest.raises(enc.SpoilsNotAllowed, match="Game 1 was a tie"):
        enc.LinkedSeries((game(0, vp=(5, 5)), game(1, spoils="choose-role")))
    with pytest.raises(enc.SpoilsNotAllowed, match="Unknown spoils option"):
        enc.LinkedSeries((game(0), game(1, spoils="free-pizza")))
    with pytest.raises(enc.SpoilsNotAllowed, match="first game"):
        enc.LinkedSeries().spoils_for_next_game()


@pytest.mark.parametrize(("option", "choice", "check"), [
    ("choose-role", None, lambda s: s.attacker is None),
    ("choose-terrain", "mine", lambda s: s.terrain == ("mine",)),
    ("choose-attacker-strategy", "escort", lambda s: s.attacker_strategy == "escort"),
    ("choose-defender-strategy", "crows", lambda s: s.defender_suit is Suit.CROWS),
])
def test_spoils_options_feed_the_story_generator(option, choice, check):
    arguments = enc.spoils_story_arguments(option, choice)
    setup = enc.generate_story(Script("1R 2R 3R 4R 5R 6R"), size=50, **arguments)
    assert check(setup)


def test_a_spoils_option_that_needs_a_choice_says_so():
    with pytest.raises(enc.SpoilsNotAllowed, match="needs the winner's choice"):
        enc.spoils_story_arguments("choose-terrain")


@pytest.mark.parametrize(("totals", "winner"), [
    ({"ada": 23, "bo": 21}, "ada"), ({"ada": 20, "bo": 20}, None), ({"a": 0, "b": 1}, "b"),
])
def test_series_winner_by_total_vp(totals, winner):
    assert enc.series_winner(totals) == winner


@pytest.mark.parametrize("totals", [{"ada": 3}, {"ada": -1, "bo": 2}, {"ada": 1.5, "bo": 2}])
def test_series_winner_refuses_bad_totals(totals):
    with pytest.raises(enc.LinkedSeriesError):
        enc.series_winner(totals)


def test_negative_game_vp_is_refused():
    with pytest.raises(enc.LinkedSeriesError, match="whole number of 0 or more"):
        enc.LinkedSeries((game(0, vp=(-1, 3)),))


# --- Properties --------------------------------------------------------------------


def deck_draw(order):
    cards = iter(order)
    return lambda purpose: next(cards)


def assert_legal_standard(setup: enc.StandardSetup) -> None:
    tables = encounter_tables()
    assert len(setup.scheme_pool) == len(set(setup.scheme_pool)) == 5
    assert "a-line-in-the-sand" in setup.scheme_pool
    first, second = setup.scheme_cards
    assert not first.is_joker and not second.is_joker and first != second
    shared = first.suit is second.suit or first.value == second.value
    assert ("distract" in setup.scheme_pool) is shared
    for card in setup.scheme_cards:
        assert tables.scheme_for_suit(card.suit).key in setup.scheme_pool
        assert tables.scheme_for_value(card.value).key in setup.scheme_pool
    kept = [f for f in setup.flips if f.kept]
    assert [f.purpose.split(" (")[0] for f in kept] == [
        "deployment", "strategy", "scheme card 1", "scheme card 2"]
    for flip in setup.flips:
        if flip.purpose.startswith("scheme") and flip.card.is_joker:
            assert not flip.kept


@settings(max_examples=300, deadline=None)
@given(st.permutations(FULL_DECK))
def test_any_deck_order_gives_a_legal_standard_setup(order):
    assert_legal_standard(enc.generate_standard(deck_draw(order), size=50))


@settings(max_examples=300, deadline=None)
@given(st.permutations(FULL_DECK))
def test_any_deck_order_gives_a_legal_story_setup(order):
    setup = enc.generate_story(deck_draw(order), size=30)
    tables = encounter_tables()
    strategy_flips = [f for f in setup.flips if f.purpose.startswith("strategy")]
    first = strategy_flips[0].card
    assert (setup.shindig is not None) is first.is_joker
    if setup.shindig:
        assert setup.shindig == first.joker and setup.max_vp == 12
    final = strategy_flips[-1]
    assert final.kept and not final.card.is_joker
    assert all(not f.kept for f in strategy_flips[1:-1])
    assert setup.attacker_strategy == tables.story_strategy_for(final.card).key
    assert setup.defender_objective == tables.defender_objective(
        setup.attacker_strategy, final.card.suit).key
    assert setup.attacker in ("first", "second")
    assert 1 <= len(setup.terrain) <= 2


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_independent_server_flips_give_a_legal_setup_or_a_clear_refusal(data):
    """Each server flip comes from a fresh deck, so any card may come up any time."""
    drawn: list[Card] = []

    def draw(purpose: str) -> Card:
        drawn.append(data.draw(st.sampled_from(FULL_DECK)))
        return drawn[-1]

    try:
        setup = enc.generate_standard(draw, size=50)
    except enc.CardSourceError:
        assert len(drawn) >= enc.MAX_FLIPS
        return
    assert_legal_standard(setup)


def test_a_seeded_shuffle_replays_the_same_setup():
    order = list(FULL_DECK)
    random.Random(7).shuffle(order)
    assert enc.generate_story(deck_draw(order), size=50) == enc.generate_story(
        deck_draw(order), size=50)
