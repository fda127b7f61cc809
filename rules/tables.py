"""Campaign rule tables: typed, validated, cached loaders for ``rules/data/*.json``.

Rules as data: the JSON files carry the campaign book's names and numbers plus our own
short effect text; this module turns each file into frozen dataclasses, answers card
lookups, and checks every file as it loads (unknown or missing keys, wrong types, charts
that miss or double-book a card, broken cross references). A broken file fails loudly,
naming the file and the row, instead of silently handing a wrong result to a campaign night.
See ``docs/tables.md`` for the file formats and ``docs/rules-decisions.md`` for the gaps
in the OCR source that the data resolves.
"""

from __future__ import annotations

import json
import types
from collections.abc import Mapping
from dataclasses import MISSING, dataclass, field, fields, is_dataclass
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

from rules.engine.cards import FULL_DECK, Card, Suit

DATA_DIR = Path(__file__).resolve().parent / "data"


def _vocabulary(words: str) -> frozenset[str]:
    """The allowed codes of a flag-like field, written as whitespace-separated words."""
    return frozenset(words.split())


#: Faction codes as seeded in ``rules/migrations/0003_seed_factions.py``.
FACTIONS = {
    "arcanists": "Arcanists",
    "gremlins": "Gremlins",
    "guild": "Guild",
    "neverborn": "Neverborn",
    "outcasts": "Outcasts",
    "resurrectionists": "Resurrectionists",
    "ten-thunders": "Ten Thunders",
}
#: Station codes, as ``catalogue.models.Station`` (kept here so the loaders need no app registry).


STATIONS = ("master", "henchman", "enforcer", "minion", "peon")
STATS = frozenset({"wk", "cg", "ht", "wp", "df", "wd", "ca", "sh", "ml", "cost", "melee_range"})

WEEKLY_FLAGS = _vocabulary(
    """
    finished_off_cannot_be_cheated special_terrain no_aftermath third_scheme
    auto_finished_off_in_zone secret_draw wandering_mercenary story_encounter adds_avatar
    """
)
INJURY_FLAGS = _vocabulary(
    """
    no_injury cannot_be_hired_next_game temporary auto_finished_off late_deploy
    faction_chart counts_as_skill halve_wd annihilate optional
    """
)
STATION_OUTCOMES = frozenset({"flip_twice_more", "traitor"})
UPGRADE_RESTRICTIONS = _vocabulary(
    """
    annihilated_on_use attach_to_peon multiple_per_model outside_skill_limit one_per_crew
    flip_those_who_thirst injury_related
    """
)
REWARD_FLAGS = frozenset({"avatar", "chosen_not_flipped", "requires_master"})
FORTIFICATION_EFFECTS = _vocabulary(
    """
    scrip_per_game max_injuries pool_soulstones barter_flip_bonus first_hire_discount
    scrip_per_injury scrip_per_annihilation scrip_on_loss scrip_on_bounty
    extra_barter_flips barter_card_reduction equipment_scrip_discount
    """
)
TRAVELER_OUTCOMES = _vocabulary(
    """
    model_killed heal_all scheme_marker scrip extra_barter_flip
    """
)
NO_MAP: Mapping[str, Any] = types.MappingProxyType({})


def _no_map() -> Mapping[str, Any]:
    return NO_MAP


class TableDataError(ValueError):
    """A data file is malformed; the message names the file and the row."""


def _check_vocabulary(values, allowed, what: str) -> None:
    unknown = sorted(set(values) - allowed)
    if unknown:
        raise ValueError(f"unknown {what} {unknown}; allowed: {sorted(allowed)}")


# --- Rows --------------------------------------------------------------------------


@dataclass(frozen=True)
class Flip:
    """Which cards select a row: a value (None = any 1-13) in some suits, or a Joker."""

    value: int | None = None
    suits: tuple[Suit, ...] = ()
    joker: Literal["red", "black", "either"] | None = None

    def __post_init__(self) -> None:
        if self.joker and (self.suits or self.value is not None):
            raise ValueError("a Joker flip takes no value or suits")
        if not self.joker and not self.suits:
            raise ValueError("a flip needs suits or a joker")
        if self.value is not None and not 1 <= self.value <= 13:
            raise ValueError(f"flip value {self.value} is not 1-13")

    def matches(self, card: Card) -> bool:
        if card.is_joker:
            return self.joker in ("either", card.joker)
        if self.joker:
            return False
        return card.suit in self.suits and self.value in (None, card.value)

    @property
    def label(self) -> str:
        if self.joker:
            return f"{self.joker.capitalize()} Joker"
        suits = " or ".join(s.value.capitalize() for s in self.suits)
        return suits if self.value is None else f"{self.value} of {suits}"


@dataclass(frozen=True)
class ScripOpportunity:
    amount: int
    when: str


@dataclass(frozen=True)
class FlipResult:
    """A value band of an event's own flip (e.g. Vermin Infestation)."""

    low: int
    high: int
    text: str


@dataclass(frozen=True)
class WeeklyEvent:
    key: str
    name: str
    section: str
    flip: Flip
    summary: str
    scrip: tuple[ScripOpportunity, ...] = ()
    another_event: bool = False
    singular: bool = False
    neutral_models: tuple[str, ...] = ()
    sub_table: str | None = None
    results: tuple[FlipResult, ...] = ()
    flags: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        _check_vocabulary(self.flags, WEEKLY_FLAGS, "flags")


@dataclass(frozen=True)
class Injury:
    """A result of the Injury chart or a Faction injury chart."""

    key: str
    name: str
    flip: Flip
    summary: str
    stat_effects: Mapping[str, int] = field(default_factory=_no_map)
    flags: tuple[str, ...] = ()
    reflip_if: str | None = None
    station_outcomes: Mapping[str, str] = field(default_factory=_no_map)
    gains_characteristics: tuple[str, ...] = ()
    adds_model: str | None = None

    def __post_init__(self) -> None:
        _check_vocabulary(self.flags, INJURY_FLAGS, "flags")
        _check_vocabulary(self.stat_effects, STATS, "stats")
        _check_vocabulary(self.station_outcomes, set(STATIONS), "stations")
        _check_vocabulary(self.station_outcomes.values(), STATION_OUTCOMES, "station outcomes")

    @property
    def counts_as_skill(self) -> bool:
        return "counts_as_skill" in self.flags

    @property
    def attaches_injury(self) -> bool:
        """True when the result attaches an Injury upgrade (and so counts toward the limit)."""
        return not ({"no_injury", "counts_as_skill"} & set(self.flags) or self.station_outcomes)


@dataclass(frozen=True)
class Action:
    name: str
    ap: int
    stat: str
    value: int | None = None
    resist: str | None = None
    tn: int | None = None
    range: str | None = None
    damage: str | None = None

    @property
    def label(self) -> str:
        parts = [f"{self.stat} {self.value}" if self.value else self.stat]
        parts += [f"vs {self.resist}"] if self.resist else []
        parts += [f"TN {self.tn}"] if self.tn else []
        parts += [f"Rg {self.range}"] if self.range else []
        parts += [f"Dmg {self.damage}"] if self.damage else []
        return f"({self.ap}) {self.name}: " + ", ".join(parts)


@dataclass(frozen=True)
class CampaignUpgrade:
    key: str
    name: str
    barter_rating: int | Literal["always"]
    type: Literal["Skill", "Equipment", "Injury", "Avatar"]
    campaign_cost: int
    soulstone_cost: int
    summary: str
    stat_effects: Mapping[str, int] = field(default_factory=_no_map)
    stat_caps: Mapping[str, int] = field(default_factory=_no_map)
    restrictions: tuple[str, ...] = ()
    action: Action | None = None

    def __post_init__(self) -> None:
        _check_vocabulary(self.restrictions, UPGRADE_RESTRICTIONS, "restrictions")
        _check_vocabulary(self.stat_effects, STATS, "stats")
        _check_vocabulary(self.stat_caps, STATS, "stats")
        if self.barter_rating != "always" and not 1 <= self.barter_rating <= 14:
            raise ValueError(f"barter_rating {self.barter_rating} is not 1-14 or 'always'")

    @property
    def always_available(self) -> bool:
        return self.barter_rating == "always"


@dataclass(frozen=True)
class Trigger:
    suit: Suit | None
    name: str
    summary: str


@dataclass(frozen=True)
class Relic:
    """One of Those Who Thirst."""

    key: str
    name: str
    flip: Flip
    summary: str
    action: Action
    triggers: tuple[Trigger, ...] = ()


@dataclass(frozen=True)
class Reward:
    key: str
    name: str
    flip: Flip | None
    type: Literal["Skill", "Equipment"]
    soulstone_cost: int | None
    summary: str
    flags: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        _check_vocabulary(self.flags, REWARD_FLAGS, "flags")
        if (self.flip is None) != ("chosen_not_flipped" in self.flags):
            raise ValueError("a row without a flip must be flagged chosen_not_flipped, and only it")


@dataclass(frozen=True)
class Bounty:
    key: str
    name: str
    faction: str | None
    goal: str
    target: int
    tally: Literal["games", "total", "schemes"]
    summary: str
    reward_twist: int = 0
    threshold: int | None = None
    schemes: tuple[str, ...] = ()
    secret_note: bool = False
    one_per_game: bool = False

    def __post_init__(self) -> None:
        if self.faction is not None and self.faction not in FACTIONS:
            raise ValueError(f"unknown faction {self.faction!r}")
        if self.target < 1:
            raise ValueError("target must be at least 1")


@dataclass(frozen=True)
class StationLimits:
    station: str
    max_skills: int
    max_injuries: int


@dataclass(frozen=True)
class Fortification:
    key: str
    name: str
    cm: int
    requires: tuple[str, ...]
    summary: str
    effects: Mapping[str, int] = field(default_factory=_no_map)

    def __post_init__(self) -> None:
        _check_vocabulary(self.effects, FORTIFICATION_EFFECTS, "effects")


@dataclass(frozen=True)
class HideOut:
    key: str
    name: str
    fortifications: tuple[Fortification, ...]


@dataclass(frozen=True)
class ConstructionMaterial:
    """CM a crew earns per game in the Hide Out variant."""

    scheme_two_vp: int
    strategy_max_vp: int
    win: int
    max_per_game: int


@dataclass(frozen=True)
class Flair:
    fortifications_needed: int
    per_win: int
    summary: str


@dataclass(frozen=True)
class DoctorResult:
    key: str
    flip: Flip
    summary: str
    removes_injuries: int = 0
    removes_all_injuries: bool = False
    gains_characteristics: tuple[str, ...] = ()
    then_flip: Literal["injuries", "faction-injuries"] | None = None


@dataclass(frozen=True)
class TravelerResult:
    key: str
    flip: Flip
    summary: str
    scrip: int
    outcome: str

    def __post_init__(self) -> None:
        _check_vocabulary([self.outcome], TRAVELER_OUTCOMES, "outcome")


@dataclass(frozen=True)
class TravelerMarker:
    base_mm: int
    ht: int
    df: int
    wp: int
    wd: int


@dataclass(frozen=True)
class Arrival:
    """They Ride: from the end of ``first_turn`` the Horseman comes on ``arrives_on`` or more;
    at the end of ``last_turn`` on ``last_turn_arrives_on`` or more."""

    first_turn: int
    arrives_on: int
    last_turn: int
    last_turn_arrives_on: int


@dataclass(frozen=True)
class Horseman:
    key: str
    name: str
    flip: Flip
    reference: str


# --- Tables ------------------------------------------------------------------------


@dataclass(frozen=True)
class Table:
    """Fields every data file shares; subclasses add ``rows`` and their own extras."""

    key: str
    title: str
    source: str
    description: str
    suit_mapping_note: str

    def validate(self) -> None:
        keys = [getattr(row, "key", None) or getattr(row, "station", None) for row in self.rows]
        duplicates = sorted({k for k in keys if keys.count(k) > 1})
        if duplicates:
            raise ValueError(f"duplicate row keys {duplicates}")

    def row(self, key: str):
        for row in self.rows:
            if getattr(row, "key", None) == key:
                return row
        raise KeyError(f"{self.key}: no row {key!r}")


class CardChart:
    """A table flipped on: each card of the Fate Deck selects exactly one row.

    ``jokers == "reflip"`` means the book says to reflip Jokers: no row may match them and
    ``for_card`` answers None, the caller's cue to flip again.
    """

    def for_card(self, card: Card | str):
        card = Card.parse(card).identity
        for row in self.rows:
            if row.flip is not None and row.flip.matches(card):
                return row
        if card.is_joker and self.jokers == "reflip":
            return None
        raise LookupError(f"{self.key}: no row for {card}")  # validate() rules this out

    def validate(self) -> None:
        super().validate()
        for card in FULL_DECK:
            hits = [r for r in self.rows if r.flip is not None and r.flip.matches(card)]
            if card.is_joker and self.jokers == "reflip":
                if hits:
                    name = getattr(hits[0], "name", hits[0].key)
                    raise ValueError(f"Jokers are reflipped, yet row {name!r} matches {card}")
            elif len(hits) != 1:
                names = [getattr(r, "name", r.key) for r in hits]
                raise ValueError(f"card {card} must select exactly one row, selects {names}")


@dataclass(frozen=True)
class WeeklyEventTable(CardChart, Table):
    rows: tuple[WeeklyEvent, ...]
    jokers: Literal["rows", "reflip"]
    max_scrip_per_game: int
    reflip_repeat_of_last_week: bool
    another_event_reflips: tuple[str, ...]
    individual_event_reflips: tuple[str, ...]
    neutral_model_rules: str

    def validate(self) -> None:
        super().validate()
        keys = {row.key for row in self.rows}
        for key in (*self.another_event_reflips, *self.individual_event_reflips):
            if key not in keys:
                raise ValueError(f"reflip list names unknown event {key!r}")
        for row in self.rows:
            if row.sub_table and row.sub_table not in _SPECS:
                raise ValueError(f"event {row.name!r} names unknown sub_table {row.sub_table!r}")


@dataclass(frozen=True)
class InjuryChart(CardChart, Table):
    rows: tuple[Injury, ...]
    jokers: Literal["rows", "reflip"]
    faction: str | None = None


@dataclass(frozen=True)
class UpgradeTable(Table):
    rows: tuple[CampaignUpgrade, ...]

    def validate(self) -> None:
        super().validate()
        rated = {row.barter_rating for row in self.rows}
        missing = [n for n in range(1, 15) if n not in rated]
        if missing:
            raise ValueError(f"no upgrade for Barter values {missing}")


@dataclass(frozen=True)
class ThirstChart(CardChart, Table):
    rows: tuple[Relic, ...]
    jokers: Literal["rows", "reflip"]
    one_per_crew: bool


@dataclass(frozen=True)
class RewardChart(CardChart, Table):
    rows: tuple[Reward, ...]
    jokers: Literal["rows", "reflip"]
    faction: str | None = None


@dataclass(frozen=True)
class BountyTable(Table):
    rows: tuple[Bounty, ...]
    cost_scrip: int


@dataclass(frozen=True)
class StationLimitTable(Table):
    rows: tuple[StationLimits, ...]

    def validate(self) -> None:
        super().validate()
        stations = sorted(row.station for row in self.rows)
        if stations != sorted(STATIONS):
            raise ValueError(f"stations {stations} must be exactly {sorted(STATIONS)}")


@dataclass(frozen=True)
class HideOutTable(Table):
    rows: tuple[HideOut, ...]
    construction_material: ConstructionMaterial
    flair: Flair
    standings: str

    def validate(self) -> None:
        super().validate()
        for hide_out in self.rows:
            names: set[str] = set()
            for fort in hide_out.fortifications:
                unknown = [r for r in fort.requires if r not in names]
                if unknown:
                    raise ValueError(
                        f"{hide_out.name} / {fort.name}: requires {unknown}, which are not "
                        "earlier fortifications of the same hide out"
                    )
                names.add(fort.name)
            if len(names) != self.flair.fortifications_needed:
                raise ValueError(
                    f"{hide_out.name}: needs {self.flair.fortifications_needed} "
                    f"distinct fortifications, has {len(names)}"
                )


@dataclass(frozen=True)
class GoodDoctorChart(CardChart, Table):
    rows: tuple[DoctorResult, ...]
    jokers: Literal["rows", "reflip"]
    cost_scrip: int
    twist_cost_scrip: int


@dataclass(frozen=True)
class LonelyTravelerChart(CardChart, Table):
    rows: tuple[TravelerResult, ...]
    jokers: Literal["rows", "reflip"]
    marker: TravelerMarker


@dataclass(frozen=True)
class TheyRideChart(CardChart, Table):
    rows: tuple[Horseman, ...]
    jokers: Literal["rows", "reflip"]
    arrival: Arrival


# --- Building dataclasses from JSON ------------------------------------------------


def _describe(item: Any) -> str:
    if isinstance(item, dict):
        label = item.get("name") or item.get("key") or item.get("station")
        if label:
            return f" ({label})"
    return ""


def _convert(tp: Any, value: Any, where: str) -> Any:
    """Check ``value`` against the annotation ``tp`` and convert it (lists to tuples, ...)."""
    origin, args = get_origin(tp), get_args(tp)
    if origin in (Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        errors = []
        for option in (a for a in args if a is not type(None)):
            try:
                return _convert(option, value, where)
            except TableDataError as exc:
                errors.append(str(exc))
        if len(errors) == 1:
            raise TableDataError(errors[0])
        reasons = "; ".join(e.removeprefix(f"{where}: ") for e in errors)
        raise TableDataError(f"{where}: {value!r} fits no allowed form ({reasons})")
    if origin is Literal:
        if value not in args:
            raise TableDataError(f"{where}: {value!r} is not one of {list(args)}")
        return value
    if origin is tuple:
        if not isinstance(value, list):
            raise TableDataError(f"{where}: expected a list, got {value!r}")
        return tuple(
            _convert(args[0], item, f"{where}[{i}]{_describe(item)}")
            for i, item in enumerate(value)
        )
    if origin is Mapping:
        if not isinstance(value, dict):
            raise TableDataError(f"{where}: expected an object, got {value!r}")
        return types.MappingProxyType(
            {k: _convert(args[1], v, f"{where}.{k}") for k, v in value.items()}
        )
    if is_dataclass(tp):
        return build_dataclass(tp, value, where)
    if isinstance(tp, type) and issubclass(tp, Enum):
        try:
            return tp(value)
        except ValueError:
            raise TableDataError(
                f"{where}: {value!r} is not one of {[m.value for m in tp]}"
            ) from None
    if tp is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise TableDataError(f"{where}: expected a whole number, got {value!r}")
    if tp in (str, bool) and not isinstance(value, tp):
        raise TableDataError(f"{where}: expected {tp.__name__}, got {value!r}")
    return value


@cache
def _fields_and_hints(cls: type) -> tuple[dict, dict]:
    """A data class's fields by name and its resolved annotations, worked out once per
    class: resolving the annotations is the dear part of loading a table's rows."""
    return {f.name: f for f in fields(cls)}, get_type_hints(cls)


def build_dataclass(cls: type, data: Any, where: str) -> Any:
    """Build the frozen dataclass ``cls`` from JSON ``data``, checking every field against
    its annotation; errors name ``where`` (file and row). Shared by every data loader."""
    if not isinstance(data, dict):
        raise TableDataError(f"{where}: expected an object, got {data!r}")
    known, hints = _fields_and_hints(cls)
    unknown = sorted(set(data) - set(known))
    if unknown:
        raise TableDataError(f"{where}: unknown keys {unknown}")
    missing = [
        name
        for name, f in known.items()
        if name not in data and f.default is MISSING and f.default_factory is MISSING
    ]
    if missing:
        raise TableDataError(f"{where}: missing keys {missing}")
    values = {name: _convert(hints[name], value, f"{where}.{name}") for name, value in data.items()}
    try:
        return cls(**values)
    except ValueError as exc:
        raise TableDataError(f"{where}: {exc}") from None


# --- Loading and the registry ------------------------------------------------------

_SPECS: dict[str, type[Table]] = {
    "weekly-events": WeeklyEventTable,
    "injuries": InjuryChart,
    **{f"injuries-{code}": InjuryChart for code in FACTIONS},
    "campaign-upgrades": UpgradeTable,
    "those-who-thirst": ThirstChart,
    **{f"rewards-{code}": RewardChart for code in FACTIONS},
    "rewards-generic": RewardChart,
    "bounties": BountyTable,
    "station-limits": StationLimitTable,
    "hide-outs": HideOutTable,
    "good-doctor": GoodDoctorChart,
    "lonely-traveler": LonelyTravelerChart,
    "they-ride": TheyRideChart,
}


def read_table(key: str, directory: Path | str = DATA_DIR) -> Table:
    """Load and validate one table from ``directory`` (uncached: for checks and tests)."""
    if key not in _SPECS:
        raise KeyError(f"unknown table {key!r}")
    name = f"{key}.json"
    path = Path(directory) / name
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise TableDataError(f"{name}: cannot read: {exc}") from None
    table = build_dataclass(_SPECS[key], data, name)
    if table.key != key:
        raise TableDataError(f"{name}: key {table.key!r} does not match the file name")
    try:
        table.validate()
    except ValueError as exc:
        raise TableDataError(f"{name}: {exc}") from None
    suffix = key.partition("-")[2]
    expected_faction = suffix if suffix in FACTIONS else None
    if hasattr(table, "faction") and table.faction != expected_faction:
        raise TableDataError(f"{name}: faction {table.faction!r} should be {expected_faction!r}")
    return table


def check_all(directory: Path | str = DATA_DIR) -> list[Table]:
    """Load every table from ``directory``; raises TableDataError on the first broken file."""
    return [read_table(key, directory) for key in _SPECS]


@cache
def table(key: str) -> Table:
    """A validated table from the shipped data, loaded once per process."""
    return read_table(key)


def load_all() -> int:
    """Load every shipped table into this process's cache (a server's warm-up, so no
    visitor's page waits for a table to be read and validated). Returns how many."""
    for key in _SPECS:
        table(key)
    return len(_SPECS)


@dataclass(frozen=True)
class TableEntry:
    """One page of the tables section: ``loader`` returns the table, loaded on first use."""

    key: str
    group: str

    def loader(self) -> Table:
        return table(self.key)

    @property
    def title(self) -> str:
        return self.loader().title

    @property
    def suit_note(self) -> str:
        return self.loader().suit_mapping_note


def _(text: str) -> str:
    """Marks a group name for makemessages; the table pages translate it when they show
    it (this module is engine code and imports no Django)."""
    return text


_GROUPS = {
    "weekly-events": _("Weekly events"),
    "they-ride": _("Weekly events"),
    "lonely-traveler": _("Weekly events"),
    "campaign-upgrades": _("Barter and rewards"),
    "those-who-thirst": _("Barter and rewards"),
    "bounties": _("Bounties"),
    "station-limits": _("Injuries"),
    "hide-outs": _("Hide outs"),
    "good-doctor": _("Optional rules"),
}
#: Every table, in the order the index page lists them.
TABLES: dict[str, TableEntry] = {
    key: TableEntry(
        key,
        _GROUPS.get(key) or (_("Injuries") if key.startswith("injuries")
                             else _("Barter and rewards")),
    )
    for key in (
        "weekly-events",
        "they-ride",
        "lonely-traveler",
        "injuries",
        *(f"injuries-{c}" for c in FACTIONS),
        "station-limits",
        "campaign-upgrades",
        "those-who-thirst",
        "rewards-generic",
        *(f"rewards-{c}" for c in FACTIONS),
        "bounties",
        "hide-outs",
        "good-doctor",
    )
}


# --- Typed accessors ---------------------------------------------------------------


def _faction(code: str) -> str:
    if code not in FACTIONS:
        raise KeyError(f"unknown faction {code!r}; use one of {sorted(FACTIONS)}")
    return code


def weekly_events() -> WeeklyEventTable:
    return table("weekly-events")


def weekly_event_for(card: Card | str) -> WeeklyEvent:
    """The event a card selects: suit block and value, or a Joker (a named Red Joker too)."""
    return weekly_events().for_card(card)


def injury_chart() -> InjuryChart:
    return table("injuries")


def injury_for(card: Card | str) -> Injury:
    return injury_chart().for_card(card)


def faction_injury_chart(faction: str) -> InjuryChart:
    return table(f"injuries-{_faction(faction)}")


def faction_injury_for(faction: str, card: Card | str) -> Injury:
    return faction_injury_chart(faction).for_card(card)


def campaign_upgrades() -> UpgradeTable:
    return table("campaign-upgrades")


def upgrades_by_barter_rating(
    value: int, *, include_always: bool = True
) -> tuple[CampaignUpgrade, ...]:
    """Upgrades a Barter card of ``value`` may buy (0-14; "Always" upgrades by default)."""
    return tuple(
        u
        for u in campaign_upgrades().rows
        if u.barter_rating == value or (include_always and u.always_available)
    )


def those_who_thirst() -> ThirstChart:
    return table("those-who-thirst")


def those_who_thirst_for(card: Card | str) -> Relic | None:
    """The relic a card's suit selects; None for a Joker, which is reflipped."""
    return those_who_thirst().for_card(card)


def reward_chart(chart: str) -> RewardChart:
    """A Faction's reward chart by faction code, or ``"generic"``."""
    return table(f"rewards-{chart if chart == 'generic' else _faction(chart)}")


def reward_for(chart: str, card: Card | str) -> Reward | None:
    """The reward a card selects; None for a Joker, which is reflipped."""
    return reward_chart(chart).for_card(card)


def bounties() -> BountyTable:
    return table("bounties")


def bounties_for(faction: str) -> tuple[Bounty, ...]:
    """The Bounties a crew of ``faction`` may buy: the generic ones and its own."""
    _faction(faction)
    return tuple(b for b in bounties().rows if b.faction in (None, faction))


def station_limit_table() -> StationLimitTable:
    return table("station-limits")


def station_limits(station: str) -> StationLimits:
    """Maximum Skills and Injuries for a station ("master" ... "peon", or a Station)."""
    for row in station_limit_table().rows:
        if row.station == str(station):
            return row
    raise KeyError(f"unknown station {station!r}; use one of {list(STATIONS)}")


def hide_outs() -> HideOutTable:
    return table("hide-outs")


def hide_out(key: str) -> HideOut:
    return hide_outs().row(key)


def fortifications(hide_out_key: str) -> tuple[Fortification, ...]:
    return hide_out(hide_out_key).fortifications


def good_doctor() -> GoodDoctorChart:
    return table("good-doctor")


def good_doctor_for(card: Card | str) -> DoctorResult:
    return good_doctor().for_card(card)


def lonely_traveler() -> LonelyTravelerChart:
    return table("lonely-traveler")


def lonely_traveler_for(card: Card | str) -> TravelerResult:
    return lonely_traveler().for_card(card)


def they_ride() -> TheyRideChart:
    return table("they-ride")


def horseman_for(card: Card | str) -> Horseman | None:
    """The Horseman a card's suit selects; None for a Joker, which is reflipped."""
    return they_ride().for_card(card)
