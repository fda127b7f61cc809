from django.apps import AppConfig


class EncountersConfig(AppConfig):
    name = "encounters"
