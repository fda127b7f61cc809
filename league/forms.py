from django import forms
from django.utils.translation import gettext, gettext_lazy

from league.models import Invitation, League, Role


class LeagueForm(forms.ModelForm):
    class Meta:
        model = League
        fields = ["name", "description", "time_zone", "is_public"]
        widgets = {"description": forms.Textarea(attrs={"rows": 3})}
        labels = {
            "name": gettext_lazy("Name"),
            "description": gettext_lazy("Description"),
            "time_zone": gettext_lazy("Time zone"),
            "is_public": gettext_lazy("Is public"),
        }

    def clean_time_zone(self):
        from zoneinfo import available_timezones

        tz = self.cleaned_data["time_zone"].strip()
        if tz not in available_timezones():
            raise forms.ValidationError(
                gettext("Unknown time zone; use a name such as Europe/London.")
            )
        return tz


class InvitationForm(forms.ModelForm):
    role = forms.ChoiceField(label=gettext_lazy("Role"), choices=Role.choices, initial=Role.PLAYER)

    class Meta:
        model = Invitation
        fields = ["role", "max_uses", "expires_at"]
        widgets = {"expires_at": forms.DateTimeInput(attrs={"type": "datetime-local"})}
        help_texts = {"max_uses": gettext_lazy(
            "Leave empty for a link anyone in your group can use.")}
        labels = {
            "max_uses": gettext_lazy("Max uses"),
            "expires_at": gettext_lazy("Expires at"),
        }

    def __init__(self, *args, roles=None, **kwargs):
        """``roles``: the roles this person may invite (organizers invite players only)."""
        super().__init__(*args, **kwargs)
        if roles is not None:
            self.fields["role"].choices = [c for c in Role.choices if c[0] in roles]


class RoleForm(forms.Form):
    role = forms.ChoiceField(label=gettext_lazy("Role"), choices=Role.choices)


class RulesetForm(forms.ModelForm):
    """The edition of the league's standalone encounters (the league page's setting)."""

    class Meta:
        model = League
        fields = ["default_ruleset"]
        labels = {"default_ruleset": gettext_lazy("Standalone encounters")}
