"""A commander that makes random legal choices, for tests and as a baseline.

Every choice comes from its own ``random.Random``, seeded through ``bind`` from the
simulation seed, so a game between random commanders is as reproducible as any other.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ...cards import Card, Suit
from ...duels import SoulstoneUse
from ..commands import Command, EndActivation
from ..moves import deployment_spots
from .base import BaseCommander, DuelContext

if TYPE_CHECKING:
    from ..geometry import Point
    from ..view import GameView

__all__ = ["RandomCommander"]


class RandomDecisions:
    """Duel and damage decisions picked at random among the legal ones."""

    __slots__ = ("rng",)

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose_card(self, allowed, view) -> Card:
        return self.rng.choice(allowed)

    def name_red_joker(self, view) -> Suit:
        return self.rng.choice(list(Suit))

    def cheat(self, view) -> Card | None:
        hand = view.deck.hand
        if hand and self.rng.random() < 0.3:
            return self.rng.choice(hand)
        return None

    def declare_trigger(self, available, view):
        return self.rng.choice((*available, None))

    def choose_damage_card(self, allowed, track) -> Card:
        return self.rng.choice(allowed)

    def cheat_damage(self, hand, current, track) -> Card | None:
        if hand and self.rng.random() < 0.3:
            return self.rng.choice(hand)
        return None


class RandomCommander(BaseCommander):
    """Random but legal: it picks uniformly among ``GameView.legal_commands`` and at random
    in every other question. ``stop`` is the chance of ending an Activation early."""

    def __init__(self, *, stop: float = 0.1) -> None:
        self.stop = stop
        self.rng = random.Random(0)
        self._decisions = RandomDecisions(self.rng)

    def bind(self, side: int, seed: int) -> None:
        super().bind(side, seed)
        self.rng = random.Random(seed)
        self._decisions = RandomDecisions(self.rng)

    def choose_schemes(self, view: GameView, pool: tuple[str, ...]) -> tuple[str, str]:
        first, second = self.rng.sample(list(pool), 2)
        return (first, second)

    def note(self, view: GameView, scheme: str, role: str, candidates: tuple[str, ...]) -> str:
        return self.rng.choice(candidates)

    def reveal_at_start(self, view: GameView, scheme: str) -> bool:
        return self.rng.random() < 0.5

    def deploy_first(self, view: GameView) -> bool:
        return self.rng.random() < 0.5

    def choose_zone(self, view: GameView) -> int:
        return self.rng.randrange(2)

    def deploy(self, view: GameView, models: tuple[str, ...]) -> dict[str, Point]:
        spots = deployment_spots(view.state, view.state.sides[view.side].zone)
        self.rng.shuffle(spots)
        return {mid: spots[i] for i, mid in enumerate(models) if i < len(spots)}

    def discard(self, view: GameView, hand: tuple[Card, ...], must: int) -> tuple[Card, ...]:
        if must:
            return tuple(self.rng.sample(list(hand), must))
        return tuple(c for c in hand if self.rng.random() < 0.2)

    def buy_cards(self, view: GameView) -> bool:
        return self.rng.random() < 0.2

    def reflip_initiative(self, view: GameView, mine: Card, theirs: Card) -> bool:
        return self.rng.random() < 0.3

    def go_first(self, view: GameView) -> bool:
        return self.rng.random() < 0.5

    def choose_activation(self, view: GameView, candidates: tuple[str, ...]) -> str:
        return self.rng.choice(candidates)

    def choose_command(self, view: GameView, model: str) -> Command:
        if self.rng.random() < self.stop:
            return EndActivation()
        return self.rng.choice(view.legal_commands(model))

    def soulstones(self, view: GameView, context: DuelContext) -> SoulstoneUse | None:
        roll = self.rng.random()
        if roll < 0.15:
            return SoulstoneUse(twist=True)
        if roll < 0.2:
            return SoulstoneUse(suit=self.rng.choice(list(Suit)))
        return None

    def duel_decisions(self, view: GameView, context: DuelContext):
        return self._decisions

    def prevent(self, view: GameView, model: str, damage: int) -> bool:
        return self.rng.random() < 0.5

    def strike(self, view: GameView, striker: str, mover: str,
               options: tuple[str, ...]) -> str | None:
        return self.rng.choice((*options, None))

    def randomized_target(self, view: GameView, tied: tuple[str, ...]) -> str:
        return self.rng.choice(tied)

    def end_of_turn(self, view: GameView, scheme: str, options: tuple[str, ...]) -> str | None:
        return self.rng.choice((*options, None))

    def first_scheme(self, view: GameView, schemes: tuple[str, str]) -> str:
        return self.rng.choice(schemes)
