"""The content catalogue: factions, content packs, stat cards and upgrade cards.

Organizers bring cards in as versioned packs (JSON or CSV, see ``docs/content-packs.md``);
arsenals, hiring and the simulator read a model's stat line and actions from here.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy


class Station(models.TextChoices):
    """A model's station decides its upgrade slots, soulstone use and whether it may lead."""

    MASTER = "master", gettext_lazy("Master")
    HENCHMAN = "henchman", gettext_lazy("Henchman")
    ENFORCER = "enforcer", gettext_lazy("Enforcer")
    MINION = "minion", gettext_lazy("Minion")
    PEON = "peon", gettext_lazy("Peon")


#: Upgrade slots by station (rules manual, Station Characteristics).
UPGRADE_SLOTS = {
    Station.MASTER: 3,
    Station.HENCHMAN: 2,
    Station.ENFORCER: 1,
    Station.MINION: 0,
    Station.PEON: 0,
}
SOULSTONE_USERS = frozenset({Station.MASTER, Station.HENCHMAN})


class Faction(models.Model):
    """One of the seven factions of second edition (rows created by a data migration)."""

    code = models.SlugField(max_length=30, unique=True)
    name = models.CharField(max_length=40, unique=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class ContentPack(models.Model):
    """A versioned bundle of stat cards and upgrade cards, imported and exported as a unit.

    ``is_sample`` marks the pack that ships with the product: its name says so, and every
    page that shows one of its cards shows a "sample data" label.
    """

    name = models.CharField(max_length=120, unique=True)
    slug = models.SlugField(max_length=120, unique=True)
    version = models.CharField(max_length=30, default="1")
    description = models.TextField(blank=True)
    is_sample = models.BooleanField(default=False)
    #: The pack format it was imported in (older formats are migrated on import).
    format_version = models.PositiveSmallIntegerField(default=1)
    #: The pack's own Conditions (format 2): ``[{"name", "text", "effects"}]``.
    conditions = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class ModelCard(models.Model):
    """A model's stat card.

    ``cost`` is None for Masters (they are not hired for Soulstones); ``cache`` is set for
    Masters and Henchmen. Hiring characteristics are explicit fields so hiring rules can
    query them; other characteristics (Living, Undead, Construct, Beast...) are keywords.
    Abilities and actions are structured JSON documented in ``docs/content-packs.md``.
    """

    pack = models.ForeignKey(ContentPack, on_delete=models.CASCADE, related_name="models")
    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=140)
    factions = models.ManyToManyField(Faction, related_name="model_cards")
    station = models.CharField(max_length=10, choices=Station.choices)
    characteristics = models.JSONField(
        default=list,
        blank=True,
        help_text=gettext_lazy('Keywords such as ["Living", "Construct"].'),
    )
    is_mercenary = models.BooleanField(default=False)
    is_unique = models.BooleanField(default=False)
    rare = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text=gettext_lazy("Rare N: at most N in a crew (Unique counts as 1)."),
    )
    is_totem = models.BooleanField(default=False)
    totem_of = models.CharField(
        max_length=120,
        blank=True,
        help_text=gettext_lazy("Totem (Master): only this Master may hire it."),
    )
    cost = models.PositiveSmallIntegerField(null=True, blank=True)
    cache = models.PositiveSmallIntegerField(null=True, blank=True)
    wk = models.PositiveSmallIntegerField()
    cg = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=gettext_lazy("Empty for '-'.")
    )
    ht = models.PositiveSmallIntegerField()
    wp = models.PositiveSmallIntegerField()
    df = models.PositiveSmallIntegerField()
    wd = models.PositiveSmallIntegerField()
    base_size = models.PositiveSmallIntegerField(choices=[(30, "30mm"), (40, "40mm"), (50, "50mm")])
    abilities = models.JSONField(default=list, blank=True)
    actions = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["pack", "slug"], name="unique_model_slug_per_pack")
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def rare_limit(self) -> int | None:
        """How many a crew may hold: Unique is one, Rare N is N, otherwise unlimited."""
        return 1 if self.is_unique else self.rare

    @property
    def can_use_soulstones(self) -> bool:
        return self.station in SOULSTONE_USERS

    @property
    def upgrade_slots(self) -> int:
        return UPGRADE_SLOTS[Station(self.station)]


class UpgradeCard(models.Model):
    """An upgrade card with its hiring restrictions.

    ``factions`` empty means any faction. Restrictions: ``limited`` (one Limited upgrade
    per model), ``rare`` (copies per crew), ``stations`` (allowed stations, empty = any
    that can take upgrades), ``model_name`` (only that model), ``leader_only`` and
    ``leader_name`` (only the crew's Leader / only in a crew led by that model).
    """

    pack = models.ForeignKey(ContentPack, on_delete=models.CASCADE, related_name="upgrades")
    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=140)
    factions = models.ManyToManyField(Faction, related_name="upgrade_cards", blank=True)
    cost = models.PositiveSmallIntegerField(default=0)
    limited = models.BooleanField(default=False)
    rare = models.PositiveSmallIntegerField(null=True, blank=True)
    stations = models.JSONField(default=list, blank=True)
    model_name = models.CharField(max_length=120, blank=True)
    leader_only = models.BooleanField(default=False)
    leader_name = models.CharField(max_length=120, blank=True)
    is_avatar = models.BooleanField(default=False)
    effect = models.TextField(
        blank=True, help_text=gettext_lazy("What the upgrade does, in our own words.")
    )

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["pack", "slug"], name="unique_upgrade_slug_per_pack")
        ]

    def __str__(self) -> str:
        return self.name
