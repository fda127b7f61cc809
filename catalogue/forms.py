"""Forms of the catalogue pages and admin.

The filter form only parses the query string; the import form only carries the upload.
The admin forms run the pack format's row validation (``schema.clean_model`` /
``clean_upgrade``), so a card edited in the admin meets the same rules as an imported one.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy

from catalogue import schema
from catalogue.models import ContentPack, Faction, ModelCard, Station, UpgradeCard


class CatalogueFilterForm(forms.Form):
    q = forms.CharField(label=gettext_lazy("Search"), required=False, max_length=100)
    pack = forms.ModelChoiceField(label=gettext_lazy("Pack"),
        queryset=ContentPack.objects.order_by("name"),
        to_field_name="slug",
        required=False,
        empty_label=gettext_lazy("All packs"),
    )
    faction = forms.ModelChoiceField(label=gettext_lazy("Faction"),
        queryset=Faction.objects.order_by("name"),
        to_field_name="code",
        required=False,
        empty_label=gettext_lazy("All factions"),
    )
    station = forms.ChoiceField(
        label=gettext_lazy("Station"),
        choices=[("", gettext_lazy("All stations")), *Station.choices],
        required=False,
    )

    def filters(self) -> dict[str, str]:
        """The valid filters as plain values; an invalid one is ignored (and shown)."""
        if not self.is_bound:
            return {"pack": "", "faction": "", "station": "", "search": ""}
        self.is_valid()  # cleaned_data then holds the fields that are valid
        data = self.cleaned_data
        pack, faction = data.get("pack"), data.get("faction")
        return {
            "pack": pack.slug if pack else "",
            "faction": faction.code if faction else "",
            "station": data.get("station") or "",
            "search": data.get("q") or "",
        }


class PackImportForm(forms.Form):
    file = forms.FileField(
        label=gettext_lazy("Pack file"),
        help_text=gettext_lazy(
            "A pack JSON document, or a zip holding pack.csv, models.csv and upgrades.csv."
        ),
    )
    replace = forms.BooleanField(
        label=gettext_lazy("Replace the pack with the same slug (cards are matched by slug)"),
        required=False,
    )


class _CardAdminForm(forms.ModelForm):
    """Runs the pack format's validation on one card and keeps its normalized values."""

    clean_row = staticmethod(schema.clean_model)
    fields_of_format: tuple[str, ...] = ()

    def clean(self):
        cleaned = super().clean()
        raw = {}
        for name in self.fields_of_format:
            if name not in self.fields:
                continue
            value = cleaned.get(name)
            if name == "factions":
                value = [f.code for f in value or []]
            raw[name] = value
        if not raw.get("slug"):
            raw.pop("slug", None)
        self._check_name_is_free(cleaned)
        codes = frozenset(Faction.objects.values_list("code", flat=True))
        card, errors = self.clean_row(raw, number=None, faction_codes=codes,
                                      **self.row_options(cleaned))
        for error in errors:
            target = error.field if error.field in self.fields else None
            if target not in self.errors:  # Django already said what is wrong there
                self.add_error(target, error.message)
        if not errors:
            for name in raw:
                if name not in ("factions", "slug"):
                    cleaned[name] = card[name]
        return cleaned

    def row_options(self, cleaned) -> dict:
        return {}

    def _check_name_is_free(self, cleaned) -> None:
        """Names are unique in a pack (hiring counts by name), or the pack won't re-import."""
        pack, name = cleaned.get("pack"), cleaned.get("name")
        if pack and name:
            others = self._meta.model.objects.filter(pack=pack, name__iexact=name)
            if others.exclude(pk=self.instance.pk).exists():
                self.add_error("name", f"{pack} already has a card named {name!r}.")


class ModelCardAdminForm(_CardAdminForm):
    """A card is checked by the rules of its pack's format (a format 1 pack keeps its
    free-text ranges); structured effects in abilities and actions are checked against
    the effect language, every problem named by element and field."""

    clean_row = staticmethod(schema.clean_model)
    fields_of_format = schema.MODEL_FIELDS

    def row_options(self, cleaned) -> dict:
        pack = cleaned.get("pack")
        return {"version": pack.format_version if pack else schema.FORMAT_VERSION}

    class Meta:
        model = ModelCard
        fields = ("pack", *schema.MODEL_FIELDS)


class UpgradeCardAdminForm(_CardAdminForm):
    clean_row = staticmethod(schema.clean_upgrade)
    fields_of_format = schema.UPGRADE_FIELDS

    class Meta:
        model = UpgradeCard
        fields = ("pack", *schema.UPGRADE_FIELDS)
