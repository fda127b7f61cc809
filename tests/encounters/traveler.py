"""Helpers for the Lonely Traveler tests: a campaign in a Traveler week, a game in play,
and server flips seeded so the Traveler's card is known (a real shuffle, chosen)."""

from __future__ import annotations

import functools
from contextlib import contextmanager

import pytest

from encounters.models import Game
from encounters.services import games, tracker
from rules.engine.deck import FateDeck
from tests.campaign.factories import campaign_in_week_one

EVENT = "the-lonely-traveler"

#: What the first card of the seeded deck must be, per chart row.
ROWS = {
    "black-joker": lambda code: code == "BJ",
    "rams": lambda code: code.endswith("R") and code != "RJ",
    "crows": lambda code: code.endswith("C"),
    "tomes": lambda code: code.endswith("T"),
    "masks": lambda code: code.endswith("M"),
    "red-joker": lambda code: code == "RJ",
}


@functools.cache
def seed_for(row: str) -> int:
    """The first deck seed whose top card falls on ``row`` of the Traveler's chart."""
    wanted = ROWS[row]
    for seed in range(1, 200_000):
        if wanted(FateDeck(seed).flip(1)[0].code):
            return seed
    raise AssertionError(f"no seed turns over {row}")


@contextmanager
def traveler_flips(monkeypatch: pytest.MonkeyPatch, row: str):
    """Every fresh server deck inside the block is the seeded one: its first card falls
    on ``row`` (the record keeps that seed, so the flip still replays)."""
    seed = seed_for(row)
    with monkeypatch.context() as patch:
        patch.setattr(FateDeck, "fresh", classmethod(lambda cls, **kwargs: cls(seed, **kwargs)))
        yield seed


def traveler_campaign(roster, **options):
    """A running campaign in week 1 under the Lonely Traveler: (campaign, crews, organizer)."""
    return campaign_in_week_one(roster, event=EVENT, **options)


def game_in_play(campaign, alpha, bravo) -> Game:
    game = games.create_campaign_game(campaign=campaign, crew_a=alpha, crew_b=bravo,
                                      actor=alpha.player)
    for crew in (alpha, bravo):
        games.hire_crew(game=game, actor=crew.player, models=list(
            crew.models.filter(status="active")))
        games.reveal_crew(game=game, actor=crew.player)
        pool = game.setup["scheme_pool"]
        games.choose_schemes(game=game, actor=crew.player,
                             choices=[(pool[0], None), (pool[1], None)])
    tracker.start(game=game, actor=alpha.player)
    return Game.objects.get(pk=game.pk)
