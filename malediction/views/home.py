"""Malediction's index: events in the visitor's leagues, their war bands, the packs."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from malediction import selectors


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    return render(request, "malediction/index.html", {
        "events": selectors.visible_events(request.user)[:50],
        "war_bands": selectors.war_bands_of(request.user),
    })
