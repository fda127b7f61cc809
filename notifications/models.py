"""Notifications and each user's email preferences.

A ``Notification`` is written once per (user, kind, key): the key names what it is about
("report:12"), so a retried job or a second call never notifies twice. It keeps the
parameters of its message, not the message (see ``notifications.kinds``).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy

from notifications import kinds


class Notification(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="notifications")
    kind = models.CharField(max_length=30)
    key = models.CharField(
        max_length=120,
        help_text=gettext_lazy("What it is about; the same key never notifies twice."),
    )
    params = models.JSONField(
        default=dict,
        blank=True,
        help_text=gettext_lazy(
            "The message's names and numbers (never a secret of anyone but this user)."
        ),
    )
    url = models.CharField(max_length=300, blank=True, help_text=gettext_lazy("The page to open."))
    created_at = models.DateTimeField(auto_now_add=True)
    read_at = models.DateTimeField(null=True, blank=True)
    emailed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["user", "kind", "key"], name="notify_once"),
        ]
        indexes = [models.Index(fields=["user", "read_at"], name="notification_unread")]

    def __str__(self) -> str:
        return f"{self.kind} for {self.user_id}: {self.key}"

    def get_absolute_url(self) -> str:
        return reverse("notifications:open", args=[self.pk])

    @property
    def message(self) -> str:
        kind = kinds.KINDS.get(self.kind)  # a kind since removed still lists, by its key
        return kind.render(self.params) if kind else self.kind

    @property
    def is_read(self) -> bool:
        return self.read_at is not None


class EmailPreference(models.Model):
    """A user's choice for one kind; without a row the kind's default applies."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="email_preferences"
    )
    kind = models.CharField(max_length=30)
    email = models.BooleanField()
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "kind"], name="one_preference_per_kind"),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} {self.kind}: {'email' if self.email else 'no email'}"
