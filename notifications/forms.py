"""The email preferences form: one checkbox per kind, grouped by who it is for."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from notifications import kinds

AUDIENCES = ((kinds.PLAYER, _("As a player")), (kinds.ORGANIZER, _("As an organizer")))


class EmailPreferencesForm(forms.Form):
    def __init__(self, *args, preferences: dict[str, bool], **kwargs):
        super().__init__(*args, **kwargs)
        for key, kind in kinds.KINDS.items():
            self.fields[key] = forms.BooleanField(label=kind.label, required=False,
                                                  initial=preferences.get(key))

    def groups(self):
        """(heading, bound fields) per audience, for the template."""
        return [(heading, [self[k.key] for k in kinds.for_audience(audience)])
                for audience, heading in AUDIENCES]
