"""How each commander answer is written in the decision log and read back for a replay.

Tags name the question (``Commander`` method or duel decision); each has an encoder to a
JSON value and a decoder back to what the engine expects.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..cards import Card, Suit
from ..duels import SoulstoneUse
from .commands import command_from_json


def _point(p: Any) -> list | None:
    return None if p is None else [round(float(p[0]), 1), round(float(p[1]), 1)]


def _to_point(v: Any):
    return None if v is None else (float(v[0]), float(v[1]))


def _code(card: Card | None) -> str | None:
    return None if card is None else card.code


def _card(code: str | None) -> Card | None:
    return None if code is None else Card.parse(code)


def _stone(use: SoulstoneUse | None) -> list | None:
    if use is None or not use.stones:
        return None
    return [int(use.twist), use.suit.value if use.suit else None]


def _to_stone(v: Any) -> SoulstoneUse | None:
    if v is None:
        return None
    return SoulstoneUse(bool(v[0]), Suit.parse(v[1]) if v[1] else None)


_IDENTITY = (lambda v: v, lambda v: v)
_BOOL = (lambda v: int(bool(v)), lambda v: bool(v))

CODECS: dict[str, tuple[Callable[[Any], Any], Callable[[Any], Any]]] = {
    "schemes": (lambda v: list(v), lambda v: tuple(v)),
    "note": _IDENTITY,
    "reveal": _BOOL,
    "first": _BOOL,
    "zone": (int, int),
    "deploy": (lambda v: {k: _point(p) for k, p in v.items()},
               lambda v: {k: _to_point(p) for k, p in v.items()}),
    "arrive": (_point, _to_point),
    "discard": (lambda v: [c.code for c in v], lambda v: tuple(Card.parse(c) for c in v)),
    "buy": _BOOL,
    "reflip": _BOOL,
    "gofirst": _BOOL,
    "activate": _IDENTITY,
    "cmd": (lambda v: v.to_json(), command_from_json),
    "ss": (_stone, _to_stone),
    "ch": (_code, _card),
    "rj": (lambda v: Suit.parse(v).value, Suit.parse),
    "ct": (_code, _card),
    "tr": (lambda v: None if v is None else v.name, lambda v: v),
    "dch": (_code, _card),
    "dct": (_code, _card),
    "prevent": _BOOL,
    "strike": _IDENTITY,
    "rand": _IDENTITY,
    "pushself": (_point, _to_point),
    "blast": (lambda v: [_point(p) for p in v], lambda v: tuple(_to_point(p) for p in v)),
    "eot": _IDENTITY,
    "order": _IDENTITY,
    "scout": (lambda v: None if v is None else v.to_json(),
              lambda v: None if v is None else command_from_json(v)),
}


#: Tag -> its encoder (``Game.ask`` writes every answer through it: one lookup, no call
#: of ``encode`` in between).
ENCODERS: dict[str, Callable[[Any], Any]] = {tag: pair[0] for tag, pair in CODECS.items()}


def encode(tag: str, answer: Any) -> Any:
    return CODECS[tag][0](answer)


def decode(tag: str, value: Any) -> Any:
    return CODECS[tag][1](value)
