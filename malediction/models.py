"""Malediction's rows: content packs and their cards, war bands, events (registrations,
teams, rounds), matches (sides, seats as played, reports) and the tracker's entries.

Writes go through ``malediction.services``; who may read a locked list before it is
revealed is decided in ``malediction.selectors`` alone.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy

from campaign.lifecycle import StateMachine
from league.result_flow import AbstractResultReport

# --- Cards ------------------------------------------------------------------------------


class Sigil(models.TextChoices):
    """The four factions of the rulebook; a card bears none, one or several."""

    PRIMAL_BLOOD = "primal-blood", gettext_lazy("Primal Blood")
    LEGION = "legion-of-the-fallen", gettext_lazy("Legion of the Fallen")
    CONCLAVE = "conclave-of-the-spheres", gettext_lazy("Conclave of the Spheres")
    ORDER = "order-of-the-shattered-throne", gettext_lazy("Order of the Shattered Throne")


class Kind(models.TextChoices):
    UNIT = "unit", gettext_lazy("Unit")
    SEEKER = "seeker", gettext_lazy("Seeker")
    LEGACY = "legacy", gettext_lazy("Legacy")
    SPELL = "spell", gettext_lazy("Spell")
    ITEM = "item", gettext_lazy("Item")
    RELIC = "relic", gettext_lazy("Relic")
    TERRAIN = "terrain", gettext_lazy("Terrain")


class Rank(models.TextChoices):
    BASIC = "basic", gettext_lazy("Basic")
    ELITE = "elite", gettext_lazy("Elite")
    UNIQUE = "unique", gettext_lazy("Unique")
    LEGENDARY = "legendary", gettext_lazy("Legendary")


class SpellType(models.TextChoices):
    CHANNEL = "channel", gettext_lazy("Channel")
    SWIFT = "swift", gettext_lazy("Swift")


#: Kinds that go in a war band's deck (and side deck).
DECK_KINDS = (Kind.UNIT, Kind.SPELL, Kind.ITEM)
#: Kinds with a unit's stat line.
UNIT_KINDS = (Kind.UNIT, Kind.SEEKER)
#: The stat line's fields; None is the rulebook's null stat "-" (never used, counts as 0).
STAT_FIELDS = ("acc", "power_hit", "power_graze", "range", "speed", "defense", "max_hp")


class CardPack(models.Model):
    """A versioned bundle of Malediction cards, imported and exported as a unit.

    ``is_sample`` marks the invented pack that ships with the product."""

    name = models.CharField(max_length=120, unique=True)
    slug = models.SlugField(max_length=120, unique=True)
    version = models.CharField(max_length=30, default="1")
    description = models.TextField(blank=True)
    is_sample = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("malediction:pack", args=[self.slug])


class Card(models.Model):
    """Any Malediction card: unit, Seeker, Legacy, spell, item, relic or terrain.

    One table, so a war band's entries point at one kind of row; what each kind needs is
    checked by the pack importer. Stats are None for the null stat "-"."""

    pack = models.ForeignKey(CardPack, on_delete=models.CASCADE, related_name="cards")
    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=140)
    kind = models.CharField(max_length=8, choices=Kind.choices)
    cost = models.PositiveSmallIntegerField(null=True, blank=True,
                                            help_text=gettext_lazy("Echo; none for relics."))
    rank = models.CharField(max_length=10, choices=Rank.choices, blank=True)
    acc = models.SmallIntegerField(null=True, blank=True)
    power_hit = models.PositiveSmallIntegerField(null=True, blank=True)
    power_graze = models.PositiveSmallIntegerField(null=True, blank=True)
    range = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=gettext_lazy("Inches; 0 is melee only."))
    speed = models.PositiveSmallIntegerField(null=True, blank=True)
    defense = models.PositiveSmallIntegerField(null=True, blank=True)
    max_hp = models.PositiveSmallIntegerField(null=True, blank=True)
    sigils = models.JSONField(default=list, blank=True,
                              help_text=gettext_lazy("Faction sigil codes: none, one or several."))
    subtype = models.CharField(
        max_length=60, blank=True,
        help_text=gettext_lazy("A unit's subtype; a spell's channel or swift."))
    abilities = models.JSONField(default=list, blank=True,
                                 help_text=gettext_lazy("[{name, text}] in the pack's own words."))
    text = models.TextField(blank=True)
    seeker = models.ForeignKey("self", null=True, blank=True, on_delete=models.CASCADE,
                               related_name="legacies",
                               help_text=gettext_lazy("A Legacy's Seeker."))
    starting_echo = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=gettext_lazy("A Legacy's starting echo."))

    class Meta:
        ordering = ["pack", "kind", "name"]
        constraints = [models.UniqueConstraint(fields=["pack", "slug"],
                                               name="mal_card_slug_per_pack")]

    def __str__(self) -> str:
        return self.name

    @property
    def in_deck(self) -> bool:
        return self.kind in DECK_KINDS

    @property
    def sigil_names(self) -> list[str]:
        """The factions' names, in the reader's language (a key of no faction as is)."""
        names = dict(Sigil.choices)
        return [str(names.get(key, key)) for key in self.sigils]


class TerrainPiece(models.Model):
    """One piece of a terrain card's set; the card's effects apply to every piece."""

    class Size(models.TextChoices):
        LARGE = "large", gettext_lazy("Large")
        MEDIUM = "medium", gettext_lazy("Medium")
        SMALL = "small", gettext_lazy("Small")

    class Height(models.TextChoices):
        SHORT = "short", gettext_lazy("Short")
        TALL = "tall", gettext_lazy("Tall")

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="pieces")
    name = models.CharField(max_length=80)
    size = models.CharField(max_length=6, choices=Size.choices)
    height = models.CharField(max_length=5, choices=Height.choices)
    count = models.PositiveSmallIntegerField(default=1)

    class Meta:
        ordering = ["card", "id"]

    def __str__(self) -> str:
        return f"{self.name} ({self.size}, {self.height})"


# --- War bands --------------------------------------------------------------------------


class WarBand(models.Model):
    """A player's war band: a Seeker, its Legacy, a terrain card, a deck and a side deck."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                              related_name="war_bands")
    name = models.CharField(max_length=120)
    seeker = models.ForeignKey(Card, on_delete=models.PROTECT, related_name="+")
    legacy = models.ForeignKey(Card, null=True, blank=True, on_delete=models.PROTECT,
                               related_name="+")
    terrain = models.ForeignKey(Card, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["owner", "name", "id"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("malediction:war-band", args=[self.pk])


class WarBandEntry(models.Model):
    class Zone(models.TextChoices):
        DECK = "deck", gettext_lazy("Deck")
        SIDE = "side", gettext_lazy("Side deck")

    war_band = models.ForeignKey(WarBand, on_delete=models.CASCADE, related_name="entries")
    card = models.ForeignKey(Card, on_delete=models.PROTECT, related_name="+")
    zone = models.CharField(max_length=4, choices=Zone.choices, default=Zone.DECK)
    count = models.PositiveSmallIntegerField(default=1)

    class Meta:
        ordering = ["war_band", "zone", "card__name"]
        constraints = [models.UniqueConstraint(fields=["war_band", "card", "zone"],
                                               name="mal_one_entry_per_card_zone")]

    def __str__(self) -> str:
        return f"{self.count} {self.card}"


# --- Events -----------------------------------------------------------------------------


class Mode(models.TextChoices):
    STANDARD = "standard", gettext_lazy("Standard (1v1)")
    DEMO = "demo", gettext_lazy("Demo (1v1)")
    ALLEGIANCE = "allegiance", gettext_lazy("Allegiance (2v2)")
    NEMESIS = "nemesis", gettext_lazy("Nemesis (2v1)")


class Board(models.IntegerChoices):
    STRIFE = 24, gettext_lazy('Strife (24")')
    STANDARD = 30, gettext_lazy('Standard (30")')
    MAELSTROM = 36, gettext_lazy('Maelstrom (36")')


#: The rulebook's mode table: (board, threshold) by default.
MODE_DEFAULTS = {
    Mode.STANDARD: (Board.STANDARD, 40),
    Mode.DEMO: (Board.STRIFE, 25),
    Mode.ALLEGIANCE: (Board.STANDARD, 50),
    Mode.NEMESIS: (Board.STANDARD, 50),
}


class Reveal(models.TextChoices):
    OPEN = "open", gettext_lazy("Open lists: everyone sees every locked list")
    PAIRED = "paired", gettext_lazy("Revealed to the opponent when the round is paired")


class Event(models.Model):
    """A Malediction event run by a league's organizers: rounds on nights, pairings,
    standings. Lists are submitted until ``list_deadline`` and locked from then."""

    class State(models.TextChoices):
        REGISTRATION = "registration", gettext_lazy("Registration open")
        RUNNING = "running", gettext_lazy("Running")
        FINISHED = "finished", gettext_lazy("Finished")

    LIFECYCLE = StateMachine(
        initial=State.REGISTRATION,
        transitions={
            State.REGISTRATION: (State.RUNNING,),
            State.RUNNING: (State.FINISHED,),
            State.FINISHED: (),
        },
    )

    league = models.ForeignKey("league.League", on_delete=models.CASCADE,
                               related_name="malediction_events")
    name = models.CharField(max_length=120)
    mode = models.CharField(max_length=10, choices=Mode.choices, default=Mode.STANDARD)
    board = models.PositiveSmallIntegerField(choices=Board.choices, default=Board.STANDARD)
    threshold = models.PositiveSmallIntegerField(default=40)
    list_deadline = models.DateTimeField()
    reveal = models.CharField(max_length=6, choices=Reveal.choices, default=Reveal.PAIRED)
    planned_rounds = models.PositiveSmallIntegerField(default=3)
    state = models.CharField(max_length=12, choices=State.choices, default=State.REGISTRATION)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("malediction:event", args=[self.pk])

    @property
    def is_team_mode(self) -> bool:
        return self.mode in (Mode.ALLEGIANCE, Mode.NEMESIS)


class Team(models.Model):
    """Two players who play together for the whole event (Allegiance, Nemesis's Union);
    the Nemesis player is a team of one."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(max_length=80)
    is_nemesis = models.BooleanField(default=False)

    class Meta:
        ordering = ["event", "name"]
        constraints = [models.UniqueConstraint(fields=["event", "name"],
                                               name="mal_team_name_per_event")]

    def __str__(self) -> str:
        return self.name


class Registration(models.Model):
    """A player in an event with the list they submitted (a frozen copy of the war band,
    so later edits to the war band do not change what was submitted)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="registrations")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                               related_name="malediction_registrations")
    war_band = models.ForeignKey(WarBand, null=True, blank=True, on_delete=models.SET_NULL,
                                 related_name="registrations")
    team = models.ForeignKey(Team, null=True, blank=True, on_delete=models.SET_NULL,
                             related_name="members")
    submitted_list = models.JSONField(
        default=dict, blank=True,
        help_text=gettext_lazy("The list as submitted: seeker, legacy, terrain, deck, side."))
    submitted_at = models.DateTimeField(null=True, blank=True)
    checked_in = models.BooleanField(default=False)
    dropped = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "player__username"]
        constraints = [models.UniqueConstraint(fields=["event", "player"],
                                               name="mal_one_registration_per_player")]

    def __str__(self) -> str:
        return f"{self.player} in {self.event}"


class Round(models.Model):
    """One round of an event, played on a night (its date)."""

    class State(models.TextChoices):
        OPEN = "open", gettext_lazy("Checking in")
        PAIRED = "paired", gettext_lazy("Paired")
        CLOSED = "closed", gettext_lazy("Closed")

    LIFECYCLE = StateMachine(
        initial=State.OPEN,
        transitions={
            State.OPEN: (State.PAIRED,),
            State.PAIRED: (State.OPEN, State.CLOSED),
            State.CLOSED: (),
        },
    )

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    date = models.DateField()
    state = models.CharField(max_length=6, choices=State.choices, default=State.OPEN)
    seed = models.BigIntegerField(null=True, blank=True,
                                  help_text=gettext_lazy("The random pairing's seed."))
    notes = models.JSONField(default=list, blank=True,
                             help_text=gettext_lazy("The pairing's explanations."))
    paired_at = models.DateTimeField(null=True, blank=True)
    night = models.ForeignKey(
        "nights.CampaignNight", null=True, blank=True, on_delete=models.SET_NULL,
        related_name="malediction_rounds",
        help_text=gettext_lazy("The league night the round is played on (its date)."))

    class Meta:
        ordering = ["event", "number"]
        constraints = [models.UniqueConstraint(fields=["event", "number"],
                                               name="mal_round_number_per_event")]

    def __str__(self) -> str:
        return f"{self.event} round {self.number}"


# --- Matches ----------------------------------------------------------------------------


class WinType(models.TextChoices):
    THRESHOLD = "threshold", gettext_lazy("Threshold reached with the most mastery")
    DECK_OUT = "deck_out", gettext_lazy("The opponent could not draw")
    CONCESSION = "concession", gettext_lazy("Concession (organizer ruling)")
    NO_SHOW = "no_show", gettext_lazy("No-show (organizer ruling)")
    BYE = "bye", gettext_lazy("Bye")


#: Win types only an organizer records.
RULING_WIN_TYPES = (WinType.CONCESSION, WinType.NO_SHOW)


class Match(models.Model):
    """A match: the rulebook's result form plus its lifecycle (played, reported,
    confirmed or disputed, ruled). A bye is a match with one side, counted at once."""

    class State(models.TextChoices):
        SET_UP = "set_up", gettext_lazy("Set up")
        IN_PLAY = "in_play", gettext_lazy("In play")
        REPORTED = "reported", gettext_lazy("Reported")
        DISPUTED = "disputed", gettext_lazy("Disputed")
        CONFIRMED = "confirmed", gettext_lazy("Confirmed")

    LIFECYCLE = StateMachine(
        initial=State.SET_UP,
        transitions={
            State.SET_UP: (State.IN_PLAY, State.REPORTED, State.CONFIRMED),
            State.IN_PLAY: (State.REPORTED, State.CONFIRMED),
            State.REPORTED: (State.CONFIRMED, State.DISPUTED, State.REPORTED),
            State.DISPUTED: (State.CONFIRMED, State.REPORTED),
            State.CONFIRMED: (State.CONFIRMED,),
        },
    )

    event = models.ForeignKey(Event, null=True, blank=True, on_delete=models.CASCADE,
                              related_name="matches")
    round = models.ForeignKey(Round, null=True, blank=True, on_delete=models.CASCADE,
                              related_name="matches")
    table = models.PositiveSmallIntegerField(null=True, blank=True)
    is_bye = models.BooleanField(default=False)
    state = models.CharField(max_length=10, choices=State.choices, default=State.SET_UP)
    # The result form: setup.
    date = models.DateField(null=True, blank=True)
    mode = models.CharField(max_length=10, choices=Mode.choices, default=Mode.STANDARD)
    board = models.PositiveSmallIntegerField(choices=Board.choices, default=Board.STANDARD)
    threshold = models.PositiveSmallIntegerField(default=40)
    # The result form: result (filled when a report counts).
    winner = models.CharField(max_length=1, blank=True, help_text=gettext_lazy("'a' or 'b'."))
    final_round = models.PositiveSmallIntegerField(null=True, blank=True)
    win_type = models.CharField(max_length=10, choices=WinType.choices, blank=True)
    version = models.PositiveIntegerField(
        default=0, help_text=gettext_lazy("Bumped on every change; the tracker polls it."))
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["event", "round", "table", "id"]
        verbose_name_plural = "matches"

    def __str__(self) -> str:
        return f"Match {self.pk}"

    def get_absolute_url(self) -> str:
        return reverse("malediction:match", args=[self.pk])


class MatchSide(models.Model):
    """One side of a match (a player, a team, the Union or the Nemesis) and its results."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="sides")
    key = models.CharField(max_length=1, help_text=gettext_lazy("'a' or 'b'."))
    team = models.ForeignKey(Team, null=True, blank=True, on_delete=models.SET_NULL,
                             related_name="+")
    final_mastery = models.SmallIntegerField(null=True, blank=True)
    # Optional facts of the result form.
    relics_claimed = models.PositiveSmallIntegerField(null=True, blank=True)
    relics_lost = models.PositiveSmallIntegerField(null=True, blank=True)
    kill_mastery = models.PositiveSmallIntegerField(null=True, blank=True)
    bids_won = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["match", "key"]
        constraints = [models.UniqueConstraint(fields=["match", "key"],
                                               name="mal_one_side_per_key")]

    def __str__(self) -> str:
        return f"{self.match} side {self.key}"


class Seat(models.Model):
    """One player at a side, with the war band as played: Seeker, Legacy, terrain, deck
    and side deck after this match's side-deck swap."""

    side = models.ForeignKey(MatchSide, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                               related_name="malediction_seats")
    registration = models.ForeignKey(Registration, null=True, blank=True,
                                     on_delete=models.SET_NULL, related_name="seats")
    seeker = models.ForeignKey(Card, null=True, blank=True, on_delete=models.PROTECT,
                               related_name="+")
    legacy = models.ForeignKey(Card, null=True, blank=True, on_delete=models.PROTECT,
                               related_name="+")
    terrain = models.ForeignKey(Card, null=True, blank=True, on_delete=models.PROTECT,
                                related_name="+")
    deck = models.JSONField(default=list, blank=True,
                            help_text=gettext_lazy("[[card slug, count], ...] as played."))
    side_deck = models.JSONField(default=list, blank=True)
    swap = models.JSONField(default=dict, blank=True,
                            help_text=gettext_lazy("This match's side-deck swap: in and out."))

    class Meta:
        ordering = ["side", "id"]
        constraints = [models.UniqueConstraint(fields=["side", "player"],
                                               name="mal_one_seat_per_player")]

    def __str__(self) -> str:
        return f"{self.player} at {self.side}"


class MatchReport(AbstractResultReport):
    """A reported result of a match (``league.result_flow``): every report is kept."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="reports")
    reporter_side = models.CharField(max_length=1, blank=True)
    winner = models.CharField(max_length=1)
    mastery_a = models.SmallIntegerField()
    mastery_b = models.SmallIntegerField()
    final_round = models.PositiveSmallIntegerField()
    win_type = models.CharField(max_length=10, choices=WinType.choices)

    class Meta:
        ordering = ["match", "id"]

    def __str__(self) -> str:
        return f"{self.match}: {self.mastery_a}-{self.mastery_b} ({self.status})"


class MatchLog(models.Model):
    """The match's audit trail: reports, answers, rulings, swaps, in order."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="log")
    text = models.CharField(max_length=250)
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                              on_delete=models.SET_NULL, related_name="+")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "id"]

    def __str__(self) -> str:
        return self.text


class TrackerEntry(models.Model):
    """One entry of the match tracker's event log. The tracker's state is these entries
    replayed in order (``rules.engine.malediction.match_state``); undo marks the last
    live entry undone instead of deleting it."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="tracker_entries")
    seq = models.PositiveIntegerField()
    kind = models.CharField(max_length=30)
    data = models.JSONField(default=dict, blank=True)
    undone = models.BooleanField(default=False)
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                              on_delete=models.SET_NULL, related_name="+")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "seq"]
        constraints = [models.UniqueConstraint(fields=["match", "seq"],
                                               name="mal_tracker_seq_per_match")]

    def __str__(self) -> str:
        return f"{self.seq}: {self.kind}"
