"""Linked Games: start a series, declare Faction and Leader, set up the next game."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext

from encounters import forms
from encounters.models import LinkedSeries
from encounters.services import series as series_services
from encounters.views.common import REFUSALS, refusal_reasons


@login_required
def series_new(request: HttpRequest) -> HttpResponse:
    form = forms.SeriesStartForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            series = series_services.start_series(actor=request.user, **form.cleaned_data)
        except REFUSALS as exc:
            for reason in refusal_reasons(exc):
                form.add_error(None, reason)
        else:
            messages.success(
                request,
                gettext(
                    "Series started: your opponent declares a Faction and "
                    "a Leader, then set up the first game."
                ),
            )
            return redirect(series)
    return render(request, "encounters/series_new.html", {"form": form})


def series_detail(request: HttpRequest, pk: int) -> HttpResponse:
    series = get_object_or_404(LinkedSeries.objects.select_related("player_a", "player_b"), pk=pk)
    me = next(
        (
            k
            for k, p in (("a", series.player_a), ("b", series.player_b))
            if request.user.is_authenticated and p.pk == request.user.pk
        ),
        "",
    )
    declare_form = forms.SeriesDeclareForm(request.POST if "declare" in request.POST else None)
    next_form = forms.SeriesNextForm(request.POST if "next" in request.POST else None)
    if request.method == "POST" and me:
        try:
            if "declare" in request.POST and declare_form.is_valid():
                series_services.declare(
                    series=series, actor=request.user, **declare_form.cleaned_data
                )
                messages.success(request, gettext("Faction and Leader declared."))
                return redirect(series)
            if "next" in request.POST and next_form.is_valid():
                game = series_services.next_game(
                    series=series,
                    actor=request.user,
                    spoils=next_form.cleaned_data["spoils"] or None,
                    choice=next_form.cleaned_data["choice"] or None,
                )
                return redirect(game)
        except REFUSALS as exc:
            for reason in refusal_reasons(exc):
                messages.error(request, reason)
    elif request.method == "POST":
        raise PermissionDenied(gettext("Only the series' two players may do this."))
    return render(
        request,
        "encounters/series.html",
        {
            "series": series,
            "info": series_services.summary(series),
            "me": me,
            "declare_form": declare_form,
            "next_form": next_form,
        },
    )
