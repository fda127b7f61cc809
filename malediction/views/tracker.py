"""The match tracker for phones: the state panel (polled with HTMX, so every phone at the
table follows), one small form per entry, undo, and the entry log. Works without
JavaScript: each form posts and the page comes back."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from malediction import selectors
from malediction.entry_words import entry_line
from malediction.models import Match
from malediction.services import tracker as service
from malediction.services.common import MaledictionError, is_match_organizer, side_of

POLL_SECONDS = 3
INT_FIELDS = ("player", "cost", "count", "delta", "side", "by", "tie_winner")
TEXT_FIELDS = ("name", "unit", "relic", "source", "choice", "note", "refill")
BOOL_FIELDS = ("seeker", "free")


def _match(request: HttpRequest, pk: int) -> Match:
    match = get_object_or_404(Match.objects.select_related("event__league", "round"), pk=pk)
    if match.event_id and not selectors.can_view_event(request.user, match.event):
        raise Http404
    if match.is_bye:
        raise Http404
    return match


def entry_from(data) -> dict:
    """A tracker entry from form fields: numbers as ints, bids as {player: cost}."""
    entry: dict = {"type": str(data.get("type", ""))[:30]}
    for key in INT_FIELDS:
        value = str(data.get(key, "")).strip()
        if value.lstrip("-").isdigit() and len(value) < 6:
            entry[key] = int(value)
    for key in TEXT_FIELDS:
        if data.get(key):
            entry[key] = str(data[key])[:80]
    for key in BOOL_FIELDS:
        if key in data:
            entry[key] = data.get(key) in ("1", "on", "true")
    if entry["type"] == "mastery" and "player" in entry:
        entry["side"] = entry.pop("player")
    if entry["type"] in ("draw", "discard") and "delta" in entry:
        entry["count"] = entry.pop("delta")
    if entry["type"] == "husk":
        entry.pop("player", None)
    bids = {}
    for index in range(4):
        value = str(data.get(f"bid_{index}", "")).strip()
        if value.isdigit() and len(value) < 4:
            bids[str(index)] = int(value)
    if bids or entry["type"] in ("setup_bid", "initiative_bid"):
        entry["bids"] = bids
    return entry


def _context(request: HttpRequest, match: Match) -> dict:
    error = None
    try:
        state = service.state_of(match)
    except MaledictionError as exc:
        state, error = None, str(exc)
    seats = service.players_of(service._match_for_tracker(match.pk))
    entries = list(match.tracker_entries.select_related("actor").order_by("-seq")[:60])
    for entry in entries:
        entry.line = entry_line({"type": entry.kind, **entry.data}, seats)
    return {"match": match, "state": state, "data": state.to_dict() if state else None,
            "error": error, "seats": list(enumerate(seats)),
            "can_enter": side_of(match, request.user) is not None
            or is_match_organizer(request.user, match),
            "entries": entries,
            "poll": POLL_SECONDS,
            "panel_url": reverse("malediction:tracker-panel", args=[match.pk])}


@require_GET
def tracker(request: HttpRequest, pk: int) -> HttpResponse:
    match = _match(request, pk)
    return render(request, "malediction/tracker.html", _context(request, match))


@require_GET
def panel(request: HttpRequest, pk: int) -> HttpResponse:
    match = _match(request, pk)
    return render(request, "malediction/_tracker_panel.html", _context(request, match))


@login_required
@require_POST
def entry(request: HttpRequest, pk: int) -> HttpResponse:
    match = _match(request, pk)
    try:
        service.add_entry(match=match, actor=request.user, entry=entry_from(request.POST))
    except MaledictionError as exc:
        messages.error(request, str(exc))
    return redirect("malediction:tracker", pk=match.pk)


@login_required
@require_POST
def undo(request: HttpRequest, pk: int) -> HttpResponse:
    match = _match(request, pk)
    try:
        service.undo_last(match=match, actor=request.user)
    except MaledictionError as exc:
        messages.error(request, str(exc))
    return redirect("malediction:tracker", pk=match.pk)
