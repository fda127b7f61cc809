"""The result: report, confirm or dispute it; an organizer's ruling."""

from __future__ import annotations

from encounters import forms
from encounters.services import results
from encounters.views.actions import game_action
from encounters.views.common import valid


@game_action
def report(request, game):
    data = valid(forms.ReportForm(request.POST))
    results.report_result(game=game, actor=request.user, vp_a=data["vp_a"], vp_b=data["vp_b"])
    return "Result reported: your opponent confirms it."


@game_action
def confirm(request, game):
    change = results.confirm_result(game=game, actor=request.user)
    return "Result confirmed." if change.changed else "The result was already confirmed."


@game_action
def dispute(request, game):
    data = valid(forms.DisputeForm(request.POST))
    results.dispute_result(game=game, actor=request.user, reason=data["reason"])
    return "Result disputed: an organizer will rule."


@game_action
def rule(request, game):
    data = valid(forms.RulingForm(request.POST))
    results.rule_result(
        game=game, actor=request.user, vp_a=data["vp_a"], vp_b=data["vp_b"], reason=data["reason"]
    )
    return "Ruling recorded."
