"""The thin adapter from card rows to ``rules.engine.malediction.cards`` dataclasses.

The engine names a Legacy's Seeker and counts copies by card name; rows are matched by
id. The adapter keeps one engine card per row (cached per call) so identity holds."""

from __future__ import annotations

from malediction.models import Card, Kind
from rules.engine.malediction import cards as engine


def _abilities(card: Card) -> tuple[str, ...]:
    return tuple(f"{a.get('name', '')}: {a.get('text', '')}" for a in card.abilities or ())


def to_engine(card: Card):
    """One row as the engine's card of its kind."""
    sigils = frozenset(card.sigils or ())
    rank = engine.Rank(card.rank) if card.rank else None
    if card.kind in (Kind.UNIT, Kind.SEEKER):
        power = (None if card.power_hit is None
                 else engine.Power(card.power_hit, card.power_graze or 0))
        cls = engine.Seeker if card.kind == Kind.SEEKER else engine.Unit
        return cls(name=card.name, cost=card.cost or 0, rank=rank, acc=card.acc, power=power,
                   range=card.range, speed=card.speed, defense=card.defense,
                   max_hp=card.max_hp, sigils=sigils, subtype=card.subtype,
                   abilities=_abilities(card))
    if card.kind == Kind.LEGACY:
        return engine.Legacy(name=card.name, seeker=card.seeker.name if card.seeker_id else "",
                             starting_echo=card.starting_echo or 0, abilities=_abilities(card))
    if card.kind == Kind.SPELL:
        return engine.Spell(name=card.name, cost=card.cost or 0, rank=rank,
                            speed=engine.SpellSpeed(card.subtype or "channel"), sigils=sigils,
                            abilities=_abilities(card))
    if card.kind == Kind.ITEM:
        return engine.Item(name=card.name, cost=card.cost or 0, rank=rank, sigils=sigils,
                           abilities=_abilities(card))
    if card.kind == Kind.RELIC:
        return engine.Relic(name=card.name, abilities=_abilities(card), sigils=sigils)
    pieces = tuple(engine.TerrainPiece(engine.TerrainSize(p.size),
                                       engine.TerrainHeight(p.height))
                   for p in card.pieces.all() for _ in range(p.count))
    return engine.TerrainCard(name=card.name, pieces=pieces, abilities=_abilities(card))


class EngineCards:
    """Rows to engine cards, each row converted once (the same object for every copy)."""

    def __init__(self):
        self._cache: dict[int, object] = {}

    def __call__(self, card: Card | None):
        if card is None:
            return None
        if card.pk not in self._cache:
            self._cache[card.pk] = to_engine(card)
        return self._cache[card.pk]
