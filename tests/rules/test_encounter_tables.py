"""The encounter data files: complete, named as in the rulebook, and refused when broken."""

from __future__ import annotations

import json
import shutil

import pytest

from rules import encounter_tables as et
from rules.engine.cards import FULL_DECK, Card, Suit
from rules.tables import FACTIONS, TableDataError

SUITED = [c for c in FULL_DECK if not c.is_joker]
JOKERS = [c for c in FULL_DECK if c.is_joker]


@pytest.fixture(scope="module")
def tables() -> et.EncounterTables:
    return et.encounter_tables()


def test_every_file_loads_with_its_own_key_and_a_suit_mapping_note():
    for key in et.FILES:
        table = et.read_file(key)
        assert table.key == key
        assert table.suit_mapping_note.strip()
        assert table.title and table.source.startswith("m2e-rules-manual.txt")


def test_the_loader_is_cached(tables):
    assert et.encounter_tables() is tables


# --- Completeness ------------------------------------------------------------------


def test_every_card_selects_one_deployment_and_one_standard_strategy(tables):
    for card in FULL_DECK:
        assert tables.standard_deployment_for(card).key in {"standard", "corner", "flank", "close"}
        assert tables.story_deployment_for(card).key in {
            "standard", "corner", "flank", "close", "blind"}
        assert tables.standard_strategy_for(card) is not None


def test_every_suited_card_gives_one_terrain_and_one_story_strategy(tables):
    for card in SUITED:
        assert len(tables.terrain_for(card)) == 1
        strategy = tables.story_strategy_for(card)
        assert strategy.value == card.value
        assert tables.defender_objective(strategy.key, card.suit).name
    for card in JOKERS:
        assert len(tables.terrain_for(card)) == 2
        assert tables.story_strategy_for(card) is None  # a Shindig: flip again


def test_every_suit_value_and_faction_has_one_scheme(tables):
    assert {tables.scheme_for_suit(s).key for s in Suit} == {
        "bodyguard", "assassinate", "protect-territory", "breakthrough"}
    assert len({tables.scheme_for_value(v).key for v in range(1, 14)}) == 13
    assert {tables.faction_scheme(f).faction for f in FACTIONS} == set(FACTIONS)
    assert len(tables.schemes.generic) == 19
    assert len(tables.schemes.rows) == 26


def test_sizes_cover_every_hiring_total_from_ten_up(tables):
    assert tables.size_for(9) is None
    bands = [tables.size_for(n).key for n in range(10, 120)]
    assert bands.count("shoot-out") == 16 and bands.count("dustup") == 15
    assert tables.standard.recommended_soulstones == 50


def test_scores_stay_within_the_books_limits(tables):
    victory = tables.standard.victory
    assert (victory.strategy_max_vp, victory.scheme_max_vp, victory.game_max_vp) == (4, 3, 10)
    assert victory.schemes_chosen == 2
    assert all(s.max_vp == 3 for s in tables.schemes.rows if s.key != "for-the-money")
    assert tables.scheme("for-the-money").max_vp == 0
    assert tables.story.strategy_max_vp == 4
    assert (tables.story.shindig.victory_vp, tables.story.shindig.max_vp) == (2, 12)


def test_summaries_are_short_own_words(tables):
    rows = [*tables.standard.strategies, *tables.schemes.rows, *tables.story.terrain,
            *tables.story.defender_objectives, *tables.story.shindig.actions,
            *tables.linked.spoils]
    for row in rows:
        assert 20 <= len(row.summary) <= 400, row.key
    for strategy in tables.story.strategies:
        assert len(strategy.attacker) <= 400


# --- Spot checks against the manual ------------------------------------------------


@pytest.mark.parametrize(("card", "name"), [
    ("7R", "Turf War"), ("1C", "Reckoning"), ("13M", "Reconnoiter"),
    ("4T", "Squatter's Rights"), ("RJ", "Stake a Claim"), ("BJ", "Stake a Claim"),
])
def test_standard_strategy_names(tables, card, name):
    assert tables.standard_strategy_for(Card.parse(card)).name == name


@pytest.mark.parametrize(("value", "name"), [
    (1, "Cursed Object"), (2, "Outflank"), (5, "Vendetta"), (8, "Deliver a Message"),
    (11, "Murder Protégé"), (13, "Power Ritual"),
])
def test_value_scheme_names(tables, value, name):
    assert tables.scheme_for_value(value).name == name


@pytest.mark.parametrize(("faction", "name"), [
    ("guild", "Roundup"), ("resurrectionists", "Spread of Decay"),
    ("arcanists", "Gathering Power"), ("neverborn", "Exterminate"),
    ("outcasts", "For the Money"), ("gremlins", "Fight Another Day"),
    ("ten-thunders", "Watchful Eyes"),
])
def test_faction_scheme_names(tables, faction, name):
    assert tables.faction_scheme(faction).name == name


def test_reveal_rules_of_some_schemes(tables):
    scheme = tables.scheme
    assert scheme("a-line-in-the-sand").pool == "always" and scheme("distract").pool == "doubles"
    assert scheme("power-ritual").reveal_bonus and not scheme("take-prisoner").reveal_bonus
    assert {k for k in ("vendetta", "spring-the-trap", "frame-for-murder", "assassinate",
                        "distract", "cursed-object")
            if scheme(k).reveal_at_start == "forbidden"} == {
        "vendetta", "spring-the-trap", "frame-for-murder", "assassinate", "distract",
        "cursed-object"}
    assert scheme("for-the-money").reveal_at_start == "required"
    assert "Henchman or Enforcer" in scheme("bodyguard").notes


def test_sizes_and_leaders(tables):
    assert [(s.name, s.min_soulstones, s.max_soulstones, s.leaders)
            for s in tables.standard.sizes] == [
        ("Shoot-Out", 10, 25, ("henchman",)),
        ("Dustup", 26, 40, ("henchman", "master")),
        ("Scrap", 41, None, ("master",)),
    ]


def test_story_names(tables):
    story = tables.story
    assert [t.name for t in story.terrain][:3] == ["Ancient Monument", "Forbidden Text",
                                                   "Arcanist Lab"]
    assert story.strategy("supply-wagon").value == 12
    assert tables.deployment("blind").name == "Blind Deployment"
    assert story.shindig.name == "Shindig"


def test_linked_games_rules(tables):
    linked = tables.linked
    assert linked.games == 5
    assert linked.same_encounter_size and linked.same_leader and linked.no_repeated_schemes
    assert [o.grants for o in linked.spoils] == [
        "role", "terrain", "attacker_strategy", "defender_strategy"]


# --- Validation of broken copies ---------------------------------------------------


def broken_copy(tmp_path, key, change):
    target = tmp_path / "data"
    shutil.copytree(et.DATA_DIR, target)
    path = target / f"{key}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")
    return target


def _pop_row(rows, key):
    rows[:] = [r for r in rows if r.get("key") != key]


BROKEN = [
    ("encounter-schemes", lambda d: d["rows"][6].update(colour="red"),
     r"encounter-schemes\.json\.rows\[6\] \(Cursed Object\): unknown keys \['colour'\]"),
    ("encounter-schemes", lambda d: d["rows"][2].pop("summary"),
     r"encounter-schemes\.json\.rows\[2\] \(Bodyguard\): missing keys \['summary'\]"),
    ("encounter-schemes", lambda d: d["rows"][2].update(suit="hearts"),
     r"rows\[2\] \(Bodyguard\)\.suit: 'hearts' is not one of"),
    ("encounter-schemes", lambda d: d["rows"][7].update(value=5),
     r"encounter-schemes\.json: 'value' schemes cover .*need each of"),
    ("encounter-schemes", lambda d: d["rows"][7].update(max_vp=4),
     r"rows\[7\] \(Outflank\): a Scheme scores at most 3 VP"),
    ("encounter-schemes", lambda d: d["rows"][19].update(faction="orks"),
     r"rows\[19\] \(Roundup\): unknown faction 'orks'"),
    ("encounter-schemes", lambda d: d["rows"][3].update(value=4),
     r"rows\[3\] \(Assassinate\): a 'suit' scheme takes no value"),
    ("encounter-standard", lambda d: d["deployment_chart"].pop(1),
     r"encounter-standard\.json: deployment_chart: card 8R must select 1 row"),
    ("encounter-standard", lambda d: d["deployment_chart"][0]["pick"].update(high=8),
     r"deployment_chart: card 8R must select 1 row\(s\), selects \['standard', 'corner'\]"),
    ("encounter-standard", lambda d: d["deployment_chart"][0]["pick"].update(high=14),
     r"deployment_chart\[0\]\.pick: value band 1-14 is not within 1-13"),
    ("encounter-standard", lambda d: d["strategies"].pop(),
     r"strategies: card RJ must select 1 row"),
    ("encounter-standard", lambda d: d["deployment_chart"][3].update(result="huddle"),
     r"deployment_chart names unknown deployments \['huddle'\]"),
    ("encounter-standard", lambda d: d["sizes"][1].update(min_soulstones=27),
     r"size 'Dustup' does not start right after"),
    ("encounter-standard", lambda d: d["sizes"][0].update(leaders=["enforcer"]),
     r"sizes\[0\] \(Shoot-Out\)\.leaders\[0\]: 'enforcer' is not one of"),
    ("encounter-standard", lambda d: d["scheme_pool"].update(on_shared_suit_or_value="nap"),
     r"encounter-standard\.json: scheme_pool names unknown schemes \['nap'\]"),
    ("encounter-standard", lambda d: d.pop("suit_mapping_note"),
     r"encounter-standard\.json: missing keys \['suit_mapping_note'\]"),
    ("encounter-story", lambda d: d["strategies"][0]["defender"].update(rams="nap"),
     r"strategy 'Jail Break' \(rams\) names unknown defender objective 'nap'"),
    ("encounter-story", lambda d: d["strategies"][0]["defender"].pop("masks"),
     r"strategies\[0\] \(Jail Break\)\.defender: missing keys \['masks'\]"),
    ("encounter-story", lambda d: d["terrain"][3].update(value=5),
     r"encounter-story\.json: terrain: values must be 1-13 once each"),
    ("encounter-story", lambda d: d.update(red_joker_terrain=["volcano"]),
     r"red_joker_terrain \['volcano'\] must name known terrain"),
    ("encounter-story", lambda d: d["defender_objectives"].append(
        {"key": "nap", "name": "Nap", "summary": "Nobody uses this objective."}),
     r"defender objectives \['nap'\] are never used"),
    ("encounter-story", lambda d: d["deployment_chart"][4].update(result="huddle"),
     r"encounter-story\.json: deployment_chart names unknown deployments \['huddle'\]"),
    ("encounter-story", lambda d: d.update(generic_schemes=20),
     r"encounter-story\.json: generic_schemes is 20, encounter-schemes\.json has 19"),
    ("encounter-story", lambda d: d["shindig"]["actions"][2].update(joker="black"),
     r"the Shindig needs one Red Joker and one Black Joker action"),
    ("encounter-linked", lambda d: d["spoils"][0].update(grants="pizza"),
     r"spoils\[0\] \(Option 1\)\.grants: 'pizza' is not one of"),
    ("encounter-linked", lambda d: d.update(games="five"),
     r"encounter-linked\.json\.games: expected a whole number"),
    ("encounter-linked", lambda d: d.update(key="linked"),
     r"encounter-linked\.json: key 'linked' does not match the file name"),
]


@pytest.mark.parametrize(("key", "change", "message"), BROKEN,
                         ids=[f"{k}-{i}" for i, (k, _, _) in enumerate(BROKEN)])
def test_a_broken_copy_is_refused_naming_file_and_row(tmp_path, key, change, message):
    directory = broken_copy(tmp_path, key, change)
    with pytest.raises(TableDataError, match=message):
        et.read_encounter_tables(directory)


def test_an_unreadable_file_is_named(tmp_path):
    shutil.copytree(et.DATA_DIR, tmp_path / "data")
    (tmp_path / "data" / "encounter-story.json").write_text("{oops", encoding="utf-8")
    with pytest.raises(TableDataError, match=r"encounter-story\.json: cannot read"):
        et.read_encounter_tables(tmp_path / "data")


def test_an_intact_copy_loads(tmp_path):
    directory = broken_copy(tmp_path, "encounter-linked", lambda d: None)
    assert et.read_encounter_tables(directory) == et.encounter_tables()


def test_the_shindigs_mingle_pushes_the_full_cg(tables):
    """Rules manual, the Shindig's Mingle: target an enemy model in line of sight and push
    this model its Cg toward it (not "up to" its Cg: the push is the full distance)."""
    mingle = next(a for a in tables.story.shindig.actions if a.key == "mingle")
    assert "up to" not in mingle.summary
    assert "its Cg" in mingle.summary and "not while engaged" in mingle.summary
