"""What every game page shares: the refusals a page shows as messages, the form
check that turns errors into them, and the viewer's access to a game."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext

from campaign.lifecycle import IllegalTransition
from encounters.models import Game
from encounters.selectors import can_view_game, game_view
from encounters.services.common import EncounterError
from rules.engine.errors import RulesError
from rules.engine.hiring import HiringRefused

REFUSALS = (EncounterError, HiringRefused, RulesError, IllegalTransition, PermissionDenied)
TRACKING = (Game.State.IN_PLAY,)
REPORTABLE = (Game.State.SET_UP, Game.State.IN_PLAY, Game.State.REPORTED,
              Game.State.DISPUTED)


class Refused(Exception):
    """A request the page itself turns down (an invalid form, an unknown row)."""

    def __init__(self, reasons: list[str]):
        self.reasons = reasons
        super().__init__(" ".join(reasons))


def refusal_reasons(exc: Exception) -> list[str]:
    if isinstance(exc, HiringRefused | Refused):
        return exc.reasons
    return [str(exc) or "That is not allowed."]


def valid(form) -> dict:
    """The cleaned data, or a refusal listing each error with its field's label."""
    if form.is_valid():
        return form.cleaned_data
    reasons = []
    for name, errors in form.errors.items():
        label = form.fields[name].label if name in form.fields else None
        reasons += [f"{label}: {e}" if label else e for e in errors]
    raise Refused(reasons)


def game_for(request, pk) -> Game:
    game = get_object_or_404(Game.objects.select_related("campaign__league"), pk=pk)
    if not can_view_game(request.user, game):
        raise PermissionDenied(gettext("This game belongs to a campaign visible to its league's "
                               "members only."))
    return game


def as_player(request, game: Game):
    view = game_view(game, request.user)
    me = next((s for s in view.sides if s.is_viewer), None)
    if me is None:
        raise PermissionDenied(gettext("Only the game's two players may do this."))
    return view, me
