"""The language switch: a logged-in user's choice is saved on the account (so every device
and every email follows it); anyone's choice is kept in the language cookie.

At login the account's language (if any) takes over from the browser's
(``apply_at_login``, connected in apps.py); accounts.middleware applies it on each request,
and accounts.authentication for a request made with a personal API token.
"""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from .middleware import set_language_cookie


class LanguageForm(forms.Form):
    language = forms.ChoiceField(label=gettext_lazy("Language"), choices=settings.LANGUAGES)
    next = forms.CharField(required=False)


def safe_next(request: HttpRequest, url: str) -> str:
    if url and url_has_allowed_host_and_scheme(url, allowed_hosts={request.get_host()},
                                               require_https=request.is_secure()):
        return url
    return "/"


@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    form = LanguageForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose one of the languages offered."))
        return redirect(safe_next(request, request.POST.get("next", "")))
    language = form.cleaned_data["language"]
    if request.user.is_authenticated and request.user.language != language:
        request.user.language = language
        request.user.save(update_fields=["language"])
    translation.activate(language)
    response = redirect(safe_next(request, form.cleaned_data["next"]))
    set_language_cookie(response, language)
    return response


def apply_at_login(sender, request, user, **kwargs) -> None:
    """The account's language from now on, for the rest of this request too."""
    language = getattr(user, "language", "")
    if language and request is not None:
        translation.activate(language)
        request.LANGUAGE_CODE = language
