"""Campaign nights: who checked in, how they were paired, at which table, and the game
each pairing became. ``nights.services`` is the only writer."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy

from campaign.lifecycle import StateMachine


class CampaignNight(models.Model):
    """The evening of one campaign week at the venue. Its state moves along ``LIFECYCLE``;
    a change of check-ins after pairing sends it back to open (the pairings go)."""

    class State(models.TextChoices):
        OPEN = "open", gettext_lazy("Checking in")
        PAIRED = "paired", gettext_lazy("Paired")
        STARTED = "started", gettext_lazy("Games started")
        CLOSED = "closed", gettext_lazy("Closed")

    class Method(models.TextChoices):
        STANDINGS = "standings", gettext_lazy("By current standings")
        RANDOM = "random", gettext_lazy("At random")

    LIFECYCLE = StateMachine(
        initial=State.OPEN,
        transitions={
            State.OPEN: (State.PAIRED, State.CLOSED),
            State.PAIRED: (State.OPEN, State.STARTED, State.CLOSED),
            State.STARTED: (State.CLOSED,),
            State.CLOSED: (),
        },
    )

    campaign = models.ForeignKey("campaign.Campaign", on_delete=models.CASCADE,
                                 related_name="nights")
    week = models.ForeignKey("campaign.CampaignWeek", on_delete=models.CASCADE,
                             related_name="nights")
    date = models.DateField()
    state = models.CharField(max_length=8, choices=State.choices, default=State.OPEN)
    method = models.CharField(max_length=10, choices=Method.choices, default=Method.STANDINGS,
                              help_text=gettext_lazy("How the last pairings were ordered."))
    seed = models.BigIntegerField(
        null=True, blank=True, help_text=gettext_lazy("The random pairing's seed, to replay it.")
    )
    notes = models.JSONField(
        default=list,
        blank=True,
        help_text=gettext_lazy("Why checked-in crews got no game: crew id and sentence."),
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-date", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["week"], name="one_night_per_week"),
        ]

    def __str__(self) -> str:
        return f"{self.campaign}, week {self.week.number} night"

    def get_absolute_url(self) -> str:
        return reverse("nights:night", args=[self.pk])

    @property
    def is_pairable(self) -> bool:
        return self.state in (self.State.OPEN, self.State.PAIRED)


class CheckIn(models.Model):
    night = models.ForeignKey(CampaignNight, on_delete=models.CASCADE, related_name="check_ins")
    crew = models.ForeignKey("campaign.Crew", on_delete=models.CASCADE, related_name="+")
    checked_in_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["night", "at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["night", "crew"], name="check_in_once"),
        ]

    def __str__(self) -> str:
        return f"{self.crew} at {self.night}"


class Pairing(models.Model):
    """Two crews at a table, or one crew's bye (recorded, no game)."""

    night = models.ForeignKey(CampaignNight, on_delete=models.CASCADE, related_name="pairings")
    table = models.PositiveSmallIntegerField(null=True, blank=True)
    crew_a = models.ForeignKey("campaign.Crew", on_delete=models.CASCADE, related_name="+")
    crew_b = models.ForeignKey(
        "campaign.Crew", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    bye = models.BooleanField(default=False)
    game = models.OneToOneField(
        "encounters.Game", null=True, blank=True, on_delete=models.SET_NULL, related_name="pairing"
    )
    explanations = models.JSONField(
        default=list,
        blank=True,
        help_text=gettext_lazy("Rules this pairing could not meet, and why."),
    )

    class Meta:
        ordering = ["night", "bye", "table", "id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(bye=True, crew_b__isnull=True)
                | models.Q(bye=False, crew_b__isnull=False),
                name="bye_has_no_opponent",
            ),
            models.UniqueConstraint(
                fields=["night", "table"],
                condition=models.Q(bye=False),
                name="one_pairing_per_table",
            ),
        ]

    def __str__(self) -> str:
        if self.bye:
            return f"{self.crew_a}: bye"
        return f"Table {self.table}: {self.crew_a} vs {self.crew_b}"
