"""The archive API of finished events: rounds, pairings, results and final standings, for
whoever may see the event's page, in the same number of queries for any event size."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from league.models import Role
from malediction.models import Event, Match, Registration
from malediction.result_form import ResultForm
from malediction.services import events, results, warbands
from tests.campaign.factories import LeagueFactory, member
from tests.factories import UserFactory
from tests.malediction.conftest import legal_band

pytestmark = pytest.mark.django_db


def finished_event(league, organizer, players, *, rounds: int, sample=None) -> Event:
    """An event played to its end: each round paired, side a wins 41-30 (reported and
    confirmed), except the first match of round 1 (a ruled no-show), then closed."""
    event = events.create_event(league=league, actor=organizer, name=f"Hunt {len(players)}",
                                list_deadline=timezone.now() + dt.timedelta(days=1),
                                planned_rounds=rounds)
    for player in players:
        reg = events.register(event=event, player=player, actor=player)
        if sample is not None:
            band = warbands.save_war_band(owner=player, name="Band", **legal_band(sample))
            warbands.submit_list(registration=reg, war_band=band, actor=player)
        events.check_in(registration=reg, actor=player)
    for number in range(1, rounds + 1):
        rnd = events.open_round(event=event, actor=organizer,
                                date=dt.date(2026, 12, number))
        paired = events.pair_round(round=rnd, actor=organizer, seed=number)
        for index, match in enumerate(m for m in paired.matches if not m.is_bye):
            a, b = (match.sides.get(key=k).seats.first().player for k in "ab")
            if number == 1 and index == 0:
                results.rule_result(match=match, actor=organizer, reason="absent",
                                    form=ResultForm("b", 0, 0, 1, "no_show"))
                continue
            results.report_result(match=match, actor=a, form=ResultForm(
                "a", 41, 30, 4, "threshold", {"a": {"relics_claimed": 1}}))
            results.confirm_result(match=match, actor=b)
        events.close_round(round=rnd, actor=organizer)
    event.refresh_from_db()
    assert event.state == Event.State.FINISHED
    return event


@pytest.fixture
def league(db):
    league = LeagueFactory(name="Hollow Crown Club", is_public=False)
    return league, member(league, Role.ORGANIZER)


def test_the_record_holds_rounds_pairings_results_and_standings(client, league, sample):
    league, organizer = league
    players = [member(league) for _ in range(5)]
    event = finished_event(league, organizer, players, rounds=2, sample=sample)
    client.force_login(players[0])
    body = client.get(f"/api/malediction/archive/{event.pk}/").json()
    assert body["name"] == event.name and body["state"] == "finished"
    assert [r["number"] for r in body["rounds"]] == [1, 2]
    first = body["rounds"][0]
    played = [m for m in first["matches"] if not m["is_bye"]]
    byes = [m for m in first["matches"] if m["is_bye"]]
    assert [m["table"] for m in played] == [1, 2] and len(byes) == 1
    assert byes[0]["win_type"] == "bye" and byes[0]["sides"][0]["won"] is True
    ruled, confirmed = played
    assert ruled["ruled"] and ruled["ruling_reason"] == "absent"
    assert ruled["win_type"] == "no_show" and ruled["winner"] == "b"
    assert not confirmed["ruled"] and confirmed["ruling_reason"] == ""
    side_a, side_b = confirmed["sides"]
    assert (side_a["final_mastery"], side_b["final_mastery"]) == (41, 30)
    assert side_a["won"] and not side_b["won"] and side_a["relics_claimed"] == 1
    # A finished event's lists are open to its readers: the Seeker as played is named.
    seat = side_a["seats"][0]
    assert seat["player"] in {str(p) for p in players} and seat["seeker"]
    # Every player is paired once per round (a match or the bye).
    for rnd in body["rounds"]:
        seated = [s["player"] for m in rnd["matches"] for side in m["sides"]
                  for s in side["seats"]]
        assert sorted(seated) == sorted(str(p) for p in players)
    table = body["standings"]
    assert table["round"] == 2 and len(table["rows"]) == 5
    assert [r["rank"] for r in table["rows"]] == sorted(r["rank"] for r in table["rows"])
    assert sum(r["wins"] for r in table["rows"]) == 6  # two wins and a bye a round
    alone = client.get(f"/api/malediction/archive/{event.pk}/standings/?per=player").json()
    assert alone == table
    listed = client.get("/api/malediction/archive/").json()
    assert [e["id"] for e in listed["results"]] == [event.pk]


def test_only_readers_of_the_event_page_and_only_finished_events(client, league):
    league, organizer = league
    players = [member(league) for _ in range(2)]
    event = finished_event(league, organizer, players, rounds=1)
    running = events.create_event(league=league, actor=organizer, name="Still on",
                                  list_deadline=timezone.now())
    url = f"/api/malediction/archive/{event.pk}/"
    assert client.get(url).status_code == 404  # a private league: not to visitors
    client.force_login(UserFactory())
    assert client.get(url).status_code == 404
    assert client.get(url + "standings/").status_code == 404
    assert client.get("/api/malediction/archive/").json()["results"] == []
    client.force_login(players[1])
    assert client.get(url).status_code == 200
    assert client.get(f"/api/malediction/archive/{running.pk}/").status_code == 404
    league.is_public = True
    league.save(update_fields=["is_public"])
    client.logout()
    assert client.get(url).status_code == 200


def _queries(client, event) -> tuple[int, int]:
    counts = []
    for path in ("", "standings/"):
        with CaptureQueriesContext(connection) as ctx:
            assert client.get(f"/api/malediction/archive/{event.pk}/{path}").status_code == 200
        counts.append(len(ctx.captured_queries))
    return tuple(counts)


def test_small_and_large_events_read_in_the_same_number_of_queries(
        client, league, django_assert_max_num_queries):
    league, organizer = league
    players = [member(league) for _ in range(12)]
    small = finished_event(league, organizer, players[:2], rounds=1)
    large = finished_event(league, organizer, players, rounds=3)
    client.force_login(players[0])
    whole, table = _queries(client, small)
    with django_assert_max_num_queries(whole):
        body = client.get(f"/api/malediction/archive/{large.pk}/").json()
    with django_assert_max_num_queries(table):
        client.get(f"/api/malediction/archive/{large.pk}/standings/")
    assert _queries(client, large) == (whole, table)
    assert sum(len(r["matches"]) for r in body["rounds"]) == 18
    assert Match.objects.filter(event=large).count() == 18
    assert Registration.objects.filter(event=large).count() == 12


@pytest.fixture
def wsgi_on_test_db():
    """Requests through the WSGI application keep the test's database connection."""
    from django.core.signals import request_finished, request_started
    from django.db import close_old_connections

    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


def test_the_answers_are_as_the_schema_says(league, sample, wsgi_on_test_db):
    """The edges world has no finished event, so its fuzzing meets only 404s here: each
    answer of a played event (a bye, a ruling, nulls) is checked against the schema."""
    import schemathesis
    from schemathesis.checks import response_schema_conformance, status_code_conformance

    from config.wsgi import application
    from tests.edges.routes import openapi_schema

    league, organizer = league
    league.is_public = True
    league.save(update_fields=["is_public"])
    event = finished_event(league, organizer, [member(league) for _ in range(3)], rounds=2,
                           sample=sample)
    schema = schemathesis.openapi.from_dict(openapi_schema())
    for path, query in (("/api/malediction/archive/{id}/", None),
                        ("/api/malediction/archive/{id}/standings/", {"per": "player"}),
                        ("/api/malediction/archive/", None)):
        operation = schema[path]["GET"]
        case = operation.Case(path_parameters={"id": event.pk} if "{id}" in path else {},
                              query=query)
        response = case.call(app=application, base_url="http://testserver")
        assert response.status_code == 200, response.text[:500]
        case.validate_response(response, checks=[status_code_conformance,
                                                 response_schema_conformance])
