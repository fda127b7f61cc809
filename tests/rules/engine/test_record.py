"""The game record's format (``rules.engine.record``): JSON round trips, version 1
records still read, and bad data refused with the field named. Plain Python."""

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engine.errors import RulesError
from rules.engine.record import (
    RECORD_VERSION,
    EndState,
    GameRecord,
    Kill,
    MarkerChange,
    ModelEntry,
    Note,
    SideRecord,
    facts_needed,
    game_facts,
    markers_at_end,
)
from tests.rules.engine.records import ROSTER, game, kill

#: A version 1 record, as ``record_for_aftermath`` wrote it before version 2.
VERSION_1 = {
    "winner": "a", "vp": {"a": 6, "b": 2}, "withdraw": None, "event": "contract-work",
    "week": 1, "ended_on_turn": 5,
    "sides": {
        "a": {"crew": 1, "vp": 6, "strategy_vp": {"1": 2, "2": 1},
              "schemes": [{"scheme": "bodyguard", "vp": 2, "revealed": True}],
              "withdrew_on_turn": None, "event_scrip": 2, "campaign_rating": 0,
              "played": [10, 11], "finished_off": []},
        "b": {"crew": 2, "vp": 2, "strategy_vp": {}, "schemes": [], "withdrew_on_turn": None,
              "event_scrip": 0, "campaign_rating": 1, "played": [20, 21],
              "finished_off": [21, None]},
    },
    "kills": [{"victim": 21, "victim_name": "Guard", "victim_is_leader": False,
               "wandering_card": None, "victim_side": "b", "how": "killed", "turn": 2,
               "by_model": 10, "by_side": "a", "by_effect": "", "finished_off": "finished"}],
}


def test_a_version_1_record_still_reads_and_counts():
    record = GameRecord.from_dict(VERSION_1)
    assert record.version == 1 and record.models == ()
    assert record.sides["b"].finished_off == (21,)
    facts = game_facts(record, "a", 7, stations={21: "minion"})
    assert facts.won and facts.strategy_vp == 3 and facts.event_scrip == 2
    (casualty,) = facts.casualties
    assert casualty.victim == "opposing" and casualty.by_us and casualty.station == "minion"


def test_a_full_record_survives_json():
    record = game(
        winner="a", a={"strategy_vp": {"1": 2}, "bounty": "map-it-out", "played": (5, 6)},
        kills=(kill(12, by=2, blast=True, pools={"a": 0, "b": 2}, action="Shotgun"),),
        markers=(MarkerChange(turn=1, kind="scheme", delta=2, owner="a", quarter=3, by="a"),),
        notes=(Note(side="a", bounty="hit-list", ref=13),),
        end=EndState(zones={"b": {"a": 2, "b": 1, "neutral": 0}}, pool={"a": 1, "b": None},
                     pigs={"a": (1, 4)}, in_enemy_zone={"a": (3,)}))
    data = json.loads(json.dumps(record.to_dict()))
    assert data["version"] == RECORD_VERSION
    assert GameRecord.from_dict(data) == record
    assert markers_at_end(record) == {("scheme", "a", 3): 2}


models = st.builds(
    ModelEntry, ref=st.integers(1, 40), side=st.sampled_from(["a", "b"]),
    name=st.text(max_size=20), origin=st.sampled_from(["hired", "summoned"]),
    station=st.sampled_from([None, "minion", "enforcer"]),
    characteristics=st.lists(st.sampled_from(["living", "undead", "pig"]), max_size=2)
    .map(tuple), cost=st.none() | st.integers(0, 15), turn=st.none() | st.integers(1, 6))


@st.composite
def records(draw):
    roster = {m.ref: m for m in draw(st.lists(models, max_size=8))}.values()
    refs = [m.ref for m in roster]
    side_of = {m.ref: m.side for m in roster}
    kills = []
    for ref in draw(st.lists(st.sampled_from(refs), unique=True)) if refs else []:
        by = draw(st.none() | st.sampled_from(refs))
        kills.append(Kill(victim_side=side_of[ref], turn=draw(st.integers(1, 6)),
                          victim_ref=ref, by_ref=by, by_side=side_of.get(by, ""),
                          blast=draw(st.booleans()),
                          pools={"a": draw(st.none() | st.integers(0, 9))}))
    placed = draw(st.lists(st.tuples(st.sampled_from(["scheme", "corpse"]),
                                     st.integers(0, 4), st.integers(1, 3)), max_size=6))
    markers = [MarkerChange(turn=1, kind=k, delta=n, quarter=q,
                            owner="a" if k == "scheme" else "") for k, q, n in placed]
    return GameRecord(sides={"a": SideRecord(crew=1, vp=draw(st.integers(0, 10))),
                             "b": SideRecord()},
                      winner=draw(st.sampled_from(["", "a", "b"])), models=tuple(roster),
                      kills=tuple(kills), markers=tuple(markers))


@settings(max_examples=60, deadline=None)
@given(records(), st.sampled_from(["a", "b"]))
def test_any_record_round_trips_and_reads_for_either_crew(record, side):
    data = json.loads(json.dumps(record.to_dict()))
    assert GameRecord.from_dict(data) == record
    facts = game_facts(record, side, 1)
    assert len(facts.casualties) == len(record.kills)
    assert facts.won == (record.winner == side)


def _with(path, value):
    """The VERSION_1 record with one field replaced (``path`` of keys and indexes)."""
    data = json.loads(json.dumps(VERSION_1))
    data.update(version=2, models=[{"ref": 1, "side": "a", "name": "Captain",
                                    "leader": True}])
    holder = data
    for key in path[:-1]:
        holder = holder[key]
    holder[path[-1]] = value
    return data


@pytest.mark.parametrize("path,value,field", [
    (("sides", "a", "vp"), -1, "sides.a.vp"),
    (("sides", "a", "strategy_vp"), {"one": 2}, "sides.a.strategy_vp"),
    (("winner",), "c", "winner"),
    (("kills", 0, "how"), "eaten", "kills[0].how"),
    (("kills", 0, "victim_side"), "d", "kills[0].victim_side"),
    (("kills", 0, "victim_ref"), 9, "kills[0].victim_ref"),
    (("models", 0, "station"), "boss", "models[0].station"),
    (("models", 0, "characteristics"), ["Living"], "models[0].characteristics"),
    (("markers",), [{"turn": 1, "kind": "scheme", "delta": 1, "owner": ""}],
     "markers[0].owner"),
    (("markers",), [{"turn": 1, "kind": "corpse", "delta": -1}], "markers[0].delta"),
    (("notes",), [{"side": "a", "bounty": "hit-list"}], "notes[0]"),
    (("end",), {"zones": {"a": {"c": 1}}}, "end.zones.a"),
    (("end",), {"pigs": {"a": [5]}}, "end.pigs.a"),
    (("horror",), [{"turn": 1, "ref": 4}], "horror[0].ref"),
    (("sides",), {"a": {}}, "sides"),
])
def test_bad_records_are_refused_naming_the_field(path, value, field):
    with pytest.raises(RulesError, match="record " + re.escape(field)):
        GameRecord.from_dict(_with(path, value))


def test_a_kill_must_agree_with_its_models():
    with pytest.raises(RulesError, match="victim_side"):
        game(kills=(Kill(victim_side="a", turn=1, victim_ref=12),))  # 12 is b's
    with pytest.raises(RulesError, match="one Leader"):
        game(extra_models=(ModelEntry(ref=40, side="a", name="Two", leader=True),))


def test_needed_facts_refuse_an_unknown_bounty():
    with pytest.raises(RulesError, match="no Bounty"):
        facts_needed(["no-such-bounty"])
    assert facts_needed([]) == frozenset()
    assert ROSTER  # the shared roster is valid on its own
    game()
