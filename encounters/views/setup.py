"""Setting up a game: a campaign game between two crews, or a standalone encounter."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext

from campaign.models import Campaign, Crew
from campaign.services.access import can_manage_campaign, can_view_campaign
from encounters import forms
from encounters.services import games
from encounters.views.common import REFUSALS, refusal_reasons


@login_required
def game_new(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """A campaign game: a player picks the opponent (an organizer picks both crews)."""
    campaign = get_object_or_404(Campaign.objects.select_related("league"), pk=campaign_id)
    if not can_view_campaign(request.user, campaign):
        raise PermissionDenied(gettext("This campaign is visible to its league's members only."))
    crews = list(campaign.crews.filter(status=Crew.Status.ACTIVE).select_related("player"))
    mine = next((c for c in crews if c.player_id == request.user.pk), None)
    if mine is None and not can_manage_campaign(request.user, campaign):
        raise PermissionDenied(gettext("Join the campaign with a built crew to set up a game."))
    limits = {c.pk: games.max_size(mine, c) for c in crews if c != mine} if mine else {}
    form = forms.GameSetupForm(request.POST or None, crews=crews, mine=mine, limits=limits,
                               initial={"crew_a": mine.pk if mine else None})
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            game = games.create_campaign_game(
                campaign=campaign, crew_a=data["crew_a"], crew_b=data["crew_b"],
                actor=request.user, size=data["size"], kind=data["kind"])
        except REFUSALS as exc:
            for reason in refusal_reasons(exc):
                form.add_error(None, reason)
        else:
            messages.success(request, gettext("The game is set up: hire your crew and choose your "
                             "schemes."))
            return redirect(game)
    return render(request, "encounters/new.html", {
        "campaign": campaign, "form": form, "mine": mine, "others": len(crews) - bool(mine)})


@login_required
def setup_new(request: HttpRequest) -> HttpResponse:
    """Generate a standalone encounter; the result page is shared by its link.
    ``?league=<slug>`` preselects a league (and so its default edition)."""
    initial = {}
    leagues = list(forms.member_leagues(request.user))
    wanted = request.GET.get("league", "")
    chosen = next((lg for lg in leagues if lg.slug == wanted), None)
    if chosen is None and len(leagues) == 1:
        chosen = leagues[0]
    if chosen is not None:
        initial["league"] = chosen.pk
    form = forms.StandaloneSetupForm(request.POST or None, initial=initial, user=request.user)
    if request.method == "POST" and form.is_valid():
        try:
            game = games.create_setup(actor=request.user, **form.cleaned_data)
        except REFUSALS as exc:
            for reason in refusal_reasons(exc):
                form.add_error(None, reason)
        else:
            messages.success(
                request,
                gettext(
                    "Encounter generated: share this page's link with your "
                    "opponent; both of you see the same setup."
                ),
            )
            return redirect(game)
    return render(request, "encounters/setup_new.html", {"form": form, "league": chosen})
