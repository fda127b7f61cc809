"""The result of a Malediction match in the rulebook's result form, one shape for a match
tracked at the table (``match_state``) and one played by the simulator (``sim``).

Mastery is a ledger by source per side: ``kills`` (unit cost + attachment costs, or an
item destroyed alone), ``relics`` (+10 a claim), ``losses`` (-10 a relic holder defeated)
and ``other`` (card effects entered by hand). A side's mastery is always the sum.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

__all__ = ["MASTERY_SOURCES", "WIN_TYPES", "Defeat", "MatchResult"]

MASTERY_SOURCES = ("kills", "relics", "losses", "other")
#: threshold: reached with the most mastery; deck_out: the other side could not draw.
WIN_TYPES = ("threshold", "deck_out")


@dataclass(frozen=True, slots=True)
class Defeat:
    """A unit defeated: whose, by whom (a player index, or ``None``: no attacker)."""

    round: int
    unit: str
    owner: int
    by: int | None
    mastery: int
    relic_lost: bool = False


@dataclass(frozen=True, slots=True)
class MatchResult:
    winner: int
    win_type: str
    final_round: int
    #: Per side, in side order.
    mastery: tuple[int, ...]
    sources: tuple[dict[str, int], ...]
    defeats: tuple[Defeat, ...] = ()
    relics_claimed: tuple[int, ...] = ()
    relics_lost: tuple[int, ...] = ()
    #: (round, side) of every bid won; round 0 is the setup bid.
    bids_won: tuple[tuple[int, int], ...] = ()
    #: Players on each side (player indices), so a team result maps to its players.
    sides: tuple[tuple[int, ...], ...] = field(default=())

    @property
    def kill_mastery(self) -> tuple[int, ...]:
        return tuple(s["kills"] for s in self.sources)

    def to_dict(self) -> dict:
        d = asdict(self)
        d["defeats"] = [asdict(x) for x in self.defeats]
        d["kill_mastery"] = list(self.kill_mastery)
        return d
