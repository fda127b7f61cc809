"""Which trigger the heuristic commander declares (simulator 1.6).

The greedy duel decisions declare the first trigger whose suits the total carries, even
one that helps the enemy ("Remove Poison from the target" on an enemy) or does nothing
here ("+1 damage if the target is Poisoned" on a model that is not). ``TriggerChoice``
keeps the greedy answers for everything else and, as the attacker, declares the
available trigger worth most to its crew, or none when none is worth anything; on a duel
it is losing, only a trigger that resolves on a failure (at once, after resolving, after
failing) counts, without its effects on the damage flip.
Worths are rough, in Wounds, as the commander's other estimates (``heuristic``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...duels import GreedyDecisions
from ..plays import DAMAGE_FLIP_KINDS, ON_FAILURE_TIMINGS, ON_SUCCESS_TIMINGS

if TYPE_CHECKING:
    from ..abilities import TriggerEffect
    from ..duel_context import DuelContext
    from ..state import Model
    from ..view import GameView

__all__ = ["TriggerChoice", "trigger_worth"]

#: Conditions that hurt the model that has them (worth to the other side), and those
#: that help it, per point of value (the heuristic's own scale).
_BANE = {"burning": 1.0, "poison": 1.0, "slow": 1.2, "paralyzed": 2.5, "injured": 0.8,
         "stunned": 0.6, "pinned": 0.5, "lingering": 1.0}
_BOON = {"shielded": 1.0, "defensive": 0.8, "focused": 0.6, "fast": 0.0}


def _condition_worth(name: str, value: float, source: Model, who: Model) -> float:
    sign = 1.0 if who.side == source.side else -1.0
    if name in _BANE:
        if name in ("slow", "paralyzed") and who.activated:
            return 0.0  # it ends with an Activation already taken
        return -sign * _BANE[name] * value
    return sign * _BOON.get(name, 0.0) * value


def trigger_worth(effect: TriggerEffect, source: Model, target: Model) -> float:
    """What one effect of a trigger of ``source``'s attack on ``target`` is worth."""
    kind = effect.kind
    value = float(effect.value or 1)
    enemy = target.side != source.side
    if kind == "damage":
        return value if not effect.name or effect.name in target.conditions else 0.0
    if kind == "critical":
        return 1.0
    if kind == "blast":
        return 0.6 * value
    if kind == "ignore_armor":
        return float(min(target.p.talents.armor, 3))
    if kind in ("slow", "paralyzed", "pinned", "poison", "burning", "lingering"):
        return _condition_worth(kind, value, source, target)
    if kind == "paralyzed_if_empty_hand":
        return 0.5
    if kind == "gain":
        if effect.rule == "no_triggers":
            return 0.4 if enemy else -0.4
        who = source if effect.who == "self" else target
        return _condition_worth(effect.name, value, source, who) if effect.who in (
            "self", "target") else 0.3
    if kind == "remove":
        who = source if effect.who == "self" else target
        if effect.who not in ("self", "target"):
            return 0.0
        sign = 1.0 if who.side == source.side else -1.0
        names = list(who.conditions) if effect.name == "any" else [effect.name]
        return sum(sign * (_BANE.get(n, 0.0) - _BOON.get(n, 0.0)) for n in names
                   if n in who.conditions)
    if kind == "heal":
        who = source if effect.who == "self" else target
        missing = who.p.wd - who.wounds
        return (min(missing, value) if missing > 0 else 0.0) * (1 if who.side == source.side
                                                                  else -1)
    if kind == "twist":
        who = source if effect.who == "self" else target
        good = (effect.value > 0) == (who.side == source.side)
        return 0.4 if good else -0.4
    if kind == "duel":
        worth = sum(trigger_worth(e, source, target) for e in effect.then)
        return 0.5 * worth  # about an even chance to fail
    if kind in ("place", "unbury"):
        # Next to the target: good for a model that fights in melee, bad for a shooter.
        return 0.3 if source.p.close_attacks else -0.3
    if kind == "place_marker":
        return 0.5 if effect.name == "scheme" else 0.2
    if kind in ("push_target", "push_self", "lure", "unmark", "draw", "discard"):
        return 0.3
    if kind == "no_cheat":
        return 0.05  # binds only the rest of the action (its duel's cheat is over)
    if kind == "sacrifice":
        return -10.0
    return 0.0


class TriggerChoice(GreedyDecisions):
    """Greedy duel decisions, but the attacker (or the model taking a tactical action)
    declares the trigger worth most (or none). ``aim`` (the acting model, its target or
    None, the action's name) is set by the commander before each attack or tactical duel
    (``aimed``); it holds models, never the game, so a finished
    game leaves no reference cycle through its commanders."""

    __slots__ = ("aim",)

    def __init__(self) -> None:
        self.aim: tuple[Model, Model, str] | None = None

    def aimed(self, view: GameView, context: DuelContext) -> TriggerChoice:
        state = view.game.state
        self.aim = (state.model(context.model), state.model(context.other), context.action)
        return self

    def declare_trigger(self, available, view):
        if not available:
            return None
        aim = self.aim
        if aim is None:
            return available[0]
        source, target, name = aim
        action = source.p.action(name) if source is not None else None
        if action is None:
            return available[0]
        aimless = target is None  # a tactical action without a target
        if aimless:
            target = source
        # The totals are final when triggers are declared: a losing attacker weighs only
        # what resolves on a failure, and no effect on the damage flip (there is none).
        won = view is None or view.is_winning()
        timings = ON_SUCCESS_TIMINGS if won else ON_FAILURE_TIMINGS
        best, best_worth = None, 0.0
        for trigger in available:
            profile = action.trigger_named(trigger.name)
            if profile is None:  # a talent's trigger (Critical Strike): worth it on a hit
                worth = 1.0 if won else 0.0
            elif profile.timing not in timings:
                continue
            else:
                worth = 0  # summed in order, as ``sum`` would
                for e in profile.effects:
                    if (won or e.kind not in DAMAGE_FLIP_KINDS) and not (
                            aimless and e.needs_target and e.kind != "push_self"):
                        worth += trigger_worth(e, source, target)
            if worth > best_worth:
                best, best_worth = trigger, worth
        return best
