"""Campaigns, crews and their arsenals, with ledgers and history.

Quantities that change over a campaign are never overwritten in place without a record:
scrip is an append-only ledger (``ScripEntry``) whose sum is the balance (``Crew.scrip``
caches it inside the same transaction and is reconciled in tests), and every change to an
arsenal is an ``ArsenalEvent``. Annihilated models and upgrades stay in the database with
their status, so the sheet's history stays whole.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.contenttypes.fields import GenericForeignKey
from django.contrib.contenttypes.models import ContentType
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy
from django.utils.translation import gettext_lazy as _

from campaign.sheet_versions import SheetRowsQuerySet
from catalogue.models import ContentPack, Faction, ModelCard, Station, UpgradeCard

STANDARD_LENGTHS = (4, 6, 8, 12)
WEEKLY_SCRIP_CAP = 16
EXTRA_SCRIP_CAP = 20
MAX_STARTING_SCRIP = 3


class Campaign(models.Model):
    class Status(models.TextChoices):
        SETUP = "setup", gettext_lazy("Setting up")
        RUNNING = "running", gettext_lazy("Running")
        ENDED = "ended", gettext_lazy("Ended")

    class Competitive(models.TextChoices):
        NONE = "none", gettext_lazy("None (narrative)")
        TOURNAMENT = "tournament", gettext_lazy("Tournament Style")
        HIDE_OUTS = "hide_outs", gettext_lazy("Hide Outs")

    class Visibility(models.TextChoices):
        PUBLIC = "public", gettext_lazy("Public")
        MEMBERS = "members", gettext_lazy("League members only")

    class AutoResolve(models.TextChoices):
        NEVER = "never", _("Never")
        BOTH_PLAYERS = "both_players", _("When both players agree")
        ORGANIZER = "organizer", _("An organizer may")

    class Weekday(models.IntegerChoices):
        MONDAY = 0, gettext_lazy("Monday")
        TUESDAY = 1, gettext_lazy("Tuesday")
        WEDNESDAY = 2, gettext_lazy("Wednesday")
        THURSDAY = 3, gettext_lazy("Thursday")
        FRIDAY = 4, gettext_lazy("Friday")
        SATURDAY = 5, gettext_lazy("Saturday")
        SUNDAY = 6, gettext_lazy("Sunday")

    league = models.ForeignKey("league.League", on_delete=models.CASCADE,
                               related_name="campaigns")
    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=140)
    description = models.TextField(blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SETUP)
    visibility = models.CharField(max_length=10, choices=Visibility.choices,
                                  default=Visibility.PUBLIC)
    length_weeks = models.PositiveSmallIntegerField(
        default=6, validators=[MinValueValidator(1), MaxValueValidator(52)],
        help_text=gettext_lazy("The book suggests 4, 6, 8 or 12 weeks."),
    )
    start_date = models.DateField(help_text=gettext_lazy("The first weekly event day."))
    weekday = models.PositiveSmallIntegerField(choices=Weekday.choices, default=Weekday.TUESDAY)
    current_week = models.PositiveSmallIntegerField(
        default=1, help_text=gettext_lazy("The campaign week now in play (1 while setting up).")
    )
    turnover_hour = models.PositiveSmallIntegerField(
        default=9,
        validators=[MaxValueValidator(23)],
        help_text=gettext_lazy(
            "Hour of the designated day (league time) when the week turns over."
        ),
    )
    starting_arsenal_size = models.PositiveSmallIntegerField(
        default=35, validators=[MinValueValidator(20), MaxValueValidator(100)]
    )
    max_games_per_week = models.PositiveSmallIntegerField(
        default=2, validators=[MinValueValidator(1), MaxValueValidator(14)]
    )
    aftermath_deadline_hours = models.PositiveSmallIntegerField(
        default=72,
        validators=[MinValueValidator(1), MaxValueValidator(24 * 14)],
        help_text=gettext_lazy(
            "Hours a player has for each Aftermath decision before the default (no "
            "cheat, no purchase) is taken for them."
        ),
    )
    # Optional rules (campaign book, Optional Rules); all off by default.
    masters_from_start = models.BooleanField("Masters from the start", default=False)
    no_injuries = models.BooleanField("No Injuries", default=False)
    individual_events = models.BooleanField("Individual Events", default=False)
    extra_scrip = models.BooleanField("Extra Scrip", default=False)
    unavoidable_injury = models.BooleanField("Unavoidable Injury", default=False)
    collusion_and_trading = models.BooleanField("Collusion and Trading", default=False)
    highlander = models.BooleanField("Highlander", default=False)
    good_doctor = models.BooleanField("The Good Doctor", default=False)
    wandering_relic = models.BooleanField("The Wandering Relic", default=False)
    before_the_event = models.BooleanField("Before The Event", default=False)
    cut_em_up = models.BooleanField("Cut 'Em Up For Parts", default=False)
    competitive_mode = models.CharField(max_length=12, choices=Competitive.choices,
                                        default=Competitive.NONE)
    auto_resolve = models.CharField(
        _("Auto-resolve"), max_length=12, choices=AutoResolve.choices,
        default=AutoResolve.NEVER,
        help_text=_("Who may have the simulator play a game: nobody, both players together "
                    "(both confirm the result), or an organizer (who rules the result)."))
    content_packs = models.ManyToManyField(
        ContentPack, blank=True, related_name="campaigns",
        help_text=gettext_lazy("Cards crews may hire from (all packs when none are chosen)."),
    )
    # Blank allowed: a campaign whose creator left (SET_NULL) still saves its settings.
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    OPTION_FIELDS = (
        "masters_from_start",
        "no_injuries",
        "individual_events",
        "extra_scrip",
        "unavoidable_injury",
        "collusion_and_trading",
        "highlander",
        "good_doctor",
        "wandering_relic",
        "before_the_event",
        "cut_em_up",
    )

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(fields=["league", "slug"], name="unique_campaign_slug"),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("campaign:detail", args=[self.pk])

    @property
    def weekly_scrip_cap(self) -> int:
        return EXTRA_SCRIP_CAP if self.extra_scrip else WEEKLY_SCRIP_CAP

    @property
    def halfway_week(self) -> int:
        """The week whose New Hires first allow a Master (week 4 of 6, week 5 of 8)."""
        return self.length_weeks // 2 + 1

    @property
    def is_read_only(self) -> bool:
        return self.status == self.Status.ENDED

    def enabled_options(self) -> list[str]:
        return [
            self._meta.get_field(f).verbose_name for f in self.OPTION_FIELDS if getattr(self, f)
        ]


class Crew(models.Model):
    """A player's crew in one campaign: faction, leader, arsenal, scrip and history."""

    class Status(models.TextChoices):
        BUILDING = "building", gettext_lazy("Building the starting arsenal")
        ACTIVE = "active", gettext_lazy("Active")
        RETIRED = "retired", gettext_lazy("Retired (started anew)")

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="crews")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="crews"
    )
    name = models.CharField(max_length=120)
    faction = models.ForeignKey(Faction, on_delete=models.PROTECT, related_name="crews")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.BUILDING)
    leader = models.ForeignKey(
        "ArsenalModel", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    joined_week = models.PositiveSmallIntegerField(default=1)
    scrip = models.IntegerField(
        default=0, help_text=gettext_lazy("Cached sum of the scrip ledger.")
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["campaign", "name"]
        constraints = [
            models.UniqueConstraint(
                fields=["campaign", "player"],
                condition=~models.Q(status="retired"),
                name="one_current_crew_per_player",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("campaign:crew", args=[self.pk])


class ArsenalModel(models.Model):
    """One model in a crew's arsenal. Its station may change (Change of Station)."""

    class Status(models.TextChoices):
        ACTIVE = "active", gettext_lazy("In the arsenal")
        ANNIHILATED = "annihilated", gettext_lazy("Annihilated")

    crew = models.ForeignKey(Crew, on_delete=models.CASCADE, related_name="models")
    card = models.ForeignKey(ModelCard, on_delete=models.PROTECT, related_name="+")
    station = models.CharField(max_length=10, choices=Station.choices)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.ACTIVE)
    hired_week = models.PositiveSmallIntegerField(default=1)
    cost_paid = models.PositiveSmallIntegerField(default=0)
    annihilated_week = models.PositiveSmallIntegerField(null=True, blank=True)
    misses_next_game = models.BooleanField(
        default=False,
        help_text=gettext_lazy("Knocked Out: not hired in the next game unless it leads."),
    )
    gained_characteristics = models.JSONField(
        default=list, blank=True,
        help_text=gettext_lazy("Characteristics a campaign effect gave it (Grand Tomb: Undead)."),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    objects = SheetRowsQuerySet.as_manager()  # keeps cached sheets true

    class Meta:
        ordering = ["crew", "id"]

    def __str__(self) -> str:
        return self.card.name

    @property
    def is_active(self) -> bool:
        return self.status == self.Status.ACTIVE


class ArsenalUpgrade(models.Model):
    """An upgrade, skill, injury or campaign equipment held by a crew.

    Non-Campaign upgrades come from an ``UpgradeCard`` and may move between legal models;
    skills and injuries are rows of the campaign tables (``table_key``) and stay on the
    model they were attached to. ``stat_effects`` holds e.g. ``{"df": -1}``.
    """

    class Kind(models.TextChoices):
        UPGRADE = "upgrade", gettext_lazy("Upgrade")
        EQUIPMENT = "equipment", gettext_lazy("Campaign Equipment")
        SKILL = "skill", gettext_lazy("Skill")
        INJURY = "injury", gettext_lazy("Injury")

    class Status(models.TextChoices):
        ACTIVE = "active", gettext_lazy("In the arsenal")
        ANNIHILATED = "annihilated", gettext_lazy("Annihilated")

    crew = models.ForeignKey(Crew, on_delete=models.CASCADE, related_name="upgrades")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    card = models.ForeignKey(
        UpgradeCard, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    table_key = models.CharField(max_length=80, blank=True)
    name = models.CharField(max_length=120)
    attached_to = models.ForeignKey(
        ArsenalModel, null=True, blank=True, on_delete=models.SET_NULL, related_name="upgrades"
    )
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.ACTIVE)
    acquired_week = models.PositiveSmallIntegerField(default=1)
    cost_paid = models.PositiveSmallIntegerField(default=0)
    stat_effects = models.JSONField(default=dict, blank=True)
    counts_as_skill = models.BooleanField(default=False)
    from_event_week = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text=gettext_lazy("Added by The Event in this week (an Avatar)."),
    )
    wandering_relic = models.BooleanField(
        default=False,
        help_text=gettext_lazy("The Wandering Relic: passes to whoever beats its crew."),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    objects = SheetRowsQuerySet.as_manager()  # keeps cached sheets true

    class Meta:
        ordering = ["crew", "kind", "id"]

    def __str__(self) -> str:
        return self.name


class ScripEntry(models.Model):
    """One line of the scrip ledger. Gains count toward the weekly cap; the excess over
    the cap is recorded as a ``discarded`` entry, never silently dropped."""

    class Kind(models.TextChoices):
        STARTING = "starting", gettext_lazy("Unspent starting soulstones")
        GAIN = "gain", gettext_lazy("Earned")
        DISCARDED = "discarded", gettext_lazy("Discarded over the weekly cap")
        SPEND = "spend", gettext_lazy("Spent")
        ADJUSTMENT = "adjustment", gettext_lazy("Organizer adjustment")

    crew = models.ForeignKey(Crew, on_delete=models.CASCADE, related_name="scrip_entries")
    week = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=10, choices=Kind.choices)
    amount = models.IntegerField(
        help_text=gettext_lazy("Signed: gains positive, spending negative.")
    )
    reason = models.CharField(max_length=200)
    source_type = models.ForeignKey(ContentType, null=True, blank=True, on_delete=models.SET_NULL)
    source_id = models.PositiveBigIntegerField(null=True, blank=True)
    source = GenericForeignKey("source_type", "source_id")
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    objects = SheetRowsQuerySet.as_manager()  # keeps cached sheets true

    class Meta:
        ordering = ["crew", "id"]
        indexes = [models.Index(fields=["crew", "week", "kind"])]

    def __str__(self) -> str:
        return f"{self.amount:+d} scrip ({self.reason})"


class ArsenalEvent(models.Model):
    """The history of an arsenal: every hire, purchase, injury, skill, change and loss."""

    class Kind(models.TextChoices):
        STARTED = "started", gettext_lazy("Starting arsenal built")
        HIRED = "hired", gettext_lazy("Model hired")
        UPGRADE_BOUGHT = "upgrade_bought", gettext_lazy("Upgrade bought")
        UPGRADE_MOVED = "upgrade_moved", gettext_lazy("Upgrade moved")
        SKILL = "skill", gettext_lazy("Skill gained")
        INJURY = "injury", gettext_lazy("Injury suffered")
        STATION = "station", gettext_lazy("Station changed")
        ANNIHILATED = "annihilated", gettext_lazy("Annihilated")
        LEADER = "leader", gettext_lazy("New Leader")
        RETIRED = "retired", gettext_lazy("Crew started anew")

    crew = models.ForeignKey(Crew, on_delete=models.CASCADE, related_name="events")
    kind = models.CharField(max_length=16, choices=Kind.choices)
    week = models.PositiveSmallIntegerField()
    model = models.ForeignKey(
        ArsenalModel, null=True, blank=True, on_delete=models.SET_NULL, related_name="events"
    )
    upgrade = models.ForeignKey(
        ArsenalUpgrade, null=True, blank=True, on_delete=models.SET_NULL, related_name="events"
    )
    description = models.CharField(max_length=250)
    detail = models.JSONField(default=dict, blank=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    objects = SheetRowsQuerySet.as_manager()  # keeps cached sheets true

    class Meta:
        ordering = ["crew", "id"]

    def __str__(self) -> str:
        return self.description


class NewHires(models.Model):
    """The record that a crew took its New Hires in a week (one per crew per week)."""

    crew = models.ForeignKey(Crew, on_delete=models.CASCADE, related_name="new_hires")
    week = models.PositiveSmallIntegerField()
    scrip_spent = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["crew", "week"], name="one_new_hires_per_week"),
        ]

    def __str__(self) -> str:
        return f"New Hires of {self.crew}, week {self.week}"


class CrewBounty(models.Model):
    """A bounty a crew bought and its progress (parts completed). The aftermath fills it."""

    class Status(models.TextChoices):
        ACTIVE = "active", gettext_lazy("In progress")
        COMPLETED = "completed", gettext_lazy("Completed")
        ABANDONED = "abandoned", gettext_lazy("Abandoned")

    crew = models.ForeignKey(Crew, on_delete=models.CASCADE, related_name="bounties")
    bounty_key = models.CharField(max_length=80)
    name = models.CharField(max_length=120)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ACTIVE)
    progress = models.JSONField(default=dict, blank=True)
    bought_week = models.PositiveSmallIntegerField()
    completed_week = models.PositiveSmallIntegerField(null=True, blank=True)

    objects = SheetRowsQuerySet.as_manager()  # keeps cached sheets true

    class Meta:
        ordering = ["crew", "id"]

    def __str__(self) -> str:
        return self.name


class HideOut(models.Model):
    """A crew's hide out (Hide Outs competitive mode): its type and built fortifications."""

    crew = models.OneToOneField(Crew, on_delete=models.CASCADE, related_name="hide_out")
    hide_out_key = models.CharField(max_length=80)
    name = models.CharField(max_length=120)
    flair = models.PositiveSmallIntegerField(default=0)

    objects = SheetRowsQuerySet.as_manager()  # keeps cached sheets true

    def __str__(self) -> str:
        return self.name


class Fortification(models.Model):
    hide_out = models.ForeignKey(HideOut, on_delete=models.CASCADE, related_name="fortifications")
    key = models.CharField(max_length=80)
    name = models.CharField(max_length=120)
    built_week = models.PositiveSmallIntegerField()

    objects = SheetRowsQuerySet.as_manager()  # keeps cached sheets true

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["hide_out", "key"], name="one_of_each_fortification"),
        ]

    def __str__(self) -> str:
        return self.name


class ConstructionEntry(models.Model):
    """Construction material ledger (Hide Outs mode), append-only like scrip."""

    crew = models.ForeignKey(Crew, on_delete=models.CASCADE, related_name="cm_entries")
    week = models.PositiveSmallIntegerField()
    amount = models.IntegerField()
    reason = models.CharField(max_length=200)
    source_type = models.ForeignKey(
        ContentType, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    source_id = models.PositiveBigIntegerField(null=True, blank=True)
    source = GenericForeignKey("source_type", "source_id")
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["crew", "id"]

    def __str__(self) -> str:
        return f"{self.amount:+d} construction material ({self.reason})"


from campaign.weeks.models import (  # noqa: E402  (registered with this app)
    BulletDraw,
    CampaignWeek,
    PitFight,
    PitFightEntry,
    TurnoverRun,
    WeekTransition,
)

__all__ = [
    "ArsenalEvent",
    "ArsenalModel",
    "ArsenalUpgrade",
    "BulletDraw",
    "Campaign",
    "CampaignWeek",
    "ConstructionEntry",
    "Crew",
    "CrewBounty",
    "Fortification",
    "HideOut",
    "NewHires",
    "PitFight",
    "PitFightEntry",
    "ScripEntry",
    "TurnoverRun",
    "WeekTransition",
]
