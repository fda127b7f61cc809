"""Encounters: a game's setup, its two sides, what happens at the table, and its result.

A game moves along ``Game.LIFECYCLE`` (set up -> in play -> reported -> confirmed ->
aftermath -> done, with disputes resolved by an organizer). Secrets live here too:
a side's schemes and noted models stay hidden from the opponent until revealed; the
selectors in ``encounters/selectors.py`` are the only way pages and the API read them.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse

from campaign.lifecycle import StateMachine


class LinkedSeries(models.Model):
    """Linked Games: two players, five Story Encounters of one size, each keeping one
    Faction and Leader; total VP decides the series."""

    player_a = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                 related_name="+")
    player_b = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                 related_name="+")
    size = models.PositiveSmallIntegerField()
    faction_a = models.CharField(max_length=30, blank=True)
    leader_a = models.CharField(max_length=120, blank=True)
    faction_b = models.CharField(max_length=30, blank=True)
    leader_b = models.CharField(max_length=120, blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"Linked Games: {self.player_a} vs {self.player_b}"

    def get_absolute_url(self) -> str:
        return reverse("encounters:series", args=[self.pk])


class Game(models.Model):
    class State(models.TextChoices):
        SET_UP = "set_up", "Set up"
        IN_PLAY = "in_play", "In play"
        REPORTED = "reported", "Reported"
        DISPUTED = "disputed", "Disputed"
        CONFIRMED = "confirmed", "Confirmed"
        AFTERMATH = "aftermath", "Awaiting aftermath"
        DONE = "done", "Done"

    class Kind(models.TextChoices):
        STANDARD = "standard", "Standard encounter"
        STORY = "story", "Story encounter"

    LIFECYCLE = StateMachine(
        initial=State.SET_UP,
        transitions={
            State.SET_UP: (State.IN_PLAY, State.REPORTED),
            State.IN_PLAY: (State.REPORTED,),
            State.REPORTED: (State.CONFIRMED, State.DISPUTED, State.REPORTED),
            State.DISPUTED: (State.CONFIRMED, State.REPORTED),
            State.CONFIRMED: (State.AFTERMATH,),
            State.AFTERMATH: (State.DONE,),
            State.DONE: (),
        },
    )

    campaign = models.ForeignKey("campaign.Campaign", null=True, blank=True,
                                 on_delete=models.CASCADE, related_name="games")
    week = models.ForeignKey("campaign.CampaignWeek", null=True, blank=True,
                             on_delete=models.SET_NULL, related_name="games")
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.STANDARD)
    state = models.CharField(max_length=10, choices=State.choices, default=State.SET_UP)
    size = models.PositiveSmallIntegerField(help_text="Encounter size in soulstones.")
    setup = models.JSONField(default=dict, blank=True,
                             help_text="Deployment, strategy, scheme pool, terrain...")
    event_key = models.CharField(max_length=60, blank=True,
                                 help_text="The weekly event this game is played under.")
    turn = models.PositiveSmallIntegerField(default=0)
    first_player = models.CharField(max_length=1, blank=True, help_text="'a' or 'b'.")
    initiative = models.JSONField(default=dict, blank=True,
                                  help_text="This turn's initiative cards by side.")
    ended_on_turn = models.PositiveSmallIntegerField(null=True, blank=True)
    series = models.ForeignKey(LinkedSeries, null=True, blank=True, on_delete=models.CASCADE,
                               related_name="games")
    series_number = models.PositiveSmallIntegerField(null=True, blank=True)
    spoils = models.JSONField(default=dict, blank=True,
                              help_text="Linked Games: the spoils the previous winner took.")
    record = models.JSONField(default=dict, blank=True,
                              help_text="What the aftermath needs, fixed when the result counts.")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    version = models.PositiveIntegerField(default=0, help_text="Bumped on every change; the "
                                          "tracker polls it to refresh without reload.")

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        names = " vs ".join(str(s) for s in self.sides.all())
        return f"Game {self.pk}: {names}" if names else f"Game {self.pk}"

    def get_absolute_url(self) -> str:
        return reverse("encounters:game", args=[self.pk])


class Side(models.Model):
    """One player's side of a game: who plays, which crew, the hire, the scores."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="sides")
    key = models.CharField(max_length=1, choices=[("a", "A"), ("b", "B")])
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                               related_name="game_sides")
    crew = models.ForeignKey("campaign.Crew", null=True, blank=True, on_delete=models.PROTECT,
                             related_name="game_sides")
    hire_revealed = models.BooleanField(default=False)
    campaign_rating = models.IntegerField(null=True, blank=True)
    soulstone_pool = models.PositiveSmallIntegerField(null=True, blank=True)
    strategy_vp = models.JSONField(default=dict, blank=True, help_text="Turn -> VP.")
    withdrew_on_turn = models.PositiveSmallIntegerField(null=True, blank=True)
    event_scrip = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["game", "key"]
        constraints = [models.UniqueConstraint(fields=["game", "key"], name="two_sides")]

    def __str__(self) -> str:
        return str(self.crew) if self.crew_id else str(self.player)


class HiredModel(models.Model):
    """A model a side hired for the game (from its arsenal in a campaign game)."""

    side = models.ForeignKey(Side, on_delete=models.CASCADE, related_name="hired")
    arsenal_model = models.ForeignKey("campaign.ArsenalModel", null=True, blank=True,
                                      on_delete=models.PROTECT, related_name="+")
    wandering_card = models.ForeignKey(
        "rules.ModelCard", null=True, blank=True, on_delete=models.PROTECT, related_name="+",
        help_text="Wandering Mercenaries: the free mercenary hired from outside the arsenal.")
    name = models.CharField(max_length=120)
    cost = models.PositiveSmallIntegerField(default=0)
    is_leader = models.BooleanField(default=False)
    upgrades = models.JSONField(default=list, blank=True, help_text="Upgrade names attached.")

    class Meta:
        ordering = ["side", "-is_leader", "id"]

    def __str__(self) -> str:
        return self.name


class SchemeChoice(models.Model):
    """A scheme a side chose: secret (with any noted model) until it is revealed."""

    side = models.ForeignKey(Side, on_delete=models.CASCADE, related_name="schemes")
    scheme_key = models.CharField(max_length=60)
    noted_model = models.ForeignKey(HiredModel, null=True, blank=True, on_delete=models.SET_NULL,
                                    related_name="+", help_text="A model the scheme names.")
    revealed = models.BooleanField(default=False)
    revealed_on_turn = models.PositiveSmallIntegerField(null=True, blank=True)
    vp = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["side", "id"]
        constraints = [
            models.UniqueConstraint(fields=["side", "scheme_key"], name="scheme_once_per_side"),
        ]

    def __str__(self) -> str:
        return self.scheme_key


class Casualty(models.Model):
    """A model killed or sacrificed, by whom, and its Finished Off flip."""

    class How(models.TextChoices):
        KILLED = "killed", "Killed"
        SACRIFICED = "sacrificed", "Sacrificed"
        BURIED = "buried", "Buried at the end (counts as killed)"

    class FinishedOff(models.TextChoices):
        PENDING = "pending", "Flip pending"
        FINISHED = "finished", "Finished Off"
        SPARED = "spared", "Knocked out (no injury)"
        AUTOMATIC = "automatic", "Automatically Finished Off"
        ALREADY = "already", "Already flipped this game"
        NOT_ARSENAL = "not_arsenal", "Not an arsenal model (summoned)"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="casualties")
    side = models.ForeignKey(Side, on_delete=models.CASCADE, related_name="casualties")
    model = models.ForeignKey(HiredModel, null=True, blank=True, on_delete=models.CASCADE,
                              related_name="casualties")
    summoned_name = models.CharField(max_length=120, blank=True)
    how = models.CharField(max_length=10, choices=How.choices, default=How.KILLED)
    by_model = models.ForeignKey(HiredModel, null=True, blank=True, on_delete=models.SET_NULL,
                                 related_name="kills")
    by_effect = models.CharField(max_length=120, blank=True)
    turn = models.PositiveSmallIntegerField()
    finished_off = models.CharField(max_length=12, choices=FinishedOff.choices,
                                    default=FinishedOff.PENDING)
    flip = models.ForeignKey("rules.FlipRecord", null=True, blank=True,
                             on_delete=models.SET_NULL, related_name="+")

    class Meta:
        ordering = ["game", "id"]

    def __str__(self) -> str:
        return f"{self.model or self.summoned_name} ({self.how})"


class GameLog(models.Model):
    """Everything that happened at the table, in order, for both players to see."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="log")
    turn = models.PositiveSmallIntegerField(default=0)
    side = models.CharField(max_length=1, blank=True)
    text = models.CharField(max_length=250)
    secret_for = models.CharField(max_length=1, blank=True,
                                  help_text="Only this side may read the entry (a secret).")
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                              on_delete=models.SET_NULL, related_name="+")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "id"]

    def __str__(self) -> str:
        return self.text


class ResultReport(models.Model):
    """A reported result, its confirmation or dispute, and an organizer's ruling."""

    class Status(models.TextChoices):
        PENDING = "pending", "Waiting for the opponent"
        CONFIRMED = "confirmed", "Confirmed"
        DISPUTED = "disputed", "Disputed"
        SUPERSEDED = "superseded", "Replaced by a later report"
        RULED = "ruled", "Decided by an organizer"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="reports")
    reported_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                    related_name="+")
    vp_a = models.PositiveSmallIntegerField()
    vp_b = models.PositiveSmallIntegerField()
    winner = models.CharField(max_length=1, blank=True, help_text="'a', 'b' or blank (draw).")
    details = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    answered_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                    on_delete=models.SET_NULL, related_name="+")
    reason = models.CharField(max_length=250, blank=True,
                              help_text="Why it was disputed, or the organizer's ruling.")
    created_at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game", "id"]

    def __str__(self) -> str:
        return f"{self.game}: {self.vp_a}-{self.vp_b} ({self.status})"
