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
healing this model or friendly models in range. Abilities are played by name (the
registry in ``abilities.py``). Everything else is listed as not modelled.
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
from ..effects.coverage import Support, capability
from ..effects.parser import parse
from .abilities import Talents, TriggerEffect, apply_ability

__all__ = ["SIMULATOR_SUPPORT", "TACTICAL_PLAYS", "TRIGGER_PLAYS", "tactical_play",
           "trigger_effect", "trigger_play"]


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


#: Trigger effects the engine executes (``actions._trigger_effect`` and ``_damage``).
TRIGGER_PLAYS: Mapping[str, Callable[[Effect], TriggerEffect]] = MappingProxyType({
    capability("trigger", DealDamage(amount=1, bonus=True)):
        lambda e: TriggerEffect("damage", e.amount),
    capability("trigger", DealDamage(amount=1, bonus=True, per_suit="rams")):
        lambda e: TriggerEffect("critical", e.amount, e.per_suit),
    capability("trigger", GainCondition(name="slow")): _condition("slow"),
    capability("trigger", GainCondition(name="paralyzed")): _condition("paralyzed"),
    capability("trigger", GainCondition(name="paralyzed", qualifiers=_EMPTY_HAND)):
        _condition("paralyzed_if_empty_hand"),
    capability("trigger", GainCondition(name="poison", value=1)): _valued("poison"),
    capability("trigger", GainCondition(name="burning", value=1)): _valued("burning"),
    capability("trigger", DealDamage(amount=1, qualifiers=_NEXT)):
        lambda e: TriggerEffect("lingering", e.amount),
    capability("trigger", Prohibit(action="walk", until="next_activation")):
        _condition("pinned"),
    capability("trigger", Move(how="push", distance=1, direction="away")): _push_target,
    capability("trigger", Move(how="push", distance=1, up_to=True, scope=_SELF)): _push_self,
    capability("trigger", Move(how="push", distance=1, up_to=True, scope=_SELF,
                               qualifiers=_AFTER)): _push_self,
})

#: Tactical action effects the engine executes (``actions._tactical``).
TACTICAL_PLAYS: Mapping[str, Callable[[Effect], tuple[str, int]]] = MappingProxyType({
    capability("tactical", Heal(amount=1, scope=_SELF)): lambda e: ("heal_self", e.amount),
    capability("tactical", Heal(amount=1, scope=Scope(who="friendly", area="range"))):
        lambda e: ("heal_friends", e.amount),
})


def _plays_ability(name: str) -> bool:
    return apply_ability(Talents(), name) is not None


#: What the simulator plays, for coverage (the keys of the two tables above).
SIMULATOR_SUPPORT = Support(effects=frozenset(TRIGGER_PLAYS) | frozenset(TACTICAL_PLAYS),
                            ability=_plays_ability)


def trigger_play(reading: Reading) -> tuple[TriggerEffect, ...]:
    """The engine effects of a trigger's reading (those it plays, in order)."""
    return tuple(TRIGGER_PLAYS[key](e) for e in reading.effects
                 if (key := capability("trigger", e)) in TRIGGER_PLAYS)


def tactical_play(reading: Reading) -> tuple[str, int] | None:
    """The heal a tactical action's reading plays (the first one), or None."""
    for effect in reading.effects:
        key = capability("tactical", effect)
        if key in TACTICAL_PLAYS:
            return TACTICAL_PLAYS[key](effect)
    return None


def trigger_effect(name: str, text: str = "") -> TriggerEffect | None:
    """The first effect the simulator plays of a trigger's text, or None."""
    played = trigger_play(parse(text))
    return played[0] if played else None
