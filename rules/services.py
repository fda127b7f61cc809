"""Flip services: the one way the product makes or records a flip.

Every card the server flips comes from a Fate Deck with a fresh seed, and the record
keeps that seed so anyone can replay it (``replay``). Cards flipped at the table are
validated by the same engine rules and stored marked as such. Later apps call these
with a ``subject`` (a game, a week) so disputes can be settled from the record.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from django.contrib.contenttypes.models import ContentType
from django.db import models, transaction

from rules.engine import flips
from rules.engine.cards import Card
from rules.engine.deck import FateDeck, deal
from rules.models import FlipRecord

Chooser = Callable[[tuple[Card, ...]], Card]


def _subject_fields(subject: models.Model | None) -> dict:
    if subject is None:
        return {}
    return {
        "subject_type": ContentType.objects.get_for_model(subject),
        "subject_id": subject.pk,
    }


def store_flip(flip: flips.Flip, *, actor=None, subject: models.Model | None = None) -> FlipRecord:
    """Persist an engine ``Flip`` (server or table) as a ``FlipRecord``."""
    return FlipRecord.objects.create(
        purpose=flip.purpose[:120],
        source=flip.source,
        seed="" if flip.seed is None else str(flip.seed),
        cards=[c.code for c in flip.cards],
        net_twist=flip.net,
        chosen=flip.chosen.code,
        cheated_in="" if flip.cheated_in is None else flip.cheated_in.code,
        flipped_by=actor,
        **_subject_fields(subject),
    )


@transaction.atomic
def server_flip(
    *,
    purpose: str,
    actor=None,
    positive: int = 0,
    negative: int = 0,
    chooser: Chooser | None = None,
    subject: models.Model | None = None,
) -> FlipRecord:
    """Flip from a freshly seeded deck and record it. Raises RulesError on a bad request."""
    deck = FateDeck.fresh()
    result = flips.flip(
        deck, positive=positive, negative=negative, purpose=purpose, chooser=chooser
    )
    return store_flip(result, actor=actor, subject=subject)


@transaction.atomic
def record_table_flip(
    *,
    purpose: str,
    cards: Iterable[str | Card],
    actor=None,
    positive: int = 0,
    negative: int = 0,
    chosen: str | Card | None = None,
    cheated_in: str | Card | None = None,
    subject: models.Model | None = None,
) -> FlipRecord:
    """Record cards flipped at the table after checking them against the flip rules."""
    result = flips.table_flip(
        cards,
        positive=positive,
        negative=negative,
        purpose=purpose,
        chosen=chosen,
        cheated_in=cheated_in,
    )
    return store_flip(result, actor=actor, subject=subject)


def recorded_draw(*, label: str, subject: models.Model, actor=None) -> Callable[[str], Card]:
    """A card source for the rule generators (weekly events, encounter setups): each
    card is one recorded server flip, tied to ``subject`` and labelled ``label: purpose``."""

    def draw(purpose: str) -> Card:
        record = server_flip(purpose=f"{label}: {purpose}", actor=actor, subject=subject)
        return Card.parse(record.final)

    return draw


@dataclass(frozen=True)
class Replay:
    """The outcome of replaying a stored server flip from its seed."""

    matches: bool
    cards: tuple[str, ...]


def replay(record: FlipRecord) -> Replay | None:
    """Re-flip a server flip from its seed; None for table flips (nothing to replay)."""
    if record.source != FlipRecord.Source.DECK or not record.seed:
        return None
    if record.skip:
        cards = deal(int(record.seed), record.skip, len(record.cards))
    else:
        cards = FateDeck(int(record.seed)).flip(len(record.cards))
    codes = tuple(c.code for c in cards)
    return Replay(matches=list(codes) == list(record.cards), cards=codes)
