"""The Aftermath of a campaign game: one row per crew per game, walked phase by phase.

``Aftermath.phase`` follows ``LIFECYCLE``: the automatic part (Aftermath hand, Payday,
bounty progress) runs in one transaction from ``pending`` to the first phase that needs
the player; each later phase ends in its own transaction. A crash rolls a phase back
whole, and a phase already passed is never applied again (the row is locked and its
phase re-read), so the job may run any number of times.

``AftermathStep`` is the phase's record: every scrip, construction material and arsenal
change made by the Aftermath points at one (ledger ``source``, event ``detail``), and the
step points at the game and the phase.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy

from campaign.lifecycle import StateMachine
from campaign.sheet_versions import SheetRowsQuerySet


class Aftermath(models.Model):
    class Phase(models.TextChoices):
        PENDING = "pending", gettext_lazy("Waiting for the automatic part")
        BARTER = "barter", gettext_lazy("Barter")
        REWARD = "reward", gettext_lazy("Reward flip")
        BOUNTY = "bounty", gettext_lazy("Purchase a Bounty")
        INJURIES = "injuries", gettext_lazy("Injuries")
        EXTRAS = "extras", gettext_lazy("The Doc's and the hide out")
        DONE = "done", gettext_lazy("Done")

    ORDER = (Phase.PENDING, Phase.BARTER, Phase.REWARD, Phase.BOUNTY, Phase.INJURIES,
             Phase.EXTRAS, Phase.DONE)
    #: Phases only move forward; one with nothing to decide is passed over.
    LIFECYCLE = StateMachine(initial=Phase.PENDING, transitions={
        Phase.PENDING: ORDER[1:], Phase.BARTER: ORDER[2:], Phase.REWARD: ORDER[3:],
        Phase.BOUNTY: ORDER[4:], Phase.INJURIES: ORDER[5:], Phase.EXTRAS: ORDER[6:],
        Phase.DONE: (),
    })

    game = models.ForeignKey("encounters.Game", on_delete=models.CASCADE,
                             related_name="aftermaths")
    crew = models.ForeignKey("campaign.Crew", on_delete=models.CASCADE,
                             related_name="aftermaths")
    side_key = models.CharField(max_length=1)
    opponent = models.ForeignKey("campaign.Crew", null=True, blank=True,
                                 on_delete=models.SET_NULL, related_name="+")
    week = models.PositiveSmallIntegerField()
    phase = models.CharField(max_length=10, choices=Phase.choices, default=Phase.PENDING)
    seed = models.CharField(max_length=24, help_text=gettext_lazy("The Aftermath deck's seed."))
    dealt = models.PositiveIntegerField(
        default=0, help_text=gettext_lazy("Cards dealt from the deck so far.")
    )
    hand = models.JSONField(
        default=list,
        blank=True,
        help_text=gettext_lazy("Cards left in the Aftermath hand (secret to the crew)."),
    )
    state = models.JSONField(
        default=dict,
        blank=True,
        help_text=gettext_lazy("The open phase's progress and pending question."),
    )
    deadline = models.DateTimeField(
        null=True, blank=True, help_text=gettext_lazy("When the defaults are taken for the player.")
    )
    defaults_taken = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    version = models.PositiveIntegerField(default=0)

    objects = SheetRowsQuerySet.as_manager()  # keeps cached sheets true

    class Meta:
        ordering = ["game", "side_key"]
        constraints = [
            models.UniqueConstraint(fields=["game", "crew"], name="one_aftermath_per_crew_game"),
        ]
        indexes = [models.Index(fields=["phase", "deadline"])]

    def __str__(self) -> str:
        return f"Aftermath of {self.crew} after game {self.game_id}"

    def get_absolute_url(self) -> str:
        return reverse("aftermath:wizard", args=[self.pk])

    @property
    def is_done(self) -> bool:
        return self.phase == self.Phase.DONE


class AftermathStep(models.Model):
    """What one phase did (or one decision in it), in the order it happened."""

    aftermath = models.ForeignKey(Aftermath, on_delete=models.CASCADE, related_name="steps")
    phase = models.CharField(max_length=10)
    description = models.CharField(max_length=250)
    detail = models.JSONField(default=dict, blank=True)
    flips = models.JSONField(
        default=list,
        blank=True,
        help_text=gettext_lazy("Ids of the FlipRecords this step made, in order."),
    )
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    by_default = models.BooleanField(
        default=False, help_text=gettext_lazy("Taken at the deadline.")
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["aftermath", "id"]

    def __str__(self) -> str:
        return self.description
