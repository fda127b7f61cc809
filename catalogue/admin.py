"""Site admins edit single cards here; whole packs move by import/export (pages, API,
commands). The admin forms run the pack format's validation, so an edited card meets the
same rules as an imported one."""

import json

from django.contrib import admin
from django.db.models import Count
from django.http import HttpResponse
from django.urls import reverse
from django.utils.html import format_html

from .csv_format import write_zip
from .exporter import export_pack_json
from .forms import ModelCardAdminForm, UpgradeCardAdminForm
from .models import ContentPack, ModelCard, UpgradeCard


@admin.action(description="Export selected packs as JSON")
def export_packs_as_json(modeladmin, request, queryset):
    """One pack downloads as its JSON document; several download as a zip of documents."""
    documents = {
        f"{pack.slug}.json": json.dumps(export_pack_json(pack), indent=1)
        for pack in queryset.order_by("slug")
    }
    if len(documents) == 1:
        ((name, body),) = documents.items()
        response = HttpResponse(body, content_type="application/json")
    else:
        name = "content-packs.zip"
        response = HttpResponse(write_zip(documents), content_type="application/zip")
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@admin.register(ContentPack)
class ContentPackAdmin(admin.ModelAdmin):
    list_display = (
        "name",
        "slug",
        "version",
        "is_sample",
        "model_count",
        "upgrade_count",
        "export_links",
    )
    list_filter = ("is_sample",)
    search_fields = ("name", "slug", "description")
    prepopulated_fields = {"slug": ("name",)}
    readonly_fields = ("created_at", "updated_at", "card_links", "export_links")
    actions = [export_packs_as_json]

    def get_queryset(self, request):
        packs = super().get_queryset(request)
        return packs.annotate(
            _models=Count("models", distinct=True), _upgrades=Count("upgrades", distinct=True)
        )

    @admin.display(description="Models", ordering="_models")
    def model_count(self, pack):
        return pack._models

    @admin.display(description="Upgrades", ordering="_upgrades")
    def upgrade_count(self, pack):
        return pack._upgrades

    @admin.display(description="Cards")
    def card_links(self, pack):
        if not pack.pk:
            return "-"
        models = reverse("admin:catalogue_modelcard_changelist") + f"?pack__id__exact={pack.pk}"
        upgrades = reverse("admin:catalogue_upgradecard_changelist") + f"?pack__id__exact={pack.pk}"
        return format_html(
            '<a href="{}">Model cards</a> · <a href="{}">Upgrade cards</a>', models, upgrades
        )

    @admin.display(description="Export")
    def export_links(self, pack):
        if not pack.pk:
            return "-"
        return format_html(
            '<a href="{}">JSON</a> · <a href="{}">CSV zip</a>',
            reverse("catalogue:pack-json", args=[pack.slug]),
            reverse("catalogue:pack-zip", args=[pack.slug]),
        )


@admin.register(ModelCard)
class ModelCardAdmin(admin.ModelAdmin):
    form = ModelCardAdminForm
    list_display = ("name", "station", "faction_list", "cost", "cache", "pack")
    list_filter = ("pack", "station", "factions", "is_mercenary", "is_totem")
    list_select_related = ("pack",)
    search_fields = ("name", "slug", "totem_of")
    prepopulated_fields = {"slug": ("name",)}
    filter_horizontal = ("factions",)
    readonly_fields = ("effects_links",)

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("factions")

    @admin.display(description="Factions")
    def faction_list(self, card):
        return ", ".join(f.name for f in card.factions.all())

    @admin.display(description="Structured effects")
    def effects_links(self, card):
        """The effects are edited in the abilities and actions JSON, or element by
        element on the catalogue's page (with what the simulator plays)."""
        if not card.pk:
            return "-"
        return format_html(
            '<a href="{}">Correct effects element by element</a> · <a href="{}">Coverage</a>',
            reverse("catalogue:model-effects", args=[card.pack.slug, card.slug]),
            reverse("catalogue:model", args=[card.pack.slug, card.slug]) + "#coverage",
        )


@admin.register(UpgradeCard)
class UpgradeCardAdmin(admin.ModelAdmin):
    form = UpgradeCardAdminForm
    list_display = ("name", "cost", "faction_list", "limited", "rare", "is_avatar", "pack")
    list_filter = ("pack", "factions", "limited", "is_avatar", "leader_only")
    list_select_related = ("pack",)
    search_fields = ("name", "slug", "model_name", "leader_name", "effect")
    prepopulated_fields = {"slug": ("name",)}
    filter_horizontal = ("factions",)

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("factions")

    @admin.display(description="Factions")
    def faction_list(self, card):
        return ", ".join(f.name for f in card.factions.all()) or "Any"
