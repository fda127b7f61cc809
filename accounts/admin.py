from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from .models import ApiToken, User


@admin.register(User)
class ProjectUserAdmin(UserAdmin):
    fieldsets = (*UserAdmin.fieldsets, ("Profile", {"fields": ("display_name",)}))
    list_display = ("username", "email", "display_name", "is_staff", "is_active")


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    """Staff see and revoke (delete) tokens; only their owner makes them (shown once)."""

    list_display = ("name", "user", "token_key", "created", "expiry", "last_used_at")
    search_fields = ("name", "token_key", "user__username")
    readonly_fields = ("name", "user", "token_key", "created", "expiry", "last_used_at")
    exclude = ("digest",)

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False
