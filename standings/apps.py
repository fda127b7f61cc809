from django.apps import AppConfig


class StandingsAppConfig(AppConfig):
    name = "standings"
    verbose_name = "Standings"
