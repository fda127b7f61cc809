"""Strategies and Schemes: when they score, how much, and when they are revealed.

A registry of small functions keyed by the encounter tables' keys
(``rules/data/encounter-schemes.json``, ``encounter-standard.json``): the five Standard
Strategies score in the End Phase of every Turn after the first; each Scheme has an End
Phase rule, an end-of-game rule and/or event hooks (a kill, a first attack, an Interact).
VP go through the engine's ``Score`` with ``clip=True``, so the book's limits (4 from the
Strategy, 3 from a Scheme, 10 in all) hold whatever the rules below ask for.

The end-of-game functions are pure: they say what a Scheme would score with a set of
Scheme Markers and which Markers it would use, so the order in which a player scores her
Schemes ("one chosen Scheme", its Markers removed, then the other) can be compared.

Where the book is loose, the choices are in docs/rules-decisions.md (Simulator).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

from rules.encounter_tables import encounter_tables

from .errors import IllegalCommand
from .geometry import Point, quarter_of
from .state import Marker, Model, SchemeState

if TYPE_CHECKING:
    from .running_game import RunningGame as Game

__all__ = ["END_GAME", "END_OF_TURN", "STRATEGIES", "ScoringBook", "counts_for_scoring"]


def counts_for_scoring(m: Model) -> bool:
    """Non-Peon models count for Strategies and Schemes (Insignificant ones do not)."""
    return m.in_play and not m.p.is_peon and not m.p.talents.insignificant


def _edge_to_point(m: Model | Marker, p: Point) -> float:
    d = math.hypot(m.x - p[0], m.y - p[1]) - m.r
    return d if d > 0.0 else 0.0


def _edge(a: Model | Marker, b: Model | Marker) -> float:
    d = math.hypot(a.x - b.x, a.y - b.y) - a.r - b.r
    return d if d > 0.0 else 0.0


# -- Strategies ---------------------------------------------------------------------------

StrategyRule = Callable[["Game", int], int]


def _turf_war(game: Game, side: int) -> int:
    turf = game.state.markers_of("turf")
    if not turf:
        return 0
    near = sum(1 for m in game.state.sides[side].models
               if counts_for_scoring(m) and _edge(m, turf[0]) <= 6.0 + 1e-6)
    return 1 if near >= 2 else 0


def _reckoning(game: Game, side: int) -> int:
    st = game.state
    if st.sides[side].kills_this_turn >= 2:
        return 1
    return 1 if not any(m.in_play for m in st.sides[1 - side].models) else 0


def quarter_control(game: Game, side: int) -> int:
    """Table quarters this crew controls (Reconnoiter): the most non-Peon models wholly in
    the quarter and more than 6" from the centre."""
    st = game.state
    centre = st.table.centre
    counts = [[0, 0, 0, 0], [0, 0, 0, 0]]
    for m in st.models:
        if not counts_for_scoring(m):
            continue
        if _edge_to_point(m, centre) <= 6.0 + 1e-6:
            continue
        q = quarter_of(m.x, m.y, m.r)
        if q is not None:
            counts[m.side][q] += 1
    return sum(1 for q in range(4) if counts[side][q] > counts[1 - side][q])


def _reconnoiter(game: Game, side: int) -> int:
    return 1 if quarter_control(game, side) >= 2 else 0


def _squatters_rights(game: Game, side: int) -> int:
    held = sum(1 for mk in game.state.markers_of("squat") if mk.claimed == side)
    return 1 if held >= 2 else 0


def _stake_a_claim(game: Game, side: int) -> int:
    st = game.state
    own_half = st.sides[side].zone.index
    mine = theirs = 0
    for mk in st.markers_of("claim"):
        half = st.table.half_of(mk.x, mk.y)
        if half is None:
            continue
        if half == own_half:
            mine += 1
        else:
            theirs += 1
    return 1 if theirs > mine else 0


STRATEGIES: dict[str, StrategyRule] = {
    "turf-war": _turf_war,
    "reckoning": _reckoning,
    "reconnoiter": _reconnoiter,
    "squatters-rights": _squatters_rights,
    "stake-a-claim": _stake_a_claim,
}


# -- Schemes at the end of the game (pure) ----------------------------------------------

EndGameRule = Callable[["Game", int, SchemeState, list[Marker]], tuple[int, list[Marker]]]


def _per_item(items: list, revealed: bool) -> tuple[int, list]:
    """"1 VP for each; revealed, 1 more for at least 2": the fewest items for the most VP."""
    k = min(len(items), 2 if revealed else 3)
    return k + (1 if revealed and k >= 2 else 0), items[:k]


def _line_in_the_sand(game, side, scheme, markers):
    table = game.state.table
    on_line = [mk for mk in markers if table.centerline_distance(mk.x, mk.y) <= mk.r + 1e-6]
    vp = 2 if len(on_line) >= 4 else 0
    if scheme.revealed and len(on_line) >= 2:
        vp += 1
    used = on_line[:4] if len(on_line) >= 4 else (on_line[:2] if vp else [])
    return vp, used


def _breakthrough(game, side, scheme, markers):
    zone = game.state.sides[1 - side].zone
    near = [mk for mk in markers if zone.base_distance(mk.x, mk.y, mk.r) <= 6.0 + 1e-6]
    return _per_item(near, scheme.revealed)


def _protect_territory(game, side, scheme, markers):
    st = game.state
    own_zone = st.sides[side].zone
    good = []
    for mk in markers:
        if own_zone.base_distance(mk.x, mk.y, mk.r) < 6.0 - 1e-6:
            continue
        friends = enemies = guards = 0
        for m in st.models:
            if not m.in_play or _edge(m, mk) > 2.0 + 1e-6:
                continue
            if m.side == side:
                friends += 1
                guards += counts_for_scoring(m)
            else:
                enemies += 1
        if guards and enemies <= friends:
            good.append(mk)
    return _per_item(good, scheme.revealed)


def _plant_evidence(game, side, scheme, markers):
    st = game.state
    enemy_half = 1 - st.sides[side].zone.index
    touched: list[int] = []
    used = []
    for mk in markers:
        if st.table.half_of(mk.x, mk.y) != enemy_half:
            continue
        fresh = [p.id for p in st.table.terrain
                 if p.id not in touched and p.point_dist(mk.x, mk.y) - mk.r <= 0.1 + 1e-6]
        if fresh:
            touched.append(fresh[0])
            used.append(mk)
    vp, _ = _per_item(touched, scheme.revealed)
    k = min(len(used), 2 if scheme.revealed else 3)
    return vp, used[:k]


def _power_ritual(game, side, scheme, markers):
    st = game.state
    own_zone = st.sides[side].zone
    covered = []
    used = []
    own_corner_used = False
    for corner in st.table.corners():
        in_own_zone = own_zone.base_distance(corner[0], corner[1], 0.0) <= 1e-6
        if in_own_zone and own_corner_used:
            continue
        mk = next((mk for mk in markers if mk not in used and _edge_to_point(mk, corner) <= 6.0
                   + 1e-6), None)
        if mk is None:
            continue
        covered.append(corner)
        used.append(mk)
        own_corner_used = own_corner_used or in_own_zone
    vp, _ = _per_item(covered, scheme.revealed)
    k = min(len(used), 2 if scheme.revealed else 3)
    return vp, used[:k]


def _watchful_eyes(game, side, scheme, markers):
    st = game.state
    picked: list[Marker] = []
    for zone_side in (side, 1 - side):
        zone = st.sides[zone_side].zone
        near = [mk for mk in markers if mk not in picked
                and zone.base_distance(mk.x, mk.y, mk.r) <= 6.0 + 1e-6]
        if len(near) < 2:
            return 0, []
        picked += near[:2]
    return 2 + (1 if scheme.revealed else 0), picked


def _outflank(game, side, scheme, markers):
    st = game.state
    ends = st.table.centerline_ends()
    line_models = [m for m in st.sides[side].models
                   if counts_for_scoring(m) and not st.is_engaged(m)]
    vp = 0
    taken: list[Model] = []
    for end in ends:
        m = next((m for m in line_models if m not in taken
                  and st.table.centerline_distance(m.x, m.y) <= m.r + 1e-6
                  and _edge_to_point(m, end) <= 3.0 + 1e-6), None)
        if m is not None:
            taken.append(m)
            vp += 1
    if scheme.revealed and any(_edge_to_point(m, end) <= 3.0 + 1e-6
                               for m in line_models for end in ends):
        vp += 1
    return vp, []


def _noted(game: Game, scheme: SchemeState, role: str) -> Model | None:
    idx = scheme.noted.get(role)
    return None if idx is None else game.state.models[idx]


def _entourage(game, side, scheme, markers):
    st = game.state
    m = _noted(game, scheme, "model")
    if m is None or not m.in_play:
        return 0, []
    enemy_zone = st.sides[1 - side].zone
    if enemy_zone.contains_point(m.x, m.y):
        vp = 2
    elif st.table.half_of(m.x, m.y) == enemy_zone.index:
        vp = 1
    else:
        vp = 0
    return vp + (1 if vp and scheme.revealed else 0), []


def _bodyguard_end(game, side, scheme, markers):
    m = _noted(game, scheme, "model")
    return (1 if m is not None and m.in_play and m.wounds * 2 > m.p.wd else 0), []


def _take_prisoner(game, side, scheme, markers):
    st = game.state
    prisoner = _noted(game, scheme, "enemy")
    if prisoner is None or not prisoner.in_play:
        return 0, []
    if not any(counts_for_scoring(m) and m.side == side for m in st.engaged_with(prisoner)):
        return 0, []
    alone = not any(o.in_play and o is not prisoner and o.side == prisoner.side
                    and _edge(o, prisoner) <= 3.0 + 1e-6 for o in st.models)
    return (3 if alone else 2), []


def _vendetta_end(game, side, scheme, markers):
    enemy = _noted(game, scheme, "enemy")
    if scheme.revealed and enemy is not None and not enemy.in_play:
        return 1, []
    return 0, []


def _count_stations(game: Game, side: int, stations: tuple[str, ...]) -> int:
    return sum(1 for m in game.state.sides[side].models
               if m.in_play and m.p.station in stations)


def _compare_stations(stations: tuple[str, ...]) -> EndGameRule:
    def rule(game, side, scheme, markers):
        if _count_stations(game, side, stations) > _count_stations(game, 1 - side, stations):
            return 2 + (1 if scheme.revealed else 0), []
        return 0, []
    return rule


def _spread_of_decay(game, side, scheme, markers):
    st = game.state
    counts = [0, 0, 0, 0]
    for m in st.sides[side].models:
        if m.in_play and "undead" in m.p.characteristics:
            q = quarter_of(m.x, m.y, m.r)
            if q is not None:
                counts[q] += 1
    for mk in st.markers_of("corpse"):
        q = quarter_of(mk.x, mk.y, mk.r)
        if q is not None:
            counts[q] += 1
    if all(c >= 2 for c in counts):
        return 2 + (1 if scheme.revealed else 0), []
    return 0, []


def _fight_another_day(game, side, scheme, markers):
    unhurt = sum(1 for m in game.state.sides[side].models if m.in_play and m.wounds >= m.p.wd)
    if unhurt >= 4:
        return 2 + (1 if scheme.revealed else 0), []
    return 0, []


def _gathering_power(game, side, scheme, markers):
    st = game.state
    mine = len(st.markers_of("scheme", side))
    theirs = len(st.markers_of("scheme", 1 - side))
    if mine > theirs:
        return 2 + (1 if scheme.revealed else 0), []
    return 0, []


END_GAME: dict[str, EndGameRule] = {
    "a-line-in-the-sand": _line_in_the_sand,
    "breakthrough": _breakthrough,
    "protect-territory": _protect_territory,
    "plant-evidence": _plant_evidence,
    "power-ritual": _power_ritual,
    "watchful-eyes": _watchful_eyes,
    "outflank": _outflank,
    "entourage": _entourage,
    "bodyguard": _bodyguard_end,
    "take-prisoner": _take_prisoner,
    "vendetta": _vendetta_end,
    "roundup": _compare_stations(("minion", "enforcer")),
    "exterminate": _compare_stations(("master", "henchman")),
    "spread-of-decay": _spread_of_decay,
    "fight-another-day": _fight_another_day,
    "gathering-power": _gathering_power,
}
#: Schemes scored after everything else at the end (Gathering Power says so).
LAST = ("gathering-power",)


# -- Schemes in the End Phase ---------------------------------------------------------

TurnRule = Callable[["ScoringBook", int, SchemeState, int], None]


def _distract_turn(book: ScoringBook, side: int, scheme: SchemeState, turn: int) -> None:
    st = book.game.state
    distracted = sum(1 for m in st.sides[1 - side].models
                     if m.in_play and "distracted" in m.conditions)
    if distracted >= 2:
        book.award(side, scheme.key, 1, turn)


def _bodyguard_turn(book: ScoringBook, side: int, scheme: SchemeState, turn: int) -> None:
    if not scheme.revealed and book.ask_end_of_turn(side, scheme, ("reveal",)) == "reveal":
        book.reveal(side, scheme.key)
    if turn < 4 or not scheme.revealed:
        return
    m = _noted(book.game, scheme, "model")
    zone = book.game.state.sides[side].zone
    if m is not None and m.in_play and zone.base_distance(m.x, m.y, m.r) >= 8.0 - 1e-6:
        book.award(side, scheme.key, 1, turn)


def _cursed_object_turn(book: ScoringBook, side: int, scheme: SchemeState, turn: int) -> None:
    if turn < 2:
        return
    st = book.game.state
    cursed = tuple(m.id for m in st.sides[1 - side].models
                   if m.in_play and "cursed_object" in m.conditions)
    if not cursed:
        return
    choice = book.ask_end_of_turn(side, scheme, cursed)
    if choice is None:
        return
    if choice not in cursed:
        raise IllegalCommand(f"End the Cursed Object on one of {list(cursed)}, not {choice!r}.")
    book.game.remove_condition(st.model(choice), "cursed_object")
    book.award(side, scheme.key, 1, turn)


def _make_them_suffer_turn(book: ScoringBook, side: int, scheme: SchemeState, turn: int) -> None:
    if turn < 2:
        return
    st = book.game.state
    none_left = not any(m.in_play and m.p.station in ("minion", "peon")
                        for m in st.sides[1 - side].models)
    scored = st.sides[side].master_kills_minion_this_turn or none_left
    if scored and book.award(side, scheme.key, 1, turn):
        book.reveal(side, scheme.key)


def _plant_explosives_turn(book: ScoringBook, side: int, scheme: SchemeState, turn: int) -> None:
    if scheme.done or book.ask_end_of_turn(side, scheme, ("reveal",)) != "reveal":
        return
    st = book.game.state
    scheme.done = True
    book.reveal(side, scheme.key)
    own = st.markers_of("scheme", side)
    enemies = [m for m in st.sides[1 - side].models if m.in_play]
    vp = sum(1 for e in enemies if any(_edge(e, mk) <= 3.0 + 1e-6 for mk in own))
    book.award(side, scheme.key, vp, turn)
    for mk in own:
        if any(_edge(e, mk) <= 3.0 + 1e-6 for e in enemies):
            book.remove_marker(mk)


def _spring_the_trap_turn(book: ScoringBook, side: int, scheme: SchemeState, turn: int) -> None:
    if scheme.done or book.ask_end_of_turn(side, scheme, ("reveal",)) != "reveal":
        return
    st = book.game.state
    scheme.done = True
    book.reveal(side, scheme.key)
    leader = st.sides[1 - side].leader
    near = []
    if leader is not None and leader.in_play:
        near = [mk for mk in st.markers_of("scheme", side) if _edge(leader, mk) <= 4.0 + 1e-6]
    vp = len(near)
    mine = sum(1 for m in st.sides[side].models if m.in_play)
    theirs = sum(1 for m in st.sides[1 - side].models if m.in_play)
    if vp and theirs >= mine:
        vp += 1
    book.award(side, scheme.key, vp, turn)
    for mk in near:
        book.remove_marker(mk)


END_OF_TURN: dict[str, TurnRule] = {
    "distract": _distract_turn,
    "bodyguard": _bodyguard_turn,
    "cursed-object": _cursed_object_turn,
    "make-them-suffer": _make_them_suffer_turn,
    "plant-explosives": _plant_explosives_turn,
    "spring-the-trap": _spring_the_trap_turn,
}


# -- the book ---------------------------------------------------------------------------


class ScoringBook:
    """Awards VP (within the limits) and reveals Schemes, with a log event for each."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.rows = {row.key: row for row in encounter_tables().schemes.rows}

    # -- awarding -----------------------------------------------------------------------

    def award(self, side: int, source: str, vp: int, turn: int | None = None) -> int:
        """Add VP to a source ("strategy" or a Scheme key); returns what fitted."""
        if vp <= 0:
            return 0
        st = self.game.state
        score = st.sides[side].score
        turn = turn if turn is not None else st.turn
        if source == "strategy":
            added = score.add_strategy_vp(max(1, turn), vp, clip=True).added
            if added:
                self.game.log.add("vp", side, "strategy", added, turn)
        else:
            added = score.add_scheme_vp(source, vp, clip=True).added
            if added:
                self.game.log.add("svp", side, source, added, turn)
        return added

    def reveal(self, side: int, key: str, *, at_start: bool = False) -> None:
        st = self.game.state
        scheme = st.sides[side].scheme(key)
        if scheme is None or scheme.revealed:
            return
        scheme.revealed = True
        scheme.revealed_at_start = at_start
        st.sides[side].score.reveal(key)
        self.game.log.add("reveal", side, key, st.turn)
        if key == "for-the-money":
            st.sides[side].pool += 4

    def reveal_at_start(self, side: int, scheme: SchemeState, given: bool | None) -> None:
        rule = self.rows[scheme.key].reveal_at_start
        if rule == "forbidden":
            return
        if rule == "required":
            reveal = True
        elif given is not None:
            reveal = given
        else:
            reveal = bool(self.game.ask(side, "reveal", "reveal_at_start", scheme.key))
        if reveal:
            self.reveal(side, scheme.key, at_start=True)

    def remove_marker(self, marker: Marker) -> None:
        st = self.game.state
        if marker.id in st.markers:
            del st.markers[marker.id]
            self.game.log.add("unmarker", marker.id)

    def ask_end_of_turn(self, side: int, scheme: SchemeState, options: tuple[str, ...]):
        return self.game.ask(side, "eot", "end_of_turn", scheme.key, options)

    # -- setup --------------------------------------------------------------------------

    def setup_strategy(self) -> None:
        game = self.game
        st = game.state
        key = game.setup.strategy
        if key == "turf-war":
            x, y = st.table.centre
            marker = st.add_marker("turf", None, x, y)
            game.log.add("marker", marker.id, "turf", -1, marker.x, marker.y)
        elif key == "squatters-rights":
            for x, y in st.table.squat_points():
                marker = st.add_marker("squat", None, x, y)
                game.log.add("marker", marker.id, "squat", -1, marker.x, marker.y)

    # -- the End Phase ------------------------------------------------------------------

    def end_of_turn(self, turn: int) -> None:
        st = self.game.state
        rule = STRATEGIES[self.game.setup.strategy]
        order = (st.first, 1 - st.first)
        if turn >= 2:
            for side in order:
                self.award(side, "strategy", rule(self.game, side), turn)
        for side in order:
            for scheme in st.sides[side].schemes:
                turn_rule = END_OF_TURN.get(scheme.key)
                if turn_rule is not None:
                    turn_rule(self, side, scheme, turn)

    # -- events ---------------------------------------------------------------------------

    def on_kill(self, victim: Model, by: Model | None) -> None:
        st = self.game.state
        turn = st.turn
        for side in (0, 1):
            for scheme in st.sides[side].schemes:
                key = scheme.key
                if key == "assassinate" and not scheme.done and victim.side != side \
                        and victim is st.sides[1 - side].leader:
                    scheme.done = True
                    self.reveal(side, key)
                    self.award(side, key, 3 if turn <= 4 else 2, turn)
                elif key == "murder-protege" and not scheme.done \
                        and scheme.noted.get("enemy") == victim.idx:
                    scheme.done = True
                    self.award(side, key, 3 if scheme.revealed else 2, turn)
                elif key == "frame-for-murder" and not scheme.done \
                        and scheme.noted.get("model") == victim.idx \
                        and by is not None and by.side != side:
                    scheme.done = True
                    vp = 2 if by.p.station in ("master", "henchman") else 1
                    self.reveal(side, key)
                    self.award(side, key, vp + (1 if turn < 4 else 0), turn)
                elif key == "vendetta" and scheme.noted.get("enemy") == victim.idx \
                        and by is not None and scheme.noted.get("friendly") == by.idx:
                    have = st.sides[side].score.scheme_total(key)
                    self.award(side, key, 3 - have, turn)

    def on_first_attack(self, attacker: Model, target: Model) -> None:
        st = self.game.state
        scheme = st.sides[attacker.side].scheme("vendetta")
        if scheme is None:
            return
        if scheme.noted.get("friendly") == attacker.idx and scheme.noted.get("enemy") == target.idx:
            self.reveal(attacker.side, "vendetta")
            self.award(attacker.side, "vendetta", 1)

    def deliver_message(self, side: int) -> None:
        scheme = self.game.state.sides[side].scheme("deliver-a-message")
        scheme.done = True
        bonus = scheme.revealed_at_start
        self.reveal(side, scheme.key)
        self.award(side, scheme.key, 3 if bonus else 2)

    # -- the end of the game ------------------------------------------------------------

    def scheme_order_value(self, side: int, first: str) -> int:
        """VP this crew's end-of-game Scheme scoring gives if ``first`` is scored first."""
        vp, _ = self._end_schemes(side, first, apply=False)
        return vp

    def _end_schemes(self, side: int, first: str, *, apply: bool) -> tuple[int, list[Marker]]:
        st = self.game.state
        schemes = [s for s in st.sides[side].schemes if s.key in END_GAME and s.key not in LAST]
        schemes.sort(key=lambda s: s.key != first)
        available = st.markers_of("scheme", side)
        total = 0
        removed: list[Marker] = []
        for position, scheme in enumerate(schemes):
            vp, used = END_GAME[scheme.key](self.game, side, scheme, available)
            total += vp
            if apply:
                self.award(side, scheme.key, vp, st.turn)
            if position == 0:
                removed = list(used)
                available = [mk for mk in available if mk not in used]
        return total, removed

    def end_game(self) -> None:
        st = self.game.state
        order = (st.first, 1 - st.first)
        for side in order:
            keys = tuple(s.key for s in st.sides[side].schemes)
            scored = [k for k in keys if k in END_GAME and k not in LAST]
            first = scored[0] if scored else ""
            if len(scored) == 2:
                first = self.game.ask(side, "order", "first_scheme", (scored[0], scored[1]))
                if first not in scored:
                    raise IllegalCommand(f"Score one of {scored} first, not {first!r}.")
            _, removed = self._end_schemes(side, first, apply=True)
            for marker in removed:
                self.remove_marker(marker)
        for side in order:
            for scheme in st.sides[side].schemes:
                if scheme.key in LAST:
                    vp, _ = END_GAME[scheme.key](self.game, side, scheme, [])
                    self.award(side, scheme.key, vp, st.turn)
