"""What the Aftermath reads from a game's frozen record (``Game.record``), per crew.

The record is fixed when the result counts, so every run of the Aftermath sees the same
facts. Its format is the engine's (``rules.engine.record``); a version 1 record (before
models, markers and end-of-game facts were recorded) still reads, and the goals that need
what it lacks count as not met.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.engine import bounties
from rules.engine import record as game_record
from rules.engine.scoring import STANDARD


def other(key: str) -> str:
    return "b" if key == "a" else "a"


@dataclass(frozen=True)
class SideFacts:
    key: str
    vp: int
    won: bool
    lost: bool
    strategy_vp: int
    best_scheme_vp: int
    withdrew_on_turn: int | None
    early_withdraw: bool
    late_withdraw: bool
    event_scrip: int
    own_rating: int
    other_rating: int
    played: tuple[int, ...]
    finished_off: tuple[int, ...]
    traveler_barter_flips: int = 0

    @property
    def full_strategy(self) -> bool:
        return self.strategy_vp >= STANDARD.strategy


def side_facts(record: dict, key: str) -> SideFacts:
    side, opp = record["sides"][key], record["sides"][other(key)]
    withdraw = record.get("withdraw") or {}
    withdrew = withdraw.get("side") == key
    schemes = side.get("schemes") or []
    return SideFacts(
        key=key, vp=int(side["vp"]), won=record.get("winner") == key,
        lost=record.get("winner") == other(key),
        strategy_vp=sum(int(v) for v in (side.get("strategy_vp") or {}).values()),
        best_scheme_vp=max((int(s.get("vp") or 0) for s in schemes), default=0),
        withdrew_on_turn=side.get("withdrew_on_turn"),
        early_withdraw=withdrew and bool(withdraw.get("early")),
        late_withdraw=withdrew and not withdraw.get("early"),
        event_scrip=int(side.get("event_scrip") or 0),
        own_rating=int(side.get("campaign_rating") or 0),
        other_rating=int(opp.get("campaign_rating") or 0),
        played=tuple(side.get("played") or ()),
        finished_off=tuple(m for m in side.get("finished_off") or () if m),
        traveler_barter_flips=int(side.get("traveler_barter_flips") or 0),
    )


def bounty_facts(game_id: int, record: dict, key: str,
                 stations: dict[int, str] | None = None) -> bounties.GameFacts:
    """The record as one crew's ``GameFacts`` (``rules.engine.record.game_facts``).
    ``stations`` maps arsenal model ids to their station, for a version 1 record (which
    names no models)."""
    return game_record.game_facts(game_record.GameRecord.from_dict(record), key, game_id,
                                  stations=stations)
