"""Malediction auto-resolve pages: the match panel's posts, the replay, the event setting,
and the matchup prediction with its progress and result."""

from __future__ import annotations

import pytest
from django.urls import reverse

from autoresolve.models import MalEventSetting, MalResolveRun, Prediction
from malediction.models import Match
from malediction.standings import build
from tests.autoresolve.mal_fixtures import ready_match
from tests.malediction.conftest import legal_band, sample, world  # noqa: F401

pytestmark = pytest.mark.django_db


def _post(client, user, url):
    client.force_login(user)
    return client.post(url)


def test_two_players_ask_replay_confirm_and_standings_move(
        client, world, sample, django_capture_on_commit_callbacks):  # noqa: F811
    match = ready_match(world, sample)
    a, b = world.players[:2]
    client.force_login(a)
    page = client.get(match.get_absolute_url())
    assert b'id="mal-ask"' in page.content
    assert _post(client, a, reverse("autoresolve:mal-ask", args=[match.pk])).status_code == 302
    with django_capture_on_commit_callbacks(execute=True):
        _post(client, b, reverse("autoresolve:mal-ask", args=[match.pk]))
    run = MalResolveRun.objects.get(match=match)
    assert run.status == "done"
    page = client.get(match.get_absolute_url())
    assert b'id="mal-replay-link"' in page.content and b'id="mal-confirm"' in page.content
    replay = client.get(reverse("autoresolve:mal-replay", args=[run.pk]))
    body = replay.content.decode()
    assert replay.status_code == 200
    assert 'id="replay-data"' in body and 'id="replay-log"' in body
    assert "Round 1" in body and 'id="not-modelled"' in body
    assert f"seed {run.seed}" in body
    before = sum(r.wins for r in build(world.event).rows)
    _post(client, a, reverse("autoresolve:mal-confirm", args=[match.pk]))
    _post(client, b, reverse("autoresolve:mal-confirm", args=[match.pk]))
    match.refresh_from_db()
    assert match.state == Match.State.CONFIRMED
    standings = client.get(reverse("malediction:standings", args=[world.event.pk]))
    assert standings.status_code == 200
    assert sum(r.wins for r in build(world.event).rows) == before + 1


def test_outsider_cannot_see_the_replay_or_ask(
        client, world, sample, django_capture_on_commit_callbacks):  # noqa: F811
    match = ready_match(world, sample, setting="organizer")
    with django_capture_on_commit_callbacks(execute=True):
        _post(client, world.organizer, reverse("autoresolve:mal-ask", args=[match.pk]))
    run = MalResolveRun.objects.get(match=match)
    client.force_login(world.outsider)
    assert client.get(reverse("autoresolve:mal-replay", args=[run.pk])).status_code == 404
    client.force_login(world.players[0])
    _post(client, world.players[0], reverse("autoresolve:mal-confirm", args=[match.pk]))
    match.refresh_from_db()
    assert match.state == Match.State.REPORTED


def test_only_organizers_set_the_event_setting(client, world):  # noqa: F811
    url = reverse("autoresolve:mal-setting", args=[world.event.pk])
    client.force_login(world.players[0])
    assert client.post(url, {"auto_resolve": "organizer"}).status_code == 403
    client.force_login(world.organizer)
    assert client.post(url, {"auto_resolve": "bogus"}).status_code == 400
    assert client.post(url, {"auto_resolve": "organizer"}).status_code == 302
    assert MalEventSetting.objects.get(event=world.event).auto_resolve == "organizer"
    page = client.get(world.event.get_absolute_url())
    assert b'id="mal-setting"' in page.content


def test_prediction_between_two_war_bands(
        client, world, sample, django_capture_on_commit_callbacks):  # noqa: F811
    from malediction.models import Card, Kind
    from malediction.services.warbands import save_war_band

    user = world.players[0]
    sigils = sorted({s for c in Card.objects.filter(kind=Kind.SEEKER) for s in c.sigils})
    first = save_war_band(owner=user, name="Blood", **legal_band(sample, "primal-blood"))
    other = next(s for s in sigils if s != "primal-blood")
    second = save_war_band(owner=user, name="Other", **legal_band(sample, other))
    client.force_login(user)
    url = reverse("autoresolve:mal-predict")
    assert client.get(url).status_code == 200
    bad = client.post(url, {"first": first.pk, "second": second.pk, "mode": "standard",
                            "board": 30, "games": 5})
    assert bad.status_code == 400
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(url, {"first": first.pk, "second": second.pk,
                                   "mode": "standard", "board": 30, "games": 100})
    prediction = Prediction.objects.get(game="malediction")
    assert answer.status_code == 302
    assert prediction.status == "done" and prediction.chunks_done == 1
    result = prediction.result
    assert result["games"] == 100
    assert result["outcome"]["win"]["count"] + result["outcome"]["loss"]["count"] <= 100
    assert result["outcome"]["win"]["low"] <= result["outcome"]["win"]["rate"]
    page = client.get(reverse("autoresolve:mal-prediction", args=[prediction.pk]))
    assert b'id="mastery-histogram"' in page.content
    assert b'id="prediction-deciders"' in page.content
    client.force_login(world.players[1])
    assert client.get(reverse("autoresolve:mal-prediction",
                              args=[prediction.pk])).status_code == 404
