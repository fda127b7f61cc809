"""Forms: which week to show, and the organizer's ordered tie-breaks."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext, gettext_lazy

from standings import metrics

TIE_BREAK_SLOTS = 6


class WeekForm(forms.Form):
    week = forms.IntegerField(required=False, min_value=1, label=gettext_lazy("As of week"))

    def __init__(self, *args, last_week: int, **kwargs):
        super().__init__(*args, **kwargs)
        self.last_week = last_week
        self.fields["week"].validators.append(_at_most(last_week))
        self.fields["week"].widget.attrs["max"] = last_week

    def chosen(self) -> int:
        """The valid week asked for, else the latest week."""
        if self.is_bound and self.is_valid() and self.cleaned_data["week"]:
            return self.cleaned_data["week"]
        return self.last_week


def _at_most(last_week: int):
    def check(value):
        if value is not None and value > last_week:
            raise forms.ValidationError(
                gettext("The campaign has reached week %(last_week)s.") % {"last_week": last_week}
            )

    return check


class TieBreakForm(forms.Form):
    """Up to six ordered tie-breaks: the first is required, later blanks are ignored."""

    def __init__(self, *args, current: tuple[str, ...] = (), **kwargs):
        super().__init__(*args, **kwargs)
        choices = [("", "—")] + [(m.key, m.label) for m in metrics.REGISTRY.values()]
        for slot in range(1, TIE_BREAK_SLOTS + 1):
            self.fields[f"tie_break_{slot}"] = forms.ChoiceField(
                choices=choices,
                required=slot == 1,
                label=(gettext("Rank by") if slot == 1
                       else gettext("then by (%(slot)s)") % {"slot": slot}),
                initial=current[slot - 1] if slot <= len(current) else "",
            )

    def clean(self):
        data = super().clean()
        keys = [data.get(f"tie_break_{slot}") for slot in range(1, TIE_BREAK_SLOTS + 1)]
        keys = [k for k in keys if k]
        for problem in metrics.problems(keys):
            self.add_error(None, problem)
        data["keys"] = keys
        return data
