"""``game_action``: a POST that changes the game through a service and answers with
the panel (HTMX) or a redirect to the game page."""

from __future__ import annotations

from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from encounters.views.common import REFUSALS, Refused, game_for, refusal_reasons
from encounters.views.panel import panel_context
from encounters.views.setup_view import setup_flips, setup_view


def game_action(handler):
    """A POST that changes the game through a service. The handler returns a short note
    (or None); refusals become error messages. HTMX gets the panel back, a plain form
    post is redirected to the game page, where the messages show."""

    @login_required
    @require_POST
    @wraps(handler)
    def view(request, pk, **kwargs):
        game = game_for(request, pk)
        try:
            note = handler(request, game, **kwargs)
        except (Refused, *REFUSALS) as exc:
            for reason in refusal_reasons(exc):
                messages.error(request, reason)
        else:
            if note:
                messages.success(request, note)
        if request.htmx:
            context = panel_context(request, game, show_messages=True)
            if getattr(handler, "changes_setup", False):  # the setup box sits outside the panel
                context.update(setup=setup_view(context["game"]), flips=setup_flips(game),
                               setup_oob=True)
            return render(request, "encounters/_panel.html", context)
        return redirect(game.get_absolute_url() + "#game-panel")

    return view
