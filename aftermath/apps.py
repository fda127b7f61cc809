from django.apps import AppConfig


class AftermathConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "aftermath"
    verbose_name = "Aftermath"
