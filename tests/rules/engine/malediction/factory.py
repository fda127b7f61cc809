"""Invented test cards (not the publisher's): a few units, a Seeker with two sigils."""

from __future__ import annotations

from rules.engine.malediction.cards import (
    Item,
    Legacy,
    Power,
    Rank,
    Relic,
    Seeker,
    Spell,
    SpellSpeed,
    TerrainCard,
    TerrainHeight,
    TerrainPiece,
    TerrainSize,
    Unit,
)

PRIMAL = "Primal Blood"
ORDER = "Order of the Shattered Throne"
CONCLAVE = "Conclave of the Spheres"


def unit(name="Ash Hound", cost=2, rank=Rank.BASIC, acc=2, power=(3, 1), rng=0, speed=5,
         defense=10, hp=5, sigils=(PRIMAL,), abilities=(), **kw) -> Unit:
    return Unit(name, cost, rank, acc, Power(*power) if power else None, rng, speed, defense,
                hp, frozenset(sigils), "Beast", tuple(abilities), **kw)


def seeker(name="Thorn Regent", sigils=(PRIMAL, ORDER), cost=8, **kw) -> Seeker:
    return Seeker(name, cost, Rank.LEGENDARY, kw.pop("acc", 3), Power(4, 2), kw.pop("rng", 0),
                  kw.pop("speed", 5), kw.pop("defense", 12), kw.pop("hp", 14),
                  frozenset(sigils), "Seeker", **kw)


def legacy(seeker_name="Thorn Regent", echo=12) -> Legacy:
    return Legacy("Crown of Thorns", seeker_name, echo)


def spell(name="Ember Lash", cost=3, rank=Rank.BASIC, sigils=(PRIMAL,),
          speed=SpellSpeed.CHANNEL) -> Spell:
    return Spell(name, cost, rank, speed, frozenset(sigils))


def item(name="Iron Charm", cost=3, rank=Rank.ELITE, sigils=()) -> Item:
    return Item(name, cost, rank, frozenset(sigils))


def terrain() -> TerrainCard:
    return TerrainCard("Ashen Ruins", (
        TerrainPiece(TerrainSize.LARGE, TerrainHeight.TALL),
        TerrainPiece(TerrainSize.MEDIUM, TerrainHeight.SHORT),
        TerrainPiece(TerrainSize.SMALL, TerrainHeight.TALL),
        TerrainPiece(TerrainSize.SMALL, TerrainHeight.SHORT),
    ))


def relic(n=1) -> Relic:
    return Relic(f"Relic {n}")


def basic_units(n: int, sigils=(PRIMAL,)) -> list[Unit]:
    """``n`` distinct Basic units (1 copy each)."""
    return [unit(f"Unit {i}", cost=1 + i % 6, sigils=sigils) for i in range(n)]
