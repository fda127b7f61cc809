"""Campaign forms: settings, joining, the starting arsenal builder, New Hires, trading
scrip and Campaign Equipment (Collusion and Trading)."""

from __future__ import annotations

from django import forms
from django.forms.models import ModelChoiceIterator
from django.utils.text import format_lazy
from django.utils.translation import gettext, gettext_lazy

from campaign.models import STANDARD_LENGTHS, Campaign, Crew
from campaign.services import optional_rules
from catalogue.models import ContentPack, Faction, Station


class CampaignForm(forms.ModelForm):
    content_packs = forms.ModelMultipleChoiceField(label=gettext_lazy("Content packs"),
        queryset=ContentPack.objects.all(), required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=gettext_lazy("Leave empty to allow every content pack."),
    )

    class Meta:
        model = Campaign
        fields = [
            "name", "description", "visibility", "length_weeks", "start_date", "weekday",
            "starting_arsenal_size", "max_games_per_week", "aftermath_deadline_hours",
            *Campaign.OPTION_FIELDS,
            "competitive_mode", "auto_resolve", "content_packs",
        ]
        widgets = {
            # ISO, as <input type="date"> reads it (any other format shows an empty field).
            "start_date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            "description": forms.Textarea(attrs={"rows": 3}),
        }
        help_texts = {
            "length_weeks": format_lazy(
                gettext_lazy("The book suggests {lengths} weeks; any length from 1 to 52 works."),
                lengths=", ".join(map(str, STANDARD_LENGTHS))),
            "starting_arsenal_size": gettext_lazy(
                "Soulstones for each starting arsenal (the book: 35)."),
        }
        labels = {
            "name": gettext_lazy("Name"),
            "description": gettext_lazy("Description"),
            "visibility": gettext_lazy("Visibility"),
            "length_weeks": gettext_lazy("Length in weeks"),
            "start_date": gettext_lazy("Start date"),
            "weekday": gettext_lazy("Day of the week"),
            "starting_arsenal_size": gettext_lazy("Starting arsenal, in soulstones"),
            "max_games_per_week": gettext_lazy("Most games a crew plays a week"),
            "aftermath_deadline_hours": gettext_lazy("Hours to finish an Aftermath"),
            "masters_from_start": gettext_lazy("Masters from the start"),
            "no_injuries": gettext_lazy("No Injuries"),
            "individual_events": gettext_lazy("Individual Events"),
            "extra_scrip": gettext_lazy("Extra Scrip"),
            "unavoidable_injury": gettext_lazy("Unavoidable Injury"),
            "collusion_and_trading": gettext_lazy("Collusion and Trading"),
            "highlander": gettext_lazy("Highlander"),
            "good_doctor": gettext_lazy("The Good Doctor"),
            "wandering_relic": gettext_lazy("The Wandering Relic"),
            "before_the_event": gettext_lazy("Before The Event"),
            "cut_em_up": gettext_lazy("Cut 'Em Up For Parts"),
            "competitive_mode": gettext_lazy("Competitive mode"),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        deadline = self.fields["aftermath_deadline_hours"]
        deadline.required = False
        deadline.initial = Campaign._meta.get_field("aftermath_deadline_hours").default
        # Left out of a post (an older form, a script): the default, never auto-resolve.
        self.fields["auto_resolve"].required = False

    def clean_auto_resolve(self):
        return self.cleaned_data.get("auto_resolve") or Campaign.AutoResolve.NEVER

    def clean_aftermath_deadline_hours(self):
        value = self.cleaned_data.get("aftermath_deadline_hours")
        return value or self.fields["aftermath_deadline_hours"].initial


class JoinCampaignForm(forms.Form):
    name = forms.CharField(max_length=120, label=gettext_lazy("Crew name"))
    faction = forms.ModelChoiceField(label=gettext_lazy("Faction"), queryset=Faction.objects.all(),
                                     help_text=gettext_lazy("Declared for the whole campaign."))


class StartingArsenalForm(forms.Form):
    """Leader, a quantity per card and one optional upgrade with its model.

    Quantity fields are named ``qty_<card id>``; the view builds them from the cards the
    crew may consider, so the form needs the candidate lists at construction.
    """

    leader = forms.ModelChoiceField(
        label=gettext_lazy("Leader"), queryset=None, empty_label=gettext_lazy("— choose a Leader —")
    )
    upgrade = forms.ModelChoiceField(
        label=gettext_lazy("Upgrade"),
        queryset=None,
        required=False,
        empty_label=gettext_lazy("— no upgrade —"),
    )
    upgrade_on = forms.ChoiceField(required=False, label=gettext_lazy("Attach the upgrade to"))

    def __init__(self, *args, leaders, cards, upgrades, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["leader"].queryset = leaders
        self.fields["upgrade"].queryset = upgrades
        self.cards = list(cards)
        for card in self.cards:
            self.fields[f"qty_{card.pk}"] = forms.IntegerField(
                min_value=0,
                max_value=10,
                required=False,
                initial=0,
                label=card.name,
                widget=forms.NumberInput(attrs={"inputmode": "numeric", "min": 0, "max": 10}),
            )
        self.fields["upgrade_on"].choices = [("", "—"), ("leader", gettext_lazy("The Leader"))] + [
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
                    self.add_error(
                        "upgrade_on", gettext("Hire that model to attach the upgrade to it.")
                    )
            else:
                self.add_error("upgrade_on", gettext("Choose the model that carries the upgrade."))
        return data.get("leader"), models, data.get("upgrade"), index


class NewHiresForm(StartingArsenalForm):
    """New Hires reuse the quantity fields; there is no leader and upgrades are many."""

    def __init__(self, *args, cards, upgrades, **kwargs):
        super().__init__(
            *args, leaders=Faction.objects.none(), cards=cards, upgrades=upgrades, **kwargs
        )
        del self.fields["leader"], self.fields["upgrade"], self.fields["upgrade_on"]
        self.fields["upgrades"] = forms.ModelMultipleChoiceField(
            queryset=upgrades,
            required=False,
            widget=forms.CheckboxSelectMultiple,
            help_text=gettext_lazy(
                "Non-Campaign upgrades cost twice their soulstone cost (2 if free)."
            ),
        )

    def hires(self):
        models = []
        for card in self.cards:
            models += [card] * (self.cleaned_data.get(f"qty_{card.pk}") or 0)
        return models, list(self.cleaned_data.get("upgrades") or [])


class TradeScripForm(forms.Form):
    """Collusion and Trading: scrip given to another active crew of the campaign."""

    to_crew = forms.ModelChoiceField(
        queryset=None,  # set per crew
        label=gettext_lazy("To crew"),
        empty_label=gettext_lazy("— choose a crew —"),
        error_messages={
            "invalid_choice": gettext_lazy("Trade with another active crew of this campaign."),
        },
    )
    amount = forms.IntegerField(
        label=gettext_lazy("Scrip"),
        min_value=1,
        max_value=1000,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "min": 1}),
        help_text=gettext_lazy(
            "Counts toward the other crew's weekly scrip cap; a gift above its room this "
            "week is refused."
        ),
    )

    def __init__(self, *args, crew, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["to_crew"].queryset = _trading_partners(crew)


def _trading_partners(crew: Crew):
    """The crews a crew may trade with: the campaign's other active crews."""
    return (
        crew.campaign.crews.filter(status=Crew.Status.ACTIVE)
        .exclude(pk=crew.pk)
        .select_related("player")
        .order_by("name", "pk")
    )


class _ShownChoices(ModelChoiceIterator):
    """Lists the field's ``shown`` rows rather than every row it accepts."""

    def __init__(self, field):
        super().__init__(field)
        self.queryset = field.shown


class EquipmentChoiceField(forms.ModelChoiceField):
    """Offers the crew's tradeable Campaign Equipment but accepts any upgrade of the crew,
    so a Skill, an annihilated upgrade or the Wandering Relic sent by hand is refused
    with its own reason (``clean_upgrade``), not as an unknown choice."""

    iterator = _ShownChoices

    def __init__(self, *args, **kwargs):
        self.shown = None
        super().__init__(*args, **kwargs)

    def label_from_instance(self, obj) -> str:
        if obj.attached_to_id:
            return f"{obj.name} · {obj.attached_to.card.name}"
        return obj.name


class TradeEquipmentForm(forms.Form):
    """Collusion and Trading: a Campaign Equipment upgrade given to another active crew
    of the campaign."""

    upgrade = EquipmentChoiceField(
        queryset=None,  # set per crew
        label=gettext_lazy("Campaign Equipment"),
        empty_label=gettext_lazy("— choose an upgrade —"),
        error_messages={
            "invalid_choice": gettext_lazy("Trade only this crew's own Campaign Equipment."),
        },
        help_text=gettext_lazy(
            "It leaves this crew's sheet and arrives unattached on the other crew's."
        ),
    )
    to_crew = forms.ModelChoiceField(
        queryset=None,  # set per crew
        label=gettext_lazy("To crew"),
        empty_label=gettext_lazy("— choose a crew —"),
        error_messages={
            "invalid_choice": gettext_lazy("Trade with another active crew of this campaign."),
        },
    )

    def __init__(self, *args, crew, **kwargs):
        super().__init__(*args, **kwargs)
        field = self.fields["upgrade"]
        field.shown = (optional_rules.tradeable_equipment(crew)
                       .select_related("attached_to__card").order_by("name", "pk"))
        field.queryset = crew.upgrades.select_related("attached_to__card")
        self.fields["to_crew"].queryset = _trading_partners(crew)

    def clean_upgrade(self):
        upgrade = self.cleaned_data["upgrade"]
        refusal = optional_rules.equipment_refusal(upgrade)
        if refusal is not None:
            raise forms.ValidationError(refusal)
        return upgrade


def _hide_out_choices():
    from rules import tables
    from rules.hide_out_names import hide_out_name

    return [(row.key, hide_out_name(row.name)) for row in tables.hide_outs().rows]


class HideOutForm(forms.Form):
    """Hide Outs mode: the crew's Hide Out, chosen once for the whole campaign."""

    key = forms.ChoiceField(
        label=gettext_lazy("Hide Out"),
        choices=_hide_out_choices,
        error_messages={"invalid_choice": gettext_lazy("Choose one of the Hide Outs listed.")},
    )
