"""Malediction packs: the sample, import and export in JSON and CSV, errors by row/field."""

from __future__ import annotations

import copy
import json

import pytest

from malediction.engine_cards import to_engine
from malediction.models import Card, CardPack, Kind, Sigil
from malediction.packs.csv_format import write_csv
from malediction.packs.exporter import export_pack
from malediction.packs.importer import import_pack, import_upload
from malediction.packs.sample import load_sample_pack, sample_document

pytestmark = pytest.mark.django_db


def test_sample_pack_has_what_the_issue_asks():
    result = load_sample_pack()
    assert result.ok, result.errors
    pack = result.pack
    assert pack.is_sample and "sample data" in pack.name
    cards = list(pack.cards.all())
    for sigil in Sigil.values:
        mine = [c for c in cards if sigil in c.sigils]
        assert sum(c.kind == Kind.UNIT for c in mine) >= 14, sigil
        assert any(c.kind == Kind.SEEKER for c in mine)
        assert any(c.kind == Kind.SPELL for c in mine) and any(c.kind == Kind.ITEM for c in mine)
    seekers = [c for c in cards if c.kind == Kind.SEEKER]
    assert all(Card.objects.filter(kind=Kind.LEGACY, seeker=s).exists() for s in seekers)
    assert sum(len(s.sigils) == 2 for s in seekers) == 1
    assert sum(c.kind == Kind.RELIC for c in cards) == 15
    assert any(c.kind == Kind.TERRAIN and c.pieces.count() for c in cards)
    assert any(c.kind == Kind.UNIT and not c.sigils for c in cards)
    assert any(c.acc is None for c in cards if c.kind == Kind.UNIT)  # a null stat
    # every card maps onto the engine's dataclasses
    for card in cards:
        assert to_engine(card).name == card.name
    assert load_sample_pack().updated == len(cards)  # idempotent


def test_json_and_csv_round_trip_losslessly():
    pack = load_sample_pack().pack
    document = export_pack(pack)
    CardPack.objects.all().delete()
    assert import_upload(json.dumps(document)).ok
    again = export_pack(CardPack.objects.get())
    assert again == document
    csv_text = write_csv(document)
    result = import_upload(csv_text.encode(), replace=True)
    assert result.ok, result.errors
    assert export_pack(CardPack.objects.get()) == document


def _doc(**changes):
    document = copy.deepcopy(sample_document())
    for index, fields in changes.items():
        document["cards"][int(index[1:])].update(fields)
    return document


@pytest.mark.parametrize("change, row, field", [
    ({"r2": {"rank": "mythic"}}, 3, "rank"),
    ({"r2": {"power": "three"}}, 3, "power"),
    ({"r2": {"defense": "x"}}, 3, "defense"),
    ({"r2": {"range": None}}, 3, "range"),
    ({"r2": {"sigils": ["nowhere"]}}, 3, "sigils"),
    ({"r2": {"colour": "red"}}, 3, "colour"),
    ({"r0": {"rank": "elite"}}, 1, "rank"),             # a Seeker is Legendary
    ({"r1": {"seeker": "nobody"}}, 2, "seeker"),
    ({"r2": {"kind": "relic"}}, 3, "cost"),             # relics have no cost
    ({"r16": {"subtype": "slow"}}, 17, "subtype"),       # spells: channel or swift
])
def test_errors_name_the_row_and_field_and_nothing_is_written(change, row, field):
    result = import_pack(_doc(**change))
    assert not result.ok
    assert any(e.row == row and e.field == field for e in result.errors), result.errors
    assert str(result.errors[0]).startswith("row ")
    assert not CardPack.objects.exists() and not Card.objects.exists()


def test_csv_errors_name_the_csv_row():
    text = write_csv(sample_document()).splitlines()
    text[4] = text[4].replace("basic", "mythic", 1)
    result = import_upload("\n".join(text))
    assert [(e.row, e.field) for e in result.errors] == [(4, "rank")]


def test_existing_pack_needs_replace():
    load_sample_pack()
    result = import_pack(sample_document())
    assert not result.ok and result.errors[0].field == "slug"
