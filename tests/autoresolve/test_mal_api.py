"""The Malediction auto-resolve API: asking, a run's status, confirming, the replay (only
to those who may see the run), matchup predictions (create, progress, result, limits),
bad input as 400 field errors, outsiders refused, and lists in a bounded number of
queries."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from autoresolve import mal_selectors
from autoresolve.models import MalResolveRun, Prediction
from malediction.models import Card, Event, Kind, Match, Reveal
from malediction.services.warbands import save_war_band
from tests.autoresolve.mal_fixtures import ready_match
from tests.factories import UserFactory
from tests.malediction.conftest import legal_band, sample, world  # noqa: F401

pytestmark = pytest.mark.django_db

RUNS = "/api/malediction/auto-resolve/runs/"
PREDICTIONS = "/api/malediction/predictions/"


def _api(user) -> APIClient:
    api = APIClient()
    if user is not None:
        api.force_authenticate(user)
    return api


def _resolved(world, sample, capture, setting="both_players"):  # noqa: F811
    match = ready_match(world, sample, setting)
    askers = world.players[:2] if setting == "both_players" else [world.organizer]
    for user in askers[:-1]:
        assert _api(user).post(RUNS, {"match": match.pk}, format="json").status_code == 201
    with capture(execute=True):
        answer = _api(askers[-1]).post(RUNS, {"match": match.pk}, format="json")
    assert answer.status_code == 201 and answer.json()["status"] == "queued"
    return match, MalResolveRun.objects.get(match=match)


def test_both_players_ask_see_the_status_and_replay_and_confirm(
        world, sample, django_capture_on_commit_callbacks):  # noqa: F811
    match = ready_match(world, sample)
    a, b = world.players[:2]
    first = _api(a).post(RUNS, {"match": match.pk}, format="json")
    assert first.status_code == 201
    assert (first.json()["status"], first.json()["asked"]) == ("asking", ["a"])
    again = _api(a).post(RUNS, {"match": match.pk}, format="json")
    assert again.status_code == 400 and "non_field_errors" in again.json()
    # Before the run is done its replay holds nothing (no log, no steps).
    waiting = _api(b).get(f"{RUNS}{first.json()['id']}/replay/").json()
    assert waiting["log"] is None and waiting["steps"] == [] and waiting["rounds"] == []
    with django_capture_on_commit_callbacks(execute=True):
        second = _api(b).post(RUNS, {"match": match.pk}, format="json")
    assert second.status_code == 201 and second.json()["id"] == first.json()["id"]
    run = _api(a).get(f"{RUNS}{first.json()['id']}/").json()
    assert run["status"] == "done" and run["progress"] == 100
    assert run["match"] == match.pk and run["report"] is not None
    assert set(run["summary"]["mastery"]) and run["summary"]["winner"] in ("a", "b")
    assert "input" not in run and "log" not in run  # both lists: only in the replay
    replay = _api(a).get(f"{RUNS}{run['id']}/replay/").json()
    assert replay["log"]["events"] and replay["board"]["units"] and replay["steps"]
    assert replay["rounds"][0]["lines"] and len(replay["players"]) == 2
    assert isinstance(replay["not_modelled"], list)
    confirmed = _api(a).post(f"{RUNS}{run['id']}/confirm/")
    assert confirmed.status_code == 200
    match.refresh_from_db()
    assert match.state == Match.State.REPORTED
    assert _api(a).post(f"{RUNS}{run['id']}/confirm/").status_code == 400  # already did
    assert _api(b).post(f"{RUNS}{run['id']}/confirm/").status_code == 200
    match.refresh_from_db()
    assert match.state == Match.State.CONFIRMED


def test_an_organizer_asks_and_rules_in_organizer_mode_and_a_player_may_not(
        world, sample, django_capture_on_commit_callbacks):  # noqa: F811
    match = ready_match(world, sample, setting="organizer")
    refused = _api(world.players[0]).post(RUNS, {"match": match.pk}, format="json")
    assert refused.status_code == 403
    assert not MalResolveRun.objects.exists()
    with django_capture_on_commit_callbacks(execute=True):
        asked = _api(world.organizer).post(RUNS, {"match": match.pk}, format="json")
    assert asked.status_code == 201
    run = MalResolveRun.objects.get(match=match)
    assert run.status == "done"
    assert _api(world.players[0]).post(f"{RUNS}{run.pk}/confirm/").status_code == 403
    assert _api(world.organizer).post(f"{RUNS}{run.pk}/confirm/").status_code == 200
    match.refresh_from_db()
    assert match.state == Match.State.CONFIRMED


def test_the_replay_and_status_only_to_those_who_may_see_the_run(
        world, sample, django_capture_on_commit_callbacks):  # noqa: F811
    _match, run = _resolved(world, sample, django_capture_on_commit_callbacks)
    bystander = world.players[2]  # in the event, not in the match: lists not revealed
    for user in (world.outsider, bystander):
        api = _api(user)
        assert api.get(f"{RUNS}{run.pk}/").status_code == 404
        assert api.get(f"{RUNS}{run.pk}/replay/").status_code == 404
        assert api.get(RUNS).json()["results"] == []
    assert _api(None).get(f"{RUNS}{run.pk}/replay/").status_code == 403
    for user in (*world.players[:2], world.organizer):
        assert _api(user).get(f"{RUNS}{run.pk}/replay/").status_code == 200
        assert [r["id"] for r in _api(user).get(RUNS).json()["results"]] == [run.pk]
    # Once the event's lists are open, whoever may see the event may see the run.
    Event.objects.filter(pk=world.event.pk).update(reveal=Reveal.OPEN)
    assert _api(bystander).get(f"{RUNS}{run.pk}/replay/").status_code == 200


@pytest.mark.parametrize("body", [{}, {"match": "x"}, {"match": None}, {"match": [1]},
                                  {"match": 0}, {"match": 2**70}, {"match": 999999}])
def test_bad_input_to_ask_is_a_field_error(world, sample, body):  # noqa: F811
    ready_match(world, sample)
    answer = _api(world.players[0]).post(RUNS, body, format="json")
    assert answer.status_code == 400 and "match" in answer.json()


def test_a_match_of_an_event_one_may_not_see_is_not_told(world, sample):  # noqa: F811
    match = ready_match(world, sample)
    world.league.is_public = False
    world.league.save(update_fields=["is_public"])
    answer = _api(world.outsider).post(RUNS, {"match": match.pk}, format="json")
    assert answer.status_code == 400
    assert answer.json() == {"match": ["No match you may see has this id."]}


def test_outsiders_are_refused_before_the_body_and_only_the_asker_withdraws(
        world, sample):  # noqa: F811
    match = ready_match(world, sample)
    a, b = world.players[:2]
    run_id = _api(a).post(RUNS, {"match": match.pk}, format="json").json()["id"]
    for action in ("confirm", "withdraw"):
        for body in ({"not": ["valid"]}, [1]):
            answer = _api(world.outsider).post(f"{RUNS}{run_id}/{action}/", body,
                                               format="json")
            assert answer.status_code == 403, (action, body)
    assert _api(None).post(f"{RUNS}{run_id}/withdraw/").status_code == 403
    assert _api(b).post(f"{RUNS}{run_id}/withdraw/").status_code == 403
    assert MalResolveRun.objects.get(pk=run_id).status == "asking"
    assert _api(a).post(f"{RUNS}{run_id}/withdraw/").json()["status"] == "withdrawn"
    assert _api(a).post(f"{RUNS}{run_id}/withdraw/").status_code == 400


def test_the_list_of_runs_agrees_with_the_run_page(
        world, sample, django_capture_on_commit_callbacks):  # noqa: F811
    """``visible_runs`` (one query) shows exactly the runs ``can_view_run`` allows."""
    _match, _run = _resolved(world, sample, django_capture_on_commit_callbacks)
    staff = UserFactory(is_staff=True)
    users = [*world.players, world.organizer, world.outsider, staff]

    def agree():
        runs = list(MalResolveRun.objects.select_related("match__event__league"))
        for user in users:
            listed = set(mal_selectors.visible_runs(user).values_list("pk", flat=True))
            assert listed == {r.pk for r in runs if mal_selectors.can_view_run(user, r)}, user

    agree()
    Event.objects.filter(pk=world.event.pk).update(reveal=Reveal.OPEN)
    agree()
    Event.objects.filter(pk=world.event.pk).update(
        reveal=Reveal.PAIRED, state=Event.State.FINISHED)
    agree()
    Event.objects.filter(pk=world.event.pk).update(
        state=Event.State.RUNNING, list_deadline=timezone.now() + dt.timedelta(days=1))
    agree()


def test_the_run_list_takes_the_same_queries_for_one_run_or_many(
        world, sample, django_assert_max_num_queries):  # noqa: F811
    match = ready_match(world, sample)
    api = _api(world.players[0])
    MalResolveRun.objects.create(match=match, mode="both_players",
                                 requested_by=world.players[0], status="failed")
    with django_assert_max_num_queries(3):
        assert len(api.get(RUNS).json()["results"]) == 1
    MalResolveRun.objects.bulk_create(
        MalResolveRun(match=match, mode="both_players", requested_by=world.players[0],
                      status="failed") for _ in range(12))
    with django_assert_max_num_queries(3):
        assert len(api.get(RUNS).json()["results"]) == 13


# --- Predictions ------------------------------------------------------------------------


def _bands(user, sample):  # noqa: F811
    sigils = sorted({s for c in Card.objects.filter(kind=Kind.SEEKER) for s in c.sigils})
    other = next(s for s in sigils if s != "primal-blood")
    return (save_war_band(owner=user, name="Blood", **legal_band(sample, "primal-blood")),
            save_war_band(owner=user, name="Other", **legal_band(sample, other)))


def test_a_prediction_is_created_shows_its_progress_and_result(
        world, sample, django_capture_on_commit_callbacks):  # noqa: F811
    user = world.players[0]
    first, second = _bands(user, sample)
    body = {"first": first.pk, "second": second.pk, "mode": "standard", "board": 30,
            "games": 100}
    with django_capture_on_commit_callbacks(execute=True):
        created = _api(user).post(PREDICTIONS, body, format="json")
    assert created.status_code == 201
    assert created.json()["status"] == "queued" and created.json()["progress"] == 0
    assert created.json()["names"] == ["Blood", "Other"]
    done = _api(user).get(f"{PREDICTIONS}{created.json()['id']}/").json()
    assert done["status"] == "done" and done["progress"] == 100
    assert done["result"]["games"] == 100
    win = done["result"]["outcome"]["win"]
    assert win["low"] <= win["rate"] <= win["high"]
    again = _api(user).post(PREDICTIONS, body, format="json")  # the same request: stored
    assert again.status_code == 200 and again.json()["id"] == done["id"]
    assert Prediction.objects.filter(game="malediction").count() == 1
    other = _api(world.players[1])
    assert other.get(f"{PREDICTIONS}{done['id']}/").status_code == 404
    assert other.get(PREDICTIONS).json()["results"] == []
    assert [p["id"] for p in _api(user).get(PREDICTIONS).json()["results"]] == [done["id"]]


@pytest.mark.parametrize("change, field", [
    ({"games": 5}, "games"), ({"games": 10**6}, "games"), ({"games": "many"}, "games"),
    ({"mode": "nemesis"}, "mode"), ({"board": 99}, "board"), ({"first": "x"}, "first"),
    ({"second": None}, "second"), ({"first": 2**70}, "first"), ({"first": 999999}, "first"),
])
def test_bad_prediction_input_is_a_field_error(world, sample, change, field):  # noqa: F811
    first, second = _bands(world.players[0], sample)
    body = {"first": first.pk, "second": second.pk, "games": 100, **change}
    answer = _api(world.players[0]).post(PREDICTIONS, body, format="json")
    assert answer.status_code == 400 and field in answer.json(), answer.json()
    assert not Prediction.objects.exists()


def test_another_players_war_band_cannot_be_predicted_with(world, sample):  # noqa: F811
    """A band is its owner's (a locked list would otherwise leak through the result)."""
    first, second = _bands(world.players[0], sample)
    answer = _api(world.players[1]).post(
        PREDICTIONS, {"first": first.pk, "second": second.pk, "games": 100}, format="json")
    assert answer.status_code == 400 and set(answer.json()) == {"first", "second"}
    assert _api(None).post(PREDICTIONS, {}, format="json").status_code == 403


def test_the_running_limit_is_the_pages(world, sample, settings):  # noqa: F811
    settings.PREDICTIONS_RUNNING_PER_USER = 1
    user = world.players[0]
    first, second = _bands(user, sample)
    api = _api(user)
    body = {"first": first.pk, "second": second.pk, "games": 100}
    assert api.post(PREDICTIONS, body, format="json").status_code == 201  # stays queued
    refused = api.post(PREDICTIONS, {**body, "games": 200}, format="json")
    assert refused.status_code == 400
    assert "running" in refused.json()["non_field_errors"][0]


def test_the_prediction_list_takes_the_same_queries_for_one_or_many(
        world, django_assert_max_num_queries):  # noqa: F811
    user = world.players[0]
    api = _api(user)

    def add(n):
        Prediction.objects.bulk_create(
            Prediction(key=f"k{Prediction.objects.count() + i}", game="malediction",
                       requested_by=user, games=100, seed=1, simulator_version="t",
                       input={"names": ["A", "B"]}) for i in range(n))

    add(1)
    with django_assert_max_num_queries(2):
        assert len(api.get(PREDICTIONS).json()["results"]) == 1
    add(15)
    with django_assert_max_num_queries(2):
        assert len(api.get(PREDICTIONS).json()["results"]) == 16


def test_each_games_prediction_list_and_pages_hold_only_that_games_predictions(
        world, client):  # noqa: F811
    """A Malediction prediction is not listed, nor opened, as a Malifaux one (its input
    would not render there), and the other way round."""
    user = world.players[0]
    mal, mfx = Prediction.objects.bulk_create(
        Prediction(key=f"own-{game}", game=game, requested_by=user, games=100, seed=1,
                   simulator_version="t", input={"names": ["A", "B"]})
        for game in ("malediction", "malifaux"))
    api = _api(user)
    assert [p["id"] for p in api.get(PREDICTIONS).json()["results"]] == [mal.pk]
    assert [p["id"] for p in api.get("/api/predictions/").json()["results"]] == [mfx.pk]
    assert api.get(f"/api/predictions/{mal.pk}/").status_code == 404
    assert api.get(f"{PREDICTIONS}{mfx.pk}/").status_code == 404
    client.force_login(user)
    assert client.get(f"/auto-resolve/predictions/{mal.pk}/").status_code == 404
    assert client.get(f"/auto-resolve/malediction/predictions/{mfx.pk}/").status_code == 404
