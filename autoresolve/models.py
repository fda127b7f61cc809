"""Resolve runs, the players' requests for them, and cached matchup predictions."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy
from django.utils.translation import gettext_lazy as _

from campaign.lifecycle import StateMachine


class ResolveRun(models.Model):
    """One attempt to auto-resolve a campaign game: who asked, the input it played, the
    seed and simulator version that make it reproducible, its progress and its event log."""

    class Status(models.TextChoices):
        ASKING = "asking", _("Waiting for the other player")
        QUEUED = "queued", _("Queued")
        RUNNING = "running", _("Running")
        DONE = "done", _("Resolved")
        FAILED = "failed", _("Failed")
        WITHDRAWN = "withdrawn", _("Withdrawn")

    class Mode(models.TextChoices):
        BOTH_PLAYERS = "both_players", _("Both players agreed")
        ORGANIZER = "organizer", _("An organizer resolved it")

    ACTIVE = (Status.ASKING, Status.QUEUED, Status.RUNNING)
    LIFECYCLE = StateMachine(
        initial=Status.ASKING,
        transitions={
            Status.ASKING: (Status.QUEUED, Status.WITHDRAWN),
            Status.QUEUED: (Status.RUNNING, Status.DONE, Status.FAILED),
            Status.RUNNING: (Status.RUNNING, Status.DONE, Status.FAILED),
            Status.DONE: (),
            Status.FAILED: (),
            Status.WITHDRAWN: (),
        },
    )

    game = models.ForeignKey("encounters.Game", on_delete=models.CASCADE,
                             related_name="resolve_runs")
    mode = models.CharField(max_length=12, choices=Mode.choices)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ASKING)
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                     related_name="+")
    seed = models.BigIntegerField(null=True, blank=True)
    simulator_version = models.CharField(max_length=40, blank=True)
    input = models.JSONField(
        default=dict,
        blank=True,
        help_text=gettext_lazy("The simulator's input, fixed when the run was queued."),
    )
    arsenal = models.JSONField(
        default=dict, blank=True, help_text=gettext_lazy("Simulator model id -> hired model id.")
    )
    progress = models.PositiveSmallIntegerField(default=0, help_text=gettext_lazy("Percent done."))
    log = models.JSONField(
        default=dict, blank=True, help_text=gettext_lazy("The simulator's event log.")
    )
    summary = models.JSONField(
        default=dict,
        blank=True,
        help_text=gettext_lazy("VP, winner, the Turn it ended, not modelled."),
    )
    report = models.ForeignKey(
        "encounters.ResultReport",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    error = models.CharField(max_length=250, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["game"],
                condition=models.Q(status__in=["asking", "queued", "running"]),
                name="one_active_resolve_per_game",
            ),
        ]

    def __str__(self) -> str:
        return f"Auto-resolve {self.pk} of game {self.game_id} ({self.status})"

    def get_absolute_url(self) -> str:
        return reverse("autoresolve:run", args=[self.pk])

    @property
    def active(self) -> bool:
        return self.status in self.ACTIVE


class ResolveRequest(models.Model):
    """A player's (or an organizer's) ask to auto-resolve: both players' asks queue a run
    in a "both players agree" campaign."""

    run = models.ForeignKey(ResolveRun, on_delete=models.CASCADE, related_name="requests")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    side_key = models.CharField(
        max_length=1, blank=True, help_text=gettext_lazy("Blank: an organizer.")
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["run", "id"]
        constraints = [
            models.UniqueConstraint(fields=["run", "user"], name="one_request_per_user_per_run")
        ]

    def __str__(self) -> str:
        return f"{self.user} asks to resolve game {self.run.game_id}"


class Prediction(models.Model):
    """N simulated games of one matchup; ``key`` is the hash of everything that decides
    the outcome (input, N, base seed, simulator version), so the same request is a hit."""

    class Status(models.TextChoices):
        QUEUED = "queued", _("Queued")
        RUNNING = "running", _("Running")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    key = models.CharField(max_length=64, unique=True)
    game = models.CharField(
        max_length=12, default="malifaux",
        help_text=gettext_lazy("Which simulator plays it: malifaux or malediction."))
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    label = models.CharField(max_length=250, blank=True)
    games = models.PositiveIntegerField()
    seed = models.BigIntegerField()
    simulator_version = models.CharField(max_length=40)
    input = models.JSONField(default=dict)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    chunks_total = models.PositiveIntegerField(default=1)
    chunks_done = models.PositiveIntegerField(default=0)
    partials = models.JSONField(
        default=dict,
        blank=True,
        help_text=gettext_lazy("Chunk index -> its tallies (merged at the end)."),
    )
    result = models.JSONField(default=dict, blank=True)
    error = models.CharField(max_length=250, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"Prediction {self.pk}: {self.label} ({self.games} games)"

    def get_absolute_url(self) -> str:
        return reverse("autoresolve:prediction", args=[self.pk])

    @property
    def progress(self) -> int:
        return int(100 * self.chunks_done / max(self.chunks_total, 1))


class MalAutoResolve(models.TextChoices):
    """A Malediction event's auto-resolve setting: the campaign games' three choices."""

    NEVER = "never", _("Never")
    BOTH_PLAYERS = "both_players", _("When both players agree")
    ORGANIZER = "organizer", _("By an organizer")


class MalEventSetting(models.Model):
    """The event's auto-resolve setting, kept beside the event (the ``malediction`` app's
    tables stay its own); no row means "never"."""

    event = models.OneToOneField("malediction.Event", on_delete=models.CASCADE,
                                 related_name="auto_resolve_setting")
    auto_resolve = models.CharField(max_length=12, choices=MalAutoResolve.choices,
                                    default=MalAutoResolve.NEVER)

    def __str__(self) -> str:
        return f"{self.event}: {self.auto_resolve}"


class MalResolveRun(models.Model):
    """One attempt to auto-resolve a Malediction match: the same statuses and lifecycle as
    ``ResolveRun``; the sides that asked are kept on the run."""

    Status = ResolveRun.Status
    Mode = ResolveRun.Mode
    ACTIVE = ResolveRun.ACTIVE
    LIFECYCLE = ResolveRun.LIFECYCLE

    match = models.ForeignKey("malediction.Match", on_delete=models.CASCADE,
                              related_name="resolve_runs")
    mode = models.CharField(max_length=12, choices=ResolveRun.Mode.choices)
    status = models.CharField(max_length=10, choices=ResolveRun.Status.choices,
                              default=ResolveRun.Status.ASKING)
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                     related_name="+")
    asked = models.JSONField(default=list, blank=True,
                             help_text=gettext_lazy("The sides that asked ('a', 'b')."))
    seed = models.BigIntegerField(null=True, blank=True)
    simulator_version = models.CharField(max_length=40, blank=True)
    input = models.JSONField(default=dict, blank=True)
    progress = models.PositiveSmallIntegerField(default=0)
    log = models.JSONField(default=dict, blank=True)
    summary = models.JSONField(default=dict, blank=True)
    report = models.ForeignKey("malediction.MatchReport", null=True, blank=True,
                               on_delete=models.SET_NULL, related_name="+")
    error = models.CharField(max_length=250, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["match", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["match"],
                condition=models.Q(status__in=["asking", "queued", "running"]),
                name="one_active_resolve_per_mal_match",
            ),
        ]

    def __str__(self) -> str:
        return f"Auto-resolve {self.pk} of Malediction match {self.match_id} ({self.status})"

    def get_absolute_url(self) -> str:
        return reverse("autoresolve:mal-run", args=[self.pk])

    @property
    def active(self) -> bool:
        return self.status in self.ACTIVE
