"""Encounter setup tables (second edition): typed, validated, cached loaders.

Rules as data: ``rules/data/encounter-*.json`` hold the rulebook's names and numbers and
our own short summaries; this module turns them into frozen dataclasses and answers the
card lookups the setup generators need (``rules/engine/encounters.py``). Every file is
checked as it loads: unknown or missing keys, wrong types, a chart that misses or
double-books a card of the Fate Deck, and references between the files (a deployment
chart naming a deployment, a Strategy naming a Defender objective). A broken file fails
loudly with the file and the row named, never with a wrong setup on a game night.

The JSON-to-dataclass conversion is the one ``rules/tables.py`` uses (``build_dataclass``),
so both loaders check data the same way and report the shared ``TableDataError``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal

from rules.engine.cards import FULL_DECK, Card, Suit
from rules.tables import FACTIONS, TableDataError, build_dataclass

DATA_DIR = Path(__file__).resolve().parent / "data"
FILES = ("encounter-standard", "encounter-schemes", "encounter-story", "encounter-linked")

Leader = Literal["master", "henchman"]


# --- Selecting rows by card --------------------------------------------------------


@dataclass(frozen=True)
class Pick:
    """The cards that select a chart row: a value band (any suit), a suit, or a Joker."""

    low: int | None = None
    high: int | None = None
    suit: Suit | None = None
    joker: Literal["red", "black", "either"] | None = None

    def __post_init__(self) -> None:
        band = self.low is not None or self.high is not None
        if sum((band, self.suit is not None, self.joker is not None)) != 1:
            raise ValueError("a pick is exactly one of: low/high, suit, joker")
        if band and not (self.low and self.high and 1 <= self.low <= self.high <= 13):
            raise ValueError(f"value band {self.low}-{self.high} is not within 1-13")

    def matches(self, card: Card) -> bool:
        card = card.identity
        if card.is_joker:
            return self.joker in ("either", card.joker)
        if self.suit is not None:
            return card.suit is self.suit
        return self.low is not None and self.low <= card.value <= self.high


@dataclass(frozen=True)
class ChartRow:
    pick: Pick
    result: str


def _check_coverage(rows, what: str, *, jokers_select: bool = True) -> None:
    """Every card of the Fate Deck must select exactly one row (Jokers none, if so told)."""
    for card in FULL_DECK:
        hits = [row for row in rows if row.pick.matches(card)]
        want = 1 if jokers_select or not card.is_joker else 0
        if len(hits) != want:
            labels = [getattr(r, "name", None) or r.result for r in hits]
            raise ValueError(f"{what}: card {card} must select {want} row(s), selects {labels}")


# --- Standard encounters -----------------------------------------------------------


@dataclass(frozen=True)
class EncounterSize:
    """A band of hiring Soulstones and the stations that may lead a Crew in it."""

    key: str
    name: str
    min_soulstones: int
    max_soulstones: int | None
    leaders: tuple[Leader, ...]
    game_length: str
    summary: str

    def contains(self, soulstones: int) -> bool:
        top = self.max_soulstones
        return self.min_soulstones <= soulstones and (top is None or soulstones <= top)


@dataclass(frozen=True)
class Deployment:
    key: str
    name: str
    summary: str
    page: int | None = None
    treated_as: str | None = None


@dataclass(frozen=True)
class StandardStrategy:
    key: str
    name: str
    pick: Pick
    summary: str
    setup: str = ""
    special: str = ""


@dataclass(frozen=True)
class SchemePoolRules:
    cards: int
    reflip_jokers: bool
    always: tuple[str, ...]
    on_shared_suit_or_value: str
    size: int


@dataclass(frozen=True)
class VictoryLimits:
    strategy_max_vp: int
    scheme_max_vp: int
    schemes_chosen: int
    game_max_vp: int


@dataclass(frozen=True)
class StandardTables:
    key: str
    title: str
    source: str
    description: str
    suit_mapping_note: str
    recommended_soulstones: int
    sizes: tuple[EncounterSize, ...]
    deployments: tuple[Deployment, ...]
    deployment_chart: tuple[ChartRow, ...]
    strategies: tuple[StandardStrategy, ...]
    scheme_pool: SchemePoolRules
    victory: VictoryLimits

    def validate(self) -> None:
        _unique(self.sizes, "sizes")
        _unique(self.deployments, "deployments")
        _unique(self.strategies, "strategies")
        previous = None
        for size in self.sizes:
            if previous is not None and size.min_soulstones != previous + 1:
                raise ValueError(f"size {size.name!r} does not start right after the band before")
            if size.max_soulstones is not None and size.max_soulstones < size.min_soulstones:
                raise ValueError(f"size {size.name!r} ends before it starts")
            previous = size.max_soulstones
            if previous is None and size is not self.sizes[-1]:
                raise ValueError(f"only the last size may be open-ended, not {size.name!r}")
        if previous is not None:
            raise ValueError("the last size must be open-ended (max_soulstones null)")
        _check_refs(self.deployment_chart, {d.key for d in self.deployments}, "deployment_chart")
        _check_coverage(self.deployment_chart, "deployment_chart")
        _check_coverage(self.strategies, "strategies")

    def size_for(self, soulstones: int) -> EncounterSize | None:
        return next((s for s in self.sizes if s.contains(soulstones)), None)


# --- Schemes -----------------------------------------------------------------------


@dataclass(frozen=True)
class Scheme:
    """One Scheme. ``pool`` says how it enters a Standard pool (or "faction": Story only).

    ``reveal_bonus``: revealing it at the Reveal Schemes step can earn more VP.
    ``reveal_at_start``: whether it may (or must) be revealed at that step.
    ``notes``: what the scheming player notes down when choosing it (a secret until
    revealed), empty when nothing is noted.
    """

    key: str
    name: str
    pool: Literal["always", "doubles", "suit", "value", "faction"]
    summary: str
    max_vp: int
    reveal_bonus: bool
    reveal_at_start: Literal["allowed", "forbidden", "required"] = "allowed"
    suit: Suit | None = None
    value: int | None = None
    faction: str | None = None
    notes: str = ""

    def __post_init__(self) -> None:
        for name in ("suit", "value", "faction"):
            present = getattr(self, name) is not None
            if present and name != self.pool:
                raise ValueError(f"a {self.pool!r} scheme takes no {name}")
            if not present and name == self.pool:
                raise ValueError(f"a {self.pool!r} scheme needs a {name}")
        if self.value is not None and not 1 <= self.value <= 13:
            raise ValueError(f"value {self.value} is not 1-13")
        if self.faction is not None and self.faction not in FACTIONS:
            raise ValueError(f"unknown faction {self.faction!r}")
        if not 0 <= self.max_vp <= 3:
            raise ValueError("a Scheme scores at most 3 VP")


@dataclass(frozen=True)
class SchemeTable:
    key: str
    title: str
    source: str
    description: str
    suit_mapping_note: str
    rows: tuple[Scheme, ...]

    def validate(self) -> None:
        _unique(self.rows, "rows")
        expected = {
            "always": [None],
            "doubles": [None],
            "suit": list(Suit),
            "value": list(range(1, 14)),
            "faction": sorted(FACTIONS),
        }
        for pool, wanted in expected.items():
            got = [r.suit or r.value or r.faction for r in self.rows if r.pool == pool]
            if sorted(got, key=str) != sorted(wanted, key=str):
                raise ValueError(f"{pool!r} schemes cover {got}, need each of {wanted} once")

    def row(self, key: str) -> Scheme:
        for row in self.rows:
            if row.key == key:
                return row
        raise KeyError(f"{self.key}: no scheme {key!r}")

    def by(self, pool: str, selector: Any = None) -> Scheme:
        return next(r for r in self.rows
                    if r.pool == pool and selector in (None, r.suit, r.value, r.faction))

    @property
    def generic(self) -> tuple[Scheme, ...]:
        """The nineteen Schemes open to every Crew (all but the Faction Schemes)."""
        return tuple(r for r in self.rows if r.pool != "faction")


# --- Story encounters --------------------------------------------------------------


@dataclass(frozen=True)
class Terrain:
    key: str
    name: str
    value: int
    summary: str


@dataclass(frozen=True)
class DefenderBySuit:
    """The Defender objective (a key of ``defender_objectives``) for each suit."""

    rams: str
    crows: str
    tomes: str
    masks: str

    def for_suit(self, suit: Suit) -> str:
        return getattr(self, Suit.parse(suit).value)


@dataclass(frozen=True)
class StoryStrategy:
    key: str
    name: str
    value: int
    attacker: str
    defender: DefenderBySuit
    setup: str = ""
    special: str = ""
    secret_note: str = ""


@dataclass(frozen=True)
class DefenderObjective:
    key: str
    name: str
    summary: str
    secret_note: str = ""


@dataclass(frozen=True)
class ShindigAction:
    key: str
    name: str
    ap: int
    summary: str
    joker: Literal["red", "black"] | None = None


@dataclass(frozen=True)
class Shindig:
    name: str
    summary: str
    victory_vp: int
    max_vp: int
    actions: tuple[ShindigAction, ...]


@dataclass(frozen=True)
class StoryTables:
    key: str
    title: str
    source: str
    description: str
    suit_mapping_note: str
    terrain_optional: bool
    terrain: tuple[Terrain, ...]
    red_joker_terrain: tuple[str, ...]
    black_joker_terrain: tuple[str, ...]
    deployments: tuple[Deployment, ...]
    deployment_chart: tuple[ChartRow, ...]
    strategies: tuple[StoryStrategy, ...]
    defender_objectives: tuple[DefenderObjective, ...]
    strategy_max_vp: int
    shindig: Shindig
    generic_schemes: int

    def validate(self) -> None:
        for what in ("terrain", "deployments", "strategies", "defender_objectives"):
            _unique(getattr(self, what), what)
        _by_value(self.terrain, "terrain")
        _by_value(self.strategies, "strategies")
        terrain = {t.key for t in self.terrain}
        for what in ("red_joker_terrain", "black_joker_terrain"):
            keys = getattr(self, what)
            if not keys or set(keys) - terrain:
                raise ValueError(f"{what} {list(keys)} must name known terrain")
        objectives = {o.key for o in self.defender_objectives}
        used = set()
        for strategy in self.strategies:
            for suit in Suit:
                key = strategy.defender.for_suit(suit)
                if key not in objectives:
                    raise ValueError(f"strategy {strategy.name!r} ({suit.value}) names unknown "
                                     f"defender objective {key!r}")
                used.add(key)
        if objectives - used:
            raise ValueError(f"defender objectives {sorted(objectives - used)} are never used")
        _check_coverage(self.deployment_chart, "deployment_chart")
        jokers = sorted(a.joker for a in self.shindig.actions if a.joker)
        if jokers != ["black", "red"]:
            raise ValueError("the Shindig needs one Red Joker and one Black Joker action")

    def terrain_row(self, key: str) -> Terrain:
        return _find(self.terrain, key, "terrain")

    def strategy(self, key: str) -> StoryStrategy:
        return _find(self.strategies, key, "story strategy")

    def objective(self, key: str) -> DefenderObjective:
        return _find(self.defender_objectives, key, "defender objective")


# --- Linked games ------------------------------------------------------------------


@dataclass(frozen=True)
class SpoilsOption:
    key: str
    name: str
    grants: Literal["role", "terrain", "attacker_strategy", "defender_strategy"]
    summary: str


@dataclass(frozen=True)
class LinkedRules:
    key: str
    title: str
    source: str
    description: str
    suit_mapping_note: str
    games: int
    same_encounter_size: bool
    same_leader: bool
    same_faction: bool
    no_repeated_schemes: bool
    spoils: tuple[SpoilsOption, ...]

    def validate(self) -> None:
        _unique(self.spoils, "spoils")
        if self.games < 1:
            raise ValueError("a series needs at least one game")

    def option(self, key: str) -> SpoilsOption:
        return _find(self.spoils, key, "spoils option")


# --- All four together -------------------------------------------------------------


@dataclass(frozen=True)
class EncounterTables:
    """The four encounter files, checked against each other, with the card lookups."""

    standard: StandardTables
    schemes: SchemeTable
    story: StoryTables
    linked: LinkedRules

    def validate(self) -> None:
        pool = self.standard.scheme_pool
        scheme_keys = {r.key for r in self.schemes.rows}
        named = (*pool.always, pool.on_shared_suit_or_value)
        if set(named) - scheme_keys:
            raise TableDataError(f"encounter-standard.json: scheme_pool names unknown schemes "
                                 f"{sorted(set(named) - scheme_keys)}")
        if len(self.schemes.generic) != self.story.generic_schemes:
            raise TableDataError(f"encounter-story.json: generic_schemes is "
                                 f"{self.story.generic_schemes}, encounter-schemes.json has "
                                 f"{len(self.schemes.generic)}")
        deployments = {d.key for d in (*self.standard.deployments, *self.story.deployments)}
        try:
            _check_refs(self.story.deployment_chart, deployments, "deployment_chart")
            for d in self.story.deployments:
                if d.treated_as is not None and d.treated_as not in deployments:
                    raise ValueError(f"deployment {d.name!r} is treated as unknown "
                                     f"{d.treated_as!r}")
        except ValueError as exc:
            raise TableDataError(f"encounter-story.json: {exc}") from None

    # Standard
    def size_for(self, soulstones: int) -> EncounterSize | None:
        return self.standard.size_for(soulstones)

    def deployment(self, key: str) -> Deployment:
        return _find((*self.standard.deployments, *self.story.deployments), key, "deployment")

    def standard_deployment_for(self, card: Card) -> Deployment:
        return self.deployment(_chart(self.standard.deployment_chart, card).result)

    def standard_strategy_for(self, card: Card) -> StandardStrategy:
        return _chart(self.standard.strategies, card)

    def standard_strategy(self, key: str) -> StandardStrategy:
        return _find(self.standard.strategies, key, "standard strategy")

    # Schemes
    def scheme(self, key: str) -> Scheme:
        return self.schemes.row(key)

    def scheme_for_suit(self, suit: Suit) -> Scheme:
        return self.schemes.by("suit", Suit.parse(suit))

    def scheme_for_value(self, value: int) -> Scheme:
        return self.schemes.by("value", value)

    def faction_scheme(self, faction: str) -> Scheme:
        if faction not in FACTIONS:
            raise KeyError(f"unknown faction {faction!r}; use one of {sorted(FACTIONS)}")
        return self.schemes.by("faction", faction)

    # Story
    def terrain_for(self, card: Card) -> tuple[Terrain, ...]:
        """The terrain a card gives: one by value, two for either Joker."""
        card = card.identity
        if card.is_joker:
            story = self.story
            keys = story.red_joker_terrain if card.is_red_joker else story.black_joker_terrain
            return tuple(self.story.terrain_row(k) for k in keys)
        return (next(t for t in self.story.terrain if t.value == card.value),)

    def story_deployment_for(self, card: Card) -> Deployment:
        return self.deployment(_chart(self.story.deployment_chart, card).result)

    def story_strategy_for(self, card: Card) -> StoryStrategy | None:
        """The Attacker's Strategy by value; None for a Joker (a Shindig, flip again)."""
        card = card.identity
        if card.is_joker:
            return None
        return next(s for s in self.story.strategies if s.value == card.value)

    def defender_objective(self, strategy_key: str, suit: Suit) -> DefenderObjective:
        key = self.story.strategy(strategy_key).defender.for_suit(suit)
        return self.story.objective(key)


# --- Helpers -----------------------------------------------------------------------


def _unique(rows, what: str) -> None:
    keys = [row.key for row in rows]
    duplicates = sorted({k for k in keys if keys.count(k) > 1})
    if duplicates:
        raise ValueError(f"{what}: duplicate keys {duplicates}")


def _by_value(rows, what: str) -> None:
    values = sorted(row.value for row in rows)
    if values != list(range(1, 14)):
        raise ValueError(f"{what}: values must be 1-13 once each, got {values}")


def _check_refs(chart, known: set[str], what: str) -> None:
    unknown = sorted({row.result for row in chart} - known)
    if unknown:
        raise ValueError(f"{what} names unknown deployments {unknown}")


def _find(rows, key: str, what: str):
    for row in rows:
        if row.key == key:
            return row
    raise KeyError(f"no {what} {key!r}; known: {[row.key for row in rows]}")


def _chart(rows, card: Card):
    return next(row for row in rows if row.pick.matches(card))  # validated: always one


_SPECS = {
    "encounter-standard": StandardTables,
    "encounter-schemes": SchemeTable,
    "encounter-story": StoryTables,
    "encounter-linked": LinkedRules,
}


def read_file(key: str, directory: Path | str = DATA_DIR):
    """Load and validate one encounter file (uncached: for checks and tests)."""
    name = f"{key}.json"
    try:
        data = json.loads((Path(directory) / name).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise TableDataError(f"{name}: cannot read: {exc}") from None
    table = build_dataclass(_SPECS[key], data, name)
    if table.key != key:
        raise TableDataError(f"{name}: key {table.key!r} does not match the file name")
    try:
        table.validate()
    except ValueError as exc:
        raise TableDataError(f"{name}: {exc}") from None
    return table


def read_encounter_tables(directory: Path | str = DATA_DIR) -> EncounterTables:
    """Load all four files from ``directory`` and check them against each other."""
    tables = EncounterTables(*(read_file(key, directory) for key in FILES))
    tables.validate()
    return tables


@cache
def encounter_tables() -> EncounterTables:
    """The shipped encounter tables, loaded and validated once per process."""
    return read_encounter_tables()
