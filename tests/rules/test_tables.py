"""Campaign rule tables: completeness, spot checks against the book, card lookups, validation.

Spot-checked names and numbers are read from ``m2e-campaign-book.txt``; suits follow
RULES-NOTES.md (Campaign tables). No database needed.
"""

from __future__ import annotations

import importlib
import json
import os
import re
import shutil
from pathlib import Path

import pytest

from catalogue.models import Station
from rules import tables as t
from rules.engine.cards import BLACK_JOKER, FULL_DECK, RED_JOKER, Card, Suit

FIRST_BLOCK = ("R", "M")
SECOND_BLOCK = ("C", "T")
ORDER = [Suit.RAMS, Suit.CROWS, Suit.TOMES, Suit.MASKS]
BOOK = Path(
    os.environ.get(
        "CAMPAIGN_BOOK",
        Path(__file__).resolve().parents[3] / "shared" / "seeds" / "m2e-campaign-book.txt",
    )
)


# --- Every table loads and is complete -----------------------------------------------


def test_every_registered_table_loads_from_the_shipped_files():
    loaded = t.check_all()
    assert [table.key for table in loaded] == list(t._SPECS)
    assert set(t.TABLES) == set(t._SPECS)
    for key in t.TABLES:
        assert (t.DATA_DIR / f"{key}.json").is_file()


@pytest.mark.parametrize("key", list(t.TABLES))
def test_each_file_is_pretty_utf8_json_with_a_suit_mapping_note(key):
    text = (t.DATA_DIR / f"{key}.json").read_text(encoding="utf-8")
    data = json.loads(text)
    assert isinstance(data["suit_mapping_note"], str)
    assert text.startswith('{\n  "key"')  # pretty-printed for review
    assert t.TABLES[key].suit_note == data["suit_mapping_note"]
    assert t.TABLES[key].title == data["title"]


def test_tables_are_cached():
    assert t.weekly_events() is t.weekly_events()
    assert t.TABLES["injuries"].loader() is t.injury_chart()


def test_faction_and_station_codes_match_the_project():
    seeded = importlib.import_module("catalogue.migrations.0002_seed_factions").FACTIONS
    assert dict(seeded) == t.FACTIONS
    assert set(t.STATIONS) == set(Station.values)


@pytest.mark.parametrize("key", [k for k, v in t._SPECS.items() if issubclass(v, t.CardChart)])
def test_every_chart_gives_every_card_one_row_or_a_reflip(key):
    chart = t.table(key)
    for card in FULL_DECK:
        row = chart.for_card(card)
        if card.is_joker and chart.jokers == "reflip":
            assert row is None
        else:
            assert row is not None


# --- Weekly events ------------------------------------------------------------------

FIRST_EVENTS = [
    "Contract Work",
    "They Ride",
    "Ancient Monument",
    "Carnivorous Plants",
    "Saloon",
    "Vermin Infestation",
    "Swamp Creatures",
    "The Lonely Traveler",
    "Guild Patrol",
    "Forbidden Text",
    "Dead Zone",
    "Map It Out",
    "Pit Fight",
]
SECOND_EVENTS = [
    "Extermination",
    "A Lucrative Offer",
    "Ampersand",
    "Junkyard",
    "A Bullet With Your Name",
    "A Sinner's Prayer",
    "Kythera",
    "Returning From a Job",
    "Fate Favors the Bold",
    "Wandering Mercenaries",
    "Soulstone Vein",
    "The Plot Thickens",
    "Chain Gang",
]


def test_weekly_events_split_rams_masks_then_crows_tomes():
    for value, (first, second) in enumerate(zip(FIRST_EVENTS, SECOND_EVENTS, strict=True), start=1):
        for letter in FIRST_BLOCK:
            assert t.weekly_event_for(f"{value}{letter}").name == first
        for letter in SECOND_BLOCK:
            assert t.weekly_event_for(f"{value}{letter}").name == second


def test_weekly_event_jokers_and_a_named_red_joker():
    assert t.weekly_event_for(BLACK_JOKER).name == "A Bad Moon Rises"
    assert t.weekly_event_for(RED_JOKER).name == "The Event"
    assert t.weekly_event_for("RJ:C").name == "The Event"
    assert t.weekly_event_for(Card(13, Suit.TOMES)).name == "Chain Gang"
    assert len(t.weekly_events().rows) == 28


def test_weekly_event_sections_per_rules_notes():
    events = t.weekly_events()
    assert events.row("saloon").section == "BAR"
    assert events.row("map-it-out").section == "MAP MAKING"
    assert events.row("a-sinners-prayer").section == "A SINNERS PRAYER"


def test_weekly_event_rules_and_scrip_spot_checks():
    events = t.weekly_events()
    assert events.max_scrip_per_game == 6
    assert events.reflip_repeat_of_last_week
    assert set(events.another_event_reflips) == {"pit-fight", "a-bad-moon-rises", "the-event"}
    assert "a-bullet-with-your-name" in events.individual_event_reflips
    flips_another = {e.key for e in events.rows if e.another_event}
    assert flips_another == {
        "a-bad-moon-rises",
        "pit-fight",
        "a-bullet-with-your-name",
        "the-event",
    }
    assert {e.key for e in events.rows if e.singular} == {"pit-fight", "a-bullet-with-your-name"}
    amounts = {e.key: [s.amount for s in e.scrip] for e in events.rows}
    assert amounts["guild-patrol"] == [1, 5]
    assert amounts["they-ride"] == [6, 3]
    assert amounts["pit-fight"] == [3, 3, 3]
    assert amounts["a-bullet-with-your-name"] == [6, 4]
    assert amounts["contract-work"] == amounts["extermination"] == [2]
    assert amounts["carnivorous-plants"] == amounts["saloon"] == amounts["junkyard"] == [3]
    assert amounts["a-bad-moon-rises"] == amounts["the-event"] == []
    assert "finished_off_cannot_be_cheated" in events.row("a-bad-moon-rises").flags
    assert events.row("they-ride").sub_table == "they-ride"
    assert events.row("the-lonely-traveler").sub_table == "lonely-traveler"
    vermin = events.row("vermin-infestation").results
    assert [(r.low, r.high) for r in vermin] == [(0, 8), (9, 10), (11, 13), (14, 14)]


# --- Injury charts ------------------------------------------------------------------

FIRST_INJURIES = [
    "Fragile +1",
    "Shaky Nerves",
    "Amputation",
    "Knocked Out",
    "Hearing Voices",
    "Crippling Pain",
    "Not Quite Right",
    "Blow to the Head",
    "Slowed Reflexes",
    "Cursed",
    "Swamp Hex",
    "Blood Hex",
    "Shaken",
]
SECOND_INJURIES = [
    "Broken Arm",
    "Fractured Wrist",
    "Missing Fingers",
    "Baggage",
    "Big Head",
    "Accident Prone",
    "Easily Distracted",
    "Flashbacks",
    "Wanted",
    "Unfocused",
    "Foolhardy",
    "Wanders Off",
    "A Wayward Adventure",
]


def test_injury_chart_uses_the_same_suit_split():
    for value, (first, second) in enumerate(
        zip(FIRST_INJURIES, SECOND_INJURIES, strict=True), start=1
    ):
        for letter in FIRST_BLOCK:
            assert t.injury_for(f"{value}{letter}").name == first
        for letter in SECOND_BLOCK:
            assert t.injury_for(f"{value}{letter}").name == second


def test_injury_stat_effects_and_flags():
    def injury(code):
        return t.injury_for(code)

    assert dict(injury("3R").stat_effects) == {"wd": -2}
    assert dict(injury("5M").stat_effects) == {"wp": -2}
    assert dict(injury("6R").stat_effects) == {"wk": -1}
    assert dict(injury("9M").stat_effects) == {"df": -1}
    assert dict(injury("1C").stat_effects) == {"ml": -1}
    assert dict(injury("2T").stat_effects) == {"sh": -1}
    assert dict(injury("3C").stat_effects) == {"ca": -1}
    assert dict(injury("5T").stat_effects) == {"cost": 1}
    assert injury("5T").reflip_if == "it is the Leader"
    knocked_out = injury("4R")
    assert {"no_injury", "cannot_be_hired_next_game"} <= set(knocked_out.flags)
    assert not knocked_out.attaches_injury
    assert injury("6C").flags == ("auto_finished_off",)
    assert "temporary" in injury("13M").flags and "temporary" in injury("9T").flags
    assert injury("2R").attaches_injury


def test_injury_jokers():
    black = t.injury_for("BJ")
    assert black.station_outcomes["master"] == "flip_twice_more"
    assert black.station_outcomes["enforcer"] == "flip_twice_more"
    assert black.station_outcomes["minion"] == black.station_outcomes["peon"] == "traitor"
    red = t.injury_for("RJ")
    assert {"faction_chart", "no_injury"} <= set(red.flags)


FACTION_CHARTS = {
    "guild": [
        "Martyr",
        "In the Name of Research",
        "Relentless",
        "Secret Directive",
        "Deep Pockets",
    ],
    "resurrectionists": ["My Lucky Stitches", "Too Many Pieces", "Embalmed", "Pounce", "Spirit"],
    "arcanists": [
        "Metal Patchwork (Hydraulic Limb)",
        "Metal Patchwork (Armor +1)",
        "December's Hunger",
        "Bestial Rage",
        "Steamborg Executioner",
    ],
    "neverborn": ["To The Death", "Silent", "Ravenous", "Slippery", "Doppelganger"],
    "outcasts": ["The Hunter", "The Scholar", "The Scavenger", "The Murderer", "The Chosen"],
    "gremlins": [
        "Stop Hitting Yourself!",
        "Lowered Expectations",
        "Twitchy",
        "Fast Runner",
        "Scapegoat",
    ],
    "ten-thunders": [
        "Out of the Fire",
        "Arcane Disturbance",
        "Clear Mind, Pure Body",
        "Reserves",
        "Ninja Attack!",
    ],
}


@pytest.mark.parametrize("faction", list(FACTION_CHARTS))
def test_faction_injury_charts_rows_are_rams_crows_tomes_masks_then_either_joker(faction):
    names = FACTION_CHARTS[faction]
    chart = t.faction_injury_chart(faction)
    assert chart.faction == faction
    for suit, name in zip(ORDER, names, strict=False):
        for value in (1, 7, 13):
            assert t.faction_injury_for(faction, Card(value, suit)).name == name
    assert t.faction_injury_for(faction, "RJ").name == names[4]
    assert t.faction_injury_for(faction, "BJ").name == names[4]
    assert chart.rows[0].counts_as_skill and not chart.rows[0].attaches_injury


def test_faction_injury_spot_checks():
    assert dict(t.faction_injury_for("ten-thunders", "5R").stat_effects) == {"wd": 2}
    assert dict(t.faction_injury_for("gremlins", "5C").stat_effects) == {"cost": -1}
    steamborg = t.faction_injury_for("arcanists", "RJ")
    assert "annihilate" in steamborg.flags and steamborg.adds_model == "Howard Langston"
    spirit = t.faction_injury_for("resurrectionists", "BJ")
    assert "halve_wd" in spirit.flags and spirit.gains_characteristics == ("Spirit",)
    keys = [r.key for r in t.faction_injury_chart("arcanists").rows]
    assert len(set(keys)) == len(keys)


def test_unknown_faction_is_a_clear_error():
    with pytest.raises(KeyError, match="unknown faction"):
        t.faction_injury_chart("orks")
    with pytest.raises(KeyError, match="unknown faction"):
        t.reward_chart("Guild")


# --- Station limits -----------------------------------------------------------------


@pytest.mark.parametrize(
    "station, skills, injuries",
    [
        ("master", 3, 3),
        ("henchman", 2, 3),
        ("enforcer", 1, 2),
        ("minion", 1, 2),
        ("peon", 0, 1),
    ],
)
def test_station_limits(station, skills, injuries):
    limits = t.station_limits(station)
    assert (limits.max_skills, limits.max_injuries) == (skills, injuries)
    assert t.station_limits(Station(station)) == limits


def test_unknown_station():
    with pytest.raises(KeyError, match="unknown station"):
        t.station_limits("totem")


# --- Campaign upgrades and Those Who Thirst -----------------------------------------


def test_campaign_upgrades_by_barter_rating():
    upgrades = t.campaign_upgrades().rows
    assert len(upgrades) == 56
    for value in range(1, 14):
        assert len(t.upgrades_by_barter_rating(value, include_always=False)) == 4
    assert [u.name for u in t.upgrades_by_barter_rating(14, include_always=False)] == [
        "Fated",
        "Those Who Thirst",
    ]
    always = [u.name for u in t.upgrades_by_barter_rating(0)]
    assert always == ["Good Lead", "Lucky Gremlin's Foot"]
    assert len(t.upgrades_by_barter_rating(5)) == 6


@pytest.mark.parametrize(
    "key, br, kind, cc, ss",
    [
        ("good-lead", "always", "Skill", 2, 0),
        ("change-of-station", 1, "Skill", 1, 0),
        ("helmet", 2, "Equipment", 3, 1),
        ("flammenwerfer", 3, "Equipment", 4, 1),
        ("collier-pistol", 4, "Equipment", 5, 1),
        ("katanas", 5, "Equipment", 4, 1),
        ("agility", 6, "Skill", 5, 0),
        ("tough-as-nails", 7, "Skill", 2, 0),
        ("greatsword", 8, "Equipment", 5, 2),
        ("extended-blade", 9, "Equipment", 6, 1),
        ("determination", 10, "Skill", 5, 0),
        ("bionic-legs", 11, "Skill", 8, 1),
        ("grotesque-trophy", 12, "Equipment", 5, 0),
        ("gatling-gun", 13, "Equipment", 7, 2),
        ("those-who-thirst", 14, "Equipment", 7, 2),
    ],
)
def test_campaign_upgrade_numbers_match_the_book(key, br, kind, cc, ss):
    upgrade = t.campaign_upgrades().row(key)
    assert (upgrade.barter_rating, upgrade.type, upgrade.campaign_cost, upgrade.soulstone_cost) == (
        br,
        kind,
        cc,
        ss,
    )


def test_campaign_upgrade_structured_fields():
    upgrades = t.campaign_upgrades()
    arcane = upgrades.row("arcane-background")
    assert dict(arcane.stat_effects) == {"ca": 1} and dict(arcane.stat_caps) == {"ca": 7}
    assert dict(upgrades.row("quick-reflexes").stat_caps) == {"df": 7}
    station = upgrades.row("change-of-station")
    assert {"attach_to_peon", "multiple_per_model", "outside_skill_limit"} == set(
        station.restrictions
    )
    gatling = upgrades.row("gatling-gun").action
    assert (gatling.stat, gatling.value, gatling.range, gatling.damage) == ("Sh", 6, "12", "2/5/6")
    assert "one_per_crew" in upgrades.row("those-who-thirst").restrictions
    assert upgrades.row("good-lead").always_available
    assert "annihilated_on_use" in upgrades.row("dynamite").restrictions


def test_those_who_thirst_suits_per_rules_notes():
    assert t.those_who_thirst_for("3M").name == "Edict"
    assert t.those_who_thirst_for("3T").name == "Insight"
    assert t.those_who_thirst_for("3C").name == "Blight"
    assert t.those_who_thirst_for("3R").name == "Covenant"
    assert t.those_who_thirst_for("RJ") is None and t.those_who_thirst_for("BJ") is None
    edict = t.those_who_thirst().row("edict")
    assert (edict.action.stat, edict.action.value, edict.action.range, edict.action.damage) == (
        "Sh",
        7,
        "14",
        "2/4/6",
    )
    assert [(tr.suit, tr.name) for tr in t.those_who_thirst().row("blight").triggers] == [
        (Suit.CROWS, "A Land Tainted"),
        (Suit.TOMES, "Rot In The Sun"),
    ]
    assert t.those_who_thirst().one_per_crew


# --- Reward charts ------------------------------------------------------------------

REWARDS = {
    "guild": ["Retribution", "Modified Barrel", "Brutal", "Improvised Explosives"],
    "resurrectionists": ["Restless Dead", "My Own Concoction", "Extra Limbs", "Edge of Eternity"],
    "arcanists": ["Tools of the Trade", "Field Repairs", "A Cold Wind", "Stage Makeup"],
    "neverborn": ["Echoes of Madness", "Blessings of Fate", "Our Commands", "On Our Ground"],
    "outcasts": ["Well Trained", "Aetheric Feed", "Paid In Advance", "Torment to Spare"],
    "gremlins": ["Dolly Makin' Time", "Extra Powder", "Long Lost Cousin", "Swamp Gas"],
    "ten-thunders": ["Combo", "Debts Paid", "Introspection", "Lead From the Front"],
    "generic": ["Favors of Steel", "Favors of Wind", "Favors of Fate", "Favors of Death"],
}


@pytest.mark.parametrize("chart", list(REWARDS))
def test_reward_charts_after_the_any_row_are_rams_crows_tomes_masks(chart):
    names = REWARDS[chart]
    for suit, name in zip(ORDER, names, strict=True):
        assert t.reward_for(chart, Card(9, suit)).name == name
    assert t.reward_for(chart, "RJ") is None
    assert t.reward_for(chart, "BJ") is None
    first = t.reward_chart(chart).rows[0]
    assert first.flip is None and "chosen_not_flipped" in first.flags
    assert first.name == ("Favors of Treachery" if chart == "generic" else "Avatar")


def test_reward_spot_checks():
    assert t.reward_chart("resurrectionists").row("edge-of-eternity").soulstone_cost == 2
    blessings = t.reward_chart("neverborn").row("blessings-of-fate")
    assert (blessings.type, blessings.soulstone_cost) == ("Skill", 0)
    avatar = t.reward_chart("guild").row("avatar")
    assert avatar.soulstone_cost is None and "requires_master" in avatar.flags
    assert all(r.soulstone_cost == 0 for r in t.reward_chart("generic").rows)


# --- Bounties -----------------------------------------------------------------------


def test_bounties_and_reward_twists():
    all_bounties = t.bounties()
    assert all_bounties.cost_scrip == 4
    assert len(all_bounties.rows) == 35
    generic = [b for b in all_bounties.rows if b.faction is None]
    assert len(generic) == 14
    for faction in t.FACTIONS:
        own = [b for b in all_bounties.rows if b.faction == faction]
        assert len(own) == 3, faction
        assert len(t.bounties_for(faction)) == 17
    twists = {b.name: b.reward_twist for b in all_bounties.rows if b.reward_twist}
    assert twists == {
        "Hunt Them Down": 1,
        "Just Live Through This": 1,
        "On the Payroll": -1,
        "Cleanup Crew": -1,
    }


def test_bounty_structures():
    bounty = t.bounties().row
    assert (bounty("drive-them-back").target, bounty("drive-them-back").tally) == (10, "total")
    assert bounty("covert-operation").schemes == (
        "Plant Explosives",
        "Make Them Suffer",
        "Deliver a Message",
    )
    assert bounty("hit-list").secret_note and bounty("hit-list").threshold == 6
    assert bounty("the-dead-horde").threshold == 12
    assert bounty("burn-down-the-barn").target == 5
    assert bounty("map-it-out").faction is None  # the Bounty, not the weekly event
    assert bounty("roundup").faction == "guild"
    assert bounty("strike-from-darkness").faction == "ten-thunders"


# --- Hide outs ------------------------------------------------------------------------


def test_hide_outs_and_fortifications():
    hide_outs = t.hide_outs()
    assert [h.name for h in hide_outs.rows] == [
        "Saloon",
        "Wasteland Outpost",
        "Hidden Lab",
        "Mausoleum",
        "Mobile Encampment",
        "Swamp Village",
        "Junkyard",
        "Guild Outpost",
    ]
    for hide_out in hide_outs.rows:
        assert [f.cm for f in t.fortifications(hide_out.key)] == [3, 3, 3, 5, 5, 7]
        assert [len(f.requires) for f in hide_out.fortifications] == [0, 0, 0, 2, 2, 2]
    saloon = {f.name: f for f in t.fortifications("saloon")}
    assert saloon["Bouncer"].requires == ("Grizzled Bartender", "Fine Liquor")
    assert saloon["Steady Stream of Customers"].effects["max_injuries"] == 4
    outpost = {f.name: f for f in t.fortifications("wasteland-outpost")}
    assert outpost["Extra Guards"].effects["first_hire_discount"] == 6
    assert outpost["Smuggling Tunnels"].effects["barter_flip_bonus"] == 1
    assert {f.name: f for f in t.fortifications("guild-outpost")}["Executioner"].requires == (
        "Warrant",
        "Posse",
    )
    assert hide_outs.construction_material == t.ConstructionMaterial(
        scheme_two_vp=1, strategy_max_vp=1, win=1, max_per_game=3
    )
    assert (hide_outs.flair.fortifications_needed, hide_outs.flair.per_win) == (6, 1)


def test_unknown_hide_out():
    with pytest.raises(KeyError):
        t.fortifications("castle")


# --- Optional and sub tables --------------------------------------------------------


def test_good_doctor():
    doctor = t.good_doctor()
    assert (doctor.cost_scrip, doctor.twist_cost_scrip) == (2, 2)
    assert t.good_doctor_for("BJ").then_flip == "injuries"
    assert t.good_doctor_for("BJ").removes_injuries == 0
    assert t.good_doctor_for("4R").removes_injuries == 1
    assert t.good_doctor_for("4C").gains_characteristics == ("Construct",)
    assert t.good_doctor_for("4T").gains_characteristics == ("Undead",)
    assert t.good_doctor_for("4M").then_flip == "injuries"
    red = t.good_doctor_for("RJ")
    assert red.removes_all_injuries and red.then_flip == "faction-injuries"


def test_lonely_traveler():
    assert t.lonely_traveler_for("BJ").outcome == "model_killed"
    assert t.lonely_traveler_for("2R").outcome == "heal_all"
    assert t.lonely_traveler_for("2C").outcome == "scheme_marker"
    assert t.lonely_traveler_for("2T").scrip == t.lonely_traveler_for("2M").scrip == 2
    assert t.lonely_traveler_for("RJ").outcome == "extra_barter_flip"
    assert t.lonely_traveler().marker == t.TravelerMarker(base_mm=30, ht=2, df=5, wp=5, wd=8)


def test_they_ride():
    assert t.horseman_for("6R").name == "Pale Rider"
    assert t.horseman_for("6C").name == "Dead Rider"
    assert t.horseman_for("6T").name == "Mechanical Rider"
    assert t.horseman_for("6M").name == "Hooded Rider"
    assert t.horseman_for("RJ") is None
    assert t.they_ride().arrival == t.Arrival(
        first_turn=2, arrives_on=6, last_turn=4, last_turn_arrives_on=1
    )


# --- Own words, not the book's prose --------------------------------------------------


def _texts(node, key=None):
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _texts(v, k)
    elif isinstance(node, list):
        for v in node:
            yield from _texts(v, key)
    elif isinstance(node, str) and key not in {"key", "name", "section", "source", "reference"}:
        yield node


def test_no_seven_word_run_of_the_books_prose():
    if not BOOK.is_file():
        pytest.skip(f"campaign book not found at {BOOK}")

    def words(text):
        return re.findall(r"[a-z0-9']+", text.lower())

    book = words(BOOK.read_text(encoding="utf-8"))
    runs = {tuple(book[i : i + 7]) for i in range(len(book) - 6)}
    copied = []
    for key in t.TABLES:
        data = json.loads((t.DATA_DIR / f"{key}.json").read_text(encoding="utf-8"))
        for text in _texts(data):
            w = words(text)
            if any(tuple(w[i : i + 7]) in runs for i in range(len(w) - 6)):
                copied.append((key, text))
    assert not copied


# --- Validation of broken files -------------------------------------------------------


@pytest.fixture
def data_copy(tmp_path):
    target = tmp_path / "data"
    shutil.copytree(t.DATA_DIR, target)

    def edit(key, change):
        path = target / f"{key}.json"
        data = json.loads(path.read_text(encoding="utf-8"))
        change(data)
        path.write_text(json.dumps(data), encoding="utf-8")
        return target

    return edit


@pytest.mark.parametrize(
    "key, change, message",
    [
        (
            "weekly-events",
            lambda d: d["rows"][3].update(colour="red"),
            r"weekly-events\.json\.rows\[3\] \(Ancient Monument\): unknown keys \['colour'\]",
        ),
        (
            "weekly-events",
            lambda d: d["rows"].pop(5),
            r"weekly-events\.json: card 5R must select exactly one row",
        ),
        (
            "weekly-events",
            lambda d: d["rows"][5]["flip"].update(value=4),
            r"weekly-events\.json: card 4R .*Carnivorous Plants.*Saloon",
        ),
        ("weekly-events", lambda d: d["rows"].pop(), r"weekly-events\.json: .*RJ"),
        (
            "injuries",
            lambda d: d["rows"][3].pop("summary"),
            r"injuries\.json\.rows\[3\] \(Amputation\): missing keys \['summary'\]",
        ),
        (
            "injuries",
            lambda d: d["rows"][3].update(stat_effects={"wd": "two"}),
            r"injuries\.json\.rows\[3\] \(Amputation\)\.stat_effects\.wd: expected a whole number",
        ),
        (
            "injuries",
            lambda d: d["rows"][3].update(stat_effects={"wounds": -2}),
            r"injuries\.json\.rows\[3\] \(Amputation\): unknown stats",
        ),
        (
            "injuries-guild",
            lambda d: d["rows"][1]["flip"].update(suits=["rams"]),
            r"injuries-guild\.json: card 1R .*Martyr.*In the Name of Research",
        ),
        (
            "injuries-guild",
            lambda d: d.update(faction="gremlins"),
            r"injuries-guild\.json: faction 'gremlins' should be 'guild'",
        ),
        (
            "campaign-upgrades",
            lambda d: d["rows"][3].update(barter_rating="sometimes"),
            r"campaign-upgrades\.json\.rows\[3\] \(Can O' Beans\)\.barter_rating",
        ),
        (
            "rewards-generic",
            lambda d: d["rows"].append(
                dict(d["rows"][1], key="x", name="Extra", flip={"joker": "red"})
            ),
            r"rewards-generic\.json: Jokers are reflipped, yet row 'Extra' matches RJ",
        ),
        (
            "bounties",
            lambda d: d["rows"][20].update(faction="orks"),
            r"bounties\.json\.rows\[20\] \(Spare Parts\): unknown faction 'orks'",
        ),
        (
            "station-limits",
            lambda d: d["rows"].pop(),
            r"station-limits\.json: stations .* must be exactly",
        ),
        (
            "hide-outs",
            lambda d: d["rows"][0]["fortifications"][3].update(requires=["Moat"]),
            r"hide-outs\.json: Saloon / Bouncer: requires \['Moat'\]",
        ),
        (
            "they-ride",
            lambda d: d.update(jokers="sometimes"),
            r"they-ride\.json\.jokers: 'sometimes' is not one of",
        ),
        (
            "good-doctor",
            lambda d: d.pop("suit_mapping_note"),
            r"good-doctor\.json: missing keys \['suit_mapping_note'\]",
        ),
    ],
)
def test_a_broken_file_names_the_file_and_row(data_copy, key, change, message):
    directory = data_copy(key, change)
    with pytest.raises(t.TableDataError, match=message):
        t.read_table(key, directory)


def test_unreadable_file(tmp_path):
    (tmp_path / "bounties.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(t.TableDataError, match=r"bounties\.json: cannot read"):
        t.read_table("bounties", tmp_path)
    with pytest.raises(t.TableDataError, match=r"injuries\.json: cannot read"):
        t.read_table("injuries", tmp_path)


def test_doppelganger_attaches_no_injury():
    """A faction-chart result that only adds a model never counts toward the Injury limit."""
    from rules import tables

    row = tables.faction_injury_chart("neverborn").row("doppelganger")
    assert row.attaches_injury is False
