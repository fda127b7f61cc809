"""War bands: validation with every reason (nothing written), text lists, submission
before the deadline and locked after, the side-deck swap."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.exceptions import PermissionDenied
from django.utils import timezone

from malediction import list_text
from malediction.models import Card, Kind, Match, WarBand
from malediction.services import warbands as service
from malediction.services.common import MaledictionError
from malediction.services.matches import create_match
from tests.malediction.conftest import legal_band

pytestmark = pytest.mark.django_db


def test_a_legal_band_saves_with_counts(sample, world):
    band = legal_band(sample)
    saved = service.save_war_band(owner=world.players[0], name="Red", **band)
    deck, side = service.entries_of(saved)
    counts = service.counts(deck, side)
    assert counts.deck == 31 and counts.side == 0
    assert counts.by_rank == {"Basic": 18, "Elite": 10, "Unique": 3}
    assert counts.by_kind == {"Unit": 31}


def _card(sample, **filters):
    return sample.cards.filter(**filters).order_by("name").first()


def test_every_refusal_is_explained_and_nothing_is_written(sample, world):
    band = legal_band(sample)
    basic = next(c for c, n in band["deck"] if c.rank == "basic")
    unique = next(c for c, n in band["deck"] if c.rank == "unique")
    foreign = _card(sample, kind=Kind.UNIT, sigils=["legion-of-the-fallen"])
    relic = _card(sample, kind=Kind.RELIC)
    other_seeker = _card(sample, kind=Kind.SEEKER, sigils=["conclave-of-the-spheres"])
    deck = [(c, n) for c, n in band["deck"] if c not in (basic, unique)]
    deck += [(basic, 4), (unique, 2), (foreign, 1), (relic, 1), (other_seeker, 1)]
    side = [(_card(sample, kind=Kind.ITEM, sigils=[]), 8)]
    wrong_legacy = Card.objects.get(kind=Kind.LEGACY, seeker=other_seeker)
    with pytest.raises(MaledictionError) as exc:
        service.save_war_band(owner=world.players[0], name="Bad", seeker=band["seeker"],
                              legacy=wrong_legacy, terrain=None, deck=deck, side=side)
    text = "\n".join(exc.value.problems)
    assert f"{basic.name}: at most 3" in text           # Basic 3
    assert f"{unique.name}: at most 1" in text          # Unique 1
    assert f"{foreign.name} bears legion-of-the-fallen" in text
    assert f"{relic.name} is a relic" in text
    assert f"{other_seeker.name} is Legendary" in text  # Legendary only as the Seeker
    assert "side deck has 8 cards; it may hold at most 7" in text
    assert "Legacy of" in text and "Choose one terrain card" in text
    assert not WarBand.objects.exists()


def test_deck_sizes_30_to_50(sample, world):
    band = legal_band(sample)
    uniques = [c for c, n in band["deck"] if n == 1]
    small = [(c, n) for c, n in band["deck"] if c not in uniques[:2]]  # 29 cards
    problems = service.validate(seeker=band["seeker"], legacy=band["legacy"],
                                terrain=band["terrain"], deck=small)
    assert problems == ["The deck has 29 cards; it needs at least 30."]
    spells = [(c, 3) for c in sample.cards.filter(kind=Kind.SPELL, sigils=["primal-blood"])]
    items = [(c, 3) for c in sample.cards.filter(kind=Kind.ITEM, sigils=["primal-blood"])]
    neutral = [(c, 3) for c in sample.cards.filter(kind=Kind.UNIT, sigils=[])]
    big = band["deck"] + spells + items + neutral  # 31 + 9 + 6 + 9 = 55
    problems = service.validate(seeker=band["seeker"], legacy=band["legacy"],
                                terrain=band["terrain"], deck=big)
    assert "The deck has 55 cards; it may hold at most 50." in problems


def test_cards_without_sigils_fit_any_deck_and_twin_seeker_takes_both(sample, world):
    twin = _card(sample, kind=Kind.SEEKER, name__startswith="Sethra")
    assert len(twin.sigils) == 2
    legion = [(c, 1) for c in sample.cards.filter(kind=Kind.UNIT,
                                                  sigils=["legion-of-the-fallen"])]
    blood = [(c, 1) for c in sample.cards.filter(kind=Kind.UNIT, sigils=["primal-blood"])]
    neutral = [(c, 1) for c in sample.cards.filter(kind=Kind.UNIT, sigils=[])]
    problems = service.validate(seeker=twin, legacy=Card.objects.get(seeker=twin),
                                terrain=_card(sample, kind=Kind.TERRAIN),
                                deck=legion + blood + neutral)
    assert problems == []


def test_text_export_and_import_round_trip(sample, world):
    band = service.save_war_band(owner=world.players[0], name="Red", **legal_band(sample))
    text = service.as_text(band)
    assert "Seeker: Vorna of the Red Thicket" in text and "\n3 " in text
    again = service.import_text(owner=world.players[1], text=text)
    assert service.as_text(again) == text
    parsed = list_text.parse("3x Marrow Hound\nAshfang Scout x2\nbad line")
    assert parsed.deck == [("Marrow Hound", 3), ("Ashfang Scout", 2)]
    assert parsed.errors == [(3, "'bad line' is not 'count name'.")]


def test_import_reports_unknown_cards_by_name_and_writes_nothing(sample, world):
    with pytest.raises(MaledictionError) as exc:
        service.import_text(owner=world.players[0],
                            text="Seeker: Nobody\n3 Not A Card\nnonsense")
    assert "Line 3" in exc.value.problems[0]
    assert any("Not A Card" in p for p in exc.value.problems)
    assert not WarBand.objects.exists()


def test_list_submission_before_deadline_locked_after(sample, world):
    band = service.save_war_band(owner=world.players[0], name="Red", **legal_band(sample))
    reg = world.regs[0]
    with pytest.raises(PermissionDenied):
        service.submit_list(registration=reg, war_band=band, actor=world.players[1])
    service.submit_list(registration=reg, war_band=band, actor=world.players[0])
    reg.refresh_from_db()
    assert reg.submitted_list["seeker_name"] == "Vorna of the Red Thicket"
    assert sum(r["count"] for r in reg.submitted_list["deck"]) == 31
    world.event.list_deadline = timezone.now() - dt.timedelta(minutes=1)
    world.event.save()
    with pytest.raises(MaledictionError, match="locked"):
        service.submit_list(registration=reg, war_band=band, actor=world.players[0])


def test_side_deck_swap_is_recorded_and_keeps_sizes(sample, world):
    data = legal_band(sample)
    spare = _card(sample, kind=Kind.SPELL, sigils=["primal-blood"])
    band = service.save_war_band(owner=world.players[0], name="Red", side=[(spare, 1)], **data)
    service.submit_list(registration=world.regs[0], war_band=band, actor=world.players[0])
    world.regs[0].refresh_from_db()
    match = create_match(round=world.round1, sides=[[world.regs[0]], [world.regs[1]]])
    out = data["deck"][0][0]
    seat = service.swap_side_deck(match=match, actor=world.players[0], out_of_deck=[out],
                                  into_deck=[spare])
    deck = {r["name"]: r["count"] for r in seat.deck}
    assert deck[spare.name] == 1 and deck[out.name] == 2
    assert seat.side_deck == [{"card": out.pk, "name": out.name, "count": 1}]
    assert seat.swap == {"out": [out.name], "in": [spare.name]}
    with pytest.raises(MaledictionError, match="not in the side deck"):
        service.swap_side_deck(match=match, actor=world.players[0], out_of_deck=[],
                               into_deck=[data["deck"][5][0]])
    Match.objects.filter(pk=match.pk).update(state=Match.State.IN_PLAY)
    with pytest.raises(MaledictionError, match="before the match"):
        service.swap_side_deck(match=match, actor=world.players[0], out_of_deck=[out],
                               into_deck=[spare])
