from django.apps import AppConfig
from django.db.models.signals import post_migrate


class RulesConfig(AppConfig):
    name = "rules"
    verbose_name = "Rules and flips"

    def ready(self) -> None:
        post_migrate.connect(ensure_factions, sender=self)


#: The seven factions of second edition (code, name).
FACTIONS = (
    ("arcanists", "Arcanists"),
    ("gremlins", "Gremlins"),
    ("guild", "Guild"),
    ("neverborn", "Neverborn"),
    ("outcasts", "Outcasts"),
    ("resurrectionists", "Resurrectionists"),
    ("ten-thunders", "Ten Thunders"),
)


def ensure_factions(using="default", **kwargs) -> None:
    """Keep the seven faction rows present after every migrate and every flush (a flush
    empties tables that a data migration filled; Django re-sends post_migrate after it)."""
    from rules.models import Faction

    existing = set(Faction.objects.using(using).values_list("code", flat=True))
    Faction.objects.using(using).bulk_create(
        [Faction(code=code, name=name) for code, name in FACTIONS if code not in existing]
    )
