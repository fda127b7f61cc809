"""Card effects that add models and Markers to the table or take them off it: Summon,
Sacrifice, Bury, Unbury, and Markers placed or removed by effects (Corpse, Scrap, any
named Marker). The rules manual's SUMMON, SACRIFICE, BURIED, UNBURY and MARKERS
sections; what it leaves open is in docs/rules-decisions.md (Simulator: summoning,
burying, effect Markers).

``apply`` executes one such ``TriggerEffect`` for ``actions._general``. ``element`` is
the scratch of the one action or trigger being resolved: a Marker removed by an earlier
effect of it is where a later Summon goes, and a Summon after a removal that found no
Marker fails (the Corpse Marker it needed is not there). Every placement is the
engine's own, deterministic choice (no question to a commander, so replays hold).
"""

from __future__ import annotations

import math
from contextlib import suppress
from dataclasses import replace
from typing import TYPE_CHECKING

from .crews import ModelInput
from .geometry import CONTACT, MARKER_RADIUS, snap
from .result import Casualty
from .state import Model

if TYPE_CHECKING:
    from .abilities import TriggerEffect
    from .running_game import RunningGame as Game
    from .state import GameState

__all__ = ["TABLE_KINDS", "apply", "bury_left_at_end", "summon_card"]

#: The ``TriggerEffect`` kinds this module executes.
TABLE_KINDS = frozenset({"summon", "sacrifice", "bury", "unbury", "place_marker",
                         "take_marker", "place"})
_ANGLES = 24


def apply(game: Game, source: Model, target: Model | None, effect: TriggerEffect,
          reach: float, element: dict) -> None:
    kind = effect.kind
    if kind == "summon":
        for _ in range(int(effect.value) or 1):
            if summon(game, source, effect.name, reach, element) is None:
                break
    elif kind in ("sacrifice", "bury"):
        victim = source if effect.who == "self" else target
        if victim is not None and victim.in_play:
            (sacrifice if kind == "sacrifice" else bury)(game, source, victim, effect)
    elif kind == "unbury":
        if effect.who == "self" and source.in_play:
            # "Unbury this model" while it is in play: placed as the unbury says.
            place_beside(game, source, target if effect.name == "target" else None)
        else:
            unbury(game, source, target, effect)
    elif kind == "place":
        place_beside(game, source, target)
    elif kind == "place_marker":
        anchor = source if effect.who == "self" else target
        if effect.name == "scheme" and source.p.talents.insignificant:
            return  # an Insignificant model places no Scheme Markers
        if anchor is not None and anchor.in_play:
            for _ in range(int(effect.value) or 1):
                place_marker(game, source, anchor, effect.name)
    elif kind == "take_marker":
        take_markers(game, source, target, effect, element)


# -- summoning --------------------------------------------------------------------------


def summon_card(game: Game, side: int, name: str):
    """The stat card a crew summons by name: one of its ``summons``, else the card of a
    model it hired (a summoned model comes without Upgrades), or None."""
    return _summons_of(game.state.sides[side].crew)[0].get(name.strip().lower())


def _summons_of(crew) -> tuple[dict, dict]:
    """(name stripped and lower-cased -> the first card of that name, as ``summon_card``
    reads them; id of a card -> (the card, its profile as a summoned model)).

    The crew input is frozen and its cards are read-only mappings, so both are kept on it
    (a batch plays the same crew hundreds of times, and the commander weighs each Summon
    by its card again and again); the second is filled as cards are summoned. A profile
    built from the same card is the same but for the model's id (``_summoned_profile``).
    A crew without an instance dict simply works them out every time."""
    known = getattr(crew, "_summon_index", None)
    if known is None:
        cards: dict = {}
        for card in (*crew.summons, *(m.card for m in crew.models)):
            cards.setdefault(str(card.get("name", "")).strip().lower(), card)
        known = (cards, {})
        with suppress(AttributeError, TypeError):
            object.__setattr__(crew, "_summon_index", known)
    return known


def _summoned_profile(crew, card, model_id: str):
    """``ModelInput(model_id, card).profile``: the card's profile is built once per crew
    (profiles are frozen; the model's id is the only field that depends on more than the
    card, and error messages the only other use of it). The cache holds the card, so its
    id cannot be reused while it is cached."""
    profiles = _summons_of(crew)[1]
    found = profiles.get(id(card))
    if found is None or found[0] is not card:
        found = (card, ModelInput(model_id, card).profile)
        profiles[id(card)] = found
        return found[1]
    return replace(found[1], id=model_id)


def _rare_limit(card) -> int | None:
    if card.get("is_unique"):
        return 1
    rare = card.get("rare")
    return int(rare) if isinstance(rare, int) and rare > 0 else None


def summon(game: Game, source: Model, name: str, reach: float, element: dict) -> Model | None:
    """Summon one model named ``name`` into ``source``'s crew: placed in base contact
    with the Marker an earlier effect removed (or with ``source``), else within
    ``reach`` of ``source``, in its line of sight. It fails (None, logged) without a
    card, past the Rare limit, after a removal that found no Marker, or without room."""
    st = game.state
    side = source.side
    card = summon_card(game, side, name)
    why = ""
    if card is None:
        why = "no card"
    elif element.get("took") == 0:
        why = "no Marker"
    else:
        limit = _rare_limit(card)
        same = sum(1 for m in st.sides[side].models if m.in_play
                   and m.p.name.strip().lower() == name.strip().lower())
        if limit is not None and same >= limit:
            why = "Rare limit"
    if why:
        game.log.add("nosummon", source.idx, name, why)
        return None
    serial = sum(1 for m in st.models if m.idx in st.summoned_on) + 1
    model_id = f"{source.id}~s{serial}"
    while st.model(model_id) is not None:
        serial += 1
        model_id = f"{source.id}~s{serial}"
    model = Model(len(st.models), side, _summoned_profile(st.sides[side].crew, card, model_id))
    anchor = element.get("anchor") or (source.x, source.y, source.r)
    spot = _free_spot(st, model, anchor, reach if "anchor" not in element else 0.0,
                      source=source)
    if spot is None:
        game.log.add("nosummon", source.idx, name, "no room")
        return None
    st.models.append(model)
    st.sides[side].models.append(model)
    model.x, model.y = spot
    model.in_play = model.arrived = True
    st.summoned_on[model.idx] = st.turn
    st.moved()
    game.log.add("summon", source.idx, model.idx, model.name, model.x, model.y)
    # The manual: summoned models gain Slow (and take no Interact this Turn: actions).
    game.give(model, "slow", by=source)
    return model


def _toward(st: GameState, model: Model, x: float, y: float) -> float:
    """The angle from (x, y) toward the nearest enemy of ``model`` (the table's centre
    when it has none): the first direction a placement tries."""
    enemies = [o for o in st.models if o.in_play and o.side != model.side]
    if enemies:
        near = min(enemies, key=lambda o: (math.hypot(o.x - x, o.y - y), o.idx))
        tx, ty = near.x, near.y
    else:
        tx = ty = st.size / 2
    return math.atan2(ty - y, tx - x) if (tx, ty) != (x, y) else 0.0


def _free_spot(st: GameState, model: Model, anchor: tuple[float, float, float],
               reach: float, *, source: Model | None) -> tuple[float, float] | None:
    """A place for ``model``: in base contact with the anchor (x, y, r), else ever
    further out up to ``reach``; standing legally and (``source``) in its sight. Angles
    are tried from the nearest enemy's direction outward, so the choice is repeatable."""
    ax, ay, ar = anchor
    start = _toward(st, model, ax, ay)
    gaps = [CONTACT / 2]
    step = 0.5
    while gaps[-1] + step <= reach + 1e-6:
        gaps.append(gaps[-1] + step)
    for gap in gaps:
        radius = ar + model.r + gap
        for i in range(_ANGLES):
            turn = (i + 1) // 2 * (1 if i % 2 else -1)
            angle = start + turn * 2 * math.pi / _ANGLES
            x, y = snap(ax + radius * math.cos(angle)), snap(ay + radius * math.sin(angle))
            if st.standing_problem(model, x, y):
                continue
            if source is not None and not (st.sight(
                    source.x, source.y, source.r, source.p.ht, st.standing_on(source), x, y,
                    model.r, model.p.ht, st.piece_under(x, y), (source.idx, model.idx))
                    if st.table.standable else st.los_between(
                    source.x, source.y, source.r, source.p.ht, x, y, model.r, model.p.ht,
                    (source.idx, model.idx))):
                continue
            return (x, y)
    return None


# -- leaving the table ---------------------------------------------------------------


def sacrifice(game: Game, source: Model, victim: Model, effect: TriggerEffect) -> None:
    """Removed from play, not killed by anyone (no killer, no Marker dropped); an enemy
    model its crew sacrificed counts for Reckoning (the manual's "killed or sacrificed")."""
    cause = effect.name or "Sacrifice"
    game.kill(victim, None, cause, how="sacrificed")
    if victim.side != source.side:
        game.state.sides[source.side].kills_this_turn += 1


def bury(game: Game, source: Model, victim: Model, effect: TriggerEffect) -> None:
    """Removed from the table, neither killed nor sacrificed; its Conditions stay. A
    model buried during its own Activation ends it."""
    st = game.state
    victim.in_play = False
    st.buried[victim.idx] = source.idx
    st.moved()
    game.log.add("bury", victim.idx, source.idx)
    if st.active is victim:
        game.activation_over = True


def unbury(game: Game, source: Model, target: Model | None, effect: TriggerEffect) -> None:
    """Unbury the model this one buried first (``who`` "self": this model itself), within
    ``distance`` of this model or of the target (base contact for 0); where it does not
    fit, anywhere in its controller's Deployment Zone (the manual)."""
    st = game.state
    if effect.who == "self":
        buried = [source] if source.idx in st.buried else []
    else:
        buried = [st.models[i] for i in st.buried if st.buried[i] == source.idx]
    if not buried:
        return
    model = buried[0]
    anchor_model = target if effect.name == "target" and target is not None \
        and target.in_play else source
    spot = None
    if anchor_model.in_play:
        spot = _free_spot(st, model, (anchor_model.x, anchor_model.y, anchor_model.r),
                          float(effect.distance), source=None)
    if spot is None:
        spot = _zone_spot(st, model)
    if spot is None:
        return
    del st.buried[model.idx]
    model.x, model.y = spot
    model.in_play = True
    st.moved()
    game.log.add("unbury", model.idx, model.x, model.y)


def place_beside(game: Game, m: Model, anchor: Model | None) -> None:
    """Place ``m`` (in play) in base contact with ``anchor`` (PLACEMENT EFFECTS: not a
    move, so no disengaging strike), on the side nearest where it stands; where no spot
    holds its base, it stays. Hazardous terrain it is placed in hurts (HAZARDOUS)."""
    st = game.state
    if anchor is None or anchor is m or not anchor.in_play or not m.in_play:
        return
    start = math.atan2(m.y - anchor.y, m.x - anchor.x) if (m.x, m.y) != (anchor.x,
                                                                       anchor.y) else 0.0
    radius = anchor.r + m.r + CONTACT / 2
    for i in range(_ANGLES):
        turn = (i + 1) // 2 * (1 if i % 2 else -1)
        angle = start + turn * 2 * math.pi / _ANGLES
        x = snap(anchor.x + radius * math.cos(angle))
        y = snap(anchor.y + radius * math.sin(angle))
        if not st.standing_problem(m, x, y):
            break
    else:
        return
    m.x, m.y = x, y
    st.moved()
    game.log.add("place", m.idx, x, y, anchor.idx)
    for piece_id in st.hazards_at(m):
        game.hazard(m, piece_id)


def _zone_spot(st: GameState, model: Model) -> tuple[float, float] | None:
    zone = st.sides[model.side].zone
    if zone is None:
        return None
    size = st.size
    centre = size / 2
    spots = [(snap(x / 2), snap(y / 2)) for x in range(0, int(size * 2) + 1)
             for y in range(0, int(size * 2) + 1)]
    spots.sort(key=lambda p: (math.hypot(p[0] - centre, p[1] - centre), p))
    for x, y in spots:
        if zone.contains_base(x, y, model.r) and not st.standing_problem(model, x, y):
            return (x, y)
    return None


def bury_left_at_end(game: Game) -> None:
    """The manual: models buried at the end of the game count as killed for victory."""
    st = game.state
    for idx in list(st.buried):
        victim = st.models[idx]
        if victim.killed:
            continue
        victim.killed = True
        game.casualties.append(Casualty.of(game, victim, None, "buried", "buried", False,
                                           False))
        game.log.add("kill", victim.idx, -1, "buried", "buried")
        game.scoring.on_kill(victim, None)


# -- Markers ----------------------------------------------------------------------------


def place_marker(game: Game, source: Model, anchor: Model, kind: str) -> None:
    """A Marker in base contact with ``anchor`` (which is also within any distance the
    card allows), toward the nearest enemy. Corpse and Scrap Markers belong to no crew;
    another named Marker to ``source``'s crew. Markers are not terrain (the manual's
    default) and models move over them."""
    st = game.state
    owner = None if kind in ("corpse", "scrap") else source.side
    probe = _MarkerProbe(anchor.side)
    start = _toward(st, probe, anchor.x, anchor.y)
    scheme = kind == "scheme"
    for i in range(_ANGLES):
        turn = (i + 1) // 2 * (1 if i % 2 else -1)
        angle = start + turn * 2 * math.pi / _ANGLES
        radius = anchor.r + MARKER_RADIUS + CONTACT / 2
        x, y = anchor.x + radius * math.cos(angle), anchor.y + radius * math.sin(angle)
        if MARKER_RADIUS <= x <= st.size - MARKER_RADIUS and \
                MARKER_RADIUS <= y <= st.size - MARKER_RADIUS and not (scheme and any(
                    piece.point_dist(x, y) < MARKER_RADIUS - 1e-6
                    for piece in st.table.impassable)):
            break  # (a Scheme Marker may not overlap impassable terrain)
    else:
        if scheme:
            return
        x, y = anchor.x, anchor.y
    marker = st.add_marker(kind, owner, x, y, by=source.idx)
    game.log.add("marker", marker.id, kind, -1 if owner is None else owner, marker.x,
                 marker.y)


class _MarkerProbe:
    __slots__ = ("side",)

    def __init__(self, side: int) -> None:
        self.side = side


def take_markers(game: Game, source: Model, target: Model | None, effect: TriggerEffect,
                 element: dict) -> None:
    """Remove ``value`` Markers of the kind (0: all) within ``distance`` of this model or
    of the target (base contact for 0), nearest first; ``side`` says whose ("friendly",
    "enemy", "any": by the crew that owns the Marker)."""
    st = game.state
    anchor = source if effect.who == "self" else target
    took = 0
    if anchor is not None and anchor.in_play:
        def whose(mk) -> bool:
            if effect.side == "friendly":
                return mk.side == source.side
            if effect.side == "enemy":
                return mk.side is not None and mk.side != source.side
            return True

        near = sorted(((math.hypot(mk.x - anchor.x, mk.y - anchor.y) - anchor.r - mk.r,
                        mk.id, mk) for mk in st.markers.values()
                       if mk.kind == effect.name and whose(mk)), key=lambda t: t[:2])
        limit = int(effect.value) or len(near)
        for gap, _, mk in near:
            if took >= limit or gap > max(effect.distance, CONTACT) + 1e-6:
                break
            del st.markers[mk.id]
            game.log.add("unmarker", mk.id)
            if "anchor" not in element:
                element["anchor"] = (mk.x, mk.y, mk.r)
            took += 1
    element["took"] = element.get("took", 0) + took
