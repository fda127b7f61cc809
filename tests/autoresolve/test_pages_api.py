"""The game page's auto-resolve panel, the replay (page and API, schemes secret until the
game counts), predictions (page, API, cache, secrecy), in a bounded number of queries."""

import re

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from autoresolve.models import Prediction, ResolveRun
from autoresolve.services import predictions, resolve
from autoresolve.services.matchups import matchup_input
from encounters.services import games, lucrative, results
from tests.autoresolve.conftest import ready_game, sample_roster
from tests.campaign.factories import campaign_in_week_one


def _client(client, user):
    client.force_login(user)
    return client


def _resolved(game, alpha, bravo, capture):
    resolve.request_resolve(game=game, actor=alpha.player)
    with capture(execute=True):
        resolve.request_resolve(game=game, actor=bravo.player)
    return ResolveRun.objects.get(game=game)


def test_players_ask_from_the_game_page_and_see_the_result(
        client, game, league_week, django_capture_on_commit_callbacks):
    _campaign, alpha, bravo, _ = league_week
    page = _client(client, alpha.player).get(game.get_absolute_url())
    assert b'id="ask-auto-resolve"' in page.content
    client.post(reverse("autoresolve:ask", args=[game.pk]))
    _client(client, bravo.player)
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(reverse("autoresolve:ask", args=[game.pk]), HTTP_HX_REQUEST="true")
    assert answer.status_code == 200 and b'id="auto-resolve"' in answer.content
    page = client.get(game.get_absolute_url())
    assert b"auto-resolved" in page.content and b'id="open-replay"' in page.content
    assert b'id="confirm-auto-resolve"' in page.content


def test_a_refused_ask_is_a_message_and_writes_nothing(client, game, league_week):
    campaign, alpha, _, _ = league_week
    campaign.auto_resolve = "organizer"
    campaign.save()
    response = _client(client, alpha.player).post(reverse("autoresolve:ask", args=[game.pk]),
                                                  follow=True)
    assert "an organizer auto-resolves" in response.content.decode()
    assert not ResolveRun.objects.exists()


def test_the_api_refuses_with_a_400_and_writes_nothing(game, league_week):
    campaign, alpha, _, _ = league_week
    campaign.auto_resolve = "never"
    campaign.save()
    api = APIClient()
    api.force_authenticate(alpha.player)
    response = api.post("/api/auto-resolve/runs/", {"game": game.pk}, format="json")
    assert response.status_code == 400 and "does not allow" in response.content.decode()
    assert api.post("/api/auto-resolve/runs/", {"game": "x"}, format="json").status_code == 400
    assert not ResolveRun.objects.exists()


def _scheme_keys(game, key):
    return [c.scheme_key for c in game.sides.get(key=key).schemes.all()]


def test_the_replay_hides_the_opponents_schemes_until_the_game_counts(
        client, game, league_week, django_capture_on_commit_callbacks,
        django_assert_max_num_queries):
    _campaign, alpha, bravo, _ = league_week
    run = _resolved(game, alpha, bravo, django_capture_on_commit_callbacks)
    api = APIClient()
    api.force_authenticate(bravo.player)
    seen = api.get(f"/api/auto-resolve/runs/{run.pk}/replay/").json()
    assert [s["key"] for s in seen["log"]["setup"]["crews"][0]["schemes"]] == ["hidden"] * 2
    assert [s["key"] for s in seen["log"]["setup"]["crews"][1]["schemes"]] == \
        [s["key"] for s in run.log["setup"]["crews"][1]["schemes"]]
    assert all(e[2] == "" for e in seen["log"]["events"] if e[0] == "svp" and e[1] == 0)
    assert not [e for e in seen["log"]["events"] if e[0] == "scheme" and e[1] == 0]
    _client(client, bravo.player)
    with django_assert_max_num_queries(12):
        page = client.get(reverse("autoresolve:replay", args=[run.pk]))
    assert b'id="replay-data"' in page.content and b'id="replay-log"' in page.content
    assert b"replay.js" in page.content and b"<script>" not in page.content
    revealed = [e[2] for e in run.log["events"] if e[0] == "reveal" and e[1] == 0]
    hidden = [k for k in _scheme_keys(game, "a") if k not in revealed]
    assert not set(hidden) & set(_scheme_keys(game, "b"))
    for key in hidden:
        assert key not in page.content.decode()
    results.confirm_result(game=game, actor=alpha.player)
    with django_capture_on_commit_callbacks(execute=False):
        results.confirm_result(game=game, actor=bravo.player)
    seen = api.get(f"/api/auto-resolve/runs/{run.pk}/replay/").json()
    assert seen["log"]["setup"] == run.log["setup"]
    assert seen["steps"] and seen["board"]["zones"]


def test_the_run_list_reads_in_a_fixed_number_of_queries(
        game, league_week, django_capture_on_commit_callbacks, django_assert_max_num_queries):
    _campaign, alpha, bravo, _ = league_week
    _resolved(game, alpha, bravo, django_capture_on_commit_callbacks)
    api = APIClient()
    api.force_authenticate(alpha.player)
    with django_assert_max_num_queries(6):
        response = api.get("/api/auto-resolve/runs/")
    assert response.status_code == 200
    body = response.json()
    row = (body["results"] if isinstance(body, dict) else body)[0]
    assert row["status"] == "done" and row["asked_by"] == ["a", "b"]


def test_a_prediction_runs_in_chunks_and_the_same_request_hits_the_cache(
        client, game, league_week, django_capture_on_commit_callbacks):
    _campaign, alpha, bravo, _ = league_week
    _client(client, alpha.player)
    form = {"crew_a": alpha.pk, "crew_b": bravo.pk, "size": 40, "strategy": "random",
            "deployment": "standard", "games": 100}
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("autoresolve:predict"), form)
    prediction = Prediction.objects.get()
    assert response.status_code == 302 and response.url == prediction.get_absolute_url()
    assert prediction.status == "done" and prediction.chunks_done == prediction.chunks_total
    result = prediction.result
    assert result["games"] == 100
    rates = [result["outcome"][k]["rate"] for k in ("win", "draw", "loss")]
    assert sum(rates) == pytest.approx(1.0)
    for k in ("win", "draw", "loss"):
        o = result["outcome"][k]
        assert o["low"] <= o["rate"] <= o["high"]
    assert sum(result["vp_histogram"]["a"]) == 100
    assert result["models"] and result["mean_turns"] >= 1
    page = client.get(prediction.get_absolute_url())
    assert b'id="prediction-outcome"' in page.content and b'id="vp-histogram"' in page.content
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        again = client.post(reverse("autoresolve:predict"), form)
    assert again.url == prediction.get_absolute_url() and not callbacks
    assert Prediction.objects.count() == 1
    other = APIClient()
    other.force_authenticate(bravo.player)
    assert other.get(f"/api/predictions/{prediction.pk}/").status_code == 404


def test_bad_prediction_requests_are_400s_that_write_nothing(client, league_week):
    _campaign, alpha, bravo, _ = league_week
    api = APIClient()
    api.force_authenticate(alpha.player)
    for body in ({"crew_a": alpha.pk, "crew_b": bravo.pk, "games": 50},
                 {"crew_a": alpha.pk, "crew_b": bravo.pk, "games": 10_001},
                 {"crew_a": alpha.pk},
                 {"list_a": "No Such Card", "faction_a": "guild", "crew_b": bravo.pk}):
        response = api.post("/api/predictions/", body, format="json")
        assert response.status_code == 400, body
    page = _client(client, alpha.player).post(reverse("autoresolve:predict"),
                                              {"crew_a": alpha.pk, "games": 5})
    assert page.status_code == 400
    assert not Prediction.objects.exists()


def test_a_game_prediction_never_reads_the_opponents_secret_schemes(game, league_week):
    _campaign, alpha, _bravo, organizer = league_week
    setup, _label = matchup_input(alpha.player, {"game": game.pk})
    assert [s.key for s in setup.crews[0].schemes] == _scheme_keys(game, "a")
    assert setup.crews[1].schemes == ()
    setup, _label = matchup_input(organizer, {"game": game.pk})
    assert setup.crews[0].schemes == () and setup.crews[1].schemes == ()
    out = predictions.request_prediction(setup=setup, games=100, actor=organizer)
    text = str(out.prediction.input)
    for key in _scheme_keys(game, "a") + _scheme_keys(game, "b"):
        assert re.search(rf"'key': '{key}'", text) is None


def test_the_crew_sheet_links_to_the_predict_page(client, league_week):
    _campaign, alpha, _, _ = league_week
    page = _client(client, alpha.player).get(reverse("campaign:crew", args=[alpha.pk]))
    assert f"/auto-resolve/predict/?crew_a={alpha.pk}".encode() in page.content


def test_the_game_page_links_to_a_prediction_of_its_matchup(client, game, league_week):
    _campaign, alpha, _, _ = league_week
    _client(client, alpha.player)
    page = client.get(game.get_absolute_url())
    link = f"/auto-resolve/predict/?game={game.pk}"
    assert link.encode() in page.content
    form = client.get(link)
    assert form.status_code == 200
    assert f'name="game" value="{game.pk}"'.encode() in form.content


@pytest.mark.parametrize("event", ["the-lonely-traveler", "a-lucrative-offer"])
def test_the_panel_says_what_the_simulator_leaves_out_of_the_week(client, db, event):
    """Before asking, a player reads what the simulator will not play: the Lonely Traveler,
    and her own third scheme (never the opponent's, which stays secret)."""
    roster = sample_roster()
    campaign, (alpha, bravo), _ = campaign_in_week_one(
        roster, models=("minion", "enforcer"), upgrade=False, auto_resolve="both_players",
        event=event)
    game = ready_game(campaign, alpha, bravo)
    if event == "a-lucrative-offer":
        pool = game.setup["scheme_pool"]
        third = next(k for k in lucrative.offered(None) if k not in pool[:2])
        games.choose_schemes(game=game, actor=alpha.player,
                             choices=[(pool[0], None), (pool[1], None)], third=(third, None))
    pages = {crew.name: _client(client, crew.player).get(game.get_absolute_url())
             .content.decode() for crew in (alpha, bravo)}
    traveler_note, scheme_note = "call on the Lonely Traveler", "your Lucrative Offer scheme"
    for page in pages.values():
        assert 'id="ask-auto-resolve"' in page
        assert (traveler_note in page) == (event == "the-lonely-traveler")
    assert (scheme_note in pages["Alpha"]) == (event == "a-lucrative-offer")
    assert scheme_note not in pages["Bravo"]
    if event == "a-lucrative-offer":  # Bravo is told nothing, not even that a note exists
        assert 'id="auto-left-out"' not in pages["Bravo"]
