"""Pages: the notification list, opening one, marking read, the bell fragment, the email
preferences and the unsubscribe link (which works logged out)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core import signing
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from notifications import kinds, services, tokens
from notifications.forms import EmailPreferencesForm
from notifications.selectors import notifications_of

PAGE_SIZE = 30


@login_required
def notification_list(request: HttpRequest) -> HttpResponse:
    page = Paginator(notifications_of(request.user), PAGE_SIZE).get_page(request.GET.get("page"))
    return render(request, "notifications/list.html", {"page": page})


def _safe(request: HttpRequest, url: str, fallback: str) -> str:
    allowed = url_has_allowed_host_and_scheme(url, allowed_hosts={request.get_host()},
                                              require_https=request.is_secure())
    return url if url and allowed else fallback


@login_required
def notification_open(request: HttpRequest, pk: int) -> HttpResponse:
    """Follow a notification's link; following it marks it read."""
    notification = get_object_or_404(notifications_of(request.user), pk=pk)
    services.mark_read(request.user, notification)
    return redirect(_safe(request, notification.url, "notifications:list"))


@login_required
@require_POST
def notification_read(request: HttpRequest, pk: int) -> HttpResponse:
    notification = get_object_or_404(notifications_of(request.user), pk=pk)
    services.mark_read(request.user, notification)
    if request.htmx:
        return render(request, "notifications/_item.html", {"n": notification})
    return redirect("notifications:list")


@login_required
@require_POST
def notification_read_all(request: HttpRequest) -> HttpResponse:
    count = services.mark_all_read(request.user)
    messages.success(request, _("Marked %(count)s notifications read.") % {"count": count})
    return redirect(_safe(request, request.POST.get("next", ""), "notifications:list"))


def bell(request: HttpRequest) -> HttpResponse:
    """The bell alone, polled by HTMX so the count moves without a reload."""
    if not request.user.is_authenticated:
        return HttpResponse(status=204)
    return render(request, "notifications/_bell.html")


@login_required
def preferences(request: HttpRequest) -> HttpResponse:
    form = EmailPreferencesForm(request.POST or None,
                                preferences=services.email_preferences(request.user))
    if request.method == "POST" and form.is_valid():
        services.set_email_preferences(request.user, form.cleaned_data)
        messages.success(request, _("Your email choices are saved."))
        return redirect("notifications:preferences")
    return render(request, "notifications/preferences.html", {"form": form})


@csrf_exempt  # the signed token is the credential (mail clients' one-click POST has no cookie)
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    """GET shows what the link would stop; POST stops it (RFC 8058 one-click too)."""
    try:
        user, chosen = services.unsubscribe_target(token)
    except signing.BadSignature:
        return render(request, "notifications/unsubscribe.html", {"invalid": True}, status=404)
    done = False
    if request.method == "POST":
        services.unsubscribe(token)
        done = True
    labels = [kinds.get(k).label for k in chosen]
    return render(request, "notifications/unsubscribe.html", {
        "done": done, "labels": labels, "everything": len(chosen) > 1,
        "all_token": tokens.unsubscribe_token(user.pk, tokens.ALL) if len(chosen) == 1 else "",
        "account": user,
    })
