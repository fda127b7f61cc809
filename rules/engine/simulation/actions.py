"""Actions: what each command costs, when it is allowed, and how it resolves.

``check`` returns why a command is not allowed now ("" when it is) without changing
anything; ``execute`` performs a checked command. The rules followed are the rulebook's
ACTIONS, MOVEMENT and ENGAGEMENTS sections: Walk (disengaging strikes when leaving an
engagement), Charge, attacks from the card (Close, Projectile with cover and randomized
shots into engagements, spells), tactical actions, Interact (Scheme and Strategy Markers,
Scheme Interacts), Focus and Defensive Stance.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING

from ..damage import Severity, apply_armor, blast_damage
from ..duels import Duelist, OpposedDuelResult, Trigger, opposed_duel, resolve_damage
from . import table_effects
from .abilities import TriggerEffect
from .commands import (
    Attack,
    Charge,
    Command,
    DefensiveStance,
    Focus,
    Interact,
    Tactical,
    Walk,
)
from .crews import ActionProfile
from .duel_context import DuelContext
from .errors import IllegalCommand
from .geometry import CONTACT, MARKER_RADIUS, base_radius, on_table, snap
from .log import duel_text, flip_text
from .plays import AT_ONCE_TIMINGS, ON_FAILURE_TIMINGS, ON_SUCCESS_TIMINGS
from .table_effects import TABLE_KINDS

if TYPE_CHECKING:
    from .running_game import RunningGame as Game
    from .state import Model

__all__ = ["can_act", "check", "execute", "resolve_attack"]

RESIST_STATS = ("df", "wp", "wk", "cg", "ht")
BLAST_RADIUS = base_radius(50)
SCHEME_MARKER_SPACING = 4.0
INTERACT_AP = {"stake": 2, "deliver": 2, "shake_distracted": 2}
_CRITICAL = {"ml": "critical_strike_ml", "sh": "critical_strike_sh"}
#: The Critical Strike talent's trigger (a frozen value: one serves every attack).
_CRITICAL_STRIKE = Trigger("Critical Strike", ("rams",))


# -- Action Points --------------------------------------------------------------------


def _available(game: Game, stat: str | None) -> int:
    return game.ap + (game.extra_ap.get(stat, 0) if stat else 0)


def _ap_problem(game: Game, cost: int, stat: str | None = None) -> str:
    if cost == 0:
        return "it already took a (0) action this Activation" if game.zero_used else ""
    have = _available(game, stat)
    if have < cost:
        return f"it needs {cost} AP and has {have}"
    return ""


def _spend(game: Game, cost: int, stat: str | None = None) -> None:
    if cost == 0:
        game.zero_used = True
        return
    extra = game.extra_ap.get(stat, 0) if stat else 0
    used = extra if extra <= cost else cost  # min(extra, cost) without the call
    if used:
        game.extra_ap[stat] = extra - used
    game.ap -= cost - used


def can_act(game: Game, m: Model) -> bool:
    """Can the active model still declare any action at all?"""
    # Plain loops, not ``any`` over generators: asked before every action of the game.
    if game.ap > 0:
        return True
    for extra in game.extra_ap.values():
        if extra:
            return True
    if not game.zero_used:
        for a in m.p.actions:
            if a.modelled and a.ap == 0:
                return True
    return False


# -- checks ---------------------------------------------------------------------------


def check(game: Game, m: Model, command: Command) -> str:
    """Why ``command`` cannot be taken by ``m`` now, or "" when it can."""
    if not m.in_play:
        return "it is not in play"
    if "paralyzed" in m.conditions:
        return "it is Paralyzed"
    if isinstance(command, Walk):
        return _check_walk(game, m, command)
    if isinstance(command, Attack):
        return _check_attack(game, m, command)
    if isinstance(command, Charge):
        return _check_charge(game, m, command)
    if isinstance(command, Interact):
        return _check_interact(game, m, command)
    if isinstance(command, Tactical):
        return _check_tactical(game, m, command)
    if isinstance(command, Focus):
        if m.p.talents.no_focus:
            return "it can no longer take the Focus action"
        return _ap_problem(game, 1)
    if isinstance(command, DefensiveStance):
        if m.p.talents.no_defensive:
            return "it can no longer take the Defensive Stance action"
        if command.ap < 1:
            return "Defensive Stance costs at least 1 AP"
        if command.discard is None:
            return "Defensive Stance needs a card to discard"
        hand = game.state.sides[m.side].deck.hand
        if command.discard not in [c.code for c in hand]:
            return f"{command.discard} is not in the Control Hand"
        return _ap_problem(game, command.ap)
    return f"{command!r} is not a command"


def _path(points) -> tuple[tuple[float, float], ...]:
    if (points.__class__ is tuple or points.__class__ is list) and len(points) == 1:
        # A one-leg Walk (most): no list to build.
        p = points[0]
        return ((snap(p[0]), snap(p[1])),)
    return tuple([(snap(p[0]), snap(p[1])) for p in points])


def _check_walk(game: Game, m: Model, command: Walk) -> str:
    if "pinned" in m.conditions:
        return "it is Pinned Down and may not Walk"
    problem = _ap_problem(game, 1)
    if problem:
        return problem
    if not command.path:
        return "a Walk needs a path"
    cost, reason = game.state.path_cost(m, _path(command.path))
    if cost is None:
        return reason
    if cost > m.p.wk + 1e-6:
        return f"the path costs {cost:.1f}\" of movement and its Wk is {m.p.wk}"
    return ""


def _enemy_target(game: Game, m: Model, target_id: str) -> tuple[Model | None, str]:
    target = game.state.model(target_id)
    if target is None or not target.in_play:
        return None, f"{target_id!r} is not a model in play"
    if target is m:
        return None, "a model may not target itself with an Attack"
    if target.side == m.side:
        return None, "the simulator attacks only enemy models"
    return target, ""


def _check_attack(game: Game, m: Model, command: Attack) -> str:
    action = m.p.action(command.action)
    if action is None or not action.is_attack:
        return f"it has no modelled attack {command.action!r}"
    problem = _ap_problem(game, action.ap, action.stat)
    if problem:
        return problem
    target, problem = _enemy_target(game, m, command.target)
    if problem:
        return problem
    return _attack_reach(game, m, action, target, command.focus)


def _attack_reach(game: Game, m: Model, action: ActionProfile, target: Model,
                  focus: bool) -> str:
    st = game.state
    if focus and "focused" not in m.conditions:
        return "it is not Focused"
    if not action.resists:
        return f"{action.name} is resisted by {action.resist}, which the simulator does not model"
    # A Close attack's range adds the elevation between them (ENGAGEMENT ELEVATION).
    gap = st.close_edge(m, target) if action.kind == "close" else st.edge(m, target)
    if gap > action.range + 1e-6:
        return f"{target.name} is out of range of {action.name} ({action.range:g}\")"
    if action.kind == "projectile" and st.is_engaged(m):
        return "it is engaged, so it may not take Projectile attacks"
    if not st.los(m, target):
        return f"it has no line of sight to {target.name}"
    return ""


def _check_charge(game: Game, m: Model, command: Charge) -> str:
    st = game.state
    if m.p.cg is None:
        return "it cannot Charge"
    problem = _ap_problem(game, 2)
    if problem:
        return problem
    if st.is_engaged(m):
        return "it is engaged, so it may not Charge"
    target, problem = _enemy_target(game, m, command.target)
    if problem:
        return problem
    if not st.los(m, target):
        return f"it has no line of sight to {target.name}"
    if m.p.engagement_range <= 0:
        return "it has no Close attack to charge with"
    end = (snap(command.to[0]), snap(command.to[1]))
    cost, reason = st.path_cost(m, (end,), straight=True)
    if cost is None:
        return reason
    if cost > m.p.cg + 1e-6:
        return f"the move costs {cost:.1f}\" and its Cg is {m.p.cg}"
    if st.close_edge_at(m, end[0], end[1], target) > m.p.engagement_range + 1e-6:
        return f"it must end the move with {target.name} in its engagement range"
    if command.focus and "focused" not in m.conditions:
        return "it is not Focused"
    for name in command.attacks:
        action = m.p.action(name)
        if action is None or action.kind != "close" or not action.is_attack or action.ap != 1:
            return f"{name!r} is not a 1 AP Close attack"
    return ""


def _check_tactical(game: Game, m: Model, command: Tactical) -> str:
    action = m.p.action(command.action)
    if action is None or action.is_attack:
        return f"it has no modelled tactical action {command.action!r}"
    if command.focus and "focused" not in m.conditions:
        return "it is not Focused"
    if any(e.needs_target for e in action.effect or ()):
        st = game.state
        target = st.model(command.target) if command.target else None
        if target is None or not target.in_play:
            return f"{action.name} needs a target model in play"
        if target is m and any(e.kind in ("place", "unbury") for e in action.effect):
            return f"{action.name} places this model next to another model"
        if target is not m and (st.edge(m, target) > action.range + 1e-6
                                or not st.los(m, target)):
            return f"{target.name} is not in range and sight of {action.name}"
    return _ap_problem(game, action.ap, action.stat)


def _placement_problem(game: Game, m: Model, at, kind: str) -> str:
    """A Marker placed in base contact with the model, on the table, not in impassable
    terrain, and (Scheme Markers) not within 4" of a friendly Scheme Marker."""
    if at is None:
        return "say where the Marker goes"
    x, y = snap(at[0]), snap(at[1])
    gap = math.hypot(x - m.x, y - m.y) - m.r - MARKER_RADIUS
    if gap < -1e-6 or gap > CONTACT + 1e-6:
        return "the Marker must be placed in base contact with the model"
    if not on_table(x, y, MARKER_RADIUS):
        return "the Marker must be on the table"
    for piece in game.state.table.impassable:
        if piece.point_dist(x, y) < MARKER_RADIUS - 1e-6:
            return "the Marker cannot go inside impassable terrain"
    if kind == "scheme":
        for marker in game.state.markers.values():
            if marker.kind == "scheme" and marker.side == m.side and math.hypot(
                    marker.x - x, marker.y - y) - 2 * MARKER_RADIUS <= SCHEME_MARKER_SPACING + 1e-6:
                return "a friendly Scheme Marker is within 4\""
    return ""


def _touching(game: Game, m: Model, marker) -> bool:
    return math.hypot(marker.x - m.x, marker.y - m.y) - m.r - marker.r <= CONTACT + 1e-6


def _check_interact(game: Game, m: Model, command: Interact) -> str:
    st = game.state
    what = command.what
    talents = m.p.talents
    if talents.no_interact:
        return "it can no longer take Interact actions"
    if st.summoned_on.get(m.idx) == st.turn:
        return "it was summoned this Turn, so it may not take Interact actions"
    problem = _ap_problem(game, INTERACT_AP.get(what, 1))
    if problem:
        return problem
    targets_enemy = what in ("distract", "cursed_object", "deliver")
    if not targets_enemy and st.is_engaged(m):
        return "it is engaged; only an Interact that targets an enemy model is allowed"
    side = st.sides[m.side]
    if what == "scheme_marker":
        if talents.insignificant:
            return "an Insignificant model does not place Scheme Markers"
        return _placement_problem(game, m, command.at, "scheme")
    if what == "remove_markers":
        if not any(mk.kind == "scheme" and mk.side != m.side and _touching(game, m, mk)
                   for mk in st.markers.values()):
            return "no enemy Scheme Marker is in base contact"
        return ""
    if what == "claim":
        marker = st.markers.get(int(command.target)) if str(command.target).isdigit() else None
        if marker is None or marker.kind != "squat":
            return "claim a Squat Marker"
        if talents.insignificant:
            return "an Insignificant model does not claim Markers"
        if not _touching(game, m, marker):
            return "the Squat Marker must be in base contact"
        return ""
    if what == "stake":
        if game.setup.strategy != "stake-a-claim":
            return "Claim Markers belong to Stake a Claim"
        if talents.insignificant:
            return "an Insignificant model does not place Claim Markers"
        return _placement_problem(game, m, command.at, "claim")
    if what in ("distract", "cursed_object"):
        key = "distract" if what == "distract" else "cursed-object"
        if side.scheme(key) is None:
            return f"the crew did not choose {key.replace('-', ' ').title()}"
        if m.p.is_peon:
            return "a Peon cannot do that"
        target = st.model(str(command.target))
        if target is None or not target.in_play or target.side == m.side:
            return "target an enemy model in play"
        if target.p.is_peon:
            return "the target must be a non-Peon model"
        if st.edge(m, target) > 1.0 + 1e-6:
            return "the target must be within 1\""
        if not st.los(m, target):
            return "it has no line of sight to the target"
        return ""
    if what == "deliver":
        scheme = side.scheme("deliver-a-message")
        if scheme is None or scheme.done:
            return "Deliver a Message is not open (not chosen, or already delivered)"
        if m.p.is_leader or m.p.is_peon:
            return "only a non-Leader, non-Peon model can deliver the message"
        target = st.model(str(command.target))
        leader = st.sides[1 - m.side].leader
        if target is None or target is not leader or not target.in_play:
            return "the target must be the enemy Leader"
        if target not in st.engaged_with(m):
            return "it must be engaged with the enemy Leader"
        return ""
    if what == "shake_distracted":
        return "" if "distracted" in m.conditions else "it is not Distracted"
    if what == "shake_curse":
        return "" if "cursed_object" in m.conditions else "it does not carry the Cursed Object"
    if what == "douse":
        target = st.model(str(command.target)) if command.target else m
        if target is None or not target.in_play or "burning" not in target.conditions:
            return "the target must be a Burning model"
        if target is not m and st.edge(m, target) > 2.0 + 1e-6:
            return "the Burning model must be within 2\""
        return ""
    return f"unknown Interact {what!r}"


# -- execution ------------------------------------------------------------------------


def execute(game: Game, m: Model, command: Command) -> None:
    """Perform a command that passed ``check``."""
    if isinstance(command, Walk):
        _walk(game, m, _path(command.path))
    elif isinstance(command, Attack):
        _attack(game, m, m.p.action(command.action), game.state.model(command.target),
                command.focus)
    elif isinstance(command, Charge):
        _charge(game, m, command)
    elif isinstance(command, Interact):
        _interact(game, m, command)
    elif isinstance(command, Tactical):
        _tactical(game, m, m.p.action(command.action), command.focus,
                  game.state.model(command.target) if command.target else None)
    elif isinstance(command, Focus):
        _spend(game, 1)
        game.give(m, "focused", 1)
        game.log.add("focus", m.idx, m.conditions.get("focused", 0))
    elif isinstance(command, DefensiveStance):
        _spend(game, command.ap)
        deck = game.state.sides[m.side].deck
        card = next(c for c in deck.hand if c.code == command.discard)
        deck.discard([card])
        game.give(m, "defensive", command.ap)
        game.log.add("stance", m.idx, m.conditions.get("defensive", 0))


def _walk(game: Game, m: Model, path) -> None:
    st = game.state
    _spend(game, 1)
    end = path[-1]
    start = (m.x, m.y)
    for enemy in st.engaged_with(m):
        reach = st.engagement_range(enemy)
        if st.close_edge_at(m, end[0], end[1], enemy) <= reach + 1e-6:
            continue  # still within this enemy's engagement range: not disengaging from it
        gap = st.close_edge(enemy, m)
        options = tuple(a.name for a in enemy.p.close_attacks if gap <= a.range + 1e-6)
        if not options or not enemy.in_play or "paralyzed" in enemy.conditions:
            continue
        choice = game.ask(enemy.side, "strike", "strike", enemy.id, m.id, options)
        if choice is None:
            continue
        if choice not in options:
            raise IllegalCommand(f"{enemy.name} cannot strike with {choice!r}; use one of "
                                 f"{list(options)}.")
        result = resolve_attack(game, enemy, enemy.p.action(choice), m, 0, strike=True)
        game.log.add("strike", enemy.idx, m.idx, int(result.attacker_won),
                     duel_text(result.events))
        if result.attacker_won:
            return  # the Walk does not happen; its AP is spent
        if not m.in_play or game.activation_over:
            return
    m.x, m.y = end
    st.moved()
    game.log.add("walk", m.idx, [list(p) for p in path])
    for piece_id in st.hazards_entered(m, path, start):
        game.hazard(m, piece_id)
    _terror_after_walk(game, m)


def _terror_after_walk(game: Game, m: Model) -> None:
    """Terrifying: ending a Walk within the model's engagement range calls for a duel."""
    st = game.state
    side = m.side
    # The enemies of ``st.enemies(m)`` that are Terrifying at all (most games have none),
    # without building the list: a Horror Duel kills no one, so the enemies in play stay
    # the same through the loop.
    for enemy in terrifying_models(st.models):
        if not enemy.in_play or enemy.side == side:
            continue
        if not m.in_play or game.activation_over:
            return
        if game.terrifies(enemy, m) and \
                st.close_edge(m, enemy) <= st.engagement_range(enemy) + 1e-6:
            game.horror(m, enemy)


#: The last model list asked about, its length then, and its Terrifying models. A game's
#: list only grows (summons join it, nobody leaves it) and a model keeps its profile, so
#: the same list at the same length has the same Terrifying models. The list is held,
#: so its id cannot be reused by another while it is here; one entry, so it is bounded.
_TERRIFYING: list = [None, 0, ()]


def terrifying_models(models: list[Model]) -> tuple[Model, ...]:
    """The models of ``models`` with the Terrifying talent, in their order (cached for the
    last list asked about: ``test_duel_fast_paths`` pins it to the plain filter)."""
    cache = _TERRIFYING
    if cache[0] is models and cache[1] == len(models):
        return cache[2]
    found = tuple([m for m in models if m.p.talents.terrifying])
    cache[0], cache[1], cache[2] = models, len(models), found
    return found


def _targeting_duels(game: Game, m: Model, target: Model) -> bool:
    """Terrifying and Manipulative duels for targeting ``target``; False ends the action."""
    if game.terrifies(target, m) and not game.horror(m, target):
        return False
    value = target.p.talents.manipulative
    if value and target.side != m.side:
        result = game.simple(m, "wp", m.p.wp, value, kind="manipulative", other=target)
        game.log.add("horror", m.idx, value, duel_text(result.events), int(result.success))
        if not result.success:
            return False
    return m.in_play and not game.activation_over


def _charge(game: Game, m: Model, command: Charge) -> None:
    st = game.state
    target = st.model(command.target)
    _spend(game, 2)
    if not _targeting_duels(game, m, target):
        return
    start = (m.x, m.y)
    end = (snap(command.to[0]), snap(command.to[1]))
    m.x, m.y = end
    st.moved()
    game.log.add("charge", m.idx, target.idx, end[0], end[1])
    for piece_id in st.hazards_entered(m, (end,), start):
        game.hazard(m, piece_id)
    for i in range(2):
        if not (m.in_play and target.in_play) or game.activation_over:
            return
        name = command.attacks[i] if i < len(command.attacks) else (
            command.attacks[0] if command.attacks else None)
        action = m.p.action(name) if name else _first_close_in_reach(game, m, target)
        if action is None or _attack_reach(game, m, action, target, False):
            return
        focused = 0
        if command.focus and i == 0 and "focused" in m.conditions:
            focused = m.conditions["focused"]
            game.remove_condition(m, "focused")
        resolve_attack(game, m, action, target, focused)


def _first_close_in_reach(game: Game, m: Model, target: Model) -> ActionProfile | None:
    for action in m.p.close_attacks:
        if action.ap == 1 and not _attack_reach(game, m, action, target, False):
            return action
    return None


def _attack(game: Game, m: Model, action: ActionProfile, target: Model, focus: bool) -> None:
    _spend(game, action.ap, action.stat)
    focused = m.conditions.get("focused", 0) if focus else 0
    if focused:
        game.remove_condition(m, "focused")
    if action.kind == "pulse":
        _pulse_attack(game, m, action, target, focused)
        return
    if action.kind == "projectile":
        target = _randomize(game, m, target)
    if not _targeting_duels(game, m, target):
        return
    resolve_attack(game, m, action, target, focused)


def _pulse_attack(game: Game, m: Model, action: ActionProfile, named: Model,
                  focused: int) -> None:
    """A Pulse attack: one attack duel against every model within the Pulse that the
    model sees, friend or foe, never the model itself (PULSES), the named one first;
    Focused is spent on the whole Action, so each duel gets it. A Pulse does not target,
    so it calls for no Terrifying or Manipulative duel."""
    st = game.state
    hit = [named] + [o for o in st.models if o.in_play and o is not m and o is not named
                     and st.edge(m, o) <= action.range + 1e-6 and st.los(m, o)]
    for target in hit:
        if not m.in_play or game.activation_over:
            return
        if target.in_play:
            resolve_attack(game, m, action, target, focused)


def _randomize(game: Game, m: Model, target: Model) -> Model:
    """A shot at a model engaged with others within 2" of it hits a random one of them."""
    st = game.state
    # ``st.edge(o, target) <= 2.0 + 1e-6`` written out: the same gap (a gap below zero,
    # which ``edge`` makes 0, passes either way).
    tx, ty, tr = target.x, target.y, target.r
    hypot = math.hypot
    near = [o for o in st.models
            if o.in_play and o is not target and o is not m
            and hypot(o.x - tx, o.y - ty) - o.r - tr <= 2.0 + 1e-6]
    if not near or not any(e in near for e in st.engaged_with(target)):
        return target
    candidates = [target, *near]
    deck = st.sides[m.side].deck
    cards = deck.flip(len(candidates))
    deck.discard(cards)
    low = min(c.value for c in cards)
    tied = tuple(c.id for c, card in zip(candidates, cards, strict=True) if card.value == low)
    chosen_id = tied[0] if len(tied) == 1 else game.ask(m.side, "rand", "randomized_target", tied)
    if chosen_id not in tied:
        raise IllegalCommand(f"Choose the randomized target among {list(tied)}.")
    chosen = st.model(chosen_id)
    game.log.add("random", m.idx, target.idx, chosen.idx, [c.code for c in cards])
    return chosen


def _stat_of(model: Model, stat: str) -> int:
    """A stat of the model's line; a model without it (Cg "-") resists with 1. Injured +N
    lowers Df and Wp by N (stats other than Wd are at least 1)."""
    value = getattr(model.p, stat) or 1
    if stat in ("df", "wp") and "injured" in model.conditions:
        value = max(1, value - model.conditions["injured"])
    return value


def resist_choice(game: Game, target: Model, stats: tuple[str, ...]) -> str:
    """The stat a target resists with when the attack gives it a choice ("Df or Wp"): the
    higher (Injured and Commanding Presence counted); on a tie the one its Defensive
    twists, else the first the card names (docs/rules-decisions.md)."""
    best, best_key = stats[0], None
    for stat in stats:
        value = _stat_of(target, stat) + (game.wp_bonus(target) if stat == "wp" else 0)
        key = (value, target.conditions.get("defensive", 0) if stat == "df" else 0)
        if best_key is None or key > best_key:
            best, best_key = stat, key
    return best


def resolve_attack(game: Game, attacker: Model, action: ActionProfile, target: Model,
                   focused: int, *, strike: bool = False) -> OpposedDuelResult:
    """The opposed duel of an attack, then (if it hits) damage and trigger effects.

    A disengaging strike (``strike``) declares no triggers and deals no damage.
    """
    st = game.state
    ap, tp = attacker.p, target.p
    at, tt = ap.talents, tp.talents
    stat = action.stat
    positive = negative = 0
    cover = 0
    if action.kind == "projectile":
        cover = st.cover_from(attacker, target)
        if cover == 1 and at.ignores_soft_cover:
            cover = 0
        if cover:
            negative += 1
    if stat == "sh" and tt.shifting_shape and attacker.side != target.side:
        negative += 1
    if (stat == "ml" and at.paired_melee) or (stat == "sh" and at.paired_ranged):
        positive += 1
    resist = action.resist
    if len(action.resists) > 1:
        resist = resist_choice(game, target, action.resists)
    kind = "strike" if strike else "attack"
    a_context = DuelContext(kind, "attacker", attacker.id, target.id, action.name)
    d_context = DuelContext(kind, "defender", target.id, attacker.id, action.name)
    # Only Masters and Henchmen are asked (``Game.soulstones`` says None to the others).
    a_stones, d_stones = ap.can_use_soulstones, tp.can_use_soulstones
    d_stone = game.soulstones(target, d_context) if d_stones else None
    a_stone = game.soulstones(attacker, a_context) if a_stones else None
    d_positive = d_negative = 0
    if game.next_twists:  # a twist waiting for a model's next duel is spent here
        if attacker.idx in game.next_twists:
            more, fewer = game.take_twists(attacker)
            positive += more
            negative += fewer
        if target.idx in game.next_twists:
            d_positive, d_negative = game.take_twists(target)
    silencing = game.silencing
    triggers: tuple[Trigger, ...] = ()
    critical = None
    if not strike and silencing.isdisjoint(attacker.conditions):
        triggers = action.engine_triggers
        flag = _CRITICAL.get(stat or "")
        if flag and getattr(at, flag):
            critical = _CRITICAL_STRIKE
            triggers = (*triggers, critical)
    # Built with positional arguments, in ``Duelist``'s field order (stat, positive,
    # negative, suits, bonus, can_use_soulstones, soulstone, focused, defensive,
    # is_df_duel, triggers, name): calling a class with keywords passes them through a
    # dict, which made each Duelist half as dear again (test_duel_fast_paths pins the order).
    # ``max(1, value)`` written as a conditional below: two calls an attack saved.
    d_value = _stat_of(target, resist)
    a_value = action.value
    defender = Duelist(
        d_value if d_value > 1 else 1,
        d_positive,
        d_negative + (1 if tt.shaken and resist in ("df", "wp") else 0),
        (),
        game.wp_bonus(target) if resist == "wp" else 0,
        d_stones,
        d_stone,
        0,
        target.conditions.get("defensive", 0),
        resist == "df",
        (tp.defensive_engine_triggers
         if not strike and silencing.isdisjoint(target.conditions) else ()),
        tp.name,
    )
    attacker_duelist = Duelist(
        a_value if a_value > 1 else 1,
        positive,
        negative + (1 if at.shaken and stat in ("df", "wp") else 0),
        action.suits,
        0,
        a_stones,
        a_stone,
        focused,
        0,
        False,
        triggers,
        ap.name,
    )
    a_side, d_side = st.sides[attacker.side], st.sides[target.side]
    result = opposed_duel(
        attacker_duelist, defender, a_side.deck, d_side.deck, tn=action.tn,
        attacker_decisions=game.decisions_for(attacker.side, a_context),
        defender_decisions=game.decisions_for(target.side, d_context),
        purpose=action.name,
    )
    if a_stone is not None:
        a_side.pool -= a_stone.stones
    if d_stone is not None:
        d_side.pool -= d_stone.stones
    if attacker.first_attack_target is None:
        # A disengaging strike is a (free) Attack Action: it can be a model's first.
        attacker.first_attack_target = target.idx
        game.scoring.on_first_attack(attacker, target)
    if strike:
        return result
    attacker.attacks_made += 1
    won = result.winner == "attacker"  # ``result.attacker_won``
    game.log.add("attack", attacker.idx, target.idx, action.name, duel_text(result.events),
                 int(won), result.margin)
    defence = (target.p.defensive_named(result.defender.trigger.name)
               if result.defender.trigger is not None else None)
    declared = result.attacker.trigger
    effects: tuple[TriggerEffect, ...] = ()
    timing = ""
    if declared is not None:
        if critical is not None and declared == critical:
            effects = (TriggerEffect("critical", 1, "rams"),)
        else:
            profile = action.trigger_named(declared.name)
            effects = profile.effects if profile is not None else ()
            timing = profile.timing if profile is not None else ""
    if not won:
        # The defender's trigger first (both resolve after the result), then the
        # attacker's when its timing resolves on a failure (immediately, after
        # resolving, after failing); effects on the damage flip have none to change.
        if defence is not None:  # ``_defensive`` does nothing without a trigger
            _defensive(game, target, attacker, defence, hit=False, damaged=False, stat=stat)
        if effects and timing in ON_FAILURE_TIMINGS:
            scratch: dict = {}
            for effect in effects:
                _trigger_effect(game, attacker, target, effect, action.range, scratch)
        return result
    wounds = target.wounds
    if action.damage is not None:
        _damage(game, attacker, action, target, result, effects, cover, a_context)
    damaged = target.wounds < wounds or not target.in_play
    if timing != "after_failing" and (timing != "after_damaging" or damaged):
        # An "after damaging" trigger does nothing when the attack dealt no damage, an
        # "after failing" one nothing when it succeeded.
        element: dict = {}
        for effect in effects:
            _trigger_effect(game, attacker, target, effect, action.range, element)
    if action.effect:
        _attack_text(game, attacker, action, target)
    if defence is not None:
        _defensive(game, target, attacker, defence, hit=True, damaged=damaged, stat=stat)
    return result


def _attack_text(game: Game, attacker: Model, action: ActionProfile, target: Model) -> None:
    """The attack's own text, once it succeeded against ``target`` (ATTACK ACTIONS: "the
    effects of the Attack are resolved"). On a Pulse or Aura attack, "<who> models in
    range" are the models it hits: each such model of that side it succeeded against."""
    element: dict = {}
    for effect in action.effect:
        if action.kind == "pulse" and effect.area == "range":
            friendly = target.side == attacker.side
            if effect.who == "any" or (effect.who == "friendly") == friendly:
                _general(game, attacker, target, replace(effect, who="target", area=""),
                         action.range, element)
            continue
        _general(game, attacker, target, effect, action.range, element)


def _defensive(game: Game, defender: Model, attacker: Model, trigger, *, hit: bool,
               damaged: bool, stat: str | None = None) -> None:
    """A defensive trigger the defender declared, by its timing: "after damaging" only
    when the attack damaged it, "after succeeding" only when the attack failed, "after
    failing" only when it succeeded, "after hit" only when it hit (by an attack of that
    stat, for "after_hit_ml"/"_sh")."""
    if trigger is None or (not defender.in_play and trigger.timing != "after_damaging"):
        return
    timing = trigger.timing
    if (timing == "after_damaging" and not damaged) or (
            timing == "after_succeeding" and hit) or (timing == "after_failing" and not hit):
        return
    if timing.startswith("after_hit") and (not hit or (
            timing != "after_hit" and timing != f"after_hit_{stat}")):
        return
    element: dict = {}
    for effect in trigger.effects:
        if effect.kind == "push_away":
            _push_away(game, defender, attacker, float(effect.value))
        else:
            _general(game, defender, attacker, effect, 0.0, element)


def push(game: Game, m: Model, dx: float, dy: float, distance: float,
         by: Model | None) -> None:
    """Move ``m`` up to ``distance`` along (dx, dy) as a push: terrain it cannot cross
    stops it; then the move is logged, a drop off a height is a fall (``by`` its cause,
    credited only when an enemy), and hazardous terrain entered hurts."""
    st = game.state
    start = (m.x, m.y)
    end = st.push_end(m, dx, dy, distance)
    if end == start:
        return
    high = st.elevation(m)
    m.x, m.y = end
    st.moved()
    game.log.add("push", m.idx, end[0], end[1])
    game.fall(m, high, by)
    for piece_id in st.hazards_entered(m, (end,), start):
        game.hazard(m, piece_id)


def _push_away(game: Game, m: Model, source: Model, distance: float) -> None:
    """Push ``m`` directly away from ``source`` (a defensive trigger's "push this model up
    to N\" away from the attacker": the whole distance, as far as terrain lets it).
    A fall it causes is its own (no enemy killer)."""
    if not m.in_play or distance <= 0:
        return
    push(game, m, m.x - source.x, m.y - source.y, distance, by=None)


def _damage(game: Game, attacker: Model, action: ActionProfile, target: Model,
            result: OpposedDuelResult, effects: tuple[TriggerEffect, ...], cover: int,
            context: DuelContext) -> None:
    st = game.state
    tt = target.p.talents
    deck = st.sides[attacker.side].deck
    flip = resolve_damage(result, action.damage, deck, hard_to_wound=tt.hard_to_wound,
                          positive=tt.fragile, negative=1 if cover == 2 else 0,
                          decisions=game.decisions_for(attacker.side, context),
                          purpose=f"{action.name} damage")
    amount = flip.unreduced_damage
    blasts = flip.blast_markers
    armor = True
    for effect in effects if flip.severity is not Severity.NONE else ():
        kind = effect.kind
        if kind == "damage":
            # "+1 damage if the target is Poisoned": only with that Condition.
            if not effect.name or effect.name in target.conditions:
                amount += effect.value
        elif kind == "critical":
            amount += effect.value * sum(1 for s in result.attacker.suits
                                         if s.value.startswith(effect.suit))
        elif kind == "blast":
            blasts += int(effect.value)
        elif kind == "ignore_armor":
            armor = False
    amount = _reduced(attacker, action, target, amount, armor=armor)
    game.deal_damage(target, amount, by=attacker, cause=action.name,
                     flip=flip_text(flip.flip))
    if blasts:
        _blasts(game, attacker, action, target, flip.severity, blasts)


def _reduced(attacker: Model, action: ActionProfile, target: Model, amount: int, *,
             armor: bool = True) -> int:
    """Incorporeal halves Ml and Sh damage (rounded up), then Armor (Thick Hide against Sh;
    ``armor`` False: a trigger's "This attack ignores Armor", Thick Hide still counts)."""
    at, tt = attacker.p.talents, target.p.talents
    if at.ignores_armor_incorporeal:
        return amount
    if tt.incorporeal and action.stat in ("ml", "sh") and amount > 0:
        amount = (amount + 1) // 2
    reduction = (tt.armor if armor else 0) + (tt.thick_hide if action.stat == "sh" else 0)
    return apply_armor(amount, reduction)


def _blasts(game: Game, attacker: Model, action: ActionProfile, target: Model,
            severity: Severity, count: int) -> None:
    """Blast Markers touching the target (each further one touching another); every other
    model they touch, that has the target in line of sight, suffers one step less."""
    st = game.state
    spots = game.ask(attacker.side, "blast", "blasts", target.id, count)
    placed: list[tuple[float, float]] = []
    for spot in spots[:count]:
        x, y = snap(spot[0]), snap(spot[1])
        anchors = [(target.x, target.y, target.r)] + [(px, py, BLAST_RADIUS) for px, py in placed]
        gap_target = math.hypot(x - target.x, y - target.y) - target.r - BLAST_RADIUS
        if gap_target < -1e-6:
            raise IllegalCommand("A Blast Marker may not overlap the target.")
        if not any(abs(math.hypot(x - ax, y - ay) - ar - BLAST_RADIUS) <= CONTACT + 1e-6
                   for ax, ay, ar in anchors):
            raise IllegalCommand("Each Blast Marker must touch the target or another one.")
        placed.append((x, y))
    amount = blast_damage(action.damage, severity)
    hit = [m for m in under_blasts(st.models, target, placed) if st.los(m, target)]
    for m in hit:
        if m.p.talents.ignores_pulse_blast_damage:
            continue
        game.deal_damage(m, _reduced(attacker, action, m, amount), by=attacker,
                         cause=f"{action.name} (blast)", blast=True)


def under_blasts(models, target: Model, placed: list[tuple[float, float]]) -> list[Model]:
    """The models in play, other than ``target``, that a Blast Marker at one of ``placed``
    touches (a plain loop, not ``any`` over a generator per model;
    ``test_duel_fast_paths`` pins it to that form)."""
    touched = []
    hypot = math.hypot
    for m in models:
        if not m.in_play or m is target:
            continue
        mx, my, limit = m.x, m.y, m.r + BLAST_RADIUS + 1e-6
        for x, y in placed:
            if hypot(mx - x, my - y) <= limit:
                touched.append(m)
                break
    return touched


def affected_models(game: Game, source: Model, target: Model | None, effect: TriggerEffect,
          reach: float) -> list[Model]:
    """The models a general effect applies to: the target, this model, or the friendly,
    enemy or all models of a Pulse (in line of sight, not this model), within a distance
    or in the action's range."""
    if effect.who == "self":
        return [source] if source.in_play else []
    if effect.who == "target":
        return [target] if target is not None and target.in_play else []
    los = game.state.los
    return [m for m in pulse_reach(game, source, effect, reach) if los(source, m)]


def pulse_reach(game: Game, source: Model, effect: TriggerEffect, reach: float,
                ) -> list[Model]:
    """The models of a Pulse effect's kind within its distance, line of sight aside
    (``affected_models`` keeps those ``source`` sees; a commander weighing the effect
    looks at line of sight only where the effect would matter)."""
    distance = (reach if effect.area == "range" else effect.distance) + 1e-6
    out = []
    friendly, anyone = effect.who == "friendly", effect.who == "any"
    side, sx, sy, sr = source.side, source.x, source.y, source.r
    hypot = math.hypot
    for m in game.state.models:
        if not m.in_play or m is source:
            continue
        if friendly != (m.side == side) and not anyone:
            continue
        # ``st.edge(source, m)`` inlined.
        gap = hypot(sx - m.x, sy - m.y) - sr - m.r
        if (gap if gap > 0.0 else 0.0) <= distance:
            out.append(m)
    return out


def _general(game: Game, source: Model, target: Model | None, effect: TriggerEffect,
             reach: float, element: dict | None = None) -> None:
    """Gain or end a Condition, heal, draw, discard, lure, remove Scheme Markers; summon,
    sacrifice, bury, unbury, place or remove other Markers (``table_effects``, with
    ``element``: the scratch shared by the effects of one action or trigger)."""
    st = game.state
    kind = effect.kind
    if kind in TABLE_KINDS:
        table_effects.apply(game, source, target, effect, reach,
                            element if element is not None else {})
        return
    if kind in ("draw", "discard"):
        side = source.side if kind == "draw" else (target.side if target else 1 - source.side)
        deck = st.sides[side].deck
        if kind == "draw":
            deck.draw(int(effect.value) or 1)
        else:
            for _ in range(int(effect.value) or 1):
                if deck.hand:  # its controller discards its lowest card
                    deck.discard([min(deck.hand, key=lambda c: (c.value, c.code))])
        game.log.add("cards", side, kind, int(effect.value) or 1)
        return
    if kind == "unmark":
        near = sorted((mk for mk in st.markers.values()
                       if mk.kind == "scheme" and mk.side is not None and mk.side != source.side
                       and math.hypot(mk.x - source.x, mk.y - source.y) - source.r
                       - MARKER_RADIUS <= effect.distance + 1e-6),
                      key=lambda mk: mk.id)
        for marker in near[:int(effect.value)]:
            del st.markers[marker.id]
            game.log.add("unmarker", marker.id)
        return
    if kind == "gain" and effect.rule == "no_triggers" and effect.name not in game.silencing:
        game.silencing = game.silencing | {effect.name}
    for m in affected_models(game, source, target, effect, reach):
        if kind == "gain":
            game.give(m, effect.name, int(effect.value) or 1, by=source)
        elif kind == "remove":
            names = list(m.conditions) if effect.name == "any" else [effect.name]
            for name in names:
                if name in m.conditions:
                    left = m.conditions[name] - int(effect.value) if effect.value else 0
                    game.set_condition(m, name, left)
        elif kind == "heal":
            game.heal(m, int(effect.value))
        elif kind == "lure" and m is not source:
            _lure(game, source, m, float(effect.value))


def general_effect(game: Game, m: Model, effect: TriggerEffect, element: dict) -> None:
    """A general effect of ``m``'s own (an ability acting at the start of its Activation)."""
    _general(game, m, None, effect, 0.0, element)


def _lure(game: Game, source: Model, m: Model, distance: float) -> None:
    """Move ``m`` up to ``distance`` straight toward ``source``, stopping in base contact
    (its path as a push: terrain it cannot cross stops it)."""
    st = game.state
    gap = st.edge(source, m)
    step = min(distance, max(0.0, gap))
    if step <= 0:
        return
    push(game, m, source.x - m.x, source.y - m.y, step, by=source)


_GENERAL_KINDS = frozenset({"gain", "remove", "heal", "draw", "discard", "lure", "unmark",
                            *TABLE_KINDS})


def _trigger_effect(game: Game, attacker: Model, target: Model, effect,
                    reach: float = 0.0, element: dict | None = None) -> None:
    st = game.state
    kind = effect.kind
    if kind in _GENERAL_KINDS:
        _general(game, attacker, target, effect, reach, element)
        return
    if kind in ("slow", "paralyzed", "pinned"):
        game.give(target, kind, by=attacker)
    elif kind in ("poison", "burning", "lingering"):
        game.give(target, kind, effect.value, by=attacker)
    elif kind == "twist":
        _twist(game, attacker if effect.who == "self" else target, int(effect.value))
    elif kind == "no_cheat":
        game.no_cheat.add(target.side)  # until the end of this action (``Game.perform``)
    elif kind == "duel" and target.in_play:
        _forced_duel(game, attacker, target, effect, reach, element)
    elif kind == "paralyzed_if_empty_hand":
        if not st.sides[target.side].deck.hand:
            game.give(target, "paralyzed", by=attacker)
    elif kind == "push_target" and target.in_play:
        push(game, target, target.x - attacker.x, target.y - attacker.y, effect.value,
             by=attacker)
    elif kind == "push_self" and attacker.in_play:
        spot = game.ask(attacker.side, "pushself", "push_self", attacker.id, float(effect.value))
        if spot is None:
            return
        dx, dy = spot[0] - attacker.x, spot[1] - attacker.y
        distance = min(float(effect.value), math.hypot(dx, dy))
        push(game, attacker, dx, dy, distance, by=attacker)


def _twist(game: Game, m: Model, twists: int) -> None:
    """A twist on ``m``'s next duel (its attack, its defence or a simple duel), kept until
    that duel whenever it comes; positive and negative ones cancel."""
    if not m.in_play or not twists:
        return
    total = game.next_twists.get(m.idx, 0) + twists
    if total:
        game.next_twists[m.idx] = total
    else:
        game.next_twists.pop(m.idx, None)
    game.log.add("twist", m.idx, twists)


def _forced_duel(game: Game, source: Model, m: Model, effect: TriggerEffect, reach: float,
                 element: dict | None) -> None:
    """"The target must pass a TN 12 Wp duel or gain Paralyzed": a simple duel of ``m``'s
    stat (Injured counted) against the TN with the suits; failing plays ``then``, passing
    ``otherwise`` (on ``m``)."""
    stat = effect.name
    suits = tuple(effect.suit.split()) if effect.suit else ()
    result = game.simple(m, stat, _stat_of(m, stat), int(effect.value), kind="duel",
                         other=source, suits=suits)
    game.log.add("duel", m.idx, stat, int(effect.value), duel_text(result.events),
                 int(result.success))
    scratch = element if element is not None else {}
    for outcome in (effect.otherwise if result.success else effect.then):
        _general(game, source, m, outcome, reach, scratch)


def _tactical(game: Game, m: Model, action: ActionProfile, focus: bool,
              target: Model | None = None) -> None:
    _spend(game, action.ap, action.stat)
    focused = m.conditions.get("focused", 0) if focus else 0
    if focused:
        game.remove_condition(m, "focused")
    success, text = True, ""
    trigger = None
    if action.tn is not None:
        triggers = action.engine_triggers
        if triggers and not game.silencing.isdisjoint(m.conditions):
            triggers = ()
        result = game.simple(m, action.stat, action.value, action.tn, kind="tactical",
                             other=target, action=action.name, focused=focused,
                             suits=action.tn_suits, builtin=action.suits, triggers=triggers)
        success, text = result.success, duel_text(result.events)
        if result.side.trigger is not None:
            trigger = action.trigger_named(result.side.trigger.name)
    game.log.add("tactical", m.idx, action.name, text, int(success))
    element: dict = {}
    later = False
    if trigger is not None:
        # SIMPLE DUELS, step 4: at once when declared (before the result), else after it,
        # by success or failure; a tactical duel damages no one ("after damaging").
        timing = trigger.timing
        if timing not in (ON_SUCCESS_TIMINGS if success else ON_FAILURE_TIMINGS) \
                or timing == "after_damaging":
            trigger = None
        elif timing in AT_ONCE_TIMINGS:
            _tactical_trigger(game, m, target, trigger, action.range, element)
        else:
            later = True
    if success and action.effect is not None:
        for effect in action.effect:
            if effect.kind in _GENERAL_KINDS:
                _general(game, m, target, effect, action.range, element)
            elif effect.kind == "push_self":
                _trigger_effect(game, m, m, effect)
    if later:
        _tactical_trigger(game, m, target, trigger, action.range, element)


def _tactical_trigger(game: Game, m: Model, target: Model | None, trigger, reach: float,
                      element: dict) -> None:
    """A trigger declared on a tactical action's duel: "the target" is the action's
    target (an effect on the target does nothing without one)."""
    for effect in trigger.effects:
        kind = effect.kind
        if kind == "push_self":
            _trigger_effect(game, m, m, effect)
        elif target is None and effect.needs_target:
            continue
        elif kind in _GENERAL_KINDS:
            _general(game, m, target, effect, reach, element)
        else:
            _trigger_effect(game, m, target if target is not None else m, effect, reach,
                            element)


def _interact(game: Game, m: Model, command: Interact) -> None:
    st = game.state
    what = command.what
    _spend(game, INTERACT_AP.get(what, 1))
    side = st.sides[m.side]
    if what == "scheme_marker":
        marker = st.add_marker("scheme", m.side, command.at[0], command.at[1], by=m.idx)
        game.log.add("marker", marker.id, "scheme", m.side, marker.x, marker.y)
    elif what == "remove_markers":
        gone = [mk for mk in st.markers.values()
                if mk.kind == "scheme" and mk.side != m.side and _touching(game, m, mk)]
        for marker in gone:
            del st.markers[marker.id]
            game.log.add("unmarker", marker.id)
        side.enemy_marker_removals += 1
    elif what == "claim":
        marker = st.markers[int(command.target)]
        marker.claimed = m.side
        game.log.add("claim", marker.id, m.side)
    elif what == "stake":
        for marker in list(st.markers.values()):
            if marker.kind == "claim" and math.hypot(marker.x - m.x, marker.y - m.y) \
                    - m.r - marker.r <= 6.0 + 1e-6:
                del st.markers[marker.id]
                game.log.add("unmarker", marker.id)
        marker = st.add_marker("claim", m.side, command.at[0], command.at[1], by=m.idx)
        game.log.add("marker", marker.id, "claim", m.side, marker.x, marker.y)
    elif what in ("distract", "cursed_object"):
        target = st.model(str(command.target))
        key = "distract" if what == "distract" else "cursed-object"
        game.give(target, "distracted" if what == "distract" else "cursed_object", by=m)
        game.log.add("scheme", m.side, key, what, m.idx, target.idx)
        game.scoring.reveal(m.side, key)
    elif what == "deliver":
        target = st.model(str(command.target))
        game.log.add("scheme", m.side, "deliver-a-message", what, m.idx, target.idx)
        game.scoring.deliver_message(m.side)
    elif what == "shake_distracted":
        game.remove_condition(m, "distracted")
    elif what == "shake_curse":
        result = game.simple(m, "wk", m.p.wk, 12, kind="shake_curse")
        game.log.add("tactical", m.idx, "Cursed Object", duel_text(result.events),
                     int(result.success))
        if result.success:
            game.remove_condition(m, "cursed_object")
    elif what == "douse":
        target = st.model(str(command.target)) if command.target else m
        game.set_condition(target, "burning", target.conditions.get("burning", 0) - 1)
