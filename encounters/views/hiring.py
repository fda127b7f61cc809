"""Before the game: hire the crew, reveal it, use a Warrant."""

from __future__ import annotations

from django.utils.translation import gettext, ngettext

from encounters import forms
from encounters.services import games, warrant
from encounters.views.actions import game_action
from encounters.views.common import Refused, as_player, valid
from encounters.views.panel_forms import hire_form


@game_action
def hire(request, game):
    _, me = as_player(request, game)
    if me.side.hire_revealed:
        raise Refused([gettext("Your crew is revealed; it can no longer change.")])
    form = hire_form(me, request.POST, game=game)
    valid(form)
    models, attach = form.selection()
    games.hire_crew(game=game, actor=request.user, models=models, attach=attach,
                    wandering=form.wandering())
    return ngettext(
        "Hired %(count)s model. Reveal your crew when you are both ready.",
        "Hired %(count)s models. Reveal your crew when you are both ready.",
        len(models),
    ) % {"count": len(models)}


@game_action
def reveal_crew(request, game):
    games.reveal_crew(game=game, actor=request.user)
    return gettext("Your crew is revealed.")


def _warrant_role(request, game):
    data = valid(forms.WarrantForm(request.POST))
    attacker = warrant.choose_role(game=game, actor=request.user, role=data["role"])
    return gettext("Warrant used: Side %(side)s is the Attacker.") % {"side": attacker.upper()}


_warrant_role.changes_setup = True
warrant_role = game_action(_warrant_role)
