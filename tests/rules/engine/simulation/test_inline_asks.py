"""The turn loop's questions written out give what ``Game.ask`` gives.

``Game.activation_phase`` and ``Game.activate`` call the commander's
``choose_activation`` and ``choose_command`` directly, and ``Game.soulstones`` its
``soulstones``, (not through ``ask``'s ``getattr``
and encoder table): each answer is the commander's, asked with the same view and
arguments, and recorded as ``codec.encode`` records it, in the same place of the log.
"""

from __future__ import annotations

from rules.engine.simulation import HeuristicCommander
from rules.engine.simulation.codec import encode
from rules.engine.simulation.engine import Game

from .builders import sample_setup


class _Spy(HeuristicCommander):
    """A heuristic commander that notes each activation and command it answers."""

    def __init__(self, side: int, noted: list) -> None:
        super().__init__()
        self.side, self.noted = side, noted

    def choose_activation(self, view, candidates):
        chosen = super().choose_activation(view, candidates)
        self.noted.append((self.side, "activate", view, candidates, chosen))
        return chosen

    def choose_command(self, view, model):
        command = super().choose_command(view, model)
        self.noted.append((self.side, "cmd", view, model, command))
        return command

    def soulstones(self, view, context):
        use = super().soulstones(view, context)
        self.noted.append((self.side, "ss", view, context, use))
        return use


def test_activations_and_commands_are_recorded_as_ask_records_them():
    setup = sample_setup()
    for seed in (1, 2, 3):
        noted: list = []
        game = Game(setup, seed, (_Spy(0, noted), _Spy(1, noted)))
        views = list(game.views)
        game.play()
        asked = [d for d in game.decisions if d[1] in ("activate", "cmd", "ss")]
        assert len(asked) == len(noted) > 0
        assert {tag for _, tag, *_ in noted} == {"activate", "cmd", "ss"}
        for (side, tag, view, argument, answer), record in zip(noted, asked, strict=True):
            assert view is views[side]  # the side's own view, as ``ask`` passes it
            if tag == "activate":
                assert isinstance(argument, tuple) and answer in argument
            assert record == [side, tag, encode(tag, answer)]

