"""Before the game: hire the crew, reveal it, use a Warrant."""

from __future__ import annotations

from django.utils.translation import gettext, ngettext

from encounters import forms
from encounters.services import games, on_the_move, warrant
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


def _move_event(request, game):
    data = valid(forms.OnTheMoveForm(request.POST, choices=on_the_move.choices(game)))
    moved = on_the_move.propose(game=game, actor=request.user, event_key=data["event"])
    if moved.moved_event:
        return gettext("On The Move: this game is played under the agreed event.")
    return gettext("On The Move: your choice waits for your opponent's.")


_move_event.changes_setup = True
move_event = game_action(_move_event)
