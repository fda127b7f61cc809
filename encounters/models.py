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
from django.utils.translation import gettext_lazy

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
        SET_UP = "set_up", gettext_lazy("Set up")
        IN_PLAY = "in_play", gettext_lazy("In play")
        REPORTED = "reported", gettext_lazy("Reported")
        DISPUTED = "disputed", gettext_lazy("Disputed")
        CONFIRMED = "confirmed", gettext_lazy("Confirmed")
        AFTERMATH = "aftermath", gettext_lazy("Awaiting aftermath")
        DONE = "done", gettext_lazy("Done")

    class Kind(models.TextChoices):
        STANDARD = "standard", gettext_lazy("Standard encounter")
        STORY = "story", gettext_lazy("Story encounter")

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
    size = models.PositiveSmallIntegerField(help_text=gettext_lazy("Encounter size in soulstones."))
    setup = models.JSONField(
        default=dict,
        blank=True,
        help_text=gettext_lazy("Deployment, strategy, scheme pool, terrain..."),
    )
    event_key = models.CharField(
        max_length=60,
        blank=True,
        help_text=gettext_lazy("The weekly event this game is played under."),
    )
    moved_event = models.CharField(
        max_length=60,
        blank=True,
        help_text=gettext_lazy(
            "On The Move: the weekly event both players agreed to play instead of the "
            "flipped one(s); it alone is in force in this game."
        ),
    )
    turn = models.PositiveSmallIntegerField(default=0)
    first_player = models.CharField(max_length=1, blank=True, help_text=gettext_lazy("'a' or 'b'."))
    initiative = models.JSONField(
        default=dict, blank=True, help_text=gettext_lazy("This turn's initiative cards by side.")
    )
    ended_on_turn = models.PositiveSmallIntegerField(null=True, blank=True)
    series = models.ForeignKey(
        LinkedSeries, null=True, blank=True, on_delete=models.CASCADE, related_name="games"
    )
    series_number = models.PositiveSmallIntegerField(null=True, blank=True)
    spoils = models.JSONField(
        default=dict,
        blank=True,
        help_text=gettext_lazy("Linked Games: the spoils the previous winner took."),
    )
    record = models.JSONField(
        default=dict,
        blank=True,
        help_text=gettext_lazy("What the aftermath needs, fixed when the result counts."),
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    version = models.PositiveIntegerField(
        default=0,
        help_text=gettext_lazy(
            "Bumped on every change; the tracker polls it to refresh without reload."
        ),
    )

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
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="game_sides"
    )
    crew = models.ForeignKey(
        "campaign.Crew", null=True, blank=True, on_delete=models.PROTECT, related_name="game_sides"
    )
    hire_revealed = models.BooleanField(default=False)
    campaign_rating = models.IntegerField(null=True, blank=True)
    soulstone_pool = models.PositiveSmallIntegerField(null=True, blank=True)
    strategy_vp = models.JSONField(default=dict, blank=True, help_text=gettext_lazy("Turn -> VP."))
    withdrew_on_turn = models.PositiveSmallIntegerField(null=True, blank=True)
    event_scrip = models.PositiveSmallIntegerField(default=0)
    casualty_scrip_correction = models.SmallIntegerField(
        default=0,
        help_text=gettext_lazy(
            "The player's correction to the event Scrip computed from casualties (Contract "
            "Work, Extermination), added to it."
        ),
    )
    traveler_barter_flips = models.PositiveSmallIntegerField(
        default=0,
        help_text=gettext_lazy(
            "The Lonely Traveler: Red Jokers flipped for this side's models, each one more "
            "Barter flip at the end of the game."
        ),
    )
    end_facts = models.JSONField(
        default=dict,
        blank=True,
        help_text=gettext_lazy(
            "What the table showed at the end, as the game record's end state: "
            "zone (models in this side's Deployment Zone by side), engaging_leader, "
            "afflicted, pigs (quarters)."
        ),
    )
    quarters_held = models.JSONField(
        default=dict, blank=True, help_text=gettext_lazy("Turn -> board quarters held at its end.")
    )

    class Meta:
        ordering = ["game", "key"]
        constraints = [models.UniqueConstraint(fields=["game", "key"], name="two_sides")]

    def __str__(self) -> str:
        return str(self.crew) if self.crew_id else str(self.player)


class HiredModel(models.Model):
    """A model a side hired for the game (from its arsenal in a campaign game)."""

    side = models.ForeignKey(Side, on_delete=models.CASCADE, related_name="hired")
    arsenal_model = models.ForeignKey(
        "campaign.ArsenalModel", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    wandering_card = models.ForeignKey(
        "catalogue.ModelCard",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        help_text=gettext_lazy(
            "Wandering Mercenaries: the free mercenary hired from outside the arsenal."
        ),
    )
    name = models.CharField(max_length=120)
    cost = models.PositiveSmallIntegerField(default=0)
    is_leader = models.BooleanField(default=False)
    upgrades = models.JSONField(
        default=list, blank=True, help_text=gettext_lazy("Upgrade names attached.")
    )
    station = models.CharField(
        max_length=10,
        blank=True,
        help_text=gettext_lazy("Its station when hired (Change of Station moves it)."),
    )
    model_cost = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text=gettext_lazy("Its Soulstone Cost in this game, upgrades excluded."),
    )

    class Meta:
        ordering = ["side", "-is_leader", "id"]

    def __str__(self) -> str:
        return self.name


class SecretScheme(models.Model):
    """What every chosen scheme holds: secret (with any noted model) until revealed."""

    scheme_key = models.CharField(max_length=60)
    noted_model = models.ForeignKey(
        HiredModel,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text=gettext_lazy("A model the scheme names."),
    )
    revealed = models.BooleanField(default=False)
    revealed_on_turn = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        abstract = True


class SchemeChoice(SecretScheme):
    """One of the two schemes a side chose; its VP count toward the game's total."""

    side = models.ForeignKey(Side, on_delete=models.CASCADE, related_name="schemes")
    vp = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["side", "id"]
        constraints = [
            models.UniqueConstraint(fields=["side", "scheme_key"], name="scheme_once_per_side"),
        ]

    def __str__(self) -> str:
        return self.scheme_key


class LucrativeScheme(SecretScheme):
    """A Lucrative Offer: a side's optional third scheme. A table of its own, never a
    ``SchemeChoice``, so no VP total can count it; its VP are paid as Scrip instead."""

    side = models.OneToOneField(Side, on_delete=models.CASCADE, related_name="lucrative_scheme")
    vp_equivalent = models.PositiveSmallIntegerField(
        default=0,
        help_text=gettext_lazy("The VP it would have scored: paid as Scrip, never counted."),
    )

    class Meta:
        ordering = ["side"]

    def __str__(self) -> str:
        return f"{self.scheme_key} (A Lucrative Offer)"


class Casualty(models.Model):
    """A model killed or sacrificed, by whom, and its Finished Off flip."""

    class How(models.TextChoices):
        KILLED = "killed", gettext_lazy("Killed")
        SACRIFICED = "sacrificed", gettext_lazy("Sacrificed")
        BURIED = "buried", gettext_lazy("Buried at the end (counts as killed)")

    class FinishedOff(models.TextChoices):
        PENDING = "pending", gettext_lazy("Flip pending")
        FINISHED = "finished", gettext_lazy("Finished Off")
        SPARED = "spared", gettext_lazy("Knocked out (no injury)")
        AUTOMATIC = "automatic", gettext_lazy("Automatically Finished Off")
        ALREADY = "already", gettext_lazy("Already flipped this game")
        NOT_ARSENAL = "not_arsenal", gettext_lazy("Not an arsenal model (summoned)")
        NO_INJURIES = "no_injuries", gettext_lazy("No flip (the No Injuries option)")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="casualties")
    side = models.ForeignKey(
        Side,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="casualties",
        help_text=gettext_lazy("Empty: a Neutral model."),
    )
    model = models.ForeignKey(
        HiredModel, null=True, blank=True, on_delete=models.CASCADE, related_name="casualties"
    )
    table_model = models.ForeignKey(
        "TableModel",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="casualties",
        help_text=gettext_lazy("A summoned or Neutral victim."),
    )
    summoned_name = models.CharField(max_length=120, blank=True)
    how = models.CharField(max_length=10, choices=How.choices, default=How.KILLED)
    by_model = models.ForeignKey(
        HiredModel, null=True, blank=True, on_delete=models.SET_NULL, related_name="kills"
    )
    by_table_model = models.ForeignKey(
        "TableModel", null=True, blank=True, on_delete=models.SET_NULL, related_name="kills"
    )
    by_effect = models.CharField(max_length=120, blank=True)
    by_side = models.CharField(
        max_length=7,
        blank=True,
        help_text=gettext_lazy("Whose model or effect did it: a, b, neutral or blank (nobody's)."),
    )
    action = models.CharField(
        max_length=60, blank=True, help_text=gettext_lazy("The Action, if told.")
    )
    blast = models.BooleanField(default=False, help_text=gettext_lazy("A Blast Marker killed it."))
    own_activation = models.BooleanField(
        default=False, help_text=gettext_lazy("It died during its own Activation.")
    )
    pools = models.JSONField(
        default=dict, blank=True, help_text=gettext_lazy("Each side's Soulstone Pool when it fell.")
    )
    turn = models.PositiveSmallIntegerField()
    finished_off = models.CharField(
        max_length=12, choices=FinishedOff.choices, default=FinishedOff.PENDING
    )
    flip = models.ForeignKey(
        "rules.FlipRecord", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    threshold = models.PositiveSmallIntegerField(
        default=3,
        help_text=gettext_lazy(
            "The value that Finishes it Off (3, or 11 with Tough As Nails), kept so a "
            "reflip is judged the same way."
        ),
    )
    reflip = models.ForeignKey(
        "rules.FlipRecord",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text=gettext_lazy("The Finished Off flip made again (the first one is kept)."),
    )
    reflipped_with = models.CharField(
        max_length=30,
        blank=True,
        help_text=gettext_lazy("The Fortification whose reflip was used (its key)."),
    )
    reflipped_by = models.ForeignKey(
        Side,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="finished_off_reflips",
        help_text=gettext_lazy("The side that used it (Gallows may reflip an enemy's flip)."),
    )

    class Meta:
        ordering = ["game", "id"]

    def __str__(self) -> str:
        return f"{self.victim_name} ({self.how})"

    @property
    def victim_name(self) -> str:
        if self.model_id:
            return self.model.name
        if self.table_model_id:
            return self.table_model.name
        return self.summoned_name

    @property
    def killer_name(self) -> str:
        if self.by_model_id:
            return self.by_model.name
        if self.by_table_model_id:
            return self.by_table_model.name
        return self.by_effect or "an effect"

    @property
    def victim_side_key(self) -> str:
        return self.side.key if self.side_id else "neutral"

    @property
    def final_flip(self):
        """The flip that decided the result: the reflip when there was one."""
        return self.reflip if self.reflip_id else self.flip


class TableModel(models.Model):
    """A model in play that no side hired: summoned during the game by a side, or a
    Neutral model that the week's event brought (``side`` empty). Its card facts are kept
    for the game record (station, Characteristics, cost)."""

    class Origin(models.TextChoices):
        SUMMONED = "summoned", gettext_lazy("Summoned")
        NEUTRAL = "neutral", gettext_lazy("Neutral (the week's event)")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="table_models")
    side = models.ForeignKey(
        Side, null=True, blank=True, on_delete=models.CASCADE, related_name="table_models"
    )
    origin = models.CharField(max_length=10, choices=Origin.choices)
    name = models.CharField(max_length=120)
    card = models.ForeignKey(
        "catalogue.ModelCard", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    station = models.CharField(max_length=10, blank=True)
    characteristics = models.JSONField(default=list, blank=True)
    cost = models.PositiveSmallIntegerField(null=True, blank=True)
    turn = models.PositiveSmallIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "id"]

    def __str__(self) -> str:
        return self.name


class MarkerChange(models.Model):
    """Markers placed (``delta`` > 0) or removed (< 0) at the table: the game record's
    ``markers``. Quarter 0 is "in no single quarter" (near the centre, straddling)."""

    class Kind(models.TextChoices):
        SCHEME = "scheme", gettext_lazy("Scheme Marker")
        CORPSE = "corpse", gettext_lazy("Corpse Marker")
        SCRAP = "scrap", gettext_lazy("Scrap Marker")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="marker_changes")
    turn = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=10, choices=Kind.choices)
    owner = models.CharField(
        max_length=1, blank=True, help_text=gettext_lazy("A Scheme Marker's side.")
    )
    quarter = models.PositiveSmallIntegerField(default=0)
    delta = models.SmallIntegerField()
    by_side = models.CharField(max_length=1, blank=True)
    interact = models.BooleanField(
        default=False, help_text=gettext_lazy("Removed by a (1) Interact.")
    )
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "id"]

    def __str__(self) -> str:
        return f"{self.delta:+d} {self.kind} marker(s)"


class ModelEvent(models.Model):
    """Something that happened to one model and that a Bounty counts: it failed a Horror
    duel, or an Upgrade was attached to it during the game."""

    class Kind(models.TextChoices):
        HORROR_FAILED = "horror_failed", gettext_lazy("Failed a Horror duel")
        UPGRADE_ATTACHED = "upgrade_attached", gettext_lazy("An Upgrade attached")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="model_events")
    turn = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=20, choices=Kind.choices)
    model = models.ForeignKey(
        HiredModel, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    table_model = models.ForeignKey(
        TableModel, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    name = models.CharField(
        max_length=120, blank=True, help_text=gettext_lazy("The Upgrade's name.")
    )
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "id"]

    def __str__(self) -> str:
        return self.get_kind_display()


class BountyNote(models.Model):
    """What a side noted for the Bounty it holds: a model (Escort Mission, Hit List; secret
    until revealed or the game counts) or a Characteristic (Roundup, named openly)."""

    side = models.ForeignKey(Side, on_delete=models.CASCADE, related_name="bounty_notes")
    bounty_key = models.CharField(max_length=80)
    model = models.ForeignKey(
        HiredModel, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    characteristic = models.CharField(max_length=40, blank=True)
    revealed = models.BooleanField(default=False)
    revealed_on_turn = models.PositiveSmallIntegerField(null=True, blank=True)
    escorted = models.BooleanField(
        null=True,
        blank=True,
        help_text=gettext_lazy(
            "Escort Mission: the noted model ended in the opponent's Deployment Zone."
        ),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["side", "id"]
        constraints = [
            models.UniqueConstraint(fields=["side", "bounty_key"], name="one_note_per_bounty")
        ]

    def __str__(self) -> str:
        return f"{self.bounty_key} note"


class GameLog(models.Model):
    """Everything that happened at the table, in order, for both players to see."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="log")
    turn = models.PositiveSmallIntegerField(default=0)
    side = models.CharField(max_length=1, blank=True)
    text = models.CharField(max_length=250)
    secret_for = models.CharField(
        max_length=1,
        blank=True,
        help_text=gettext_lazy("Only this side may read the entry (a secret)."),
    )
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "id"]

    def __str__(self) -> str:
        return self.text


class ResultReport(models.Model):
    """A reported result, its confirmation or dispute, and an organizer's ruling."""

    class Status(models.TextChoices):
        PENDING = "pending", gettext_lazy("Waiting for the opponent")
        CONFIRMED = "confirmed", gettext_lazy("Confirmed")
        DISPUTED = "disputed", gettext_lazy("Disputed")
        SUPERSEDED = "superseded", gettext_lazy("Replaced by a later report")
        RULED = "ruled", gettext_lazy("Decided by an organizer")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="reports")
    reported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    vp_a = models.PositiveSmallIntegerField()
    vp_b = models.PositiveSmallIntegerField()
    winner = models.CharField(
        max_length=1, blank=True, help_text=gettext_lazy("'a', 'b' or blank (draw).")
    )
    details = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    answered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    reason = models.CharField(
        max_length=250,
        blank=True,
        help_text=gettext_lazy("Why it was disputed, or the organizer's ruling."),
    )
    created_at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game", "id"]

    def __str__(self) -> str:
        return f"{self.game}: {self.vp_a}-{self.vp_b} ({self.status})"


class ScripEffect(models.Model):
    """A Hide Out Fortification a crew paid 1 Scrip for at the table (Brain In a Jar,
    Metal Servant, BBQ). The row is the proof of use that enforces the once-per-game and
    once-per-Turn limits; the Scrip itself is in the crew's ledger."""

    class Kind(models.TextChoices):
        BRAIN_IN_A_JAR = "brain-in-a-jar", gettext_lazy("Brain In a Jar")
        METAL_SERVANT = "metal-servant", gettext_lazy("Metal Servant")
        BBQ = "bbq", gettext_lazy("BBQ")

    side = models.ForeignKey(Side, on_delete=models.CASCADE, related_name="scrip_effects")
    kind = models.CharField(max_length=20, choices=Kind.choices)
    turn = models.PositiveSmallIntegerField(
        default=0, help_text=gettext_lazy("The Turn it was used in (0: during setup).")
    )
    flip = models.ForeignKey(
        "rules.FlipRecord", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    model_name = models.CharField(max_length=120, blank=True)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["side", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["side", "kind", "turn"],
                condition=models.Q(kind__in=["metal-servant", "bbq"]),
                name="scrip_effect_limit",
            )
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} (side {self.side.key}, Turn {self.turn})"
