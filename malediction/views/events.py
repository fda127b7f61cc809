"""Event pages: the event (registrations, lists as the reveal setting allows, rounds,
pairings and tables), the organizer's controls, the standings and their exports."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from league.models import League
from malediction import selectors, standings
from malediction.forms import EventForm, RoundForm, TeamForm
from malediction.models import Event, Mode, Registration, Round, Team, WarBand
from malediction.services import events as service
from malediction.services import warbands
from malediction.services.common import MaledictionError, can_manage_event


def _event(request: HttpRequest, pk: int) -> Event:
    event = get_object_or_404(Event.objects.select_related("league"), pk=pk)
    if not selectors.can_view_event(request.user, event):
        raise Http404
    return event


def _refused(request: HttpRequest, exc: MaledictionError) -> None:
    for problem in exc.problems:
        messages.error(request, problem)


@login_required
@require_http_methods(["GET", "POST"])
def event_new(request: HttpRequest, league_slug: str) -> HttpResponse:
    league = get_object_or_404(League, slug=league_slug)
    from league.permissions import can_manage_league

    if not can_manage_league(request.user, league):
        raise PermissionDenied(gettext("Only the league's admins and organizers may do this."))
    form = EventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            event = service.create_event(league=league, actor=request.user, **form.cleaned_data)
        except MaledictionError as exc:
            for problem in exc.problems:
                form.add_error(None, problem)
        else:
            return redirect(event)
    return render(request, "malediction/event_new.html", {"league": league, "form": form},
                  status=400 if form.errors else 200)


@require_GET
def event_detail(request: HttpRequest, pk: int) -> HttpResponse:
    event = _event(request, pk)
    registrations = list(event.registrations.select_related("player", "team", "war_band"))
    visible = selectors.visible_list_ids(event, request.user)
    rounds = list(event.rounds.select_related("night__campaign", "night__week")
                  .prefetch_related("matches__sides__seats__player"))
    mine = next((r for r in registrations if r.player_id == request.user.pk), None)
    return render(request, "malediction/event_detail.html", {
        "event": event, "registrations": registrations, "visible": visible,
        "rounds": rounds, "mine": mine, "manage": can_manage_event(request.user, event),
        "rounds_paired": any(r.state != Round.State.OPEN for r in rounds),
        "locked": warbands.is_locked(event),
        "war_bands": selectors.war_bands_of(request.user),
        "round_form": RoundForm(league=event.league), "team_form": _team_form(event, registrations),
        "teams": _teams(event, registrations)})


def _team_form(event: Event, registrations, data=None) -> TeamForm:
    return TeamForm(data, registrations=[r for r in registrations if not r.dropped],
                    nemesis=event.mode == Mode.NEMESIS)


def _teams(event: Event, registrations) -> list[tuple[Team, list[Registration]]]:
    return [(team, [r for r in registrations if r.team_id == team.pk])
            for team in event.teams.all()]


@login_required
@require_POST
def register(request: HttpRequest, pk: int) -> HttpResponse:
    event = _event(request, pk)
    try:
        service.register(event=event, player=request.user, actor=request.user)
    except MaledictionError as exc:
        _refused(request, exc)
    return redirect(event)


@login_required
@require_POST
def submit_list(request: HttpRequest, pk: int) -> HttpResponse:
    event = _event(request, pk)
    registration = get_object_or_404(Registration, event=event, player=request.user)
    raw = request.POST.get("war_band", "")
    band = (WarBand.objects.filter(owner=request.user, pk=int(raw)).first()
            if raw.isdigit() and len(raw) < 18 else None)
    if band is None:
        messages.error(request, gettext("Choose one of your war bands."))
        return redirect(event)
    try:
        warbands.submit_list(registration=registration, war_band=band, actor=request.user)
    except MaledictionError as exc:
        _refused(request, exc)
    else:
        messages.success(request, gettext("List submitted."))
    return redirect(event)


@login_required
@require_POST
def check_in(request: HttpRequest, pk: int, registration_id: int) -> HttpResponse:
    event = _event(request, pk)
    registration = get_object_or_404(Registration, event=event, pk=registration_id)
    service.check_in(registration=registration, actor=request.user,
                     present=request.POST.get("present", "1") != "0")
    return redirect(event)


@login_required
@require_POST
def set_team(request: HttpRequest, pk: int) -> HttpResponse:
    """Create (or change, by its name) a team of registered players."""
    event = _event(request, pk)
    if not can_manage_event(request.user, event):
        raise PermissionDenied(gettext("Only the league's admins and organizers may do this."))
    registrations = list(event.registrations.select_related("player", "team"))
    form = _team_form(event, registrations, request.POST)
    if form.is_valid():
        chosen = set(form.cleaned_data["members"])
        try:
            service.set_team(event=event, actor=request.user, name=form.cleaned_data["name"],
                             registrations=[r for r in registrations if r.pk in chosen],
                             is_nemesis=form.cleaned_data.get("is_nemesis", False))
        except MaledictionError as exc:
            _refused(request, exc)
        else:
            messages.success(request, gettext("Team saved."))
    else:
        messages.error(request, gettext("Give the team a name and its players."))
    return redirect(f"{event.get_absolute_url()}#teams")


@login_required
@require_POST
def remove_team(request: HttpRequest, pk: int, team_id: int) -> HttpResponse:
    event = _event(request, pk)
    if not can_manage_event(request.user, event):
        raise PermissionDenied(gettext("Only the league's admins and organizers may do this."))
    team = get_object_or_404(Team, event=event, pk=team_id)
    try:
        service.remove_team(event=event, actor=request.user, team=team)
    except MaledictionError as exc:
        _refused(request, exc)
    else:
        messages.success(request, gettext("Team removed."))
    return redirect(f"{event.get_absolute_url()}#teams")


@login_required
@require_POST
def open_round(request: HttpRequest, pk: int) -> HttpResponse:
    event = _event(request, pk)
    if not can_manage_event(request.user, event):
        raise PermissionDenied(gettext("Only the league's admins and organizers may do this."))
    form = RoundForm(request.POST, league=event.league)
    if form.is_valid():
        try:
            service.open_round(event=event, actor=request.user, date=form.cleaned_data["date"],
                               night=form.cleaned_data["night"])
        except MaledictionError as exc:
            _refused(request, exc)
    else:
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
    return redirect(event)


def _round_action(request: HttpRequest, pk: int, action) -> HttpResponse:
    rnd = get_object_or_404(Round.objects.select_related("event__league"), pk=pk)
    if not selectors.can_view_event(request.user, rnd.event):
        raise Http404
    try:
        action(round=rnd, actor=request.user)
    except MaledictionError as exc:
        _refused(request, exc)
    return redirect(rnd.event)


@login_required
@require_POST
def pair_round(request: HttpRequest, pk: int) -> HttpResponse:
    return _round_action(request, pk, service.pair_round)


@login_required
@require_POST
def unpair_round(request: HttpRequest, pk: int) -> HttpResponse:
    return _round_action(request, pk, service.unpair_round)


@login_required
@require_POST
def close_round(request: HttpRequest, pk: int) -> HttpResponse:
    return _round_action(request, pk, service.close_round)


@require_GET
def registration_list(request: HttpRequest, pk: int) -> HttpResponse:
    """One submitted list, when ``selectors.can_see_list`` allows (a secret otherwise)."""
    registration = get_object_or_404(Registration.objects.select_related("event__league",
                                                                         "player"), pk=pk)
    if not selectors.can_see_list(registration, request.user):
        raise Http404
    listed = registration.submitted_list
    return render(request, "malediction/registration_list.html", {
        "registration": registration, "listed": listed,
        "deck": [(r, r["count"]) for r in listed.get("deck", [])],
        "side": [(r, r["count"]) for r in listed.get("side", [])]})


def _table(request: HttpRequest, event: Event):
    try:
        upto = int(request.GET.get("round") or 0) or None
    except ValueError:
        upto = None
    per = "player" if request.GET.get("per") == "player" else "unit"
    return standings.build(event, upto_round=upto, per=per)


@require_GET
def event_standings(request: HttpRequest, pk: int) -> HttpResponse:
    event = _event(request, pk)
    table = _table(request, event)
    return render(request, "malediction/standings.html", {
        "event": event, "table": table, "rounds": range(1, table.last_week + 1),
        "print": request.GET.get("print") == "1"})


@require_GET
def standings_export(request: HttpRequest, pk: int, fmt: str) -> HttpResponse:
    from standings import exports

    event = _event(request, pk)
    if fmt not in exports.WRITERS:
        raise Http404
    table = _table(request, event)
    response = HttpResponse(exports.WRITERS[fmt](table), content_type=exports.CONTENT_TYPES[fmt])
    name = exports.filename(table, fmt).replace("-week-", "-round-")
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@login_required
@require_GET
def archive_export(request: HttpRequest, pk: int) -> HttpResponse:
    """The event's archive (organizers only: it holds every list)."""
    import json

    from malediction.archive import export_event

    event = _event(request, pk)
    if not can_manage_event(request.user, event):
        raise PermissionDenied(gettext("Only the league's admins and organizers may do this."))
    response = HttpResponse(json.dumps(export_event(event), ensure_ascii=False, indent=1),
                            content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="malediction-event-{event.pk}.json"'
    return response


@login_required
@require_POST
def archive_import(request: HttpRequest, league_slug: str) -> HttpResponse:
    """Bring an event's archive into this league; every missing user or card is listed."""
    import json

    from league.permissions import can_manage_league
    from malediction.archive import ArchiveError, import_event

    league = get_object_or_404(League, slug=league_slug)
    if not can_manage_league(request.user, league):
        raise PermissionDenied(gettext("Only the league's admins and organizers may do this."))
    upload = request.FILES.get("file")
    try:
        if upload is None or upload.size > 20 * 1024 * 1024:
            raise ArchiveError([gettext("Choose an archive file (at most 20 MB).")])
        try:
            document = json.loads(upload.read().decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise ArchiveError([gettext("The file is not a JSON archive.")]) from exc
        event = import_event(document, league=league)
    except ArchiveError as exc:
        for problem in exc.problems[:20]:
            messages.error(request, problem)
        return redirect(league)
    messages.success(request, gettext("Event imported."))
    return redirect(event)
