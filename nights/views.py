"""Night pages: the campaign's nights, the organizer's night page (check-ins, pairing,
swaps, tables, starting the games) and the venue dashboard that refreshes itself.

Views parse input, check who may read, call a night service and render; a rule's
refusal becomes a message on the page, never an error page.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from campaign.models import Campaign, Crew
from campaign.services.access import can_manage_campaign, can_view_campaign
from nights import selectors, services
from nights.forms import GenerateForm, SwapForm, TablesForm
from nights.models import CampaignNight
from nights.services import USER_ERRORS

POLL_SECONDS = 5


def _campaign_for(request, pk) -> Campaign:
    campaign = get_object_or_404(Campaign.objects.select_related("league"), pk=pk)
    if not can_view_campaign(request.user, campaign):
        raise PermissionDenied(gettext("This campaign is visible to its league's members only."))
    return campaign


def _night_for(request, pk) -> CampaignNight:
    night = get_object_or_404(
        CampaignNight.objects.select_related("campaign__league", "week"), pk=pk)
    if not can_view_campaign(request.user, night.campaign):
        raise PermissionDenied(gettext("This campaign is visible to its league's members only."))
    return night


def campaign_nights(request: HttpRequest, campaign_pk: int) -> HttpResponse:
    campaign = _campaign_for(request, campaign_pk)
    nights = campaign.nights.select_related("week").order_by("-week__number")
    current = next((n for n in nights if n.week.number == campaign.current_week), None)
    return render(request, "nights/list.html", {
        "campaign": campaign, "nights": nights, "current": current,
        "manager": can_manage_campaign(request.user, campaign)})


@login_required
@require_POST
def night_open(request: HttpRequest, campaign_pk: int) -> HttpResponse:
    campaign = _campaign_for(request, campaign_pk)
    try:
        night = services.open_night(campaign=campaign, actor=request.user)
    except USER_ERRORS as exc:
        messages.error(request, str(exc))
        return redirect("nights:campaign", campaign.pk)
    messages.success(
        request,
        gettext("Week %(number)s's night is open: check players in.")
        % {"number": night.week.number},
    )
    return redirect(night)


def night_detail(request: HttpRequest, pk: int) -> HttpResponse:
    return _render_night(request, _night_for(request, pk))


def _render_night(request, night: CampaignNight, **forms) -> HttpResponse:
    """The night page; ``forms`` carries a bound form back with its errors."""
    manager = can_manage_campaign(request.user, night.campaign)
    rows = selectors.roster(night)
    if not manager:
        rows = [r for r in rows if r.crew.player_id == request.user.pk]
    pairings = selectors.pairings_of(night)
    context = {
        "night": night,
        "campaign": night.campaign,
        "manager": manager,
        "roster": rows,
        "pairings": pairings,
        "checked_in": sum(r.checked_in for r in rows),
        "malediction_rounds": _malediction_rounds(night, request.user),
    }
    if manager and night.is_pairable:
        context["generate_form"] = forms.get("generate_form") or GenerateForm(
            initial={"method": night.method}
        )
    if manager and night.state == CampaignNight.State.PAIRED:
        context["swap_form"] = forms.get("swap_form") or SwapForm(crews=_checked_in(night))
    if manager and night.state in (CampaignNight.State.PAIRED, CampaignNight.State.STARTED):
        context["tables_form"] = forms.get("tables_form") or TablesForm(pairings=pairings)
    return render(request, "nights/night.html", context)


def _malediction_rounds(night: CampaignNight, user) -> list:
    """Malediction rounds the league plays on this night (the other game's part)."""
    from malediction.selectors import rounds_on_night

    return rounds_on_night(night, user)


def _checked_in(night: CampaignNight):
    return Crew.objects.filter(pk__in=night.check_ins.values("crew")).order_by("name", "id")


def _crew_of(night: CampaignNight, crew_pk: int) -> Crew:
    return get_object_or_404(
        Crew.objects.select_related("player"), pk=crew_pk, campaign=night.campaign_id
    )


@login_required
@require_POST
def night_check_in(request: HttpRequest, pk: int, crew_pk: int) -> HttpResponse:
    """Check a crew in (``action=in``) or out; an HTMX toggle gets its row back."""
    night = _night_for(request, pk)
    crew = _crew_of(night, crew_pk)
    was_paired = night.state == CampaignNight.State.PAIRED
    error = ""
    try:
        if request.POST.get("action") == "out":
            services.check_out(night=night, crew=crew, actor=request.user)
        else:
            services.check_in(night=night, crew=crew, actor=request.user)
    except USER_ERRORS as exc:
        error = str(exc)
    if not request.htmx:
        if error:
            messages.error(request, error)
        return redirect(night)
    if was_paired and not error:
        response = HttpResponse()
        response["HX-Refresh"] = "true"  # the pairings were cleared
        return response
    row = next(r for r in selectors.roster(night) if r.crew.pk == crew.pk)
    return render(
        request,
        "nights/_roster_row.html",
        {
            "night": night,
            "row": row,
            "error": error,
            "manager": can_manage_campaign(request.user, night.campaign),
        },
    )


def _run(request, night: CampaignNight, action, success: str) -> HttpResponse:
    try:
        action()
        messages.success(request, success)
    except USER_ERRORS as exc:
        messages.error(request, str(exc))
    return redirect(night)


@login_required
@require_POST
def night_generate(request: HttpRequest, pk: int) -> HttpResponse:
    night = _night_for(request, pk)
    form = GenerateForm(request.POST)
    if not form.is_valid():
        return _render_night(request, night, generate_form=form)
    return _run(
        request,
        night,
        lambda: services.generate_pairings(
            night=night, actor=request.user, method=form.cleaned_data["method"]
        ),
        "Pairings ready: check them, swap players if needed, then start the games.",
    )


@login_required
@require_POST
def night_swap(request: HttpRequest, pk: int) -> HttpResponse:
    night = _night_for(request, pk)
    form = SwapForm(request.POST, crews=_checked_in(night))
    if not form.is_valid():
        return _render_night(request, night, swap_form=form)
    data = form.cleaned_data
    return _run(
        request,
        night,
        lambda: services.swap(
            night=night, actor=request.user, crew_x=data["crew_x"], crew_y=data["crew_y"]
        ),
        f"Swapped {data['crew_x']} and {data['crew_y']}.",
    )


@login_required
@require_POST
def night_tables(request: HttpRequest, pk: int) -> HttpResponse:
    night = _night_for(request, pk)
    form = TablesForm(request.POST, pairings=selectors.pairings_of(night))
    if not form.is_valid():
        return _render_night(request, night, tables_form=form)
    return _run(
        request,
        night,
        lambda: services.assign_tables(night=night, actor=request.user, tables=form.tables()),
        "Tables saved.",
    )


@login_required
@require_POST
def night_start(request: HttpRequest, pk: int) -> HttpResponse:
    night = _night_for(request, pk)
    return _run(
        request,
        night,
        lambda: services.start_games(night=night, actor=request.user),
        "The games are set up: players open them from their phones.",
    )


@login_required
@require_POST
def night_close(request: HttpRequest, pk: int) -> HttpResponse:
    night = _night_for(request, pk)
    return _run(
        request,
        night,
        lambda: services.close_night(night=night, actor=request.user),
        "The night is closed.",
    )


def night_dashboard(request: HttpRequest, pk: int) -> HttpResponse:
    """For a screen at the venue: tables and each game's status, refreshing itself."""
    night = _night_for(request, pk)
    return render(request, "nights/dashboard.html", _board(night))


def night_board(request: HttpRequest, pk: int) -> HttpResponse:
    """The dashboard's live part, polled every few seconds."""
    return render(request, "nights/_board.html", _board(_night_for(request, pk)))


def _board(night: CampaignNight) -> dict:
    return {
        "night": night,
        "campaign": night.campaign,
        "poll": POLL_SECONDS,
        "rows": selectors.board_rows(night),
    }
