"""Guild Outpost Fortifications that change what a game allows.

Posse: Take Prisoner is available to both crews, outside the pool, when either crew owns
it (page form, API, tracker, record and auto-resolve input). Warrant: its crew's player
chooses Attack or Defend in a Story Encounter, once, before hiring; every refusal writes
nothing, and the choice changes the roles the page shows."""

import re

import pytest
from django.core.exceptions import PermissionDenied
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from campaign.models import Fortification, HideOut
from encounters.models import Game, GameLog, HiredModel, SchemeChoice
from encounters.services import games, record, results, tracker, warrant
from encounters.services.common import EncounterError
from tests.campaign.factories import campaign_in_week_one

pytestmark = pytest.mark.django_db

TAKE_PRISONER = "take-prisoner"
HTMX = {"HX-Request": "true"}


def fortify(crew, *keys):
    hide_out, _ = HideOut.objects.get_or_create(
        crew=crew, defaults={"hide_out_key": "guild-outpost", "name": "Guild Outpost"})
    for key in keys:
        Fortification.objects.create(hide_out=hide_out, key=key, name=key.title(), built_week=1)


@pytest.fixture
def week(roster):
    campaign, (alpha, bravo), organizer = campaign_in_week_one(roster)
    return campaign, alpha, bravo, organizer


def without_take_prisoner(game) -> Game:
    """The flipped pool with Take Prisoner taken out, so the test never depends on it."""
    pool = [k for k in game.setup["scheme_pool"] if k != TAKE_PRISONER]
    Game.objects.filter(pk=game.pk).update(setup={**game.setup, "scheme_pool": pool})
    return Game.objects.get(pk=game.pk)


def hired_game(campaign, alpha, bravo) -> Game:
    """A Standard game without Take Prisoner in its pool, both crews hired and revealed."""
    game = without_take_prisoner(games.create_campaign_game(
        campaign=campaign, crew_a=alpha, crew_b=bravo, actor=alpha.player))
    for crew in (alpha, bravo):
        games.hire_crew(game=game, actor=crew.player, models=list(crew.models.all()))
        games.reveal_crew(game=game, actor=crew.player)
    return Game.objects.get(pk=game.pk)


def enemy_of(game, key):
    return HiredModel.objects.filter(side__game=game, is_leader=False).exclude(
        side__key=key).first()


def with_take_prisoner(game, key):
    return [(TAKE_PRISONER, enemy_of(game, key)), (game.setup["scheme_pool"][0], None)]


def chosen(game, key):
    return set(SchemeChoice.objects.filter(side__game=game, side__key=key)
               .values_list("scheme_key", flat=True))


# --- Posse ---------------------------------------------------------------------------


@pytest.mark.parametrize("owner", ["alpha", "bravo"])
def test_with_posse_on_either_side_both_crews_choose_take_prisoner(week, owner):
    campaign, alpha, bravo, _ = week
    fortify({"alpha": alpha, "bravo": bravo}[owner], "posse")
    game = hired_game(campaign, alpha, bravo)
    for crew, key in ((alpha, "a"), (bravo, "b")):
        games.choose_schemes(game=game, actor=crew.player, choices=with_take_prisoner(game, key))
        assert chosen(game, key) == {TAKE_PRISONER, game.setup["scheme_pool"][0]}
    # The usual rules still apply: two different schemes.
    with pytest.raises(EncounterError, match="different"):
        games.choose_schemes(game=game, actor=alpha.player,
                             choices=[(TAKE_PRISONER, None), (TAKE_PRISONER, None)])


def test_without_posse_take_prisoner_outside_the_pool_is_refused_writing_nothing(week):
    campaign, alpha, bravo, _ = week
    fortify(alpha, "wanted-posters", "gallows")  # the Posse's requirements, not the Posse
    game = hired_game(campaign, alpha, bravo)
    with pytest.raises(EncounterError, match="scheme pool"):
        games.choose_schemes(game=game, actor=alpha.player,
                             choices=with_take_prisoner(game, "a"))
    assert not SchemeChoice.objects.filter(side__game=game).exists()
    body = APIClient()
    body.force_authenticate(bravo.player)
    assert body.get(f"/api/games/{game.pk}/").json()["extra_schemes"] == []
    answer = body.post(f"/api/games/{game.pk}/schemes/", {"schemes": [
        {"scheme": TAKE_PRISONER}, {"scheme": game.setup["scheme_pool"][0]}]}, format="json")
    assert answer.status_code == 400 and "scheme pool" in str(answer.json())
    assert not SchemeChoice.objects.filter(side__game=game).exists()
    page = Client()
    page.force_login(alpha.player)
    html = page.get(game.get_absolute_url()).content.decode()
    assert "(Posse)" not in html and f'value="{TAKE_PRISONER}"' not in html


def test_the_page_form_lists_take_prisoner_labelled_posse_and_saves_it(week):
    campaign, alpha, bravo, _ = week
    fortify(alpha, "posse")
    game = hired_game(campaign, alpha, bravo)
    page = Client()
    page.force_login(bravo.player)  # the opposing crew of the Posse
    html = page.get(game.get_absolute_url()).content.decode()
    assert "Take Prisoner (Posse)" in html and f'value="{TAKE_PRISONER}"' in html
    answer = page.post(reverse("encounters:schemes", args=[game.pk]), {
        "schemes": [TAKE_PRISONER, game.setup["scheme_pool"][0]],
        f"noted_{TAKE_PRISONER}": str(enemy_of(game, "b").pk)}, headers=HTMX)
    assert answer.status_code == 200
    assert chosen(game, "b") == {TAKE_PRISONER, game.setup["scheme_pool"][0]}
    noted = SchemeChoice.objects.get(side__game=game, scheme_key=TAKE_PRISONER).noted_model
    assert noted == enemy_of(game, "b")


def test_the_api_lists_take_prisoner_for_posse_and_accepts_it(week):
    campaign, alpha, bravo, _ = week
    fortify(bravo, "posse")
    game = hired_game(campaign, alpha, bravo)
    client = APIClient()
    client.force_authenticate(alpha.player)
    data = client.get(f"/api/games/{game.pk}/").json()
    assert data["extra_schemes"] == [{"key": TAKE_PRISONER, "name": "Take Prisoner (Posse)",
                                      "fortification": "posse"}]
    answer = client.post(f"/api/games/{game.pk}/schemes/", {"schemes": [
        {"scheme": TAKE_PRISONER, "noted_model": enemy_of(game, "a").pk},
        {"scheme": game.setup["scheme_pool"][0]}]}, format="json")
    assert answer.status_code == 200, answer.json()
    assert chosen(game, "a") == {TAKE_PRISONER, game.setup["scheme_pool"][0]}


def test_a_lucrative_third_scheme_may_not_repeat_posses_take_prisoner(roster):
    campaign, (alpha, bravo), _ = campaign_in_week_one(roster, event="a-lucrative-offer")
    fortify(alpha, "posse")
    game = hired_game(campaign, alpha, bravo)
    with pytest.raises(EncounterError, match="differ"):
        games.choose_schemes(game=game, actor=alpha.player,
                             choices=with_take_prisoner(game, "a"), third=(TAKE_PRISONER, None))
    assert not SchemeChoice.objects.filter(side__game=game).exists()
    games.choose_schemes(game=game, actor=alpha.player, choices=with_take_prisoner(game, "a"),
                         third=(game.setup["scheme_pool"][1], None))
    assert chosen(game, "a") == {TAKE_PRISONER, game.setup["scheme_pool"][0]}


def test_the_tracker_scores_posses_take_prisoner_and_the_record_carries_it(week):
    campaign, alpha, bravo, _ = week
    fortify(alpha, "posse")
    game = hired_game(campaign, alpha, bravo)
    pool = game.setup["scheme_pool"]
    games.choose_schemes(game=game, actor=alpha.player, choices=with_take_prisoner(game, "a"))
    games.choose_schemes(game=game, actor=bravo.player,
                         choices=[(pool[1], None), (pool[2], None)])
    tracker.start(game=game, actor=alpha.player)
    scheme = SchemeChoice.objects.get(side__game=game, scheme_key=TAKE_PRISONER)
    assert tracker.score_scheme(game=game, actor=alpha.player, scheme=scheme, vp=3) == 3
    assert SchemeChoice.objects.get(pk=scheme.pk).vp == 3
    change = results.report_result(game=game, actor=alpha.player, vp_a=3, vp_b=0)
    side_a = record.build_record(game, change.report).sides["a"]
    assert {"scheme": TAKE_PRISONER, "vp": 3, "revealed": False} in side_a.schemes


def test_the_auto_resolve_input_carries_posses_take_prisoner_and_the_simulator_plays_it(db):
    from autoresolve.inputs import game_input
    from rules.engine.simulation import check_playable, simulate
    from tests.autoresolve.conftest import SEED, sample_roster

    campaign, (alpha, bravo), _ = campaign_in_week_one(
        sample_roster(), models=("minion", "enforcer", "inquisitor"), upgrade=False)
    fortify(bravo, "posse")
    game = hired_game(campaign, alpha, bravo)
    pool = game.setup["scheme_pool"]
    games.choose_schemes(game=game, actor=alpha.player, choices=with_take_prisoner(game, "a"))
    games.choose_schemes(game=game, actor=bravo.player,
                         choices=[(pool[1], None), (pool[2], None)])
    setup, _arsenal = game_input(game)
    assert TAKE_PRISONER in setup.scheme_pool and TAKE_PRISONER not in pool
    mine = {s.key: s for s in setup.crews[0].schemes}
    assert mine[TAKE_PRISONER].noted == {"enemy": f"h{enemy_of(game, 'a').pk}"}
    check_playable(setup)
    result = simulate(setup, seed=SEED)
    assert result.log  # played to its end with the scheme outside the flipped pool


# --- Warrant -------------------------------------------------------------------------


def story_game(campaign, alpha, bravo) -> Game:
    return games.create_campaign_game(campaign=campaign, crew_a=alpha, crew_b=bravo,
                                      actor=alpha.player, kind=Game.Kind.STORY)


def shown_attacker(client, game) -> str:
    html = client.get(game.get_absolute_url()).content.decode()
    name = re.search(r'id="setup-attacker">(\w+)', html).group(1)  # the crew's name
    return {"Alpha": "A", "Bravo": "B"}[name]


def snapshot(game):
    game = Game.objects.get(pk=game.pk)
    return game.setup, game.version, GameLog.objects.filter(game=game).count()


def test_warrant_changes_the_roles_the_page_shows(week):
    campaign, alpha, bravo, _ = week
    fortify(alpha, "warrant")
    game = story_game(campaign, alpha, bravo)
    flipped = warrant.SIDE_OF[game.setup["attacker"]]
    role = "defender" if flipped == "a" else "attacker"  # the other way round
    page = Client()
    page.force_login(alpha.player)
    assert shown_attacker(page, game) == flipped.upper()
    html = page.get(game.get_absolute_url()).content.decode()
    assert 'id="warrant-form"' in html
    answer = page.post(reverse("encounters:warrant", args=[game.pk]), {"role": role},
                       headers=HTMX)
    assert answer.status_code == 200
    body = answer.content.decode()
    assert 'hx-swap-oob="true"' in body and "Warrant used" in body
    settled = "b" if flipped == "a" else "a"
    assert shown_attacker(page, game) == settled.upper()
    game.refresh_from_db()
    assert game.setup["flipped_attacker"] != game.setup["attacker"]
    assert game.setup["warrant"] == {"a": role}
    assert GameLog.objects.filter(game=game, text__startswith="Warrant: Side A").exists()
    # One choice per game: the form is gone and a second use is refused.
    assert 'id="warrant-form"' not in page.get(game.get_absolute_url()).content.decode()
    before = snapshot(game)
    with pytest.raises(EncounterError, match="already"):
        warrant.choose_role(game=game, actor=alpha.player, role="attacker")
    assert snapshot(game) == before


def test_warrant_by_api(week):
    campaign, alpha, bravo, _ = week
    fortify(bravo, "warrant")
    game = story_game(campaign, alpha, bravo)
    client = APIClient()
    client.force_authenticate(bravo.player)
    answer = client.post(f"/api/games/{game.pk}/warrant/", {"role": "attacker"}, format="json")
    assert answer.status_code == 200
    assert answer.json()["setup"]["attacker"] == "second"
    assert answer.json()["setup"]["warrant"] == {"b": "attacker"}


def test_warrant_by_a_plain_form_post(week):
    campaign, alpha, bravo, _ = week
    fortify(bravo, "warrant")
    game = story_game(campaign, alpha, bravo)
    page = Client()
    page.force_login(bravo.player)
    answer = page.post(reverse("encounters:warrant", args=[game.pk]), {"role": "defender"})
    assert answer.status_code == 302
    assert "Warrant used: Side A is the Attacker." in page.get(answer.url).content.decode()
    assert shown_attacker(page, game) == "A"


def test_every_warrant_refusal_writes_nothing(week):
    campaign, alpha, bravo, organizer = week
    fortify(alpha, "warrant")
    story = story_game(campaign, alpha, bravo)
    standard = games.create_campaign_game(campaign=campaign, crew_a=alpha, crew_b=bravo,
                                          actor=alpha.player)
    client = APIClient()

    def refused(game, user, body, status, text):
        before = snapshot(game)
        client.force_authenticate(user)
        answer = client.post(f"/api/games/{game.pk}/warrant/", body, format="json")
        assert answer.status_code == status, answer.json()
        assert text in str(answer.json())
        assert snapshot(game) == before

    refused(story, bravo.player, {"role": "attacker"}, 400, "Warrant")  # no Warrant
    refused(story, alpha.player, {"role": "sneak"}, 400, "role")  # a field error
    refused(story, alpha.player, {}, 400, "role")
    refused(standard, alpha.player, {"role": "attacker"}, 400, "Story Encounter")
    refused(story, organizer, {"role": "attacker"}, 403, "two players")  # not your game
    games.hire_crew(game=story, actor=bravo.player, models=list(bravo.models.all()))
    refused(story, alpha.player, {"role": "attacker"}, 400, "Too late")
    # The page says the same as a message, never a 500, and writes nothing.
    page = Client()
    page.force_login(alpha.player)
    before = snapshot(story)
    answer = page.post(reverse("encounters:warrant", args=[story.pk]), {"role": "attacker"},
                       headers=HTMX)
    assert answer.status_code == 200 and "Too late" in answer.content.decode()
    assert snapshot(story) == before
    with pytest.raises(PermissionDenied):
        warrant.choose_role(game=story, actor=organizer, role="attacker")


@pytest.mark.parametrize(("role_a", "role_b", "expected"), [
    ("attacker", "attacker", None),  # a clash: the flip stands
    ("defender", "defender", None),
    ("attacker", "defender", "a"),
    ("defender", "attacker", "b"),
])
def test_two_warrants_agree_or_the_flip_stands(week, role_a, role_b, expected):
    campaign, alpha, bravo, _ = week
    fortify(alpha, "warrant")
    fortify(bravo, "warrant")
    game = story_game(campaign, alpha, bravo)
    flipped = warrant.SIDE_OF[game.setup["attacker"]]
    warrant.choose_role(game=game, actor=alpha.player, role=role_a)
    attacker = warrant.choose_role(game=game, actor=bravo.player, role=role_b)
    assert attacker == (expected or flipped)
    game.refresh_from_db()
    assert warrant.role_of(game, "a") == ("attacker" if attacker == "a" else "defender")
