"""Cards and war bands to JSON-safe dicts and back (the simulator's log stores its input).

A card dict carries its ``kind`` and its fields; enums as their values, sigils as a sorted
list. ``card_from_dict(card_to_dict(c)) == c`` for every card.
"""

from __future__ import annotations

from .cards import (
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
from .errors import InvalidCardData
from .warband import WarBand

__all__ = ["band_from_dict", "band_to_dict", "card_from_dict", "card_to_dict"]


def card_to_dict(card) -> dict:
    kind = "seeker" if isinstance(card, Seeker) else card.kind
    d: dict = {"kind": kind, "name": card.name}
    if isinstance(card, Unit):
        d.update(cost=card.cost, rank=card.rank.value, acc=card.acc,
                 power=[card.power.hit, card.power.graze] if card.power else None,
                 range=card.range, speed=card.speed, defense=card.defense, max_hp=card.max_hp,
                 subtype=card.subtype, base_mm=card.base_mm)
    elif isinstance(card, Legacy):
        d.update(seeker=card.seeker, starting_echo=card.starting_echo)
    elif isinstance(card, Spell):
        d.update(cost=card.cost, rank=card.rank.value, speed=card.speed.value)
    elif isinstance(card, Item):
        d.update(cost=card.cost, rank=card.rank.value)
    elif isinstance(card, TerrainCard):
        d["pieces"] = [[p.size.value, p.height.value, p.width, p.depth] for p in card.pieces]
    if hasattr(card, "sigils") and not isinstance(card, (Legacy, TerrainCard)):
        d["sigils"] = sorted(card.sigils)
    d["abilities"] = list(card.abilities)
    return d


def card_from_dict(d: dict):
    try:
        kind = d["kind"]
        sigils = frozenset(d.get("sigils", ()))
        abilities = tuple(d.get("abilities", ()))
        if kind in ("unit", "seeker"):
            cls = Seeker if kind == "seeker" else Unit
            power = d.get("power")
            return cls(d["name"], d["cost"], Rank(d["rank"]), d.get("acc"),
                       Power(*power) if power else None, d.get("range"), d.get("speed"),
                       d.get("defense"), d.get("max_hp"), sigils, d.get("subtype", ""),
                       abilities, d.get("base_mm", 30))
        if kind == "legacy":
            return Legacy(d["name"], d["seeker"], d["starting_echo"], abilities)
        if kind == "spell":
            return Spell(d["name"], d["cost"], Rank(d["rank"]), SpellSpeed(d["speed"]), sigils,
                         abilities)
        if kind == "item":
            return Item(d["name"], d["cost"], Rank(d["rank"]), sigils, abilities)
        if kind == "relic":
            return Relic(d["name"], abilities, sigils)
        if kind == "terrain":
            pieces = tuple(TerrainPiece(TerrainSize(p[0]), TerrainHeight(p[1]), p[2], p[3])
                           for p in d.get("pieces", ()))
            return TerrainCard(d["name"], pieces, abilities)
    except (KeyError, TypeError, ValueError) as exc:
        raise InvalidCardData(f"Card data is malformed: {exc}") from None
    raise InvalidCardData(f"Unknown card kind {d.get('kind')!r}.")


def band_to_dict(band: WarBand) -> dict:
    """Deck lists as [card dict, count] pairs in first-seen order (compact)."""
    def counted(cards):
        out: dict[str, list] = {}
        for c in cards:
            if c.name in out:
                out[c.name][1] += 1
            else:
                out[c.name] = [card_to_dict(c), 1]
        return list(out.values())
    return {"seeker": card_to_dict(band.seeker) if band.seeker else None,
            "legacy": card_to_dict(band.legacy) if band.legacy else None,
            "terrain": card_to_dict(band.terrain) if band.terrain else None,
            "deck": counted(band.deck), "side_deck": counted(band.side_deck)}


def band_from_dict(d: dict) -> WarBand:
    def load(x):
        return card_from_dict(x) if x else None

    def cards(pairs):
        out = []
        for data, n in pairs:
            card = card_from_dict(data)
            out += [card] * n
        return tuple(out)
    return WarBand(load(d.get("seeker")), load(d.get("legacy")), load(d.get("terrain")),
                   cards(d.get("deck", ())), cards(d.get("side_deck", ())))
