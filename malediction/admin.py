"""Admin editing of Malediction packs and cards (pieces inline), war bands, events and
matches; writes that carry rules (results, locks) go through the services and pages."""

from django.contrib import admin

from malediction import models


class TerrainPieceInline(admin.TabularInline):
    model = models.TerrainPiece
    extra = 0


@admin.register(models.Card)
class CardAdmin(admin.ModelAdmin):
    list_display = ("name", "kind", "rank", "cost", "pack")
    list_filter = ("pack", "kind", "rank")
    search_fields = ("name", "slug", "subtype")
    inlines = [TerrainPieceInline]
    raw_id_fields = ("seeker",)


class CardInline(admin.TabularInline):
    model = models.Card
    extra = 0
    fields = ("name", "slug", "kind", "rank", "cost")
    show_change_link = True


@admin.register(models.CardPack)
class CardPackAdmin(admin.ModelAdmin):
    list_display = ("name", "version", "is_sample")
    prepopulated_fields = {"slug": ("name",)}
    inlines = [CardInline]


class WarBandEntryInline(admin.TabularInline):
    model = models.WarBandEntry
    extra = 0
    raw_id_fields = ("card",)


@admin.register(models.WarBand)
class WarBandAdmin(admin.ModelAdmin):
    list_display = ("name", "owner", "seeker")
    raw_id_fields = ("owner", "seeker", "legacy", "terrain")
    inlines = [WarBandEntryInline]


class RegistrationInline(admin.TabularInline):
    model = models.Registration
    extra = 0
    fields = ("player", "team", "checked_in", "dropped", "submitted_at")
    raw_id_fields = ("player",)
    readonly_fields = ("submitted_at",)


@admin.register(models.Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ("name", "league", "mode", "state", "list_deadline")
    list_filter = ("mode", "state")
    inlines = [RegistrationInline]


class MatchReportInline(admin.TabularInline):
    model = models.MatchReport
    extra = 0
    can_delete = False
    readonly_fields = ("reported_by", "winner", "mastery_a", "mastery_b", "final_round",
                       "win_type", "status", "answered_by", "reason", "created_at")
    fields = readonly_fields


@admin.register(models.Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ("__str__", "event", "round", "table", "state", "winner", "win_type")
    list_filter = ("state", "mode")
    inlines = [MatchReportInline]
