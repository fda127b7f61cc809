"""What a commander sees of the game: its own hand and Schemes, the table, the models, and
helpers to ask the rules (is this command legal? which commands are there?).

The bundled commanders read ``state`` for speed; they keep to what a player at the table
knows: their own hand and Schemes, the opponent's revealed Schemes, positions, wounds and
Conditions of every model, the Pools. A commander for a person should do the same.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from . import actions
from .actions import BLAST_RADIUS
from .commands import (
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
from .geometry import Point, snap
from .moves import charge_spot, contact_spots, deployment_spots, furthest_toward, path_toward

if TYPE_CHECKING:
    from ..cards import Card
    from .running_game import RunningGame as Game
    from .state import GameState, Model, SchemeState

__all__ = ["GameView"]


class GameView:
    """One side's window on a game."""

    __slots__ = ("game", "side", "state", "strategy")

    def __init__(self, game: Game, side: int) -> None:
        self.game = game
        self.side = side
        #: The game's state (a game keeps one for its whole life): a plain attribute, as
        #: commanders read it many times a decision.
        self.state: GameState = game.state
        #: The encounter's Strategy (fixed by the setup).
        self.strategy: str = game.setup.strategy

    # -- what a player knows --------------------------------------------------------------

    @property
    def turn(self) -> int:
        return self.state.turn

    @property
    def hand(self) -> tuple[Card, ...]:
        return self.state.sides[self.side].deck.hand

    @property
    def pool(self) -> int:
        return self.state.sides[self.side].pool

    @property
    def enemy_pool(self) -> int:
        return self.state.sides[1 - self.side].pool

    @property
    def ap(self) -> int:
        """The active model's general AP left (when it is this side's Activation)."""
        return self.game.ap

    def my_models(self) -> list[Model]:
        return list(self.state.side_in_play(self.side))

    def enemy_models(self) -> list[Model]:
        return list(self.state.side_in_play(1 - self.side))

    def model(self, model_id: str) -> Model:
        return self.state.model(model_id)

    @property
    def schemes(self) -> list[SchemeState]:
        return self.state.sides[self.side].schemes

    def enemy_revealed_schemes(self) -> list[str]:
        return [s.key for s in self.state.sides[1 - self.side].schemes if s.revealed]

    # -- asking the rules ---------------------------------------------------------------

    def check(self, model_id: str, command: Command) -> str:
        """Why the active model cannot take ``command`` now ("" when it can)."""
        m = self.model(model_id)
        if m is None or self.state.active is not m:
            return "it is not the active model"
        if isinstance(command, EndActivation):
            return ""
        return actions.check(self.game, m, command)

    def legal_commands(self, model_id: str) -> list[Command]:
        """A finite sample of the legal commands of the active model: walks in eight
        directions and toward every enemy, each attack on each target in reach, charges,
        tactical actions, the Interacts open to it, Focus, Defensive Stance, and ending."""
        st = self.state
        m = self.model(model_id)
        out: list[Command] = [EndActivation()]
        candidates: list[Command] = []
        wk = m.p.wk
        for k in range(8):
            angle = math.pi * k / 4
            p = furthest_toward(st, m, m.x + math.cos(angle) * wk, m.y + math.sin(angle) * wk, wk)
            if p is not None:
                candidates.append(Walk((p,)))
        enemies = self.enemy_models()
        for e in enemies:
            path = path_toward(st, m, (e.x, e.y), wk, stop=m.r + e.r, detours=2)
            if path:
                candidates.append(Walk(path))
            for action in m.p.attacks:
                candidates.append(Attack(action.name, e.id))
            spot = charge_spot(st, m, e)
            if spot is not None:
                candidates.append(Charge(e.id, spot))
        for action in m.p.tacticals:
            candidates.append(Tactical(action.name))
        for spot in contact_spots(st, m, count=4):
            candidates.append(Interact("scheme_marker", at=spot))
            if self.strategy == "stake-a-claim":
                candidates.append(Interact("stake", at=spot))
        candidates.append(Interact("remove_markers"))
        for marker in st.markers.values():
            if marker.kind == "squat" and marker.claimed != self.side:
                candidates.append(Interact("claim", target=str(marker.id)))
        for e in enemies:
            if "distracted" not in e.conditions:
                candidates.append(Interact("distract", target=e.id))
            if "cursed_object" not in e.conditions:
                candidates.append(Interact("cursed_object", target=e.id))
            if e.p.is_leader:
                candidates.append(Interact("deliver", target=e.id))
        candidates += [Interact("shake_distracted"), Interact("shake_curse"), Focus()]
        hand = self.hand
        if hand:
            worst = min(hand, key=lambda c: (c.value, c.code))
            candidates.append(DefensiveStance(1, worst.code))
        for command in candidates:
            if self.check(model_id, command) == "":
                out.append(command)
        return out

    # -- defaults the commanders share ----------------------------------------------------

    def default_deployment(self, model_ids: tuple[str, ...]) -> dict[str, Point]:
        """Spots in the crew's zone, nearest the centre first, in the order given."""
        st = self.state
        zone = st.sides[self.side].zone
        taken = [(m.x, m.y) for m in st.models if m.in_play]
        spots = [p for p in deployment_spots(st, zone)
                 if all(math.hypot(p[0] - q[0], p[1] - q[1]) >= 2.2 for q in taken)]
        return {mid: spots[i] for i, mid in enumerate(model_ids) if i < len(spots)}

    def default_blasts(self, target_id: str, count: int) -> tuple[Point, ...]:
        """Blast Markers in a line away from the target, on the side with the most enemies."""
        st = self.state
        target = self.model(target_id)
        best, best_score = 0.0, -math.inf
        tx, ty, tr = target.x, target.y, target.r
        # Only a model within the Marker's reach of the target can touch a Marker set
        # against it (a Marker's centre is ``tr + BLAST_RADIUS`` from the target's, so a
        # model further than that plus its own reach from the target touches none; the
        # hair covers rounding): the twelve spots are weighed against those alone.
        near = [(m.x, m.y, m.r + BLAST_RADIUS, 1 if m.side != self.side else -2)
                for m in st.models
                if m.in_play and m is not target
                and math.hypot(m.x - tx, m.y - ty) <= tr + 2 * BLAST_RADIUS + m.r + 1e-6]
        for k in range(12):
            angle = math.pi * k / 6
            cx = tx + math.cos(angle) * (tr + BLAST_RADIUS)
            cy = ty + math.sin(angle) * (tr + BLAST_RADIUS)
            score = 0
            for mx, my, reach, value in near:
                if math.hypot(mx - cx, my - cy) <= reach:
                    score += value
            if score > best_score:
                best, best_score = angle, score
        out: list[Point] = []
        ax, ay, ar = target.x, target.y, target.r
        for _ in range(count):
            # Touching the previous one once snapped to the grid: try a hair further out.
            for hair in (0.05, 0.03, 0.07, 0.01, 0.09):
                dist = ar + BLAST_RADIUS + hair
                x = snap(ax + math.cos(best) * dist)
                y = snap(ay + math.sin(best) * dist)
                gap = math.hypot(x - ax, y - ay) - ar - BLAST_RADIUS
                if 0.0 <= gap <= 0.1:
                    break
            out.append((x, y))
            ax, ay, ar = x, y, BLAST_RADIUS
        return tuple(out)

    def best_scheme_order(self, schemes: tuple[str, str]) -> str:
        """The Scheme to score first for the most VP at the end of the game."""
        book = self.game.scoring
        values = [(book.scheme_order_value(self.side, key), -i, key)
                  for i, key in enumerate(schemes)]
        return max(values)[2]
