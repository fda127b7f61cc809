"""A campaign in week one whose crews are sample-pack models with real actions, and a
game between them hired and schemed, ready to auto-resolve."""

import itertools

import pytest

from catalogue.models import ModelCard
from catalogue.sample import load_sample_pack
from encounters.models import Game
from encounters.services import games
from rules.engine.deck import FateDeck
from tests.campaign.factories import campaign_in_week_one

SEED = 20261124

#: Setup decks (seeds 300, 301, ...) whose auto-resolved game (SEED) kills models of
#: both crews. A game's setup is flipped from fresh decks, so without them a test's game
#: (strategy, deployment, schemes) would change from run to run.
SETUP_SEED = 3


def sample_roster():
    load_sample_pack()
    card = {c.name: c for c in ModelCard.objects.filter(pack__slug="sample-pack")}
    return {"henchman": card["Sample Precinct Sergeant"],
            "minion": card["Sample Guild Patrolman"],
            "enforcer": card["Sample Heavy Warden"],
            "inquisitor": card["Sample Arc-Lamp Inquisitor"]}


def ready_game(campaign, alpha, bravo, setup=None) -> Game:
    """Both crews hired, revealed, schemes chosen (crew A the pool's first two, crew B the
    next two, so a secret of one is never the other's own); ``setup``
    replaces the flipped one (a twin of another game)."""
    game = games.create_campaign_game(campaign=campaign, crew_a=alpha, crew_b=bravo,
                                      actor=alpha.player)
    if setup is not None:
        Game.objects.filter(pk=game.pk).update(setup=setup)
        game.refresh_from_db()
    for crew in (alpha, bravo):
        games.hire_crew(game=game, actor=crew.player,
                        models=list(crew.models.filter(status="active")))
        games.reveal_crew(game=game, actor=crew.player)
    pool = game.setup["scheme_pool"]
    for crew, first in ((alpha, 0), (bravo, 2)):
        games.choose_schemes(game=game, actor=crew.player,
                             choices=[(pool[first], None), (pool[first + 1], None)])
    return Game.objects.get(pk=game.pk)


def seeded_game(campaign, alpha, bravo, setup_seed=SETUP_SEED) -> Game:
    """``ready_game`` with its setup flipped from seeded decks, so the game is the same on
    every run."""
    seeds = itertools.count(setup_seed * 100)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(FateDeck, "fresh",
                      classmethod(lambda cls, **kwargs: cls(next(seeds), **kwargs)))
        return ready_game(campaign, alpha, bravo)


@pytest.fixture
def league_week(db):
    """(campaign, alpha, bravo, organizer), auto-resolve allowed when both players agree."""
    roster = sample_roster()
    campaign, (alpha, bravo), organizer = campaign_in_week_one(
        roster, models=("minion", "enforcer", "inquisitor"), upgrade=False,
        auto_resolve="both_players")
    return campaign, alpha, bravo, organizer


@pytest.fixture
def game(league_week):
    campaign, alpha, bravo, _ = league_week
    return seeded_game(campaign, alpha, bravo)


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch):
    """The run's fresh seed is fixed, so a test never depends on the luck of a game."""
    monkeypatch.setattr("autoresolve.services.resolve.fresh_seed", lambda: SEED)
