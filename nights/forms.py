"""Forms of the night page: pairing method, a swap by hand, table numbers."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext, gettext_lazy

from nights.models import CampaignNight
from nights.services import MAX_TABLE


class GenerateForm(forms.Form):
    method = forms.ChoiceField(choices=CampaignNight.Method.choices,
                               initial=CampaignNight.Method.STANDINGS,
                               label=gettext_lazy("Pair players"))


class SwapForm(forms.Form):
    """Two checked-in crews: swapped between pairings, or one put in the other's place."""

    crew_x = forms.ModelChoiceField(queryset=None, label=gettext_lazy("Swap"))
    crew_y = forms.ModelChoiceField(queryset=None, label=gettext_lazy("with"))

    def __init__(self, *args, crews, **kwargs):
        super().__init__(*args, **kwargs)
        for name in ("crew_x", "crew_y"):
            self.fields[name].queryset = crews

    def clean(self):
        data = super().clean()
        if data.get("crew_x") and data.get("crew_x") == data.get("crew_y"):
            self.add_error("crew_y", gettext("Choose a different crew."))
        return data


class TablesForm(forms.Form):
    """One table number per game of the night."""

    def __init__(self, *args, pairings, **kwargs):
        super().__init__(*args, **kwargs)
        self.rows = [p for p in pairings if not p.bye]
        for row in self.rows:
            self.fields[f"table_{row.pk}"] = forms.IntegerField(
                min_value=1, max_value=MAX_TABLE, initial=row.table,
                label=f"{row.crew_a} vs {row.crew_b}")

    def tables(self) -> dict[int, int]:
        return {row.pk: self.cleaned_data[f"table_{row.pk}"] for row in self.rows}
