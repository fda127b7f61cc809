"""Forms of the export pages: the archive upload (the archive itself is checked by the
importer, which names every problem)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext, gettext_lazy

MAX_ARCHIVE_BYTES = 50 * 1024 * 1024


class ArchiveImportForm(forms.Form):
    file = forms.FileField(
        label=gettext_lazy("Archive file"), help_text=gettext_lazy("A campaign archive (.json).")
    )
    league_slug = forms.SlugField(
        label=gettext_lazy("League slug"),
        required=False,
        help_text=gettext_lazy(
            "Leave empty to keep the archived league's slug (refused if it is taken)."
        ),
    )

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_ARCHIVE_BYTES:
            raise forms.ValidationError(gettext("The file is larger than 50 MB."))
        return upload
