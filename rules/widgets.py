"""Form widgets for choices named in English (issue 23): the book's names (weekly
events, locations) stay English on a French page, marked ``lang="en"``."""

from __future__ import annotations

from django import forms


class EnglishNamesSelect(forms.Select):
    """A select whose options (all but the empty one) are names marked English; an
    optgroup's label stays in the reader's language."""

    def create_option(self, name, value, *args, **kwargs):
        option = super().create_option(name, value, *args, **kwargs)
        if value:
            option["attrs"] = {**option["attrs"], "lang": "en"}
        return option
