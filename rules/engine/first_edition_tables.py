"""First-edition encounter tables: ``rules/data/first-edition-encounter.json``, typed and
checked as it loads (the same ``build_dataclass`` as the other loaders).

The charts pick a row by card (``Pick``: a value band or a Joker); every card of the Fate
Deck must select exactly one row. Results that are not table keys say who chooses
instead of the card ("flipper_chooses", "other_chooses", "player_chooses",
"opponent_chooses", "flipper_chooses_type") or what to do next ("flip_two_more",
"story_or_individual", "individual", "shared", "story_or_shared"). Feature chart results
are the index (0-5) into the location's six features. What the OCR lost (the 1.5
strategy texts, indoor features' rules, indoor locations 9-13's feature tables) is empty
in the data and shown as missing, never filled in.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

from rules.encounter_tables import Pick
from rules.tables import FACTIONS, TableDataError, build_dataclass

from .cards import FULL_DECK, Card

__all__ = ["FirstEditionTables", "first_edition_tables", "read_first_edition_tables"]

DATA_FILE = Path(__file__).resolve().parent.parent / "data" / "first-edition-encounter.json"

#: Chart results that are not table keys.
CHOOSERS = ("flipper_chooses", "other_chooses", "player_chooses", "opponent_chooses",
            "flipper_chooses_type")
EXTENDED_TYPES = ("story_or_individual", "individual", "shared", "story_or_shared")


@dataclass(frozen=True)
class Row:
    pick: Pick
    result: str


@dataclass(frozen=True)
class EncounterSize:
    key: str
    name: str
    french: str
    min_soulstones: int
    max_soulstones: int
    quick_reference_soulstones: tuple[int, ...]
    hand_size: int
    leaders: str
    max_leaders: int
    henchman_may_lead: bool
    max_starting_pool: int
    max_schemes: int
    max_vp: int
    rare_multiplier: int
    single_master_bonus: int

    def contains(self, soulstones: int) -> bool:
        return self.min_soulstones <= soulstones <= self.max_soulstones


@dataclass(frozen=True)
class HiringRules:
    out_of_faction_surcharge: int
    outside_mercenaries: int
    unused_scheme_bonus: int


@dataclass(frozen=True)
class Feature:
    """A special terrain piece or event. ``kind`` "unknown": named by a location table
    but its rules are on the lost pages (``summary`` is empty)."""

    key: str
    name: str
    french: str
    kind: Literal["terrain", "event", "unknown"]
    summary: str
    whole_game: bool
    name_inferred: bool

    @property
    def text_missing(self) -> bool:
        return self.kind == "unknown"


@dataclass(frozen=True)
class Location:
    """``features`` are the six results of its feature table (1-2, 3-4, 5-7, 8-9, 10-11,
    12-13), or None where the OCR lost the table."""

    key: str
    name: str
    french: str
    setting: Literal["outdoor", "indoor"]
    value: int
    summary: str
    suggested_terrain: str
    features: tuple[str, ...] | None


@dataclass(frozen=True)
class Deployment:
    key: str
    name: str
    french: str
    summary: str
    quick_reference: str


@dataclass(frozen=True)
class Strategy:
    """``text_source`` "quick_reference": the original first edition text from the English
    quick reference; "missing": the 1.5 text is on the lost pages."""

    key: str
    name: str
    french: str
    summary: str
    full_vp: str
    partial_vp: str
    text_source: Literal["quick_reference", "missing"]

    @property
    def text_missing(self) -> bool:
        return self.text_source == "missing"


@dataclass(frozen=True)
class Scheme:
    key: str
    name: str
    faction: str | None
    vp: str
    summary: str
    multiple: bool
    announce: Literal["bonus", "required", "none"]


@dataclass(frozen=True)
class FirstEditionTables:
    key: str
    title: str
    source: str
    description: str
    suit_mapping_note: str
    event_rule: str
    lost_pages_note: str
    sizes: tuple[EncounterSize, ...]
    hiring: HiringRules
    setting_chart: tuple[Row, ...]
    location_chart: tuple[Row, ...]
    locations: tuple[Location, ...]
    feature_chart: tuple[Row, ...]
    features: tuple[Feature, ...]
    deployment_chart: tuple[Row, ...]
    deployments: tuple[Deployment, ...]
    general_chart: tuple[Row, ...]
    extended_chart: tuple[Row, ...]
    individual_chart: tuple[Row, ...]
    quick_reference_chart: tuple[Row, ...]
    strategies: tuple[Strategy, ...]
    schemes: tuple[Scheme, ...]

    def validate(self) -> None:
        for what in ("sizes", "locations", "features", "deployments", "strategies",
                     "schemes"):
            keys = [row.key for row in getattr(self, what)]
            if len(set(keys)) != len(keys):
                raise ValueError(f"{what}: duplicate keys")
        for chart in ("setting_chart", "location_chart", "feature_chart", "deployment_chart",
                      "general_chart", "extended_chart", "individual_chart",
                      "quick_reference_chart"):
            _check_coverage(getattr(self, chart), chart)
        features = {f.key for f in self.features}
        for setting in ("outdoor", "indoor"):
            values = sorted(loc.value for loc in self.locations if loc.setting == setting)
            if values != list(range(1, 14)):
                raise ValueError(f"{setting} locations must be 1-13 once each, got {values}")
        for loc in self.locations:
            if loc.features is None:
                continue
            if len(loc.features) != 6 or set(loc.features) - features:
                raise ValueError(f"location {loc.key!r}: six known features needed")
        results = {r.result for r in self.feature_chart} - {"flip_two_more", *CHOOSERS}
        if results != {str(i) for i in range(6)}:
            raise ValueError("feature_chart must select features 0-5")
        self._check_results("setting_chart", {"outdoor", "indoor"})
        self._check_results("location_chart", {str(v) for v in range(1, 14)})
        self._check_results("deployment_chart", {d.key for d in self.deployments})
        strategies = {s.key for s in self.strategies}
        for chart in ("general_chart", "individual_chart", "quick_reference_chart"):
            self._check_results(chart, strategies)
        self._check_results("extended_chart", set(EXTENDED_TYPES))
        for scheme in self.schemes:
            if scheme.faction is not None and scheme.faction not in FACTIONS:
                raise ValueError(f"scheme {scheme.key!r}: unknown faction {scheme.faction!r}")

    def _check_results(self, chart: str, known: set[str]) -> None:
        unknown = {r.result for r in getattr(self, chart)} - known - set(CHOOSERS)
        if unknown:
            raise ValueError(f"{chart} names unknown results {sorted(unknown)}")

    # -- lookups ---------------------------------------------------------------------

    def size(self, key: str) -> EncounterSize:
        return _find(self.sizes, key, "encounter size")

    def location(self, key: str) -> Location:
        return _find(self.locations, key, "location")

    def location_at(self, setting: str, value: int) -> Location:
        return next(loc for loc in self.locations
                    if loc.setting == setting and loc.value == value)

    def feature(self, key: str) -> Feature:
        return _find(self.features, key, "feature")

    def deployment(self, key: str) -> Deployment:
        return _find(self.deployments, key, "deployment")

    def strategy(self, key: str) -> Strategy:
        return _find(self.strategies, key, "strategy")

    def scheme(self, key: str) -> Scheme:
        return _find(self.schemes, key, "scheme")

    def schemes_for(self, faction: str | None = None) -> tuple[Scheme, ...]:
        """The general schemes and, with a faction, that faction's own."""
        return tuple(s for s in self.schemes if s.faction in (None, faction))


def chart(rows: tuple[Row, ...], card: Card) -> str:
    """The result a card selects (the charts are checked: exactly one row matches)."""
    return next(row.result for row in rows if row.pick.matches(card))


def _check_coverage(rows: tuple[Row, ...], what: str) -> None:
    for card in FULL_DECK:
        hits = [row.result for row in rows if row.pick.matches(card)]
        if len(hits) != 1:
            raise ValueError(f"{what}: card {card} must select one row, selects {hits}")


def _find(rows, key: str, what: str):
    for row in rows:
        if row.key == key:
            return row
    raise KeyError(f"no {what} {key!r}; known: {[row.key for row in rows]}")


def read_first_edition_tables(path: Path | str = DATA_FILE) -> FirstEditionTables:
    """Load and validate the file (uncached: for checks and tests)."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise TableDataError(f"{path.name}: cannot read: {exc}") from None
    tables = build_dataclass(FirstEditionTables, data, path.name)
    try:
        tables.validate()
    except ValueError as exc:
        raise TableDataError(f"{path.name}: {exc}") from None
    return tables


@cache
def first_edition_tables() -> FirstEditionTables:
    """The shipped first-edition tables, loaded and validated once per process."""
    return read_first_edition_tables()
