"""Schemes: choose them secretly, reveal and score them (and A Lucrative Offer's third)."""

from __future__ import annotations

from django.utils.translation import gettext

from encounters import forms
from encounters.models import Game, SchemeChoice
from encounters.services import games, lucrative, tracker
from encounters.views.actions import game_action
from encounters.views.common import Refused, as_player, valid
from encounters.views.panel_forms import schemes_form


@game_action
def choose_schemes(request, game):
    view, me = as_player(request, game)
    form = schemes_form(view, me, request.POST)
    valid(form)
    games.choose_schemes(game=game, actor=request.user, choices=form.choices(),
                         third=form.third() if "third_scheme" in form.fields else None)
    return gettext("Schemes chosen (secret until you reveal them).")


def _own_scheme(game: Game, scheme_id: int) -> SchemeChoice:
    scheme = SchemeChoice.objects.filter(pk=scheme_id, side__game=game).first()
    if scheme is None:
        raise Refused(["That scheme is not part of this game."])
    return scheme


@game_action
def reveal_scheme(request, game, scheme_id):
    tracker.reveal_scheme(game=game, actor=request.user, scheme=_own_scheme(game, scheme_id))
    return "Scheme revealed."


@game_action
def scheme_vp(request, game, scheme_id):
    tracker.score_scheme(game=game, actor=request.user, scheme=_own_scheme(game, scheme_id), vp=1)
    return "+1 Scheme VP."


@game_action
def reveal_third_scheme(request, game):
    tracker.reveal_third_scheme(game=game, actor=request.user)
    return gettext("Third scheme revealed (A Lucrative Offer).")


@game_action
def third_scheme_vp(request, game):
    vp = valid(forms.ThirdSchemeVPForm(request.POST))["vp"]
    third = tracker.score_third_scheme(game=game, actor=request.user, vp=vp)
    return gettext("Third scheme: %(vp)s VP, paid as %(scrip)s Scrip.") % {
        "vp": third.vp_equivalent, "scrip": third.vp_equivalent * lucrative.scrip_per_vp()}
