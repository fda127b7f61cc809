"""A Lucrative Offer: the optional third scheme of that week's games. Chosen with the two
schemes (that week only, never one of the two), secret from the opponent until revealed,
scored at the table in the scheme's own caps, and paid as event Scrip (2 per VP) by the
Aftermath, never as VP."""

import pytest
from django.core.exceptions import PermissionDenied
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from campaign.models import ScripEntry
from encounters.models import Game, HiredModel, LucrativeScheme, SchemeChoice
from encounters.selectors import game_view
from encounters.services import games, results, tracker
from encounters.services.common import EncounterError
from rules.encounter_tables import encounter_tables
from tests.aftermath.conftest import aftermaths
from tests.campaign.factories import campaign_in_week_one

pytestmark = pytest.mark.django_db

LABEL = "A Lucrative Offer: scrip, not VP"
HTMX = {"HX-Request": "true"}


def _week(roster, event):
    campaign, (alpha, bravo), organizer = campaign_in_week_one(roster, event=event)
    return campaign, alpha, bravo, organizer


@pytest.fixture
def lucrative(roster):
    return _week(roster, "a-lucrative-offer")


def set_up(campaign, alpha, bravo) -> Game:
    """Both crews hired and revealed; nobody has chosen schemes yet."""
    game = games.create_campaign_game(campaign=campaign, crew_a=alpha, crew_b=bravo,
                                      actor=alpha.player)
    for crew in (alpha, bravo):
        games.hire_crew(game=game, actor=crew.player, models=list(crew.models.all()))
        games.reveal_crew(game=game, actor=crew.player)
    return Game.objects.get(pk=game.pk)


def outside_pool(game, *, reveal_bonus=None) -> str:
    """A generic scheme outside the game's pool (the third scheme need not be in it)."""
    pool = set(game.setup["scheme_pool"])
    return next(s.key for s in encounter_tables().schemes.generic
                if s.key not in pool and s.max_vp == 3 and s.key != "distract"
                and (reveal_bonus is None or s.reveal_bonus == reveal_bonus))


def two(game):
    pool = game.setup["scheme_pool"]
    return [(pool[0], None), (pool[1], None)]


def bravo_model(game):
    return HiredModel.objects.filter(side__game=game, side__key="b", is_leader=False).first()


def choose_third(game, player, key, noted=None):
    games.choose_schemes(game=game, actor=player, choices=two(game), third=(key, noted))


def test_a_third_scheme_is_chosen_with_the_two_in_a_lucrative_week(lucrative):
    campaign, alpha, bravo, _ = lucrative
    game = set_up(campaign, alpha, bravo)
    key = outside_pool(game)
    choose_third(game, alpha.player, key, bravo_model(game))
    third = LucrativeScheme.objects.get(side__game=game, side__key="a")
    assert third.scheme_key == key and third.noted_model == bravo_model(game)
    assert not third.revealed and third.vp_equivalent == 0
    # Never a SchemeChoice: the VP sums cannot see it.
    assert SchemeChoice.objects.filter(side__game=game, side__key="a").count() == 2
    assert not SchemeChoice.objects.filter(scheme_key=key, side__game=game).exists()
    # Declining it (choosing again without one) removes it; it stays optional.
    games.choose_schemes(game=game, actor=alpha.player, choices=two(game))
    assert not LucrativeScheme.objects.filter(side__game=game).exists()


def test_no_third_scheme_outside_a_lucrative_week(campaign_week):
    campaign, alpha, bravo, _ = campaign_week  # contract-work
    game = set_up(campaign, alpha, bravo)
    games.choose_schemes(game=game, actor=alpha.player, choices=two(game))
    before = list(SchemeChoice.objects.filter(side__game=game).values_list("pk", flat=True))
    with pytest.raises(EncounterError, match="Only A Lucrative Offer's week"):
        choose_third(game, alpha.player, outside_pool(game))
    assert not LucrativeScheme.objects.exists()
    assert list(SchemeChoice.objects.filter(side__game=game)
                .values_list("pk", flat=True)) == before  # nothing half-written


def test_the_third_scheme_differs_from_the_two_and_comes_from_the_list(lucrative):
    campaign, alpha, bravo, _ = lucrative
    game = set_up(campaign, alpha, bravo)
    games.choose_schemes(game=game, actor=alpha.player, choices=two(game))
    before = list(SchemeChoice.objects.filter(side__game=game).values_list("pk", flat=True))
    with pytest.raises(EncounterError, match="differ from your two schemes"):
        choose_third(game, alpha.player, game.setup["scheme_pool"][1])
    with pytest.raises(EncounterError, match="generic schemes or your Faction"):
        choose_third(game, alpha.player, "exterminate")  # Neverborn's, Alpha is Guild
    elsewhere = set_up(campaign, alpha, bravo)
    with pytest.raises(EncounterError, match="Note a model of this game"):
        choose_third(game, alpha.player, outside_pool(game), bravo_model(elsewhere))
    assert not LucrativeScheme.objects.exists()
    assert list(SchemeChoice.objects.filter(side__game=game)
                .values_list("pk", flat=True)) == before
    choose_third(game, alpha.player, "roundup")  # the crew's own Faction scheme is allowed
    assert LucrativeScheme.objects.get().scheme_key == "roundup"


def _in_play(campaign, alpha, bravo, *, reveal_bonus=None, noted=True) -> tuple[Game, str]:
    """A game in play where Alpha took a third scheme from outside the pool."""
    game = set_up(campaign, alpha, bravo)
    key = outside_pool(game, reveal_bonus=reveal_bonus)
    choose_third(game, alpha.player, key, bravo_model(game) if noted else None)
    games.choose_schemes(game=game, actor=bravo.player, choices=two(game))
    tracker.start(game=game, actor=alpha.player)
    return Game.objects.get(pk=game.pk), key


def test_only_its_owner_reveals_and_scores_it(lucrative):
    campaign, alpha, bravo, organizer = lucrative
    game, _ = _in_play(campaign, alpha, bravo)
    with pytest.raises(EncounterError, match="no third scheme"):
        tracker.reveal_third_scheme(game=game, actor=bravo.player)
    with pytest.raises(EncounterError, match="no third scheme"):
        tracker.score_third_scheme(game=game, actor=bravo.player, vp=1)
    with pytest.raises(PermissionDenied):
        tracker.score_third_scheme(game=game, actor=organizer, vp=1)
    third = LucrativeScheme.objects.get()
    assert not third.revealed and third.vp_equivalent == 0


def _api(user):
    client = APIClient()
    client.force_authenticate(user)
    return client


def _page(user):
    client = Client()
    client.force_login(user)
    return client


def _side_a(data):
    return next(s for s in data["sides"] if s["key"] == "a")


def test_hidden_from_the_opponent_until_revealed(lucrative):
    campaign, alpha, bravo, organizer = lucrative
    game, key = _in_play(campaign, alpha, bravo)
    name = encounter_tables().scheme(key).name
    tracker.score_third_scheme(game=game, actor=alpha.player, vp=1)
    for viewer in (bravo.player, organizer):
        data = _api(viewer).get(f"/api/games/{game.pk}/").json()
        assert _side_a(data)["third_scheme"] is None
        assert f"'{key}'" not in str(data) and LABEL not in str(data)
        html = _page(viewer).get(reverse("encounters:game", args=[game.pk])).content.decode()
        assert LABEL not in html and name not in html and "third-scheme-a" not in html
    # Its owner sees it, labelled, on the page and in the API.
    mine = _side_a(_api(alpha.player).get(f"/api/games/{game.pk}/").json())["third_scheme"]
    assert mine["scheme"] == key and mine["vp_equivalent"] == 1 and mine["scrip"] == 2
    assert mine["noted_model"] == bravo_model(game).name
    html = _page(alpha.player).get(reverse("encounters:game", args=[game.pk])).content.decode()
    assert LABEL in html and name in html
    # Revealed: everyone sees it.
    tracker.reveal_third_scheme(game=game, actor=alpha.player)
    theirs = _side_a(_api(bravo.player).get(f"/api/games/{game.pk}/").json())["third_scheme"]
    assert theirs["scheme"] == key and theirs["revealed"] and theirs["revealed_on_turn"] == 1
    html = _page(bravo.player).get(reverse("encounters:game", args=[game.pk])).content.decode()
    assert LABEL in html and name in html


def test_scoring_keeps_the_schemes_caps(lucrative):
    campaign, alpha, bravo, _ = lucrative
    game, _ = _in_play(campaign, alpha, bravo, reveal_bonus=True, noted=False)
    with pytest.raises(EncounterError, match="reveal it first"):
        tracker.score_third_scheme(game=game, actor=alpha.player, vp=3)
    tracker.score_third_scheme(game=game, actor=alpha.player, vp=2)
    tracker.reveal_third_scheme(game=game, actor=alpha.player)
    tracker.score_third_scheme(game=game, actor=alpha.player, vp=3)
    with pytest.raises(EncounterError, match="at most 3 VP"):
        tracker.score_third_scheme(game=game, actor=alpha.player, vp=4)
    assert LucrativeScheme.objects.get().vp_equivalent == 3


def test_paid_as_event_scrip_by_the_aftermath_never_as_vp(lucrative):
    campaign, alpha, bravo, _ = lucrative
    game, _ = _in_play(campaign, alpha, bravo, reveal_bonus=False)
    tracker.score_strategy(game=game, actor=alpha.player, side_key="a", vp=2)
    before = {s.side.key: s.total_vp for s in game_view(game, alpha.player).sides}
    tracker.score_third_scheme(game=game, actor=alpha.player, vp=3)
    tracker.score_third_scheme(game=game, actor=alpha.player, vp=2)  # replaces, not adds
    tracker.score_third_scheme(game=game, actor=alpha.player, vp=2)
    after = {s.side.key: s.total_vp for s in game_view(game, alpha.player).sides}
    assert after == before == {"a": 2, "b": 0}  # the game's VP never move
    results.report_result(game=game, actor=alpha.player, vp_a=2, vp_b=0)
    results.confirm_result(game=game, actor=bravo.player)
    game.refresh_from_db()
    assert game.record["vp"] == {"a": 2, "b": 0} and game.record["winner"] == "a"
    assert [s["scheme"] for s in game.record["sides"]["a"]["schemes"]] == \
        [k for k, _ in two(game)]
    assert game.record["sides"]["a"]["event_scrip"] == 4  # 2 VP -> 4 Scrip, once
    assert game.record["sides"]["b"]["event_scrip"] == 0
    aftermaths(game)
    aftermaths(game)  # running it again pays nothing more
    paid = ScripEntry.objects.filter(crew=alpha, kind="gain",
                                     reason=f"Payday, game {game.pk}: the weekly event")
    assert [e.amount for e in paid] == [4]
    vp_line = ScripEntry.objects.get(crew=alpha, kind="gain",
                                     reason=f"Payday, game {game.pk}: 2 VP")
    assert vp_line.amount == 1  # the VP payday counts the 2 VP played, not the third scheme


def test_with_other_event_scrip_it_shares_the_per_game_cap(lucrative):
    campaign, alpha, bravo, _ = lucrative
    game, _ = _in_play(campaign, alpha, bravo, reveal_bonus=False)
    tracker.add_event_scrip(game=game, actor=alpha.player, side_key="a", amount=4, why="x")
    tracker.score_third_scheme(game=game, actor=alpha.player, vp=2)
    results.report_result(game=game, actor=alpha.player, vp_a=0, vp_b=0)
    results.confirm_result(game=game, actor=bravo.player)
    game.refresh_from_db()
    assert game.record["sides"]["a"]["event_scrip"] == 6  # 4 + 4, capped at 6 a game


def test_the_api_chooses_reveals_and_scores_it(lucrative):
    campaign, alpha, bravo, _ = lucrative
    game = set_up(campaign, alpha, bravo)
    a, b = _api(alpha.player), _api(bravo.player)
    pool = game.setup["scheme_pool"]
    key = outside_pool(game, reveal_bonus=False)
    body = {"schemes": [{"scheme": pool[0]}, {"scheme": pool[1]}]}
    bad = a.post(f"/api/games/{game.pk}/schemes/",
                 {**body, "third_scheme": {"scheme": "no-such-scheme"}}, format="json")
    assert bad.status_code == 400 and "scheme" in bad.json()["third_scheme"]
    same = a.post(f"/api/games/{game.pk}/schemes/",
                  {**body, "third_scheme": {"scheme": pool[0]}}, format="json")
    assert same.status_code == 400 and "differ" in str(same.json())
    assert not LucrativeScheme.objects.exists()
    ok = a.post(f"/api/games/{game.pk}/schemes/", {**body, "third_scheme": {"scheme": key}},
                format="json")
    assert ok.status_code == 200 and _side_a(ok.json())["third_scheme"]["scheme"] == key
    b.post(f"/api/games/{game.pk}/schemes/", body, format="json")
    assert a.post(f"/api/games/{game.pk}/start/").status_code == 200
    too_many = a.post(f"/api/games/{game.pk}/third-scheme/vp/", {"vp": 9}, format="json")
    assert too_many.status_code == 400 and "vp" in too_many.json()
    assert b.post(f"/api/games/{game.pk}/third-scheme/vp/", {"vp": 1},
                  format="json").status_code == 400  # Bravo has none of its own
    scored = a.post(f"/api/games/{game.pk}/third-scheme/vp/", {"vp": 2}, format="json")
    assert _side_a(scored.json())["third_scheme"]["scrip"] == 4
    assert _side_a(scored.json())["vp"] == 0
    assert _side_a(b.get(f"/api/games/{game.pk}/").json())["third_scheme"] is None
    a.post(f"/api/games/{game.pk}/third-scheme/reveal/")
    assert _side_a(b.get(f"/api/games/{game.pk}/").json())["third_scheme"]["scheme"] == key


def test_the_schemes_form_offers_it_in_a_lucrative_week_only(lucrative, roster):
    campaign, alpha, bravo, _ = lucrative
    game = set_up(campaign, alpha, bravo)
    page = _page(alpha.player)
    html = page.get(reverse("encounters:game", args=[game.pk])).content.decode()
    assert 'name="third_scheme"' in html and LABEL in html
    pool = game.setup["scheme_pool"]
    key = outside_pool(game, reveal_bonus=False)
    page.post(reverse("encounters:schemes", args=[game.pk]),
              {"schemes": [pool[0], pool[1]], "third_scheme": key}, headers=HTMX)
    assert LucrativeScheme.objects.get().scheme_key == key
    response = page.post(reverse("encounters:schemes", args=[game.pk]),
                         {"schemes": [pool[0], pool[1]], "third_scheme": pool[0]},
                         headers=HTMX)
    assert "differ from your two schemes" in response.content.decode()
    assert LucrativeScheme.objects.get().scheme_key == key  # the refusal changed nothing
    games.choose_schemes(game=game, actor=bravo.player, choices=two(game))
    tracker.start(game=game, actor=alpha.player)
    page.post(reverse("encounters:third-scheme-vp", args=[game.pk]), {"vp": "2"}, headers=HTMX)
    page.post(reverse("encounters:reveal-third-scheme", args=[game.pk]), headers=HTMX)
    third = LucrativeScheme.objects.get()
    assert third.vp_equivalent == 2 and third.revealed
    other_campaign, c, d, _ = _week(roster, "contract-work")
    plain = set_up(other_campaign, c, d)
    html = _page(c.player).get(reverse("encounters:game", args=[plain.pk])).content.decode()
    assert 'name="third_scheme"' not in html


def test_the_tracker_says_what_counts_once_the_third_scheme_has_scored(lucrative):
    """Event scrip entered after the third scheme scored: the tracker answers (and logs)
    only what fits under the shared per-game cap."""
    from encounters.models import GameLog

    campaign, alpha, bravo, _ = lucrative
    game, _ = _in_play(campaign, alpha, bravo, reveal_bonus=False)
    tracker.score_third_scheme(game=game, actor=alpha.player, vp=2)  # 4 Scrip
    counted = tracker.add_event_scrip(game=game, actor=alpha.player, side_key="a", amount=4,
                                      why="markers")
    assert counted == 2
    assert "2 over the 6-per-game limit" in GameLog.objects.filter(game=game).latest("id").text
