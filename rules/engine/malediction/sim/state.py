"""The simulator's pieces: the match input, units on the board and the players' cards."""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Item, Legacy, Relic, Unit
from ..codec import band_from_dict, band_to_dict, card_from_dict, card_to_dict
from ..modes import Mode, get_mode
from ..warband import WarBand
from .abilities import Profile, parse_abilities
from .board import base_radius

__all__ = ["MatchInput", "SimPlayer", "SimUnit"]

_STATS = ("acc", "defense", "speed", "range", "max_hp")


@dataclass(frozen=True, slots=True)
class MatchInput:
    """What a simulated match is played from: the mode, one war band per player (in player
    order: side 0's players first) and the 15-card relic deck."""

    mode: Mode
    bands: tuple[WarBand, ...]
    relics: tuple[Relic, ...] = ()
    names: tuple[str, ...] = ()

    def to_dict(self) -> dict:
        return {"mode": self.mode.key, "board": self.mode.board.key,
                "bands": [band_to_dict(b) for b in self.bands],
                "relics": [card_to_dict(r) for r in self.relics], "names": list(self.names)}

    @classmethod
    def from_dict(cls, d: dict) -> MatchInput:
        mode = get_mode(d["mode"])
        if d.get("board") and d["board"] != mode.board.key:
            mode = mode.with_board(d["board"])
        return cls(mode, tuple(band_from_dict(b) for b in d["bands"]),
                   tuple(card_from_dict(r) for r in d.get("relics", ())),
                   tuple(d.get("names", ())))


class SimUnit:
    """A unit on the battlefield (or a Seeker waiting in its zone)."""

    __slots__ = ("_has", "_stats", "atk_key", "base", "card", "damage", "def_key",
                 "deployed_round", "exhausted", "id", "item", "max_hp", "owner", "power_bonus",
                 "profile", "r", "relic", "side", "stubborn_round", "temp", "x", "y")

    def __init__(self, uid: int, card: Unit, owner: int, side: int, x: float, y: float,
                 round_: int):
        self.id = uid
        self.card = card
        self.owner = owner
        self.side = side
        self.x = x
        self.y = y
        self.r = base_radius(card.base_mm)
        self.damage = 0
        self.exhausted = False
        self.deployed_round = round_
        self.item: Item | None = None
        self.relic: Relic | None = None
        self.base: Profile = parse_abilities(card.abilities, card.name)
        self.profile: Profile = self.base
        self.temp: dict[str, int] = {}
        self.stubborn_round = 0
        self._stats: dict[str, int] = {}
        self._has = {name: getattr(card, name) is not None for name in _STATS}
        self.restat()

    def refit(self) -> None:
        """Recompute the profile from the card and its attachments."""
        p = self.base
        for att in (self.item, self.relic):
            if att is not None:
                p = p.merge(parse_abilities(att.abilities, att.name))
        self.profile = p
        self.restat()

    def restat(self) -> None:
        """Recompute the effective stats (after attachments or round-long gains change)."""
        stats = {}
        gains, temp = self.profile.stats, self.temp
        for name in _STATS:
            base = getattr(self.card, name)
            stats[name] = 0 if base is None else base + gains.get(name, 0) + temp.get(name, 0)
        self._stats = stats
        #: Derived once here (read in the simulator's hot loops): Max HP at least 1, the
        #: Power gain, and the odds' cache keys as attacker and as target.
        self.max_hp = max(1, stats["max_hp"])
        self.power_bonus = self.profile.stats.get("power", 0)
        card, power = self.card, self.card.power
        self.atk_key = (stats["acc"] if card.acc is not None else None,
                        power.hit if power is not None else None,
                        power.graze if power is not None else None, self.power_bonus)
        self.def_key = stats["defense"] if card.defense is not None else None

    def stat(self, name: str) -> int:
        """The stat with gains applied; a null stat is 0 and never altered."""
        return self._stats[name]

    def has(self, name: str) -> bool:
        """The stat is not null (a null Range cannot shoot, a null Speed cannot move)."""
        has = self._has.get(name)
        return getattr(self.card, name) is not None if has is None else has

    @property
    def health(self) -> int:
        return self.max_hp - self.damage

    @property
    def worth(self) -> int:
        """Kill mastery: its cost and its attachments' (relics cost nothing)."""
        return self.card.cost + (self.item.cost if self.item else 0)

    def __repr__(self) -> str:
        return f"<{self.id} {self.card.name} p{self.owner} ({self.x}, {self.y}) {self.health}hp>"


class SimPlayer:
    """A player's cards and echo."""

    __slots__ = ("band", "banished", "deck", "discard", "echo", "free_deploy_round", "hand",
                 "index", "legacy", "mulligans", "seeker_unit", "side", "spell_cache")

    def __init__(self, index: int, side: int, band: WarBand):
        self.index = index
        self.side = side
        self.band = band
        self.deck: list = list(band.deck)
        self.hand: list = []
        self.discard: list = []
        self.banished: list = []
        self.echo = 0
        self.mulligans = 0
        self.seeker_unit: SimUnit | None = None
        self.legacy: Legacy | None = band.legacy
        self.free_deploy_round = 0
        #: (hand list, its length, [(index, kind, cost)]): see ``Game.playable``.
        self.spell_cache: tuple | None = None
