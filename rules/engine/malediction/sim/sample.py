"""Invented war bands for the simulator's tests, the benchmark and a first try-out.

Not the publisher's cards: names, numbers and texts are our own (sample data). Two
factions of a Seeker, a Legacy, a terrain card and a 30-card deck each.
"""

from __future__ import annotations

from ..cards import (
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
from ..modes import get_mode
from ..warband import WarBand
from .state import MatchInput

__all__ = ["sample_band", "sample_match", "sample_relics"]

_TERRAIN = TerrainCard("Sample Ruins", (
    TerrainPiece(TerrainSize.LARGE, TerrainHeight.TALL),
    TerrainPiece(TerrainSize.MEDIUM, TerrainHeight.SHORT),
    TerrainPiece(TerrainSize.SMALL, TerrainHeight.TALL),
    TerrainPiece(TerrainSize.SMALL, TerrainHeight.SHORT),
    TerrainPiece(TerrainSize.SMALL, TerrainHeight.SHORT),
), ("Sample Ruins: Units on a piece of this set gain +1 DEF against ranged attacks.",))

#: (name, cost, rank, acc, power, range, speed, def, hp, abilities)
_UNITS = [
    ("Scout", 2, "basic", 2, (2, 1), 0, 6, 9, 4, ("Skirmisher: After it attacks, it may shift "
                                                  "up to 2 inches.",)),
    ("Spear", 3, "basic", 2, (3, 1), 0, 5, 10, 6, ()),
    ("Archer", 3, "basic", 2, (2, 1), 8, 5, 9, 5, ()),
    ("Brute", 4, "basic", 1, (4, 2), 0, 4, 10, 8, ("Knockback 1: After its melee attack hits, "
                                                   "the target is pushed 1 inch away.",)),
    ("Warden", 5, "elite", 3, (3, 1), 0, 5, 12, 8, ("Bodyguard: Allies within 1 inch gain "
                                                    "+1 DEF.",)),
    ("Hunter", 5, "elite", 3, (3, 2), 10, 5, 10, 6, ("Pack Hunter: Gains +1 ACC against a unit "
                                                     "already engaged with an ally.",)),
    ("Ravager", 6, "elite", 2, (4, 2), 0, 5, 11, 9, ("Onslaught (2AP): This unit performs up "
                                                     "to three separate melee attacks.",)),
    ("Troll", 7, "unique", 2, (5, 2), 0, 4, 11, 12, ("Regeneration 2: Whenever you activate "
                                                     "this unit, it recovers 2 health.",)),
    ("Oracle", 4, "unique", 1, (1, 1), 6, 5, 9, 5, ("Foresight: Look at the top card of your "
                                                    "deck at the start of each round.",)),
]


def sample_band(faction: str = "Red", sigil: str = "Sample Red") -> WarBand:
    seeker = Seeker(f"{faction} Seeker", 8, Rank.LEGENDARY, 3, Power(4, 2), 0, 5, 12, 14,
                    frozenset({sigil}), "Seeker",
                    ("Relic Sense: May claim a relic from a husk within 2 inches instead of 1.",))
    legacy = Legacy(f"{faction} Legacy", seeker.name, 6,
                    (f"Inheritance: {seeker.name} gains +1 DEF while no enemy is within 3 "
                     "inches.",))
    deck: list = []
    for name, cost, rank, acc, power, rng, speed, df, hp, abilities in _UNITS:
        card = Unit(f"{faction} {name}", cost, Rank(rank), acc, Power(*power), rng, speed, df,
                    hp, frozenset({sigil}), "Soldier", abilities)
        deck += [card] * {"basic": 3, "elite": 2, "unique": 1}[rank]
    bolt = Spell(f"{faction} Bolt", 2, Rank.BASIC, SpellSpeed.CHANNEL, frozenset({sigil}),
                 ("Deal 2 damage to target enemy unit within 8 inches.",))
    mend = Spell(f"{faction} Mend", 1, Rank.BASIC, SpellSpeed.SWIFT, frozenset({sigil}),
                 ("Target allied unit within 6 inches recovers 3 health.",))
    omen = Spell(f"{faction} Omen", 2, Rank.ELITE, SpellSpeed.CHANNEL, frozenset(),
                 ("Look at your opponent's hand.",))
    charm = Item(f"{faction} Charm", 2, Rank.BASIC, frozenset({sigil}),
                 (f"{faction} Charm: The equipped unit gains +1 DEF.",))
    deck += [bolt] * 3 + [mend] * 3 + [omen] * 2 + [charm] * 3
    return WarBand(seeker, legacy, _TERRAIN, tuple(deck[:30]), ())


def sample_relics() -> tuple[Relic, ...]:
    stats = ("ACC", "DEF", "Max HP", "Speed", "Power")
    return tuple(Relic(f"Sample Relic {i + 1}",
                       (f"The holder gains +1 {stats[i % len(stats)]}.",)) for i in range(15))


def sample_match(mode: str = "standard", board: str | None = None) -> MatchInput:
    m = get_mode(mode, board)
    factions = ["Red", "Blue", "Green", "Grey"]
    bands = tuple(sample_band(factions[i], f"Sample {factions[i]}") for i in range(m.players))
    return MatchInput(m, bands, sample_relics())
