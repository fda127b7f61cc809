"""Export jobs: one requested export of a campaign, its progress and the file it made.

Small campaigns are exported in the request; large ones are queued as a Celery job and
the requester follows ``progress`` until the file is ready (see ``exports.services``).
"""

from __future__ import annotations

from django.conf import settings
from django.core.validators import MaxValueValidator
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy


class ExportJob(models.Model):
    class State(models.TextChoices):
        QUEUED = "queued", gettext_lazy("Queued")
        RUNNING = "running", gettext_lazy("Running")
        DONE = "done", gettext_lazy("Ready")
        FAILED = "failed", gettext_lazy("Failed")

    campaign = models.ForeignKey("campaign.Campaign", on_delete=models.CASCADE,
                                 related_name="export_jobs")
    kind = models.CharField(
        max_length=30, help_text=gettext_lazy("Which exporter, e.g. 'archive'.")
    )
    format = models.CharField(max_length=10, help_text=gettext_lazy("e.g. 'json'."))
    options = models.JSONField(
        default=dict,
        blank=True,
        help_text=gettext_lazy("What the exporter was asked for, e.g. a week."),
    )
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    state = models.CharField(max_length=10, choices=State.choices, default=State.QUEUED)
    progress = models.PositiveSmallIntegerField(default=0, validators=[MaxValueValidator(100)])
    file = models.FileField(upload_to="exports/%Y/%m/", blank=True)
    filename = models.CharField(
        max_length=200,
        blank=True,
        help_text=gettext_lazy("The name the download is offered under."),
    )
    content_type = models.CharField(max_length=100, blank=True)
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.kind} export of {self.campaign_id} ({self.state})"

    def get_absolute_url(self) -> str:
        return reverse("exports:job", args=[self.pk])

    @property
    def is_finished(self) -> bool:
        return self.state in (self.State.DONE, self.State.FAILED)

    @property
    def is_ready(self) -> bool:
        return self.state == self.State.DONE and bool(self.file)
