"""A campaign in week one whose crews are sample-pack models with real actions, and a
game between them hired and schemed, ready to auto-resolve."""

import pytest

from catalogue.models import ModelCard
from catalogue.sample import load_sample_pack
from encounters.models import Game
from encounters.services import games
from tests.campaign.factories import campaign_in_week_one

SEED = 20261124


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
    return ready_game(campaign, alpha, bravo)


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch):
    """The run's fresh seed is fixed, so a test never depends on the luck of a game."""
    monkeypatch.setattr("autoresolve.services.resolve.fresh_seed", lambda: SEED)
