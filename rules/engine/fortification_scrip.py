"""Hide Out Fortifications whose Scrip the game record can decide (campaign book, HIDE
OUTS): Trophy Rack (the first time per game the crew kills a Neutral model: 1 Scrip) and
Junkyard Dogs (five or more Scrap Markers on the table at the end: 2 Scrip). Reads the
record as stored (``rules.engine.record`` dicts); plain Python.

Wanted Posters and Deputy stay claimed by the player: their secret notes are not stored.
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["JUNKYARD_SCRAP", "RECORDED", "shown_by_record"]

#: Scrap Markers on the table at the end that Junkyard Dogs needs.
JUNKYARD_SCRAP = 5
RECORDED = ("trophy-rack", "junkyard-dogs")


def _scrap_at_end(record: Mapping) -> int:
    return sum(int(m.get("delta", 0)) for m in record.get("markers") or ()
               if m.get("kind") == "scrap")


def shown_by_record(key: str, record: Mapping, side: str) -> bool:
    """True when ``record`` shows the Fortification's condition met for ``side``."""
    if key == "trophy-rack":
        return any(k.get("victim_side") == "neutral" and k.get("by_side") == side
                   for k in record.get("kills") or ())
    if key == "junkyard-dogs":
        return _scrap_at_end(record) >= JUNKYARD_SCRAP
    raise ValueError(f"{key!r} is not decided by the game record.")
