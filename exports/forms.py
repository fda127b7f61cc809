"""Forms of the export pages: the archive upload (the archive itself is checked by the
importer, which names every problem)."""

from __future__ import annotations

from django import forms

MAX_ARCHIVE_BYTES = 50 * 1024 * 1024


class ArchiveImportForm(forms.Form):
    file = forms.FileField(label="Archive file", help_text="A campaign archive (.json).")
    league_slug = forms.SlugField(
        label="League slug", required=False,
        help_text="Leave empty to keep the archived league's slug (refused if it is taken).")

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_ARCHIVE_BYTES:
            raise forms.ValidationError("The file is larger than 50 MB.")
        return upload
