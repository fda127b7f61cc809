"""Malediction auto-resolve pages: the match page's posts, the event's setting, a run's
replay (SVG board with a round-by-round log without JavaScript), and matchup predictions
between two war bands (the Malifaux prediction pages' progress polling)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from autoresolve import mal_replay, mal_selectors
from autoresolve.mal_forms import MalPredictForm
from autoresolve.models import MalAutoResolve, MalResolveRun
from autoresolve.services import mal_predictions, mal_resolve
from encounters.services.common import EncounterError
from malediction import selectors as mal
from malediction.models import Event, Match
from malediction.services.common import MaledictionError

REFUSALS = (EncounterError, MaledictionError, PermissionDenied,
            mal_predictions.PredictionRefused)


def _match(request, pk) -> Match:
    match = get_object_or_404(Match.objects.select_related("event__league"), pk=pk)
    if not mal_selectors.can_view_match(request.user, match):
        raise Http404
    return match


def _post(request, match: Match, call) -> HttpResponse:
    try:
        call()
    except REFUSALS as exc:
        messages.error(request, str(exc))
    return redirect(match.get_absolute_url() + "#auto-resolve")


@login_required
@require_POST
def ask(request: HttpRequest, pk: int) -> HttpResponse:
    match = _match(request, pk)
    return _post(request, match,
                 lambda: mal_resolve.request_resolve(match=match, actor=request.user))


@login_required
@require_POST
def confirm(request: HttpRequest, pk: int) -> HttpResponse:
    match = _match(request, pk)
    return _post(request, match, lambda: mal_resolve.confirm(match=match, actor=request.user))


@login_required
@require_POST
def withdraw(request: HttpRequest, pk: int) -> HttpResponse:
    run = _run(request, pk)
    return _post(request, run.match,
                 lambda: mal_resolve.withdraw(run=run, actor=request.user))


class SettingForm(forms.Form):
    auto_resolve = forms.ChoiceField(label=_("Auto-resolve"), choices=MalAutoResolve.choices)


@login_required
@require_POST
def event_setting(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_object_or_404(Event, pk=pk)
    if not mal.can_view_event(request.user, event):
        raise Http404
    from malediction.services.common import require_organizer

    require_organizer(request.user, event)  # who asks, before what they send
    form = SettingForm(request.POST)
    if not form.is_valid():
        return HttpResponse(str(form.errors), status=400)
    mal_resolve.set_event_setting(event=event, actor=request.user,
                                  value=form.cleaned_data["auto_resolve"])
    messages.success(request, _("Auto-resolve setting saved."))
    return redirect(event.get_absolute_url())


def _run(request, pk) -> MalResolveRun:
    run = get_object_or_404(MalResolveRun.objects.select_related("match__event"), pk=pk)
    if not request.user.is_authenticated or not mal_selectors.can_view_run(request.user, run):
        raise Http404
    return run


def replay(request: HttpRequest, pk: int) -> HttpResponse:
    run = _run(request, pk)
    shown = mal_replay.replay_of(run)
    data = {"board": shown["board"], "steps": shown["steps"]} if shown["log"] else None
    return render(request, "autoresolve/mal_replay.html", {
        "run": run, "match": run.match, "data": data, "rounds": shown["rounds"],
        "players": shown["players"], "not_modelled": shown["not_modelled"]})


# --- Predictions ------------------------------------------------------------------------

@login_required
def predict(request: HttpRequest) -> HttpResponse:
    form = MalPredictForm(request.POST or None, user=request.user)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                outcome = mal_predictions.predict_bands(actor=request.user,
                                                        **form.cleaned_data)
            except REFUSALS as exc:
                form.add_error(None, str(exc))
            else:
                return redirect("autoresolve:mal-prediction", outcome.prediction.pk)
        status = 400
    return render(request, "autoresolve/mal_predict.html", {"form": form}, status=status)


def _prediction(request, pk):
    return get_object_or_404(mal_selectors.visible_predictions(request.user), pk=pk)


def _context(prediction) -> dict:
    result = prediction.result or {}
    hist = result.get("mastery_histogram") or {}
    top = max([1, *hist.get("a", []), *hist.get("b", [])])
    bucket = result.get("bucket", 5)
    bars = [{"low": i * bucket, "a": a, "b": b, "wa": round(100 * a / top),
             "wb": round(100 * b / top)}
            for i, (a, b) in enumerate(zip(hist.get("a", []), hist.get("b", []), strict=True))
            if a or b]
    names = (prediction.input or {}).get("names") or ["A", "B"]
    return {"prediction": prediction, "result": result, "bars": bars,
            "names": {"a": names[0], "b": names[-1]}}


@login_required
def prediction_detail(request: HttpRequest, pk: int) -> HttpResponse:
    return render(request, "autoresolve/mal_prediction.html", _context(_prediction(request, pk)))


@login_required
def prediction_status(request: HttpRequest, pk: int) -> HttpResponse:
    return render(request, "autoresolve/_mal_prediction_body.html",
                  _context(_prediction(request, pk)))
