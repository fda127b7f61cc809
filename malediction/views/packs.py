"""Pack pages: the list, one pack's cards by kind, export (JSON, CSV) and import."""

from __future__ import annotations

import json

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods

from league.permissions import can_manage_content
from malediction.forms import MAX_UPLOAD_BYTES, PackImportForm
from malediction.models import CardPack, Kind
from malediction.packs.csv_format import write_csv
from malediction.packs.exporter import export_pack
from malediction.packs.importer import ImportResult, import_upload
from malediction.packs.schema import RowError


@require_GET
def pack_list(request: HttpRequest) -> HttpResponse:
    packs = CardPack.objects.annotate(card_count=Count("cards")).order_by("name")
    return render(request, "malediction/pack_list.html", {
        "packs": packs, "can_manage": can_manage_content(request.user),
        "form": PackImportForm()})


@require_GET
def pack_detail(request: HttpRequest, slug: str) -> HttpResponse:
    pack = get_object_or_404(CardPack, slug=slug)
    cards = list(pack.cards.select_related("seeker").prefetch_related("pieces")
                 .order_by("kind", "name"))
    sections = [(label, [c for c in cards if c.kind == kind]) for kind, label in Kind.choices]
    return render(request, "malediction/pack_detail.html", {
        "pack": pack, "sections": [s for s in sections if s[1]]})


def _download(body: str, content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(body, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_GET
def export_json(request: HttpRequest, slug: str) -> HttpResponse:
    pack = get_object_or_404(CardPack, slug=slug)
    return _download(json.dumps(export_pack(pack), ensure_ascii=False, indent=1),
                     "application/json", f"{pack.slug}.json")


@require_GET
def export_csv(request: HttpRequest, slug: str) -> HttpResponse:
    pack = get_object_or_404(CardPack, slug=slug)
    return _download(write_csv(export_pack(pack)), "text/csv; charset=utf-8",
                     f"{pack.slug}.csv")


@require_http_methods(["GET", "POST"])
def pack_import(request: HttpRequest) -> HttpResponse:
    """Upload a pack; every problem is listed with its row and field, nothing imported."""
    if not can_manage_content(request.user):
        raise PermissionDenied(gettext("Only staff and league organizers may import packs."))
    bound = request.method == "POST"
    form = PackImportForm(request.POST, request.FILES) if bound else PackImportForm()
    result = None
    if bound and form.is_valid():
        upload = form.cleaned_data["file"]
        if upload.size > MAX_UPLOAD_BYTES:
            result = ImportResult(errors=[RowError(None, "file", "is larger than 5 MB.")])
        else:
            result = import_upload(upload.read(), replace=form.cleaned_data["replace"])
        if result.ok:
            messages.success(request, result.summary())
            return redirect("malediction:pack", slug=result.pack.slug)
    return render(request, "malediction/pack_import.html", {"form": form, "result": result})
