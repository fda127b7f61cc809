"""A seeded Malediction match: setup, rounds (refresh, deploy, action, end), every choice
through a Commander, every step in a compact log.

Determinism: the same input, seed and ``SIM_VERSION`` give the same log. Each random stream
(the attack die, the layout, each deck, the relic deck) has its own seed derived from the
match seed; nothing iterates a set. Every commander answer is recorded in ``decisions`` so
``replay`` plays the match again without the commanders.

Rules the book leaves open are decided in docs/rules-decisions.md (Malediction simulator).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from rules.engine.errors import EngineBug
from rules.engine.simulation.engine import derive_seed
from rules.engine.simulation.geometry import seg_point_dist2, snap

from ..attack import Outcome, resolve_attack
from ..cards import Item, Rank, Relic, Spell, SpellSpeed, Unit
from ..errors import MaledictionRulesError
from ..modes import (
    HAND_SIZE,
    MAX_MULLIGANS,
    NEARBY,
    RELIC_LOSS,
    RELIC_MASTERY,
    TERRAIN_GAP,
    echo_gain,
)
from ..result import MASTERY_SOURCES, Defeat, MatchResult
from .abilities import parse_abilities, parse_spell
from .board import HUSK_RADIUS, Board, Piece, base_radius, grid
from .state import MatchInput, SimPlayer, SimUnit
from .version import SIM_VERSION

__all__ = ["MAX_ROUNDS", "SIM_VERSION", "Game", "IllegalCommand"]

#: Decks run out long before this (2 cards a round from at most 43); a guard, not a rule.
MAX_ROUNDS = 40
OUTCOME_CODE = {Outcome.CRITICAL_HIT: "C", Outcome.HIT: "H", Outcome.GRAZE: "G",
                Outcome.CRITICAL_GRAZE: "c"}
#: Death Throes and Martyr's Blessing reach (the book's examples say 3").
TRIGGER_REACH = 3.0
#: Corners of each edge (a team's two zones lie on one side of the board).
EDGE_CORNERS = ((0, 1), (1, 2), (2, 3), (3, 0))
#: The bearings ``step_toward`` tries, in radians off the straight line, in order.
_TURNS = (0.0, 0.7, -0.7, 1.4, -1.4)


class IllegalCommand(MaledictionRulesError):
    """A commander asked for something the rules do not allow here."""


class _Over(Exception):
    """The match ended in the middle of a phase (a player could not draw)."""


class Game:
    """One match. ``commanders`` has one per player; ``decisions`` replays a log instead."""

    def __init__(self, match: MatchInput, seed: int, commanders: Sequence | None = None, *,
                 decisions: list | None = None, dice: Sequence[int] | None = None):
        self.match = match
        self.mode = match.mode
        self.seed = seed
        self.commanders = list(commanders or ())
        self._replay = list(decisions) if decisions is not None else None
        self._replay_at = 0
        self.decisions: list = []
        self.events: list = []
        self._dice_rng = random.Random(derive_seed(seed, "dice"))
        self._scripted = list(dice) if dice is not None else None
        self.layout_rng = random.Random(derive_seed(seed, "layout"))
        sides: list[list[int]] = []
        start = 0
        for n in self.mode.sides:
            sides.append(list(range(start, start + n)))
            start += n
        self.sides = sides
        if len(match.bands) != start:
            raise MaledictionRulesError(
                f"The {self.mode.key} mode needs {start} war bands, not {len(match.bands)}.")
        self.players = [SimPlayer(i, s, match.bands[i]) for s, ps in enumerate(sides) for i in ps]
        self.board = Board(self.mode.board.size)
        self.units: list[SimUnit] = []
        self.by_id: dict[int, SimUnit] = {}
        self._circ: list | None = None
        self._los: dict[tuple[int, int], bool] = {}
        #: Per unit (or unit and reach): its engaged enemies, the bases near it. Both hold
        #: until a base moves, enters or leaves (``_placed``).
        self._engaged: dict[int, list[SimUnit]] = {}
        self._near: dict[tuple[int, float], list[tuple[float, float, float]]] = {}
        #: (unit id, x, y, reach) of moves ``step_toward`` found to fit and be clear: the
        #: move's check need not measure them again until a base or husk changes.
        self._clear_moves: set[tuple[int, float, float, float]] = set()
        self._sides_cache: list | None = None
        self.round = 1
        self.initiative = 0
        self.mastery = [dict.fromkeys(MASTERY_SOURCES, 0) for _ in sides]
        self.defeats: list[Defeat] = []
        self.relics_claimed = [0] * len(sides)
        self.relics_lost = [0] * len(sides)
        self.bids_won: list[tuple[int, int]] = []
        self.relic_deck: list[Relic] = []
        self.relic_display: list[Relic] = []
        self.zones: dict[int, list[int]] = {}
        self.result: MatchResult | None = None
        self.not_modelled: list[str] = []
        self.channel_used = False
        self.nemesis_refreshed = False
        self.phase = "setup"
        self._spell_kinds: dict[int, int] = {}
        self._spell_cards: list = []
        self._uid = 0

    # ------------------------------------------------------------------ plumbing
    def log(self, *event) -> None:
        self.events.append(list(event))

    def roll(self) -> int:
        """The attack die (a d20)."""
        if self._scripted is not None:
            if not self._scripted:
                raise EngineBug("The scripted dice ran out.")
            return self._scripted.pop(0)
        return int(self._dice_rng.random() * 20) + 1

    def ask(self, player: int, tag: str, *args):
        """A commander's answer, recorded (or read back from the log when replaying)."""
        if self._replay is not None:
            if self._replay_at >= len(self._replay):
                raise EngineBug("The replayed log has no more decisions.")
            who, rtag, answer = self._replay[self._replay_at]
            self._replay_at += 1
            if who != player or rtag != tag:
                raise EngineBug(f"Replay diverged: expected {tag} from {player}, "
                                f"log has {rtag} from {who}.")
            return answer
        answer = getattr(self.commanders[player], tag)(self, player, *args)
        if type(answer) not in _PLAIN:
            answer = _json(answer)
        self.decisions.append([player, tag, answer])
        return answer

    def side_mastery(self, side: int) -> int:
        return sum(self.mastery[side].values())

    def opponent_side(self, side: int) -> int:
        return 1 - side

    # ---------------------------------------------------------------- geometry
    def live(self) -> list[SimUnit]:
        return self.units

    def circles(self, *skip: SimUnit) -> list[tuple[float, float, float]]:
        return [(u.x, u.y, u.r) for u in self.units if u not in skip]

    def circles_near(self, u: SimUnit, reach: float) -> list[tuple[float, float, float]]:
        """Every other base that could touch ``u`` moving up to ``reach`` (a cheap box;
        remembered until a base moves, enters or leaves: do not change the list)."""
        key = (u.id, reach)
        found = self._near.get(key)
        if found is None:
            box = reach + u.r + 2.0
            x, y = u.x, u.y
            found = self._near[key] = [
                (o.x, o.y, o.r) for o in self.units
                if o is not u and -box < o.x - x < box and -box < o.y - y < box]
        return found

    @staticmethod
    def edge(a: SimUnit, b: SimUnit) -> float:
        d = math.hypot(a.x - b.x, a.y - b.y) - a.r - b.r
        return d if d > 0 else 0.0

    def engaged_with(self, a: SimUnit, b: SimUnit) -> bool:
        """Within 1" and in line of effect, on opposing sides."""
        if a.side == b.side:
            return False
        reach = a.r + b.r + NEARBY + 1e-9
        dx, dy = a.x - b.x, a.y - b.y
        if dx * dx + dy * dy > reach * reach:
            return False
        return self.board.line_of_effect(a.x, a.y, b.x, b.y, b.r)

    def engaged_enemies(self, u: SimUnit) -> list[SimUnit]:
        """The enemies engaged with ``u`` (remembered until a base moves, enters or leaves:
        do not change the list)."""
        out = self._engaged.get(u.id)
        if out is not None:
            return out
        out = self._engaged[u.id] = []
        x, y, r = u.x, u.y, u.r
        loe = self.board.line_of_effect
        for e in self.side_units(1 - u.side):
            reach = r + e.r + NEARBY + 1e-9
            dx, dy = x - e.x, y - e.y
            if dx * dx + dy * dy <= reach * reach and loe(x, y, e.x, e.y, e.r):
                out.append(e)
        return out

    def is_engaged(self, u: SimUnit) -> bool:
        return bool(self.engaged_enemies(u))

    def in_sight(self, a: SimUnit, b: SimUnit) -> bool:
        """Line of sight from ``a`` to ``b``, remembered until a base moves, enters or leaves."""
        key = (a.id, b.id)
        seen = self._los.get(key)
        if seen is None:
            seen = self._los[key] = self.board.line_of_sight(a.x, a.y, b.x, b.y, b.r,
                                                             self.all_circles())
        return seen

    def all_circles(self) -> list[tuple[float, float, float]]:
        """Every base on the board, rebuilt only after something moved, entered or left."""
        if self._circ is None:
            self._circ = [(u.x, u.y, u.r) for u in self.units]
        return self._circ

    def moved(self) -> None:
        """A base moved: forget what its place decided."""
        self._circ = None
        self._los.clear()
        self._engaged.clear()
        self._near.clear()
        self._clear_moves.clear()

    def side_units(self, side: int) -> list[SimUnit]:
        """The units of ``side`` on the board (cached until one enters or leaves)."""
        cached = self._sides_cache
        if cached is None:
            cached = self._sides_cache = [[u for u in self.units if u.side == s]
                                          for s in range(len(self.sides))]
        return cached[side]

    def enemies(self, u: SimUnit) -> list[SimUnit]:
        return list(self.side_units(1 - u.side))

    def unit(self, uid) -> SimUnit:
        u = self.by_id.get(uid)
        if u is None:
            raise IllegalCommand(f"No unit {uid} is on the battlefield.")
        return u

    def move_ok(self, u: SimUnit, x: float, y: float, reach: float) -> str | None:
        """Why a straight move of ``u`` to (x, y) within ``reach`` is illegal (None: legal)."""
        if math.hypot(x - u.x, y - u.y) > reach + 1e-6:
            return f"({x}, {y}) is farther than {reach}\"."
        if (u.id, x, y, reach) in self._clear_moves:
            return None
        others = self.circles_near(u, reach)
        if not self.board.fits(x, y, u.r, others):
            return f"The base does not fit at ({x}, {y})."
        if not self.board.path_clear(u.x, u.y, x, y, u.r, others):
            return "An obstacle is in the way."
        return None

    def step_toward(self, u: SimUnit, tx: float, ty: float, reach: float,
                    stop: float = 0.0) -> tuple[float, float] | None:
        """A legal straight move toward (tx, ty), ending ``stop`` short; tries a few bearings
        and lengths. None when nothing gets closer."""
        dx, dy = tx - u.x, ty - u.y
        dist = math.hypot(dx, dy)
        if dist <= 1e-6:
            return None
        want = min(reach, max(0.0, dist - stop))
        if want < 0.3:
            return None
        base = math.atan2(dy, dx)
        goal = dist - 0.05  # the first candidate at least this much closer is taken
        ux, uy, r = u.x, u.y, u.r
        limit = reach + 1e-6
        # Snapping to the grid moves a point by at most 0.071": only a step this long can
        # end beyond the reach.
        overshoot = reach - 0.08
        others = self.circles_near(u, reach)
        board = self.board
        near = board.pieces_near(ux, uy, reach + r + 0.1)
        fits, clear = board.fits, board.path_clear
        hypot, cos, sin = math.hypot, math.cos, math.sin
        for turn in _TURNS:
            ang = base + turn
            ca, sa = cos(ang), sin(ang)
            for frac in (1.0, 0.5):
                length = want * frac
                x, y = grid(ux + ca * length), grid(uy + sa * length)
                if length > overshoot and hypot(x - ux, y - uy) > limit:
                    continue
                if hypot(tx - x, ty - y) >= goal:
                    continue
                if fits(x, y, r, others, near) and clear(ux, uy, x, y, r, others, pieces=near):
                    self._clear_moves.add((u.id, x, y, reach))
                    return (x, y)
        return None

    def charge_reach(self, u: SimUnit) -> float:
        return u.stat("speed") * (3 if u.profile.relentless else 2)

    def charge_end(self, u: SimUnit, t: SimUnit, end=None) -> tuple[float, float] | str:
        """Where a charge of ``u`` at ``t`` ends, or why it cannot be made (see
        ``_charge_end``); remembered until a base moves, enters or leaves."""
        if end is not None:
            return self._charge_end(u, t, end)
        key = (-u.id, t.id)  # negative: never collides with a sight key
        found = self._los.get(key)
        if found is None:
            found = self._los[key] = self._charge_end(u, t, None)
        return found

    def _charge_end(self, u: SimUnit, t: SimUnit, end=None) -> tuple[float, float] | str:
        """Where a charge of ``u`` at ``t`` ends, or why it cannot be made.

        The charger's base must stay inside the corridor traced from its centre to a point
        of the target's base (its centre or a side point): its centre within its own radius
        of that line. Moves are straight, so the end point decides the whole path.
        """
        if not u.has("speed"):
            return "A unit with no Speed cannot charge."
        if self.engaged_with(u, t):
            return "The target is already engaged with the charger."
        reach = self.charge_reach(u)
        if self.edge(u, t) - NEARBY > reach + 1e-9:
            return f"The target is beyond the charge reach of {reach}\"."
        if not self.in_sight(u, t):
            return "The charger has no line of sight to the target."
        others = self.circles_near(u, reach)
        lines = _target_points(u, t)
        if end is not None:
            ex, ey = float(end[0]), float(end[1])
            if not any(_in_corridor(u, px, py, ex, ey) for px, py in lines):
                return "The end point leaves the charge corridor."
            why = self._charge_end_ok(u, t, ex, ey, reach, others)
            return why if why else (ex, ey)
        for px, py in lines:
            dx, dy = px - u.x, py - u.y
            d = math.hypot(dx, dy)
            if d <= 1e-6:
                continue
            # Stop just short of base contact with the target, along the traced line.
            travel = math.hypot(t.x - u.x, t.y - u.y) - u.r - t.r - 0.1
            for back in (0.0, 0.5):
                # Never farther than the reach: stopping up to 1" short still engages.
                length = min(max(0.0, travel - back), reach - 0.05)
                ex, ey = grid(u.x + dx / d * length), grid(u.y + dy / d * length)
                if not _in_corridor(u, px, py, ex, ey):
                    continue
                why = self._charge_end_ok(u, t, ex, ey, reach, others)
                if why is None:
                    return (ex, ey)
        return "No path to the target stays inside the charge corridor."

    def _charge_end_ok(self, u, t, ex, ey, reach, others) -> str | None:
        if math.hypot(ex - u.x, ey - u.y) > reach + 1e-6:
            return f"The target is beyond the charge reach of {reach}\"."
        if not self.board.fits(ex, ey, u.r, others):
            return "The charger's base does not fit there."
        gap = math.hypot(ex - t.x, ey - t.y) - u.r - t.r
        if gap > NEARBY + 1e-9 or not self.board.line_of_effect(ex, ey, t.x, t.y, t.r):
            return "The charge does not end engaged with the target."
        if not self.board.path_clear(u.x, u.y, ex, ey, u.r, others):
            return "An obstacle blocks the charge."
        return None

    def shift_ok(self, u: SimUnit, x: float, y: float) -> str | None:
        if not u.has("speed"):
            return "A unit with no Speed cannot shift."
        if math.hypot(x - u.x, y - u.y) > u.stat("speed") + 1e-6:
            return "A shift goes at most the unit's Speed."
        others = self.circles(u)
        if not self.board.fits(x, y, u.r, others):
            return "The base does not fit at the end of the shift."
        if not self.board.point_in_sight(u.x, u.y, x, y, others):
            return "A shift needs line of sight to its end point."
        if not self.board.path_clear(u.x, u.y, x, y, u.r, others, line_only=True):
            return "A shift's line crosses an obstacle."
        return None

    def melee_targets(self, u: SimUnit) -> list[SimUnit]:
        return self.engaged_enemies(u)

    def ranged_targets(self, u: SimUnit) -> list[SimUnit]:
        if not u.has("range") or u.stat("range") <= 0:
            return []
        # ``edge`` inlined: Range is positive here, so an overlap (a negative gap) is within.
        limit = u.stat("range") + 1e-9
        x, y, r, side, hypot = u.x, u.y, u.r, u.side, math.hypot
        return [e for e in self.units if e.side != side and
                hypot(x - e.x, y - e.y) - r - e.r <= limit and self.in_sight(u, e)]

    # ------------------------------------------------------------------- setup
    def setup(self) -> None:
        mode = self.mode
        for i, p in enumerate(self.players):
            p.deck = list(p.band.deck)
            random.Random(derive_seed(self.seed, f"deck{i}")).shuffle(p.deck)
            p.echo = mode.starting_echo if mode.starting_echo is not None else (
                p.legacy.starting_echo if p.legacy else 0)
            self._note_cards(p)
        self._place_terrain()
        self._place_husks()
        relics = list(self.match.relics)
        relics += [Relic(f"Relic {i + 1}") for i in range(len(relics), 15)]
        random.Random(derive_seed(self.seed, "relics")).shuffle(relics)
        self.relic_display = relics[:mode.relic_display]
        self.relic_deck = relics[mode.relic_display:]
        self.log("setup", self.board.to_dict(), [r.name for r in self.relic_display],
                 [p.echo for p in self.players])
        for p in self.players:
            self._draw_hand(p)
        self._setup_bid()
        if mode.seekers_start_deployed:
            for p in self.players:
                self._deploy_seeker_at_start(p)

    def _note_cards(self, p: SimPlayer) -> None:
        seen = set()
        cards = [p.band.seeker, *p.band.deck]
        if p.legacy and self.mode.uses_legacy:
            # A Legacy's abilities apply to a whole war band in ways a keyword cannot say.
            self.not_modelled += [f"{p.legacy.name} (legacy): {a}" for a in p.legacy.abilities]
        for card in cards:
            if card is None or card.name in seen:
                continue
            seen.add(card.name)
            if isinstance(card, Spell):
                if parse_spell(card.abilities) is None and card.abilities:
                    self.not_modelled.append(f"{card.name} (spell): " + " ".join(card.abilities))
            else:
                self.not_modelled += parse_abilities(card.abilities, card.name).not_modelled
        if p.band.terrain is not None:
            self.not_modelled += [f"{p.band.terrain.name} (terrain): {a}"
                                  for a in p.band.terrain.abilities]

    def _side_pieces(self, side: int) -> list:
        pieces = []
        for i in self.sides[side]:
            terrain = self.players[i].band.terrain
            if terrain is not None:
                pieces += list(terrain.pieces)
        board = self.mode.board
        allowance = {"large": board.large, "medium": board.medium, "small": board.small}
        out = []
        for size in ("large", "medium", "small"):
            of_size = [p for p in pieces if p.size.value == size][:allowance[size]]
            out += of_size
        return out

    def _place_terrain(self) -> None:
        """Alternately, largest first, from the die-roll winner; random legal spots."""
        first = self._roll_off()
        self.terrain_first = first
        queues = [self._side_pieces(s) for s in range(len(self.sides))]
        order = []
        side = first
        while any(queues):
            if queues[side]:
                order.append((side, queues[side].pop(0)))
            side = 1 - side
        size = self.board.size
        rng = self.layout_rng
        zones = [(z.cx, z.cy, z.radius) for z in self.board.zones]
        placed_boxes: list[tuple[float, float, float, float]] = [
            (p.x0, p.y0, p.x1, p.y1) for p in self.board.pieces]
        gap2 = TERRAIN_GAP ** 2
        random_, uniform = rng.random, rng.uniform
        for side, piece in order:
            w, d = piece.footprint
            placed = False
            for _ in range(60):
                if random_() < 0.5:
                    w, d = d, w
                x0 = grid(uniform(0, size - w))
                y0 = grid(uniform(0, size - d))
                x1, y1 = grid(x0 + w), grid(y0 + d)
                if _rect_in_zones(zones, x0, y0, x1, y1) or \
                        _rect_near_boxes(placed_boxes, gap2, x0, y0, x1, y1):
                    continue
                self.board.add_piece(Piece(x0, y0, x1, y1, piece.tall, piece.size.value,
                                           self.players[self.sides[side][0]].band.terrain.name))
                placed_boxes.append((x0, y0, x1, y1))
                placed = True
                break
            if not placed:
                break  # "both players agree it will not fit": placement ends

    def _place_husks(self) -> None:
        rng = self.layout_rng
        size = self.board.size
        gap = self.mode.board.husk_gap
        placed: list[tuple[float, float]] = []
        tries = 0
        while len(placed) < self.mode.husks:
            tries += 1
            if tries % 400 == 0:
                gap *= 0.9  # never seen on real boards; keeps the setup total
            x = grid(rng.uniform(HUSK_RADIUS, size - HUSK_RADIUS))
            y = grid(rng.uniform(HUSK_RADIUS, size - HUSK_RADIUS))
            if any(z.touches_circle(x, y, HUSK_RADIUS) for z in self.board.zones):
                continue
            if not self.board.fits(x, y, HUSK_RADIUS, []):
                continue
            if any(math.hypot(x - hx, y - hy) < gap for hx, hy in placed):
                continue
            placed.append((x, y))
            self.board.husks.append((x, y))

    def _roll_off(self) -> int:
        while True:
            a, b = self.roll(), self.roll()
            if a != b:
                return 0 if a > b else 1

    def _draw_hand(self, p: SimPlayer) -> None:
        size = HAND_SIZE
        while True:
            p.hand, p.deck = p.deck[:size], p.deck[size:]
            if p.mulligans >= MAX_MULLIGANS or size <= 1:
                break
            if not self.ask(p.index, "mulligan", [c.name for c in p.hand]):
                break
            p.mulligans += 1
            p.deck = p.hand + p.deck
            random.Random(derive_seed(self.seed, f"mulligan{p.index}.{p.mulligans}")).shuffle(
                p.deck)
            size -= 1
        self.log("hand", p.index, len(p.hand), p.mulligans)

    def _bid_value(self, player: int, card) -> int:
        value = getattr(card, "cost", 0) or 0
        return value * (self.mode.nemesis_bid_multiplier
                        if self.mode.is_nemesis_side(self.players[player].side) else 1)

    def _take_bid(self, player: int, kind: str) -> int | None:
        p = self.players[player]
        if not p.hand:
            return None
        idx = self.ask(player, "bid", kind)
        if idx is None:
            return None
        if not isinstance(idx, int) or not 0 <= idx < len(p.hand):
            raise IllegalCommand(f"Bid a card from the hand by its index, not {idx!r}.")
        card = p.hand.pop(idx)
        p.banished.append(card)
        return self._bid_value(player, card)

    def _setup_bid(self) -> None:
        totals = []
        for members in self.sides:
            totals.append(sum(v or 0 for v in (self._take_bid(i, "setup") for i in members)))
        winner = self._roll_off() if totals[0] == totals[1] else int(totals[1] > totals[0])
        self.bids_won.append((0, winner))
        lead = self.sides[winner][0]
        choice = self.ask(lead, "setup_choice")
        if choice not in ("zone", "initiative"):
            raise IllegalCommand("Choose 'zone' or 'initiative'.")
        if choice == "initiative":
            self.initiative = winner
            picker = 1 - winner
        else:
            self.initiative = 1 - winner
            picker = winner
        self._choose_zones(picker)
        self.log("setupbid", totals, winner, choice, self.initiative,
                 {str(k): v for k, v in self.zones.items()})

    def _choose_zones(self, side: int) -> None:
        lead = self.sides[side][0]
        team = self.mode.teams
        pick = self.ask(lead, "zone", "edge" if team else "corner")
        if not isinstance(pick, int) or not 0 <= pick < 4:
            raise IllegalCommand("Choose a corner (or an edge) numbered 0 to 3.")
        if not team:
            corners = {side: [pick], 1 - side: [(pick + 2) % 4]}
        else:
            mine = list(EDGE_CORNERS[pick])
            theirs = list(EDGE_CORNERS[(pick + 2) % 4])
            corners = {side: mine, 1 - side: theirs}
        for s, cs in corners.items():
            members = self.sides[s]
            for k, player in enumerate(members):
                # A lone player on a team-sized side (the Nemesis) uses both corners.
                self.zones[player] = cs if len(members) == 1 else [cs[k % len(cs)]]

    def zone_holds(self, player: int, x: float, y: float, r: float) -> bool:
        return any(self.board.zones[c].holds(x, y, r) for c in self.zones[player])

    def zone_spot(self, player: int, r: float, k: int = 0) -> tuple[float, float]:
        """A standard point in the player's zone, spread along an arc (``k``-th choice)."""
        corner = self.board.zones[self.zones[player][k % len(self.zones[player])]]
        cx = self.board.size / 2
        ang0 = math.atan2(cx - corner.cy, cx - corner.cx)
        spread = (k // len(self.zones[player]))
        ring = corner.radius - r - 0.2 - 1.6 * (spread // 5)
        ang = ang0 + ((spread % 5) - 2) * 0.3
        return snap(corner.cx + math.cos(ang) * ring), snap(corner.cy + math.sin(ang) * ring)

    def _deploy_seeker_at_start(self, p: SimPlayer) -> None:
        seeker = p.band.seeker
        if seeker is None:
            return
        r = base_radius(seeker.base_mm)
        for k in range(20):
            x, y = self.zone_spot(p.index, r, k)
            if self.zone_holds(p.index, x, y, r) and self.board.fits(x, y, r, self.circles()):
                self._enter(p, seeker, x, y)
                return

    # -------------------------------------------------------------------- rounds
    def run(self):
        from .result import SimulationResult
        try:
            self.setup()
            while True:
                self.log("round", self.round)
                if self.round > 1:
                    self._refresh()
                self.phase = "deploy"
                self._deploy_phase()
                self.phase = "action"
                self._action_phase()
                self.phase = "end"
                self._claims()
                if self._victory_check():
                    break
                self.round += 1
                if self.round > MAX_ROUNDS:
                    raise EngineBug("A match outlived every deck.")
        except _Over:
            pass
        return SimulationResult.build(self)

    def _finish(self, winner: int, win_type: str) -> None:
        self.phase = "over"
        self.result = MatchResult(
            winner=winner, win_type=win_type, final_round=self.round,
            mastery=tuple(self.side_mastery(s) for s in range(len(self.sides))),
            sources=tuple(dict(m) for m in self.mastery), defeats=tuple(self.defeats),
            relics_claimed=tuple(self.relics_claimed), relics_lost=tuple(self.relics_lost),
            bids_won=tuple(self.bids_won), sides=tuple(tuple(s) for s in self.sides))
        self.log("over", winner, win_type, list(self.result.mastery))

    def _refresh(self) -> None:
        for u in self.units:
            u.exhausted = False
            if u.temp:
                u.temp = {}
                u.restat()
                self._los.clear()
        losers = []
        for p in self.players:
            n = self.mode.draw_per_refresh(p.side)
            if len(p.deck) < n:
                p.hand += p.deck
                p.deck = []
                losers.append(p.side)
            else:
                p.hand += p.deck[:n]
                p.deck = p.deck[n:]
            p.echo += echo_gain(self.round)
        self.log("refresh", self.round, [[p.echo, len(p.hand), len(p.deck)] for p in self.players])
        if losers:
            alive = [s for s in range(len(self.sides)) if s not in losers]
            if len(alive) == 1:
                self._finish(alive[0], "deck_out")
            else:
                best = max(self.side_mastery(s) for s in range(len(self.sides)))
                leaders = [s for s in range(len(self.sides)) if self.side_mastery(s) == best]
                self._finish(self.initiative if self.initiative in leaders else leaders[0],
                             "deck_out")
            raise _Over
        self._initiative_bid()

    def _initiative_bid(self) -> None:
        holder = self.initiative
        challenger = 1 - holder
        bids = {}
        for side in (challenger, holder):
            if side == holder and not bids:
                break  # nobody opened: initiative stays
            members = self.sides[side]
            if not all(self.players[i].hand for i in members):
                continue
            # Every teammate must agree to bid; each bids one card.
            if not all(self.ask(i, "bid_initiative", side == holder) for i in members):
                continue
            bids[side] = sum(v or 0 for v in (self._take_bid(i, "initiative") for i in members))
        if bids:
            best = max(bids.values())
            leaders = [s for s, v in bids.items() if v == best]
            winner = challenger if challenger in leaders else leaders[0]
            self.initiative = winner
            self.bids_won.append((self.round, winner))
        self.log("initiative", self.round, {str(k): v for k, v in bids.items()}, self.initiative)

    # -------------------------------------------------------------------- deploy
    def _deploy_phase(self) -> None:
        first = self.ask(self.sides[self.initiative][0], "first", "deploy")
        if first not in (0, 1):
            raise IllegalCommand("Name the side (0 or 1) that goes first.")
        for side in (first, 1 - first):
            for i in self.sides[side]:
                self._deploy_player(self.players[i])

    def _enter(self, p: SimPlayer, card: Unit, x: float, y: float) -> SimUnit:
        self._uid += 1
        u = SimUnit(self._uid, card, p.index, p.side, x, y, self.round)
        self.units.append(u)
        self.by_id[u.id] = u
        self._circ = self._sides_cache = None
        self._los.clear()
        self._engaged.clear()
        self._near.clear()
        self._clear_moves.clear()
        if card is p.band.seeker:
            p.seeker_unit = u
        u.refit()
        self.log("deploy", u.id, p.index, card.name, x, y, u.max_hp)
        return u

    def _deploy_player(self, p: SimPlayer) -> None:
        orders = self.ask(p.index, "deploy")
        if not isinstance(orders, list):
            raise IllegalCommand("Deploy orders are a list.")
        staged: list[tuple[Unit, float, float]] = []
        items: list[tuple[Item, object]] = []
        hand = list(p.hand)
        used: list[int] = []
        echo = p.echo
        free_used = False
        seeker_staged = False
        staged_circles: list = []
        for order in orders:
            kind = order[0]
            if kind == "unit" or kind == "seeker":
                if kind == "seeker":
                    card = p.band.seeker
                    if card is None or p.seeker_unit is not None or seeker_staged:
                        raise IllegalCommand("The Seeker is not in the Seeker zone.")
                    seeker_staged = True
                    x, y = float(order[1]), float(order[2])
                else:
                    idx = order[1]
                    if idx in used or not 0 <= idx < len(hand) or not isinstance(hand[idx], Unit):
                        raise IllegalCommand(f"Hand card {idx} is not a unit to deploy.")
                    card = hand[idx]
                    used.append(idx)
                    x, y = float(order[2]), float(order[3])
                free = (kind == "unit" and not free_used and self.mode.is_nemesis_side(p.side)
                        and card.rank in (Rank.BASIC, Rank.ELITE)
                        and p.free_deploy_round != self.round)
                if free:
                    free_used = True
                    p.free_deploy_round = self.round
                elif card.cost > echo:
                    raise IllegalCommand(f"{card.name} costs {card.cost}; {echo} echo left.")
                else:
                    echo -= card.cost
                r = base_radius(card.base_mm)
                if not self.board.fits(x, y, r, self.all_circles() + staged_circles):
                    raise IllegalCommand(f"{card.name} does not fit at ({x}, {y}).")
                if not (self.zone_holds(p.index, x, y, r) or self._reinforces(p, x, y, r)):
                    raise IllegalCommand(
                        f"{card.name} must deploy fully in the zone or within 1\" of an "
                        f"unengaged unit deployed in an earlier round.")
                staged.append((card, x, y))
                staged_circles.append((x, y, r))
            elif kind == "item":
                idx, target = order[1], order[2]
                if idx in used or not 0 <= idx < len(hand) or not isinstance(hand[idx], Item):
                    raise IllegalCommand(f"Hand card {idx} is not an item.")
                card = hand[idx]
                if card.cost > echo:
                    raise IllegalCommand(f"{card.name} costs {card.cost}; {echo} echo left.")
                echo -= card.cost
                used.append(idx)
                items.append((card, target))
            else:
                raise IllegalCommand(f"Unknown deploy order {kind!r}.")
        # Everything enters at once.
        p.echo = echo
        p.hand = [c for i, c in enumerate(hand) if i not in used]
        new_units = [self._enter(p, card, x, y) for card, x, y in staged]
        for card, target in items:
            if isinstance(target, list) and target and target[0] == "new":
                if not 0 <= target[1] < len(new_units):
                    raise IllegalCommand("An item goes on a unit being deployed or on board.")
                unit = new_units[target[1]]
            else:
                unit = self.unit(target)
                if unit.owner != p.index or self.is_engaged(unit):
                    raise IllegalCommand("An item goes on an unengaged unit its player owns.")
            if unit.item is not None or unit.profile.clumsy:
                raise IllegalCommand(f"{unit.card.name} cannot take another item.")
            unit.item = card
            unit.refit()
            self._los.clear()
            self.log("item", unit.id, card.name, card.cost)
        self._swaps(p)

    def swap_options(self, player: int, moved) -> list[list]:
        """[unit a, unit b, "item" | "relic"] swaps this player may make now: two unengaged
        units it owns within 1\", an attachment of that kind on at least one that has not
        moved this phase, the receiver not Clumsy, and no unit left with damage >= Max HP."""
        own = [u for u in self.units if u.owner == player]
        if len(own) < 2:
            return []
        engaged: dict[int, bool] = {}

        def free(u) -> bool:
            e = engaged.get(u.id)
            if e is None:
                e = engaged[u.id] = self.is_engaged(u)
            return not e
        out = []
        seen = set()
        for a in own:
            kinds = [k for k, att in (("item", a.item), ("relic", a.relic))
                     if att is not None and (a.id, k) not in moved]
            if not kinds:
                continue
            reach = a.r + NEARBY + 2.0 + 1e-9  # no base is wider than 2"
            near = [b for b in own if b is not a and abs(b.x - a.x) <= reach and
                    abs(b.y - a.y) <= reach and self.edge(a, b) <= NEARBY + 1e-9]
            if not near or not free(a):
                continue
            for b in near:
                if not free(b):
                    continue
                for kind in kinds:
                    other = getattr(b, kind)
                    if other is not None and (b.id, kind) in moved:
                        continue
                    if b.profile.clumsy or (other is not None and a.profile.clumsy):
                        continue
                    key = (min(a.id, b.id), max(a.id, b.id), kind)
                    if key in seen:
                        continue
                    if (a.damage or b.damage) and not self._swap_keeps_alive(a, b, kind):
                        continue
                    seen.add(key)
                    out.append([a.id, b.id, kind])
        return out

    @staticmethod
    def _swap_keeps_alive(a: SimUnit, b: SimUnit, kind: str) -> bool:
        """Neither unit would end with damage at or above its Max HP (a lost +Max HP)."""
        for u, att in ((a, getattr(b, kind)), (b, getattr(a, kind))):
            if not u.damage:
                continue
            gain = 0
            for card in (att, u.relic if kind == "item" else u.item):
                if card is not None:
                    gain += parse_abilities(card.abilities, card.name).stats.get("max_hp", 0)
            base = u.card.max_hp or 0
            if u.damage >= max(1, base + u.base.stats.get("max_hp", 0) + gain
                               + u.temp.get("max_hp", 0)):
                return False
        return True

    def _swaps(self, p: SimPlayer) -> None:
        """After staging, the player may swap attachments between its unengaged units within
        1\" of each other; each attachment moves at most once a deploy phase."""
        moved: set[tuple[int, str]] = set()
        while True:
            options = self.swap_options(p.index, moved)
            if not options:
                return
            answer = self.ask(p.index, "swap", options)
            if not answer:
                return
            if list(answer) not in options and \
                    [answer[1], answer[0], answer[2]] not in options:
                raise IllegalCommand("Those units cannot swap that attachment now.")
            a, b, kind = self.unit(answer[0]), self.unit(answer[1]), answer[2]
            to_b, to_a = getattr(a, kind), getattr(b, kind)
            setattr(a, kind, to_a)
            setattr(b, kind, to_b)
            for u, att in ((a, to_a), (b, to_b)):
                if att is not None:
                    moved.add((u.id, kind))
                u.refit()
            self._los.clear()
            self.log("swap", a.id, b.id, kind, to_b.name if to_b else None,
                     to_a.name if to_a else None)

    def _reinforces(self, p: SimPlayer, x: float, y: float, r: float) -> bool:
        for u in self.units:
            if u.owner == p.index and u.deployed_round < self.round and \
                    math.hypot(u.x - x, u.y - y) - u.r - r <= NEARBY + 1e-9 and \
                    not self.is_engaged(u):
                return True
        return False

    # -------------------------------------------------------------------- action
    def _action_phase(self) -> None:
        self.nemesis_refreshed = False
        side = self.ask(self.sides[self.initiative][0], "first", "activate")
        if side not in (0, 1):
            raise IllegalCommand("Name the side (0 or 1) that goes first.")
        turn = [0] * len(self.sides)  # whose turn within each team
        idle = 0
        while idle < 2:
            unit = self._next_activation(side, turn)
            if unit is None:
                idle += 1
            else:
                idle = 0
                self._activate(unit)
            side = 1 - side

    def _next_activation(self, side: int, turn: list[int]) -> SimUnit | None:
        members = self.sides[side]
        for k in range(len(members)):
            player = members[(turn[side] + k) % len(members)]
            ready = [u for u in self.units if u.owner == player and not u.exhausted]
            if not ready and self.mode.is_nemesis_side(side) and not self.nemesis_refreshed \
                    and any(u.owner == player for u in self.units):
                self.nemesis_refreshed = True
                mine = [u for u in self.units if u.owner == player]
                n = min(self.round, len(mine))
                ids = self.ask(player, "nemesis_refresh", [u.id for u in mine], n)
                for uid in list(ids)[:n]:
                    self.unit(uid).exhausted = False
                self.log("nrefresh", player, list(ids)[:n])
                ready = [u for u in self.units if u.owner == player and not u.exhausted]
            if ready:
                turn[side] = (turn[side] + k + 1) % len(members)
                uid = self.ask(player, "activate", [u.id for u in ready])
                unit = self.unit(uid)
                if unit.owner != player or unit.exhausted:
                    raise IllegalCommand(f"Unit {uid} cannot activate now.")
                return unit
        return None

    def _activate(self, u: SimUnit) -> None:
        u.exhausted = True
        self.channel_used = False
        self.log("act", u.id)
        if u.profile.regeneration and u.damage:
            self._heal(u, u.profile.regeneration)
        self._interrupts(1 - u.side, "activation", u)
        ap = 2
        self._spell_window(u)
        while ap > 0 and u in self.units:
            cmd = self.ask(u.owner, "action", u.id, ap)
            if not cmd or cmd[0] == "pass":
                break
            ap -= self.perform(u, cmd, ap)
            if u in self.units and self.result is None:
                self._spell_window(u)
        self.log("done", u.id)

    def perform(self, u: SimUnit, cmd: list, ap: int = 2) -> int:
        """Carry out one action; returns the AP it cost. Refuses an illegal one."""
        kind = cmd[0]
        cost = {"move": 1, "attack": 1, "charge": 2, "shift": 2, "onslaught": 2}.get(kind)
        if cost is None:
            raise IllegalCommand(f"Unknown action {kind!r}.")
        if cost > ap:
            raise IllegalCommand(f"{kind} costs {cost} AP; {ap} left.")
        if kind == "move":
            x, y = float(cmd[1]), float(cmd[2])
            if not u.has("speed"):
                raise IllegalCommand("A unit with no Speed cannot move.")
            why = self.move_ok(u, x, y, u.stat("speed"))
            if why:
                raise IllegalCommand(why)
            if not self._retaliations(u):
                return cost
            # Retaliation cannot move it, so the path checked above still holds.
            u.x, u.y = x, y
            self.moved()
            self.log("move", u.id, x, y)
        elif kind == "shift":
            x, y = float(cmd[1]), float(cmd[2])
            why = self.shift_ok(u, x, y)
            if why:
                raise IllegalCommand(why)
            u.x, u.y = x, y
            self.moved()
            self.log("shift", u.id, x, y)
        elif kind == "attack":
            target = self.unit(cmd[1])
            ranged = cmd[2] == "ranged"
            if ranged:
                if target not in self.ranged_targets(u):
                    raise IllegalCommand("The target is not within Range and line of sight.")
                if not self._retaliations(u):
                    return cost
                if target not in self.units:
                    return cost
            elif not self.engaged_with(u, target):
                raise IllegalCommand("A melee attack needs an engaged target in line of effect.")
            self._attack(u, target, "r" if ranged else "m")
            if u in self.units and u.profile.skirmisher and self.result is None:
                spot = self.ask(u.owner, "skirmish", u.id)
                if spot:
                    why = self.shift_ok(u, float(spot[0]), float(spot[1]))
                    if why or math.hypot(spot[0] - u.x, spot[1] - u.y) > u.profile.skirmisher:
                        raise IllegalCommand(why or "Skirmisher shifts up to 2\".")
                    u.x, u.y = float(spot[0]), float(spot[1])
                    self.moved()
                    self.log("shift", u.id, u.x, u.y)
        elif kind == "charge":
            target = self.unit(cmd[1])
            end = cmd[2] if len(cmd) > 2 and cmd[2] is not None else None
            found = self.charge_end(u, target, end)
            if isinstance(found, str):
                raise IllegalCommand(found)
            if not self._retaliations(u):
                return cost
            if target not in self.units:
                return cost
            # Retaliation moves nothing, so the corridor checked above still holds.
            u.x, u.y = found
            self.moved()
            self.log("charge", u.id, target.id, u.x, u.y)
            self._attack(u, target, "c")
        elif kind == "onslaught":
            if not u.profile.onslaught:
                raise IllegalCommand("This unit has no Onslaught.")
            for _ in range(3):
                targets = self.engaged_enemies(u)
                if not targets or u not in self.units:
                    break
                tid = self.ask(u.owner, "target", u.id, [t.id for t in targets])
                if tid is None:
                    break
                target = self.unit(tid)
                if target not in targets:
                    raise IllegalCommand("Onslaught attacks engaged enemies.")
                self._attack(u, target, "m")
        return cost

    def _retaliations(self, u: SimUnit) -> bool:
        """Every engaged enemy may retaliate before the provoking action; False if ``u``
        was defeated (its action is lost)."""
        engaged = self.engaged_enemies(u)
        if not engaged:
            return True
        by_owner: dict[int, list[SimUnit]] = {}
        for e in engaged:
            by_owner.setdefault(e.owner, []).append(e)
        # Across players the initiative side's players resolve first; each orders its own.
        owners = sorted(by_owner, key=lambda o: (self.players[o].side != self.initiative, o))
        for owner in owners:
            order = self.ask(owner, "retaliate", u.id, [e.id for e in by_owner[owner]])
            for eid in order or []:
                e = self.unit(eid)
                if e not in by_owner[owner]:
                    raise IllegalCommand(f"Unit {eid} is not engaged with the provoker.")
                if u not in self.units:
                    return False
                if e in self.units and self.engaged_with(e, u):
                    self._attack(e, u, "x")
                if u not in self.units:
                    return False
        return u in self.units

    def _attack(self, a: SimUnit, t: SimUnit, kind: str) -> None:
        if self.phase == "action":
            # Declared: the defending side may answer before the die (a DEF gain, a bolt).
            self._interrupts(t.side, "attack", a, t)
            if a not in self.units or t not in self.units:
                return  # the attacker fell: its attack is lost
        acc = a.stat("acc") if a.has("acc") else 0
        if a.profile.pack_hunter and any(
                o is not a and self.engaged_with(o, t) for o in self.side_units(a.side)):
            acc += 1
        defense = t.stat("defense") if t.has("defense") else 0
        if t.has("defense") and any(o.profile.bodyguard and o is not t and
                                    self.edge(o, t) <= NEARBY for o in self.side_units(t.side)):
            defense += 1
        roll = self.roll()
        res = resolve_attack(roll, acc if a.has("acc") else None, a.card.power, defense,
                             a.power_bonus)
        self.log("attack", a.id, t.id, kind, roll, OUTCOME_CODE[res.outcome], res.damage)
        if self.phase == "action":
            # The result is seen; before the damage (the book's swift spell example).
            self._interrupts(t.side, "hit", a, t, res.damage)
        self._damage(t, res.damage, a, logged=True)
        if t in self.units and a.profile.knockback and kind in ("m", "c") and \
                res.outcome in (Outcome.HIT, Outcome.CRITICAL_HIT):
            self.push(t, a.x, a.y, a.profile.knockback)

    def _damage(self, t: SimUnit, amount: int, source: SimUnit | None,
                logged: bool = False) -> None:
        if amount <= 0 or t not in self.units:
            return
        if not logged:
            self.log("dmg", t.id, amount)
        t.damage += amount
        if t.damage >= t.max_hp:
            if t.profile.stubborn and t.stubborn_round != self.round:
                t.stubborn_round = self.round
                t.damage = t.max_hp - 1
                self.log("stubborn", t.id)
                return
            self._defeat(t, source)

    def _heal(self, u: SimUnit, amount: int) -> None:
        healed = min(amount, u.damage)
        if healed:
            u.damage -= healed
            self.log("heal", u.id, healed)

    def push(self, t: SimUnit, ox: float, oy: float, distance: float) -> None:
        """Forced movement away from (ox, oy) along the centre line; stops at an obstacle.
        Never provokes retaliation."""
        dx, dy = t.x - ox, t.y - oy
        d = math.hypot(dx, dy)
        if d <= 1e-6:
            return
        others = self.circles(t)
        steps = int(distance / 0.1 + 1e-9)
        x, y = t.x, t.y
        for k in range(1, steps + 1):
            nx, ny = snap(t.x + dx / d * 0.1 * k), snap(t.y + dy / d * 0.1 * k)
            if not self.board.fits(nx, ny, t.r, others):
                break
            x, y = nx, ny
        if (x, y) != (t.x, t.y):
            t.x, t.y = x, y
            self.moved()
            self.log("push", t.id, x, y)

    def _defeat(self, t: SimUnit, by: SimUnit | None) -> None:
        self.units.remove(t)
        del self.by_id[t.id]
        self._circ = self._sides_cache = None
        self._los.clear()
        self._engaged.clear()
        self._near.clear()
        self._clear_moves.clear()
        owner = self.players[t.owner]
        worth = t.worth
        scorer = 1 - t.side
        self.mastery[scorer]["kills"] += worth
        relic_lost = t.relic is not None
        if relic_lost:
            self.mastery[t.side]["losses"] -= RELIC_LOSS
            self.relics_lost[t.side] += 1
            self.relic_deck.append(t.relic)
            self.board.husks.append((t.x, t.y))
            self._los.clear()
        if owner.seeker_unit is t:
            owner.seeker_unit = None
        else:
            owner.discard.append(t.card)
        if t.item is not None:
            owner.discard.append(t.item)
        self.defeats.append(Defeat(self.round, t.card.name, t.owner,
                                   by.owner if by is not None else None, worth, relic_lost))
        self.log("defeat", t.id, by.id if by is not None else -1, worth, int(relic_lost))
        if by is not None and by.profile.echo_leech and by in self.units:
            self.players[by.owner].echo += 1
        # Triggers: the owner resolves its own (one unit here), Martyr before Death Throes.
        if t.profile.martyr:
            for o in list(self.units):
                if o.side == t.side and self.edge(o, t) <= TRIGGER_REACH:
                    self._heal(o, t.profile.martyr)
        if t.profile.death_throes:
            for o in list(self.units):
                if o in self.units and self.edge(o, t) <= TRIGGER_REACH:
                    self._damage(o, t.profile.death_throes, t)

    # -------------------------------------------------------------------- spells
    def playable(self, p: SimPlayer, swift_only: bool) -> list[int]:
        """Hand indices of the modelled spells the player can pay for (swift ones only when
        a channel is not allowed).

        The hand's spells are remembered with the hand list itself and its length: every
        change of a hand either replaces the list or changes its length."""
        hand = p.hand
        cache = p.spell_cache
        if cache is None or cache[0] is not hand or cache[1] != len(hand):
            kinds = self._spell_kinds
            entries = []
            for i, c in enumerate(hand):
                k = kinds.get(id(c))
                if k is None:
                    k = self._spell_kind(c)
                if k:
                    entries.append((i, k, c.cost))
            cache = p.spell_cache = (hand, len(hand), entries)
        entries = cache[2]
        if not entries:
            return []
        echo = p.echo
        return [i for i, k, cost in entries if cost <= echo and (k == 2 or not swift_only)]

    def _spell_kind(self, c) -> int:
        """0: not a modelled spell, 1: a modelled channel, 2: a modelled swift (remembered
        per card object, which the game keeps alive)."""
        k = 0
        if type(c) is Spell and parse_spell(c.abilities) is not None:
            k = 2 if c.speed is SpellSpeed.SWIFT else 1
        self._spell_kinds[id(c)] = k
        self._spell_cards.append(c)  # keeps the id from being reused
        return k

    def spell_reaches(self, origins, target: SimUnit, reach: float) -> bool:
        """Some origin unit is within ``reach`` of ``target`` with line of effect to it."""
        loe = self.board.line_of_effect
        return any(self.edge(o, target) <= reach + 1e-9 and
                   (o is target or loe(o.x, o.y, target.x, target.y, target.r))
                   for o in origins)

    def _spell_window(self, u: SimUnit) -> None:
        """The active unit's owner may play a spell: a channel once an activation, swift
        spells at every window. Measured from the active unit."""
        if u not in self.units:
            return
        p = self.players[u.owner]
        playable = self.playable(p, self.channel_used)
        if not playable:
            return
        answer = self.ask(u.owner, "spell", u.id, playable)
        if not answer:
            return
        idx, tid = answer
        if idx not in playable:
            raise IllegalCommand("That spell cannot be played now.")
        self._cast(p, idx, self.unit(tid), (u,))

    def _interrupts(self, side: int, window: str, about: SimUnit, target: SimUnit | None = None,
                    damage: int | None = None) -> None:
        """An interrupt point in another unit's step: each player of ``side`` may play swift
        spells (measured from any unit it owns), one at a time, until it passes.

        ``window``: "activation" (an enemy unit has just activated), "attack" (an attack on
        ``target`` is declared, before the die) or "hit" (its result is seen, ``damage``
        not yet dealt)."""
        if self.phase != "action" or self.result is not None:
            return
        for player in self.sides[side]:
            p = self.players[player]
            while about in self.units and self.result is None:
                playable = self.playable(p, True)
                if not playable:
                    break
                origins = [o for o in self.side_units(p.side) if o.owner == player]
                if not origins:
                    break
                answer = self.ask(player, "interrupt", window, about.id,
                                  target.id if target is not None else None, damage, playable)
                if not answer:
                    break
                idx, tid = answer
                if idx not in playable:
                    raise IllegalCommand("Only a swift spell you can pay for answers now.")
                self._cast(p, idx, self.unit(tid), origins, window, about)

    def _cast(self, p: SimPlayer, idx: int, target: SimUnit, origins, window: str = "",
              about: SimUnit | None = None) -> None:
        """Pay a spell (echo, the card from the hand to the discard pile) and resolve it."""
        card = p.hand[idx]
        effect = parse_spell(card.abilities)
        if effect is None:
            raise IllegalCommand(f"{card.name} is not a spell the simulator plays.")
        if card.cost > p.echo:
            raise IllegalCommand(f"{card.name} costs {card.cost}; {p.echo} echo left.")
        if not self.spell_reaches(origins, target, effect.reach):
            raise IllegalCommand(f"{card.name}'s target is out of reach or line of effect.")
        if (effect.kind == "damage") == (target.side == p.side):
            whom = "an enemy" if effect.kind == "damage" else "an ally"
            raise IllegalCommand(f"{card.name} targets {whom}.")
        p.hand.pop(idx)
        p.echo -= card.cost
        p.discard.append(card)
        if window:
            self.log("swift", p.index, card.name, target.id, window, about.id)
        else:
            if card.speed is SpellSpeed.CHANNEL:
                self.channel_used = True
            self.log("spell", p.index, card.name, target.id)
        if effect.kind == "damage":
            self._damage(target, effect.amount, None)
        elif effect.kind == "heal":
            self._heal(target, effect.amount)
        else:
            target.temp[effect.stat] = target.temp.get(effect.stat, 0) + effect.amount
            target.restat()
            self._los.clear()  # a Speed gain changes what a charge reaches

    # ----------------------------------------------------------------------- end
    def claim_options(self, player: int) -> list[list[int]]:
        """[unit id, husk index] pairs this player may claim with now."""
        out = []
        husks = self.board.live_husks()
        if not husks or not (self.relic_display or self.relic_deck):
            return out
        for u in self.units:
            if u.owner != player or u.relic is not None or u.profile.clumsy:
                continue
            if self.is_engaged(u):
                continue
            for hi, hx, hy in husks:
                gap = math.hypot(u.x - hx, u.y - hy) - u.r - HUSK_RADIUS
                if gap > u.profile.claim_reach + 1e-9:
                    continue
                if any(e.side != u.side and math.hypot(e.x - hx, e.y - hy) - e.r - HUSK_RADIUS
                       <= NEARBY + 1e-9 for e in self.units):
                    continue
                out.append([u.id, hi])
        return out

    def _claims(self) -> None:
        first = self.ask(self.sides[self.initiative][0], "first", "claim")
        if first not in (0, 1):
            raise IllegalCommand("Name the side (0 or 1) that claims first.")
        side = first
        passes = 0
        turn = [0, 0]
        while passes < 2:
            claimed = False
            members = self.sides[side]
            for k in range(len(members)):
                player = members[(turn[side] + k) % len(members)]
                options = self.claim_options(player)
                if not options:
                    continue
                answer = self.ask(player, "claim", options)
                if not answer:
                    continue
                uid, hi, pick = answer
                if [uid, hi] not in options:
                    raise IllegalCommand("That unit cannot claim that husk.")
                self._claim(self.unit(uid), hi, pick)
                turn[side] = (turn[side] + k + 1) % len(members)
                claimed = True
                break
            passes = 0 if claimed else passes + 1
            side = 1 - side

    def _claim(self, u: SimUnit, husk: int, pick: int) -> None:
        if pick is None or pick < 0:
            if not self.relic_deck:
                raise IllegalCommand("The relic deck is empty; choose from the display.")
            relic = self.relic_deck.pop(0)
        else:
            if not 0 <= pick < len(self.relic_display):
                raise IllegalCommand("Choose a relic on the display.")
            relic = self.relic_display.pop(pick)
            if self.relic_deck:
                self.relic_display.append(self.relic_deck.pop(0))
        u.relic = relic
        u.refit()
        self.board.husks[husk] = None
        self._los.clear()  # a husk no longer blocks sight
        self._clear_moves.clear()
        self.mastery[u.side]["relics"] += RELIC_MASTERY
        self.relics_claimed[u.side] += 1
        self.log("claim", u.id, husk, relic.name)

    def _victory_check(self) -> bool:
        totals = [self.side_mastery(s) for s in range(len(self.sides))]
        self.log("end", self.round, totals)
        if max(totals) >= self.mode.threshold:
            leaders = [s for s, t in enumerate(totals) if t == max(totals)]
            if len(leaders) == 1:
                self._finish(leaders[0], "threshold")
                return True
        return False


def _rect_in_zones(zones, x0: float, y0: float, x1: float, y1: float) -> bool:
    """The rectangle reaches into a deployment zone ((corner x, corner y, radius)):
    ``point_rect_dist`` inlined."""
    for cx, cy, radius in zones:
        dx = x0 - cx if cx < x0 else (cx - x1 if cx > x1 else 0.0)
        dy = y0 - cy if cy < y0 else (cy - y1 if cy > y1 else 0.0)
        if (dy if dx == 0.0 else dx if dy == 0.0 else math.hypot(dx, dy)) < radius:
            return True
    return False


def _rect_near_boxes(boxes, gap2: float, x0: float, y0: float, x1: float, y1: float) -> bool:
    """The rectangle is closer than the terrain gap (squared: ``gap2``) to a placed piece."""
    for px0, py0, px1, py1 in boxes:
        if max(px0 - x1, x0 - px1, 0.0) ** 2 + max(py0 - y1, y0 - py1, 0.0) ** 2 < gap2:
            return True
    return False


def _target_points(u: SimUnit, t: SimUnit) -> list[tuple[float, float]]:
    """The target's centre and two side points: the lines a charge may trace."""
    dx, dy = t.x - u.x, t.y - u.y
    d = math.hypot(dx, dy)
    if d <= 1e-6:
        return [(t.x, t.y)]
    off = t.r * 0.9 / d
    return [(t.x, t.y), (t.x - dy * off, t.y + dx * off), (t.x + dy * off, t.y - dx * off)]


def _in_corridor(u: SimUnit, px: float, py: float, ex: float, ey: float) -> bool:
    """The charger's base at (ex, ey) still overlaps the line from its start to (px, py)."""
    return seg_point_dist2(u.x, u.y, px, py, ex, ey) <= u.r * u.r + 1e-9


_PLAIN = frozenset((int, str, bool, float, type(None)))


def _json(value):
    """Tuples to lists, recursively, so a live answer equals its replayed copy."""
    t = type(value)
    if t in _PLAIN:
        return value
    if t is list or t is tuple:
        plain = _PLAIN
        return [v if type(v) in plain else _json(v) for v in value]
    if isinstance(value, (list, tuple)):
        return [_json(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _json(v) for k, v in value.items()}
    return value
