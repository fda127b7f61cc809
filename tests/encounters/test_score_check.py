"""A reported result and the VP tracked at the table agree, or the game page says why
they differ ("6-3" never sits silently beside "0 VP")."""

from types import SimpleNamespace

import pytest
from django.core.management import call_command
from django.test import Client

from encounters.models import Game
from encounters.score_check import score_check
from encounters.services import results, tracker
from tests.aftermath.conftest import play

pytestmark = pytest.mark.django_db


def report(a, b, status="pending", reason="", details=None):
    return SimpleNamespace(vp_a=a, vp_b=b, status=status, reason=reason, details=details or {})


def test_no_report_or_the_same_score_agrees():
    assert score_check(None, {"a": 0, "b": 0}).agrees
    check = score_check(report(6, 3), {"a": 6, "b": 3})
    assert check.agrees and check.reason == ""


def test_each_difference_says_why():
    untracked = score_check(report(6, 3), {"a": 0, "b": 0})
    assert not untracked.agrees and "No VP were tracked" in untracked.reason
    partial = score_check(report(6, 3), {"a": 4, "b": 3})
    assert "6-3" in partial.reason and "4-3" in partial.reason
    ruled = score_check(report(5, 5, status="ruled", reason="Both held the centre"),
                        {"a": 6, "b": 3})
    assert "organizer ruled" in ruled.reason and "Both held the centre" in ruled.reason
    withdrew = score_check(report(0, 4, details={"withdraw": {"side": "a", "turn": 2}}),
                           {"a": 3, "b": 4})
    assert "Side A withdrew on Turn 2" in withdrew.reason


def page(game, user):
    client = Client()
    client.force_login(user)
    return client.get(game.get_absolute_url()).content.decode()


def test_an_untracked_result_shows_the_result_and_why_the_tracker_differs(campaign_week):
    campaign, alpha, bravo, _ = campaign_week
    game = play(campaign, alpha, bravo, vp=(6, 3), confirm=False)
    html = page(game, bravo.player)
    assert 'id="vp-a">6<' in html and 'id="vp-b">3<' in html
    assert 'id="tracked-vp-a">tracked at the table: 0' in html
    assert 'id="score-note"' in html and "No VP were tracked at the table" in html
    api = Client()
    api.force_login(bravo.player)
    body = api.get(f"/api/games/{game.pk}/").json()
    assert body["result"]["vp"] == {"a": 6, "b": 3}
    assert body["result"]["agrees_with_tracker"] is False
    assert "No VP were tracked" in body["result"]["why_different"]


def test_a_tracked_result_shows_no_note(campaign_week):
    campaign, alpha, bravo, _ = campaign_week
    game = play(campaign, alpha, bravo, vp=(3, 1), confirm=False,
                strategy={"a": {"1": 3}, "b": {"1": 1}})
    html = page(game, alpha.player)
    assert 'id="vp-a">3<' in html and 'id="score-note"' not in html
    assert "tracked at the table" not in html
    results.confirm_result(game=game, actor=bravo.player)
    assert "(the result)" in page(Game.objects.get(pk=game.pk), alpha.player)


def test_the_demo_game_reports_what_was_tracked(client):
    call_command("load_demo")
    game = Game.objects.get(campaign__slug="demo-campaign")
    from django.contrib.auth import get_user_model

    html = page(game, get_user_model().objects.get(username="player"))
    assert 'id="vp-a">6<' in html and 'id="vp-b">3<' in html
    assert 'id="score-note"' not in html and "tracked at the table" not in html
    totals = {s.key: sum(int(v) for v in s.strategy_vp.values())
              + sum(c.vp for c in s.schemes.all()) for s in game.sides.all()}
    assert totals == {"a": 6, "b": 3}


def test_the_tracker_still_shows_live_vp_before_any_report(campaign_week):
    campaign, alpha, bravo, _ = campaign_week
    from encounters.services import games

    game = games.create_campaign_game(campaign=campaign, crew_a=alpha, crew_b=bravo,
                                      actor=alpha.player)
    for crew in (alpha, bravo):
        games.hire_crew(game=game, actor=crew.player, models=list(crew.models.all()),
                        attach={crew.upgrades.get().pk: crew.leader_id})
        games.reveal_crew(game=game, actor=crew.player)
        pool = game.setup["scheme_pool"]
        games.choose_schemes(game=game, actor=crew.player, choices=[(pool[0], None),
                                                                     (pool[1], None)])
    tracker.start(game=game, actor=alpha.player)
    tracker.score_strategy(game=game, actor=alpha.player, side_key="a", vp=1)
    html = page(game, alpha.player)
    assert 'id="vp-a">1<' in html and "(the result)" not in html and "score-note" not in html
