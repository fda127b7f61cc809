"""A commander that plays sensibly: it values attacks by their exact odds, works toward its
Strategy and Schemes, keeps its Leader out of harm's way, and stays on the table.

How it thinks, one model at a time:

1. When a model activates, it picks a *task*: a Scheme Marker spot, a Strategy point, a
   Squat Marker to claim, an enemy to kill or to Interact with, a spot its Scheme needs
   it to stand on. Tasks are scored by what they are worth (roughly in VP) minus the time
   needed to get there, and each task goes to one model per Turn.
2. Each Action Point, in order: an Interact its task needs here; the best attack in reach,
   if its expected worth (from ``rules.engine.odds``, cached by the duel's parameters) is
   high enough; a Charge; a Walk toward its task; otherwise it ends the Activation.

The Leader's task is to stay behind its crew; it fights what comes into reach. Every
command is one ``GameView.check`` accepts, and every move comes from ``moves``, so the
commander never proposes an illegal command or a move off the table.
"""

from __future__ import annotations

import math
import random
from functools import partial
from typing import TYPE_CHECKING, NamedTuple

from ...cards import Card
from ...duels import SoulstoneUse
from ...odds import DuelistSpec, DuelSpec, hit_odds
from ..actions import affected_models, pulse_reach
from ..commands import (
    Attack,
    Charge,
    Command,
    DefensiveStance,
    EndActivation,
    Focus,
    Interact,
    Tactical,
    Walk,
)
from ..geometry import MARKER_RADIUS, Point, snap
from ..moves import charge_spot, contact_spots, deployment_spots, path_toward
from ..table_effects import summon_card
from .base import BaseCommander, DuelContext
from .trigger_choice import TriggerChoice

if TYPE_CHECKING:
    from ..crews import ActionProfile
    from ..state import GameState, Model
    from ..view import GameView

__all__ = ["BaselineCommander", "HeuristicCommander", "attack_odds"]

#: How keen the commander is on each Scheme when it chooses from a pool.
SCHEME_TASTE = {
    "breakthrough": 0.9, "protect-territory": 0.85, "power-ritual": 0.8,
    "a-line-in-the-sand": 0.75, "murder-protege": 0.8, "make-them-suffer": 0.6,
    "plant-evidence": 0.6, "assassinate": 0.6, "entourage": 0.55, "bodyguard": 0.6,
    "outflank": 0.5, "deliver-a-message": 0.5, "take-prisoner": 0.45, "distract": 0.5,
    "cursed-object": 0.45, "vendetta": 0.45, "plant-explosives": 0.5, "spring-the-trap": 0.4,
    "frame-for-murder": 0.55,
}
#: Schemes it reveals at the start, for their bonus.
REVEAL = frozenset({"breakthrough", "protect-territory", "power-ritual", "a-line-in-the-sand",
                    "murder-protege", "entourage", "bodyguard", "deliver-a-message",
                    "plant-evidence", "roundup", "exterminate", "spread-of-decay",
                    "gathering-power", "fight-another-day", "watchful-eyes"})
MARKER_SPACING = 5.6
ATTACK_WORTH = 0.12


#: ``attack_odds``' answers by their arguments (a plain dict, not ``lru_cache``, so the
#: commander can tell a known answer from a dear one before asking).
_ODDS: dict[tuple, tuple] = {}


def attack_odds(a_stat: int, a_pos: int, a_neg: int, focused: int, d_stat: int, d_def: int,
                d_neg: int, tn: int, damage: tuple[int, int, int], htw: int,
                ) -> tuple[float, tuple[float, float, float, float, float]]:
    """(P(hit), P(none, weak, moderate, severe, red joker)) of an attack, exact, cached."""
    key = (a_stat, a_pos, a_neg, focused, d_stat, d_def, d_neg, tn, damage, htw)
    found = _ODDS.get(key)
    if found is None:
        found = _attack_odds(*key)
        if len(_ODDS) >= 8192:
            _ODDS.clear()
        _ODDS[key] = found
    return found


attack_odds.cache_clear = _ODDS.clear  # type: ignore[attr-defined]


def _attack_odds(a_stat: int, a_pos: int, a_neg: int, focused: int, d_stat: int, d_def: int,
                 d_neg: int, tn: int, damage: tuple[int, int, int], htw: int,
                 ) -> tuple[float, tuple[float, float, float, float, float]]:
    spec = DuelSpec(
        DuelistSpec(max(1, a_stat), positive=min(a_pos, 4), negative=min(a_neg, 4),
                    focused=min(focused, 4)),
        DuelistSpec(max(1, d_stat), negative=min(d_neg, 4), defensive=min(d_def, 4)),
        tn=tn or None,
        damage=damage,
        hard_to_wound=min(max(htw, 0), 4),
    )
    p_win, dmg = hit_odds(spec)
    return float(p_win), (float(dmg.none), float(dmg.weak), float(dmg.moderate),
                          float(dmg.severe), float(dmg.red_joker))


class Task(NamedTuple):
    """Something a model can work on: ``kind`` with a ``spot`` to reach and a ``value``.
    (A named tuple: a commander builds a few dozen of them an Activation.)"""

    key: str
    kind: str
    spot: Point
    value: float
    target: str = ""
    scheme: str = ""
    stop: float = 0.0


#: A Task from a tuple of all seven fields, without the named tuple's Python-level
#: ``__new__`` (a commander builds dozens of them an Activation).
_task = partial(tuple.__new__, Task)

#: A Soulstone spent on a twist (frozen: one answer shared by every duel).
_TWIST_STONE = SoulstoneUse(twist=True)


class BaselineCommander(BaseCommander):
    """The first heuristic commander (simulator 1.1), kept as the baseline the player-like
    ``HeuristicCommander`` is measured against. ``aggression`` scales how keen it is to
    attack."""

    def __init__(self, *, aggression: float = 1.0) -> None:
        self.aggression = aggression
        self.rng = random.Random(0)
        self._claims: dict[str, str] = {}
        self._claims_turn = -1
        self._task: dict[str, Task] = {}
        self._spots: dict[str, list[Point]] = {}
        self._worths: dict[int, float] = {}
        self._attack_worths: dict[tuple, tuple] = {}
        self._marker_tasks: dict[tuple, list[Task]] = {}
        self._turf_tasks: dict[float, list[Task]] = {}

    def bind(self, side: int, seed: int) -> None:
        super().bind(side, seed)
        self.rng = random.Random(seed)
        self._claims = {}
        self._claims_turn = -1
        self._task = {}
        self._spots = {}
        self._worths = {}
        self._attack_worths = {}
        self._marker_tasks = {}
        self._turf_tasks = {}

    # -- setting up -------------------------------------------------------------------

    def scout(self, view: GameView, model: str) -> Command | None:
        """A free Walk after deployment: toward the task it would choose now, as its
        Walk in an Activation would go (None when it would not Walk)."""
        m = view.state.model(model)
        return self._walk(view, m, self._choose_task(view, m))

    def choose_schemes(self, view: GameView, pool: tuple[str, ...]) -> tuple[str, str]:
        ranked = sorted(pool, key=lambda k: (-SCHEME_TASTE.get(k, 0.6), pool.index(k)))
        return (ranked[0], ranked[1])

    def note(self, view: GameView, scheme: str, role: str, candidates: tuple[str, ...]) -> str:
        models = [view.state.model(c) for c in candidates]
        if scheme in ("bodyguard", "entourage"):
            best = max(models, key=lambda m: (m.p.wd + m.p.df, not m.p.is_leader))
        elif scheme == "frame-for-murder":
            best = min(models, key=lambda m: (m.p.cost, m.p.wd))
        elif scheme == "vendetta" and role == "friendly":
            best = max(models, key=lambda m: max((a.value or 0) for a in m.p.attacks)
                       if m.p.attacks else 0)
        else:
            best = min(models, key=lambda m: (m.p.wd, m.p.df))
        return best.id

    def reveal_at_start(self, view: GameView, scheme: str) -> bool:
        return scheme in REVEAL

    def deploy_first(self, view: GameView) -> bool:
        return False

    def deploy(self, view: GameView, models: tuple[str, ...]) -> dict[str, Point]:
        st = view.state
        zone = st.sides[self.side].zone
        spots = deployment_spots(st, zone)
        centre = zone.centroid()
        out: dict[str, Point] = {}
        ordered = sorted(models, key=lambda mid: (view.state.model(mid).p.is_leader,
                                                  -_melee_power(view.state.model(mid)), mid))
        for mid in ordered:
            m = view.state.model(mid)
            if not spots:
                break
            if m.p.is_leader:
                spot = min(spots, key=lambda p: math.hypot(p[0] - centre[0], p[1] - centre[1]))
            else:
                spot = spots[0]
            spots.remove(spot)
            out[mid] = spot
        return out

    # -- Draw and Initiative Phases ------------------------------------------------------

    def discard(self, view: GameView, hand: tuple[Card, ...], must: int) -> tuple[Card, ...]:
        ranked = sorted(hand, key=lambda c: (c.joker != "black", c.value, c.code))
        if must:
            return tuple(ranked[:must])
        return tuple(c for c in ranked if c.joker == "black" or (c.joker is None and c.value <= 3))

    def buy_cards(self, view: GameView) -> bool:
        return view.pool >= 5

    def reflip_initiative(self, view: GameView, mine: Card, theirs: Card) -> bool:
        return mine.value < theirs.value and mine.value <= 6 and view.pool >= 4

    def go_first(self, view: GameView) -> bool:
        return True

    # -- duels --------------------------------------------------------------------------

    def soulstones(self, view: GameView, context: DuelContext) -> SoulstoneUse | None:
        pool = view.pool
        m = view.state.model(context.model)
        if context.kind == "strike":
            return None
        if context.role == "defender":
            hurt = m.wounds * 2 <= m.p.wd
            if (pool >= 1 and (m.p.is_leader and hurt)) or pool >= 4:
                return _TWIST_STONE
            return None
        if context.role == "attacker":
            return _TWIST_STONE if pool >= 3 else None
        return _TWIST_STONE if pool >= 2 and context.kind == "horror" else None

    def prevent(self, view: GameView, model: str, damage: int) -> bool:
        m = view.state.model(model)
        if m.p.is_leader:
            return damage >= 2 or damage >= m.wounds
        return damage >= m.wounds and view.pool >= 2

    def end_of_turn(self, view: GameView, scheme: str, options: tuple[str, ...]) -> str | None:
        st = view.state
        if scheme == "bodyguard":
            return "reveal"
        if scheme == "cursed-object":
            return options[0]
        mine = st.markers_of("scheme", self.side)
        enemies = view.state.side_in_play(1 - self.side)
        late = view.turn >= 5
        if scheme == "plant-explosives":
            hits = sum(1 for e in enemies if any(_gap(e, mk) <= 3.0 for mk in mine))
            return "reveal" if hits >= 3 or (late and hits >= 1) else None
        if scheme == "spring-the-trap":
            leader = st.sides[1 - self.side].leader
            if leader is None or not leader.in_play:
                return None
            near = sum(1 for mk in mine if _gap(leader, mk) <= 4.0)
            return "reveal" if near >= 2 or (late and near >= 1) else None
        return None

    # -- Activations ------------------------------------------------------------------

    def choose_activation(self, view: GameView, candidates: tuple[str, ...]) -> str:
        """Models that can attack (or charge) now first; the Leader late."""
        best, best_score = candidates[0], -math.inf
        st = view.state
        enemies = [(e.x, e.y, e.r) for e in st.side_in_play(1 - self.side)]
        hypot = math.hypot
        model = st.model
        for mid in candidates:
            m = model(mid)
            p = m.p
            score = 0.0
            mx, my = m.x, m.y
            # The nearest enemy's gap: ``min(d - er) - mr`` is ``min(d - er - mr)`` to the
            # bit (taking the same number off every item keeps their order).
            near = min([hypot(ex - mx, ey - my) - er for ex, ey, er in enemies]) - m.r \
                if enemies else 99.0
            _, reach, power, _ = _reaches(p)
            if near <= reach:
                score += 3.0
            elif p.cg is not None and near <= p.cg + p.engagement_range:
                score += 2.0
            score -= near / 12.0
            if p.is_leader:
                score -= 1.5
            score += power / 20.0
            if score > best_score:
                best, best_score = mid, score
        return best

    def choose_command(self, view: GameView, model: str) -> Command:
        st = view.state
        m = view.state.model(model)
        if self._claims_turn != st.turn:
            self._claims = {}
            self._task = {}
            self._claims_turn = st.turn
        task = self._task.get(model)
        if task is None or not self._task_alive(view, task):
            task = self._choose_task(view, m)
            self._task[model] = task
        if view.game.ap < 1:
            # Only AP for one kind of action are left (Melee Expert and the like).
            attack, _ = self._best_attack(view, m)
            return attack if attack is not None else EndActivation()
        command = self._task_interact(view, m, task)
        if command is not None:
            return command
        attack, worth = self._best_attack(view, m)
        if attack is not None and worth >= ATTACK_WORTH / self.aggression:
            return attack
        engaged = st.is_engaged(m)
        if not engaged and view.game.ap >= 2 and task.kind == "kill":
            charge = self._charge(view, m, task)
            if charge is not None:
                return charge
        if engaged and attack is not None:
            return attack
        if engaged and self._stay_engaged(view, m, task):
            return self._brace(view, m)
        if attack is None and not engaged:
            command = self._before_walk(view, m)
            if command is not None:
                return command
        walk = self._walk(view, m, task)
        if walk is not None:
            return walk
        if attack is not None:
            return attack
        return EndActivation()

    def _before_walk(self, view: GameView, m: Model) -> Command | None:
        """A subclass's command that would replace this Walk or the end of the
        Activation, asked before the Walk's path is worked out (none here)."""
        return None

    # -- tasks --------------------------------------------------------------------------

    def _task_alive(self, view: GameView, task: Task) -> bool:
        if task.kind in ("kill", "engage", "interact_enemy"):
            target = view.state.model(task.target)
            return target is not None and target.in_play
        return True

    def _choose_task(self, view: GameView, m: Model) -> Task:
        best, best_score = None, -math.inf
        speed = max(m.p.wk, 1)
        claims = self._claims
        mid, mx, my = m.id, m.x, m.y
        hypot = math.hypot
        # ``_suited`` reads only the task's kind and Scheme: once per pair.
        fits: dict[tuple[str, str], float] = {}
        pace = speed * 4.0
        for task in self._task_options(view, m):
            key, kind, (sx, sy), value, _, scheme, stop = task
            if claims:
                claimant = claims.get(key)
                if claimant is not None and claimant != mid:
                    continue
            fit = fits.get((kind, scheme))
            if fit is None:
                fit = fits[kind, scheme] = _suited(m, task)
            most = value * fit
            if most <= best_score:
                continue  # the distance only takes off: it cannot beat the best
            distance = hypot(sx - mx, sy - my) - stop
            if distance < 0.0:
                distance = 0.0
            score = most - distance / pace
            if score > best_score:
                best, best_score = task, score
        if best is None:
            best = Task(f"hold:{m.id}", "hold", (m.x, m.y), 0.0)
        self._claims[best.key] = m.id
        return best

    def _task_options(self, view: GameView, m: Model) -> list[Task]:
        """The tasks ``_choose_task`` weighs (a subclass may leave some out)."""
        return self._tasks(view, m)

    def _tasks(self, view: GameView, m: Model) -> list[Task]:
        st = view.state
        side = self.side
        tasks: list[Task] = []
        enemies = view.state.side_in_play(1 - self.side)
        turn = st.turn
        reach = m.p.engagement_range
        # The Leader stays behind its crew unless something needs it.
        if m.p.is_leader:
            friends = [f for f in view.state.side_in_play(self.side) if f is not m]
            if friends:
                cx = sum(f.x for f in friends) / len(friends)
                cy = sum(f.y for f in friends) / len(friends)
                zx, zy = st.sides[side].zone.centroid()
                d = math.hypot(zx - cx, zy - cy) or 1.0
                spot = (cx + (zx - cx) / d * 3.0, cy + (zy - cy) / d * 3.0)
                tasks.append(Task(f"lead:{m.id}", "lead", _clamp(spot), 0.6))
        # Enemies to kill: come within reach (a shooter within its range, less an inch).
        ranged = _reaches(m.p)[3]
        offset = m.r + (ranged - 1.0 if ranged > reach else max(reach - 0.2, 0.0))
        worths = self._worths
        for e in enemies:
            worth = worths.get(e.idx)
            if worth is None:
                worth = self._worth(view, e)
            tasks.append(_task(("kill:" + e.id, "kill", (e.x, e.y), worth, e.id, "",
                                offset + e.r)))
        for scheme in view.schemes:
            tasks += self._scheme_tasks(view, m, scheme, enemies, turn)
        tasks += self._strategy_tasks(view, m, turn)
        return tasks

    def _worth(self, view: GameView, e: Model) -> float:
        """What killing ``e`` is worth to this crew (it never changes during a game)."""
        cached = self._worths.get(e.idx)
        if cached is not None:
            return cached
        value = self._worth_of(view, e)
        self._worths[e.idx] = value
        return value

    def _worth_of(self, view: GameView, e: Model) -> float:
        base = 0.35 + (e.p.cost if e.p.station != "master" else 12) / 25.0
        for scheme in view.schemes:
            if scheme.key == "assassinate" and e.p.is_leader:
                base += 0.8
            if scheme.key in ("murder-protege", "vendetta") and \
                    scheme.noted.get("enemy") == e.idx:
                base += 0.8
            if scheme.key == "take-prisoner" and scheme.noted.get("enemy") == e.idx:
                base -= 0.3
            if scheme.key == "make-them-suffer" and e.p.station in ("minion", "peon"):
                base += 0.3
        if view.strategy == "reckoning":
            base += 0.3
        return base

    def _scheme_tasks(self, view: GameView, m: Model, scheme, enemies, turn) -> list[Task]:
        st = view.state
        key = scheme.key
        tasks: list[Task] = []
        spots = self._marker_spots(view, key)
        if spots:
            side = self.side
            mine = tuple([(mk.x, mk.y) for mk in st.markers.values()
                          if mk.kind == "scheme" and mk.side == side])
            stop = m.r + MARKER_RADIUS + 0.04
            # The same spots and Markers give the same tasks (Tasks are immutable).
            memo = (key, stop, mine)
            known = self._marker_tasks.get(memo)
            if known is None:
                known = []
                hypot = math.hypot
                near = MARKER_SPACING - 0.3
                for i, spot in enumerate(spots):
                    sx, sy = spot
                    for x, y in mine:
                        if hypot(x - sx, y - sy) < near:
                            break
                    else:
                        known.append(Task(f"marker:{key}:{i}", "marker", spot, 1.4, "", key,
                                          stop))
                self._marker_tasks[memo] = known
            tasks += known
        if key not in _SCHEME_TASK_KEYS:
            return tasks
        noted = {role: st.models[idx] for role, idx in scheme.noted.items()}
        if key in ("distract", "cursed-object") and not m.p.is_peon and not m.p.is_leader:
            condition = "distracted" if key == "distract" else "cursed_object"
            for e in enemies:
                if e.p.is_peon or condition in e.conditions:
                    continue
                tasks.append(_task((f"{key}:{e.id}", "interact_enemy", (e.x, e.y), 1.0, e.id,
                                    key, m.r + e.r + 0.8)))
        elif key == "deliver-a-message" and not scheme.done:
            leader = st.sides[1 - self.side].leader
            if leader is not None and leader.in_play and not m.p.is_leader and not m.p.is_peon:
                tasks.append(Task("deliver", "interact_enemy", (leader.x, leader.y), 1.6,
                                  target=leader.id, scheme=key,
                                  stop=m.r + leader.r + max(m.p.engagement_range - 0.2, 0.3)))
        elif key == "entourage" and noted.get("model") is m and turn >= 2:
            zone = st.sides[1 - self.side].zone
            tasks.append(Task("entourage", "go", _clamp(zone.centroid()), 2.0, scheme=key))
        elif key == "bodyguard" and noted.get("model") is m:
            zone = st.sides[self.side].zone
            zx, zy = zone.centroid()
            cx, cy = st.table.centre
            d = math.hypot(cx - zx, cy - zy) or 1.0
            spot = (zx + (cx - zx) / d * 11.0, zy + (cy - zy) / d * 11.0)
            tasks.append(Task("bodyguard", "go", _clamp(spot), 1.8, scheme=key))
        elif key == "take-prisoner" and turn >= 4:
            prisoner = noted.get("enemy")
            if prisoner is not None and prisoner.in_play and not m.p.is_peon:
                tasks.append(Task("prisoner", "engage", (prisoner.x, prisoner.y), 1.8,
                                  target=prisoner.id, scheme=key,
                                  stop=m.r + prisoner.r + max(m.p.engagement_range - 0.2, 0.3)))
        elif key == "outflank" and turn >= 3 and not m.p.is_peon:
            a, b = st.table.centerline_ends()
            for i, end in enumerate((a, b)):
                length = math.hypot(b[0] - a[0], b[1] - a[1])
                ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
                sign = 1 if i == 0 else -1
                spot = (end[0] + ux * sign * 2.0, end[1] + uy * sign * 2.0)
                tasks.append(Task(f"outflank:{i}", "go", _clamp(spot), 1.4, scheme=key))
        elif key in ("spring-the-trap", "plant-explosives") and not scheme.done:
            leader = st.sides[1 - self.side].leader
            targets = [leader] if key == "spring-the-trap" and leader is not None else enemies
            for e in targets[:3]:
                if e is None or not e.in_play:
                    continue
                tasks.append(Task(f"{key}:{e.id}", "marker_near", (e.x, e.y), 0.8,
                                  target=e.id, scheme=key, stop=m.r + e.r + 1.5))
        return tasks

    def _marker_spots(self, view: GameView, key: str) -> list[Point]:
        if key in self._spots:
            return self._spots[key]
        st = view.state
        table = st.table
        side = self.side
        own = st.sides[side].zone
        enemy = st.sides[1 - side].zone
        spots: list[Point] = []
        # The grid searches read only the zones and the Centerline, which the deployment
        # fixes: they are worked out once per deployment and zone, not once a game.
        grid_key = (key, table.deployment, own.index, enemy.index)
        grid = _GRID_SPOTS.get(grid_key) if key in _GRID_SCHEMES else None
        if grid is not None:
            spots = list(grid)
        elif key == "a-line-in-the-sand":
            (ax, ay), (bx, by) = table.centerline
            spots = [(ax + (bx - ax) * t, ay + (by - ay) * t) for t in (0.5, 0.3, 0.7, 0.12, 0.88)]
        elif key in ("breakthrough", "watchful-eyes"):
            spots = _grid(st, lambda x, y: 3.0 <= enemy.base_distance(x, y, MARKER_RADIUS) <= 5.5,
                          toward=own.centroid())
            if key == "watchful-eyes":
                near_own = _grid(st, lambda x, y: own.base_distance(x, y, MARKER_RADIUS) <= 4.0
                                 and not own.contains_point(x, y), toward=table.centre)
                spots = near_own[:2] + spots[:2]
        elif key == "protect-territory":
            spots = _grid(st, lambda x, y: 6.5 <= own.base_distance(x, y, MARKER_RADIUS) <= 9.0
                          and table.half_of(x, y) == own.index, toward=own.centroid())
        elif key == "power-ritual":
            own_corner = False
            for cx, cy in table.corners():
                in_own = own.base_distance(cx, cy, 0.0) <= 1e-6
                if in_own and own_corner:
                    continue
                own_corner = own_corner or in_own
                sx = cx + (4.0 if cx < 18 else -4.0)
                sy = cy + (4.0 if cy < 18 else -4.0)
                spots.append((sx, sy))
            spots.sort(key=lambda p: math.hypot(p[0] - own.centroid()[0], p[1] - own.centroid()[1]))
        elif key == "plant-evidence":
            ox, oy = own.centroid()
            for piece in table.terrain:
                px, py = (piece.x0 + piece.x1) / 2, (piece.y0 + piece.y1) / 2
                if table.half_of(px, py) != enemy.index:
                    continue
                bx, by = min(max(ox, piece.x0), piece.x1), min(max(oy, piece.y0), piece.y1)
                if piece.shape == "circle":
                    d = math.hypot(ox - piece.x, oy - piece.y) or 1.0
                    bx = piece.x + (ox - piece.x) / d * piece.w
                    by = piece.y + (oy - piece.y) / d * piece.w
                d = math.hypot(ox - bx, oy - by) or 1.0
                spots.append((bx + (ox - bx) / d * (MARKER_RADIUS + 0.03),
                              by + (oy - by) / d * (MARKER_RADIUS + 0.03)))
            spots.sort(key=lambda p: math.hypot(p[0] - ox, p[1] - oy))
        elif key == "gathering-power":
            spots = _grid(st, lambda x, y: table.half_of(x, y) == own.index
                          and not own.contains_point(x, y), toward=table.centre)
        if key in _GRID_SCHEMES and grid is None:
            if len(_GRID_SPOTS) > 1024:
                _GRID_SPOTS.clear()
            _GRID_SPOTS[grid_key] = tuple(spots)
        spots = [(snap(x), snap(y)) for x, y in spots
                 if MARKER_RADIUS <= x <= 36 - MARKER_RADIUS
                 and MARKER_RADIUS <= y <= 36 - MARKER_RADIUS
                 and not any(p.point_dist(x, y) < MARKER_RADIUS for p in table.impassable)]
        spaced: list[Point] = []
        for p in spots:
            if all(math.hypot(p[0] - q[0], p[1] - q[1]) >= MARKER_SPACING for q in spaced):
                spaced.append(p)
        self._spots[key] = spaced[:6]
        return self._spots[key]

    def _strategy_tasks(self, view: GameView, m: Model, turn: int) -> list[Task]:
        st = view.state
        strategy = view.strategy
        tasks: list[Task] = []
        counts = not m.p.is_peon and not m.p.talents.insignificant
        if strategy == "turf-war" and counts:
            # The same three tasks for every model of a base size (Tasks are immutable).
            turf = self._turf_tasks.get(m.r)
            if turf is None:
                cx, cy = st.table.centre
                turf = self._turf_tasks[m.r] = [
                    Task(f"turf:{i}", "go", (cx, cy), 1.2 - 0.3 * i,
                         stop=m.r + MARKER_RADIUS + 3.5) for i in range(3)]
            tasks += turf
        elif strategy == "reconnoiter" and counts:
            quarters = self._spots.get("quarters")
            if quarters is None:
                own = st.sides[self.side].zone.index
                quarters = [Task(f"quarter:{q}:{i}", "go", (x, y), (
                    1.1 if st.table.half_of(x, y) == own else 0.8) - 0.3 * i, stop=2.0)
                    for q, (x, y) in enumerate(((9.0, 9.0), (27.0, 9.0), (9.0, 27.0),
                                                (27.0, 27.0)))
                    for i in range(2)]
                self._spots["quarters"] = quarters
            tasks += quarters
        elif strategy == "squatters-rights":
            for marker in st.markers_of("squat"):
                if marker.claimed == self.side:
                    continue
                tasks.append(Task(f"squat:{marker.id}", "claim", marker.pos, 1.5,
                                  target=str(marker.id), stop=m.r + MARKER_RADIUS + 0.04))
        elif strategy == "stake-a-claim":
            own = st.sides[self.side].zone.index
            theirs = [c for c in st.markers_of("claim") if st.table.half_of(c.x, c.y) != own]
            stake = self._spots.get("stake")
            if stake is None:
                # The table and the zone do not change during a game.
                stake = [_enemy_half_spot(st, own, x) for x in (9.0, 27.0, 18.0)]
                self._spots["stake"] = stake
            for i, spot in enumerate(stake):
                if any(math.hypot(c.x - spot[0], c.y - spot[1]) < 7.5 for c in theirs):
                    continue
                tasks.append(Task(f"stake:{i}", "stake", spot, 1.5, stop=0.5))
        return tasks

    # -- doing the task -------------------------------------------------------------------

    def _task_interact(self, view: GameView, m: Model, task: Task) -> Command | None:
        st = view.state
        kind = task.kind
        if kind == "marker" and _near(m, task.spot, task.stop + 0.15):
            return self._place(view, m, task.spot, "scheme_marker")
        if kind == "marker_near":
            target = view.state.model(task.target)
            radius = 4.0 if task.scheme == "spring-the-trap" else 3.0
            if target is not None and target.in_play and st.edge(m, target) <= radius - 1.5:
                mine = st.markers_of("scheme", self.side)
                if not any(_gap(target, mk) <= radius for mk in mine):
                    return self._place(view, m, (target.x, target.y), "scheme_marker")
        if kind == "claim":
            command = Interact("claim", target=task.target)
            if view.check(m.id, command) == "":
                return command
        if view.strategy == "stake-a-claim" and view.game.ap >= 2 and self._stake_here(view, m):
            command = self._place(view, m, (m.x, m.y + 1.0), "stake")
            if command is not None:
                return command
        if kind == "interact_enemy":
            what = {"distract": "distract", "cursed-object": "cursed_object",
                    "deliver-a-message": "deliver"}[task.scheme]
            command = Interact(what, target=task.target)
            if view.check(m.id, command) == "":
                return command
        if "distracted" in m.conditions and view.game.ap >= 2 and not st.is_engaged(m):
            command = Interact("shake_distracted")
            if view.check(m.id, command) == "":
                return command
        if "cursed_object" in m.conditions and not st.is_engaged(m):
            command = Interact("shake_curse")
            if view.check(m.id, command) == "":
                return command
        return None

    def _stake_here(self, view: GameView, m: Model) -> bool:
        """Stake a Claim where it stands: well into the enemy half, and no Claim Marker on
        that half within 6" (the Interact would discard it)."""
        st = view.state
        table = st.table
        enemy_half = 1 - st.sides[self.side].zone.index
        if table.half_of(m.x, m.y) != enemy_half or table.centerline_distance(m.x, m.y) < 2.0:
            return False
        if st.is_engaged(m):
            return False
        return not any(math.hypot(c.x - m.x, c.y - m.y) - c.r - m.r <= 6.5
                       for c in st.markers_of("claim"))

    def _place(self, view: GameView, m: Model, spot: Point, what: str) -> Command | None:
        for at in [spot, *contact_spots(view.state, m, toward=spot)]:
            command = Interact(what, at=at)
            if view.check(m.id, command) == "":
                return command
        return None

    def _best_attack(self, view: GameView, m: Model) -> tuple[Command | None, float]:
        """The attack worth most now (the same reach rules as ``actions.check``)."""
        st = view.state
        best, best_worth = None, 0.0
        focus = "focused" in m.conditions
        game = view.game
        if not m.p.attacks:
            return None, 0.0
        reach = _reaches(m.p)[1]
        mx, my, mr = m.x, m.y, m.r
        hypot = math.hypot
        # Each enemy in reach with its ``st.edge(m, e)``, worked out once.
        enemies = []
        for e in st.side_in_play(1 - self.side):
            ex, ey, er = e.x, e.y, e.r
            apart = hypot(ex - mx, ey - my)
            if apart - er - mr <= reach + 1e-6:
                gap = apart - mr - er
                enemies.append((e, gap if gap > 0.0 else 0.0))
        if not enemies:
            return None, 0.0
        engaged = None
        for action in m.p.attacks:
            if not action.resists:
                continue
            have = game.ap + game.extra_ap.get(action.stat, 0)
            if (action.ap == 0 and game.zero_used) or have < action.ap:
                continue
            if action.kind == "pulse" and any(
                    f is not m and f.in_play and st.edge(m, f) <= action.range + 1e-6
                    for f in st.sides[m.side].models):
                continue  # a Pulse would hit friends too
            for e, gap in enemies:
                if gap > action.range + 1e-6:
                    continue
                if action.kind == "projectile":
                    if engaged is None:
                        engaged = st.is_engaged(m)
                    if engaged:
                        break
                # The worth first: line of sight (pure, like the worth, and dearer to
                # work out) matters only for an attack that would beat the best so far.
                worth = self._attack_worth(view, m, action, e, above=best_worth, gate=st.los)
                if worth > best_worth and st.los(m, e):
                    best, best_worth = Attack(action.name, e.id, focus), worth
        return best, best_worth

    def _attack_worth(self, view: GameView, m: Model, action: ActionProfile, e: Model,
                      focused: int | None = None, above: float | None = None,
                      gate=None) -> float:
        """What the attack is worth (cached). With ``above``, a caller that only wants a
        worth greater than ``above`` gets ``above`` back when a cheap upper bound shows
        the worth cannot beat it, or, when the odds are not known yet, when ``gate(m, e)``
        (pure: the caller's own later test, such as line of sight) fails: the exact odds
        (dear) are then not worked out."""
        track = action.damage
        if track is None:
            return 0.0
        at = m.p.talents
        cover = 0
        if action.kind == "projectile":
            cover = view.state.cover_from(m, e)
            if cover == 1 and at.ignores_soft_cover:
                cover = 0
        resist = action.resist or "df"
        if " or " in resist:  # the target picks the better ("Df or Wp")
            resist = max(action.resists, key=lambda s: getattr(e.p, s) or 0)
        focus = m.conditions.get("focused", 0) if focused is None else focused
        defensive = e.conditions.get("defensive", 0) if resist == "df" else 0
        # The answer reads only these (talents, stats and the track never change in a
        # game): an attack is weighed again and again while nothing changes, so the
        # cache is read before anything else is worked out.
        key = (id(action), m.idx, e.idx, cover, focus, defensive, e.wounds)
        known = self._attack_worths.get(key)
        if known is not None and known[0] is action:
            return known[1]
        tt = e.p.talents
        # ``_after_reductions`` inlined, its talent reads done once.
        keep = at.ignores_armor_incorporeal
        halve = tt.incorporeal and action.stat in ("ml", "sh")
        armor = tt.armor + (tt.thick_hide if action.stat == "sh" else 0)
        amounts = []
        for raw in (0, track.weak, track.moderate, track.severe, track.severe + track.weak):
            if raw <= 0:
                amount = 0
            elif keep:
                amount = raw
            else:
                amount = (raw + 1) // 2 if halve else raw
                if armor:
                    amount = max(1, amount - armor)
            amounts.append(amount)
        wounds = e.wounds
        base = self._worth(view, e)
        positive = 0
        negative = 1 if cover else 0
        if action.stat == "sh" and tt.shifting_shape:
            negative += 1
        if (action.stat == "ml" and at.paired_melee) or (action.stat == "sh" and at.paired_ranged):
            positive += 1
        args = (action.value or 1, positive, negative,
                focus, getattr(e.p, resist, e.p.df), defensive,
                1 if tt.shaken and resist in ("df", "wp") else 0, action.tn or 0,
                (track.weak, track.moderate, track.severe),
                tt.hard_to_wound + (1 if cover == 2 else 0) - tt.fragile)
        known = _ODDS.get(args)
        if known is None and above is not None:
            # The odds are dear: first an upper bound of the worth below, with the odds'
            # sum taken as 1 (plus a margin far above any rounding), then the caller's
            # own test.
            top = max(amounts)
            if base > 0.0 and base * (min(top * 1.000001, wounds) / max(e.p.wd, 1) + (
                    1.500001 if top >= wounds else 0.0)) * 1.000001 <= above:
                return above
            if gate is not None and not gate(m, e):
                return above
        if known is None:
            known = attack_odds(*args)
        severities = known[1]
        expected = kill = 0.0
        for p, amount in zip(severities, amounts, strict=True):
            expected += p * amount
            if amount >= wounds:
                kill += p
        worth = base * (min(expected, e.wounds) / max(e.p.wd, 1) + 1.5 * kill)
        self._attack_worths[key] = (action, worth)
        return worth

    def _charge(self, view: GameView, m: Model, task: Task) -> Command | None:
        target = view.state.model(task.target)
        if target is None or m.p.cg is None or not m.p.close_attacks:
            return None
        spot = charge_spot(view.state, m, target)
        if spot is None:
            return None
        command = Charge(target.id, spot)
        return command if view.check(m.id, command) == "" else None

    def _stay_engaged(self, view: GameView, m: Model, task: Task) -> bool:
        """An engaged fighter with nothing to hit stays, unless its task is elsewhere; a
        model without a Close attack walks out to use its others."""
        return bool(m.p.close_attacks) and task.kind in ("kill", "engage", "lead", "hold")

    def _brace(self, view: GameView, m: Model) -> Command:
        """Nothing to do while engaged: Defensive Stance with a low card, if it has one."""
        low = [c for c in view.hand if c.joker is None and c.value <= 5]
        if low and not m.p.talents.no_defensive:
            card = min(low, key=lambda c: (c.value, c.code))
            return DefensiveStance(1, card.code)
        return EndActivation()

    def _walk(self, view: GameView, m: Model, task: Task) -> Command | None:
        st = view.state
        if _near(m, task.spot, task.stop + 0.3):
            return None
        if "pinned" in m.conditions:
            return None
        goal = task.spot
        if task.kind in ("kill", "engage", "interact_enemy", "marker_near"):
            target = view.state.model(task.target)
            if target is not None:
                goal = (target.x, target.y)
        path = path_toward(st, m, goal, m.p.wk, stop=task.stop)
        if st.table.standable and task.kind == "kill":
            perch = _perch(st, m, view.state.model(task.target), path)
            if perch is not None:
                return Walk(perch)
        if path is None:
            return None
        if m.p.is_leader and task.kind == "lead":
            end = path[-1]
            threats = len([e for e in view.state.side_in_play(1 - self.side)
                           if math.hypot(e.x - end[0], e.y - end[1]) - e.r - m.r
                           <= e.p.wk + e.p.engagement_range + 1.0])
            if threats >= 2:
                return None
        # ``path_toward`` only proposes paths ``path_cost`` accepts.
        return Walk(path)


#: Schemes whose Marker spots come from grid searches over the zones alone, and those
#: searches' results by (Scheme, deployment, own zone, enemy zone).
_GRID_SCHEMES = frozenset({"breakthrough", "watchful-eyes", "protect-territory",
                           "gathering-power"})
_GRID_SPOTS: dict[tuple, tuple[Point, ...]] = {}

#: The Schemes ``_scheme_tasks`` has tasks for besides Scheme Marker spots.
_SCHEME_TASK_KEYS = frozenset({
    "distract", "cursed-object", "deliver-a-message", "entourage", "bodyguard",
    "take-prisoner", "outflank", "spring-the-trap", "plant-explosives"})

#: Conditions that hurt the model that has them, and those that help it.
_BANE = {"burning": 1.0, "poison": 1.0, "slow": 1.2, "paralyzed": 2.5, "injured": 0.8,
         "stunned": 0.6, "pinned": 0.5}
_BOON = {"shielded": 1.0, "defensive": 0.8, "focused": 0.6, "fast": 0.0}


class HeuristicCommander(BaselineCommander):
    """The baseline's planning, played like a player (simulator 1.2):

    - tactical actions and (0) actions that pay (a heal where wounds are, a Condition on
      enemies in its Pulse or on itself, ending a bane on a friend, a card drawn with AP
      that would otherwise be lost);
    - Focus before an attack when one Focused attack is worth more than two plain ones,
      and Focus spent on a Charge's first attack;
    - a Charge at any enemy it can reach when the two attacks pay, not only its task's;
    - no AP left unspent without a reason: an idle model Focuses or braces (Defensive
      Stance) when an enemy could reach it, draws with a tactical action, or ends;
    - (simulator 1.6) the attack or tactical trigger that pays most, or none
      (``trigger_choice``),
      and a summon while the summoned model has Turns left to act.
    """

    def __init__(self, *, aggression: float = 1.0) -> None:
        super().__init__(aggression=aggression)
        #: Task keys done this Turn (set here, not on first use: attributes added later
        #: or deleted make every attribute read on the commander slower).
        self._skip: set[str] = set()
        self._skip_turn: int | None = None
        self._triggers = TriggerChoice()
        #: ``_any_charge`` found nothing this call already (``_before_walk``).
        self._no_charge = False

    def duel_decisions(self, view: GameView, context: DuelContext):
        """Greedy, but an attack or a tactical action declares the trigger that pays most
        (``trigger_choice``)."""
        if (context.role != "attacker" or context.kind != "attack") \
                and context.kind != "tactical":
            return self._greedy
        return self._triggers.aimed(view, context)

    def choose_command(self, view: GameView, model: str) -> Command:
        m = view.state.model(model)
        tactical = self._best_tactical(view, m, zero_only=view.game.ap < 1)
        if tactical is not None:
            return tactical
        self._no_charge = False
        command = super().choose_command(view, model)
        if view.game.ap >= 2 and _placements(m.p) and not isinstance(command, Interact | Tactical):
            step = self._step_out(view, m)
            if step is not None:
                return step
        if isinstance(command, Attack) and not command.focus and view.game.ap >= 2:
            focus = self._focus_first(view, m, command)
            if focus is not None:
                return focus
        if isinstance(command, Walk | EndActivation) and view.game.ap >= 2 \
                and not self._no_charge and not view.state.is_engaged(m):
            charge = self._any_charge(view, m)
            if charge is not None:
                return charge
        if isinstance(command, Charge) and "focused" in m.conditions and not command.focus:
            focused = Charge(command.target, command.to, command.attacks, True)
            if view.check(m.id, focused) == "":
                return focused
        if isinstance(command, EndActivation) and view.game.ap >= 1:
            return self._spend_idle(view, m)
        return command

    def _before_walk(self, view: GameView, m: Model) -> Command | None:
        """Not engaged and no attack: the Walk or the end that would come next is
        replaced by a Charge that pays (``choose_command``), so that Charge is looked
        for first, and the Walk's path only worked out when there is none. (Not engaged,
        ``_step_out`` finds nothing.)"""
        if view.game.ap < 2:
            return None
        charge = self._any_charge(view, m)
        if charge is None:
            self._no_charge = True
        return charge

    def _step_out(self, view: GameView, m: Model) -> Command | None:
        """Engaged while its task is a spot to reach (a Scheme or Strategy spot): a
        tactical action that places this model beside another model (Step Out) leaves
        the engagement without disengaging strikes. Taken when that model stands clear of
        enemies and beside it is nearer the spot by more than a Walk, with at least even
        odds on the action's TN (docs/rules-decisions.md, "Simulator 1.6")."""
        task = self._task.get(m.id)
        if task is None or task.kind not in _SPOT_TASKS:
            return None
        st = view.state
        sx, sy = task.spot
        here = math.hypot(sx - m.x, sy - m.y)
        if here <= m.p.wk + task.stop or not st.is_engaged(m):
            return None
        for action in _placements(m.p):
            if action.ap > view.game.ap:
                continue
            if action.tn is not None and (14 - action.tn + (action.value or 0)) / 13 < 0.5:
                continue
            best, best_gain = None, float(m.p.wk)
            for t in st.models:
                if t is m or not t.in_play or st.edge(m, t) > action.range + 1e-6:
                    continue
                gain = here - math.hypot(sx - t.x, sy - t.y) - t.r - m.r
                if gain <= best_gain or any(
                        st.edge(e, t) <= e.p.engagement_range + 2 * m.r + 0.5
                        for e in st.side_in_play(1 - self.side)):
                    continue
                command = Tactical(action.name, target=t.id)
                if view.check(m.id, command) == "":
                    best, best_gain = command, gain
            if best is not None:
                return best
        return None

    # -- tactical actions ----------------------------------------------------------------

    def _best_tactical(self, view: GameView, m: Model, *, zero_only: bool) -> Command | None:
        game = view.game
        best, best_worth = None, 0.9
        for action in _weighed_tacticals(m.p):
            if zero_only and action.ap != 0:
                continue
            if action.ap == 0 and game.zero_used:
                continue
            for effect in action.effect:
                if _could_help(view, m, effect, action.range):
                    break
            else:
                continue  # nobody it could help
            ceiling = _ceiling(view.state, m, action)
            if ceiling is not None:
                # At most 0 (then at most 0.4 less the price), or at most the best
                # without the Pulse and line of sight looked at: never above the best.
                if ceiling < -1e-6:
                    continue
                bound = ceiling * 1.000001 + 1e-6  # a margin far above any rounding
                if action.tn is not None:
                    bound *= min(1.0, max(0.0, (14 - action.tn + (action.value or 0)) / 13))
                if bound - (0.5 * action.ap - (0.4 if action.ap == 0 else 0.0)) <= best_worth:
                    continue
            targets: list[Model | None] = [None]
            if "target" in [e.who for e in action.effect]:
                targets = [t for t in view.state.models if t.in_play
                           and view.state.edge(m, t) <= action.range + 1e-6]
            for target in targets:
                # The worth first: the rules check (pure, like the worth) is only needed
                # for an action that would beat the best so far.
                worth = 0.0
                for effect in action.effect:
                    if effect.kind == "summon":
                        worth += _summon_worth(effect, m, game)
                        continue
                    if effect.who in ("self", "target"):
                        for who in affected_models(game, m, target, effect, action.range):
                            worth += _effect_worth(effect, m, who)
                        continue
                    # ``affected_models`` with line of sight (the dear part) looked at only
                    # where the effect is worth something: a zero adds nothing to the sum.
                    los = view.state.los
                    for who in pulse_reach(game, m, effect, action.range):
                        value = _effect_worth(effect, m, who)
                        if value and los(m, who):
                            worth += value
                price = 0.5 * action.ap - (0.4 if action.ap == 0 else 0.0)
                if action.tn is not None:
                    # The chance a flip reaches the TN (a card of 1 to 13, Jokers aside).
                    need = action.tn - (action.value or 0)
                    worth *= min(1.0, max(0.0, (14 - need) / 13))
                    if action.tn_suits:
                        # The suits' odds are at most 1 (and the price at least -0.4): a
                        # worth that cannot beat the best without them is not weighed.
                        if worth <= 0.0 or worth - price <= best_worth:
                            continue
                        worth *= _suited_odds(view, action, need)
                worth -= price
                if worth <= best_worth:
                    continue
                command = Tactical(action.name, target=target.id if target else "")
                if view.check(m.id, command):
                    continue
                best, best_worth = command, worth
        return best

    # -- Focus and Charge ----------------------------------------------------------------

    def _focus_first(self, view: GameView, m: Model, attack: Attack) -> Command | None:
        if "focused" in m.conditions or m.p.talents.no_focus:
            return None
        action = m.p.action(attack.action)
        target = view.state.model(attack.target)
        if action is None or target is None or action.ap != 1 or view.game.ap != 2:
            return None
        plain = self._attack_worth(view, m, action, target, 0)
        focused = self._attack_worth(view, m, action, target, 1, 2.0 * plain)
        if focused > 2.0 * plain and view.check(m.id, Focus()) == "":
            return Focus()
        return None

    def _any_charge(self, view: GameView, m: Model) -> Command | None:
        if m.p.cg is None or not m.p.close_attacks or m.p.talents.no_charge:
            return None
        st = view.state
        best_worth = ATTACK_WORTH * 2 / self.aggression
        reach = m.p.cg + m.p.engagement_range
        blow = next((a for a in m.p.close_attacks if a.ap == 1), None)
        if blow is None:
            return None
        options = []
        mx, my, mr = m.x, m.y, m.r
        hypot = math.hypot
        # A target without a Charge spot is never charged: its odds (dear) are not needed.
        spots: dict[int, Point | None] = {}

        def gate(m, e):
            spot = spots[e.idx] = charge_spot(st, m, e)
            return spot is not None

        for e in st.side_in_play(1 - self.side):
            gap = hypot(mx - e.x, my - e.y) - mr - e.r  # ``st.edge(m, e)``
            if gap > reach + 1e-6:
                continue
            # ``2 * w > best`` is ``w > best / 2`` to the bit (halving and doubling are exact).
            worth = 2 * self._attack_worth(view, m, blow, e, above=best_worth / 2, gate=gate)
            if worth > best_worth:
                options.append((worth, e.id, e))
        for _, _, e in sorted(options, key=lambda o: (-o[0], o[1])):
            spot = spots[e.idx] if e.idx in spots else charge_spot(st, m, e)
            if spot is None:
                continue
            command = Charge(e.id, spot, (), "focused" in m.conditions)
            if view.check(m.id, command) == "":
                return command
        return None

    def _spend_idle(self, view: GameView, m: Model) -> Command:
        """AP left and nothing planned: brace if an enemy could reach it, else draw or
        Focus for a later attack this Activation; end only when none of these helps."""
        st = view.state
        threatened = False
        for e in st.side_in_play(1 - self.side):
            if st.edge(m, e) <= (e.p.cg or e.p.wk) + e.p.engagement_range + 2.0:
                threatened = True
                break
        if threatened:
            brace = self._brace(view, m)
            if not isinstance(brace, EndActivation) and view.check(m.id, brace) == "":
                return brace
        for action in _tacticals(m.p):
            if all(e.kind == "draw" for e in action.effect):
                command = Tactical(action.name)
                if view.check(m.id, command) == "":
                    return command
        if not threatened and "pinned" not in m.conditions:
            walk = self._next_task_walk(view, m)
            if walk is not None:
                return walk
        return EndActivation()

    def _next_task_walk(self, view: GameView, m: Model) -> Command | None:
        """Its task is done or waits here: a Walk toward the next best task."""
        done = self._task.get(m.id)
        if done is None:
            return None
        self._skip = {*self._skip, done.key}
        task = self._choose_task(view, m)
        if task.kind == "hold":
            return None
        walk = self._walk(view, m, task)
        if walk is not None:
            self._task[m.id] = task
        return walk

    def _choose_task(self, view: GameView, m: Model) -> Task:
        if self._skip_turn != view.state.turn:
            self._skip, self._skip_turn = set(), view.state.turn
        return super()._choose_task(view, m)

    def _task_options(self, view: GameView, m: Model) -> list[Task]:
        """The tasks, less those already done this Turn (``_next_task_walk``)."""
        tasks = self._tasks(view, m)
        skip = self._skip
        return [t for t in tasks if t.key not in skip] if skip else tasks


_TACTICALS: dict[int, tuple] = {}


def _tacticals(profile) -> tuple:
    """A profile's played tactical actions (cached: profiles do not change in a game)."""
    key = id(profile)
    found = _TACTICALS.get(key)
    if found is None or found[0] is not profile:
        found = (profile, tuple(a for a in profile.actions if not a.is_attack and a.modelled
                                and a.effect))
        if len(_TACTICALS) > 4096:
            _TACTICALS.clear()
        _TACTICALS[key] = found
    return found[1]


#: The effect kinds ``_effect_worth`` and ``_summon_worth`` give a worth; any other
#: adds 0.0.
_WORTHY_KINDS = frozenset({"heal", "gain", "remove", "draw", "sacrifice", "summon"})

_WEIGHED: dict[int, tuple] = {}


def _weighed_tacticals(profile) -> tuple:
    """The ``_tacticals`` ``_best_tactical`` weighs: those with an effect it gives a worth.
    Without one, the worth is 0.0 less the AP's price, at most 0.4: never above the 0.9
    an action must beat, so they are left out before any work (cached as
    ``_tacticals``)."""
    key = id(profile)
    found = _WEIGHED.get(key)
    if found is None or found[0] is not profile:
        found = (profile, tuple(a for a in _tacticals(profile)
                                if any(e.kind in _WORTHY_KINDS for e in a.effect)))
        if len(_WEIGHED) > 4096:
            _WEIGHED.clear()
        _WEIGHED[key] = found
    return found[1]


#: Tasks that are a spot to reach (a Scheme Marker, a Strategy spot or Marker).
_SPOT_TASKS = frozenset({"marker", "go", "claim", "stake"})


_PLACEMENTS: dict[int, tuple] = {}


def _placements(profile) -> tuple:
    """A profile's tactical actions that place this model beside their target (Step Out:
    "Unbury this model in base contact with the target" by a model in play); cached as
    ``_tacticals``."""
    key = id(profile)
    found = _PLACEMENTS.get(key)
    if found is None or found[0] is not profile:
        found = (profile, tuple(a for a in _tacticals(profile)
                                if any(e.kind in ("place", "unbury") and e.name == "target"
                                       for e in a.effect)))
        if len(_PLACEMENTS) > 4096:
            _PLACEMENTS.clear()
        _PLACEMENTS[key] = found
    return found[1]


def _could_help(view: GameView, m: Model, effect, reach: float) -> bool:
    """A cheap first look: is there anyone this effect could change for the better?
    (A heal: a wounded friend; removing Conditions: a model with one; gaining a
    Condition: an enemy for a bane, a friend for a boon.)"""
    kind = effect.kind
    if kind == "draw":
        return False  # only to spend AP that would otherwise be lost (``_spend_idle``)
    side = m.side
    if kind == "heal":
        test = 0
    elif kind == "remove":
        test = 1
    elif kind == "gain":
        test = 2
        bane = effect.name in _BANE
    else:
        return True
    if effect.who == "self":
        if test == 0:
            return m.wounds < m.p.wd
        if test == 1:
            return bool(m.conditions)
        return not bane
    distance = (reach if effect.area in ("range", "") else effect.distance) + 1e-6
    mx, my, mr = m.x, m.y, m.r
    hypot = math.hypot
    # One pass with an early exit: the models in reach that the effect would help.
    for o in view.state.models:
        if not o.in_play:
            continue
        gap = hypot(mx - o.x, my - o.y) - mr - o.r
        if (gap if gap > 0.0 else 0.0) > distance:
            continue
        if test == 0:
            if o.side == side and o.wounds < o.p.wd:
                return True
        elif test == 1:
            if o.conditions:
                return True
        elif (o.side != side) == bane:
            return True
    return False


def _ceiling(st: GameState, m: Model, action) -> float | None:
    """A cheap upper bound of the sum of the action's effect worths in ``_best_tactical``
    (before the TN's odds), without its Pulse's reach or line of sight: a model's own
    sacrifice, and every model a Condition or a heal could help, each at the most it
    could be worth. None when an effect has no such bound here."""
    ceiling = 0.0
    for effect in action.effect:
        kind, who = effect.kind, effect.who
        if kind == "sacrifice" and who == "self":
            ceiling += _effect_worth(effect, m, m) if m.in_play else 0.0
        elif kind == "heal" and who in ("self", "enemy", "friendly", "any"):
            if who == "enemy":
                continue  # a heal on enemies is worth at most 0
            most = float(effect.value or 1)
            for o in ([m] if who == "self" else st.sides[m.side].models):
                if o.in_play and (o is not m or who == "self"):
                    missing = o.p.wd - o.wounds
                    if missing > 0:
                        ceiling += min(missing, most)
        elif kind == "gain" and who in ("enemy", "friendly", "any") and (
                effect.value or 1) > 0:
            # Every model its Pulse could reach, each at the most the Condition is worth.
            if effect.name in _BANE:
                each, on = _BANE[effect.name], 1 - m.side  # a bane is worth on enemies
            else:
                each, on = _BOON.get(effect.name, 0.0), m.side
            if who == ("friendly" if on != m.side else "enemy"):
                continue  # only on the side it hurts: at most 0
            count = len([o for o in st.sides[on].models if o.in_play and o is not m])
            ceiling += count * each * float(effect.value or 1)
        else:
            return None
    return ceiling


def _effect_worth(effect, source: Model, who: Model) -> float:
    """Roughly what one effect on one model is worth to ``source``'s side (in wounds)."""
    friend = who.side == source.side
    sign = 1.0 if friend else -1.0
    kind = effect.kind
    if kind == "heal":
        missing = who.p.wd - who.wounds
        return sign * min(missing, float(effect.value or 1)) if missing > 0 else 0.0
    if kind == "gain":
        value = float(effect.value or 1)
        if effect.name in _BANE:
            if effect.name in ("slow", "paralyzed") and who.activated:
                return 0.0  # it ends with an Activation already taken
            return -sign * _BANE[effect.name] * value
        if who is source and effect.name in ("fast", "focused"):
            return 0.0 if effect.name == "fast" else 0.3
        return sign * _BOON.get(effect.name, 0.0) * value
    if kind == "remove":
        names = list(who.conditions) if effect.name == "any" else [effect.name]
        total = 0.0
        for name in names:
            if name in who.conditions:
                total += sign * (_BANE.get(name, 0.0) - _BOON.get(name, 0.0)) * max(
                    1, who.conditions[name])
        return total
    if kind == "draw":
        return 0.5 * float(effect.value or 1)
    if kind == "sacrifice":
        # The model is lost (``table_effects``): never a price for a small effect.
        return -sign * float(who.wounds + who.p.cost + 2)
    return 0.0


def _suited_odds(view: GameView, action, need: int) -> float:
    """A TN that requires suits ("TN 13 Mask"): a hand card that meets both can be
    cheated in (nearly sure); else a flip carries one of the four suits a quarter of the
    time."""
    wanted = {s for s in action.tn_suits if s not in action.suits}
    if not wanted:
        return 1.0
    if len(wanted) == 1:
        suit = next(iter(wanted))
        if any(c.joker is None and c.value >= need and c.suit is suit for c in view.hand):
            return 0.9
    return 0.25 ** len(wanted)


def _summon_worth(effect, source: Model, game) -> float:
    """A model summoned into the crew: its Wounds and cost, for the Turns it has left to
    act (none from the fifth on: the game may end), nothing without its card or past its
    Rare limit (``table_effects.summon`` would fail)."""
    st = game.state
    if st.turn >= 5:
        return 0.0  # no Turn left to act: nothing, card or not
    card = summon_card(game, source.side, effect.name)
    if card is None:
        return 0.0
    limit = 1 if card.get("is_unique") else card.get("rare")
    name = effect.name.strip().lower()
    if isinstance(limit, int) and limit > 0 and sum(
            1 for m in st.sides[source.side].models
            if m.in_play and m.p.name.strip().lower() == name) >= limit:
        return 0.0
    turns_left = max(0, 5 - st.turn) / 4.0
    each = float(card.get("wd") or 1) + float(card.get("cost") or 1)
    return each * turns_left * float(effect.value or 1)


# -- helpers ----------------------------------------------------------------------------


_REACH_POWER: dict[int, tuple] = {}


def _reaches(profile) -> tuple:
    """(profile, longest attack range or 0, ``_melee_power``, longest range of an attack
    that is not Close or 0), cached: profiles do not change in a game."""
    found = _REACH_POWER.get(id(profile))
    if found is None or found[0] is not profile:
        attacks = profile.attacks
        power = max(((a.value or 0) * (a.damage.moderate if a.damage else 0)
                     for a in attacks), default=0.0) + profile.wd
        found = (profile, max((a.range for a in attacks), default=0.0), power,
                 max((a.range for a in attacks if a.kind != "close"), default=0.0))
        if len(_REACH_POWER) > 4096:
            _REACH_POWER.clear()
        _REACH_POWER[id(profile)] = found
    return found


def _reach_and_power(profile) -> tuple[float, float]:
    """A profile's longest attack range and ``_melee_power``."""
    found = _reaches(profile)
    return found[1], found[2]


def _melee_power(m: Model) -> float:
    return max(((a.value or 0) * (a.damage.moderate if a.damage else 0) for a in m.p.attacks),
               default=0.0) + m.p.wd


def _suited(m: Model, task: Task) -> float:
    """How well a model fits a task: fighters fight, cheap models run Schemes."""
    cheap = m.p.station in ("minion", "peon") or m.p.cost <= 6
    if task.kind == "lead":
        return 1.0 if m.p.is_leader else 0.0
    if m.p.is_leader:
        return 0.5 if task.kind == "kill" else (1.0 if task.scheme == "entourage" else 0.2)
    if task.kind == "kill":
        return 0.9 if cheap else 1.3
    if task.kind in ("marker", "claim", "stake", "marker_near", "interact_enemy"):
        return 1.2 if cheap else 0.8
    return 1.0


def _after_reductions(m: Model, action: ActionProfile, e: Model, amount: int) -> int:
    at, tt = m.p.talents, e.p.talents
    if amount <= 0:
        return 0
    if at.ignores_armor_incorporeal:
        return amount
    if tt.incorporeal and action.stat in ("ml", "sh"):
        amount = (amount + 1) // 2
    armor = tt.armor + (tt.thick_hide if action.stat == "sh" else 0)
    if armor:
        amount = max(1, amount - armor)
    return amount


def _perch(st: GameState, m: Model, target: Model | None,
           path: tuple[Point, ...] | None) -> tuple[Point, ...] | None:
    """A shooter whose walk would end out of sight of its target climbs onto a vantage
    point it can reach this Walk from which it sees the target in its gun's range
    (the nearest such spot; only on tables with tops to stand on)."""
    if target is None or not target.in_play:
        return None
    shots = [a.range for a in m.p.attacks if a.kind == "projectile"]
    if not shots:
        return None
    reach = max(shots)
    end = path[-1] if path else (m.x, m.y)
    tx, ty, tr, tht, t_on = target.x, target.y, target.r, target.p.ht, st.standing_on(target)
    if st.edge_to(end[0], end[1], m.r, tx, ty, tr) <= reach and st.sight(
            end[0], end[1], m.r, m.p.ht, st.piece_under(end[0], end[1]), tx, ty, tr, tht, t_on,
            (m.idx, target.idx)):
        return None  # the walk already brings it to a shot
    r = m.r + 0.1
    best, best_cost = None, math.inf
    for piece in st.table.standable:
        if piece.ht < 2 or piece is st.standing_on(m):
            continue
        # The point of the top nearest the model, a little in from the ledge.
        if piece.shape == "rect":
            if piece.x1 - piece.x0 < 2 * r or piece.y1 - piece.y0 < 2 * r:
                continue
            x = min(max(m.x, piece.x0 + r), piece.x1 - r)
            y = min(max(m.y, piece.y0 + r), piece.y1 - r)
        else:
            d = math.hypot(m.x - piece.x, m.y - piece.y)
            if piece.w < r:
                continue
            k = 0.0 if d <= 1e-9 else min(1.0, (piece.w - r) / d)
            x, y = piece.x + (m.x - piece.x) * k, piece.y + (m.y - piece.y) * k
        spot = (snap(x), snap(y))
        if not piece.holds(spot[0], spot[1], m.r):
            continue
        cost, _ = st.path_cost(m, (spot,))
        if cost is None or cost > m.p.wk + 1e-6 or cost >= best_cost:
            continue
        if st.edge_to(spot[0], spot[1], m.r, tx, ty, tr) > reach or not st.sight(
                spot[0], spot[1], m.r, m.p.ht, piece, tx, ty, tr, tht, t_on,
                (m.idx, target.idx)):
            continue
        best, best_cost = (spot,), cost
    return best


def _gap(a, b) -> float:
    return max(0.0, math.hypot(a.x - b.x, a.y - b.y) - a.r - b.r)


def _near(m: Model, spot: Point, distance: float) -> bool:
    return math.hypot(m.x - spot[0], m.y - spot[1]) <= distance


def _clamp(p: Point, margin: float = 1.2) -> Point:
    return (min(max(p[0], margin), 36 - margin), min(max(p[1], margin), 36 - margin))


def _grid(st: GameState, keep, *, toward: Point, step: float = 2.5) -> list[Point]:
    points = []
    y = 1.0
    while y < 35.5:
        x = 1.0
        while x < 35.5:
            if keep(x, y):
                points.append((x, y))
            x += step
        y += step
    points.sort(key=lambda p: (round(math.hypot(p[0] - toward[0], p[1] - toward[1]), 3), p))
    return points


def _enemy_half_spot(st: GameState, own_half: int, x: float) -> Point:
    """A point about 4" past the Centerline, on the enemy's side, across from ``x``."""
    for y in (22.0, 14.0):
        for dx in (0.0, 3.0, -3.0):
            px = min(max(x + dx, 2.0), 34.0)
            if st.table.half_of(px, y) not in (own_half, None) and not any(
                    p.point_dist(px, y) < 1.5 for p in st.table.impassable):
                return (px, y)
    return (x, 22.0 if own_half == 0 else 14.0)
