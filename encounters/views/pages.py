"""The game page and its live panel, polled with the version it was rendered at."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from encounters.views.common import game_for
from encounters.views.panel import panel_context
from encounters.views.setup_view import setup_flips, setup_view


def game_detail(request: HttpRequest, pk: int) -> HttpResponse:
    game = game_for(request, pk)
    context = panel_context(request, game)
    context.update(setup=setup_view(context["game"]), flips=setup_flips(game))
    return render(request, "encounters/game.html", context)


def game_panel(request: HttpRequest, pk: int) -> HttpResponse:
    """The live panel; 204 while the version the client holds is still current."""
    game = game_for(request, pk)
    if request.GET.get("version") == str(game.version):
        return HttpResponse(status=204)
    return render(request, "encounters/_panel.html", panel_context(request, game))
