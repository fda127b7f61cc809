"""Leagues (a club or a store), their members and roles, and invitations.

A person belongs to a league through a ``Membership`` with one role: admin, organizer
or player. Several organizers per league are normal. People join by an invitation link
(joining at once) or by a request an organizer approves.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy


class Role(models.TextChoices):
    ADMIN = "admin", gettext_lazy("Admin")
    ORGANIZER = "organizer", gettext_lazy("Organizer")
    PLAYER = "player", gettext_lazy("Player")


#: Roles that may run the league's campaigns (create, configure, resolve, export).
MANAGING_ROLES = frozenset({Role.ADMIN, Role.ORGANIZER})


class Ruleset(models.TextChoices):
    """Editions a league may play standalone encounters in (``rules.engine.ruleset``)."""

    SECOND = "m2e", gettext_lazy("Second edition")
    FIRST = "m1e", gettext_lazy("First edition")


class League(models.Model):
    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=140, unique=True)
    description = models.TextField(blank=True)
    time_zone = models.CharField(
        max_length=60,
        default="UTC",
        help_text=gettext_lazy("Weekly events turn over in this time zone."),
    )
    is_public = models.BooleanField(
        default=True, help_text=gettext_lazy("Anyone may see the league page and ask to join.")
    )
    default_ruleset = models.CharField(
        max_length=3,
        choices=Ruleset.choices,
        default=Ruleset.SECOND,
        help_text=gettext_lazy(
            "The edition its members' standalone encounters use unless they pick "
            "another. Campaigns are always second edition."
        ),
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("league:detail", args=[self.slug])


class Membership(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", gettext_lazy("Active")
        REQUESTED = "requested", gettext_lazy("Asked to join")
        DECLINED = "declined", gettext_lazy("Declined")
        LEFT = "left", gettext_lazy("Left")

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.PLAYER)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ACTIVE)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["league", "user"], name="one_membership_per_league")
        ]
        ordering = ["league", "role", "user__username"]

    def __str__(self) -> str:
        return f"{self.user} in {self.league} ({self.role}, {self.status})"

    @property
    def is_active(self) -> bool:
        return self.status == self.Status.ACTIVE

    @property
    def can_manage(self) -> bool:
        return self.is_active and self.role in MANAGING_ROLES


def _new_token() -> str:
    return secrets.token_urlsafe(24)


class Invitation(models.Model):
    """A shareable link: whoever opens it (logged in) joins the league with ``role``."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="invitations")
    token = models.CharField(max_length=64, unique=True, default=_new_token)
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.PLAYER)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField(null=True, blank=True)
    max_uses = models.PositiveIntegerField(null=True, blank=True)
    uses = models.PositiveIntegerField(default=0)
    revoked = models.BooleanField(default=False)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"Invitation to {self.league} as {self.role}"

    def get_absolute_url(self) -> str:
        return reverse("league:join", args=[self.token])

    def refusal(self) -> str | None:
        """Why the link cannot be used now, or None when it can."""
        if self.revoked:
            return "This invitation was withdrawn by the league's organizers."
        if self.expires_at and self.expires_at <= timezone.now():
            return "This invitation has expired; ask an organizer for a new link."
        if self.max_uses is not None and self.uses >= self.max_uses:
            return "This invitation has been used up; ask an organizer for a new link."
        return None
