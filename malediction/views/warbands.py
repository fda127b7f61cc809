"""War band pages: the list, the builder (counts by rank and kind as cards are added,
HTMX preview or a Check button without JavaScript), text import and export, print, PDF."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from malediction import exports
from malediction.forms import ListTextForm, builder_choice, builder_counts
from malediction.models import Card, Kind, WarBand
from malediction.services import warbands as service
from malediction.services.common import MaledictionError


def _own(request: HttpRequest, pk: int) -> WarBand:
    band = get_object_or_404(WarBand.objects.select_related("seeker", "legacy", "terrain"),
                             pk=pk)
    if band.owner_id != request.user.pk and not request.user.is_staff:
        raise PermissionDenied(gettext("Only its owner sees a war band outside an event."))
    return band


@login_required
@require_GET
def war_band_list(request: HttpRequest) -> HttpResponse:
    bands = WarBand.objects.filter(owner=request.user).select_related("seeker").order_by("name")
    return render(request, "malediction/war_band_list.html",
                  {"bands": bands, "form": ListTextForm()})


class Builder:
    """The builder's state from a request (or a war band): choices, counts, problems."""

    def __init__(self, data=None, band: WarBand | None = None):
        cards = list(Card.objects.filter(kind__in=[Kind.SEEKER, Kind.LEGACY, Kind.TERRAIN,
                                                   Kind.UNIT, Kind.SPELL, Kind.ITEM])
                     .select_related("seeker", "pack").order_by("kind", "name"))
        by_id = {c.pk: c for c in cards}
        self.seekers = [c for c in cards if c.kind == Kind.SEEKER]
        self.legacies = [c for c in cards if c.kind == Kind.LEGACY]
        self.terrains = [c for c in cards if c.kind == Kind.TERRAIN]
        self.errors: list[str] = []
        if data is not None:
            self.name = (data.get("name") or "")[:120]
            self.seeker = builder_choice(data, "seeker", by_id)
            self.legacy = builder_choice(data, "legacy", by_id)
            self.terrain = builder_choice(data, "terrain", by_id)
            self.deck, deck_errors = builder_counts(data, "deck", by_id)
            self.side, side_errors = builder_counts(data, "side", by_id)
            self.errors = sorted(set(deck_errors + side_errors))
        elif band is not None:
            self.name, self.seeker, self.legacy, self.terrain = (
                band.name, band.seeker, band.legacy, band.terrain)
            self.deck, self.side = service.entries_of(band)
        else:
            self.name, self.seeker, self.legacy, self.terrain = "", None, None, None
            self.deck, self.side = [], []
        deck = {c.pk: n for c, n in self.deck}
        side = {c.pk: n for c, n in self.side}
        sigils = set(self.seeker.sigils) if self.seeker else None
        self.rows = [{"card": c, "deck": deck.get(c.pk, 0), "side": side.get(c.pk, 0),
                      "fits": sigils is None or set(c.sigils) <= sigils}
                     for c in cards if c.kind in (Kind.UNIT, Kind.SPELL, Kind.ITEM)]
        self.counts = service.counts(self.deck, self.side)

    def problems(self) -> list[str]:
        return self.errors + service.validate(seeker=self.seeker, legacy=self.legacy,
                                              terrain=self.terrain, deck=self.deck,
                                              side=self.side)

    def context(self, **extra) -> dict:
        return {"builder": self, **extra}


@login_required
@require_http_methods(["GET", "POST"])
def builder(request: HttpRequest, pk: int | None = None) -> HttpResponse:
    band = _own(request, pk) if pk else None
    if request.method == "GET":
        state = Builder(band=band)
        return render(request, "malediction/builder.html", state.context(band=band))
    state = Builder(request.POST)
    if request.POST.get("action") == "check" or state.errors:
        return render(request, "malediction/builder.html",
                      state.context(band=band, problems=state.problems(), checked=True))
    try:
        saved = service.save_war_band(owner=request.user, name=state.name, seeker=state.seeker,
                                      legacy=state.legacy, terrain=state.terrain,
                                      deck=state.deck, side=state.side, war_band=band)
    except MaledictionError as exc:
        return render(request, "malediction/builder.html",
                      state.context(band=band, problems=exc.problems, checked=True), status=400)
    messages.success(request, gettext("War band saved."))
    return redirect(saved)


@login_required
@require_POST
def builder_preview(request: HttpRequest) -> HttpResponse:
    """The counts and problems fragment the builder swaps in as cards are added."""
    state = Builder(request.POST)
    return render(request, "malediction/_builder_status.html",
                  state.context(problems=state.problems(), checked=True))


@login_required
@require_POST
def import_text(request: HttpRequest) -> HttpResponse:
    form = ListTextForm(request.POST)
    problems = []
    if form.is_valid():
        try:
            band = service.import_text(owner=request.user, text=form.cleaned_data["text"],
                                       name=form.cleaned_data["name"])
        except MaledictionError as exc:
            problems = exc.problems
        else:
            messages.success(request, gettext("War band imported."))
            return redirect(band)
    bands = WarBand.objects.filter(owner=request.user).select_related("seeker")
    return render(request, "malediction/war_band_list.html",
                  {"bands": bands, "form": form, "problems": problems}, status=400)


@login_required
@require_GET
def war_band_detail(request: HttpRequest, pk: int) -> HttpResponse:
    band = _own(request, pk)
    deck, side = service.entries_of(band)
    return render(request, "malediction/war_band_detail.html", {
        "band": band, "deck": deck, "side": side, "counts": service.counts(deck, side),
        "text": service.as_text(band)})


@login_required
@require_GET
def war_band_text(request: HttpRequest, pk: int) -> HttpResponse:
    band = _own(request, pk)
    response = HttpResponse(service.as_text(band), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="war-band-{band.pk}.txt"'
    return response


@login_required
@require_GET
def war_band_pdf(request: HttpRequest, pk: int) -> HttpResponse:
    band = _own(request, pk)
    response = HttpResponse(exports.war_band_pdf(band), content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="war-band-{band.pk}.pdf"'
    return response


@login_required
@require_POST
def war_band_delete(request: HttpRequest, pk: int) -> HttpResponse:
    band = _own(request, pk)
    if band.registrations.exists():
        messages.error(request, gettext("This war band was submitted to an event; keep it."))
        return redirect(band)
    band.delete()
    return redirect("malediction:war-bands")
