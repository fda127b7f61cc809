"""Campaign forms: settings, joining, the starting arsenal builder, New Hires."""

from __future__ import annotations

from django import forms

from campaign.models import STANDARD_LENGTHS, Campaign
from rules.models import ContentPack, Faction, Station


class CampaignForm(forms.ModelForm):
    content_packs = forms.ModelMultipleChoiceField(
        queryset=ContentPack.objects.all(), required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text="Leave empty to allow every content pack.",
    )

    class Meta:
        model = Campaign
        fields = [
            "name", "description", "visibility", "length_weeks", "start_date", "weekday",
            "starting_arsenal_size", "max_games_per_week", "aftermath_deadline_hours",
            *Campaign.OPTION_FIELDS,
            "competitive_mode", "content_packs",
        ]
        widgets = {
            "start_date": forms.DateInput(attrs={"type": "date"}),
            "description": forms.Textarea(attrs={"rows": 3}),
        }
        help_texts = {
            "length_weeks": "The book suggests " + ", ".join(map(str, STANDARD_LENGTHS))
            + " weeks; any length from 1 to 52 works.",
            "starting_arsenal_size": "Soulstones for each starting arsenal (the book: 35).",
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        deadline = self.fields["aftermath_deadline_hours"]
        deadline.required = False
        deadline.initial = Campaign._meta.get_field("aftermath_deadline_hours").default

    def clean_aftermath_deadline_hours(self):
        value = self.cleaned_data.get("aftermath_deadline_hours")
        return value or self.fields["aftermath_deadline_hours"].initial


class JoinCampaignForm(forms.Form):
    name = forms.CharField(max_length=120, label="Crew name")
    faction = forms.ModelChoiceField(queryset=Faction.objects.all(),
                                     help_text="Declared for the whole campaign.")


class StartingArsenalForm(forms.Form):
    """Leader, a quantity per card and one optional upgrade with its model.

    Quantity fields are named ``qty_<card id>``; the view builds them from the cards the
    crew may consider, so the form needs the candidate lists at construction.
    """

    leader = forms.ModelChoiceField(queryset=None, empty_label="— choose a Leader —")
    upgrade = forms.ModelChoiceField(queryset=None, required=False,
                                     empty_label="— no upgrade —")
    upgrade_on = forms.ChoiceField(required=False, label="Attach the upgrade to")

    def __init__(self, *args, leaders, cards, upgrades, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["leader"].queryset = leaders
        self.fields["upgrade"].queryset = upgrades
        self.cards = list(cards)
        for card in self.cards:
            self.fields[f"qty_{card.pk}"] = forms.IntegerField(
                min_value=0, max_value=10, required=False, initial=0, label=card.name,
                widget=forms.NumberInput(attrs={"inputmode": "numeric", "min": 0, "max": 10}),
            )
        self.fields["upgrade_on"].choices = [("", "—"), ("leader", "The Leader")] + [
            (str(c.pk), c.name) for c in self.cards if c.station != Station.MASTER
        ]

    def quantity_fields(self):
        return [(card, self[f"qty_{card.pk}"]) for card in self.cards]

    def selection(self):
        """(leader, [cards...], upgrade, upgrade_on_index) from cleaned data."""
        data = self.cleaned_data
        models = []
        for card in self.cards:
            models += [card] * (data.get(f"qty_{card.pk}") or 0)
        index = None
        target = data.get("upgrade_on")
        if data.get("upgrade") is not None:
            if target == "leader":
                index = -1
            elif target:
                index = next((i for i, c in enumerate(models) if str(c.pk) == target), None)
                if index is None:
                    self.add_error("upgrade_on", "Hire that model to attach the upgrade to it.")
            else:
                self.add_error("upgrade_on", "Choose the model that carries the upgrade.")
        return data.get("leader"), models, data.get("upgrade"), index


class NewHiresForm(StartingArsenalForm):
    """New Hires reuse the quantity fields; there is no leader and upgrades are many."""

    def __init__(self, *args, cards, upgrades, **kwargs):
        super().__init__(*args, leaders=Faction.objects.none(), cards=cards, upgrades=upgrades,
                         **kwargs)
        del self.fields["leader"], self.fields["upgrade"], self.fields["upgrade_on"]
        self.fields["upgrades"] = forms.ModelMultipleChoiceField(
            queryset=upgrades, required=False, widget=forms.CheckboxSelectMultiple,
            help_text="Non-Campaign upgrades cost twice their soulstone cost (2 if free).",
        )

    def hires(self):
        models = []
        for card in self.cards:
            models += [card] * (self.cleaned_data.get(f"qty_{card.pk}") or 0)
        return models, list(self.cleaned_data.get("upgrades") or [])
