"""What the simulator plays of card effects, as one table it both plays from and reports.

``TRIGGER_PLAYS`` and ``TACTICAL_PLAYS`` map capability keys
(``rules.engine.effects.coverage.capability``) to what the engine executes
(``TriggerEffect`` for triggers, the heal of a tactical action). The simulator plays an
effect only through these tables, and ``SIMULATOR_SUPPORT`` is built from the same
keys, so the coverage it reports is exactly what it executes: nothing more is claimed.

Played today: on a trigger of an attack, extra damage ("+1 damage", "Deal 1 extra
damage"), +1 damage per suit in the final total, Slow, Paralyzed, Poison +N, Burning +N
on the target, Paralyzed if the target's hand is empty, damage at the end of the
target's next Activation, no Walk until its next Activation, a push of the target
directly away from this model, this model pushing up to N"; on a tactical action,
healing this model or friendly models in range. A trigger or tactical action is played
only whole: one with anything else in it is not played at all. Abilities are played by
name (the registry in ``abilities.py``). Everything else is listed as not modelled.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

from ..effects import (
    DealDamage,
    Effect,
    GainCondition,
    Heal,
    Move,
    Prohibit,
    Qualifiers,
    Reading,
    Scope,
)
from ..effects.coverage import Support, capability, describe
from ..effects.parser import parse
from .abilities import Talents, TriggerEffect, apply_ability

__all__ = ["SIMULATOR_SUPPORT", "TACTICAL_PLAYS", "TRIGGER_PLAYS", "tactical_play",
           "trigger_effect", "trigger_play", "what_it_plays"]


def _condition(kind: str) -> Callable[[Effect], TriggerEffect]:
    return lambda e: TriggerEffect(kind)


def _valued(kind: str) -> Callable[[Effect], TriggerEffect]:
    return lambda e: TriggerEffect(kind, e.value)


_EMPTY_HAND = Qualifiers(only_if="it has no cards in its owner's hand")
_AFTER = Qualifiers(timing="after_resolving")
_NEXT = Qualifiers(timing="end_of_next_activation")
_SELF = Scope(who="self")


def _push_self(effect: Move) -> TriggerEffect:
    return TriggerEffect("push_self", effect.distance)


def _push_target(effect: Move) -> TriggerEffect:
    return TriggerEffect("push_target", effect.distance)


#: What a trigger of an attack plays: an example of each effect, and what the engine
#: executes for it (``actions._trigger_effect`` and ``_damage``).
_TRIGGERS: tuple[tuple[Effect, Callable[[Effect], TriggerEffect]], ...] = (
    (DealDamage(amount=1, bonus=True), lambda e: TriggerEffect("damage", e.amount)),
    (DealDamage(amount=1, bonus=True, per_suit="rams"),
     lambda e: TriggerEffect("critical", e.amount, e.per_suit)),
    (GainCondition(name="slow"), _condition("slow")),
    (GainCondition(name="paralyzed"), _condition("paralyzed")),
    (GainCondition(name="paralyzed", qualifiers=_EMPTY_HAND),
     _condition("paralyzed_if_empty_hand")),
    (GainCondition(name="poison", value=1), _valued("poison")),
    (GainCondition(name="burning", value=1), _valued("burning")),
    (DealDamage(amount=1, qualifiers=_NEXT), lambda e: TriggerEffect("lingering", e.amount)),
    (Prohibit(action="walk", until="next_activation"), _condition("pinned")),
    (Move(how="push", distance=2, direction="away"), _push_target),
    (Move(how="push", distance=2, up_to=True, scope=_SELF), _push_self),
    (Move(how="push", distance=2, up_to=True, scope=_SELF, qualifiers=_AFTER), _push_self),
)
#: What a tactical action plays (``actions._tactical``).
_TACTICALS: tuple[tuple[Effect, Callable[[Effect], tuple[str, int]]], ...] = (
    (Heal(amount=1, scope=_SELF), lambda e: ("heal_self", e.amount)),
    (Heal(amount=1, scope=Scope(who="friendly", area="range")),
     lambda e: ("heal_friends", e.amount)),
)

TRIGGER_PLAYS: Mapping[str, Callable[[Effect], TriggerEffect]] = MappingProxyType(
    {capability("trigger", example): build for example, build in _TRIGGERS})
TACTICAL_PLAYS: Mapping[str, Callable[[Effect], tuple[str, int]]] = MappingProxyType(
    {capability("tactical", example): build for example, build in _TACTICALS})


def what_it_plays() -> list[dict[str, str]]:
    """Every effect the simulator plays, as role, capability key and an example in words
    (for the catalogue's coverage page)."""
    return [{"role": role, "key": capability(role, example), "example": describe(example)}
            for role, table in (("trigger", _TRIGGERS), ("tactical", _TACTICALS))
            for example, _ in table]


def _plays_ability(name: str) -> bool:
    return apply_ability(Talents(), name) is not None


#: What the simulator plays, for coverage (the keys of the two tables above).
#: Triggers and tactical actions are played whole or not at all.
SIMULATOR_SUPPORT = Support(effects=frozenset(TRIGGER_PLAYS) | frozenset(TACTICAL_PLAYS),
                            ability=_plays_ability,
                            whole_only=frozenset({"trigger", "tactical"}))


def _whole(reading: Reading, role: str, table: Mapping) -> bool:
    return (bool(reading.effects) and reading.complete
            and reading.qualifiers == Qualifiers()
            and all(capability(role, e) in table for e in reading.effects))


def trigger_play(reading: Reading) -> tuple[TriggerEffect, ...]:
    """The engine effects of a trigger's reading, when the simulator plays all of it
    (otherwise none: the trigger is not declared)."""
    if not _whole(reading, "trigger", TRIGGER_PLAYS):
        return ()
    return tuple(TRIGGER_PLAYS[capability("trigger", e)](e) for e in reading.effects)


def tactical_play(reading: Reading) -> tuple[str, int] | None:
    """The heal of a tactical action's reading when that heal is all of it, or None."""
    if len(reading.effects) != 1 or not _whole(reading, "tactical", TACTICAL_PLAYS):
        return None
    effect = reading.effects[0]
    return TACTICAL_PLAYS[capability("tactical", effect)](effect)


def trigger_effect(name: str, text: str = "") -> TriggerEffect | None:
    """The first effect the simulator plays of a trigger's text, or None."""
    played = trigger_play(parse(text))
    return played[0] if played else None
