from django.apps import AppConfig
from django.db.models.signals import post_migrate


class CatalogueConfig(AppConfig):
    name = "catalogue"
    verbose_name = "Content catalogue"

    def ready(self) -> None:
        post_migrate.connect(ensure_factions, sender=self)


def ensure_factions(using="default", **kwargs) -> None:
    """Keep the seven faction rows present after every migrate and every flush (a flush
    empties tables that a data migration filled; Django re-sends post_migrate after it)."""
    from catalogue.models import Faction
    from rules.tables import FACTIONS

    existing = set(Faction.objects.using(using).values_list("code", flat=True))
    Faction.objects.using(using).bulk_create(
        [Faction(code=code, name=name) for code, name in FACTIONS.items() if code not in existing]
    )
