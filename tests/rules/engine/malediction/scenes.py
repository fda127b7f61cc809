"""Hand-built positions for the simulator's rule tests: units where we put them, scripted
dice, and a commander that answers from a script."""

from __future__ import annotations

from rules.engine.malediction.cards import Item, Power, Rank, Relic, Unit
from rules.engine.malediction.sim.board import Board, Piece
from rules.engine.malediction.sim.commanders import Commander
from rules.engine.malediction.sim.game import Game
from rules.engine.malediction.sim.sample import sample_match


def card(name="Soldier", cost=3, acc=2, power=(3, 1), rng=0, speed=5, defense=10, hp=6,
         abilities=(), rank=Rank.BASIC) -> Unit:
    return Unit(name, cost, rank, acc, Power(*power), rng, speed, defense, hp, frozenset(),
                "Soldier", tuple(abilities))


class Scripted(Commander):
    """Answers each question from ``script[tag]`` (a list, first in first out), else the
    passive default."""

    def __init__(self, **script):
        self.script = {k: list(v) for k, v in script.items()}
        self.asked: list = []

    def __getattribute__(self, name):
        script = object.__getattribute__(self, "script")
        if name in script:
            def answer(game, player, *args):
                object.__getattribute__(self, "asked").append((name, args))
                queue = script[name]
                return queue.pop(0) if len(queue) > 1 else queue[0]
            return answer
        return object.__getattribute__(self, name)


def scene(units, *, husks=(), pieces=(), dice=(), commanders=None, mode="standard",
          round_=2):
    """A game in its action phase with ``units`` = [(card, player, x, y), ...] deployed in
    round 1 (so they may reinforce)."""
    match = sample_match(mode)
    commanders = commanders or [Scripted() for _ in match.bands]
    game = Game(match, 0, commanders, dice=list(dice))
    game.board = Board(match.mode.board.size, [Piece(*p) for p in pieces], list(husks))
    game.zones = {i: [0 if game.players[i].side == 0 else 2] for i in range(len(match.bands))}
    game.round = 1
    for c, player, x, y in units:
        game._enter(game.players[player], c, x, y)
    game.round = round_
    game.relic_display = [Relic("Shown A"), Relic("Shown B")]
    game.relic_deck = [Relic("Top"), Relic("Second")]
    return game


def give_item(game, unit, cost=2):
    unit.item = Item("Charm", cost, Rank.BASIC)
    unit.refit()
