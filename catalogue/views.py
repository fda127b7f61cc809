"""Pages of the content catalogue: browse stat cards, read one card, packs with export
and import. Reading is open to everyone; importing is for ``can_manage_content`` users.

Views only parse input, check permission and render; the format lives in
``catalogue.schema`` and every write goes through ``catalogue.importer``.
"""

from __future__ import annotations

import json

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods

from catalogue import selectors
from catalogue.coverage import coverage_of_pack, model_coverage
from catalogue.effects_editing import correct_effects, editable_elements
from catalogue.exporter import export_pack_json, export_pack_zip
from catalogue.forms import CatalogueFilterForm, PackImportForm
from catalogue.importer import MAX_UPLOAD_BYTES, ImportResult, import_upload
from catalogue.models import ContentPack, ModelCard
from catalogue.schema import RowError
from league.permissions import can_manage_content

PAGE_SIZE = 50


@require_GET
def browse(request: HttpRequest) -> HttpResponse:
    """GET filters, so a filtered list is a shareable link; HTMX swaps only the results."""
    form = CatalogueFilterForm(request.GET or None)
    cards = selectors.model_cards(**form.filters())
    page = Paginator(cards, PAGE_SIZE).get_page(request.GET.get("page"))
    context = {"form": form, "page": page}
    if request.htmx:
        return render(request, "catalogue/_results.html", context)
    return render(request, "catalogue/browse.html", context)


@require_GET
def model_detail(request: HttpRequest, pack: str, slug: str) -> HttpResponse:
    card = get_object_or_404(
        ModelCard.objects.select_related("pack").prefetch_related("factions"),
        pack__slug=pack,
        slug=slug,
    )
    coverage = model_coverage(card)
    context = {
        "card": card, "upgrades": selectors.upgrades_for(card), "coverage": coverage,
        "coverage_percent": _percent(coverage.share_played),
        "played_elements": [e for e in coverage.elements if e.status == "played"],
        "can_manage": can_manage_content(request.user),
    }
    return render(request, "catalogue/model_detail.html", context)


@require_http_methods(["GET", "POST"])
def model_effects(request: HttpRequest, pack: str, slug: str) -> HttpResponse:
    """An organizer corrects the card's structured effects (validated, all or nothing)."""
    if not can_manage_content(request.user):
        raise PermissionDenied(gettext("Only staff and league organizers may edit cards."))
    card = get_object_or_404(ModelCard.objects.select_related("pack"), pack__slug=pack,
                             slug=slug)
    elements = editable_elements(card)
    errors: dict = {}
    if request.method == "POST":
        keys = {element.key for element in elements}
        corrections = {key: request.POST[key] for key in keys if key in request.POST}
        result = correct_effects(card_id=card.pk, corrections=corrections)
        if result.ok:
            messages.success(request, gettext("%(count)s elements corrected.")
                             % {"count": result.changed})
            return redirect(reverse("catalogue:model", args=[pack, slug]) + "#coverage")
        errors = result.errors
        elements = [e.__class__(e.key, e.label, e.text, e.stored, request.POST.get(e.key, ""))
                    for e in elements]
    status = 400 if errors else 200
    return render(request, "catalogue/model_effects.html",
                  {"card": card, "elements": elements, "errors": errors}, status=status)


@require_GET
def pack_coverage(request: HttpRequest, slug: str) -> HttpResponse:
    """Per pack: the shares of elements the simulator plays, and each card's badge."""
    pack = get_object_or_404(ContentPack, slug=slug)
    coverage, cards = coverage_of_pack(pack)
    summary = coverage.summary
    share_rows = [{"key": "all", "label": gettext("All elements"), **_percents(summary["all"])}]
    labels = {"attack": gettext("Attack actions"), "tactical": gettext("Tactical actions"),
              "trigger": gettext("Triggers"), "ability": gettext("Abilities")}
    for role, shares in summary["by_role"].items():
        share_rows.append({"key": role, "label": labels.get(role, role), **_percents(shares)})
    rows = [(card, cov, _percent(cov.share_played))
            for card, cov in zip(cards, coverage.cards, strict=True)]
    context = {"pack": pack, "summary": summary, "share_rows": share_rows, "rows": rows,
               "full_percent": _percent(summary["cards_fully_played"])}
    return render(request, "catalogue/pack_coverage.html", context)


def _percent(share: float) -> int:
    return round(share * 100)


def _percents(shares: dict) -> dict:
    return {"elements": shares["elements"],
            **{k: _percent(shares[k]) for k in ("played", "partly", "not_modelled")}}


@require_GET
def pack_list(request: HttpRequest) -> HttpResponse:
    packs = selectors.packs().annotate(
        model_count=Count("models", distinct=True), upgrade_count=Count("upgrades", distinct=True)
    )
    return render(
        request,
        "catalogue/pack_list.html",
        {"packs": packs, "can_manage": can_manage_content(request.user), "form": PackImportForm()},
    )


@require_GET
def pack_detail(request: HttpRequest, slug: str) -> HttpResponse:
    pack = get_object_or_404(ContentPack, slug=slug)
    context = {
        "pack": pack,
        "models": selectors.model_cards(pack=pack.slug),
        "upgrades": selectors.upgrade_cards(pack=pack.slug),
        "can_manage": can_manage_content(request.user),
        "form": PackImportForm(initial={"replace": True}),
    }
    return render(request, "catalogue/pack_detail.html", context)


@require_GET
def export_json(request: HttpRequest, slug: str) -> HttpResponse:
    pack = get_object_or_404(ContentPack, slug=slug)
    body = json.dumps(export_pack_json(pack), indent=1, ensure_ascii=False)
    return _download(body.encode(), "application/json", f"{pack.slug}.json")


@require_GET
def export_zip(request: HttpRequest, slug: str) -> HttpResponse:
    pack = get_object_or_404(ContentPack, slug=slug)
    return _download(export_pack_zip(pack), "application/zip", f"{pack.slug}-csv.zip")


@require_http_methods(["GET", "POST"])
def pack_import(request: HttpRequest) -> HttpResponse:
    """Upload a pack; every problem is listed in the page and nothing is imported."""
    if not can_manage_content(request.user):
        raise PermissionDenied(
            gettext("Only staff and league organizers may import content packs.")
        )
    bound = request.method == "POST"
    form = PackImportForm(request.POST, request.FILES) if bound else PackImportForm()
    result = None
    if bound and form.is_valid():
        upload = form.cleaned_data["file"]
        if upload.size > MAX_UPLOAD_BYTES:
            result = ImportResult(errors=[RowError("file", None, None, "is larger than 10 MB")])
        else:
            result = import_upload(upload.read(), replace=form.cleaned_data["replace"])
        if result.ok:
            messages.success(request, result.summary())
            return redirect("catalogue:pack", slug=result.pack.slug)
    return render(request, "catalogue/pack_import.html", {"form": form, "result": result})


def _download(body: bytes, content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(body, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
