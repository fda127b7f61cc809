"""Pages of the content catalogue: browse stat cards, read one card, packs with export
and import. Reading is open to everyone; importing is for ``can_manage_content`` users.

Views only parse input, check permission and render; the format lives in
``rules.catalogue.schema`` and every write goes through ``rules.catalogue.importer``.
"""

from __future__ import annotations

import json

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from league.permissions import can_manage_content
from rules.catalogue import queries
from rules.catalogue.exporter import export_pack_json, export_pack_zip
from rules.catalogue.forms import CatalogueFilterForm, PackImportForm
from rules.catalogue.importer import MAX_UPLOAD_BYTES, ImportResult, import_upload
from rules.catalogue.schema import RowError
from rules.models import ContentPack, ModelCard

PAGE_SIZE = 50


@require_GET
def browse(request: HttpRequest) -> HttpResponse:
    """GET filters, so a filtered list is a shareable link; HTMX swaps only the results."""
    form = CatalogueFilterForm(request.GET or None)
    cards = queries.model_cards(**form.filters())
    page = Paginator(cards, PAGE_SIZE).get_page(request.GET.get("page"))
    context = {"form": form, "page": page}
    if request.htmx:
        return render(request, "rules/catalogue/_results.html", context)
    return render(request, "rules/catalogue/browse.html", context)


@require_GET
def model_detail(request: HttpRequest, pack: str, slug: str) -> HttpResponse:
    card = get_object_or_404(
        ModelCard.objects.select_related("pack").prefetch_related("factions"),
        pack__slug=pack,
        slug=slug,
    )
    return render(
        request,
        "rules/catalogue/model_detail.html",
        {"card": card, "upgrades": queries.upgrades_for(card)},
    )


@require_GET
def pack_list(request: HttpRequest) -> HttpResponse:
    packs = queries.packs().annotate(
        model_count=Count("models", distinct=True), upgrade_count=Count("upgrades", distinct=True)
    )
    return render(
        request,
        "rules/catalogue/pack_list.html",
        {"packs": packs, "can_manage": can_manage_content(request.user), "form": PackImportForm()},
    )


@require_GET
def pack_detail(request: HttpRequest, slug: str) -> HttpResponse:
    pack = get_object_or_404(ContentPack, slug=slug)
    context = {
        "pack": pack,
        "models": queries.model_cards(pack=pack.slug),
        "upgrades": queries.upgrade_cards(pack=pack.slug),
        "can_manage": can_manage_content(request.user),
        "form": PackImportForm(initial={"replace": True}),
    }
    return render(request, "rules/catalogue/pack_detail.html", context)


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
        raise PermissionDenied("Only staff and league organizers may import content packs.")
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
            return redirect("rules:catalogue-pack", slug=result.pack.slug)
    return render(request, "rules/catalogue/pack_import.html", {"form": form, "result": result})


def _download(body: bytes, content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(body, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
