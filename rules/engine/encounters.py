"""Encounter setup for second edition: Standard and Story generators, Linked Games.

Plain Python over a card source, like ``campaign/weeks/event_flip.py``: ``draw(purpose)``
returns one card (or card code). A service passes a function that makes and records a
server flip, or one that reads the cards players flipped at the table; tests script the
cards. Each generator returns a frozen result listing every flip with its purpose, the
card, what it selected, and whether it was kept or reflipped and why, so the whole setup
can be stored and a dispute settled from the record.

The tables (names, bands, suits) come from ``rules/encounter_tables.py``; this module
owns the mechanics: the order of the flips, which Jokers are reflipped, how two cards
build the Scheme pool, the Shindig, who is the Attacker, and the Linked Games checks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, get_args

from rules.encounter_tables import EncounterSize, SpoilsOption, encounter_tables
from rules.tables import FACTIONS, STATIONS

from .cards import Card, Suit
from .errors import EngineBug, RulesError

#: One card per call; the purpose says what the flip is for (stored with the flip record).
Draw = Callable[[str], Card | str]
#: More reflips than this in one step means the card source is broken (a Fate Deck holds
#: two Jokers), not bad luck; the generator stops instead of looping.
MAX_FLIPS = 20

AttackerIs = Literal["first", "second", "flip", "chosen_after_flip"]
Player = Literal["first", "second"]


class EncounterError(RulesError):
    """An encounter setup request breaks a rule; the message says what to change."""


class EncounterSizeError(EncounterError):
    """The Soulstone total fits no Encounter Size."""


class SetupChoiceError(EncounterError):
    """A chosen terrain, Strategy, suit, station or scheme card is not one the rules allow."""


class CardSourceError(EncounterError):
    """The card source kept giving cards that must be reflipped."""


# --- Encounter size ----------------------------------------------------------------


def encounter_size_band(size: int) -> EncounterSize:
    """The Encounter Size (Shoot-Out, Dustup, Scrap) for a hiring total in Soulstones."""
    if isinstance(size, bool) or not isinstance(size, int):
        raise EncounterSizeError(f"The Encounter size is a whole number of Soulstones, "
                                 f"not {size!r}.")
    band = encounter_tables().size_for(size)
    if band is None:
        smallest = encounter_tables().standard.sizes[0].min_soulstones
        raise EncounterSizeError(f"Encounters start at {smallest} Soulstones; {size} is too "
                                 "small. Agree on a larger size.")
    return band


def may_lead(station: str, size: int) -> bool:
    """Whether a model of ``station`` may lead a Crew at this size (Shoot-Out: Henchman,
    Dustup: Henchman or Master, Scrap: Master)."""
    station = str(station).strip().lower()
    if station not in STATIONS:
        raise SetupChoiceError(f"Unknown station {station!r}; use one of {list(STATIONS)}.")
    return station in encounter_size_band(size).leaders


# --- Flip records ------------------------------------------------------------------


@dataclass(frozen=True)
class SetupFlip:
    """One card flipped during setup. ``result`` holds the keys it selected (empty when
    reflipped); ``why`` explains a reflip, or notes what a kept card started."""

    purpose: str
    card: Card
    result: tuple[str, ...]
    kept: bool
    why: str = ""


def _flip(draw: Draw, purpose: str, read, flips: list[SetupFlip]) -> tuple[Card, tuple]:
    """Flip until ``read(card)`` returns a result with no reason to reflip."""
    asked = purpose
    for _ in range(MAX_FLIPS):
        card = Card.parse(draw(asked))
        result, why = read(card)
        flips.append(SetupFlip(asked, card, () if why else result, kept=not why, why=why))
        if not why:
            return card, result
        asked = f"{purpose} (reflip: {why})"
    raise CardSourceError(f"The {purpose} flip did not settle after {MAX_FLIPS} cards; "
                          "check the cards being entered.")


# --- Standard encounters -----------------------------------------------------------


@dataclass(frozen=True)
class SchemePool:
    """The Schemes both players choose from. ``distract_because`` is "", "shared suit"
    or "shared value"."""

    cards: tuple[Card, Card]
    schemes: tuple[str, ...]
    distract_because: str = ""


def scheme_pool(first: Card | str, second: Card | str) -> SchemePool:
    """The pool two scheme cards give: each card's suit Scheme and value Scheme, Distract
    when the cards share a suit or a value, and the always-available Schemes.

    Usable on its own for cards players flipped at the table.
    """
    first, second = Card.parse(first).identity, Card.parse(second).identity
    if first.is_joker or second.is_joker:
        raise SetupChoiceError("Jokers are reflipped for the Scheme pool; flip another card.")
    if first == second:
        raise SetupChoiceError(f"Both scheme cards are {first}; one deck holds each card once. "
                               "Flip the second card again.")
    tables = encounter_tables()
    rules = tables.standard.scheme_pool
    keys: list[str] = []
    for card in (first, second):
        for scheme in (tables.scheme_for_suit(card.suit), tables.scheme_for_value(card.value)):
            if scheme.key not in keys:
                keys.append(scheme.key)
    because = ("shared suit" if first.suit is second.suit
               else "shared value" if first.value == second.value else "")
    if because:
        keys.append(rules.on_shared_suit_or_value)
    keys.extend(rules.always)
    if len(keys) != rules.size:
        raise EngineBug(f"a scheme pool of {len(keys)} from {first} and {second}")
    return SchemePool((first, second), tuple(keys), because)


@dataclass(frozen=True)
class StandardSetup:
    size: int
    encounter_size: str
    leaders: tuple[str, ...]
    deployment: str
    strategy: str
    scheme_pool: tuple[str, ...]
    scheme_cards: tuple[Card, Card]
    distract_because: str
    flips: tuple[SetupFlip, ...]


def _scheme_card(previous: Card | None):
    def read(card: Card):
        card = card.identity
        if card.is_joker:
            return (), "Jokers are reflipped for the Scheme pool"
        if card == previous:
            return (), "the same card cannot come up twice from one deck"
        tables = encounter_tables()
        return (tables.scheme_for_suit(card.suit).key, tables.scheme_for_value(card.value).key), ""
    return read


def generate_standard(draw: Draw, *, size: int) -> StandardSetup:
    """Deployment, shared Strategy and Scheme pool of a Standard Encounter, in book order.

    Jokers give Close Deployment and Stake a Claim; only the two scheme cards reflip
    them. The scheme cards come from one (fresh) deck in the book, so a second card equal
    to the first is reflipped too: that keeps independent server flips faithful.
    """
    band = encounter_size_band(size)
    tables = encounter_tables()
    flips: list[SetupFlip] = []
    _, (deployment,) = _flip(draw, "deployment",
                             lambda c: ((tables.standard_deployment_for(c).key,), ""), flips)
    _, (strategy,) = _flip(draw, "strategy",
                           lambda c: ((tables.standard_strategy_for(c).key,), ""), flips)
    first, _ = _flip(draw, "scheme card 1", _scheme_card(None), flips)
    second, _ = _flip(draw, "scheme card 2", _scheme_card(first.identity), flips)
    pool = scheme_pool(first, second)
    return StandardSetup(size, band.key, band.leaders, deployment, strategy, pool.schemes,
                         pool.cards, pool.distract_because, tuple(flips))


# --- Story encounters --------------------------------------------------------------


@dataclass(frozen=True)
class StorySetup:
    """A Story Encounter's setup. ``attacker`` is None when the previous winner of a
    linked series picks a side after seeing the Strategy (spoils Option 1). ``chosen``
    names the parts picked instead of flipped ("terrain", "attacker_strategy",
    "defender_strategy", "role")."""

    size: int
    encounter_size: str
    leaders: tuple[str, ...]
    terrain: tuple[str, ...]
    deployment: str
    attacker: Player | None
    attacker_strategy: str
    defender_suit: Suit
    defender_objective: str
    shindig: Literal["red", "black"] | None
    max_vp: int
    flips: tuple[SetupFlip, ...]
    chosen: tuple[str, ...] = ()

    def scheme_choices(self, faction: str) -> tuple[str, ...]:
        return story_scheme_choices(faction)


def story_scheme_choices(faction: str) -> tuple[str, ...]:
    """Any of the nineteen generic Schemes plus the player's own Faction Scheme."""
    tables = encounter_tables()
    try:
        own = tables.faction_scheme(faction)
    except KeyError:
        raise SetupChoiceError(f"Unknown faction {faction!r}; use one of "
                               f"{sorted(FACTIONS)}.") from None
    return (*(s.key for s in tables.schemes.generic), own.key)


def _chosen_terrain(terrain: str | Sequence[str]) -> tuple[str, ...]:
    keys = (terrain,) if isinstance(terrain, str) else tuple(terrain)
    story = encounter_tables().story
    for key in keys:
        try:
            story.terrain_row(key)
        except KeyError:
            raise SetupChoiceError(f"Unknown terrain {key!r}; use one of "
                                   f"{[t.key for t in story.terrain]}, 'flip' or 'none'.") from None
    if not keys:
        raise SetupChoiceError("Name the chosen terrain, or use 'none'.")
    return keys


def _flip_attacker(draw: Draw, flips: list[SetupFlip]) -> Player:
    """Each player flips; the higher card is the Attacker, ties flip again (as the book
    settles who deploys first). A Red Joker counts 14, the Black Joker 0."""
    for _ in range(MAX_FLIPS):
        first = Card.parse(draw("attacker: first player's card"))
        second = Card.parse(draw("attacker: second player's card"))
        if first.value == second.value:
            for purpose, card in (("first", first), ("second", second)):
                flips.append(SetupFlip(f"attacker: {purpose} player's card", card, (), False,
                                       "a tie; both players flip again"))
            continue
        winner: Player = "first" if first.value > second.value else "second"
        for who, card in (("first", first), ("second", second)):
            role = "attacker" if who == winner else "defender"
            flips.append(SetupFlip(f"attacker: {who} player's card", card, (role,), True))
        return winner
    raise CardSourceError(f"The Attacker flip tied {MAX_FLIPS} times; check the cards.")


def _flip_strategy(draw: Draw, flips: list[SetupFlip], attacker_strategy: str | None,
                   defender_suit: Suit | None):
    """The Strategy flip: value for the Attacker, suit for the Defender, unless chosen.
    The first Joker makes the game a Shindig and is kept; later Jokers are reflipped."""
    tables = encounter_tables()
    shindig = None
    purpose = ("strategy (the Defender's suit)" if attacker_strategy
               else "strategy (the Attacker's value)" if defender_suit else "strategy")
    for _ in range(MAX_FLIPS):
        card = Card.parse(draw(purpose))
        if card.is_joker:
            if shindig is None:
                shindig = card.joker
                flips.append(SetupFlip(purpose, card, ("shindig",), True,
                                       "a Joker makes this a Shindig; flip again"))
                purpose = f"{purpose} after the Shindig"
            else:
                flips.append(SetupFlip(purpose, card, (), False, "further Jokers are reflipped"))
            continue
        strategy = attacker_strategy or tables.story_strategy_for(card).key
        suit = defender_suit or card.suit
        objective = tables.defender_objective(strategy, suit).key
        flips.append(SetupFlip(purpose, card, (strategy, objective), True))
        return strategy, suit, shindig
    raise CardSourceError(f"The Strategy flip gave {MAX_FLIPS} Jokers; check the cards.")


def generate_story(
    draw: Draw,
    *,
    size: int,
    attacker_is: AttackerIs = "flip",
    terrain: str | Sequence[str] = "flip",
    attacker_strategy: str | None = None,
    defender_suit: Suit | str | None = None,
) -> StorySetup:
    """Terrain, Deployment, Attacker and Strategies of a Story Encounter, in book order.

    ``terrain``: "flip" (the unconventional terrain chart; a Joker gives two pieces),
    "none" (the players did not agree to one), or the chosen terrain key(s).
    ``attacker_is``: "first"/"second" when already decided (e.g. a Warrant), "flip" to
    flip for it, "chosen_after_flip" for spoils Option 1.
    ``attacker_strategy`` / ``defender_suit``: a chosen Strategy (spoils Options 3 and 4,
    or players who simply pick); the flip still decides the other half. With both given
    no Strategy flip is made, so there is no Shindig.
    """
    band = encounter_size_band(size)
    tables = encounter_tables()
    # Every choice is checked before the first card is drawn, so a refused request
    # leaves no flips behind.
    chosen: list[str] = []
    if terrain not in ("flip", "none"):
        terrain = _chosen_terrain(terrain)
        chosen.append("terrain")
    if attacker_is not in get_args(AttackerIs):
        raise SetupChoiceError(f"attacker_is must be one of {list(get_args(AttackerIs))}, "
                               f"not {attacker_is!r}.")
    if attacker_is == "chosen_after_flip":
        chosen.append("role")
    if attacker_strategy is not None:
        try:
            tables.story.strategy(attacker_strategy)
        except KeyError:
            raise SetupChoiceError(f"Unknown Story Strategy {attacker_strategy!r}; use one of "
                                   f"{[s.key for s in tables.story.strategies]}.") from None
        chosen.append("attacker_strategy")
    if defender_suit is not None:
        try:
            defender_suit = Suit.parse(defender_suit)
        except RulesError as exc:
            raise SetupChoiceError(str(exc)) from None
        chosen.append("defender_strategy")

    flips: list[SetupFlip] = []
    if terrain == "flip":
        _, terrain = _flip(draw, "terrain",
                           lambda c: (tuple(t.key for t in tables.terrain_for(c)), ""), flips)
    elif terrain == "none":
        terrain = ()
    _, (deployment,) = _flip(draw, "deployment",
                             lambda c: ((tables.story_deployment_for(c).key,), ""), flips)
    attacker = {"first": "first", "second": "second", "chosen_after_flip": None}.get(attacker_is)
    if attacker_is == "flip":
        attacker = _flip_attacker(draw, flips)
    if attacker_strategy is not None and defender_suit is not None:
        strategy, suit, shindig = attacker_strategy, defender_suit, None
    else:
        strategy, suit, shindig = _flip_strategy(draw, flips, attacker_strategy, defender_suit)
    return StorySetup(
        size=size, encounter_size=band.key, leaders=band.leaders, terrain=terrain,
        deployment=deployment, attacker=attacker, attacker_strategy=strategy,
        defender_suit=suit, defender_objective=tables.defender_objective(strategy, suit).key,
        shindig=shindig,
        max_vp=tables.story.shindig.max_vp if shindig else tables.standard.victory.game_max_vp,
        flips=tuple(flips), chosen=tuple(chosen),
    )


@dataclass(frozen=True)
class SecretSuit:
    """Search: the suit the Defender notes in secret (show it to the Defender only)."""

    suit: Suit
    flips: tuple[SetupFlip, ...]


def flip_search_suit(draw: Draw) -> SecretSuit:
    """The Defender's secret flip for the Search Strategy, reflipping Jokers."""
    flips: list[SetupFlip] = []

    def read(card: Card):
        if card.identity.is_joker:
            return (), "Jokers are reflipped"
        return (card.suit.value,), ""

    card, _ = _flip(draw, "Search: the Defender's secret suit", read, flips)
    return SecretSuit(card.suit, tuple(flips))


# --- Linked games ------------------------------------------------------------------


class LinkedSeriesError(EncounterError):
    """A linked series breaks one of its rules."""


class SeriesTooLong(LinkedSeriesError):
    """More games than a series holds, or asking for a game after the last."""


class SeriesPlayersChanged(LinkedSeriesError):
    """A game not between the series' two players."""


class SeriesSizeChanged(LinkedSeriesError):
    """A game at another Encounter Size than the first."""


class SeriesLeaderChanged(LinkedSeriesError):
    """A player changed Leader between games."""


class SeriesFactionChanged(LinkedSeriesError):
    """A player changed (or gave an unknown) Faction."""


class SchemeRepeated(LinkedSeriesError):
    """A player chose a Scheme already chosen earlier in the series."""


class SchemeNotAvailable(LinkedSeriesError):
    """Not two different Schemes open to the player's Faction."""


class SpoilsNotAllowed(LinkedSeriesError):
    """Spoils with no previous winner, or an unknown spoils option."""


class SeriesIncomplete(LinkedSeriesError):
    """The series winner was asked for before the last game."""


@dataclass(frozen=True)
class LinkedSide:
    """One player's part of a linked game. ``player`` is any stable id (a string)."""

    player: str
    faction: str
    leader: str
    schemes: tuple[str, ...]
    vp: int


@dataclass(frozen=True)
class LinkedGame:
    """One game of the series; ``spoils`` is the option key the previous winner took."""

    size: int
    sides: tuple[LinkedSide, LinkedSide]
    spoils: str | None = None

    @property
    def winner(self) -> str | None:
        """The player with more VP; None on a tie."""
        return series_winner({side.player: side.vp for side in self.sides})


@dataclass(frozen=True)
class SpoilsOffer:
    """Who takes spoils before the next game (None after a tie) and the options."""

    chooser: str | None
    options: tuple[SpoilsOption, ...]


def series_winner(vp_totals: Mapping[str, int]) -> str | None:
    """The player with the most total VP, or None when the top is shared."""
    if len(vp_totals) < 2:
        raise LinkedSeriesError("A winner needs the VP of at least two players.")
    for player, vp in vp_totals.items():
        _check_vp(player, vp)
    best = max(vp_totals.values())
    leaders = [p for p, vp in vp_totals.items() if vp == best]
    return leaders[0] if len(leaders) == 1 else None


@dataclass(frozen=True)
class LinkedSeries:
    """Up to five linked games between two players, checked as a whole on creation.

    ``add`` returns a longer series (or raises), so a service can check a game before it
    stores it; ``check_schemes`` checks a player's Scheme choice before the game is played.
    """

    games: tuple[LinkedGame, ...] = field(default=())

    def __post_init__(self) -> None:
        _check_series(self.games)

    def add(self, game: LinkedGame) -> LinkedSeries:
        return LinkedSeries((*self.games, game))

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(side.player for side in self.games[0].sides) if self.games else ()

    @property
    def complete(self) -> bool:
        return len(self.games) == encounter_tables().linked.games

    def totals(self) -> dict[str, int]:
        totals = dict.fromkeys(self.players, 0)
        for game in self.games:
            for side in game.sides:
                totals[side.player] += side.vp
        return totals

    def winner(self) -> str | None:
        """The series winner by total VP (None on a tie), once all games are played."""
        needed = encounter_tables().linked.games
        if not self.complete:
            raise SeriesIncomplete(f"The series has {len(self.games)} of {needed} games; "
                                   "its winner is decided after the last one.")
        return series_winner(self.totals())

    def schemes_chosen(self, player: str) -> dict[str, int]:
        """The Schemes ``player`` has chosen so far, with the game (1-based) of each."""
        return {scheme: number
                for number, game in enumerate(self.games, 1)
                for side in game.sides if side.player == player
                for scheme in side.schemes}

    def check_schemes(self, player: str, schemes: Iterable[str]) -> None:
        """Refuse Schemes that ``player`` already chose earlier in the series."""
        _refuse_repeats(self.games, player, schemes)

    def spoils_for_next_game(self) -> SpoilsOffer:
        if not self.games:
            raise SpoilsNotAllowed("The first game of a series has no spoils.")
        if self.complete:
            raise SeriesTooLong("The series is over; there is no next game.")
        return SpoilsOffer(self.games[-1].winner, encounter_tables().linked.spoils)


def _spoils_option(key: str) -> SpoilsOption:
    linked = encounter_tables().linked
    try:
        return linked.option(key)
    except KeyError:
        raise SpoilsNotAllowed(f"Unknown spoils option {key!r}; use one of "
                               f"{[o.key for o in linked.spoils]}.") from None


#: How each spoils option maps onto ``generate_story`` arguments.
_SPOILS_ARGUMENT = {
    "role": "attacker_is",
    "terrain": "terrain",
    "attacker_strategy": "attacker_strategy",
    "defender_strategy": "defender_suit",
}


def spoils_story_arguments(option: str, choice: str | Sequence[str] | None = None) -> dict:
    """The ``generate_story`` keyword arguments for the spoils option the winner took:
    no choice for Option 1, a terrain key, a Story Strategy key, or a suit."""
    grants = _spoils_option(option).grants
    if grants == "role":
        return {"attacker_is": "chosen_after_flip"}
    if choice is None:
        raise SpoilsNotAllowed(f"Spoils option {option!r} needs the winner's choice.")
    return {_SPOILS_ARGUMENT[grants]: choice}


def _check_series(games: tuple[LinkedGame, ...]) -> None:
    rules = encounter_tables().linked
    if len(games) > rules.games:
        raise SeriesTooLong(f"A linked series has {rules.games} games; game {len(games)} is "
                            "one too many. Start a new series.")
    for number, game in enumerate(games, 1):
        _check_game(number, game)
        if number > 1:
            _check_against_first(number, game, games[0], rules)
            for side in game.sides:
                _refuse_repeats(games[: number - 1], side.player, side.schemes)
        _check_spoils(number, game, games[number - 2] if number > 1 else None)


def _refuse_repeats(earlier: Sequence[LinkedGame], player: str, schemes: Iterable[str]) -> None:
    if not encounter_tables().linked.no_repeated_schemes:
        return
    chosen = {key: number
              for number, game in enumerate(earlier, 1)
              for side in game.sides if side.player == player
              for key in side.schemes}
    for key in schemes:
        if key in chosen:
            name = encounter_tables().scheme(key).name
            raise SchemeRepeated(
                f"Game {len(earlier) + 1}: {player} chose {name} in game {chosen[key]}; a "
                "player may choose each Scheme only once in a linked series. Pick another.")


def _check_vp(player: str, vp: object) -> None:
    if isinstance(vp, bool) or not isinstance(vp, int) or vp < 0:
        raise LinkedSeriesError(f"{player}'s VP must be a whole number of 0 or more, not {vp!r}.")


def _check_game(number: int, game: LinkedGame) -> None:
    if len(game.sides) != 2 or game.sides[0].player == game.sides[1].player:
        raise SeriesPlayersChanged(f"Game {number} needs two different players.")
    encounter_size_band(game.size)
    tables = encounter_tables()
    for side in game.sides:
        _check_vp(side.player, side.vp)
        if side.faction not in FACTIONS:
            raise SeriesFactionChanged(f"Game {number}: unknown faction {side.faction!r} for "
                                       f"{side.player}; use one of {sorted(FACTIONS)}.")
        if len(side.schemes) != 2 or len(set(side.schemes)) != 2:
            raise SchemeNotAvailable(f"Game {number}: {side.player} must choose two different "
                                     f"Schemes, not {list(side.schemes)}.")
        allowed = story_scheme_choices(side.faction)
        for key in side.schemes:
            if key not in allowed:
                other = next((s for s in tables.schemes.rows if s.key == key), None)
                why = (f"{other.name} is the {FACTIONS[other.faction]} Faction Scheme"
                       if other else "there is no such Scheme")
                raise SchemeNotAvailable(f"Game {number}: {side.player} cannot choose "
                                         f"{key!r}: {why}.")


def _check_against_first(number: int, game: LinkedGame, first: LinkedGame, rules) -> None:
    players = [s.player for s in first.sides]
    if sorted(s.player for s in game.sides) != sorted(players):
        raise SeriesPlayersChanged(
            f"Game {number} is between {[s.player for s in game.sides]}, but the series is "
            f"between {players}; a linked series keeps the same two players.")
    band, first_band = encounter_size_band(game.size), encounter_size_band(first.size)
    if rules.same_encounter_size and band.key != first_band.key:
        raise SeriesSizeChanged(
            f"Game {number} is a {band.name} ({game.size} Soulstones), but the series is "
            f"played as a {first_band.name}; keep the first game's Encounter Size.")
    before = {s.player: s for s in first.sides}
    for side in game.sides:
        was = before[side.player]
        if rules.same_leader and side.leader != was.leader:
            raise SeriesLeaderChanged(
                f"Game {number}: {side.player} is led by {side.leader}, but by {was.leader} in "
                "game 1; each player keeps the same Leader for the whole series.")
        if rules.same_faction and side.faction != was.faction:
            raise SeriesFactionChanged(
                f"Game {number}: {side.player} declared {FACTIONS[side.faction]}, but "
                f"{FACTIONS[was.faction]} in game 1; a player keeps one Faction for the series.")


def _check_spoils(number: int, game: LinkedGame, previous: LinkedGame | None) -> None:
    if game.spoils is None:
        return
    if previous is None:
        raise SpoilsNotAllowed("Game 1 has no previous winner, so it has no spoils.")
    if previous.winner is None:
        raise SpoilsNotAllowed(f"Game {number - 1} was a tie, so nobody takes spoils in "
                               f"game {number}.")
    _spoils_option(game.spoils)
