"""Play a stored game again from its log, and check that it is the same game.

The log holds the input, the seed and every answer the commanders gave. ``replay`` builds
the same game with ``ReplayCommander``s that give those answers back in order; the Fate
Decks, seeded as before, turn over the same cards, and the replayed log must match the
stored one event for event (every card flipped included). A log from another simulator
version, or one that was altered, raises ``ReplayMismatch`` naming the first difference.
"""

from __future__ import annotations

from typing import Any

from .codec import decode
from .commanders.base import BaseCommander
from .crews import EncounterInput
from .errors import ReplayMismatch

__all__ = ["ReplayCommander", "replay"]


class _Cursor:
    """The decision log, read in order by both sides' replay commanders."""

    def __init__(self, decisions: list) -> None:
        self.decisions = decisions
        self.at = 0

    def next(self, side: int, tag: str) -> Any:
        if self.at >= len(self.decisions):
            raise ReplayMismatch(f"The log ran out of decisions at a {tag!r} question for "
                                 f"side {side}.")
        entry = self.decisions[self.at]
        if entry[0] != side or entry[1] != tag:
            raise ReplayMismatch(f"Decision {self.at}: the log has {entry[:2]}, the game asked "
                                 f"{[side, tag]}.")
        self.at += 1
        return decode(tag, entry[2])


class _ReplayDecisions:
    __slots__ = ("cursor", "side")

    def __init__(self, cursor: _Cursor, side: int) -> None:
        self.cursor = cursor
        self.side = side

    def choose_card(self, allowed, view):
        return self.cursor.next(self.side, "ch")

    def name_red_joker(self, view):
        return self.cursor.next(self.side, "rj")

    def cheat(self, view):
        return self.cursor.next(self.side, "ct")

    def declare_trigger(self, available, view):
        name = self.cursor.next(self.side, "tr")
        if name is None:
            return None
        for trigger in available:
            if trigger.name == name:
                return trigger
        raise ReplayMismatch(f"Trigger {name!r} is not available in the replayed duel.")

    def choose_damage_card(self, allowed, track):
        return self.cursor.next(self.side, "dch")

    def cheat_damage(self, hand, current, track):
        return self.cursor.next(self.side, "dct")


class ReplayCommander(BaseCommander):
    """Answers every question from the decision log."""

    _TAGS = {
        "choose_schemes": "schemes", "note": "note", "reveal_at_start": "reveal",
        "deploy_first": "first", "choose_zone": "zone", "deploy": "deploy",
        "arrive": "arrive", "discard": "discard", "buy_cards": "buy",
        "reflip_initiative": "reflip", "go_first": "gofirst",
        "choose_activation": "activate", "choose_command": "cmd", "soulstones": "ss",
        "prevent": "prevent", "strike": "strike", "randomized_target": "rand",
        "push_self": "pushself", "blasts": "blast", "end_of_turn": "eot",
        "first_scheme": "order", "scout": "scout",
    }

    def __init__(self, cursor: _Cursor) -> None:
        self.cursor = cursor

    def __getattribute__(self, name: str):
        tags = object.__getattribute__(self, "_TAGS")
        if name in tags:
            cursor = object.__getattribute__(self, "cursor")
            side = object.__getattribute__(self, "side")
            return lambda view, *args: cursor.next(side, tags[name])
        return object.__getattribute__(self, name)

    def duel_decisions(self, view, context):
        return _ReplayDecisions(self.cursor, self.side)


def replay(log: dict):
    """Replay a stored log; returns the result (its log equals the stored one)."""
    from .engine import SIMULATOR_VERSION, Game

    if log.get("simulator") != SIMULATOR_VERSION:
        raise ReplayMismatch(f"The log was made by simulator {log.get('simulator')!r}; this is "
                             f"{SIMULATOR_VERSION!r}, which may play differently.")
    setup = EncounterInput.from_dict(log["setup"])
    cursor = _Cursor(log["decisions"])
    positions = log.get("positions")
    game = Game(setup, log["seed"], (ReplayCommander(cursor), ReplayCommander(cursor)),
                positions={k: tuple(v) for k, v in positions.items()} if positions else None)
    result = game.play()
    if cursor.at != len(cursor.decisions):
        raise ReplayMismatch(f"The replay used {cursor.at} of {len(cursor.decisions)} "
                             "decisions.")
    _compare(log["events"], result.log["events"])
    return result


def _compare(stored: list, replayed: list) -> None:
    for index, (a, b) in enumerate(zip(stored, replayed, strict=False)):
        if list(a) != list(b):
            raise ReplayMismatch(f"Event {index} differs: the log has {a}, the replay {b}.")
    if len(stored) != len(replayed):
        raise ReplayMismatch(f"The log has {len(stored)} events, the replay {len(replayed)}.")
