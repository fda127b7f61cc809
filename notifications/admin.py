from django.contrib import admin

from .models import EmailPreference, Notification


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    list_display = ("user", "kind", "key", "created_at", "read_at", "emailed_at")
    list_filter = ("kind",)
    search_fields = ("user__username", "key")
    raw_id_fields = ("user",)


@admin.register(EmailPreference)
class EmailPreferenceAdmin(admin.ModelAdmin):
    list_display = ("user", "kind", "email", "updated_at")
    list_filter = ("kind", "email")
    raw_id_fields = ("user",)
