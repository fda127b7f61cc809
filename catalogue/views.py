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
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods

from catalogue import selectors
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
    return render(
        request,
        "catalogue/model_detail.html",
        {"card": card, "upgrades": selectors.upgrades_for(card)},
    )


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
