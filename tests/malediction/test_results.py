"""Report, confirm, dispute, rule: the league's result flow on a Malediction match."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied

from league.result_flow import ReportStatus
from malediction.models import Match, MatchLog, WinType
from malediction.result_form import ResultForm
from malediction.services import results
from malediction.services.common import MaledictionError
from malediction.services.matches import create_bye, create_match

pytestmark = pytest.mark.django_db


def _match(world):
    return create_match(round=world.round1, sides=[[world.regs[0]], [world.regs[1]]], table=1)


WIN = ResultForm(winner="a", mastery_a=42, mastery_b=30, final_round=4,
                 win_type=WinType.THRESHOLD, facts={"a": {"relics_claimed": 2}})


def test_report_then_confirm_fills_the_result_form(world):
    match = _match(world)
    results.report_result(match=match, actor=world.players[0], form=WIN)
    with pytest.raises(MaledictionError, match="Your opponent confirms"):
        results.confirm_result(match=match, actor=world.players[0])
    change = results.confirm_result(match=match, actor=world.players[1])
    match.refresh_from_db()
    assert change.changed and match.state == Match.State.CONFIRMED
    assert (match.winner, match.final_round, match.win_type) == ("a", 4, "threshold")
    a, b = match.sides.order_by("key")
    assert (a.final_mastery, b.final_mastery, a.relics_claimed, b.relics_claimed) == (
        42, 30, 2, None)
    again = results.confirm_result(match=match, actor=world.players[1])
    assert not again.changed
    assert MatchLog.objects.filter(match=match).count() == 2


def test_outsider_and_organizer_cannot_report(world):
    match = _match(world)
    for who in (world.outsider, world.organizer, world.players[2]):
        with pytest.raises(PermissionDenied):
            results.report_result(match=match, actor=who, form=WIN)


@pytest.mark.parametrize("form, field", [
    (ResultForm("a", 39, 30, 3, "threshold"), "win_type"),   # below the threshold
    (ResultForm("a", 40, 40, 3, "threshold"), "winner"),     # a tie plays another round
    (ResultForm("b", 45, 30, 3, "threshold"), "win_type"),   # the loser reached it
    (ResultForm("", 45, 30, 3, "threshold"), "winner"),
    (ResultForm("a", 45, 30, 6, "threshold"), "final_round"),
    (ResultForm("a", 5, 30, 3, "concession"), "win_type"),   # rulings only
    (ResultForm("a", 5, 30, 3, "deck_out", {"c": {}}), "facts"),
])
def test_bad_results_are_refused_naming_the_field(world, form, field):
    match = _match(world)
    with pytest.raises(results.ResultError) as exc:
        results.report_result(match=match, actor=world.players[0], form=form)
    assert field in exc.value.fields
    assert not match.reports.exists()


def test_deck_out_wins_whatever_the_mastery(world):
    match = _match(world)
    form = ResultForm("b", 20, 3, 3, WinType.DECK_OUT)
    results.report_result(match=match, actor=world.players[1], form=form)
    results.confirm_result(match=match, actor=world.players[0])
    match.refresh_from_db()
    assert match.winner == "b" and match.win_type == "deck_out"


def test_dispute_then_ruling_keeps_every_report(world):
    match = _match(world)
    results.report_result(match=match, actor=world.players[0], form=WIN)
    with pytest.raises(MaledictionError, match="Say what is wrong"):
        results.dispute_result(match=match, actor=world.players[1], reason=" ")
    results.dispute_result(match=match, actor=world.players[1], reason="It was 38")
    assert Match.objects.get(pk=match.pk).state == Match.State.DISPUTED
    with pytest.raises(PermissionDenied):
        results.rule_result(match=match, actor=world.players[1], form=WIN, reason="x")
    with pytest.raises(MaledictionError, match="reason"):
        results.rule_result(match=match, actor=world.organizer, form=WIN, reason="")
    ruled = ResultForm("b", 0, 10, 2, WinType.CONCESSION)
    results.rule_result(match=match, actor=world.organizer, form=ruled, reason="a conceded")
    statuses = list(match.reports.order_by("id").values_list("status", flat=True))
    assert statuses == [ReportStatus.SUPERSEDED, ReportStatus.RULED]
    match.refresh_from_db()
    assert match.win_type == "concession" and match.winner == "b"
    assert "a conceded" in match.log.last().text


def test_a_new_report_supersedes_the_unanswered_one(world):
    match = _match(world)
    results.report_result(match=match, actor=world.players[0], form=WIN)
    results.report_result(match=match, actor=world.players[1],
                          form=ResultForm("b", 33, 44, 5, "threshold"))
    results.confirm_result(match=match, actor=world.players[0])
    match.refresh_from_db()
    assert match.winner == "b"


def test_a_bye_counts_as_a_win_and_cannot_be_ruled(world):
    bye = create_bye(round=world.round1, registrations=[world.regs[3]])
    assert bye.state == Match.State.CONFIRMED and bye.winner == "a"
    with pytest.raises(MaledictionError):
        results.rule_result(match=bye, actor=world.organizer, form=WIN, reason="x")
