"""A simulated encounter as the game record (``rules.engine.record``): the same format the
live tracker freezes, so the Aftermath, Bounties and standings read an auto-resolved game
exactly as one played at the table.

Everything comes from the ``SimulationResult`` and its event log: models (in the order
the simulator numbers them), casualties with killer, action, Blast, own Activation and
both Pools, Markers placed and removed (with the Turn each went), Horror duels failed and
what the table showed at the end. The simulator does not attribute a removed Marker to a
model: a removal during a model's Activation is its crew's (an enemy Scheme Marker so
removed, by its (1) Interact Action), one outside any Activation (scoring) is nobody's.
Each removed Marker is one removal; the simulator removes the enemy Markers one Interact
touches together, so that count can exceed its ``enemy_marker_removals``. A model
summoned during the game has the origin ``summoned`` (its card's cost); nothing is
attached in a simulated game, and Bounty notes are the caller's (``notes``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from .. import record as rec

if TYPE_CHECKING:
    from .result import SimulationResult

__all__ = ["game_record"]


def _costs(result: SimulationResult) -> dict[str, int | None]:
    """Each model's Soulstone Cost: as it fell, or its card's for the survivors."""
    costs: dict[str, int | None] = {}
    for crew in result.log["setup"]["crews"]:
        for model in crew["models"]:
            costs[model["id"]] = model.get("cost", model["card"].get("cost"))
    cards = {}
    for crew in result.log["setup"]["crews"]:
        for card in [*crew.get("summons", ()), *(m["card"] for m in crew["models"])]:
            cards.setdefault(str(card.get("name", "")), card.get("cost"))
    for m in result.models:
        if m.id not in costs:  # summoned during the game: its card's cost
            costs[m.id] = cards.get(m.name)
    for casualty in result.casualties:
        costs[casualty.model] = casualty.cost
    return costs


def _quarter(quarter: int | None) -> int:
    """A result's quarter (0-3, None straddling) as a record's (1-4, 0 for none): the
    south-west quarter is 1 there, not "no quarter"."""
    return 0 if quarter is None else quarter + 1


def _markers(result: SimulationResult) -> list[rec.MarkerChange]:
    """Markers placed, then each removal from the log: during a model's Activation it is
    that model's crew's doing (an enemy Scheme Marker so removed is an Interact removal);
    outside one (a Scheme scored at the end of a Turn) it is nobody's."""
    placed = {mk.id: mk for mk in result.markers if mk.kind in rec.MARKER_KINDS}
    sides = [m.side for m in result.models]
    changes = [rec.MarkerChange(turn=mk.turn, kind=mk.kind, delta=1,
                                owner=(mk.side or "") if mk.kind == "scheme" else "",
                                quarter=_quarter(mk.quarter),
                                by=(mk.side or "") if mk.kind == "scheme" else "")
               for mk in placed.values()]
    turn, acting = 1, None
    for event in result.log["events"]:
        if event[0] == "turn":
            turn = event[1]
        elif event[0] == "act":
            acting = sides[event[1]]
        elif event[0] == "done":
            acting = None
        elif event[0] == "unmarker" and event[1] in placed:
            mk = placed[event[1]]
            owner = (mk.side or "") if mk.kind == "scheme" else ""
            interact = mk.kind == "scheme" and acting is not None and acting != owner
            changes.append(rec.MarkerChange(turn=turn, kind=mk.kind, delta=-1, owner=owner,
                                            quarter=_quarter(mk.quarter), by=acting or "",
                                            interact=interact))
    return changes


def game_record(result: SimulationResult, *, crews: Mapping[str, int] | None = None,
                arsenal: Mapping[str, int] | None = None, notes: Iterable[rec.Note] = (),
                event: str = "", week: int | None = None) -> rec.GameRecord:
    """The record of a simulated encounter. ``crews`` maps "a"/"b" to crew ids and
    ``arsenal`` the simulator's model ids to arsenal model ids (a campaign game); both may
    be left out for a standalone encounter."""
    crews, arsenal = crews or {}, arsenal or {}
    refs = {m.id: i for i, m in enumerate(result.models, start=1)}
    costs = _costs(result)
    summoned = {e[2] for e in result.log["events"] if e[0] == "summon"}
    summoned = {m.id for i, m in enumerate(result.models) if i in summoned}
    models = tuple(rec.ModelEntry(
        ref=refs[m.id], side=m.side, name=m.name[:120], station=m.station,
        characteristics=tuple(c.lower() for c in m.characteristics),
        cost=None if m.station == "master" else costs.get(m.id), leader=m.is_leader,
        origin="summoned" if m.id in summoned else "hired",
        arsenal_model=arsenal.get(m.id)) for m in result.models)
    kills = tuple(rec.Kill(
        victim_side=c.side, turn=max(c.turn, 1), how=c.how, victim_ref=refs[c.model],
        victim=arsenal.get(c.model), victim_name=c.name[:120], victim_is_leader=c.is_leader,
        by_ref=refs.get(c.killer) if c.killer else None,
        by_model=arsenal.get(c.killer) if c.killer else None, by_side=c.killer_side or "",
        by_effect=c.by_effect[:120], action=c.action[:60], blast=c.with_blast,
        own_activation=c.during_own_activation,
        pools={k: v for k, v in c.pools.items() if k in rec.SIDES})
        for c in result.casualties)
    index = [m.id for m in result.models]
    horror, turn = [], 1
    for event_row in result.log["events"]:
        if event_row[0] == "turn":
            turn = event_row[1]
        elif event_row[0] == "horror" and not event_row[4]:
            horror.append(rec.HorrorFailure(turn=turn, ref=refs[index[event_row[1]]]))
    zones: dict[str, dict[str, int]] = {s: {"a": 0, "b": 0, rec.NEUTRAL: 0} for s in rec.SIDES}
    in_enemy_zone: dict[str, list[int]] = {s: [] for s in rec.SIDES}
    pigs: dict[str, set[int]] = {s: set() for s in rec.SIDES}
    for m in result.models:
        if not m.in_play:
            continue
        enemy = "b" if m.side == "a" else "a"
        if m.in_own_zone:
            zones[m.side][m.side] += 1
        if m.in_enemy_zone:
            zones[enemy][m.side] += 1
            in_enemy_zone[m.side].append(refs[m.id])
        if "pig" in m.characteristics and _quarter(m.quarter) in rec.QUARTERS:
            pigs[m.side].add(_quarter(m.quarter))
    sides = {s.side: rec.SideRecord(
        crew=crews.get(s.side), vp=s.vp,
        strategy_vp={str(t): v for t, v in s.strategy_vp_by_turn.items()},
        schemes=tuple({"scheme": o.key, "vp": o.vp, "revealed": o.revealed}
                      for o in s.schemes),
        played=tuple(arsenal[m.id] for m in result.models
                     if m.side == s.side and m.id in arsenal)) for s in result.sides}
    end = rec.EndState(
        zones=zones, engaging_leader={s.side: s.engaging_enemy_leader for s in result.sides},
        afflicted={s.side: s.afflicted_enemies_at_end for s in result.sides},
        pool={s.side: s.soulstones_at_end for s in result.sides},
        pigs={k: tuple(sorted(v)) for k, v in pigs.items() if v},
        in_enemy_zone={k: tuple(v) for k, v in in_enemy_zone.items() if v})
    return rec.GameRecord(
        sides=sides, winner=result.winner or "", vp=dict(result.vp), event=event,
        week=week, ended_on_turn=result.ended_on_turn, models=models, kills=kills,
        markers=tuple(_markers(result)), horror=tuple(horror), notes=tuple(notes),
        end=end).validate()
