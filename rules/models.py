"""Recorded flips.

Every card the server flips comes from a freshly seeded Fate Deck and is stored with its
seed, so a disputed result can be replayed exactly; a card flipped at the table is
entered by a player and stored as such. Later apps link a flip to what it decided
(a game, a week, an aftermath step) through ``subject``.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.contenttypes.fields import GenericForeignKey
from django.contrib.contenttypes.models import ContentType
from django.db import models
from django.utils.translation import gettext_lazy


class FlipRecord(models.Model):
    class Source(models.TextChoices):
        DECK = "deck", gettext_lazy("Flipped by the server")
        TABLE = "table", gettext_lazy("Flipped at the table")

    purpose = models.CharField(
        max_length=120, help_text=gettext_lazy("What the flip decided, e.g. 'attack'.")
    )
    source = models.CharField(max_length=5, choices=Source.choices, default=Source.DECK)
    seed = models.CharField(
        max_length=24,
        blank=True,
        help_text=gettext_lazy("Deck seed (server flips); replays the same cards."),
    )
    cards = models.JSONField(help_text=gettext_lazy("Card codes in the order flipped."))
    skip = models.PositiveIntegerField(
        default=0,
        help_text=gettext_lazy(
            "Cards dealt from the seeded deck before this flip (an Aftermath "
            "flips many times from one deck)."
        ),
    )
    net_twist = models.SmallIntegerField(
        default=0, help_text=gettext_lazy("Fate modifiers after cancelling.")
    )
    chosen = models.CharField(
        max_length=8, help_text=gettext_lazy("The card chosen from the flip.")
    )
    cheated_in = models.CharField(
        max_length=8, blank=True, help_text=gettext_lazy("Card cheated in, if any.")
    )
    flipped_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="flips",
    )
    subject_type = models.ForeignKey(ContentType, null=True, blank=True, on_delete=models.SET_NULL)
    subject_id = models.PositiveBigIntegerField(null=True, blank=True)
    subject = GenericForeignKey("subject_type", "subject_id")
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["subject_type", "subject_id"])]

    def __str__(self) -> str:
        final = self.cheated_in or self.chosen
        return f"{self.purpose}: {' '.join(self.cards)} -> {final}"

    @property
    def final(self) -> str:
        """The card that counts: the card cheated in, else the card chosen."""
        return self.cheated_in or self.chosen
