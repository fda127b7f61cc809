"""Forms of the campaign week page: they parse input only; the week services decide what
the rules allow (and say why when they refuse)."""

from __future__ import annotations

from django import forms
from django.utils.html import escape, format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import gettext, gettext_lazy

from campaign.models import Crew
from campaign.weeks.services import PitFightEntryInput
from rules import tables
from rules.widgets import EnglishNamesSelect


def event_choices() -> list[tuple[str, str]]:
    return [(row.key, row.name) for row in tables.weekly_events().rows]


def games_event_choices() -> list[tuple[str, str]]:
    """Events a week's games may use: the table names those reflipped for the games."""
    table = tables.weekly_events()
    return [(row.key, row.name) for row in table.rows
            if row.key not in table.another_event_reflips]


def _flips_another() -> str:
    """The help of the games' event, the events' names (the book's) marked English."""
    names = format_html_join(", ", '<span lang="en">{}</span>',
                             ((row.name,) for row in tables.weekly_events().rows
                              if row.another_event))
    return mark_safe(escape(gettext("Only when the event is one that flips another: "
                                    "%(names)s.")) % {"names": names})


class SetEventForm(forms.Form):
    event = forms.ChoiceField(label=gettext_lazy("This week's event"), widget=EnglishNamesSelect)
    games_event = forms.ChoiceField(
        label=gettext_lazy("Event for the week's games"), required=False, widget=EnglishNamesSelect
    )
    reason = forms.CharField(label=gettext_lazy("Reason"),
        max_length=250,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=gettext_lazy("Players see who set the event and why."),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["event"].choices = event_choices()
        self.fields["games_event"].choices = [("", gettext_lazy("— the same event —")),
                                              *games_event_choices()]
        self.fields["games_event"].help_text = _flips_another()


class PitFightForm(forms.Form):
    """Per crew: took part and kills (fields ``took_part_<id>``, ``kills_<id>``); then the
    winner and the first knocked out."""

    winner = forms.ModelChoiceField(label=gettext_lazy("Winner"), queryset=Crew.objects.none())
    first_eliminated = forms.ModelChoiceField(
        queryset=Crew.objects.none(), label=gettext_lazy("First knocked out")
    )

    def __init__(self, *args, crews, **kwargs):
        super().__init__(*args, **kwargs)
        self.crews = list(crews)
        queryset = Crew.objects.filter(pk__in=[c.pk for c in self.crews])
        self.fields["winner"].queryset = queryset
        self.fields["first_eliminated"].queryset = queryset
        for crew in self.crews:
            self.fields[f"took_part_{crew.pk}"] = forms.BooleanField(
                required=False, label=gettext("%(crew)s took part") % {"crew": crew}
            )
            self.fields[f"kills_{crew.pk}"] = forms.IntegerField(
                required=False,
                min_value=0,
                max_value=99,
                initial=0,
                label=gettext("Opposing models %(crew)s killed") % {"crew": crew},
            )

    def crew_rows(self):
        """(crew, took part field, kills field) for the template."""
        return [(c, self[f"took_part_{c.pk}"], self[f"kills_{c.pk}"]) for c in self.crews]

    def entries(self) -> list[PitFightEntryInput]:
        data = self.cleaned_data
        return [
            PitFightEntryInput(crew=c, kills=data.get(f"kills_{c.pk}") or 0)
            for c in self.crews
            if data.get(f"took_part_{c.pk}")
        ]


class AvatarForm(forms.Form):
    avatar = forms.ModelChoiceField(
        label=gettext_lazy("Avatar"),
        queryset=None,
        empty_label=gettext_lazy("— choose an Avatar —"),
    )

    def __init__(self, *args, avatars, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["avatar"].queryset = avatars


class BulletClaimForm(forms.Form):
    leader_crew = forms.ModelChoiceField(
        queryset=None,
        label=gettext_lazy("Whose Leader did you kill?"),
        empty_label=gettext_lazy("— choose a crew —"),
    )

    def __init__(self, *args, targets, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["leader_crew"].queryset = targets
