"""The first-edition encounter generator and its tables, against the French rules (FR,
p.35-46) and the English quick reference (QR, "Encounters").

Cards are scripted: ``cards(...)`` hands them out in order and fails if the generator
asks for more. Each docstring says the table's rule in our own words.
"""

from __future__ import annotations

import json
import shutil

import pytest

from rules.engine.cards import Card
from rules.engine.encounters import EncounterError, EncounterSizeError, SetupChoiceError
from rules.engine.first_edition_setup import (
    check_mercenaries,
    generate_first_edition,
    hire_cost,
    hiring_soulstones,
    rare_limit,
    size_for,
    starting_pool,
)
from rules.engine.first_edition_tables import (
    DATA_FILE,
    first_edition_tables,
    read_first_edition_tables,
)
from rules.tables import TableDataError

TABLES = first_edition_tables()


def cards(*codes: str):
    queue = [Card.parse(c) for c in codes]
    asked: list[str] = []

    def draw(purpose: str) -> Card:
        asked.append(purpose)
        assert queue, f"the generator asked for one card too many ({purpose})"
        return queue.pop(0)

    draw.asked = asked
    draw.left = queue
    return draw


#: Cards that settle everything after the location quickly: deployment 6 (Standard),
#: strategies 1 and 7 (general: Treasure Hunt, Reconnoiter), zone flip 9 against 2.
AFTER_LOCATION = ("6R", "1C", "7T", "9M", "2R")


def generate(*codes: str, **options):
    options.setdefault("soulstones", 35)
    options.setdefault("size", "scrap")
    return generate_first_edition(cards(*codes), **options)


# --- The tables ------------------------------------------------------------------------


def test_the_tables_load_and_cover_every_card():
    assert len([loc for loc in TABLES.locations if loc.setting == "outdoor"]) == 13
    assert len([loc for loc in TABLES.locations if loc.setting == "indoor"]) == 13
    assert TABLES.location_at("indoor", 1).name == "The Theater"
    assert TABLES.location_at("outdoor", 13).features == (
        "hazardous-terrain", "ancient-monument", "rockfall", "heavy-snows", "magic-nexus",
        "earthquake")


def test_what_the_ocr_lost_is_marked_missing_not_invented():
    """FR stops at p.46: the feature tables of indoor locations 9-13, the indoor
    features' rules and the 1.5 strategy texts are missing."""
    lost = [loc.value for loc in TABLES.locations if loc.features is None]
    assert lost == [9, 10, 11, 12, 13]
    assert all(TABLES.location_at("indoor", v).setting == "indoor" for v in lost)
    assert TABLES.feature("lights-out").text_missing and not TABLES.feature("lights-out").summary
    assert not TABLES.feature("dark-omens").text_missing
    assert TABLES.strategy("turf-war").text_missing and not TABLES.strategy("turf-war").full_vp
    assert TABLES.strategy("reconnoiter").full_vp  # from the quick reference


def test_a_broken_table_fails_loudly(tmp_path):
    data = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    data["deployment_chart"] = data["deployment_chart"][1:]  # the Black Joker lost its row
    broken = tmp_path / "first-edition-encounter.json"
    broken.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(TableDataError, match="deployment_chart: card BJ"):
        read_first_edition_tables(broken)
    data = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    data["locations"][0]["features"][0] = "kraken"
    broken.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(TableDataError, match="old-witchs-territory"):
        read_first_edition_tables(broken)
    shutil.copy(DATA_FILE, broken)
    assert read_first_edition_tables(broken) == TABLES


# --- Size, hiring and the pool -----------------------------------------------------------


def test_scrap_and_brawl_sizes():
    """FR p.35: a Scrap hires with 1-55 Soulstones, hand 6, one Master or Henchman,
    pool up to 8, 0-2 schemes, 8 VP; a Brawl 30-80, hand 7, 1-2 Masters, pool up to 10,
    0-3 schemes, 10 VP. (QR: 1-45 and 30-70.)"""
    scrap, brawl = TABLES.size("scrap"), TABLES.size("brawl")
    assert (scrap.min_soulstones, scrap.max_soulstones) == (1, 55)
    assert (brawl.min_soulstones, brawl.max_soulstones) == (30, 80)
    assert scrap.quick_reference_soulstones == (1, 45)
    assert (scrap.hand_size, scrap.max_starting_pool, scrap.max_schemes, scrap.max_vp) == \
        (6, 8, 2, 8)
    assert (brawl.hand_size, brawl.max_starting_pool, brawl.max_schemes, brawl.max_vp) == \
        (7, 10, 3, 10)
    assert size_for(25).key == "scrap" and size_for(60).key == "brawl"
    with pytest.raises(EncounterSizeError, match="choose the size"):
        size_for(40)
    assert size_for(40, "brawl").key == "brawl"
    with pytest.raises(EncounterSizeError, match="30-80"):
        size_for(20, "brawl")
    with pytest.raises(EncounterSizeError):
        size_for(81)


def test_hiring_limits():
    """FR p.39-40: a model from outside the faction costs one Soulstone more; a Brawl
    doubles the Rare limit; at most two Mercenaries from other factions; Masters are free
    and a Brawl led by a single Master hires with 10 more; a Henchman leading a Scrap adds
    its resource number (it cannot lead a Brawl)."""
    assert hire_cost(6, in_faction=True) == 6 and hire_cost(6, in_faction=False) == 7
    assert rare_limit(2, "scrap") == 2 and rare_limit(2, "brawl") == 4
    check_mercenaries(2)
    with pytest.raises(EncounterError, match="at most 2"):
        check_mercenaries(3)
    assert hiring_soulstones("brawl", 50, masters=1) == 60
    assert hiring_soulstones("brawl", 50, masters=2) == 50
    assert hiring_soulstones("scrap", 30, henchman_resource=4) == 34
    with pytest.raises(EncounterError, match="Henchman cannot lead a Brawl"):
        hiring_soulstones("brawl", 50, henchman_resource=4)
    with pytest.raises(EncounterError, match="1 Master or Henchman"):
        hiring_soulstones("scrap", 30, masters=2)


def test_the_starting_pool_and_unused_schemes():
    """FR p.40-41: unspent Soulstones plus the Masters' caches, and 2 for each scheme
    not chosen; at most 8 in a Scrap (a Henchman leader: its resource number, no cache)
    and 10 in a Brawl; the excess is lost."""
    def pool(*args, **kwargs):
        result = starting_pool(*args, **kwargs)
        return result.pool, result.lost, result.cap

    assert pool("scrap", unspent=2, caches=3) == (5, 0, 8)
    assert pool("scrap", unspent=2, caches=3, unused_scheme_slots=1) == (7, 0, 8)
    assert pool("scrap", unspent=2, caches=3, unused_scheme_slots=2) == (8, 1, 8)
    assert pool("brawl", unspent=1, caches=6, unused_scheme_slots=3) == (10, 3, 10)
    assert pool("scrap", unspent=4, caches=5, henchman_resource=3) == (3, 1, 3)
    with pytest.raises(EncounterError, match="2 scheme slots"):
        starting_pool("scrap", unspent=0, unused_scheme_slots=3)


def test_schemes_from_the_quick_reference():
    """QR p.94-95: general schemes for anyone, faction schemes for their faction only."""
    general = {s.key for s in TABLES.schemes_for(None)}
    assert general == {"bodyguard", "breakthrough", "eye-for-an-eye", "hold-out",
                       "stake-a-claim"}
    guild = {s.key for s in TABLES.schemes_for("guild")}
    assert guild == general | {"raid"}
    assert TABLES.scheme("thwart").announce == "required"
    assert TABLES.scheme("kidnap").vp == "2" and TABLES.scheme("bodyguard").multiple


# --- The location ------------------------------------------------------------------------


@pytest.mark.parametrize(("first", "setting"), [("1R", "outdoor"), ("8C", "outdoor"),
                                                ("9T", "indoor"), ("13M", "indoor")])
def test_the_first_location_card_says_outdoors_or_indoors(first, setting):
    """FR p.35: the first card, 1-8 outdoors, 9-13 indoors; the second picks the place."""
    setup = generate(first, "2R", "1C", *AFTER_LOCATION)
    assert setup.setting == setting
    assert setup.location == TABLES.location_at(setting, 2).key


@pytest.mark.parametrize(("joker", "by"), [("BJ", "first"), ("RJ", "second")])
def test_a_joker_on_either_location_card_lets_a_player_choose(joker, by):
    """FR p.35: a Black Joker lets the player who flipped choose, a Red Joker the other."""
    setup = generate(joker, *AFTER_LOCATION)
    assert setup.location is None and setup.features == ()
    assert [(c.what, c.by) for c in setup.choices] == [("location", by)]
    second = generate("3R", joker, *AFTER_LOCATION)
    assert second.setting == "outdoor" and second.location is None
    assert second.choices[0].by == by


@pytest.mark.parametrize(("code", "index"), [("1R", 0), ("2C", 0), ("3T", 1), ("4M", 1),
                                             ("5R", 2), ("7C", 2), ("8T", 3), ("9M", 3),
                                             ("10R", 4), ("11C", 4), ("12T", 5), ("13M", 5)])
def test_the_feature_table_bands(code, index):
    """FR p.42: each location's table reads 1-2, 3-4, 5-7, 8-9, 10-11 and 12-13."""
    setup = generate("1R", "1C", code, *AFTER_LOCATION)
    assert setup.location == "old-witchs-territory"
    assert setup.features == (TABLES.location("old-witchs-territory").features[index],)


def test_a_black_joker_feature_flip_applies_two_more_cards():
    """FR p.42: a Black Joker flips two more cards and applies both; a second card giving
    the same result is flipped again (and we reflip Jokers among the two)."""
    setup = generate("1R", "1C", "BJ", "3R", "4C", "RJ", "12T", *AFTER_LOCATION)
    assert setup.features == ("bog", "foggy")
    reflips = [f.why for f in setup.flips if not f.kept]
    assert reflips == ["the same feature again", "Jokers are reflipped among the two extra cards"]


def test_a_red_joker_feature_flip_lets_the_flipper_choose():
    setup = generate("1R", "1C", "RJ", *AFTER_LOCATION)
    assert setup.features == () and setup.choices[0].what == "features"


def test_indoor_locations_9_to_13_have_no_feature_table():
    draw = cards("9R", "10C", *AFTER_LOCATION)
    setup = generate_first_edition(draw, soulstones=35, size="scrap")
    assert setup.location == "cave-or-mine" and setup.features_missing
    assert not any(p.startswith("special feature") for p in draw.asked)
    assert "lost pages" in setup.notes[0]


def test_an_agreed_location_skips_the_location_flips():
    setup = generate("1R", *AFTER_LOCATION, location="guild-library")
    assert setup.location == "guild-library" and setup.features == ("aether-pool",)
    with pytest.raises(SetupChoiceError, match="location"):
        generate(location="atlantis")


# --- Deployment ---------------------------------------------------------------------------


@pytest.mark.parametrize(("code", "deployment"), [("1R", "diagonal"), ("4C", "diagonal"),
                                                  ("5T", "standard"), ("9M", "standard"),
                                                  ("10R", "corner"), ("13C", "corner")])
def test_deployment_by_flip(code, deployment):
    """FR p.37: Black Joker, the flipper chooses; 1-4 Diagonal; 5-9 Standard; 10-13
    Corner; Red Joker, the other player chooses."""
    setup = generate("1R", "1C", "1T", code, "1C", "7T", "9M", "2R")
    assert setup.deployment == deployment


def test_deployment_jokers_are_choices():
    setup = generate("1R", "1C", "1T", "RJ", "1C", "7T", "9M", "2R")
    assert setup.deployment is None and setup.choices[-1].what == "deployment"
    assert setup.choices[-1].by == "second"
    assert TABLES.deployment("corner").summary.startswith("The deployment zones are 12")


# --- Strategies ---------------------------------------------------------------------------


@pytest.mark.parametrize(("code", "strategy"), [("1R", "treasure-hunt"), ("2C", "treasure-hunt"),
                                                ("3T", "destroy-the-evidence"),
                                                ("5M", "destroy-the-evidence"),
                                                ("6R", "reconnoiter"), ("8C", "reconnoiter"),
                                                ("9T", "claim-jump"), ("11M", "claim-jump"),
                                                ("12R", "slaughter"), ("13C", "slaughter")])
def test_general_strategies(code, strategy):
    """FR p.38: each player flips their own: Jokers choose; 1-2 Treasure Hunt; 3-5
    Destroy the Evidence; 6-8 Reconnoiter; 9-11 Claim Jump; 12-13 Slaughter."""
    setup = generate("1R", "1C", "1T", "6R", code, "1C", "9M", "2R")
    assert setup.strategies == (strategy, "treasure-hunt")


def test_the_same_general_strategy_is_played_shared():
    setup = generate("1R", "1C", "1T", "6R", "6C", "8T", "9M", "2R")
    assert setup.strategies == ("reconnoiter", "reconnoiter") and setup.shared


def test_a_joker_lets_that_player_choose_a_general_strategy():
    setup = generate("1R", "1C", "1T", "6R", "BJ", "8T", "9M", "2R")
    assert setup.strategies == (None, "reconnoiter")
    assert (setup.choices[0].what, setup.choices[0].by) == ("strategy: first", "first")


@pytest.mark.parametrize(("code", "kind"), [("1R", "individual"), ("2C", "individual"),
                                            ("8T", "individual"), ("9M", "shared"),
                                            ("12R", "shared"), ("13C", "shared")])
def test_the_extended_table_picks_the_kind_of_strategy(code, kind):
    """FR p.38: 1 story or individual, 2-8 each player flips an individual strategy,
    9-12 one shared strategy, 13 story or shared. Story encounters are not in the
    sources, so 1 and 13 play the other option."""
    draw = cards("1R", "1C", "1T", "6R", code, "4R", "11C", "13T", "9M", "2R")
    setup = generate_first_edition(draw, soulstones=35, size="scrap", strategy_mode="extended")
    assert setup.strategy_type == kind
    if kind == "individual":
        assert setup.strategies == ("deliver-a-message", "supply-wagon") and not setup.shared
    else:
        assert setup.strategies == ("deliver-a-message", "deliver-a-message") and setup.shared
    assert any("Story encounters" in n for n in setup.notes) == (code in ("1R", "13C"))


def test_the_individual_table_and_its_jokers():
    """FR p.38: 1 A Line in the Sand ... 13 Turf War; a Black Joker lets the opponent
    choose, a Red Joker the player."""
    rows = [TABLES.strategy(k).name for k in ("a-line-in-the-sand", "turf-war")]
    assert rows == ["A Line in the Sand", "Turf War"]
    setup = generate("1R", "1C", "1T", "6R", "5C", "BJ", "RJ", "9M", "2R",
                     strategy_mode="extended")
    assert setup.strategies == (None, None)
    assert [(c.what, c.by) for c in setup.choices] == [("strategy: first", "second"),
                                                       ("strategy: second", "second")]


def test_quick_reference_strategies_have_their_victory_points():
    """QR p.90, 94: Jokers choose; 1-3 Treasure Hunt; 4-5 Assassinate; 6-8 Slaughter;
    9-10 Claim Jump; 11-13 Reconnoiter; 4 VP full, 2 VP partial."""
    setup = generate("1R", "1C", "1T", "6R", "4C", "11T", "9M", "2R",
                     strategy_mode="quick_reference")
    assert setup.strategies == ("assassinate", "reconnoiter")
    assassinate = TABLES.strategy("assassinate")
    assert assassinate.full_vp == "No enemy Master is left."
    assert assassinate.partial_vp == "No Master is left at all."


# --- Who deploys first ------------------------------------------------------------------


def test_the_higher_card_decides_who_chooses_a_deployment_zone():
    """FR p.41: both flip, ties flip again, the higher card decides who picks a zone
    (that player deploys first)."""
    setup = generate("1R", "1C", "1T", "6R", "1C", "7T", "5M", "5R", "3C", "12T")
    assert setup.zone_chooser == "second"
    assert [f.kept for f in setup.flips[-4:]] == [False, False, True, True]


def test_the_setup_carries_the_size_rules():
    setup = generate("1R", "1C", "1T", *AFTER_LOCATION, soulstones=40, size="brawl")
    assert (setup.size, setup.hand_size, setup.max_starting_pool, setup.max_schemes,
            setup.max_vp) == ("brawl", 7, 10, 3, 10)
    assert setup.ruleset == "m1e"


def test_claim_jump_and_mysterious_effigies_follow_the_quick_reference():
    """QR p.352: Claim Jump's 4 VP needs your models completely within and *no opponent
    models*; QR p.383: the effigy markers go in the *unshaded* area."""
    claim = TABLES.strategy("claim-jump")
    assert "no opponent model" in claim.full_vp and "even partly" in claim.full_vp
    effigies = TABLES.feature("mysterious-effigies")
    assert "unshaded area" in effigies.summary and "shades" not in effigies.summary
