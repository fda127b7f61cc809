"""The duel calculator page: exact odds of a duel, shareable as a link."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from rules.engine.odds import SEVERITIES, duel_odds
from rules.forms import DuelOddsForm


def odds(request: HttpRequest) -> HttpResponse:
    """GET so a result is a shareable link; HTMX swaps only the result panel."""
    form = DuelOddsForm(request.GET or None)
    result = None
    if form.is_bound and form.is_valid():
        result = duel_odds(form.cleaned_data["spec"]).as_dict()
    context = {
        "form": form,
        "result": result,
        "severities": SEVERITIES,
        "attacker_fields": form.side_fields("a"),
        "defender_fields": form.side_fields("d"),
        "suit_fields": [form["required_suits"], form["trigger_suits"]],
    }
    if request.htmx:
        return render(request, "rules/_odds_result.html", context)
    return render(request, "rules/odds.html", context)
