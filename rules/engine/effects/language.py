"""The card effect language: what a card's action, trigger or ability does, as data.

Cards print their rules as text; the simulator can only play what it understands. Each
element of a card (an action, a trigger, an ability) therefore carries a ``Reading``
beside its text: the ``Effect`` values read from it, the modifiers that apply to the
whole element (``Qualifiers``), and the parts of the text nobody could read (``unread``),
which are always reported as not modelled.

Effects are frozen dataclasses (data, not code) with a JSON form: ``effect.to_dict()``
gives ``{"kind": "gain_condition", "name": "poison", "value": 1}`` (fields left at their
default are omitted) and ``effect_from_dict`` reads it back, refusing an unknown kind, an
unknown field or a wrong value with an ``EffectError`` naming the field
(``effects[1].on_failure[0].value``). The kinds are listed in ``EFFECT_KINDS``.

Who an effect applies to and where is its ``Scope``; "ignores Armor", "once per turn",
"only if ..." are its ``Qualifiers``. A condition the language cannot evaluate stays in
``Qualifiers.only_if`` as the printed words, so a conditional effect is never mistaken
for an unconditional one.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import MISSING, dataclass, field, fields
from typing import Any, ClassVar

from ..errors import RulesError

__all__ = [
    "CONDITIONS",
    "EFFECT_KINDS",
    "Bury",
    "Cards",
    "DealDamage",
    "Effect",
    "EffectError",
    "ForcedDuel",
    "GainCondition",
    "Heal",
    "Marker",
    "Move",
    "Prohibit",
    "Qualifiers",
    "Reading",
    "RemoveCondition",
    "Sacrifice",
    "Scope",
    "Summon",
    "Twist",
    "Unbury",
    "effect_from_dict",
    "effects_from_list",
]

#: Conditions the parser reads in card text (lower case). Structured effects may name
#: others (a Condition a card defines), as lower-case names.
CONDITIONS = frozenset({
    "adversary", "burning", "distracted", "fast", "focused", "defensive", "paralyzed",
    "poison", "slow", "staggered", "stunned", "shielded", "reactivate", "pinned",
    "lingering", "cursed_object", "blight", "injured", "glowy", "perforated", "brilliance",
    "entranced", "impact", "craving", "challenged", "hastened", "insight", "bolstered",
    "hunger", "analyzed",
})
SUITS = ("rams", "crows", "tomes", "masks")
STATS = ("ml", "sh", "ca", "df", "wp", "wk", "cg", "ht", "sp")


class EffectError(RulesError):
    """An effect's data is wrong; ``field`` names where (``effects[0].value``)."""

    def __init__(self, field_name: str, message: str) -> None:
        self.field = field_name
        self.message = message
        super().__init__(f"{field_name}: {message}")


# -- shared parts ---------------------------------------------------------------------


class _Data:
    """JSON form shared by every part of the language (fields at default are omitted)."""

    #: Allowed values of string fields (field name -> choices).
    CHOICES: ClassVar[Mapping[str, tuple[str, ...]]] = {}

    def __post_init__(self) -> None:
        _check(self, type(self).__name__)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        kind = getattr(type(self), "kind", None)
        if kind:
            out["kind"] = kind
        for f in fields(self):
            value = getattr(self, f.name)
            if _is_default(f, value):
                continue
            out[f.name] = _dump(value)
        return out

    @classmethod
    def from_dict(cls, data: Any, where: str = ""):
        """Read the JSON form back, refusing bad data with an ``EffectError`` that names
        the field. ``Effect.from_dict`` reads any kind; a subclass reads only its own."""
        where = where or _default_where(cls)
        if cls is Effect:
            return effect_from_dict(data, where)
        kind = getattr(cls, "kind", "")
        if kind:
            data = _mapping(data, where)
            if data.get("kind", kind) != kind:
                raise EffectError(f"{where}.kind", f"expected {kind!r}")
            data = {k: v for k, v in data.items() if k != "kind"}
        return _part(cls, data, where)


def _is_default(f, value) -> bool:
    if f.default is not MISSING:
        return value == f.default
    if f.default_factory is not MISSING:
        return value == f.default_factory()
    return False


def _dump(value: Any) -> Any:
    if isinstance(value, _Data):
        return value.to_dict()
    if isinstance(value, tuple):
        return [_dump(v) for v in value]
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def _check(obj: _Data, where: str) -> None:
    """Refuse a value outside a field's choices (dataclasses do not check types)."""
    for name, choices in type(obj).CHOICES.items():
        value = getattr(obj, name)
        if value not in choices:
            raise EffectError(name, f"{value!r} is not one of {list(choices)}")


@dataclass(frozen=True, kw_only=True)
class Scope(_Data):
    """Who an effect applies to and where.

    ``who``: "target" (the action's target), "self" (this model), "friendly", "enemy" or
    "any" (models in the area). ``area``: "" (the target or this model alone), "pulse"
    (a Pulse around this model), "aura" (an Aura around this model, lasting), "within"
    (models within ``distance`` inches), "range" (models in the action's range).
    """

    CHOICES: ClassVar = {"who": ("target", "self", "friendly", "enemy", "any"),
                         "area": ("", "pulse", "aura", "within", "range")}

    who: str = "target"
    area: str = ""
    distance: float = 0

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.distance < 0:
            raise EffectError("distance", "must be 0 or more")
        if self.area in ("pulse", "aura", "within") and not self.distance:
            raise EffectError("distance", f"a {self.area} needs a distance")


@dataclass(frozen=True, kw_only=True)
class Qualifiers(_Data):
    """The common modifiers of an effect or of a whole element.

    ``only_if``: the condition as printed ("the target is Poisoned"); any condition makes
    the effect conditional, and a player that cannot check it must not play it as if it
    always applied. ``once_per``: "", "turn", "activation" or "game". ``optional``: the
    card says "may". ``timing``: when it happens, if not at once ("after_resolving",
    "after_damaging", "after_succeeding", "after_failing", "when_declaring",
    "end_of_activation", "end_of_next_activation", "end_of_turn", "start_of_activation";
    for a defensive trigger "after_hit", "after_hit_ml", "after_hit_sh": after this model
    is hit by an attack, a Ml attack, a Sh attack).
    """

    CHOICES: ClassVar = {
        "once_per": ("", "turn", "activation", "game"),
        "timing": ("", "after_resolving", "after_damaging", "after_succeeding",
                   "after_failing", "when_declaring", "end_of_activation", "end_of_next_activation",
                   "end_of_turn", "start_of_activation", "after_hit", "after_hit_ml",
                   "after_hit_sh"),
    }

    ignores_armor: bool = False
    ignores_cover: bool = False
    ignores_los: bool = False
    once_per: str = ""
    only_if: str = ""
    optional: bool = False
    timing: str = ""

    @property
    def conditional(self) -> bool:
        return bool(self.only_if)


# -- effects --------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Effect(_Data):
    """One thing a card does. Every effect has a ``scope`` and ``qualifiers``."""

    kind: ClassVar[str] = ""

    scope: Scope = field(default_factory=Scope)
    qualifiers: Qualifiers = field(default_factory=Qualifiers)

    @property
    def conditional(self) -> bool:
        return self.qualifiers.conditional


@dataclass(frozen=True, kw_only=True)
class DealDamage(Effect):
    """Damage. ``amount`` damage outright, or (``bonus``) added to the action's damage
    flip ("+1 damage", "+1 Dg"); ``per_suit``: +``amount`` per such suit in the final duel
    total; ``blast``: Blast Markers (each touched model suffers one step less);
    ``track``: a damage track of its own ("2/3/4")."""

    kind: ClassVar[str] = "damage"
    CHOICES: ClassVar = {"per_suit": ("", *SUITS)}

    amount: int = 0
    bonus: bool = False
    per_suit: str = ""
    blast: int = 0
    track: str = ""

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.amount < 0 or self.blast < 0:
            raise EffectError("amount" if self.amount < 0 else "blast", "must be 0 or more")
        if not (self.amount or self.blast or self.track):
            raise EffectError("amount", "damage needs an amount, a track or a Blast")


@dataclass(frozen=True, kw_only=True)
class GainCondition(Effect):
    """Gain a Condition (``name`` lower case, ``value`` for "+1" Conditions, 0 for one
    without a value; ``rule`` for one the card defines). ``duration``: "" (as the
    Condition's own rule says), "end_of_turn", "end_of_activation",
    "end_of_next_activation", "rest_of_game"."""

    kind: ClassVar[str] = "gain_condition"
    CHOICES: ClassVar = {"duration": ("", "end_of_turn", "end_of_activation",
                                      "end_of_next_activation", "rest_of_game"),
                         "rule": ("", "no_triggers")}

    name: str
    value: int = 0
    duration: str = ""
    #: The rule of a Condition the card defines in place, when it is one the language
    #: names: "no_triggers" ("This model cannot declare Triggers."). "" for a Condition
    #: known by its name.
    rule: str = ""

    def __post_init__(self) -> None:
        super().__post_init__()
        _condition_name(self.name)
        if self.value < 0:
            raise EffectError("value", "must be 0 or more")


@dataclass(frozen=True, kw_only=True)
class RemoveCondition(Effect):
    """End a Condition (``value`` 0: all of it; otherwise lower it by ``value``).
    ``name`` "any" ends every Condition."""

    kind: ClassVar[str] = "remove_condition"

    name: str
    value: int = 0

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.name != "any":
            _condition_name(self.name)
        if self.value < 0:
            raise EffectError("value", "must be 0 or more")


_CONDITION_NAME = re.compile(r"[a-z][a-z_]{0,39}")


def _condition_name(name: str) -> None:
    """Any Condition a card defines may be named (lower case, ``_`` for spaces); the
    parser reads only the ``CONDITIONS`` it knows, so prose is never taken for one."""
    if not isinstance(name, str) or not _CONDITION_NAME.fullmatch(name):
        raise EffectError("name", f"{name!r} is not a Condition name (lower case letters "
                                  "and _, e.g. 'poison')")


@dataclass(frozen=True, kw_only=True)
class Move(Effect):
    """Push, place, Lure or move the model in ``scope.who``.

    ``how``: "push", "place", "lure" (toward the luring model, as a Walk), "move" (a
    normal move). ``distance`` inches (0 with ``direction`` "contact": into base contact);
    ``up_to``: any distance up to it. ``direction``: "away", "toward", "any", "contact".
    ``relative_to``: "self" (this model), "target", "marker", "point", "attacker" (the
    model attacking this one, in a defensive trigger).
    """

    kind: ClassVar[str] = "move"
    CHOICES: ClassVar = {"how": ("push", "place", "lure", "move"),
                         "direction": ("away", "toward", "any", "contact"),
                         "relative_to": ("self", "target", "marker", "point", "attacker")}

    how: str
    distance: float = 0
    up_to: bool = False
    direction: str = "any"
    relative_to: str = "self"

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.distance < 0:
            raise EffectError("distance", "must be 0 or more")
        if not self.distance and self.direction != "contact":
            raise EffectError("distance", "a move needs a distance (or direction 'contact')")


@dataclass(frozen=True, kw_only=True)
class Heal(Effect):
    """Heal ``amount`` damage."""

    kind: ClassVar[str] = "heal"

    amount: int

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.amount < 1:
            raise EffectError("amount", "must be 1 or more")


@dataclass(frozen=True, kw_only=True)
class Cards(Effect):
    """Control Hand effects. ``op``: "draw", "discard", "cannot_cheat" (may not cheat
    fate), "reveal". ``count`` cards; ``hand``: "own" (this model's controller) or
    "opponent" (the target's controller)."""

    kind: ClassVar[str] = "cards"
    CHOICES: ClassVar = {"op": ("draw", "discard", "cannot_cheat", "reveal"),
                         "hand": ("own", "opponent")}

    op: str
    count: int = 1
    hand: str = "own"

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.count < 0:
            raise EffectError("count", "must be 0 or more")


@dataclass(frozen=True, kw_only=True)
class Twist(Effect):
    """Twist the Fate Deck: ``sign`` +1 (a positive twist) or -1 (negative), ``count``
    times, on ``flip``: "duel" (the next duel), "damage" (a damage flip), "attack",
    "defense", or a stat's duels ("df", "wp", ...)."""

    kind: ClassVar[str] = "twist"
    CHOICES: ClassVar = {"flip": ("duel", "damage", "attack", "defense", *STATS)}

    sign: int
    count: int = 1
    flip: str = "duel"

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.sign not in (1, -1):
            raise EffectError("sign", "must be 1 or -1")
        if self.count < 1:
            raise EffectError("count", "must be 1 or more")


@dataclass(frozen=True, kw_only=True)
class Marker(Effect):
    """Place or remove Markers. ``op``: "place" or "remove"; ``marker``: "scheme",
    "corpse", "scrap" or "other" (then ``name`` says which); ``count`` (0: all of them,
    when removing); ``side``: whose Markers ("any", "friendly", "enemy"); ``distance``
    inches from the model in ``scope.who`` (0: in base contact)."""

    kind: ClassVar[str] = "marker"
    CHOICES: ClassVar = {"op": ("place", "remove"),
                         "marker": ("scheme", "corpse", "scrap", "other"),
                         "side": ("any", "friendly", "enemy")}

    op: str
    marker: str
    name: str = ""
    count: int = 1
    side: str = "any"
    distance: float = 0

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.marker == "other" and not self.name:
            raise EffectError("name", "an 'other' Marker needs a name")
        if self.count < 0 or (self.count == 0 and self.op == "place"):
            raise EffectError("count", "must be 1 or more (0, all, only when removing)")


@dataclass(frozen=True, kw_only=True)
class Summon(Effect):
    """Summon ``count`` of the model named ``model``."""

    kind: ClassVar[str] = "summon"

    model: str
    count: int = 1

    def __post_init__(self) -> None:
        super().__post_init__()
        if not self.model.strip():
            raise EffectError("model", "say which model is summoned")
        if self.count < 1:
            raise EffectError("count", "must be 1 or more")


@dataclass(frozen=True, kw_only=True)
class Sacrifice(Effect):
    """Sacrifice the model in ``scope.who`` (removed as killed, by its own crew)."""

    kind: ClassVar[str] = "sacrifice"


@dataclass(frozen=True, kw_only=True)
class Bury(Effect):
    """Bury the model in ``scope.who`` (removed from the table, not killed)."""

    kind: ClassVar[str] = "bury"


@dataclass(frozen=True, kw_only=True)
class Unbury(Effect):
    """Unbury the model in ``scope.who``, within ``distance`` inches of ``relative_to``
    (0: in base contact)."""

    kind: ClassVar[str] = "unbury"
    CHOICES: ClassVar = {"relative_to": ("self", "target", "marker", "point")}

    distance: float = 0
    relative_to: str = "self"


@dataclass(frozen=True, kw_only=True)
class Prohibit(Effect):
    """The model in ``scope.who`` may not take an ``action`` ("walk", "charge",
    "interact", "focus", "any") until ``until``."""

    kind: ClassVar[str] = "prohibit"
    CHOICES: ClassVar = {"action": ("walk", "charge", "interact", "focus", "any"),
                         "until": ("end_of_activation", "next_activation", "end_of_turn",
                                   "end_of_next_activation")}

    action: str
    until: str = "next_activation"


@dataclass(frozen=True, kw_only=True)
class ForcedDuel(Effect):
    """The model in ``scope.who`` must pass a TN ``tn`` duel on ``stat`` (``suits``
    required), or suffer ``on_failure``; ``on_success`` happens when it passes."""

    kind: ClassVar[str] = "duel"
    CHOICES: ClassVar = {"stat": STATS}

    stat: str
    tn: int
    suits: tuple[str, ...] = ()
    on_failure: tuple[Effect, ...] = ()
    on_success: tuple[Effect, ...] = ()

    def __post_init__(self) -> None:
        super().__post_init__()
        if not 1 <= self.tn <= 30:
            raise EffectError("tn", "must be 1 to 30")
        for suit in self.suits:
            if suit not in SUITS:
                raise EffectError("suits", f"{suit!r} is not one of {list(SUITS)}")
        for name in ("on_failure", "on_success"):
            for index, effect in enumerate(getattr(self, name)):
                if not isinstance(effect, Effect):
                    raise EffectError(f"{name}[{index}]", "must be an effect")


#: Every effect class by its ``kind``.
EFFECT_KINDS: Mapping[str, type[Effect]] = {
    cls.kind: cls for cls in (DealDamage, GainCondition, RemoveCondition, Move, Heal, Cards,
                              Twist, Marker, Summon, Sacrifice, Bury, Unbury, Prohibit,
                              ForcedDuel)
}


# -- one element's reading ------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Reading(_Data):
    """What was read of one element's text: its ``effects``, the ``qualifiers`` of the
    whole element ("Once per turn", "Ignores Armor"), and the sentences left ``unread``
    (not modelled, always reported)."""

    effects: tuple[Effect, ...] = ()
    qualifiers: Qualifiers = field(default_factory=Qualifiers)
    unread: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for index, effect in enumerate(self.effects):
            if not isinstance(effect, Effect):
                raise EffectError(f"effects[{index}]", "must be an effect")
        for index, text in enumerate(self.unread):
            if not isinstance(text, str) or not text.strip():
                raise EffectError(f"unread[{index}]", "must be non-empty text")

    @property
    def complete(self) -> bool:
        """Nothing left unread."""
        return not self.unread

    @classmethod
    def from_dict(cls, data: Any, where: str = "reading") -> Reading:
        data = _mapping(data, where)
        _no_unknown(data, {"effects", "qualifiers", "unread"}, where)
        unread = data.get("unread", [])
        if not isinstance(unread, list | tuple):
            raise EffectError(f"{where}.unread", "must be a list of texts")
        for index, text in enumerate(unread):
            if not isinstance(text, str) or not text.strip():
                raise EffectError(f"{where}.unread[{index}]", "must be non-empty text")
        return cls(
            effects=effects_from_list(data.get("effects", []), f"{where}.effects"),
            qualifiers=_part(Qualifiers, data.get("qualifiers", {}), f"{where}.qualifiers"),
            unread=tuple(unread),
        )


# -- reading JSON ---------------------------------------------------------------------


def _mapping(data: Any, where: str) -> Mapping:
    if not isinstance(data, Mapping):
        raise EffectError(where, "must be an object")
    return data


def _no_unknown(data: Mapping, known: set[str], where: str) -> None:
    for key in data:
        if key not in known:
            raise EffectError(f"{where}.{key}", f"unknown field (known: {sorted(known)})")


def _value(cls: type, name: str, annotation: str, raw: Any, where: str) -> Any:
    path = f"{where}.{name}"
    if annotation == "bool":
        if not isinstance(raw, bool):
            raise EffectError(path, "must be true or false")
        return raw
    if annotation == "int":
        if isinstance(raw, bool) or not isinstance(raw, int):
            raise EffectError(path, "must be a whole number")
        return raw
    if annotation == "float":
        if isinstance(raw, bool) or not isinstance(raw, int | float) or not math.isfinite(raw):
            raise EffectError(path, "must be a number")
        return float(raw)
    if annotation == "str":
        if not isinstance(raw, str):
            raise EffectError(path, "must be text")
        return raw
    if annotation == "tuple[str, ...]":
        if not isinstance(raw, list | tuple) or not all(isinstance(v, str) for v in raw):
            raise EffectError(path, "must be a list of texts")
        return tuple(raw)
    if annotation == "tuple[Effect, ...]":
        return effects_from_list(raw, path)
    if annotation == "Scope":
        return _part(Scope, raw, path)
    if annotation == "Qualifiers":
        return _part(Qualifiers, raw, path)
    raise EffectError(path, f"cannot read a {annotation}")  # pragma: no cover


def _part(cls: type, data: Any, where: str) -> Any:
    data = _mapping(data, where)
    known = {f.name for f in fields(cls)}
    _no_unknown(data, known, where)
    values = {}
    for f in fields(cls):
        if f.name in data:
            values[f.name] = _value(cls, f.name, str(f.type), data[f.name], where)
        elif f.default is MISSING and f.default_factory is MISSING:
            raise EffectError(f"{where}.{f.name}", "is required")
    try:
        return cls(**values)
    except EffectError as exc:
        raise EffectError(f"{where}.{exc.field}", exc.message) from None


def effect_from_dict(data: Any, where: str = "effect") -> Effect:
    """Read one effect from its JSON form, naming the bad field on error."""
    data = _mapping(data, where)
    kind = data.get("kind")
    cls = EFFECT_KINDS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise EffectError(f"{where}.kind", f"{kind!r} is not an effect kind (use one of "
                                           f"{sorted(EFFECT_KINDS)})")
    body = {k: v for k, v in data.items() if k != "kind"}
    return _part(cls, body, where)


def effects_from_list(data: Any, where: str = "effects") -> tuple[Effect, ...]:
    """Read a list of effects (``where`` names the list in error messages)."""
    if not isinstance(data, Sequence) or isinstance(data, str | bytes):
        raise EffectError(where, "must be a list of effects")
    return tuple(effect_from_dict(item, f"{where}[{index}]") for index, item in enumerate(data))


def _default_where(cls: type) -> str:
    return {"Scope": "scope", "Qualifiers": "qualifiers", "Reading": "reading"}.get(
        cls.__name__, "effect")
