from django.contrib import admin

from standings.models import StandingsConfig


@admin.register(StandingsConfig)
class StandingsConfigAdmin(admin.ModelAdmin):
    list_display = ("campaign", "tie_breaks", "updated_by", "updated_at")
    raw_id_fields = ("campaign", "updated_by")
