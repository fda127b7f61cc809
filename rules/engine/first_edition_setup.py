"""First-edition encounter setup, in the French rules' order: size, location and its
special features, deployment, strategies, then the hiring limits, the schemes and the
starting Soulstone Pool, and the flip for who chooses a deployment zone.

Plain Python over a card source like ``encounters.py``: ``draw(purpose)`` returns one card,
and every card is listed in the result with what it selected or why it was reflipped. A
Joker that lets a player choose is kept as a pending ``Choice`` (the product never
chooses for a player). What the sources lost is reported as missing, never invented.
The tables are ``first_edition_tables.py``; choices made where the sources are unclear
are in docs/rules-decisions.md ("First edition").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .cards import Card
from .encounters import (
    MAX_FLIPS,
    CardSourceError,
    Draw,
    EncounterError,
    EncounterSizeError,
    SetupChoiceError,
    SetupFlip,
    _flip,
)
from .first_edition_tables import chart as _chart
from .first_edition_tables import first_edition_tables

__all__ = [
    "STRATEGY_MODES",
    "Choice",
    "FirstEditionSetup",
    "StartingPool",
    "generate_first_edition",
    "hire_cost",
    "hiring_soulstones",
    "rare_limit",
    "size_for",
    "starting_pool",
]

Player = Literal["first", "second"]
#: "general" and "extended": the French (1.5) tables; "quick_reference": the original
#: first edition table of the English quick reference, with its VP.
STRATEGY_MODES = ("general", "extended", "quick_reference")


@dataclass(frozen=True)
class Choice:
    """Something a Joker left to a player: ``what`` ("location", "features",
    "deployment", "strategy type", "strategy: first", "strategy: second", "shared
    strategy") and ``by`` whom."""

    what: str
    by: Player
    why: str


@dataclass(frozen=True)
class FirstEditionSetup:
    """A first-edition encounter. Keys point into ``first_edition_tables()``; a None key
    is waiting for the ``choices``. ``strategies`` are the first and second player's
    (one shared strategy is the same key twice with ``shared``)."""

    size: str
    soulstones: int
    hand_size: int
    leaders: str
    max_starting_pool: int
    max_schemes: int
    max_vp: int
    setting: str | None
    location: str | None
    features: tuple[str, ...]
    features_missing: bool
    deployment: str | None
    strategy_mode: str
    strategy_type: str | None
    strategies: tuple[str | None, str | None]
    shared: bool
    zone_chooser: Player
    choices: tuple[Choice, ...]
    notes: tuple[str, ...]
    flips: tuple[SetupFlip, ...]
    ruleset: str = "m1e"


def _other(player: Player) -> Player:
    return "second" if player == "first" else "first"


# --- Size and hiring -----------------------------------------------------------------


def size_for(soulstones: int, size: str | None = None):
    """The encounter size for a hiring total. Scrap (1-55) and Brawl (30-80) overlap, so
    between 30 and 55 the players name one."""
    if isinstance(soulstones, bool) or not isinstance(soulstones, int):
        raise EncounterSizeError(f"Soulstones are a whole number, not {soulstones!r}.")
    tables = first_edition_tables()
    if size is not None:
        try:
            band = tables.size(size)
        except KeyError:
            raise EncounterSizeError(f"Unknown first edition size {size!r}: use scrap or "
                                     "brawl.") from None
        if not band.contains(soulstones):
            raise EncounterSizeError(
                f"A {band.name} hires with {band.min_soulstones}-{band.max_soulstones} "
                f"Soulstones, not {soulstones}.")
        return band
    fitting = [band for band in tables.sizes if band.contains(soulstones)]
    if not fitting:
        raise EncounterSizeError(f"First edition encounters hire with 1 to 80 Soulstones, "
                                 f"not {soulstones}.")
    if len(fitting) > 1:
        raise EncounterSizeError(f"{soulstones} Soulstones fit a Scrap and a Brawl: choose "
                                 "the size.")
    return fitting[0]


def hiring_soulstones(size: str, soulstones: int, *, masters: int = 1,
                      henchman_resource: int | None = None) -> int:
    """Soulstones a crew has to hire with. A Brawl led by one Master gains 10; a Scrap
    led by a Henchman adds the Henchman's resource number (a Henchman cannot lead a
    Brawl). Masters cost nothing."""
    band = size_for(soulstones, size)
    if henchman_resource is not None:
        if not band.henchman_may_lead:
            raise EncounterError(f"A Henchman cannot lead a {band.name}.")
        return soulstones + henchman_resource
    if not 1 <= masters <= band.max_leaders:
        raise EncounterError(f"A {band.name} is led by {band.leaders}.")
    return soulstones + (band.single_master_bonus if masters == 1 else 0)


def hire_cost(printed: int, *, in_faction: bool) -> int:
    """A model's hiring cost: one Soulstone more when it comes from outside the faction."""
    if printed < 0:
        raise EncounterError("A cost cannot be negative.")
    surcharge = first_edition_tables().hiring.out_of_faction_surcharge
    return printed if in_faction else printed + surcharge


def rare_limit(rare: int, size: str) -> int:
    """How many copies of a Rare N model a crew may hire: N in a Scrap, twice N in a
    Brawl."""
    return rare * first_edition_tables().size(size).rare_multiplier


def check_mercenaries(outside: int) -> None:
    """At most two Mercenaries from other factions (the faction's own do not count)."""
    limit = first_edition_tables().hiring.outside_mercenaries
    if outside > limit:
        raise EncounterError(f"A crew may hire at most {limit} Mercenaries from other "
                             f"factions, not {outside}.")


@dataclass(frozen=True)
class StartingPool:
    pool: int
    lost: int
    cap: int


def starting_pool(size: str, *, unspent: int, caches: int = 0, unused_scheme_slots: int = 0,
                  henchman_resource: int | None = None) -> StartingPool:
    """The starting Soulstone Pool: unspent Soulstones, the leading Masters' caches, and 2
    for each scheme slot left unused, capped at 8 in a Scrap (a Henchman leader: its
    resource number, and it adds no cache) and 10 in a Brawl; the excess is lost."""
    tables = first_edition_tables()
    band = tables.size(size)
    if min(unspent, caches, unused_scheme_slots) < 0:
        raise EncounterError("Soulstones and scheme slots cannot be negative.")
    if unused_scheme_slots > band.max_schemes:
        raise EncounterError(f"A {band.name} has {band.max_schemes} scheme slots.")
    cap = band.max_starting_pool
    if henchman_resource is not None:
        if not band.henchman_may_lead:
            raise EncounterError(f"A Henchman cannot lead a {band.name}.")
        cap, caches = henchman_resource, 0
    total = unspent + caches + unused_scheme_slots * tables.hiring.unused_scheme_bonus
    return StartingPool(min(total, cap), max(0, total - cap), cap)


# --- The generator ---------------------------------------------------------------------


def generate_first_edition(
    draw: Draw,
    *,
    soulstones: int,
    size: str | None = None,
    strategy_mode: str = "general",
    location: str | None = None,
) -> FirstEditionSetup:
    """Flip a first-edition encounter. ``location`` is one the players agreed on (no
    location flips). The "first" player is the one who flips when one player does."""
    tables = first_edition_tables()
    band = size_for(soulstones, size)
    if strategy_mode not in STRATEGY_MODES:
        raise SetupChoiceError(f"Unknown strategy mode {strategy_mode!r}: use one of "
                               f"{list(STRATEGY_MODES)}.")
    if location is not None:
        try:
            tables.location(location)
        except KeyError:
            raise SetupChoiceError(f"Unknown first edition location {location!r}.") from None
    flips: list[SetupFlip] = []
    choices: list[Choice] = []
    notes: list[str] = []

    setting, location = _flip_location(draw, location, flips, choices)
    features, missing = (), False
    if location is not None:
        features, missing = _flip_features(draw, tables.location(location), flips, choices)
        if missing:
            notes.append(f"The feature table of {tables.location(location).name} is on the "
                         "lost pages of the French rules.")
    elif choices:
        notes.append("Flip the chosen location's feature table once it is chosen.")

    _, (deployment,) = _flip(draw, "deployment",
                             lambda c: ((_chart(tables.deployment_chart, c),), ""), flips)
    if deployment in ("flipper_chooses", "other_chooses"):
        choices.append(Choice("deployment", "first" if deployment == "flipper_chooses"
                              else "second", _joker_why(deployment)))
        deployment = None

    strategy_type, strategies, shared = _flip_strategies(draw, strategy_mode, flips,
                                                         choices, notes)
    zone_chooser = _flip_zone_chooser(draw, flips)
    return FirstEditionSetup(
        size=band.key, soulstones=soulstones, hand_size=band.hand_size, leaders=band.leaders,
        max_starting_pool=band.max_starting_pool, max_schemes=band.max_schemes,
        max_vp=band.max_vp, setting=setting, location=location, features=features,
        features_missing=missing, deployment=deployment, strategy_mode=strategy_mode,
        strategy_type=strategy_type, strategies=strategies, shared=shared,
        zone_chooser=zone_chooser, choices=tuple(choices), notes=tuple(notes),
        flips=tuple(flips),
    )


def _joker_why(result: str) -> str:
    return {
        "flipper_chooses": "Black Joker: the player who flipped chooses",
        "other_chooses": "Red Joker: the other player chooses",
        "player_chooses": "a Joker: the player chooses",
        "opponent_chooses": "Black Joker: the opponent chooses",
        "flipper_chooses_type": "a Joker: the player who flipped chooses the kind",
    }[result]


def _flip_location(draw, chosen, flips, choices):
    tables = first_edition_tables()
    if chosen is not None:
        return tables.location(chosen).setting, chosen
    _, (setting,) = _flip(draw, "location: outdoors or indoors",
                          lambda c: ((_chart(tables.setting_chart, c),), ""), flips)
    if setting in ("flipper_chooses", "other_chooses"):
        choices.append(Choice("location", "first" if setting == "flipper_chooses"
                              else "second", _joker_why(setting)))
        return None, None
    def read(card: Card):
        result = _chart(tables.location_chart, card)
        if result.isdigit():
            result = tables.location_at(setting, int(result)).key
        return (result,), ""

    _, (key,) = _flip(draw, f"location ({setting})", read, flips)
    if key in ("flipper_chooses", "other_chooses"):
        choices.append(Choice("location", "first" if key == "flipper_chooses" else "second",
                              f"{_joker_why(key)} ({setting})"))
        return setting, None
    return setting, key


def _flip_features(draw, location, flips, choices) -> tuple[tuple[str, ...], bool]:
    """The location's feature flip: a Black Joker flips two more cards and applies both
    (a second card giving the first one's feature, or a Joker, is reflipped); a Red Joker
    lets the flipper choose."""
    tables = first_edition_tables()
    if location.features is None:
        return (), True
    purpose = f"special feature ({location.name})"

    def feature_of(card: Card) -> str:
        result = _chart(tables.feature_chart, card)
        return location.features[int(result)] if result.isdigit() else result

    _, (result,) = _flip(draw, purpose, lambda c: ((feature_of(c),), ""), flips)
    if result == "flipper_chooses":
        choices.append(Choice("features", "first", _joker_why(result)))
        return (), False
    if result != "flip_two_more":
        return (result,), False
    flips[-1] = SetupFlip(flips[-1].purpose, flips[-1].card, ("flip two more",), True,
                          "Black Joker: flip two more cards and apply both")
    found: list[str] = []
    for number in (1, 2):
        def read(card: Card, found=found):
            if card.identity.is_joker:
                return (), "Jokers are reflipped among the two extra cards"
            feature = feature_of(card)
            if feature in found:
                return (), "the same feature again"
            return (feature,), ""

        _, (feature,) = _flip(draw, f"{purpose}: extra card {number}", read, flips)
        found.append(feature)
    return tuple(found), False


def _flip_strategies(draw, mode, flips, choices, notes):
    tables = first_edition_tables()
    if mode == "extended":
        _, (kind,) = _flip(draw, "strategy type (extended encounter)",
                           lambda c: ((_chart(tables.extended_chart, c),), ""), flips)
        if kind == "flipper_chooses_type":
            choices.append(Choice("strategy type", "first", _joker_why(kind)))
            return None, (None, None), False
        if kind.startswith("story_or_"):
            notes.append("Story encounters are not in the sources (they were published "
                         "online): the alternative the table gives is played.")
            kind = kind.removeprefix("story_or_")
        if kind == "individual":
            notes.append("Each player may reflip their individual strategy once, hiring "
                         "with one Soulstone fewer.")
            first, second = (_flip_own(draw, tables.individual_chart, player, flips,
                                       choices) for player in ("first", "second"))
            return _maybe_shared("individual", first, second, notes)
        key = _flip_own(draw, tables.individual_chart, "first", flips, choices,
                        purpose="shared strategy")
        return "shared", (key, key), True
    rows = tables.general_chart if mode == "general" else tables.quick_reference_chart
    first, second = (_flip_own(draw, rows, player, flips, choices)
                     for player in ("first", "second"))
    if mode == "quick_reference":
        return "quick_reference", (first, second), False
    return _maybe_shared("general", first, second, notes)


def _maybe_shared(kind, first, second, notes):
    if first is not None and first == second:
        notes.append("Both players drew the same strategy: they play its shared version.")
        return kind, (first, second), True
    return kind, (first, second), False


def _flip_own(draw, rows, player: Player, flips, choices, purpose: str | None = None):
    what = purpose or f"strategy: {player} player"
    _, (result,) = _flip(draw, what, lambda c: ((_chart(rows, c),), ""), flips)
    if result in ("player_chooses", "opponent_chooses"):
        by = player if result == "player_chooses" else _other(player)
        choices.append(Choice("shared strategy" if purpose else f"strategy: {player}", by,
                              _joker_why(result)))
        return None
    return result


def _flip_zone_chooser(draw, flips) -> Player:
    """Both players flip; the higher card decides who chooses a deployment zone and so
    deploys first. Ties flip again (a Red Joker is 14, the Black Joker 0)."""
    for _ in range(MAX_FLIPS):
        first = Card.parse(draw("deployment zone: first player's card"))
        second = Card.parse(draw("deployment zone: second player's card"))
        if first.value == second.value:
            for who, card in (("first", first), ("second", second)):
                flips.append(SetupFlip(f"deployment zone: {who} player's card", card, (),
                                       False, "a tie; both flip again"))
            continue
        winner: Player = "first" if first.value > second.value else "second"
        for who, card in (("first", first), ("second", second)):
            flips.append(SetupFlip(f"deployment zone: {who} player's card", card,
                                   ("decides",) if who == winner else (), True))
        return winner
    raise CardSourceError(f"The deployment zone flip tied {MAX_FLIPS} times; check the cards.")


