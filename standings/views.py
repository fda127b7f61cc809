"""Standings pages: the table as of any week (HTMX swaps it), the history charts, the
print-ready page, the CSV/XLSX/PDF downloads and the organizer's tie-break form.

Every page follows the campaign's visibility (public, or league members only). Downloads
are export jobs (``standings.export_jobs``): a small campaign's file comes back at once,
a large one's requester is sent to the job page."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_POST

from campaign.models import Campaign
from campaign.services.access import can_manage_campaign, can_view_campaign
from campaign.services.errors import CampaignError
from exports import services as export_services
from exports.throttle import TOO_MANY, export_limited
from exports.views import download_response
from standings import metrics
from standings.chart import history_charts
from standings.compute import build_history, build_table
from standings.export_jobs import KIND
from standings.facts import CampaignFacts
from standings.forms import TieBreakForm, WeekForm
from standings.selectors import load_facts, tie_breaks
from standings.services import set_tie_breaks

EXPORT_BUTTONS = (("xlsx", gettext_lazy("Excel (XLSX)")), ("csv", "CSV"), ("pdf", "PDF"))


def _campaign_for(request, pk) -> Campaign:
    campaign = get_object_or_404(Campaign.objects.select_related("league"), pk=pk)
    if not can_view_campaign(request.user, campaign):
        raise PermissionDenied(gettext("This campaign is visible to its league's members only."))
    return campaign


def _my_crew(request, facts: CampaignFacts) -> int | None:
    return next((e.crew_id for e in facts.entrants if e.player_id == request.user.pk), None)


def _table_context(request, campaign: Campaign):
    facts = load_facts(campaign)
    form = WeekForm(request.GET or None, last_week=facts.last_week)
    keys = tie_breaks(campaign)
    table = build_table(facts, keys, form.chosen())
    return facts, keys, form, table


def standings_page(request: HttpRequest, pk: int) -> HttpResponse:
    campaign = _campaign_for(request, pk)
    facts, _keys, form, table = _table_context(request, campaign)
    context = {"campaign": campaign, "table": table, "form": form,
               "weeks": range(1, facts.last_week + 1), "my_crew": _my_crew(request, facts),
               "manager": can_manage_campaign(request.user, campaign),
               "export_formats": EXPORT_BUTTONS}
    if request.htmx:
        return render(request, "standings/_table.html", context)
    return render(request, "standings/standings.html", context)


def standings_history(request: HttpRequest, pk: int) -> HttpResponse:
    campaign = _campaign_for(request, pk)
    facts = load_facts(campaign)
    history = build_history(facts, tie_breaks(campaign))
    positions, scrip = history_charts(history, crew_id=_my_crew(request, facts))
    context = {"campaign": campaign, "history": history, "charts": (positions, scrip)}
    template = "standings/_history.html" if request.htmx else "standings/history.html"
    return render(request, template, context)


def standings_print(request: HttpRequest, pk: int) -> HttpResponse:
    campaign = _campaign_for(request, pk)
    _facts, _keys, form, table = _table_context(request, campaign)
    return render(request, "standings/print.html",
                  {"campaign": campaign, "table": table, "form": form})


@require_POST
def standings_export(request: HttpRequest, pk: int, fmt: str) -> HttpResponse:
    campaign = _campaign_for(request, pk)
    if export_limited(request):
        messages.error(request, TOO_MANY)
        return redirect("standings:page", campaign.pk)
    form = WeekForm(request.POST, last_week=load_facts(campaign).last_week)
    if not form.is_valid():
        messages.error(request, " ".join(form.errors.get("week", [])))
        return redirect("standings:page", campaign.pk)
    job = export_services.request_export(campaign=campaign, kind=KIND, format=fmt,
                                         actor=request.user,
                                         options={"week": form.chosen()})
    if job.is_ready:
        return download_response(job)
    if job.state == job.State.FAILED:
        messages.error(request, gettext("The file could not be made; please try again later."))
        return redirect("standings:page", campaign.pk)
    return redirect(job)


@login_required
def standings_settings(request: HttpRequest, pk: int) -> HttpResponse:
    campaign = _campaign_for(request, pk)
    if not can_manage_campaign(request.user, campaign):
        raise PermissionDenied(
            gettext("Only the league's admins and organizers choose tie-breaks."))
    current = tie_breaks(campaign)
    form = TieBreakForm(request.POST or None, current=current)
    if request.method == "POST":
        reset = "reset" in request.POST
        if reset or form.is_valid():
            try:
                set_tie_breaks(
                    campaign=campaign,
                    actor=request.user,
                    keys=None if reset else form.cleaned_data["keys"],
                )
                messages.success(
                    request,
                    gettext("The book's tie-breaks are back in use.") if reset
                    else gettext("Tie-breaks saved."),
                )
                return redirect(reverse("standings:page", args=[campaign.pk]))
            except (CampaignError, ValidationError) as exc:
                for message in getattr(exc, "messages", [str(exc)]):
                    form.add_error(None, message)
    return render(
        request,
        "standings/settings.html",
        {
            "campaign": campaign,
            "form": form,
            "current": current,
            "defaults": [
                metrics.REGISTRY[k] for k in metrics.default_keys(campaign.competitive_mode)
            ],
            "registry": metrics.REGISTRY.values(),
        },
    )
