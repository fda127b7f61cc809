"""Commanders: every choice a player makes in a simulated match.

``Commander`` names the questions (each method gets the game, the asking player and the
question's arguments, and answers with plain JSON-safe values). ``HeuristicCommander``
plays to win: it values attacks by their exact odds (kill chance x mastery), claims relics
and keeps its relic holders out of reach, spends echo on the best value per cost and bids
only cheap spare cards to save its deck. ``RandomCommander`` picks uniformly among legal
answers from its own seeded stream.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_left, bisect_right
from operator import itemgetter

from ..cards import Item, Unit
from ..modes import NEARBY
from ..odds import damage_distribution
from .abilities import parse_spell
from .board import HUSK_RADIUS, base_radius, grid

__all__ = ["Commander", "HeuristicCommander", "RandomCommander"]

_DISTS: dict[tuple, tuple[tuple[int, float], ...]] = {}
_first = itemgetter(0)


def odds(a, t) -> tuple[float, float]:
    """(chance to defeat ``t`` with one attack of ``a``, expected damage): the exact damage
    distribution over the die's 20 faces (cached per attacker and DEF), read against the
    target's health."""
    key = (a.atk_key, t.def_key)
    dist = _DISTS.get(key)
    if dist is None:
        exact = damage_distribution(a.atk_key[0], a.card.power, t.def_key, a.power_bonus)
        dist = tuple((d, float(p)) for d, p in exact.items())
        if len(_DISTS) > 20000:
            _DISTS.clear()
        _DISTS[key] = dist
    health = t.max_hp - t.damage
    kill = expected = 0.0
    for d, p in dist:
        expected += d * p
        if d >= health:
            kill += p
    return kill, expected


class Commander:
    """The questions a match asks; the defaults are a passive but legal player."""

    def mulligan(self, game, player, hand) -> bool:
        return False

    def bid(self, game, player, kind):
        return 0

    def bid_initiative(self, game, player, as_holder) -> bool:
        return False

    def setup_choice(self, game, player) -> str:
        return "initiative"

    def zone(self, game, player, what) -> int:
        return 0

    def first(self, game, player, what) -> int:
        return game.players[player].side

    def deploy(self, game, player) -> list:
        return []

    def nemesis_refresh(self, game, player, ids, n) -> list:
        return ids[:n]

    def activate(self, game, player, ids):
        return ids[0]

    def action(self, game, player, uid, ap):
        return ["pass"]

    def retaliate(self, game, player, provoker, ids) -> list:
        return list(ids)

    def target(self, game, player, uid, ids):
        return ids[0]

    def skirmish(self, game, player, uid):
        return None

    def spell(self, game, player, uid, playable):
        return None

    def claim(self, game, player, options):
        return [*options[0], 0]

    def swap(self, game, player, options):
        """One of ``options`` ([unit a, unit b, "item" | "relic"]) to swap now, or None."""
        return None

    def interrupt(self, game, player, window, about, target, damage, playable):
        """[hand index, target id] of a swift spell to play in another unit's step, or None
        (``window``: "activation", "attack" or "hit"; see ``Game._interrupts``)."""
        return None


def _value_per_cost(card: Unit) -> float:
    power = card.power
    dmg = (power.hit * 0.6 + power.graze * 0.4) if power else 0.0
    return ((card.max_hp or 1) / 3 + dmg * 2 + (card.speed or 0) / 4) / max(card.cost, 1)


class HeuristicCommander(Commander):
    """Plays to win (see the module docstring)."""

    # -- setup ------------------------------------------------------------------
    def mulligan(self, game, player, hand) -> bool:
        p = game.players[player]
        units = [c for c in p.hand if isinstance(c, Unit) and c.cost <= p.echo + 6]
        return len(units) < 2 and p.mulligans < 2

    def bid(self, game, player, kind):
        hand = game.players[player].hand
        if kind == "setup":
            # The cheapest card that is not a unit we can play soon.
            spare = sorted(range(len(hand)), key=lambda i: (isinstance(hand[i], Unit),
                                                           getattr(hand[i], "cost", 0)))
            return spare[0]
        costly = [i for i, c in enumerate(hand) if getattr(c, "cost", 0) >= 6]
        return costly[0] if costly else min(range(len(hand)),
                                            key=lambda i: getattr(hand[i], "cost", 0))

    def bid_initiative(self, game, player, as_holder) -> bool:
        p = game.players[player]
        return len(p.hand) >= 5 and len(p.deck) >= 8 and \
            any(getattr(c, "cost", 0) >= 6 for c in p.hand)

    def setup_choice(self, game, player) -> str:
        return "zone"

    def zone(self, game, player, what) -> int:
        husks = game.board.live_husks()
        size = game.board.size
        corners = [(0, 0), (size, 0), (size, size), (0, size)]

        def closeness(corner):
            cx, cy = corners[corner]
            return sum(1.0 / (1.0 + math.hypot(hx - cx, hy - cy)) for _, hx, hy in husks)
        if what == "corner":
            return max(range(4), key=lambda c: (closeness(c) - closeness((c + 2) % 4), -c))
        edges = [(0, 1), (1, 2), (2, 3), (3, 0)]
        return max(range(4), key=lambda e: (sum(closeness(c) for c in edges[e]), -e))

    def first(self, game, player, what) -> int:
        side = game.players[player].side
        return 1 - side if what == "deploy" else side

    # -- deploy -----------------------------------------------------------------
    def deploy(self, game, player) -> list:
        p = game.players[player]
        echo = p.echo
        orders: list = []
        staged: list[tuple[float, float, float]] = []
        free = game.mode.is_nemesis_side(p.side) and p.free_deploy_round != game.round
        choices = []
        if p.band.seeker is not None and p.seeker_unit is None:
            choices.append(("seeker", None, p.band.seeker))
        choices += [("unit", i, c) for i, c in enumerate(p.hand) if isinstance(c, Unit)]
        choices.sort(key=lambda t: (-_value_per_cost(t[2]) - (2 if t[0] == "seeker" else 0),
                                    t[1] if t[1] is not None else -1))
        new_units: list[Unit] = []
        spots = None  # found when a first unit can be paid for
        for kind, idx, card in choices:
            is_free = free and kind == "unit" and card.rank.value in ("basic", "elite")
            if not is_free and card.cost > echo:
                continue
            if spots is None:
                spots = self._spots(game, p)
            spot = self._free_spot(game, p, spots, base_radius(card.base_mm), staged)
            if spot is None:
                break
            if is_free:
                free = False
            else:
                echo -= card.cost
            staged.append((spot[0], spot[1], base_radius(card.base_mm)))
            orders.append(["seeker", *spot] if kind == "seeker" else ["unit", idx, *spot])
            new_units.append(card)
        # Items on the dearest unit without one.
        targets = None  # found when a first item can be paid for
        taken = set()
        for i, c in enumerate(p.hand):
            if not isinstance(c, Item) or c.cost > echo:
                continue
            if targets is None:
                targets = [("new", k, nu.cost) for k, nu in enumerate(new_units)]
                targets += [("old", u.id, u.card.cost) for u in game.units
                            if u.owner == player and u.item is None and not game.is_engaged(u)]
            pool = [t for t in targets if (t[0], t[1]) not in taken]
            if not pool:
                break
            best = max(pool, key=lambda t: t[2])
            taken.add((best[0], best[1]))
            echo -= c.cost
            orders.append(["item", i, ["new", best[1]] if best[0] == "new" else best[1]])
        return orders

    def _spots(self, game, p) -> list[tuple[float, float, bool]]:
        """Candidate centres: reinforcement spots near forward units first, then the zone."""
        out = []
        goals = [(hx, hy) for _, hx, hy in game.board.live_husks()]
        anchors = [u for u in game.units if u.owner == p.index and
                   u.deployed_round < game.round]
        if goals and len(anchors) > 3:
            anchors.sort(key=lambda u: min(math.hypot(u.x - gx, u.y - gy) for gx, gy in goals))
        kept = 0
        for u in anchors:
            if kept == 3:
                break
            if game.is_engaged(u):
                continue
            kept += 1
            for k in range(8):
                ang = k * math.pi / 4
                d = u.r + 0.6 + 0.5
                out.append((u.x + math.cos(ang) * d, u.y + math.sin(ang) * d, True))
        if goals and out:
            out.sort(key=lambda s: min(math.hypot(s[0] - gx, s[1] - gy) for gx, gy in goals))
        return out

    @staticmethod
    def _free_spot(game, p, spots, r, staged):
        circles = game.all_circles() + staged
        for x, y, _ in spots:
            x, y = grid(x), grid(y)
            if game.board.fits(x, y, r, circles):
                return (x, y)
        for k in range(25):
            x, y = game.zone_spot(p.index, r, k)
            if game.zone_holds(p.index, x, y, r) and game.board.fits(x, y, r, circles):
                return (x, y)
        return None

    # -- action -----------------------------------------------------------------
    def activate(self, game, player, ids):
        """Units in melee first (the best kill), then units free to claim, dearest first.

        Engagement here is judged by distance alone (cheap); the rules check it properly
        when the unit acts."""
        best, best_score = ids[0], -1e9
        unit = game.by_id.__getitem__  # the game asks with ids of units on the board
        # Enemies sorted by x: only those whose x lies within the widest reach of a unit's
        # can be close to it (the best value among them does not depend on their order).
        enemies = sorted(((e.x, e.y, e.r, e, e.worth + (20 if e.relic else 0))
                          for e in game.side_units(1 - unit(ids[0]).side)), key=_first)
        xs = [t[0] for t in enemies]
        widest = max((t[2] for t in enemies), default=0.0) + NEARBY + 1e-6
        for uid in ids:
            u = unit(uid)
            score = u.card.cost * 0.1
            x, y, r = u.x, u.y, u.r
            close = None
            lo, hi = bisect_left(xs, x - r - widest), bisect_right(xs, x + r + widest)
            for ex, ey, er, e, worth in enemies[lo:hi]:
                reach = r + er + NEARBY
                dx, dy = ex - x, ey - y
                if dx * dx + dy * dy <= reach * reach:
                    v = odds(u, e)[0] * worth
                    close = v if close is None or v > close else close
            if close is not None:
                score += 10 + close
            elif u.relic is None:
                score += 5
            if score > best_score:
                best, best_score = uid, score
        return best

    def _attack_value(self, u, t) -> float:
        kill, expected = odds(u, t)
        worth = t.worth + (20 if t.relic is not None else 0)
        health = t.max_hp - t.damage
        return kill * worth + expected / (health if health > 1 else 1) * worth * 0.5

    def action(self, game, player, uid, ap):
        u = game.by_id[uid]
        engaged = game.engaged_enemies(u)
        if engaged:
            if u.profile.onslaught and ap >= 2:
                return ["onslaught"]
            best = max(engaged, key=lambda t: (self._attack_value(u, t), -t.id))
            return ["attack", best.id, "melee"]
        # Already at a husk it can claim, or holding a relic: hold, shoot if it can.
        husks = game.board.live_husks()
        if self._claimable(game, u, husks):
            return self._shot(game, u) or ["pass"]
        if u.relic is not None:
            shoot = self._shot(game, u)
            if shoot:
                return shoot
            threat = self._nearest(u, game.side_units(1 - u.side))
            if threat is not None and u.has("speed") and \
                    game.edge(u, threat) < 2 * threat.stat("speed") + 1:
                away = game.step_toward(u, 2 * u.x - threat.x, 2 * u.y - threat.y,
                                        u.stat("speed"))
                if away:
                    return ["move", *away]
            return ["pass"]
        if not u.has("speed"):
            return self._shot(game, u) or ["pass"]
        speed = u.stat("speed")
        # A free husk within reach this activation.
        husk = self._best_husk(game, u, husks)
        if husk is not None:
            hx, hy, d = husk
            if d <= speed * ap:
                step = game.step_toward(u, hx, hy, speed, stop=u.r + HUSK_RADIUS + 0.5)
                if step:
                    return ["move", *step]
        if ap >= 2:
            reach = game.charge_reach(u) + 1 + u.r
            x, y = u.x, u.y
            pool = sorted(((self._attack_value(u, t), -t.id, t)
                           for t in game.side_units(1 - u.side)
                           if (t.x - x) ** 2 + (t.y - y) ** 2 <= (reach + t.r) ** 2),
                          key=lambda c: c[:2], reverse=True)
            for v, _, t in pool[:2]:
                if v > 0 and not isinstance(game.charge_end(u, t), str):
                    return ["charge", t.id, None]
        shoot = self._shot(game, u)  # only now: moving to a husk or charging comes first
        if shoot:
            return shoot
        goal = (husk[0], husk[1]) if husk else None
        if goal is None:
            t = self._nearest(u, game.side_units(1 - u.side))
            goal = (t.x, t.y) if t else None
        if goal is None:
            return ["pass"]
        step = game.step_toward(u, goal[0], goal[1], speed, stop=u.r + 1.2)
        return ["move", *step] if step else ["pass"]

    def _shot(self, game, u):
        """The best ranged attack it can make now, or None."""
        if u.card.range is None or u.stat("range") <= 0:
            return None
        ranged = game.ranged_targets(u)
        if not ranged:
            return None
        best = max(ranged, key=lambda t: (self._attack_value(u, t), -t.id))
        return ["attack", best.id, "ranged"]

    @staticmethod
    def _nearest(u, units):
        best, best_d = None, 1e9
        for t in units:
            d = math.hypot(t.x - u.x, t.y - u.y)
            if d < best_d:
                best, best_d = t, d
        return best

    @staticmethod
    def _claimable(game, u, husks=None) -> bool:
        if u.relic is not None:
            return False
        for _, hx, hy in game.board.live_husks() if husks is None else husks:
            if math.hypot(u.x - hx, u.y - hy) - u.r - HUSK_RADIUS <= u.profile.claim_reach:
                return True
        return False

    @staticmethod
    def _best_husk(game, u, husks=None):
        """The nearest husk no other ally is already heading to, with its distance."""
        best = None
        mates = [o for o in game.side_units(u.side) if o is not u and o.relic is None]
        for _, hx, hy in game.board.live_husks() if husks is None else husks:
            d = math.hypot(u.x - hx, u.y - hy) - u.r - HUSK_RADIUS
            taken = False
            for o in mates:
                reach = o.r + HUSK_RADIUS + NEARBY
                dx, dy = o.x - hx, o.y - hy
                if dx * dx + dy * dy <= reach * reach:
                    taken = True
                    break
            if taken:
                continue
            if best is None or d < best[2]:
                best = (hx, hy, d)
        return best

    def retaliate(self, game, player, provoker, ids) -> list:
        return sorted(ids, key=lambda i: -game.unit(i).card.cost)

    def target(self, game, player, uid, ids):
        u = game.unit(uid)
        return max(ids, key=lambda i: (self._attack_value(u, game.unit(i)), -i))

    def spell(self, game, player, uid, playable):
        p = game.players[player]
        u = game.unit(uid)
        for idx in playable:
            card = p.hand[idx]
            effect = parse_spell(card.abilities)
            if effect.kind == "damage":
                for t in game.enemies(u):
                    if t.health <= effect.amount + 1 and game.edge(u, t) <= effect.reach and \
                            game.board.line_of_effect(u.x, u.y, t.x, t.y, t.r):
                        return [idx, t.id]
            elif effect.kind == "heal" and u.damage >= effect.amount:
                return [idx, u.id]
        return None

    @staticmethod
    def _sturdy(u) -> float:
        """How well a unit keeps what it carries: its health and its DEF."""
        return u.health + 0.5 * u.stat("defense")

    def swap(self, game, player, options):
        """Move a relic or an item from a worn unit onto a sturdier one that has none (the
        relic's -10 and the item's mastery are lost with the unit that carries them)."""
        best, best_gain = None, 2.0
        unit = game.unit
        for a_id, b_id, kind in options:
            a, b = unit(a_id), unit(b_id)
            if getattr(b, kind) is not None:
                continue  # an exchange: nothing gained by the measure below
            gain = self._sturdy(b) - self._sturdy(a)
            if kind == "relic":
                gain *= 2
            if gain > best_gain:
                best, best_gain = [a_id, b_id, kind], gain
        return best

    def interrupt(self, game, player, window, about, target, damage, playable):
        """Heal a unit an attack's result would defeat when the heal saves it; before the
        die, a DEF gain when the attack likely kills; a damage spell that defeats the enemy
        unit acting (an activation or an attack lost)."""
        p = game.players[player]
        origins = [o for o in game.side_units(p.side) if o.owner == player]
        acting = game.unit(about)
        t = game.unit(target) if target is not None else None
        for idx in playable:
            effect = parse_spell(p.hand[idx].abilities)
            kind = effect.kind
            if kind == "damage":
                if window != "hit" and acting.health <= effect.amount and \
                        game.spell_reaches(origins, acting, effect.reach):
                    return [idx, acting.id]
            elif t is None:
                continue
            elif kind == "heal":
                if window == "hit" and t.health <= damage < t.health + min(effect.amount,
                                                                           t.damage) and \
                        game.spell_reaches(origins, t, effect.reach):
                    return [idx, t.id]
            elif window == "attack" and effect.stat == "defense" and \
                    odds(acting, t)[0] >= 0.3 and game.spell_reaches(origins, t, effect.reach):
                return [idx, t.id]
        return None

    def claim(self, game, player, options):
        uid, husk = options[0]
        display = game.relic_display
        pick = 0 if display else -1
        return [uid, husk, pick]


class RandomCommander(Commander):
    """Uniformly random among legal answers (its own seeded stream)."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def mulligan(self, game, player, hand) -> bool:
        return self.rng.random() < 0.2

    def bid(self, game, player, kind):
        return self.rng.randrange(len(game.players[player].hand))

    def bid_initiative(self, game, player, as_holder) -> bool:
        return self.rng.random() < 0.3

    def setup_choice(self, game, player) -> str:
        return self.rng.choice(("zone", "initiative"))

    def zone(self, game, player, what) -> int:
        return self.rng.randrange(4)

    def first(self, game, player, what) -> int:
        return self.rng.randrange(2)

    def deploy(self, game, player) -> list:
        p = game.players[player]
        echo = p.echo
        orders, staged, new = [], [], 0
        cards = [("unit", i, c) for i, c in enumerate(p.hand) if isinstance(c, Unit)]
        if p.band.seeker is not None and p.seeker_unit is None:
            cards.append(("seeker", None, p.band.seeker))
        self.rng.shuffle(cards)
        for kind, idx, card in cards:
            if card.cost > echo or self.rng.random() < 0.3:
                continue
            r = base_radius(card.base_mm)
            for _ in range(6):
                zone = game.board.zones[self.rng.choice(game.zones[player])]
                ang = self.rng.uniform(0, math.pi / 2)
                dist = self.rng.uniform(0, zone.radius - r)
                sx = 1 if zone.cx == 0 else -1
                sy = 1 if zone.cy == 0 else -1
                x = round(zone.cx + sx * math.cos(ang) * dist, 1)
                y = round(zone.cy + sy * math.sin(ang) * dist, 1)
                if game.zone_holds(player, x, y, r) and \
                        game.board.fits(x, y, r, game.circles() + staged):
                    echo -= card.cost
                    staged.append((x, y, r))
                    orders.append(["seeker", x, y] if kind == "seeker" else ["unit", idx, x, y])
                    new += 1
                    break
        for i, c in enumerate(p.hand):
            if isinstance(c, Item) and c.cost <= echo and new and self.rng.random() < 0.5:
                echo -= c.cost
                orders.append(["item", i, ["new", self.rng.randrange(new)]])
                new -= 1  # one item per staged unit, from the last ones backwards
                break
        return orders

    def nemesis_refresh(self, game, player, ids, n) -> list:
        return self.rng.sample(list(ids), n)

    def activate(self, game, player, ids):
        return self.rng.choice(ids)

    def action(self, game, player, uid, ap):
        u = game.unit(uid)
        options: list = [["pass"]]
        for t in game.engaged_enemies(u):
            options.append(["attack", t.id, "melee"])
        for t in game.ranged_targets(u):
            options.append(["attack", t.id, "ranged"])
        if u.has("speed"):
            speed = u.stat("speed")
            for _ in range(3):
                ang = self.rng.uniform(0, 2 * math.pi)
                dist = self.rng.uniform(0.5, speed)
                x = round(u.x + math.cos(ang) * dist, 1)
                y = round(u.y + math.sin(ang) * dist, 1)
                if game.move_ok(u, x, y, speed) is None:
                    options.append(["move", x, y])
                    break
            if ap >= 2:
                for t in game.enemies(u):
                    if game.edge(u, t) <= game.charge_reach(u) + 1 and \
                            not isinstance(game.charge_end(u, t), str):
                        options.append(["charge", t.id, None])
        return self.rng.choice(options)

    def retaliate(self, game, player, provoker, ids) -> list:
        chosen = [i for i in ids if self.rng.random() < 0.5]
        self.rng.shuffle(chosen)
        return chosen

    def target(self, game, player, uid, ids):
        return self.rng.choice(ids)

    def spell(self, game, player, uid, playable):
        if self.rng.random() < 0.5:
            return None
        p = game.players[player]
        u = game.unit(uid)
        idx = self.rng.choice(playable)
        effect = parse_spell(p.hand[idx].abilities)
        pool = [t for t in game.units if (t.side != u.side) == (effect.kind == "damage")
                and game.edge(u, t) <= effect.reach
                and game.board.line_of_effect(u.x, u.y, t.x, t.y, t.r)]
        return [idx, self.rng.choice(pool).id] if pool else None

    def swap(self, game, player, options):
        return self.rng.choice(options) if self.rng.random() < 0.5 else None

    def interrupt(self, game, player, window, about, target, damage, playable):
        if self.rng.random() < 0.7:
            return None
        p = game.players[player]
        idx = self.rng.choice(playable)
        effect = parse_spell(p.hand[idx].abilities)
        origins = [o for o in game.side_units(p.side) if o.owner == player]
        pool = [t for t in game.units if (t.side != p.side) == (effect.kind == "damage")
                and game.spell_reaches(origins, t, effect.reach)]
        return [idx, self.rng.choice(pool).id] if pool else None

    def claim(self, game, player, options):
        if self.rng.random() < 0.5:
            return None
        uid, husk = self.rng.choice(options)
        pick = self.rng.randrange(-1, len(game.relic_display)) if game.relic_deck else \
            self.rng.randrange(len(game.relic_display))
        return [uid, husk, pick]
