from django.contrib import admin

from .models import FlipRecord


@admin.register(FlipRecord)
class FlipRecordAdmin(admin.ModelAdmin):
    """Read-only: flips are evidence, never edited after the fact."""

    list_display = ("created_at", "purpose", "source", "chosen", "cheated_in", "flipped_by")
    list_filter = ("source",)
    search_fields = ("purpose", "flipped_by__username")
    readonly_fields = [f.name for f in FlipRecord._meta.get_fields() if f.concrete]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
