"""The Malediction prediction request, as a form: the page posts it and the API's
serializer validates through it, so both accept the same war bands and numbers."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from autoresolve.services.predictions import DEFAULT_GAMES, MAX_GAMES, MIN_GAMES
from malediction.models import Board, Mode, WarBand

MODES = [(Mode.STANDARD, Mode.STANDARD.label), (Mode.DEMO, Mode.DEMO.label)]
BOARDS = [(Board.STANDARD, Board.STANDARD.label), (Board.STRIFE, Board.STRIFE.label)]


def usable_bands(user):
    """War bands one may predict with: one's own. (Any band of the sample pack's cards
    was usable before, which let anyone read another player's band, a locked list
    before its reveal included, through a prediction's input and deciding cards.)"""
    return WarBand.objects.filter(owner=user).select_related("seeker").order_by("name", "id")


class MalPredictForm(forms.Form):
    first = forms.ModelChoiceField(label=_("Side a's war band"), queryset=WarBand.objects.none())
    second = forms.ModelChoiceField(label=_("Side b's war band"),
                                    queryset=WarBand.objects.none())
    mode = forms.ChoiceField(label=_("Mode"), choices=MODES)
    board = forms.TypedChoiceField(label=_("Table"), coerce=int, choices=BOARDS)
    games = forms.IntegerField(label=_("Matches"), min_value=MIN_GAMES, max_value=MAX_GAMES,
                               initial=DEFAULT_GAMES)

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["first"].queryset = self.fields["second"].queryset = usable_bands(user)
