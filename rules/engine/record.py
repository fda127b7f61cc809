"""The game record: one Campaign game as the Aftermath, Bounties and standings read it.

One format whoever fills it: the live tracker at the table freezes it when the result
counts (``encounters.services.results``), and the auto-resolve simulator builds it from
its own result. Plain Python, JSON-safe (``to_dict``/``from_dict``), no database: models
are named by a ``ref`` local to the record, with an arsenal model id or a catalogue card
id only as plain ints for the callers that need them.

Version 2 (this module) keeps every key version 1 had (``sides``, ``kills`` with arsenal
ids, ``winner``, ``vp``, ``withdraw``...), so older readers still work, and adds:

* ``models``: every model that took part: hired (and the Wandering Mercenary), summoned
  during the game, and Neutral models an event brought, with the card facts Bounties read
  (station, Characteristics, Soulstone Cost, Leader, the Turn it came into play);
* per casualty: the victim's and killer's ``ref``, how it died, the action, a Blast, during
  its own Activation, and both Soulstone Pools at that moment;
* ``markers``: Scheme, Corpse and Scrap Markers placed and removed (who, whose, Turn,
  board quarter, by an Interact Action), so the Markers in play at the end are their sum;
* ``horror`` (models that failed a Horror duel), ``attached`` (Upgrades attached during
  the game), ``notes`` (models or Characteristics a Bounty has a crew note), ``quarters``
  (quarters held at the end of each Turn) and ``end`` (what the table showed at the end:
  models in each Deployment Zone, models engaging the enemy Leader, afflicted enemies,
  Soulstones left, Pigs per quarter, models in the enemy zone).

``validate`` (run by ``from_dict`` and ``to_dict``) raises a ``RulesError`` naming the bad
field. ``game_facts`` reads one crew's part as ``bounties.GameFacts``; ``GOAL_FACTS`` says
which recorded facts each Bounty goal reads, so the tracker only asks those questions.
Decisions: ``docs/rules-decisions.md``, "Game record".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from . import bounties
from .errors import RulesError

__all__ = [
    "GOAL_FACTS",
    "HOW",
    "MARKER_KINDS",
    "NEUTRAL",
    "ORIGINS",
    "QUARTERS",
    "RECORD_VERSION",
    "SIDES",
    "EndState",
    "GameRecord",
    "HorrorFailure",
    "Kill",
    "MarkerChange",
    "ModelEntry",
    "Note",
    "QuartersHeld",
    "SideRecord",
    "UpgradeAttached",
    "facts_needed",
    "game_facts",
    "markers_at_end",
]

RECORD_VERSION = 2
SIDES = ("a", "b")
NEUTRAL = "neutral"
ORIGINS = ("hired", "wandering", "summoned", "neutral")
HOW = ("killed", "sacrificed", "buried")
MARKER_KINDS = ("scheme", "corpse", "scrap")
#: Board quarters 1-4; 0 is "in no single quarter" (within 6" of the centre, straddling).
QUARTERS = (1, 2, 3, 4)
STATIONS = ("master", "henchman", "enforcer", "minion", "peon")
NOTE_BOUNTIES = ("escort-mission", "hit-list", "roundup")


def other(side: str) -> str:
    return "b" if side == "a" else "a"


# --- Checks --------------------------------------------------------------------------


def _fail(where: str, message: str) -> RulesError:
    return RulesError(f"record {where}: {message}")


def _int(value: Any, where: str, *, low: int | None = 0, high: int | None = None,
         optional: bool = False) -> int | None:
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(where, f"must be a whole number, got {value!r}")
    if low is not None and value < low:
        raise _fail(where, f"must be {low} or more, got {value}")
    if high is not None and value > high:
        raise _fail(where, f"must be {high} or less, got {value}")
    return value


def _one_of(value: Any, allowed: tuple, where: str) -> Any:
    if value not in allowed:
        raise _fail(where, f"must be one of {', '.join(map(repr, allowed))}, got {value!r}")
    return value


def _side(value: Any, where: str, *, neutral: bool = False, blank: bool = False) -> str:
    allowed = SIDES + ((NEUTRAL,) if neutral else ()) + (("",) if blank else ())
    return _one_of(value, allowed, where)


def _text(value: Any, where: str, *, limit: int = 120) -> str:
    if not isinstance(value, str) or len(value) > limit:
        raise _fail(where, f"must be text of at most {limit} characters")
    return value


def _by_side(data: Mapping, where: str, *, neutral: bool = False) -> dict[str, int]:
    keys = SIDES + ((NEUTRAL,) if neutral else ())
    if not isinstance(data, Mapping) or set(data) - set(keys):
        raise _fail(where, f"must map {', '.join(keys)} to counts")
    return {k: _int(data.get(k, 0), f"{where}.{k}") for k in keys}


# --- The parts -------------------------------------------------------------------------


@dataclass(frozen=True)
class ModelEntry:
    """A model that took part in the game.

    ``ref`` names it in this record (1, 2, 3...). ``side`` is ``"a"``, ``"b"`` or
    ``"neutral"``; ``origin`` how it came: ``hired`` from the arsenal, the ``wandering``
    mercenary, ``summoned`` during the game, or a ``neutral`` model of the week's event.
    ``cost`` is its Soulstone Cost in this game (upgrades excluded; None when unknown, e.g.
    a Master). ``turn`` is the Turn it came into play (None: deployed at the start).
    """

    ref: int
    side: str
    name: str
    origin: str = "hired"
    station: str | None = None
    characteristics: tuple[str, ...] = ()
    cost: int | None = None
    leader: bool = False
    arsenal_model: int | None = None
    card: int | None = None
    turn: int | None = None

    def check(self, where: str) -> None:
        _int(self.ref, f"{where}.ref", low=1)
        _side(self.side, f"{where}.side", neutral=True)
        _text(self.name, f"{where}.name")
        _one_of(self.origin, ORIGINS, f"{where}.origin")
        if (self.origin == "neutral") != (self.side == NEUTRAL):
            raise _fail(where, "a Neutral model has side 'neutral' and origin 'neutral'")
        if self.station is not None:
            _one_of(self.station, STATIONS, f"{where}.station")
        for c in self.characteristics:
            if c != _text(c, f"{where}.characteristics", limit=40).lower():
                raise _fail(f"{where}.characteristics", "must be lower case")
        _int(self.cost, f"{where}.cost", optional=True, high=99)
        _int(self.arsenal_model, f"{where}.arsenal_model", low=1, optional=True)
        _int(self.card, f"{where}.card", low=1, optional=True)
        _int(self.turn, f"{where}.turn", low=1, optional=True)
        if self.leader and self.origin not in ("hired",):
            raise _fail(where, "only a hired model leads a crew")


@dataclass(frozen=True)
class Kill:
    """A model killed, sacrificed or Buried at the end (which counts as killed).

    ``victim``/``by_model`` are arsenal model ids and ``victim_name``, ``victim_is_leader``
    and ``wandering_card`` repeat the victim's facts: version 1 readers use them. The new
    facts are ``victim_ref`` and ``by_ref`` (``models``), ``by_side`` (whose model or
    effect did it: a side, ``neutral`` or blank), ``action`` (the Action's name, if told),
    ``blast`` (a Blast Marker killed it), ``own_activation`` (during the victim's own
    Activation) and ``pools`` (each crew's Soulstone Pool when it fell; None: not tracked).
    """

    victim_side: str
    turn: int
    how: str = "killed"
    victim_ref: int | None = None
    victim: int | None = None
    victim_name: str = ""
    victim_is_leader: bool = False
    wandering_card: int | None = None
    by_ref: int | None = None
    by_model: int | None = None
    by_side: str = ""
    by_effect: str = ""
    action: str = ""
    blast: bool = False
    own_activation: bool = False
    pools: dict[str, int | None] = field(default_factory=dict)
    finished_off: str = ""

    def check(self, where: str) -> None:
        _side(self.victim_side, f"{where}.victim_side", neutral=True)
        _int(self.turn, f"{where}.turn", low=1)
        _one_of(self.how, HOW, f"{where}.how")
        _int(self.victim_ref, f"{where}.victim_ref", low=1, optional=True)
        _int(self.by_ref, f"{where}.by_ref", low=1, optional=True)
        _side(self.by_side, f"{where}.by_side", neutral=True, blank=True)
        _text(self.by_effect, f"{where}.by_effect")
        _text(self.action, f"{where}.action", limit=60)
        if set(self.pools) - set(SIDES):
            raise _fail(f"{where}.pools", "must map a and b to Soulstones")
        for key, value in self.pools.items():
            _int(value, f"{where}.pools.{key}", optional=True)


@dataclass(frozen=True)
class MarkerChange:
    """Markers placed (``delta`` > 0) or removed (< 0) in one go. ``owner``: the crew a
    Scheme Marker belongs to (blank for Corpse and Scrap Markers, which belong to nobody);
    ``by``: the crew whose model or effect did it (blank: nobody's); ``quarter`` 1-4, or 0
    for none (within 6" of the centre or straddling); ``interact``: by a (1) Interact
    Action (Cleanup Crew counts one such removal per Action)."""

    turn: int
    kind: str
    delta: int
    owner: str = ""
    quarter: int = 0
    by: str = ""
    interact: bool = False

    def check(self, where: str) -> None:
        _int(self.turn, f"{where}.turn", low=1)
        _one_of(self.kind, MARKER_KINDS, f"{where}.kind")
        _int(self.delta, f"{where}.delta", low=-20, high=20)
        if self.delta == 0:
            raise _fail(f"{where}.delta", "must place or remove at least one Marker")
        if self.kind == "scheme":
            _side(self.owner, f"{where}.owner")
        elif self.owner:
            raise _fail(f"{where}.owner", f"{self.kind} Markers belong to nobody")
        _int(self.quarter, f"{where}.quarter", high=4)
        _side(self.by, f"{where}.by", blank=True)
        if self.interact and self.delta > 0:
            raise _fail(f"{where}.interact", "marks a removal by an Interact Action")


@dataclass(frozen=True)
class HorrorFailure:
    """``ref`` failed a Horror duel on ``turn``."""

    turn: int
    ref: int

    def check(self, where: str) -> None:
        _int(self.turn, f"{where}.turn", low=1)
        _int(self.ref, f"{where}.ref", low=1)


@dataclass(frozen=True)
class UpgradeAttached:
    """An Upgrade attached to model ``ref`` during the game (Ancestral Artifacts)."""

    turn: int
    ref: int
    name: str = ""

    def check(self, where: str) -> None:
        _int(self.turn, f"{where}.turn", low=1)
        _int(self.ref, f"{where}.ref", low=1)
        _text(self.name, f"{where}.name")


@dataclass(frozen=True)
class Note:
    """What a crew noted for its Bounty: a model (``ref``; Escort Mission, Hit List,
    secret until the game ends) or a Characteristic (Roundup, named after deployment)."""

    side: str
    bounty: str
    ref: int | None = None
    characteristic: str = ""

    def check(self, where: str) -> None:
        _side(self.side, f"{where}.side")
        _one_of(self.bounty, NOTE_BOUNTIES, f"{where}.bounty")
        _int(self.ref, f"{where}.ref", low=1, optional=True)
        if self.characteristic != _text(self.characteristic, f"{where}.characteristic",
                                        limit=40).lower():
            raise _fail(f"{where}.characteristic", "must be lower case")
        if self.bounty == "roundup" and not self.characteristic:
            raise _fail(where, "Roundup names a Characteristic")
        if self.bounty != "roundup" and self.ref is None:
            raise _fail(where, f"{self.bounty} notes a model")


@dataclass(frozen=True)
class QuartersHeld:
    """The board quarters ``side`` held at the end of ``turn``."""

    turn: int
    side: str
    quarters: tuple[int, ...] = ()

    def check(self, where: str) -> None:
        _int(self.turn, f"{where}.turn", low=1)
        _side(self.side, f"{where}.side")
        for q in self.quarters:
            _one_of(q, QUARTERS, f"{where}.quarters")


@dataclass(frozen=True)
class EndState:
    """What the table showed when the game ended (after all VP were scored).

    ``zones[z][c]``: models of ``c`` (a, b or neutral) in ``z``'s Deployment Zone.
    ``engaging_leader[s]``: ``s``'s models engaging the enemy Leader. ``afflicted[s]``:
    enemy models suffering a Condition, or carrying an Upgrade, from ``s``'s models.
    ``pool[s]``: Soulstones left in ``s``'s Pool (None: not tracked). ``pigs[s]``: the
    quarters holding one of ``s``'s Pigs. ``in_enemy_zone[s]``: refs of ``s``'s models
    known to end in the opponent's Deployment Zone (an Escort Mission's noted model).
    """

    zones: dict[str, dict[str, int]] = field(default_factory=dict)
    engaging_leader: dict[str, int] = field(default_factory=dict)
    afflicted: dict[str, int] = field(default_factory=dict)
    pool: dict[str, int | None] = field(default_factory=dict)
    pigs: dict[str, tuple[int, ...]] = field(default_factory=dict)
    in_enemy_zone: dict[str, tuple[int, ...]] = field(default_factory=dict)

    def check(self, where: str) -> None:
        for zone, counts in self.zones.items():
            _side(zone, f"{where}.zones")
            _by_side(counts, f"{where}.zones.{zone}", neutral=True)
        for name in ("engaging_leader", "afflicted"):
            if set(getattr(self, name)) - set(SIDES):
                raise _fail(f"{where}.{name}", "must map a and b to counts")
            for key, value in getattr(self, name).items():
                _int(value, f"{where}.{name}.{key}", high=50)
        for key, value in self.pool.items():
            _side(key, f"{where}.pool")
            _int(value, f"{where}.pool.{key}", optional=True)
        for key, quarters in self.pigs.items():
            _side(key, f"{where}.pigs")
            for q in quarters:
                _one_of(q, QUARTERS, f"{where}.pigs.{key}")
        for key, refs in self.in_enemy_zone.items():
            _side(key, f"{where}.in_enemy_zone")
            for ref in refs:
                _int(ref, f"{where}.in_enemy_zone.{key}", low=1)


@dataclass(frozen=True)
class SideRecord:
    """One crew's side: its crew id, VP (as counted), Strategy VP per Turn, Schemes, the
    Turn it withdrew, event Scrip, Campaign Rating, the arsenal models that played and
    those Finished Off, the Bounty it held during the game, and the extra Barter flips the
    Lonely Traveler's Red Joker granted it."""

    crew: int | None = None
    vp: int = 0
    strategy_vp: dict[str, int] = field(default_factory=dict)
    schemes: tuple[dict, ...] = ()
    withdrew_on_turn: int | None = None
    event_scrip: int = 0
    campaign_rating: int | None = None
    played: tuple[int, ...] = ()
    finished_off: tuple[int, ...] = ()
    bounty: str = ""
    traveler_barter_flips: int = 0

    def check(self, where: str) -> None:
        _int(self.crew, f"{where}.crew", low=1, optional=True)
        _int(self.vp, f"{where}.vp", high=20)
        for turn, vp in self.strategy_vp.items():
            if not str(turn).isdigit():
                raise _fail(f"{where}.strategy_vp", f"Turn {turn!r} is not a number")
            _int(vp, f"{where}.strategy_vp.{turn}", high=10)
        for i, scheme in enumerate(self.schemes):
            if not isinstance(scheme, Mapping) or "scheme" not in scheme:
                raise _fail(f"{where}.schemes[{i}]", "needs a scheme key")
            _int(scheme.get("vp", 0), f"{where}.schemes[{i}].vp", high=10)
        _int(self.withdrew_on_turn, f"{where}.withdrew_on_turn", low=1, optional=True)
        _int(self.event_scrip, f"{where}.event_scrip", high=99)
        _int(self.campaign_rating, f"{where}.campaign_rating", low=None, optional=True)
        for name in ("played", "finished_off"):
            for value in getattr(self, name):
                _int(value, f"{where}.{name}", low=1)
        _text(self.bounty, f"{where}.bounty", limit=80)
        _int(self.traveler_barter_flips, f"{where}.traveler_barter_flips", high=99)

    @property
    def strategy_total(self) -> int:
        return sum(self.strategy_vp.values())


_PARTS = {"models": ModelEntry, "kills": Kill, "markers": MarkerChange,
          "horror": HorrorFailure, "attached": UpgradeAttached, "notes": Note,
          "quarters": QuartersHeld}


@dataclass(frozen=True)
class GameRecord:
    """A whole game. Build one directly (the simulator) or with ``from_dict``."""

    sides: dict[str, SideRecord]
    winner: str = ""
    vp: dict[str, int] = field(default_factory=dict)
    withdraw: dict | None = None
    event: str = ""
    events: tuple[str, ...] = ()
    week: int | None = None
    ended_on_turn: int | None = None
    models: tuple[ModelEntry, ...] = ()
    kills: tuple[Kill, ...] = ()
    markers: tuple[MarkerChange, ...] = ()
    horror: tuple[HorrorFailure, ...] = ()
    attached: tuple[UpgradeAttached, ...] = ()
    notes: tuple[Note, ...] = ()
    quarters: tuple[QuartersHeld, ...] = ()
    end: EndState = field(default_factory=EndState)
    version: int = RECORD_VERSION

    # --- Reading ---------------------------------------------------------------------

    def model(self, ref: int | None) -> ModelEntry | None:
        return self._by_ref().get(ref) if ref is not None else None

    def _by_ref(self) -> dict[int, ModelEntry]:
        return {m.ref: m for m in self.models}

    def side_of(self, ref: int | None) -> str | None:
        found = self.model(ref)
        return found.side if found else None

    # --- Checking --------------------------------------------------------------------

    def validate(self) -> GameRecord:
        """Raise a ``RulesError`` naming the first bad field; return self when sound."""
        _int(self.version, "version", low=1, high=RECORD_VERSION)
        if set(self.sides) != set(SIDES):
            raise _fail("sides", "needs exactly sides a and b")
        for key, side in self.sides.items():
            side.check(f"sides.{key}")
        _side(self.winner, "winner", blank=True)
        _int(self.week, "week", low=1, optional=True)
        _int(self.ended_on_turn, "ended_on_turn", low=1, optional=True)
        refs = Counter(m.ref for m in self.models)
        duplicated = [ref for ref, n in refs.items() if n > 1]
        if duplicated:
            raise _fail("models", f"ref {duplicated[0]} is used twice")
        for name in _PARTS:
            for i, part in enumerate(getattr(self, name)):
                part.check(f"{name}[{i}]")
        self._check_refs()
        self._check_markers()
        self.end.check("end")
        return self

    def _check_refs(self) -> None:
        known = self._by_ref()
        leaders = Counter(m.side for m in self.models if m.leader)
        if any(n > 1 for n in leaders.values()):
            raise _fail("models", "a crew has one Leader")
        for i, kill in enumerate(self.kills):
            where = f"kills[{i}]"
            for name in ("victim_ref", "by_ref"):
                ref = getattr(kill, name)
                if ref is not None and ref not in known:
                    raise _fail(f"{where}.{name}", f"no model {ref} in the record")
            if kill.victim_ref is not None and known[kill.victim_ref].side != kill.victim_side:
                raise _fail(f"{where}.victim_side", "is not the victim model's side")
            if kill.by_ref is not None and known[kill.by_ref].side != kill.by_side:
                raise _fail(f"{where}.by_side", "is not the killer model's side")
        for name in ("horror", "attached"):
            for i, part in enumerate(getattr(self, name)):
                if part.ref not in known:
                    raise _fail(f"{name}[{i}].ref", f"no model {part.ref} in the record")
        for i, note in enumerate(self.notes):
            if note.ref is not None and note.ref not in known:
                raise _fail(f"notes[{i}].ref", f"no model {note.ref} in the record")
        for side, refs in self.end.in_enemy_zone.items():
            for ref in refs:
                if known.get(ref) is None or known[ref].side != side:
                    raise _fail(f"end.in_enemy_zone.{side}", f"model {ref} is not {side}'s")

    def _check_markers(self) -> None:
        """Markers in play never go below zero, bucket by bucket, in Turn order."""
        counts: Counter = Counter()
        for i, change in sorted(enumerate(self.markers), key=lambda p: (p[1].turn, p[0])):
            bucket = (change.kind, change.owner, change.quarter)
            counts[bucket] += change.delta
            if counts[bucket] < 0:
                raise _fail(f"markers[{i}].delta", "removes more Markers than were placed "
                            "there")

    # --- JSON --------------------------------------------------------------------------

    def to_dict(self) -> dict:
        """The record as JSON-safe data (lists for tuples, string keys)."""
        self.validate()
        data = asdict(self)
        data["sides"] = {k: {**asdict(v), "schemes": [dict(s) for s in v.schemes],
                             "played": list(v.played), "finished_off": list(v.finished_off)}
                         for k, v in self.sides.items()}
        return _jsonable(data)

    @classmethod
    def from_dict(cls, data: Mapping) -> GameRecord:
        """Read a stored record (version 1 or 2), checking every field."""
        if not isinstance(data, Mapping):
            raise _fail("", "must be a mapping")
        try:
            sides = {key: _build(SideRecord, value, f"sides.{key}")
                     for key, value in (data.get("sides") or {}).items()}
            parts = {name: tuple(_build(kind, item, f"{name}[{i}]")
                                 for i, item in enumerate(data.get(name) or ()))
                     for name, kind in _PARTS.items()}
            end = _build(EndState, data.get("end") or {}, "end")
        except TypeError as exc:
            raise _fail("", str(exc)) from None
        record = cls(
            sides=sides, winner=data.get("winner") or "", vp=dict(data.get("vp") or {}),
            withdraw=data.get("withdraw"), event=data.get("event") or "",
            events=tuple(data.get("events") or ()), week=data.get("week"),
            ended_on_turn=data.get("ended_on_turn"), end=end,
            version=data.get("version", 1), **parts)
        return record.validate()


def _build(kind, data: Any, where: str):
    if not isinstance(data, Mapping):
        raise _fail(where, "must be a mapping")
    names = {f.name for f in fields(kind)}
    values = {k: v for k, v in data.items() if k in names}
    for name in (f.name for f in fields(kind) if str(f.type).startswith("tuple")):
        if name in values:
            if not isinstance(values[name], list | tuple):
                raise _fail(f"{where}.{name}", "must be a list")
            values[name] = tuple(values[name])
    if kind is EndState:
        values["pigs"] = {k: tuple(v) for k, v in (values.get("pigs") or {}).items()}
        values["in_enemy_zone"] = {k: tuple(v)
                                   for k, v in (values.get("in_enemy_zone") or {}).items()}
    if kind is SideRecord:
        values["strategy_vp"] = {str(k): v for k, v in (values.get("strategy_vp") or {}).items()}
        values["schemes"] = tuple(dict(s) if isinstance(s, Mapping) else s
                                  for s in values.get("schemes", ()))
        values["played"] = tuple(v for v in values.get("played", ()) if v)
        values["finished_off"] = tuple(v for v in values.get("finished_off", ()) if v)
        values["bounty"] = values.get("bounty") or ""
        values["traveler_barter_flips"] = values.get("traveler_barter_flips") or 0
    if kind is Kill:
        for name in ("victim_name", "by_side", "by_effect", "action", "finished_off"):
            values[name] = values.get(name) or ""
        values["how"] = values.get("how") or "killed"
        values["pools"] = dict(values.get("pools") or {})
    return kind(**values)


def _jsonable(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    return value


# --- What the end of the game held ----------------------------------------------------


def markers_at_end(record: GameRecord) -> Counter:
    """Markers in play at the end: (kind, owner, quarter) -> count."""
    counts: Counter = Counter()
    for change in record.markers:
        counts[(change.kind, change.owner, change.quarter)] += change.delta
    return +counts


def _in_play_at_end(record: GameRecord) -> list[ModelEntry]:
    """Models not killed, sacrificed or Buried at the end."""
    gone = {k.victim_ref for k in record.kills if k.victim_ref is not None}
    return [m for m in record.models if m.ref not in gone]


# --- One crew's facts for its Bounty ---------------------------------------------------


def _casualties(record: GameRecord, side: str, stations: Mapping[int, str],
                noted: int | None) -> tuple[bounties.Casualty, ...]:
    out = []
    for kill in record.kills:
        victim = record.model(kill.victim_ref)
        whose = kill.victim_side
        out.append(bounties.Casualty(
            victim=("friendly" if whose == side else "neutral" if whose == NEUTRAL
                    else "opposing"),
            how=kill.how, by_us=kill.by_side == side,
            is_leader=victim.leader if victim else kill.victim_is_leader,
            station=victim.station if victim else stations.get(kill.victim),
            characteristics=frozenset(victim.characteristics) if victim else frozenset(),
            cost=victim.cost if victim else None,
            noted=noted is not None and kill.victim_ref == noted,
            during_own_activation=kill.own_activation, with_blast=kill.blast,
            our_pool_empty=kill.pools.get(side) == 0,
        ))
    return tuple(out)


def _note(record: GameRecord, side: str, bounty: str) -> Note | None:
    return next((n for n in record.notes if n.side == side and n.bounty == bounty), None)


def _roundup(record: GameRecord, side: str) -> tuple[int, int]:
    """(enemy models with the named Characteristic after deployment, how many enemy models
    with it are in play at the end); (0, 0) when none was named."""
    note = _note(record, side, "roundup")
    if note is None:
        return 0, 0
    named = [m for m in record.models if m.side != side
             and note.characteristic in m.characteristics]
    deployed = sum(1 for m in named if m.turn is None)
    alive = {m.ref for m in _in_play_at_end(record)}
    return deployed, sum(1 for m in named if m.ref in alive)


def game_facts(record: GameRecord, side: str, game: bounties.GameId, *,
               stations: Mapping[int, str] | None = None) -> bounties.GameFacts:
    """What ``side``'s crew did in this game, as its Bounty reads it.

    ``stations`` (arsenal model id -> station) fills the victims' stations of a version 1
    record, which names no models.
    """
    _side(side, "side")
    ours, theirs = record.sides[side], record.sides[other(side)]
    hit = _note(record, side, "hit-list")
    escort = _note(record, side, "escort-mission")
    hired = [m for m in record.models if m.side == other(side)
             and m.origin in ("hired", "wandering") and not m.leader and m.cost is not None]
    markers = markers_at_end(record)
    zone = record.end.zones.get(other(side), {})
    named, left = _roundup(record, side)
    refs = record._by_ref()
    return bounties.GameFacts(
        game=game, won=record.winner == side, withdrew=ours.withdrew_on_turn is not None,
        strategy_vp=ours.strategy_total, opponent_strategy_vp=theirs.strategy_total,
        schemes=tuple(bounties.SchemeResult(s["scheme"], int(s.get("vp") or 0),
                                            bool(s.get("revealed"))) for s in ours.schemes),
        event_scrip=ours.event_scrip,
        casualties=_casualties(record, side, stations or {}, hit.ref if hit else None),
        enemy_priciest_non_leader_cost=max((m.cost for m in hired), default=None),
        enemy_marker_removals=sum(1 for c in record.markers
                                  if c.by == side and c.kind == "scheme"
                                  and c.owner == other(side) and c.delta < 0 and c.interact),
        friendly_in_enemy_zone=zone.get(side, 0),
        enemy_in_enemy_zone=zone.get(other(side), 0) + zone.get(NEUTRAL, 0),
        scheme_marker_quarters=sum(1 for q in QUARTERS if markers[("scheme", side, q)]),
        own_scheme_markers_at_end=sum(n for (kind, owner, _), n in markers.items()
                                      if kind == "scheme" and owner == side),
        escorted_noted_model=bool(escort and escort.ref in
                                  record.end.in_enemy_zone.get(side, ())),
        roundup_named_count=named, roundup_left_at_end=left,
        engaging_enemy_leader=record.end.engaging_leader.get(side, 0),
        corpse_markers_at_end=sum(n for (kind, _, _), n in markers.items() if kind == "corpse"),
        scrap_markers_at_end=sum(n for (kind, _, _), n in markers.items() if kind == "scrap"),
        summoned_soulstones=sum(m.cost or 0 for m in record.models
                                if m.side == side and m.origin == "summoned"),
        enemies_failed_horror=len({h.ref for h in record.horror
                                   if refs[h.ref].side != side}),
        afflicted_enemies_at_end=record.end.afflicted.get(side, 0),
        soulstones_at_end=record.end.pool.get(side) or 0,
        pig_quarters=len(set(record.end.pigs.get(side, ())) & set(QUARTERS)),
        upgrades_attached=sum(1 for u in record.attached if refs[u.ref].side == side),
    )


# --- Which facts a Bounty reads ----------------------------------------------------------

#: The facts the tracker asks for, by Bounty goal (``bounties.json``). Every goal reads
#: the result, the Schemes and the casualties with their killer; these are the extras.
GOAL_FACTS: dict[str, frozenset[str]] = {
    "kill_enemy_leader": frozenset(),
    "strategy_vp": frozenset(),
    "full_vp_scheme": frozenset(),
    "remove_enemy_scheme_marker": frozenset({"removals"}),
    "kill_neutral": frozenset({"neutrals"}),
    "kill_priciest_non_leader": frozenset(),
    "no_friendly_losses": frozenset({"summons"}),
    "weekly_event_scrip": frozenset(),
    "outnumber_in_enemy_zone": frozenset({"zones"}),
    "scheme_marker_each_quarter": frozenset({"markers.scheme"}),
    "escort_noted_model": frozenset({"escort"}),
    "kill_noted_model": frozenset({"hit_list"}),
    "clear_characteristic": frozenset({"roundup", "summons"}),
    "engage_enemy_leader": frozenset({"engaging_leader"}),
    "kill_minion_peon_totem": frozenset({"summons", "neutrals"}),
    "corpse_markers_at_end": frozenset({"markers.corpse"}),
    "summoned_soulstones": frozenset({"summons"}),
    "enemies_fail_horror": frozenset({"horror"}),
    "scrap_markers_at_end": frozenset({"markers.scrap"}),
    "own_scheme_markers_at_end": frozenset({"markers.scheme"}),
    "hold_enemy_strategy_vp": frozenset(),
    "kill_living_or_undead": frozenset({"summons", "neutrals"}),
    "win_with_hidden_schemes": frozenset(),
    "kill_master_enforcer_henchman": frozenset({"neutrals"}),
    "afflicted_enemies_at_end": frozenset({"afflicted"}),
    "soulstones_at_end": frozenset({"pool"}),
    "win": frozenset(),
    "pig_each_quarter": frozenset({"pigs"}),
    "killed_in_own_activation": frozenset({"own_activation", "summons"}),
    "kill_with_blast": frozenset({"blast"}),
    "kill_with_empty_pool": frozenset({"pool"}),
    "attach_upgrades_in_game": frozenset({"attached"}),
    "first_kill": frozenset(),
}


def facts_needed(bounty_keys) -> frozenset[str]:
    """The extra facts the tracker must ask for the Bounties held (keys of
    ``bounties.json``); an unknown key is a ``RulesError``."""
    from rules.tables import bounties as bounty_table

    rows = {row.key: row for row in bounty_table().rows}
    needed: set[str] = set()
    for key in bounty_keys:
        if not key:
            continue
        if key not in rows:
            raise RulesError(f"no Bounty {key!r}")
        needed |= GOAL_FACTS[rows[key].goal]
    return frozenset(needed)
