"""Auto-resolve on phones: the organizer allows it in the campaign's settings, both
players ask from the game page, the replay plays on the SVG board, both confirm, and the
Aftermath opens with the simulated casualties."""

import pytest

from aftermath.facts import side_facts
from aftermath.models import Aftermath
from autoresolve.inputs import game_input
from autoresolve.models import ResolveRun
from campaign.models import Campaign
from catalogue.models import Faction
from encounters.models import Game
from rules.engine.simulation import EncounterInput, simulate
from rules.tables import FACTIONS
from tests.autoresolve.conftest import ready_game, sample_roster
from tests.campaign.factories import campaign_in_week_one
from tests.e2e.test_tracker_browser import phone_for

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _seed_with_casualties(game) -> int:
    """The first seed whose game has casualties (the test is about them)."""
    setup, _ = game_input(game)
    return next(seed for seed in range(1, 200) if simulate(setup, seed=seed).casualties)


def test_players_auto_resolve_a_game_on_their_phones(browser, live_server, monkeypatch):
    for code, name in FACTIONS.items():  # a transactional test may follow a flush
        Faction.objects.update_or_create(code=code, defaults={"name": name})
    campaign, (alpha, bravo), organizer = campaign_in_week_one(
        sample_roster(), models=("minion", "enforcer", "inquisitor"), upgrade=False)
    game = ready_game(campaign, alpha, bravo)
    seed = _seed_with_casualties(game)
    monkeypatch.setattr("autoresolve.services.resolve.fresh_seed", lambda: seed)

    _, boss = phone_for(browser, live_server, organizer)
    boss.goto(f"/campaigns/{campaign.pk}/edit/")
    boss.select_option("select[name=auto_resolve]", "both_players")
    with boss.expect_navigation():
        boss.click("form.card button[type=submit]")
    assert Campaign.objects.get(pk=campaign.pk).auto_resolve == "both_players"

    _, a = phone_for(browser, live_server, alpha.player)
    a.goto(game.get_absolute_url())
    a.click("#ask-auto-resolve")
    a.wait_for_selector("#auto-resolve #run-status >> text=Waiting for the other player")

    _, b = phone_for(browser, live_server, bravo.player)
    b.goto(game.get_absolute_url())
    b.click("#ask-auto-resolve")
    b.wait_for_selector("#open-replay")  # eager Celery: resolved once the ask committed
    run = ResolveRun.objects.get(game=game)
    assert run.status == "done" and run.seed == seed

    b.click("#open-replay")
    b.wait_for_selector("#replay:not([hidden]) #replay-board circle.model")
    first = b.inner_text("#replay-position")
    b.click("#replay-next")
    assert b.inner_text("#replay-position") != first
    b.click("#replay-play")
    # It plays on by itself: past the third step without another click.
    b.wait_for_selector('#replay-position:text-matches("^([4-9]|[1-9][0-9]+)/")')
    b.select_option("#replay-turn", index=1)
    assert b.inner_text("#replay-title")
    assert b.evaluate("document.documentElement.scrollWidth") <= 390

    for phone, done in ((a, "#auto-confirmed"), (b, "#to-game")):
        phone.goto(game.get_absolute_url())
        phone.click("#confirm-auto-resolve")
        phone.wait_for_selector(done)  # the panel came back from the confirmation
    game.refresh_from_db()
    assert game.state in (Game.State.AFTERMATH, Game.State.DONE)

    a.goto(game.get_absolute_url())
    shown = a.locator("#casualties li[data-casualty]").count()
    played = simulate(EncounterInput.from_dict(run.input), seed=run.seed)
    assert shown == game.casualties.count() == len(played.casualties) > 0
    a.click("#your-aftermath")
    a.wait_for_selector("#wizard")
    aftermath = Aftermath.objects.get(game=game, crew=alpha)
    finished = sorted(c.model.arsenal_model_id for c in game.casualties.all()
                      if c.finished_off == "finished" and c.side.key == "a")
    assert sorted(side_facts(game.record, "a").finished_off) == finished
    assert aftermath.phase != "pending"
