"""The home page: the welcome page for visitors, the user's own home once logged in."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from home.selectors import organizer_home, player_home


def home(request: HttpRequest) -> HttpResponse:
    if not request.user.is_authenticated:
        return render(request, "home.html")
    return render(request, "home/home.html", {
        "me": player_home(request.user), "organizer": organizer_home(request.user)})
