"""Campaign weeks: the lifecycle of a week, its weekly event, and the week's one-off
happenings (A Bullet With Your Name draws, Pit Fights, The Event's Avatars).

Imported by ``campaign.models`` so Django registers them with the campaign app.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy

from campaign.lifecycle import StateMachine


class CampaignWeek(models.Model):
    """One week of a campaign. Its state moves only along ``LIFECYCLE``."""

    class State(models.TextChoices):
        UPCOMING = "upcoming", gettext_lazy("Upcoming")
        NEW_HIRES = "new_hires", gettext_lazy("New Hires")
        EVENT_FLIPPED = "event_flipped", gettext_lazy("Event flipped")
        GAMES = "games", gettext_lazy("Games")
        CLOSED = "closed", gettext_lazy("Closed")

    LIFECYCLE = StateMachine(
        initial=State.UPCOMING,
        transitions={
            State.UPCOMING: (State.NEW_HIRES, State.EVENT_FLIPPED),  # week 1 has no hires
            State.NEW_HIRES: (State.EVENT_FLIPPED,),
            State.EVENT_FLIPPED: (State.GAMES,),
            State.GAMES: (State.CLOSED,),
            State.CLOSED: (),
        },
    )

    campaign = models.ForeignKey("campaign.Campaign", on_delete=models.CASCADE,
                                 related_name="weeks")
    number = models.PositiveSmallIntegerField()
    starts_on = models.DateField(help_text=gettext_lazy("The designated day that opens the week."))
    state = models.CharField(max_length=14, choices=State.choices, default=State.UPCOMING)
    event_key = models.CharField(
        max_length=60,
        blank=True,
        help_text=gettext_lazy("The weekly event flipped (or set) for the week."),
    )
    games_event_key = models.CharField(
        max_length=60,
        blank=True,
        help_text=gettext_lazy(
            "The event that applies to the week's games when the flipped event flips "
            "another one (A Bad Moon Rises, A Bullet With Your Name, The Event, Pit "
            "Fight); otherwise the same as event_key."
        ),
    )
    event_chain = models.JSONField(
        default=list,
        blank=True,
        help_text=gettext_lazy(
            "Every event in force this week, in flip order (the last one is the games')."
        ),
    )
    set_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text=gettext_lazy("The organizer who set the event by hand, if any."),
    )
    set_reason = models.CharField(max_length=250, blank=True)
    turned_over_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["campaign", "number"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "number"], name="one_row_per_week"),
        ]

    def __str__(self) -> str:
        return f"{self.campaign}, week {self.number}"

    @property
    def is_open_for_games(self) -> bool:
        return self.state == self.State.GAMES

    @property
    def event_was_set_by_hand(self) -> bool:
        return self.set_by_id is not None


class WeekTransition(models.Model):
    """The history of a week's state: who or what moved it, and when."""

    week = models.ForeignKey(CampaignWeek, on_delete=models.CASCADE, related_name="transitions")
    from_state = models.CharField(max_length=14)
    to_state = models.CharField(max_length=14)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    note = models.CharField(max_length=250, blank=True)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["week", "id"]

    def __str__(self) -> str:
        return f"{self.week}: {self.from_state} -> {self.to_state}"


class TurnoverRun(models.Model):
    """One attempt of the turnover job, so organizers see failures and retries."""

    class Status(models.TextChoices):
        RUNNING = "running", gettext_lazy("Running")
        SUCCEEDED = "succeeded", gettext_lazy("Done")
        SKIPPED = "skipped", gettext_lazy("Already done")
        FAILED = "failed", gettext_lazy("Failed (will retry)")
        GAVE_UP = "gave_up", gettext_lazy("Failed (no more retries)")

    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="turnover_runs"
    )
    week_number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.RUNNING)
    attempt = models.PositiveSmallIntegerField(default=1)
    error = models.TextField(blank=True)
    task_id = models.CharField(max_length=80, blank=True)
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-started_at", "-id"]
        indexes = [models.Index(fields=["campaign", "week_number"])]

    def __str__(self) -> str:
        return f"Turnover of {self.campaign} week {self.week_number}: {self.status}"


class BulletDraw(models.Model):
    """A Bullet With Your Name: the name a crew drew. Secret to its owner until revealed."""

    week = models.ForeignKey(CampaignWeek, on_delete=models.CASCADE, related_name="bullet_draws")
    crew = models.ForeignKey("campaign.Crew", on_delete=models.CASCADE, related_name="+")
    target = models.ForeignKey("campaign.Crew", on_delete=models.CASCADE, related_name="+")
    revealed = models.BooleanField(default=False)
    claimed = models.BooleanField(
        default=False, help_text=gettext_lazy("The reward has been paid.")
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["week", "crew"], name="one_bullet_draw_per_crew"),
        ]

    def __str__(self) -> str:
        return f"{self.crew}'s bullet, week {self.week.number}"

    @property
    def drew_own_name(self) -> bool:
        return self.crew_id == self.target_id


class PitFight(models.Model):
    """The one-off Pit Fight gathering of a week, and its outcome."""

    week = models.OneToOneField(CampaignWeek, on_delete=models.CASCADE, related_name="pit_fight")
    winner = models.ForeignKey(
        "campaign.Crew", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    first_eliminated = models.ForeignKey(
        "campaign.Crew", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    recorded_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"Pit Fight, {self.week}"


class PitFightEntry(models.Model):
    pit_fight = models.ForeignKey(PitFight, on_delete=models.CASCADE, related_name="entries")
    crew = models.ForeignKey("campaign.Crew", on_delete=models.CASCADE, related_name="+")
    fighter = models.ForeignKey(
        "campaign.ArsenalModel", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    kills = models.PositiveSmallIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["pit_fight", "crew"], name="one_pit_fighter_per_crew"),
        ]

    def __str__(self) -> str:
        return f"{self.crew} in {self.pit_fight}"
