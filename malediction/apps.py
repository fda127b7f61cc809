from django.apps import AppConfig


class MaledictionConfig(AppConfig):
    name = "malediction"
    verbose_name = "Malediction"
