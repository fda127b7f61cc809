"""A match's page: the sides with their lists as played (when visible), the result form,
confirm / dispute / rule, the side-deck swap, and the audit trail."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from league.result_flow import open_report
from malediction import selectors
from malediction.forms import DisputeForm, ResultReportForm
from malediction.models import Card, Match
from malediction.services import results, warbands
from malediction.services.common import MaledictionError, is_match_organizer, side_of


def _match(request: HttpRequest, pk: int) -> Match:
    match = get_object_or_404(Match.objects.select_related("event__league", "round"), pk=pk)
    if match.event_id and not selectors.can_view_event(request.user, match.event):
        raise Http404
    return match


@require_GET
def match_detail(request: HttpRequest, pk: int) -> HttpResponse:
    return _page(request, pk)


def _page(request: HttpRequest, pk: int, report_form=None, rule_form=None,
          status: int = 200) -> HttpResponse:
    match = _match(request, pk)
    sides = list(match.sides.prefetch_related("seats__player", "seats__seeker",
                                              "seats__legacy", "seats__terrain"))
    visible = selectors.visible_list_ids(match.event, request.user) if match.event_id else set()
    mine = side_of(match, request.user)
    report = open_report(match.reports)
    return render(request, "malediction/match_detail.html", {
        "match": match, "sides": sides, "visible": visible, "mine": mine, "report": report,
        "organizer": is_match_organizer(request.user, match),
        "report_form": report_form or ResultReportForm(),
        "rule_form": rule_form or ResultReportForm(ruling=True, prefix="rule"),
        "dispute_form": DisputeForm(), "log": match.log.select_related("actor")},
        status=status)


def _done(request: HttpRequest, match: Match, call) -> HttpResponse:
    try:
        call()
    except MaledictionError as exc:
        for problem in exc.problems:
            messages.error(request, problem)
    return redirect(match)


@login_required
@require_POST
def report(request: HttpRequest, pk: int) -> HttpResponse:
    match = _match(request, pk)
    form = ResultReportForm(request.POST)
    if not form.is_valid():
        return _page(request, pk, report_form=form, status=400)
    return _done(request, match, lambda: results.report_result(
        match=match, actor=request.user, form=form.result()))


@login_required
@require_POST
def confirm(request: HttpRequest, pk: int) -> HttpResponse:
    match = _match(request, pk)
    return _done(request, match, lambda: results.confirm_result(match=match,
                                                                actor=request.user))


@login_required
@require_POST
def dispute(request: HttpRequest, pk: int) -> HttpResponse:
    match = _match(request, pk)
    return _done(request, match, lambda: results.dispute_result(
        match=match, actor=request.user, reason=request.POST.get("reason", "")[:250]))


@login_required
@require_POST
def rule(request: HttpRequest, pk: int) -> HttpResponse:
    match = _match(request, pk)
    form = ResultReportForm(request.POST, ruling=True, prefix="rule")
    if not is_match_organizer(request.user, match):
        from django.core.exceptions import PermissionDenied

        raise PermissionDenied(gettext("Only the event's organizers rule on results."))
    if not form.is_valid():
        return _page(request, pk, rule_form=form, status=400)
    return _done(request, match, lambda: results.rule_result(
        match=match, actor=request.user, form=form.result(),
        reason=form.cleaned_data["reason"]))


def _cards(values) -> list[Card]:
    ids = [int(v) for v in values[:20] if str(v).isdigit() and len(str(v)) < 18]
    found = Card.objects.in_bulk(ids)
    return [found[i] for i in ids if i in found]


@login_required
@require_POST
def swap(request: HttpRequest, pk: int) -> HttpResponse:
    match = _match(request, pk)
    return _done(request, match, lambda: warbands.swap_side_deck(
        match=match, actor=request.user, out_of_deck=_cards(request.POST.getlist("out")),
        into_deck=_cards(request.POST.getlist("in"))))
