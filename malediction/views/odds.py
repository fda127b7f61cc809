"""The attack odds page: exact chances over the d20's faces (works without JavaScript:
a GET form)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from malediction.forms import AttackOddsForm


@require_GET
def odds(request: HttpRequest) -> HttpResponse:
    form = AttackOddsForm(request.GET or None)
    result = form.odds() if form.is_bound and form.is_valid() else None
    return render(request, "malediction/odds.html", {"form": form, "odds": result},
                  status=400 if form.is_bound and not form.is_valid() else 200)
