"""League pages: list, create, the league page with members, invitations and requests."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from league import permissions, services
from league.forms import InvitationForm, LeagueForm, RoleForm, RulesetForm
from league.models import Invitation, League, Membership, Role


def league_list(request: HttpRequest) -> HttpResponse:
    leagues = League.objects.annotate(
        member_count=Count("memberships", filter=Q(memberships__status="active"))
    )
    mine = leagues.none()
    if request.user.is_authenticated:
        mine = leagues.filter(memberships__user=request.user, memberships__status="active")
    public = leagues.filter(is_public=True).exclude(pk__in=mine.values("pk"))
    return render(request, "league/list.html", {"mine": mine, "public": public})


@login_required
def league_create(request: HttpRequest) -> HttpResponse:
    form = LeagueForm(request.POST or None, initial={"time_zone": "UTC"})
    if request.method == "POST" and form.is_valid():
        league = services.create_league(creator=request.user, **form.cleaned_data)
        messages.success(
            request,
            gettext("%(league)s is ready. Invite your players with a link below.")
            % {"league": league},
        )
        return redirect(league)
    return render(request, "league/form.html", {"form": form})


def league_detail(request: HttpRequest, slug: str) -> HttpResponse:
    league = get_object_or_404(League, slug=slug)
    member = permissions.membership(request.user, league)
    manager = permissions.can_manage_league(request.user, league)
    is_admin = permissions.is_league_admin(request.user, league)
    if not league.is_public and not (member or request.user.is_staff):
        raise PermissionDenied(gettext("This league is private."))
    context = {
        "league": league,
        "member": member,
        "manager": manager,
        "is_admin": is_admin,
        "roles": Role.choices,
        "members": league.memberships.filter(status="active").select_related("user")
        if (member or manager)
        else None,
        "requests": league.memberships.filter(status="requested").select_related("user")
        if manager
        else None,
        "invitations": league.invitations.filter(revoked=False) if manager else None,
        # Organizers invite players only: don't offer them roles the service refuses.
        "invitation_form": InvitationForm(roles=None if is_admin else [Role.PLAYER])
        if manager
        else None,
        "pending_request": (
            request.user.is_authenticated
            and league.memberships.filter(user=request.user, status="requested").exists()
        ),
        "campaigns": league.campaigns.all() if hasattr(league, "campaigns") else [],
        "ruleset_form": RulesetForm(instance=league) if manager else None,
    }
    return render(request, "league/detail.html", context)


def _refuse(request, exc: Exception):
    messages.error(request, str(exc))


@login_required
@require_POST
def invitation_create(request: HttpRequest, slug: str) -> HttpResponse:
    league = get_object_or_404(League, slug=slug)
    form = InvitationForm(request.POST)
    if not form.is_valid():
        messages.error(request, gettext("Check the invitation: %(errors)s")
                       % {"errors": form.errors.as_text()})
        return redirect(league)
    try:
        invitation = services.create_invitation(
            league=league, actor=request.user, **form.cleaned_data
        )
    except services.LeagueError as exc:
        _refuse(request, exc)
        return redirect(league)
    link = request.build_absolute_uri(invitation.get_absolute_url())
    messages.success(request, gettext("New invitation link: %(link)s") % {"link": link})
    return redirect(league)


@login_required
@require_POST
def league_settings(request: HttpRequest, slug: str) -> HttpResponse:
    """The league's settings form (the edition of standalone encounters)."""
    league = get_object_or_404(League, slug=slug)
    form = RulesetForm(request.POST, instance=League(pk=league.pk))
    if not form.is_valid():
        messages.error(request, gettext("Check the setting: %(errors)s")
                       % {"errors": form.errors.as_text()})
        return redirect(league)
    try:
        services.update_league(league=league, actor=request.user, **form.cleaned_data)
    except services.LeagueError as exc:
        _refuse(request, exc)
        return redirect(league)
    messages.success(
        request,
        gettext("Saved: standalone encounters of this league now default to %(lower)s.")
        % {"lower": form.instance.get_default_ruleset_display().lower()},
    )
    return redirect(league)


@login_required
@require_POST
def invitation_revoke(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    invitation = get_object_or_404(Invitation, pk=pk, league__slug=slug)
    services.revoke_invitation(invitation=invitation, actor=request.user)
    messages.success(request, gettext("The invitation link no longer works."))
    return redirect(invitation.league)


def join(request: HttpRequest, token: str) -> HttpResponse:
    invitation = Invitation.objects.select_related("league").filter(token=token).first()
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        try:
            result = services.accept_invitation(token=token, user=request.user)
        except services.LeagueError as exc:
            _refuse(request, exc)
            return render(request, "league/join.html", {"invitation": invitation}, status=400)
        if result.created:
            messages.success(
                request, gettext("Welcome to %(league)s!") % {"league": result.membership.league}
            )
        else:
            messages.info(
                request,
                gettext("You are a member of %(league)s.") % {"league": result.membership.league},
            )
        return redirect(result.membership.league)
    status = 404 if invitation is None else 200
    return render(request, "league/join.html", {"invitation": invitation}, status=status)


@login_required
@require_POST
def request_to_join(request: HttpRequest, slug: str) -> HttpResponse:
    league = get_object_or_404(League, slug=slug)
    try:
        services.request_to_join(league=league, user=request.user)
        messages.success(request, gettext("Request sent: an organizer will approve it."))
    except services.LeagueError as exc:
        _refuse(request, exc)
    return redirect(league)


@login_required
@require_POST
def decide_request(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    membership = get_object_or_404(Membership, pk=pk, league__slug=slug)
    decision = request.POST.get("decision")
    if decision not in ("approve", "decline"):  # never decline someone by a malformed post
        messages.error(request, gettext("Choose to approve or decline the request."))
        return redirect(membership.league)
    approve = decision == "approve"
    try:
        services.decide_request(membership=membership, actor=request.user, approve=approve)
        messages.success(request, (gettext("%(user)s approved.") if approve else
                                   gettext("%(user)s declined.")) % {"user": membership.user})
    except services.LeagueError as exc:
        _refuse(request, exc)
    return redirect(membership.league)


@login_required
@require_POST
def change_role(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    membership = get_object_or_404(Membership, pk=pk, league__slug=slug)
    form = RoleForm(request.POST)
    if form.is_valid():
        try:
            services.change_role(
                membership=membership, actor=request.user, role=form.cleaned_data["role"]
            )
            messages.success(
                request,
                gettext("%(user)s is now %(cleaned_data)s.")
                % {"user": membership.user, "cleaned_data": form.cleaned_data["role"]},
            )
        except services.LeagueError as exc:
            _refuse(request, exc)
    else:
        messages.error(request, gettext("Choose a valid role."))
    return redirect(membership.league)


@login_required
@require_POST
def remove_member(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    membership = get_object_or_404(Membership, pk=pk, league__slug=slug)
    try:
        services.remove_member(membership=membership, actor=request.user)
        messages.success(
            request, gettext("%(user)s is no longer a member.") % {"user": membership.user}
        )
    except services.LeagueError as exc:
        _refuse(request, exc)
    return redirect(membership.league)
