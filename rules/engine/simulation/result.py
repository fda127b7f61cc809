"""What a simulated encounter produced, as plain dataclasses with ``to_dict()``.

The result carries everything the game record needs, whichever way the game was played:
VP per crew and per source, the Turn the encounter ended, every casualty (killer, action
or effect, Turn, station, characteristics, cost, noted by which Scheme, during its own
Activation, by a Blast, the Soulstone Pools at that moment), Markers placed and left,
table quarters, Deployment Zones, engagements at the end, and the facts Bounties read
(``SideResult``). ``log`` is the event log (``log.py``).

Sides are "a" (the first crew of the input) and "b".
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

from .geometry import quarter_of
from .state import SIDE_KEYS

if TYPE_CHECKING:
    from .running_game import RunningGame as Game
    from .state import Model

__all__ = ["Casualty", "MarkerRecord", "ModelAtEnd", "SchemeOutcome", "SideResult",
           "SimulationResult", "build_result"]


#: Not frozen (the same eq and hash): every result builds dozens, and a frozen
#: dataclass's ``__init__`` sets every field through ``object.__setattr__``. Read-only.
@dataclass(unsafe_hash=True)
class Casualty:
    """One model removed from play as killed or sacrificed.

    ``killer`` is the model whose action or effect did it (None for terrain and the
    like); ``action`` is the action or effect's name; ``by_effect`` is that name when it
    was not one of the killer's own actions (Poison, Burning, hazardous terrain...).
    ``noted_by`` lists (side, scheme, role) of every Scheme that noted the victim.
    ``pools`` holds both crews' Soulstone Pools at that moment.
    """

    model: str
    name: str
    side: str
    station: str | None
    characteristics: tuple[str, ...]
    cost: int
    printed_cost: int
    is_leader: bool
    arrival: str
    turn: int
    how: str
    killer: str | None
    killer_side: str | None
    action: str
    by_effect: str
    during_own_activation: bool
    with_blast: bool
    pools: dict[str, int]
    noted_by: tuple[tuple[str, str, str], ...] = ()

    @classmethod
    def of(cls, game: Game, victim: Model, by: Model | None, cause: str, how: str,
           during_own: bool, blast: bool) -> Casualty:
        st = game.state
        own_action = by is not None and (by.p.action(cause) is not None
                                         or cause.endswith("(blast)"))
        noted = []
        for side in st.sides:
            for scheme in side.schemes:
                for role, idx in scheme.noted.items():
                    if idx == victim.idx:
                        noted.append((side.key, scheme.key, role))
        # Positional, in field order (keywords would pass through a dict, one per kill;
        # test_positional_builds pins it to the keyword build).
        return cls(
            victim.id,  # model
            victim.name,  # name
            SIDE_KEYS[victim.side],  # side
            victim.p.station,  # station
            tuple(sorted(victim.p.characteristics)),  # characteristics
            victim.p.cost,  # cost
            victim.p.printed_cost,  # printed_cost
            victim.p.is_leader,  # is_leader
            ("summoned" if victim.idx in st.summoned_on
             else "late" if victim.p.enters_on_turn else "deployed"),  # arrival
            st.turn,  # turn
            how,  # how
            None if by is None else by.id,  # killer
            None if by is None else SIDE_KEYS[by.side],  # killer_side
            cause,  # action
            "" if own_action else cause,  # by_effect
            during_own,  # during_own_activation
            blast,  # with_blast
            {s.key: s.pool for s in st.sides},  # pools
            tuple(noted),  # noted_by
        )


#: Not frozen (the same eq and hash): every result builds dozens, and a frozen
#: dataclass's ``__init__`` sets every field through ``object.__setattr__``. Read-only.
@dataclass(unsafe_hash=True)
class SchemeOutcome:
    """One chosen Scheme: its VP, whether it was revealed (and at the start), what it noted."""

    key: str
    vp: int
    revealed: bool
    revealed_at_start: bool
    noted: dict[str, str] = field(default_factory=dict)


#: Not frozen (the same eq and hash): every result builds dozens, and a frozen
#: dataclass's ``__init__`` sets every field through ``object.__setattr__``. Read-only.
@dataclass(unsafe_hash=True)
class SideResult:
    """One crew's part of the result, including the facts Bounties read
    (``rules.engine.bounties.GameFacts``): Markers, quarters, zones, engagements.

    ``friendly_in_enemy_zone`` / ``enemy_in_enemy_zone``: this crew's models and the
    enemy's models in the enemy's Deployment Zone at the end. ``scheme_marker_quarters``:
    quarters wholly holding one of its Scheme Markers more than 6" from the centre.
    ``afflicted_enemies_at_end``: enemy models in play with a Condition one of this crew's
    models gave. ``summoned_soulstones``: the Soulstone Cost of the models it summoned
    (no Upgrade is attached during a simulated game).
    """

    side: str
    crew: str
    faction: str
    vp: int
    strategy_vp: int
    strategy_vp_by_turn: dict[int, int]
    schemes: tuple[SchemeOutcome, ...]
    soulstones_at_end: int
    models_in_play_at_end: int
    scheme_markers_placed: int
    scheme_markers_at_end: int
    scheme_marker_quarters: int
    enemy_marker_removals: int
    friendly_in_enemy_zone: int
    enemy_in_enemy_zone: int
    engaging_enemy_leader: int
    enemies_failed_horror: int
    afflicted_enemies_at_end: int
    summoned_soulstones: int = 0


#: Not frozen (the same eq and hash): every result builds dozens, and a frozen
#: dataclass's ``__init__`` sets every field through ``object.__setattr__``. Read-only.
@dataclass(unsafe_hash=True)
class ModelAtEnd:
    """Where each model ended and in what state (``quarter`` None when it straddles)."""

    id: str
    side: str
    name: str
    station: str | None
    characteristics: tuple[str, ...]
    is_leader: bool
    in_play: bool
    killed: bool
    x: float
    y: float
    wounds: int
    max_wounds: int
    damaged: bool
    quarter: int | None
    in_own_zone: bool
    in_enemy_zone: bool
    engaged_with: tuple[str, ...]
    conditions: dict[str, int]


#: Not frozen (the same eq and hash): every result builds dozens, and a frozen
#: dataclass's ``__init__`` sets every field through ``object.__setattr__``. Read-only.
@dataclass(unsafe_hash=True)
class MarkerRecord:
    """A Marker placed during the game (``in_play_at_end``: still there at the end;
    ``quarter``: the quarter wholly holding it, None within 6" of the centre or straddling)."""

    id: int
    kind: str
    side: str | None
    x: float
    y: float
    turn: int
    by: str | None
    in_play_at_end: bool
    quarter: int | None


@dataclass(frozen=True)
class SimulationResult:
    """The outcome of one simulated encounter (see the module docstring)."""

    simulator_version: str
    seed: int
    winner: str | None
    vp: dict[str, int]
    ended_on_turn: int
    sides: tuple[SideResult, SideResult]
    casualties: tuple[Casualty, ...]
    models: tuple[ModelAtEnd, ...]
    markers: tuple[MarkerRecord, ...]
    engagements_at_end: tuple[tuple[str, str], ...]
    not_modelled: tuple[str, ...]
    activations: int
    log: dict[str, Any] = field(repr=False, compare=False)

    def side(self, key: str) -> SideResult:
        return self.sides[SIDE_KEYS.index(key)]

    def to_dict(self, *, with_log: bool = True) -> dict:
        out = asdict(self)
        if not with_log:
            out.pop("log")
        for side in out["sides"]:
            side["strategy_vp_by_turn"] = {str(k): v for k, v in
                                           side["strategy_vp_by_turn"].items()}
        return _jsonable(out)


def _jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    return value


def build_result(game: Game) -> SimulationResult:
    st = game.state
    sides = []
    engagements: list[tuple[str, str]] = []
    for m in st.models:
        if m.in_play:
            for e in st.engaged_with(m):
                if m.idx < e.idx:
                    engagements.append((m.id, e.id))
    for side in st.sides:
        enemy = st.sides[1 - side.index]
        score = side.score
        markers_now = st.markers_of("scheme", side.index)
        quarters = {quarter_of(mk.x, mk.y, mk.r) for mk in markers_now if _beyond_centre(mk)}
        quarters.discard(None)
        leader = enemy.leader
        engaging = 0
        if leader is not None and leader.in_play:
            engaging = sum(1 for e in st.engaged_with(leader) if e.side == side.index)
        schemes = tuple(SchemeOutcome(
            s.key, score.scheme_total(s.key), s.revealed, s.revealed_at_start,
            {role: st.models[idx].id for role, idx in s.noted.items()})
            for s in side.schemes)
        sides.append(SideResult(
            side=side.key,
            crew=side.crew.name,
            faction=side.crew.faction,
            vp=score.total,
            strategy_vp=score.strategy_total,
            strategy_vp_by_turn=dict(score.strategy_by_turn),
            schemes=schemes,
            soulstones_at_end=side.pool,
            models_in_play_at_end=sum(1 for m in side.models if m.in_play),
            scheme_markers_placed=sum(1 for mk in st.placed_markers
                                      if mk.kind == "scheme" and mk.side == side.index),
            scheme_markers_at_end=len(markers_now),
            scheme_marker_quarters=len(quarters),
            enemy_marker_removals=side.enemy_marker_removals,
            friendly_in_enemy_zone=sum(1 for m in side.models if m.in_play
                                       and enemy.zone.contains_point(m.x, m.y)),
            enemy_in_enemy_zone=sum(1 for m in enemy.models if m.in_play
                                    and enemy.zone.contains_point(m.x, m.y)),
            engaging_enemy_leader=engaging,
            enemies_failed_horror=len(enemy.failed_horror),
            afflicted_enemies_at_end=sum(
                1 for m in enemy.models if m.in_play and any(
                    st.models[src].side == side.index for src in m.cond_source.values())),
            summoned_soulstones=sum(m.p.cost for m in side.models
                                    if m.idx in st.summoned_on),
        ))
    models = tuple(ModelAtEnd(
        id=m.id, side=SIDE_KEYS[m.side], name=m.name, station=m.p.station,
        characteristics=tuple(sorted(m.p.characteristics)), is_leader=m.p.is_leader,
        in_play=m.in_play, killed=m.killed,
        x=m.x, y=m.y, wounds=m.wounds, max_wounds=m.p.wd, damaged=m.damaged,
        quarter=quarter_of(m.x, m.y, m.r) if m.in_play else None,
        in_own_zone=m.in_play and st.sides[m.side].zone.contains_point(m.x, m.y),
        in_enemy_zone=m.in_play and st.sides[1 - m.side].zone.contains_point(m.x, m.y),
        engaged_with=tuple(e.id for e in st.engaged_with(m)) if m.in_play else (),
        conditions=dict(m.conditions))
        for m in st.models)
    markers = tuple(MarkerRecord(
        id=mk.id, kind=mk.kind, side=None if mk.side is None else SIDE_KEYS[mk.side],
        x=mk.x, y=mk.y, turn=mk.turn,
        by=None if mk.by is None else st.models[mk.by].id,
        in_play_at_end=mk.id in st.markers,
        quarter=quarter_of(mk.x, mk.y, mk.r) if _beyond_centre(mk) else None)
        for mk in st.placed_markers)
    not_modelled = tuple(dict.fromkeys(
        [item for m in st.models for item in m.p.not_modelled]
        # A top to stand on needs an impassable piece (a hill's slopes are not modelled).
        + [f"terrain {p.id}: vantage point on a piece that is not impassable"
           for p in st.table.terrain
           if "vantage_point" in p.traits and "impassable" not in p.traits]))
    vp = {"a": st.sides[0].score.total, "b": st.sides[1].score.total}
    winner = None if vp["a"] == vp["b"] else ("a" if vp["a"] > vp["b"] else "b")
    return SimulationResult(
        simulator_version=game.version,
        seed=game.seed,
        winner=winner,
        vp=vp,
        ended_on_turn=game.ended_on_turn or st.turn,
        sides=(sides[0], sides[1]),
        casualties=tuple(game.casualties),
        models=models,
        markers=markers,
        engagements_at_end=tuple(engagements),
        not_modelled=not_modelled,
        activations=game.activations,
        log=game.log_dict(),
    )


def _beyond_centre(marker) -> bool:
    """Bounties count quarters holding a Marker more than 6" from the centre."""
    return ((marker.x - 18.0) ** 2 + (marker.y - 18.0) ** 2) ** 0.5 - marker.r > 6.0
