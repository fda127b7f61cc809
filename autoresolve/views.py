"""Auto-resolve pages: the game page's panel and its posts, a run's progress (HTMX
polling), the replay, and the predict page with its progress and results."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import get_language
from django.views.decorators.http import require_POST

from autoresolve import replay, selectors
from autoresolve.forms import PredictForm
from autoresolve.models import Prediction, ResolveRun
from autoresolve.services import matchups, predictions, resolve
from encounters.models import Game
from encounters.selectors import can_view_game
from encounters.services.common import EncounterError
from encounters.services.results import COUNTED

REFUSALS = (EncounterError, PermissionDenied, predictions.PredictionRefused)


def _game(request, pk) -> Game:
    game = get_object_or_404(Game.objects.select_related("campaign__league"), pk=pk)
    if not can_view_game(request.user, game):
        raise PermissionDenied
    return game


def _run(request, pk) -> ResolveRun:
    return get_object_or_404(selectors.visible_runs(request.user), pk=pk)


def _answer(request, game: Game) -> HttpResponse:
    if request.htmx:
        return render(request, "autoresolve/_panel.html",
                      {"game": game, "panel": selectors.panel(game, request.user)})
    return redirect(game.get_absolute_url() + "#auto-resolve")


@login_required
@require_POST
def ask(request: HttpRequest, pk: int) -> HttpResponse:
    game = _game(request, pk)
    try:
        resolve.request_resolve(game=game, actor=request.user)
    except REFUSALS as exc:
        messages.error(request, str(exc))
    # No flash of the run's status: the panel's status line says it, once (issue 23).
    return _answer(request, game)


@login_required
@require_POST
def confirm(request: HttpRequest, pk: int) -> HttpResponse:
    game = _game(request, pk)
    try:
        resolve.confirm(game=game, actor=request.user)
    except REFUSALS as exc:
        messages.error(request, str(exc))
    return _answer(request, Game.objects.get(pk=game.pk))


@login_required
@require_POST
def withdraw(request: HttpRequest, pk: int) -> HttpResponse:
    run = _run(request, pk)
    try:
        resolve.withdraw_request(run=run, actor=request.user)
    except REFUSALS as exc:
        messages.error(request, str(exc))
    return _answer(request, run.game)


def run_detail(request: HttpRequest, pk: int) -> HttpResponse:
    run = _run(request, pk)
    return render(request, "autoresolve/run.html", {"run": run, "game": run.game})


def run_status(request: HttpRequest, pk: int) -> HttpResponse:
    """The run's progress line while it runs; once it has finished, the game page's whole
    panel in its place (retargeted), so the page shows one state: the result and the one
    button it now needs, never "Queued" beside "Resolved" and a stale "Ask" button."""
    run = _run(request, pk)
    if request.htmx and not run.active and request.GET.get("in") == "panel":
        response = render(request, "autoresolve/_panel.html",
                          {"game": run.game, "panel": selectors.panel(run.game, request.user)})
        response["HX-Retarget"] = "#auto-resolve"
        response["HX-Reswap"] = "outerHTML"
        return response
    return render(request, "autoresolve/_run_status.html", {"run": run})


def run_replay(request: HttpRequest, pk: int) -> HttpResponse:
    run = _run(request, pk)
    log = selectors.log_for(run, request.user)
    data = {"board": replay.board(log), "steps": replay.steps(log)} if log else None
    french = (get_language() or "").startswith("fr")
    return render(request, "autoresolve/replay.html", {
        "run": run, "game": run.game, "data": data,
        "turns": replay.turn_lines(log, mark=french) if log else [],
        "crews": replay.crew_names(log) if log else [],
        "counted": run.game.state in COUNTED})


@login_required
def predict(request: HttpRequest) -> HttpResponse:
    initial = {k: request.GET[k] for k in ("crew_a", "crew_b", "game") if k in request.GET}
    from_game = _game_to_predict(request, (request.POST or request.GET).get("game"))
    form = PredictForm(request.POST or None, initial=initial, user=request.user,
                       from_game=from_game)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                setup, label = matchups.matchup_input(request.user, form.cleaned_data)
                outcome = predictions.request_prediction(
                    setup=setup, games=form.cleaned_data["games"], actor=request.user,
                    label=label)
            except REFUSALS as exc:
                form.add_error(None, str(exc))
            else:
                return redirect(outcome.prediction.get_absolute_url())
        status = 400
    mine = selectors.visible_predictions(request.user)[:10]
    return render(request, "autoresolve/predict.html",
                  {"form": form, "mine": mine, "from_game": from_game}, status=status)


def _game_to_predict(request, pk) -> Game | None:
    """The game a prediction comes from (named on the form, its size taken), if the user
    may see it; a bad or hidden id is left to the form and the service to refuse."""
    if not pk or not str(pk).isdigit():
        return None
    game = (Game.objects.select_related("campaign__league", "week")
            .prefetch_related("sides__crew").filter(pk=pk).first())
    return game if game is not None and can_view_game(request.user, game) else None


@login_required
def prediction_detail(request: HttpRequest, pk: int) -> HttpResponse:
    prediction = get_object_or_404(selectors.visible_predictions(request.user), pk=pk)
    return render(request, "autoresolve/prediction.html", _prediction_context(prediction))


@login_required
def prediction_status(request: HttpRequest, pk: int) -> HttpResponse:
    prediction = get_object_or_404(selectors.visible_predictions(request.user), pk=pk)
    return render(request, "autoresolve/_prediction_body.html",
                  _prediction_context(prediction))


def _prediction_context(prediction: Prediction) -> dict:
    result = prediction.result or {}
    bars = []
    hist = result.get("vp_histogram") or {}
    top = max([1, *hist.get("a", []), *hist.get("b", [])])
    for vp in range(13):
        a, b = hist.get("a", [0] * 13)[vp], hist.get("b", [0] * 13)[vp]
        if a or b:
            bars.append({"vp": vp, "a": a, "b": b, "wa": round(100 * a / top),
                         "wb": round(100 * b / top)})
    crews = (prediction.input or {}).get("crews") or [{}, {}]
    names = {"a": crews[0].get("name") or "A", "b": crews[-1].get("name") or "B"}
    models = [{**m, "crew": names.get(m.get("side"), m.get("side"))}
              for m in result.get("models", [])]
    schemes = [{**s, "crew": names.get(s.get("side"), s.get("side"))}
               for s in result.get("schemes", [])]
    return {"prediction": prediction, "result": result, "bars": bars, "names": names,
            "models": models, "schemes": schemes}
