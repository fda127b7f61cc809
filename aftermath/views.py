"""The Aftermath wizard: one page per crew per game, one decision at a time.

Everything shown comes from ``aftermath.selectors.aftermath_view``, so the hand and any
pending Cheat question reach only the crew's player and the league's organizers. Each
decision is a form posted with HTMX that gets the wizard body back (``#wizard``); a plain
form post is redirected to the page. Refusals (a rule, a permission, bad input) come
back as messages, with status 400 for the HTMX body, never as an error page.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from aftermath.forms import ACTIONS
from aftermath.models import Aftermath
from aftermath.selectors import aftermath_view, can_view, sees_secrets
from campaign.lifecycle import IllegalTransition
from campaign.services.errors import CampaignError
from encounters.services.common import EncounterError
from rules.engine.errors import RulesError
from rules.engine.hiring import HiringRefused

REFUSALS = (CampaignError, RulesError, IllegalTransition, EncounterError, HiringRefused,
            PermissionDenied)


def _aftermath_for(request, pk: int) -> Aftermath:
    aftermath = get_object_or_404(Aftermath.objects.select_related("game__campaign__league"),
                                  pk=pk)
    if not can_view(request.user, aftermath):
        raise PermissionDenied(
            gettext("This Aftermath belongs to a campaign visible to its league's members only.")
        )
    return aftermath


def _change(request) -> int:
    try:
        return int(request.GET.get("change") or 0)
    except ValueError:
        return 0


def _context(
    request, aftermath: Aftermath, *, change: int = 0, show_messages: bool = False
) -> dict:
    view = aftermath_view(aftermath, request.user, change=change)
    return {
        "view": view,
        "aftermath": view.aftermath,
        "game": view.aftermath.game,
        "crew": view.aftermath.crew,
        "d": view.decision,
        "show_messages": show_messages,
    }


def wizard(request: HttpRequest, pk: int) -> HttpResponse:
    aftermath = _aftermath_for(request, pk)
    return render(
        request, "aftermath/wizard.html", _context(request, aftermath, change=_change(request))
    )


def wizard_body(request: HttpRequest, pk: int) -> HttpResponse:
    """The swappable body alone (a Barter value change re-renders the offer)."""
    aftermath = _aftermath_for(request, pk)
    return render(
        request, "aftermath/_wizard.html", _context(request, aftermath, change=_change(request))
    )


def _reasons(exc: Exception) -> list[str]:
    if isinstance(exc, HiringRefused):
        return list(exc.reasons)
    return [str(exc) or "That is not allowed."]


@login_required
@require_POST
def act(request: HttpRequest, pk: int, action: str) -> HttpResponse:
    """Take one decision through its service; refusals become messages."""
    spec = ACTIONS.get(action)
    if spec is None:
        raise Http404(gettext("No such Aftermath decision."))
    aftermath = _aftermath_for(request, pk)
    data, status = {}, 200
    try:
        if not sees_secrets(request.user, aftermath):
            raise PermissionDenied(
                gettext("Only the crew's player (or an organizer) takes its Aftermath.")
            )
        if spec.form is not None:
            form = spec.form(request.POST, aftermath=aftermath)
            if not form.is_valid():
                status = 400
                for name, errors in form.errors.items():
                    label = form.fields[name].label if name in form.fields else None
                    for error in errors:
                        messages.error(request, f"{label}: {error}" if label else error)
            data = form.cleaned_data if status == 200 else {}
        if status == 200:
            spec.run(aftermath, request.user, data)
    except REFUSALS as exc:
        status = 403 if isinstance(exc, PermissionDenied) else 400
        for reason in _reasons(exc):
            messages.error(request, reason)
    if status == 200:
        messages.success(request, spec.note)
    if request.htmx:
        change = data.get("change") or 0 if status == 200 else 0
        return render(
            request,
            "aftermath/_wizard.html",
            _context(request, aftermath, change=change, show_messages=True),
            status=status,
        )
    return redirect(aftermath.get_absolute_url() + "#wizard")
