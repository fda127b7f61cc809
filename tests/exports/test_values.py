"""Ids inside JSON documents: the path rewriting the archive relies on (no database)."""

import datetime

from hypothesis import given
from hypothesis import strategies as st

from exports.archive.values import encode, map_path, values_at

ids = st.integers(min_value=1, max_value=10_000)
side = st.fixed_dictionaries({"crew": ids, "played": st.lists(ids), "vp": st.integers(0, 9)})
records = st.fixed_dictionaries({"sides": st.dictionaries(st.sampled_from("ab"), side),
                                 "winner": st.sampled_from(["a", "b", ""])})


@given(records, st.integers(1, 99))
def test_mapping_there_and_back_is_the_identity(record, shift):
    there = map_path(record, ("sides", "*", "played", "*"), lambda v: v + shift)
    back = map_path(there, ("sides", "*", "played", "*"), lambda v: v - shift)
    assert back == record
    assert values_at(there, ("sides", "*", "played", "*")) == [
        v + shift for s in record["sides"].values() for v in s["played"]]


@given(records)
def test_only_the_path_changes(record):
    mapped = map_path(record, ("sides", "*", "crew"), lambda v: -v)
    for key, s in record["sides"].items():
        assert mapped["sides"][key] == {**s, "crew": -s["crew"]}
    assert mapped["winner"] == record["winner"]


def test_missing_keys_and_none_are_left_alone():
    record = {"kills": [{"victim": None, "by_model": 3}, {"by_model": None}]}
    assert map_path(record, ("kills", "*", "victim"), lambda v: v * 10) == record
    assert map_path(record, ("nothing", "*"), lambda v: 0) == record
    assert values_at(record, ("kills", "*", "by_model")) == [3]


def test_dates_become_iso_text():
    moment = datetime.datetime(2026, 1, 2, 3, 4, tzinfo=datetime.UTC)
    assert encode(moment) == "2026-01-02T03:04:00+00:00"
    assert encode(datetime.date(2026, 1, 2)) == "2026-01-02"
    assert encode({"x": 1}) == {"x": 1}
