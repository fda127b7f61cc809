"""Campaign week pages: the list of weeks, the week page, and its organizer and player
controls. Views parse input, check permissions, call a week service, render; a rule's
refusal (``CampaignError``) becomes a message, never an error page."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext, pgettext
from django.views.decorators.http import require_POST

from campaign.models import BulletDraw, Campaign, CampaignWeek, Crew
from campaign.services.access import (
    can_manage_campaign,
    can_view_campaign,
    require_campaign_manager,
)
from campaign.services.errors import CampaignError
from campaign.weeks import selectors
from campaign.weeks import services as week_services
from campaign.weeks.forms import AvatarForm, BulletClaimForm, PitFightForm, SetEventForm

CLOSED = CampaignWeek.State.CLOSED
UPCOMING = CampaignWeek.State.UPCOMING


def _campaign_for(request, pk) -> Campaign:
    campaign = get_object_or_404(Campaign.objects.select_related("league"), pk=pk)
    if not can_view_campaign(request.user, campaign):
        raise PermissionDenied(gettext("This campaign is visible to its league's members only."))
    return campaign


def _week_for(campaign: Campaign, number: int) -> CampaignWeek:
    week = get_object_or_404(selectors.week_queryset(campaign), number=number)
    week.campaign = campaign
    return week


def _week_url(week: CampaignWeek) -> str:
    return reverse("campaign:week", args=[week.campaign_id, week.number])


def week_list(request: HttpRequest, pk: int) -> HttpResponse:
    campaign = _campaign_for(request, pk)
    manager = can_manage_campaign(request.user, campaign)
    runs = selectors.recent_runs(campaign) if manager else []
    return render(request, "campaign/weeks/list.html", {
        "campaign": campaign, "rows": selectors.week_rows(campaign), "manager": manager,
        "runs": runs, "failures": selectors.unresolved_failures(runs),
    })


def week_detail(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    campaign = _campaign_for(request, pk)
    return _render_week(request, _week_for(campaign, number))


def _render_week(request, week: CampaignWeek, **forms) -> HttpResponse:
    """The week page; ``forms`` carries a bound form back with its errors."""
    manager = can_manage_campaign(request.user, week.campaign)
    summary = selectors.week_summary(week, request.user, manager=manager)
    open_week = week.state != CLOSED
    context = {"summary": summary, "week": week, "campaign": week.campaign,
               "manager": manager}
    if manager and open_week:
        context["set_event_form"] = forms.get("set_event_form") or SetEventForm(initial={
            "event": week.event_key, "games_event": _games_initial(week)})
    fight = summary.pit_fight
    if manager and fight is not None and not fight.recorded_at and open_week:
        context["pit_fight_form"] = forms.get("pit_fight_form") or PitFightForm(
            crews=[c.crew for c in summary.crews if c.crew.status == Crew.Status.ACTIVE])
    crew = summary.viewer_crew
    if crew and summary.has_the_event and not summary.my_avatar and _avatar_open(week) \
            and not week.campaign.before_the_event:
        context["avatar_form"] = forms.get("avatar_form") or AvatarForm(
            avatars=selectors.avatar_choices(crew))
    draw = summary.my_draw
    if draw and not draw.claimed and open_week:
        context["claim_form"] = forms.get("claim_form") or BulletClaimForm(
            targets=selectors.bullet_targets(crew),
            initial={"leader_crew": None if draw.drew_own_name else draw.target_id})
    return render(request, "campaign/weeks/detail.html", context)


def _games_initial(week: CampaignWeek) -> str:
    return week.games_event_key if week.games_event_key != week.event_key else ""


def _avatar_open(week: CampaignWeek) -> bool:
    return (week.number == week.campaign.current_week
            and week.state not in (UPCOMING, CLOSED))


@login_required
@require_POST
def week_flip_now(request: HttpRequest, pk: int) -> HttpResponse:
    campaign = _campaign_for(request, pk)
    require_campaign_manager(request.user, campaign)
    try:
        result = week_services.flip_now(campaign=campaign, actor=request.user)
    except CampaignError as exc:
        messages.error(request, str(exc))
        return redirect("campaign:weeks", campaign.pk)
    if result.ended:
        messages.success(request, gettext("The last week is closed: the campaign has ended."))
    elif result.turned_over:
        names = pgettext("events", " then ").join(
            e.name for e in selectors.event_views(result.week))
        messages.success(
            request,
            gettext("Week %(number)s has begun: %(names)s.")
            % {"number": result.week.number, "names": names},
        )
    else:
        messages.info(request, gettext("Nothing to do: %(reason)s.") % {"reason": result.reason})
    if result.week is None:
        return redirect("campaign:weeks", campaign.pk)
    return redirect(_week_url(result.week))


@login_required
@require_POST
def week_set_event(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    week = _week_for(_campaign_for(request, pk), number)
    require_campaign_manager(request.user, week.campaign)
    form = SetEventForm(request.POST)
    if not form.is_valid():
        return _render_week(request, week, set_event_form=form)
    data = form.cleaned_data
    try:
        week_services.set_event(
            week=week,
            actor=request.user,
            event_key=data["event"],
            games_event_key=data["games_event"],
            reason=data["reason"],
        )
        messages.success(
            request,
            gettext("Week %(number)s's event is set; players see why.") % {"number": week.number},
        )
    except CampaignError as exc:
        messages.error(request, str(exc))
    return redirect(_week_url(week))


@login_required
@require_POST
def week_pit_fight(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    week = _week_for(_campaign_for(request, pk), number)
    require_campaign_manager(request.user, week.campaign)
    crews = week.campaign.crews.filter(status=Crew.Status.ACTIVE).order_by("name", "id")
    form = PitFightForm(request.POST, crews=crews)
    if not form.is_valid():
        return _render_week(request, week, pit_fight_form=form)
    try:
        week_services.record_pit_fight(
            week=week,
            actor=request.user,
            entries=form.entries(),
            winner=form.cleaned_data["winner"],
            first_eliminated=form.cleaned_data["first_eliminated"],
        )
        messages.success(request, gettext("The Pit Fight is recorded and its scrip paid."))
    except CampaignError as exc:
        messages.error(request, str(exc))
    return redirect(_week_url(week))


@login_required
@require_POST
def week_avatar(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    week = _week_for(_campaign_for(request, pk), number)
    crew = selectors.current_crew(request.user, week.campaign)
    if crew is None:
        messages.error(request, gettext("You have no crew in this campaign."))
        return redirect(_week_url(week))
    if not _avatar_open(week):
        messages.error(request, gettext("Avatars are chosen during the current week of The Event."))
        return redirect(_week_url(week))
    form = AvatarForm(request.POST, avatars=selectors.avatar_choices(crew))
    if not form.is_valid():
        return _render_week(request, week, avatar_form=form)
    try:
        upgrade = week_services.choose_event_avatar(
            crew=crew, actor=request.user, avatar=form.cleaned_data["avatar"]
        )
        messages.success(
            request,
            gettext("%(name)s joins %(crew)s's arsenal.") % {"name": upgrade.name, "crew": crew},
        )
    except CampaignError as exc:
        messages.error(request, str(exc))
    return redirect(_week_url(week))


@login_required
@require_POST
def week_bullet_claim(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Only the drawing crew's player claims here: an organizer trying names on a player's
    behalf would learn the secret from the refusals."""
    week = _week_for(_campaign_for(request, pk), number)
    draw = (
        BulletDraw.objects.filter(week=week, crew__player=request.user)
        .exclude(crew__status=Crew.Status.RETIRED)
        .select_related("crew__campaign")
        .first()
    )
    if draw is None:
        messages.error(request, gettext("You have no bullet this week."))
        return redirect(_week_url(week))
    form = BulletClaimForm(request.POST, targets=selectors.bullet_targets(draw.crew))
    if not form.is_valid():
        return _render_week(request, week, claim_form=form)
    try:
        amount = week_services.claim_bullet(
            draw=draw, actor=request.user, leader_crew=form.cleaned_data["leader_crew"]
        )
        messages.success(
            request,
            gettext("Bullet claimed: %(amount)s scrip to %(crew)s.")
            % {"amount": amount, "crew": draw.crew},
        )
    except CampaignError as exc:
        messages.error(request, str(exc))
    return redirect(_week_url(week))
