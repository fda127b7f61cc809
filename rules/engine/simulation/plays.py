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
name or whole text (the registry in ``abilities.py``), as defensive triggers, or, with no
stated moment, at the start of each of the model's Activations (``ACTIVATION_PLAYS``).
Everything else is listed as not modelled.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from types import MappingProxyType

from ..effects import (
    Bury,
    Cards,
    DealDamage,
    Effect,
    ForcedDuel,
    GainCondition,
    Heal,
    Marker,
    Move,
    Prohibit,
    Qualifiers,
    Reading,
    RemoveCondition,
    Sacrifice,
    Scope,
    Summon,
    Twist,
    Unbury,
)
from ..effects.coverage import Support, capability, describe
from ..effects.parser import parse
from .abilities import Talents, TriggerEffect, apply_ability, plays_ability_text

__all__ = ["ACTIVATION_PLAYS", "ATTACK_PLAYS", "AT_ONCE_TIMINGS", "DAMAGE_FLIP_KINDS",
           "DEFENSIVE_PLAYS", "DUEL_PLAYS", "ON_FAILURE_TIMINGS", "ON_SUCCESS_TIMINGS",
           "SIMULATOR_SUPPORT", "TACTICAL_PLAYS", "TRIGGER_PLAYS", "activation_play",
           "attack_play", "defensive_play", "tactical_play",
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
#: The Conditions the engine gives a meaning to (``engine.py``): the manual's own (Burning,
#: Poison, Slow, Fast, Paralyzed, Focused, Defensive) and the common card Conditions the
#: simulator defines (Shielded, Injured, Stunned: docs/rules-decisions.md). Valued ones
#: are written with "+N" on cards.
PLAYED_CONDITIONS: Mapping[str, bool] = MappingProxyType({
    "burning": True, "poison": True, "slow": False, "fast": False, "paralyzed": False,
    "focused": True, "defensive": True, "shielded": True, "injured": True, "stunned": False,
})
#: Whom a general effect may apply to, as (who, area): the target, this model, or the
#: friendly/enemy/all models of a Pulse, within a distance, or in the action's range.
_WHOM = (("target", ""), ("self", ""),
         *((who, area) for who in ("friendly", "enemy", "any")
           for area in ("pulse", "within", "range")))


def _scope(who: str, area: str) -> Scope:
    return Scope(who=who, area=area, distance=1 if area in ("pulse", "within") else 0)


def _general(kind: str) -> Callable[[Effect], TriggerEffect]:
    def build(e: Effect) -> TriggerEffect:
        value = getattr(e, "value", 0) or getattr(e, "amount", 0) or getattr(e, "count", 0)
        if kind == "lure":
            value = e.distance
        return TriggerEffect(kind, value, name=getattr(e, "name", ""), who=e.scope.who,
                             area=e.scope.area, distance=e.scope.distance)
    return build


def _general_plays() -> tuple[tuple[Effect, Callable[[Effect], TriggerEffect]], ...]:
    """Gaining and ending each played Condition, healing, for every whom in ``_WHOM``."""
    out: list[tuple[Effect, Callable[[Effect], TriggerEffect]]] = []
    for who, area in _WHOM:
        scope = _scope(who, area)
        for name, valued in PLAYED_CONDITIONS.items():
            out.append((GainCondition(name=name, value=1 if valued else 0, scope=scope),
                        _general("gain")))
            out.append((RemoveCondition(name=name, scope=scope), _general("remove")))
        out.append((RemoveCondition(name="any", scope=scope), _general("remove")))
        if who != "enemy":
            out.append((Heal(amount=1, scope=scope), _general("heal")))
    return tuple(out)


_GENERAL = _general_plays()

#: "+1 damage if the target is <state>": the states the engine checks, as the Condition.
_TARGET_STATES = {"poisoned": "poison", "burning": "burning", "paralyzed": "paralyzed",
                  "slowed": "slow", "slow": "slow", "stunned": "stunned",
                  "injured": "injured", "shielded": "shielded"}


def _if_target(state: str) -> Qualifiers:
    return Qualifiers(only_if=f"the target is {state}")


def _duel(e: ForcedDuel) -> TriggerEffect:
    return TriggerEffect("duel", e.tn, suit=" ".join(e.suits), name=e.stat,
                         then=tuple(DUEL_PLAYS[capability("duel", x)](x) for x in e.on_failure),
                         otherwise=tuple(DUEL_PLAYS[capability("duel", x)](x)
                                         for x in e.on_success))


#: What a forced duel's failure (or success) plays: a played Condition on the model that
#: takes the duel (``actions._forced_duel``).
_DUEL_OUTCOMES: tuple[tuple[Effect, Callable[[Effect], TriggerEffect]], ...] = tuple(
    (GainCondition(name=name, value=1 if valued else 0), _general("gain"))
    for name, valued in PLAYED_CONDITIONS.items())
DUEL_PLAYS: Mapping[str, Callable[[Effect], TriggerEffect]] = MappingProxyType(
    {capability("duel", example): build for example, build in _DUEL_OUTCOMES})

#: Simulator 1.6: what else a trigger of an attack plays (``actions``): +N Blast, a
#: damage bonus only when the target has a Condition, a twist on the next duel of the
#: target or of this model, the target's controller barred from cheating, a forced duel
#: with played outcomes, this model placed (or "unburied" while in play) in base contact
#: with the target, a Scheme Marker placed by this model, a Condition the card defines.
_TRIGGERS_16: tuple[tuple[Effect, Callable[[Effect], TriggerEffect]], ...] = (
    (DealDamage(blast=1, bonus=True), lambda e: TriggerEffect("blast", e.blast)),
    *((DealDamage(amount=1, bonus=True, qualifiers=_if_target(state)),
       lambda e, name=name: TriggerEffect("damage", e.amount, name=name))
      for state, name in _TARGET_STATES.items()),
    *((Twist(sign=sign, scope=Scope(who=who)),
       lambda e: TriggerEffect("twist", e.sign * e.count, who=e.scope.who))
      for sign in (1, -1) for who in ("target", "self")),
    (Cards(op="cannot_cheat", count=0, hand="opponent"),
     lambda e: TriggerEffect("no_cheat", who="target")),
    *((ForcedDuel(stat=stat, tn=10), _duel) for stat in ("df", "wp", "wk", "cg", "ht")),
    (Move(how="place", direction="contact", relative_to="target", scope=_SELF),
     lambda e: TriggerEffect("place", who="self", name="target")),
    (Unbury(relative_to="target", scope=_SELF),
     lambda e: TriggerEffect("unbury", who="self", name="target", distance=e.distance)),
    (Marker(op="place", marker="scheme", scope=_SELF),
     lambda e: TriggerEffect("place_marker", e.count, name="scheme", who="self")),
    (GainCondition(name="defined", rule="no_triggers"),
     lambda e: TriggerEffect("gain", 1, name=e.name, rule=e.rule)),
)


def _marker_kind(e: Marker) -> str:
    return e.marker if e.marker != "other" else "_".join(e.name.lower().split())


#: What adds models or Markers to the table or takes them off it (``table_effects``):
#: a Summon, this model or the target sacrificed or buried, the model this one buried
#: unburied near it, Corpse, Scrap and named Markers placed by or removed near this
#: model or the target.
_TABLE: tuple[tuple[Effect, Callable[[Effect], TriggerEffect]], ...] = (
    (Summon(model="Model"),
     lambda e: TriggerEffect("summon", e.count, name=e.model, who="self")),
    *((cls(scope=scope), lambda e, kind=cls.kind: TriggerEffect(kind, who=e.scope.who))
      for cls in (Sacrifice, Bury) for scope in (_SELF, Scope())),
    (Unbury(),
     lambda e: TriggerEffect("unbury", distance=e.distance, who="buried", name=e.relative_to)),
    *((Marker(op="place", marker=kind, name="Other" if kind == "other" else "", scope=scope),
       lambda e: TriggerEffect("place_marker", e.count, name=_marker_kind(e),
                               who=e.scope.who))
      for kind in ("corpse", "scrap", "other") for scope in (_SELF, Scope())),
    *((Marker(op="remove", marker=kind, name="Other" if kind == "other" else "",
              scope=scope),
       lambda e: TriggerEffect("take_marker", e.count, name=_marker_kind(e),
                               who=e.scope.who, distance=e.distance, side=e.side))
      for kind in ("corpse", "scrap", "other") for scope in (_SELF, Scope())),
)
_OWN_CARDS = (
    (Cards(op="draw"), _general("draw")),
    (Cards(op="draw", scope=_SELF), _general("draw")),
    (Cards(op="discard", hand="opponent"), _general("discard")),
)
#: What a trigger plays beyond the examples above.
_TRIGGERS_MORE: tuple[tuple[Effect, Callable[[Effect], TriggerEffect]], ...] = (
    *(pair for pair in _GENERAL
      if capability("trigger", pair[0]) not in {capability("trigger", e) for e, _ in _TRIGGERS}),
    (Move(how="push", distance=2, up_to=True, direction="away"), _push_target),
    (Move(how="lure", distance=2, up_to=True, direction="toward"), _general("lure")),
    (Move(how="lure", distance=2, direction="toward"), _general("lure")),
    *_OWN_CARDS,
    *_TABLE,
    (Marker(op="remove", marker="scheme", scope=_SELF),
     lambda e: TriggerEffect("unmark", e.count or 99, distance=e.distance)),
    *_TRIGGERS_16,
)
#: What a tactical action plays (``actions._tactical``): the same general effects, on
#: this model or the models of its Pulse or range.
_TACTICALS: tuple[tuple[Effect, Callable[[Effect], TriggerEffect]], ...] = (
    *_GENERAL,
    *_OWN_CARDS[:2],
    *_TABLE,
    (Unbury(relative_to="target", scope=_SELF),
     lambda e: TriggerEffect("unbury", who="self", name="target", distance=e.distance)),
)
#: What an attack's own text plays when the attack succeeds (``actions.resolve_attack``):
#: the general effects (a Condition gained or ended, a heal); on a Pulse or Aura attack
#: "<who> models in range" are the models it hit (docs/rules-decisions.md).
_ATTACKS: tuple[tuple[Effect, Callable[[Effect], TriggerEffect]], ...] = _GENERAL
_TRIGGER_TABLE = (*_TRIGGERS, *_TRIGGERS_MORE)
_ENEMY = Scope(who="enemy")


def _on_attacker(e: Effect) -> TriggerEffect:
    return replace(_general("gain")(e), who="target")


#: What a defensive trigger plays (``actions._defensive``): a Condition on the attacker
#: ("the attacker gains Burning +1"), a Condition on this model, a heal of this model,
#: this model pushed (up to) N" directly away from the attacker.
_DEFENSIVE: tuple[tuple[Effect, Callable[[Effect], TriggerEffect]], ...] = (
    *((GainCondition(name=name, value=1 if valued else 0, scope=_ENEMY), _on_attacker)
      for name, valued in PLAYED_CONDITIONS.items()),
    *((GainCondition(name=name, value=1 if valued else 0, scope=_SELF), _general("gain"))
      for name, valued in PLAYED_CONDITIONS.items()),
    (Heal(amount=1, scope=_SELF), _general("heal")),
    *((Move(how="push", distance=2, up_to=up_to, direction="away", relative_to="attacker",
            scope=_SELF), lambda e: TriggerEffect("push_away", e.distance, who="self"))
      for up_to in (True, False)),
)
DEFENSIVE_PLAYS: Mapping[str, Callable[[Effect], TriggerEffect]] = MappingProxyType(
    {capability("trigger", example): build for example, build in _DEFENSIVE})
#: When a defensive trigger may resolve: at once, after the attack resolved, after it
#: damaged this model, after this model succeeded (the attack failed), after this model
#: was hit (by any attack, a Ml attack, a Sh attack).
DEFENSIVE_TIMINGS = frozenset({"", "after_resolving", "after_damaging", "after_succeeding",
                               "after_failing", "after_hit", "after_hit_ml", "after_hit_sh"})

#: A declared trigger's effects resolve by its timing and the duel's outcome (OPPOSED
#: DUELS and SIMPLE DUELS, step 4): at once ("" or "immediately", "when_declaring") and
#: "after resolving" whoever wins; "after succeeding" and "after damaging" only when the
#: model with the trigger wins, "after failing" only when it loses. Of the attacker's
#: trigger, "after damaging" also needs the damage dealt (``actions.resolve_attack``).
ON_SUCCESS_TIMINGS = frozenset({"", "immediately", "when_declaring", "after_resolving",
                                "after_succeeding", "after_damaging"})
ON_FAILURE_TIMINGS = frozenset({"", "immediately", "when_declaring", "after_resolving",
                                "after_failing"})
#: The timings that resolve when the trigger is declared, before the duel's result.
AT_ONCE_TIMINGS = frozenset({"", "immediately", "when_declaring"})
#: Effects that change an attack's damage flip: nothing without a damage flip (an attack
#: that failed, or a trigger of a duel that deals no damage).
DAMAGE_FLIP_KINDS = frozenset({"damage", "critical", "blast", "ignore_armor"})

#: What an ability with no stated moment plays, at the start of each of this model's
#: Activations (``engine.start_activation``; docs/rules-decisions.md): a played Condition
#: gained or ended by this model ("This model gains Fast", "End all Conditions on this
#: model"), a Condition given to the friendly, enemy or all models within N" ("Enemy
#: models within 3\" gain Burning +1", as an Aura renewed each Activation), and a heal of
#: this model, also "Once per turn" (a model activates once a Turn).
_WITHIN = tuple(Scope(who=who, area="within", distance=1) for who in ("friendly", "enemy", "any"))
_ONCE_A_TURN = Qualifiers(once_per="turn")
_ACTIVATION: tuple[tuple[Effect, Callable[[Effect], TriggerEffect]], ...] = (
    *((GainCondition(name=name, value=1 if valued else 0, scope=scope), _general("gain"))
      for name, valued in PLAYED_CONDITIONS.items() for scope in (_SELF, *_WITHIN)),
    *((RemoveCondition(name=name, scope=_SELF), _general("remove"))
      for name in (*PLAYED_CONDITIONS, "any")),
    (Heal(amount=1, scope=_SELF), _general("heal")),
    (Heal(amount=1, scope=_SELF, qualifiers=_ONCE_A_TURN), _general("heal")),
)
ACTIVATION_PLAYS: Mapping[str, Callable[[Effect], TriggerEffect]] = MappingProxyType(
    {capability("ability", example): build for example, build in _ACTIVATION})
TRIGGER_PLAYS: Mapping[str, Callable[[Effect], TriggerEffect]] = MappingProxyType(
    {capability("trigger", example): build for example, build in _TRIGGER_TABLE})
TACTICAL_PLAYS: Mapping[str, Callable[[Effect], TriggerEffect]] = MappingProxyType(
    {capability("tactical", example): build for example, build in _TACTICALS})
ATTACK_PLAYS: Mapping[str, Callable[[Effect], TriggerEffect]] = MappingProxyType(
    {capability("attack", example): build for example, build in _ATTACKS})
#: Element qualifiers a trigger may carry alone, and what the engine plays for each.
_TRIGGER_RULES = {Qualifiers(ignores_armor=True): TriggerEffect("ignore_armor")}


def what_it_plays() -> list[dict[str, str]]:
    """Every effect the simulator plays, as role, capability key and an example in words
    (for the catalogue's coverage page)."""
    return [{"role": role, "key": capability(role, example), "example": describe(example)}
            for role, table in (("trigger", _TRIGGER_TABLE), ("tactical", _TACTICALS),
                                ("defensive trigger", _DEFENSIVE), ("ability", _ACTIVATION),
                                ("attack", _ATTACKS), ("duel", _DUEL_OUTCOMES))
            for example, _ in table]


def _plays_ability(name: str) -> bool:
    return apply_ability(Talents(), name) is not None


#: What the simulator plays, for coverage (the keys of the two tables above).
#: Triggers and tactical actions are played whole or not at all.
SIMULATOR_SUPPORT = Support(effects=frozenset(TRIGGER_PLAYS) | frozenset(TACTICAL_PLAYS)
                            | frozenset(ATTACK_PLAYS) | frozenset(DUEL_PLAYS)
                            | {"trigger:ignores_armor"},
                            ability=_plays_ability, ability_text=plays_ability_text,
                            whole_only=frozenset({"trigger", "tactical"}))


def _whole(reading: Reading, role: str, table: Mapping) -> bool:
    return (bool(reading.effects) and reading.complete
            and reading.qualifiers == Qualifiers()
            and all(capability(role, e) in table for e in reading.effects))


def trigger_play(reading: Reading) -> tuple[TriggerEffect, ...]:
    """The engine effects of a trigger's reading, when the simulator plays all of it
    (otherwise none: the trigger is not declared). A trigger that is only an element
    rule ("This attack ignores Armor.") plays that rule."""
    if (not reading.effects and reading.complete
            and reading.qualifiers in _TRIGGER_RULES):
        return (_TRIGGER_RULES[reading.qualifiers],)
    if not _whole(reading, "trigger", TRIGGER_PLAYS):
        return ()
    for effect in reading.effects:
        if isinstance(effect, ForcedDuel) and not all(
                capability("duel", x) in DUEL_PLAYS
                for x in (*effect.on_failure, *effect.on_success)):
            return ()
    return tuple(TRIGGER_PLAYS[capability("trigger", e)](e) for e in reading.effects)


def attack_play(reading: Reading) -> tuple[TriggerEffect, ...]:
    """The engine effects of an attack's own text that the simulator plays (attacks are
    played in part: the rest is listed)."""
    return tuple(ATTACK_PLAYS[capability("attack", e)](e) for e in reading.effects
                 if capability("attack", e) in ATTACK_PLAYS)


def tactical_play(reading: Reading) -> tuple[TriggerEffect, ...] | None:
    """The effects of a tactical action's reading when the simulator plays all of it,
    or None."""
    if not _whole(reading, "tactical", TACTICAL_PLAYS):
        return None
    return tuple(TACTICAL_PLAYS[capability("tactical", e)](e) for e in reading.effects)


def defensive_play(reading: Reading) -> tuple[TriggerEffect, ...]:
    """The engine effects of a defensive trigger's reading when the simulator plays all
    of it (its timing one of ``DEFENSIVE_TIMINGS``), otherwise none."""
    q = reading.qualifiers
    if not (reading.effects and reading.complete and q.timing in DEFENSIVE_TIMINGS
            and replace(q, timing="") == Qualifiers()
            and all(capability("trigger", e) in DEFENSIVE_PLAYS for e in reading.effects)):
        return ()
    return tuple(DEFENSIVE_PLAYS[capability("trigger", e)](e) for e in reading.effects)


def activation_play(reading: Reading) -> tuple[TriggerEffect, ...]:
    """The engine effects of an ability with no stated moment, played at the start of
    each of this model's Activations, when the simulator plays all of it (a "may" heal
    is always taken), otherwise none."""
    if not _whole(reading, "ability", ACTIVATION_PLAYS):
        return ()
    for effect in reading.effects:
        if effect.qualifiers.optional and not isinstance(effect, Heal):
            return ()  # whether to take a "may" other than a heal is not decided
    return tuple(ACTIVATION_PLAYS[capability("ability", e)](e) for e in reading.effects)


def trigger_effect(name: str, text: str = "") -> TriggerEffect | None:
    """The first effect the simulator plays of a trigger's text, or None."""
    played = trigger_play(parse(text))
    return played[0] if played else None
