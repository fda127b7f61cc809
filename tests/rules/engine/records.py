"""Hand-built game records for the engine tests: two small crews and a Neutral model.

Refs: side a 1-4 and its Pig 5, side b 11-15, the Neutral Guild Guard 21. ``game(...)``
fills in what a test does not care about.
"""

from __future__ import annotations

from rules.engine.record import (
    EndState,
    GameRecord,
    HorrorFailure,
    Kill,
    MarkerChange,
    ModelEntry,
    Note,
    SideRecord,
    UpgradeAttached,
)

__all__ = [
    "ROSTER",
    "EndState",
    "HorrorFailure",
    "Kill",
    "MarkerChange",
    "Note",
    "UpgradeAttached",
    "game",
    "kill",
    "summoned",
]


def _m(ref, side, name, station, cost, *traits, leader=False, origin=None):
    return ModelEntry(ref=ref, side=side, name=name, station=station, cost=cost,
                      characteristics=tuple(traits), leader=leader,
                      origin=origin or ("neutral" if side == "neutral" else "hired"))


ROSTER = (
    _m(1, "a", "Captain", "henchman", 8, "living", leader=True),
    _m(2, "a", "Guard", "minion", 5, "living"),
    _m(3, "a", "Sergeant", "enforcer", 8, "living"),
    _m(4, "a", "Clerk", "peon", 2, "living"),
    _m(5, "a", "Piglet", "minion", 3, "beast", "pig"),
    _m(11, "b", "Mortician", "henchman", 9, "undead", leader=True),
    _m(12, "b", "Zombie", "minion", 4, "undead"),
    _m(13, "b", "Flesh Construct", "enforcer", 9, "undead", "construct"),
    _m(14, "b", "Crooligan", "minion", 6, "living"),
    _m(15, "b", "Corpse Candle", "minion", 3, "totem", "spirit"),
    _m(21, "neutral", "Guild Guard", "minion", 5, "living"),
)


def summoned(ref, side, cost, *traits, station="minion", turn=2):
    return ModelEntry(ref=ref, side=side, name=f"Summon {ref}", origin="summoned",
                      station=station, cost=cost, characteristics=tuple(traits), turn=turn)


def kill(victim, *, by=None, by_side=None, turn=2, **extra) -> Kill:
    """``victim`` killed by model ``by`` (or by ``by_side``'s effect)."""
    side = {m.ref: m.side for m in ROSTER}
    for model in extra.pop("models", ()):
        side[model.ref] = model.side
    return Kill(victim_side=side[victim], turn=turn, victim_ref=victim, by_ref=by,
                by_side=by_side if by_side is not None else side.get(by, ""), **extra)


def game(*, winner="", extra_models=(), a=None, b=None, **parts) -> GameRecord:
    """A record of two crews with ROSTER (plus ``extra_models``); ``a``/``b`` are
    SideRecord fields."""
    return GameRecord(
        sides={"a": SideRecord(crew=1, **(a or {})), "b": SideRecord(crew=2, **(b or {}))},
        winner=winner, models=ROSTER + tuple(extra_models), **parts).validate()
