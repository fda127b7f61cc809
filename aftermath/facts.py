"""What the Aftermath reads from a game's frozen record (``Game.record``), per crew.

The record is fixed when the result counts, so every run of the Aftermath sees the same
facts. Bounty goals that need table details the record does not hold (markers, quarters)
count as not met; see ``docs/rules-decisions.md``, "Aftermath".
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.engine import bounties
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
    )


def bounty_facts(game_id: int, record: dict, key: str,
                 stations: dict[int, str]) -> bounties.GameFacts:
    """The record as one crew's ``GameFacts``; ``stations`` maps arsenal model ids to
    their station (for goals about Masters, Minions...)."""
    side, opp = record["sides"][key], record["sides"][other(key)]
    casualties = []
    for kill in record.get("kills") or ():
        victim_side = kill.get("victim_side")
        victim = ("friendly" if victim_side == key else
                  "opposing" if victim_side == other(key) else "neutral")
        casualties.append(bounties.Casualty(
            victim=victim, how=kill.get("how") or "killed",
            by_us=kill.get("by_side") == key, is_leader=bool(kill.get("victim_is_leader")),
            station=stations.get(kill.get("victim")),
        ))
    return bounties.GameFacts(
        game=game_id, won=record.get("winner") == key,
        withdrew=side.get("withdrew_on_turn") is not None,
        strategy_vp=sum(int(v) for v in (side.get("strategy_vp") or {}).values()),
        opponent_strategy_vp=sum(int(v) for v in (opp.get("strategy_vp") or {}).values()),
        schemes=tuple(bounties.SchemeResult(s["scheme"], int(s.get("vp") or 0),
                                            bool(s.get("revealed")))
                      for s in side.get("schemes") or ()),
        event_scrip=int(side.get("event_scrip") or 0),
        casualties=tuple(casualties),
    )
