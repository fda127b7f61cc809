"""The community data import pages: upload the files, see the preview, confirm.

The preview is kept server-side (the cache, keyed by the organizer and a random token)
for an hour, so the confirm step imports exactly the cards the organizer saw.
"""

from __future__ import annotations

import secrets

from django import forms
from django.contrib import messages
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from catalogue.community.convert import CardReport, Conversion
from catalogue.community.service import MAX_FILE_BYTES, import_good_cards, preview
from league.permissions import can_manage_content

PREVIEW_SECONDS = 3600
MAX_FILES = 12


class _MultipleFiles(forms.ClearableFileInput):
    allow_multiple_selected = True


class _FilesField(forms.FileField):
    def clean(self, data, initial=None):
        files = data if isinstance(data, list | tuple) else [data]
        return [super(_FilesField, self).clean(f, initial) for f in files if f] or \
            super().clean(None, initial)


class CommunityImportForm(forms.Form):
    files = _FilesField(
        label=gettext_lazy("Data files"),
        widget=_MultipleFiles(attrs={"accept": ".js,.json"}),
        help_text=gettext_lazy("The crew builder's cards, actions, abilities, triggers, "
                               "factions and characteristics files (.js)."),
    )
    name = forms.CharField(label=gettext_lazy("Pack name"), max_length=120)
    slug = forms.SlugField(label=gettext_lazy("Pack slug"), max_length=120)
    replace = forms.BooleanField(
        label=gettext_lazy("Replace the pack with the same slug"), required=False)

    def clean_files(self):
        files = self.cleaned_data["files"]
        if len(files) > MAX_FILES:
            raise forms.ValidationError(gettext("At most %(n)s files.") % {"n": MAX_FILES})
        for upload in files:
            if upload.size > MAX_FILE_BYTES:
                raise forms.ValidationError(
                    gettext("%(file)s is larger than 20 MB.") % {"file": upload.name})
        return files


def _key(request: HttpRequest, token: str) -> str:
    return f"catalogue:community-preview:{request.user.pk}:{token}"


def _check(request: HttpRequest) -> None:
    if not can_manage_content(request.user):
        raise PermissionDenied(
            gettext("Only staff and league organizers may import content packs."))


@require_http_methods(["GET", "POST"])
def community_import(request: HttpRequest) -> HttpResponse:
    """Upload the data files; the answer is the preview, card by card, with defects."""
    _check(request)
    bound = request.method == "POST"
    form = CommunityImportForm(request.POST, request.FILES) if bound else CommunityImportForm()
    context: dict = {"form": form}
    if bound and form.is_valid():
        data = form.cleaned_data
        files = {upload.name: upload.read() for upload in data["files"]}
        conversion = preview(files, name=data["name"], slug=data["slug"])
        token = secrets.token_urlsafe(16)
        cache.set(_key(request, token), {"conversion": conversion, "replace": data["replace"]},
                  PREVIEW_SECONDS)
        context.update(conversion=conversion, token=token)
    return render(request, "catalogue/community_import.html", context)


@require_POST
def community_confirm(request: HttpRequest) -> HttpResponse:
    """Import the cards without defects of a preview the organizer has seen."""
    _check(request)
    token = str(request.POST.get("token", ""))[:64]
    stored = cache.get(_key(request, token)) if token else None
    if not stored:
        messages.error(request, gettext("This preview has expired: upload the files again."))
        return redirect("catalogue:community-import")
    conversion: Conversion = stored["conversion"]
    result = import_good_cards(conversion, replace=stored["replace"])
    if not result.ok:
        context = {"form": CommunityImportForm(), "conversion": conversion, "token": token,
                   "result": result}
        return render(request, "catalogue/community_import.html", context, status=400)
    cache.delete(_key(request, token))
    messages.success(request, result.summary() + " " + gettext(
        "%(count)s cards with defects were left out.") % {"count": len(conversion.defective)})
    return redirect("catalogue:pack", slug=result.pack.slug)


__all__ = ["CardReport", "community_confirm", "community_import"]
