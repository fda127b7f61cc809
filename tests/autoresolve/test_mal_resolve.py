"""Auto-resolving a Malediction match: the event's setting, the job, confirmation."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied

from autoresolve.models import MalResolveRun
from autoresolve.services import mal_resolve
from autoresolve.services.resolve import ResolveRefused
from malediction.models import Match
from rules.engine.malediction.sim import SIM_VERSION
from tests.autoresolve.mal_fixtures import ready_match
from tests.malediction.conftest import sample, world  # noqa: F401

pytestmark = pytest.mark.django_db


def test_both_players_ask_then_the_simulator_reports_and_both_confirm(
        world, sample, django_capture_on_commit_callbacks):  # noqa: F811
    match = ready_match(world, sample)
    a, b = world.players[:2]
    with pytest.raises(PermissionDenied):
        mal_resolve.request_resolve(match=match, actor=world.outsider)
    run = mal_resolve.request_resolve(match=match, actor=a)
    assert run.status == "asking"
    with pytest.raises(ResolveRefused):
        mal_resolve.request_resolve(match=match, actor=a)
    with django_capture_on_commit_callbacks(execute=True):
        run = mal_resolve.request_resolve(match=match, actor=b)   # eager: played at once
    run.refresh_from_db()
    match.refresh_from_db()
    assert run.status == "done" and match.state == Match.State.REPORTED
    assert run.simulator_version == SIM_VERSION and run.seed is not None
    report = run.report
    marker = report.details["auto_resolved"]
    assert (marker["seed"], marker["simulator"]) == (run.seed, SIM_VERSION)
    assert report.details["source"] == "simulator"
    assert "not_modelled" in run.summary and run.log["events"]
    # A second delivery of the job changes nothing.
    assert mal_resolve.resolve(run.pk) is False
    assert match.reports.count() == 1
    with pytest.raises(PermissionDenied):
        mal_resolve.confirm(match=match, actor=world.outsider)
    mal_resolve.confirm(match=match, actor=a)
    match.refresh_from_db()
    assert match.state == Match.State.REPORTED
    mal_resolve.confirm(match=match, actor=b)
    match.refresh_from_db()
    assert match.state == Match.State.CONFIRMED
    assert match.winner == report.winner
    assert {s.final_mastery for s in match.sides.all()} == {report.mastery_a, report.mastery_b}


def test_never_refuses_and_organizer_mode_is_organizer_only(
        world, sample, django_capture_on_commit_callbacks):  # noqa: F811
    match = ready_match(world, sample, setting="never")
    with pytest.raises(ResolveRefused):
        mal_resolve.request_resolve(match=match, actor=world.players[0])
    mal_resolve.set_event_setting(event=world.event, actor=world.organizer, value="organizer")
    with pytest.raises(PermissionDenied):
        mal_resolve.set_event_setting(event=world.event, actor=world.players[0], value="never")
    with pytest.raises(PermissionDenied):
        mal_resolve.request_resolve(match=match, actor=world.players[0])
    with django_capture_on_commit_callbacks(execute=True):
        run = mal_resolve.request_resolve(match=match, actor=world.organizer)
    run.refresh_from_db()
    assert run.status == "done"
    with pytest.raises(PermissionDenied):
        mal_resolve.confirm(match=match, actor=world.players[0])
    mal_resolve.confirm(match=match, actor=world.organizer)
    match.refresh_from_db()
    assert match.state == Match.State.CONFIRMED


def test_same_seed_same_log(
        world, sample, django_capture_on_commit_callbacks):  # noqa: F811
    match = ready_match(world, sample, setting="organizer")
    with django_capture_on_commit_callbacks(execute=True):
        run = mal_resolve.request_resolve(match=match, actor=world.organizer)
    run.refresh_from_db()
    from rules.engine.malediction.sim import replay

    again = replay(run.log)
    assert again.log["events"] == run.log["events"]
    assert MalResolveRun.objects.filter(match=match).count() == 1
