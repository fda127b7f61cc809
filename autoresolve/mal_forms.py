"""The Malediction prediction request, as a form: the page posts it and the API's
serializer validates through it, so both accept the same war bands and numbers."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from autoresolve.services.predictions import DEFAULT_GAMES, MAX_GAMES, MIN_GAMES
from malediction.catalogue_bands import catalogue_band, seekers
from malediction.models import Board, Card, Mode, WarBand

MODES = [(Mode.STANDARD, Mode.STANDARD.label), (Mode.DEMO, Mode.DEMO.label)]
BOARDS = [(Board.STANDARD, Board.STANDARD.label), (Board.STRIFE, Board.STRIFE.label)]


def usable_bands(user):
    """War bands one may predict with: one's own. (Any band of the sample pack's cards
    was usable before, which let anyone read another player's band, a locked list
    before its reveal included, through a prediction's input and deciding cards.)"""
    return WarBand.objects.filter(owner=user).select_related("seeker").order_by("name", "id")


class SeekerChoice(forms.ModelChoiceField):
    def label_from_instance(self, obj) -> str:
        return f"{obj.name} ({obj.pack.name})"


class MalPredictForm(forms.Form):
    """Each side is one of one's own war bands or a catalogue band (built around a
    Seeker of the card packs: ``malediction.catalogue_bands``)."""

    first = forms.ModelChoiceField(label=_("Side a's war band"), queryset=WarBand.objects.none(),
                                   required=False)
    first_catalogue = SeekerChoice(label=_("or side a from the catalogue"),
                                   queryset=Card.objects.none(), required=False)
    second = forms.ModelChoiceField(label=_("Side b's war band"),
                                    queryset=WarBand.objects.none(), required=False)
    second_catalogue = SeekerChoice(label=_("or side b from the catalogue"),
                                    queryset=Card.objects.none(), required=False)
    mode = forms.ChoiceField(label=_("Mode"), choices=MODES)
    board = forms.TypedChoiceField(label=_("Table"), coerce=int, choices=BOARDS)
    games = forms.IntegerField(label=_("Matches"), min_value=MIN_GAMES, max_value=MAX_GAMES,
                               initial=DEFAULT_GAMES)

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["first"].queryset = self.fields["second"].queryset = usable_bands(user)
        self.fields["first_catalogue"].queryset = seekers()
        self.fields["second_catalogue"].queryset = seekers()

    def clean(self):
        data = super().clean()
        for side in ("first", "second"):
            band, seeker = data.get(side), data.pop(f"{side}_catalogue", None)
            if side in self.errors or f"{side}_catalogue" in self.errors:
                continue
            if (band is None) == (seeker is None):
                self.add_error(side, _("Choose one of your war bands or a Seeker from the "
                                       "catalogue (one of the two)."))
            elif seeker is not None:
                data[side] = catalogue_band(seeker)
        return data
