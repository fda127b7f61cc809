"""First edition standalone encounters: the league's default edition, the setup page and
API, and the game page showing the setup (with what the sources lost marked missing)."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from encounters.models import Game
from encounters.services import games
from league.models import League, Role
from rules.engine.first_edition_tables import first_edition_tables
from rules.models import FlipRecord
from tests.campaign.factories import LeagueFactory, member
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def web(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def club():
    league = LeagueFactory(name="Old Guard", slug="old-guard")
    return league, member(league, Role.ORGANIZER), member(league, Role.PLAYER)


# --- The league's setting --------------------------------------------------------------


def test_an_organizer_sets_first_edition_as_the_leagues_default(club):
    league, organizer, player = club
    assert league.default_ruleset == "m2e"
    response = web(organizer).post(f"/leagues/{league.slug}/settings/",
                                   {"default_ruleset": "m1e"})
    assert response.status_code == 302
    league.refresh_from_db()
    assert league.default_ruleset == "m1e"
    page = web(player).get(f"/leagues/{league.slug}/").content.decode()
    assert "default to <strong>first edition</strong>" in page
    assert 'name="default_ruleset"' not in page  # only managers see the setting


def test_a_player_cannot_change_the_setting(club):
    league, _organizer, player = club
    assert web(player).post(f"/leagues/{league.slug}/settings/",
                            {"default_ruleset": "m1e"}).status_code == 403
    bad = web(_organizer).post(f"/leagues/{league.slug}/settings/", {"default_ruleset": "m9"})
    assert bad.status_code == 302
    league.refresh_from_db()
    assert league.default_ruleset == "m2e"


def test_the_setting_in_the_api(club):
    league, organizer, player = club
    url = f"/api/leagues/{league.slug}/ruleset/"
    assert api(player).get(url).json() == {"default_ruleset": "m2e"}
    assert api(player).patch(url, {"default_ruleset": "m1e"}, format="json").status_code == 403
    bad = api(organizer).patch(url, {"default_ruleset": "m9"}, format="json")
    assert bad.status_code == 400 and "default_ruleset" in bad.json()
    done = api(organizer).patch(url, {"default_ruleset": "m1e"}, format="json")
    assert done.status_code == 200 and done.json() == {"default_ruleset": "m1e"}
    assert League.objects.get(pk=league.pk).default_ruleset == "m1e"


# --- Generating ----------------------------------------------------------------------------


def test_a_members_encounter_follows_the_league_default(club):
    league, _organizer, player = club
    league.default_ruleset = "m1e"
    league.save()
    page = web(player).get(f"/games/setup/?league={league.slug}").content.decode()
    assert "Old Guard plays first edition by default" in page
    made = web(player).post("/games/setup/", {"size": 35, "kind": "standard",
                                              "league": league.pk, "strategy_mode": "general",
                                              "first_edition_size": "scrap"})
    assert made.status_code == 302
    game = Game.objects.get()
    assert game.setup["ruleset"] == "m1e" and game.setup["size"] == "scrap"
    flips = FlipRecord.objects.filter(subject_id=game.pk)
    assert flips.count() == len(game.setup["flips"]) >= 6
    # Picking second edition overrides the league's default.
    web(player).post("/games/setup/", {"size": 35, "kind": "standard", "league": league.pk,
                                       "ruleset": "m2e"})
    second = Game.objects.exclude(pk=game.pk).get()
    assert "ruleset" not in second.setup and len(second.setup["scheme_pool"]) == 5


def test_without_a_league_encounters_are_second_edition(club):
    _league, _organizer, player = club
    game = games.create_setup(actor=UserFactory(), size=40)
    assert "scheme_pool" in game.setup
    first = games.create_setup(actor=player, size=40, ruleset="m1e",
                               first_edition_size="brawl", strategy_mode="quick_reference")
    assert first.setup["size"] == "brawl" and first.setup["hand_size"] == 7


def test_another_leagues_default_is_refused(club):
    league, _organizer, _player = club
    outsider = UserFactory()
    form = web(outsider).post("/games/setup/", {"size": 35, "kind": "standard",
                                                "league": league.pk})
    assert form.status_code == 200 and "Select a valid choice" in form.content.decode()
    refused = api(outsider).post("/api/games/setups/", {"size": 35, "league": league.slug},
                                 format="json")
    assert refused.status_code == 403
    assert not Game.objects.exists()


def test_the_api_generates_first_edition_encounters(club):
    _league, _organizer, player = club
    made = api(player).post("/api/games/setups/", {
        "size": 50, "ruleset": "m1e", "first_edition_size": "brawl",
        "strategy_mode": "extended", "location": "mountains"}, format="json")
    assert made.status_code == 201, made.content
    setup = made.json()["setup"]
    assert setup["ruleset"] == "m1e" and setup["location"] == "mountains"
    assert setup["strategy_mode"] == "extended" and setup["max_vp"] == 10
    assert set(setup["features"]) <= set(first_edition_tables().location("mountains").features)


@pytest.mark.parametrize(("body", "field", "words"), [
    ({"size": 40, "ruleset": "m1e"}, "first_edition_size", "choose the size"),
    ({"size": 90, "ruleset": "m1e"}, "size", "1 to 80"),
    ({"size": 40, "ruleset": "m1e", "first_edition_size": "scrap", "kind": "story"},
     "kind", "story"),
    ({"size": 40, "ruleset": "m1e", "first_edition_size": "scrap", "location": "atlantis"},
     "location", "atlantis"),
    ({"size": 40, "ruleset": "m3e"}, "ruleset", "valid choice"),
])
def test_bad_first_edition_requests_are_400s_that_write_nothing(club, body, field, words):
    _league, _organizer, player = club
    response = api(player).post("/api/games/setups/", body, format="json")
    assert response.status_code == 400
    assert words in " ".join(response.json()[field])
    assert not Game.objects.exists() and not FlipRecord.objects.exists()


def test_a_league_default_that_cannot_fit_is_a_400(club):
    league, _organizer, player = club
    league.default_ruleset = "m1e"
    league.save()
    response = api(player).post("/api/games/setups/", {"size": 40, "league": league.slug},
                                format="json")
    assert response.status_code == 400 and "choose the size" in response.content.decode()
    assert not Game.objects.exists() and not FlipRecord.objects.exists()


# --- The game page -------------------------------------------------------------------------


def test_the_game_page_shows_the_first_edition_setup(club):
    _league, _organizer, player = club
    game = games.create_setup(actor=player, size=35, ruleset="m1e",
                              first_edition_size="scrap", location="old-witchs-territory")
    page = Client().get(game.get_absolute_url()).content.decode()
    tables = first_edition_tables()
    assert "First edition · Scrap · 35 soulstones" in page
    assert "The Old Witch&#x27;s Territory" in page
    for key in game.setup["features"]:
        assert tables.feature(key).name.replace("'", "&#x27;") in page
    for key in filter(None, game.setup["strategies"]):
        assert tables.strategy(key).name in page
    assert "Bodyguard" in page and "Thwart" in page and "Flip record" in page


def test_lost_tables_are_shown_as_missing(club):
    _league, _organizer, player = club
    game = games.create_setup(actor=player, size=35, ruleset="m1e",
                              first_edition_size="scrap", location="grand-tavern")
    page = Client().get(game.get_absolute_url()).content.decode()
    assert "feature table is on the lost pages" in page
    assert game.setup["features"] == [] and game.setup["features_missing"]


def test_the_setup_page_reads_a_bounded_number_of_queries(club, django_assert_max_num_queries):
    league, _organizer, player = club
    for _ in range(5):
        member(LeagueFactory(), Role.PLAYER, user=player)
    client = web(player)
    with django_assert_max_num_queries(5):  # session, user, leagues, the form's choices
        assert client.get(f"/games/setup/?league={league.slug}").status_code == 200
