"""The match tracker's rules as an event-sourced state machine.

The app stores a match's entries (small JSON dicts, ``{"type": ..., ...}``) and rebuilds the
state with ``replay(setup, entries)``; undo is dropping the last entry. ``apply`` checks an
entry against the rules and refuses it with ``IllegalEntry`` (a message, never a crash), so
a refused entry is never stored.

What it tracks (rulebook, Battlefield Setup, Game Round, End Phase, Winning the Game):
- round (the tracker shows at most 5; the echo gain stops growing there), initiative and
  its bids (a tie goes to the side without initiative; team bids add up; the Nemesis's
  counts double);
- echo per player (the Legacy's value, or the mode's; +2 x round up to 10 at each refresh;
  spent on deploys, items and spells; never below 0);
- hand and deck counts (7 drawn, up to 5 mulligans each one card smaller; 2 drawn each
  refresh, 3 for the Nemesis; a player who cannot draw loses at once);
- mastery per side by source (a kill: the unit's cost + its attachments'; a claim +10; a
  relic holder defeated -10 for its owner and a husk where it fell);
- husks on the board, the relic display and the relic deck count, units on the board;
- the end-of-round check: at or over the threshold the most mastery wins; a tie plays on.

Entries (player/side are indices; ``by`` may be ``None``):

================  ==================================================================
mulligan          player
setup_bid         bids {player: cost or None}, tie_winner (side, when tied)
setup_choice      choice "initiative" | "zone" (made by the setup bid's winner)
deploy            player, name, cost, seeker (bool), free (bool, Nemesis), rank
item              player, unit, name, cost
spell             player, name, cost
defeat            unit, by
item_destroyed    unit, by
claim             player, unit, relic, source "display" | "deck", refill
draw              player, count                    (card effects)
discard           player, count
echo              player, delta                    (card effects)
mastery           side, delta, note                (card effects: source "other")
husk              delta                            (card effects)
end_round         (claims done: the victory check)
refresh           (next round: draw, echo, then an optional initiative_bid)
initiative_bid    bids {player: cost or None}
================  ==================================================================
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from .errors import IllegalEntry
from .modes import (
    HAND_SIZE,
    MAX_MULLIGANS,
    RELIC_DECK_SIZE,
    RELIC_LOSS,
    RELIC_MASTERY,
    Mode,
    echo_gain,
    get_mode,
)
from .result import MASTERY_SOURCES, Defeat, MatchResult

__all__ = [
    "ENTRY_TYPES", "MatchSetup", "MatchState", "PlayerSetup", "PlayerState", "UnitOnBoard",
    "apply", "bid_winner", "replay", "side_players",
]

ENTRY_TYPES = (
    "mulligan", "setup_bid", "setup_choice", "deploy", "item", "spell", "defeat",
    "item_destroyed", "claim", "draw", "discard", "echo", "mastery", "husk", "end_round",
    "refresh", "initiative_bid",
)
#: Phases: setup (mulligans, the setup bid), playing (a round's deploy/action/end),
#: between (checked, not won: the next entry is ``refresh``), over.
PHASES = ("setup", "playing", "between", "over")


@dataclass(frozen=True, slots=True)
class PlayerSetup:
    name: str
    deck_size: int
    #: The Legacy's starting echo (a mode with fixed echo overrides it).
    starting_echo: int
    seeker: str = "Seeker"
    seeker_cost: int = 0


@dataclass(frozen=True, slots=True)
class MatchSetup:
    mode: Mode
    players: tuple[PlayerSetup, ...]
    #: The relic display's cards by name (``None`` where the tracker was not told).
    relic_display: tuple[str | None, ...] = ()

    @classmethod
    def for_mode(cls, mode: str | Mode, players: Iterable[PlayerSetup], board: str | None = None,
                 relic_display: Iterable[str | None] = ()) -> MatchSetup:
        if isinstance(mode, str):
            mode = get_mode(mode, board)
        return cls(mode, tuple(players), tuple(relic_display))


def side_players(mode: Mode) -> tuple[tuple[int, ...], ...]:
    """Player indices on each side: (0,) (1,); (0, 1) (2, 3); Union (0, 1) vs Nemesis (2,)."""
    sides, start = [], 0
    for n in mode.sides:
        sides.append(tuple(range(start, start + n)))
        start += n
    return tuple(sides)


@dataclass(slots=True)
class PlayerState:
    echo: int
    hand: int
    deck: int
    mulligans: int = 0
    banished: int = 0
    discarded: int = 0
    echo_gained: int = 0
    echo_spent: int = 0
    seeker_on_board: bool = False
    free_deploy_round: int = 0


@dataclass(slots=True)
class UnitOnBoard:
    id: str
    owner: int
    name: str
    cost: int
    seeker: bool = False
    item: str | None = None
    item_cost: int = 0
    relic: str | None = None


@dataclass(slots=True)
class MatchState:
    setup: MatchSetup
    players: list[PlayerState]
    side_of: tuple[int, ...]
    sides: tuple[tuple[int, ...], ...]
    round: int = 1
    phase: str = "setup"
    initiative: int | None = None
    setup_bid_winner: int | None = None
    bid_open: bool = False
    mastery: list[dict[str, int]] = field(default_factory=list)
    husks: int = 0
    relic_display: list[str | None] = field(default_factory=list)
    relic_deck: int = 0
    units: dict[str, UnitOnBoard] = field(default_factory=dict)
    next_unit: int = 1
    defeats: list[Defeat] = field(default_factory=list)
    relics_claimed: list[int] = field(default_factory=list)
    relics_lost: list[int] = field(default_factory=list)
    bids_won: list[tuple[int, int]] = field(default_factory=list)
    result: MatchResult | None = None
    entries: int = 0

    # ----------------------------------------------------------------- reading
    @property
    def mode(self) -> Mode:
        return self.setup.mode

    @property
    def tracker_round(self) -> int:
        """The round tracker shows 1 to 5 (it counts no further)."""
        return min(self.round, 5)

    def side_mastery(self, side: int) -> int:
        return sum(self.mastery[side].values())

    def opponents(self, side: int) -> list[int]:
        return [s for s in range(len(self.sides)) if s != side]

    def to_dict(self) -> dict:
        """A JSON-safe view for the tracker page."""
        return {
            "round": self.round, "tracker_round": self.tracker_round, "phase": self.phase,
            "initiative": self.initiative, "bid_open": self.bid_open,
            "players": [{"echo": p.echo, "hand": p.hand, "deck": p.deck,
                         "mulligans": p.mulligans, "banished": p.banished,
                         "seeker_on_board": p.seeker_on_board} for p in self.players],
            "mastery": [self.side_mastery(s) for s in range(len(self.sides))],
            "sources": [dict(m) for m in self.mastery],
            "husks": self.husks, "relic_display": list(self.relic_display),
            "relic_deck": self.relic_deck,
            "units": [{"id": u.id, "owner": u.owner, "name": u.name, "cost": u.cost,
                       "seeker": u.seeker, "item": u.item, "item_cost": u.item_cost,
                       "relic": u.relic} for u in self.units.values()],
            "result": self.result.to_dict() if self.result else None,
        }


# --------------------------------------------------------------------- helpers
def _new_state(setup: MatchSetup) -> MatchState:
    mode = setup.mode
    if len(setup.players) != mode.players:
        raise IllegalEntry(f"The {mode.key} mode is played by {mode.players} players, "
                           f"not {len(setup.players)}.")
    sides = side_players(mode)
    side_of = tuple(s for s, ps in enumerate(sides) for _ in ps)
    players = []
    for p in setup.players:
        if p.deck_size < HAND_SIZE:
            raise IllegalEntry(f"{p.name}'s deck has {p.deck_size} cards; a hand is {HAND_SIZE}.")
        echo = mode.starting_echo if mode.starting_echo is not None else p.starting_echo
        players.append(PlayerState(echo=echo, hand=HAND_SIZE, deck=p.deck_size - HAND_SIZE))
    display = list(setup.relic_display[:mode.relic_display])
    display += [None] * (mode.relic_display - len(display))
    state = MatchState(
        setup=setup, players=players, side_of=side_of, sides=sides,
        mastery=[dict.fromkeys(MASTERY_SOURCES, 0) for _ in sides], husks=mode.husks,
        relic_display=display, relic_deck=RELIC_DECK_SIZE - mode.relic_display,
        relics_claimed=[0] * len(sides), relics_lost=[0] * len(sides))
    if mode.seekers_start_deployed:
        for i, p in enumerate(setup.players):
            _add_unit(state, i, p.seeker, p.seeker_cost, seeker=True)
    return state


def _int(entry: Mapping, key: str, *, default=None, low: int | None = None) -> int:
    value = entry.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalEntry(f"'{key}' must be a whole number.")
    if low is not None and value < low:
        raise IllegalEntry(f"'{key}' must be at least {low}.")
    return value


def _player(state: MatchState, entry: Mapping) -> int:
    p = _int(entry, "player", low=0)
    if p >= len(state.players):
        raise IllegalEntry(f"There is no player {p}.")
    return p


def _by(state: MatchState, entry: Mapping) -> int | None:
    if entry.get("by") is None:
        return None
    p = _int(entry, "by", low=0)
    if p >= len(state.players):
        raise IllegalEntry(f"There is no player {p}.")
    return p


def _unit(state: MatchState, entry: Mapping) -> UnitOnBoard:
    uid = entry.get("unit")
    if not isinstance(uid, str) or uid not in state.units:
        raise IllegalEntry(f"No unit {uid!r} is on the board.")
    return state.units[uid]


def _add_unit(state: MatchState, owner: int, name: str, cost: int, seeker: bool) -> UnitOnBoard:
    unit = UnitOnBoard(f"u{state.next_unit}", owner, name, cost, seeker)
    state.next_unit += 1
    state.units[unit.id] = unit
    if seeker:
        state.players[owner].seeker_on_board = True
    return unit


def _spend(state: MatchState, player: int, cost: int, what: str) -> None:
    ps = state.players[player]
    if cost > ps.echo:
        raise IllegalEntry(f"{what} costs {cost} echo; player {player} has {ps.echo}.")
    ps.echo -= cost
    ps.echo_spent += cost


def _from_hand(state: MatchState, player: int, what: str) -> None:
    ps = state.players[player]
    if ps.hand < 1:
        raise IllegalEntry(f"Player {player} has no card in hand for {what}.")
    ps.hand -= 1


def bid_winner(state: MatchState, bids: Mapping, *, tie_to: int | None) -> int | None:
    """The side winning a bid: costs add up per team and double for the Nemesis.

    ``None`` when nobody bid. A tie goes to ``tie_to`` (``None``: the caller decides).
    """
    totals: dict[int, int] = {}
    for key, cost in bids.items():
        try:
            player = int(key)
        except (TypeError, ValueError):
            raise IllegalEntry(f"Bids are keyed by player, not {key!r}.") from None
        if not 0 <= player < len(state.players):
            raise IllegalEntry(f"There is no player {player}.")
        if cost is None:
            continue
        if isinstance(cost, bool) or not isinstance(cost, int) or cost < 0:
            raise IllegalEntry("A bid is the card's cost, a whole number of 0 or more.")
        side = state.side_of[player]
        value = cost * (state.mode.nemesis_bid_multiplier
                        if state.mode.is_nemesis_side(side) else 1)
        totals[side] = totals.get(side, 0) + value
    if not totals:
        return None
    best = max(totals.values())
    leaders = [s for s, v in totals.items() if v == best]
    if len(leaders) == 1:
        return leaders[0]
    return tie_to if tie_to in leaders else None


def _banish_bids(state: MatchState, bids: Mapping) -> None:
    for key, cost in bids.items():
        if cost is not None:
            player = int(key)
            _from_hand(state, player, "a bid")
            state.players[player].banished += 1


def _draw(state: MatchState, player: int, count: int) -> bool:
    """Draw ``count``; False when the deck runs out first (the player loses)."""
    ps = state.players[player]
    if ps.deck < count:
        ps.hand += ps.deck
        ps.deck = 0
        return False
    ps.deck -= count
    ps.hand += count
    return True


def _result(state: MatchState, winner: int, win_type: str) -> None:
    state.phase = "over"
    state.bid_open = False
    state.result = MatchResult(
        winner=winner, win_type=win_type, final_round=state.round,
        mastery=tuple(state.side_mastery(s) for s in range(len(state.sides))),
        sources=tuple(dict(m) for m in state.mastery), defeats=tuple(state.defeats),
        relics_claimed=tuple(state.relics_claimed), relics_lost=tuple(state.relics_lost),
        bids_won=tuple(state.bids_won), sides=state.sides)


def _decked_out(state: MatchState, losers: set[int]) -> None:
    """Sides with a player who could not draw lose at once. If every side is out together,
    the most mastery wins, then the side with initiative (docs/rules-decisions.md)."""
    alive = [s for s in range(len(state.sides)) if s not in losers]
    if len(alive) == 1:
        _result(state, alive[0], "deck_out")
        return
    candidates = alive or list(range(len(state.sides)))
    best = max(state.side_mastery(s) for s in candidates)
    leaders = [s for s in candidates if state.side_mastery(s) == best]
    winner = state.initiative if state.initiative in leaders else leaders[0]
    _result(state, winner, "deck_out")


# ------------------------------------------------------------------ handlers
def _mulligan(state: MatchState, e: Mapping) -> None:
    if state.phase != "setup" or state.setup_bid_winner is not None:
        raise IllegalEntry("Mulligans are taken during setup, before the setup bid.")
    p = _player(state, e)
    ps = state.players[p]
    if ps.mulligans >= MAX_MULLIGANS:
        raise IllegalEntry(f"At most {MAX_MULLIGANS} mulligans.")
    ps.mulligans += 1
    ps.hand = HAND_SIZE - ps.mulligans
    ps.deck = state.setup.players[p].deck_size - ps.hand


def _setup_bid(state: MatchState, e: Mapping) -> None:
    if state.phase != "setup" or state.setup_bid_winner is not None:
        raise IllegalEntry("The setup bid is made once, during setup.")
    bids = e.get("bids")
    if not isinstance(bids, Mapping) or not bids:
        raise IllegalEntry("Enter each player's bid (the card's cost).")
    tie = e.get("tie_winner")
    winner = bid_winner(state, bids, tie_to=tie)
    if winner is None:
        bidders = {state.side_of[int(k)] for k, v in bids.items() if v is not None}
        if not bidders:
            raise IllegalEntry("Nobody bid; every player must bid in the setup bid.")
        raise IllegalEntry("The setup bid is tied: enter the side that won the die roll "
                           "(tie_winner).")
    _banish_bids(state, bids)
    state.setup_bid_winner = winner
    state.bids_won.append((0, winner))


def _setup_choice(state: MatchState, e: Mapping) -> None:
    if state.phase != "setup" or state.setup_bid_winner is None:
        raise IllegalEntry("The setup choice follows the setup bid.")
    choice = e.get("choice")
    winner = state.setup_bid_winner
    if choice == "initiative":
        state.initiative = winner
    elif choice == "zone":
        # The other side takes the first round's initiative (docs/rules-decisions.md).
        state.initiative = state.opponents(winner)[0]
    else:
        raise IllegalEntry("The setup bid's winner chooses 'initiative' or 'zone'.")
    state.phase = "playing"


def _playing(state: MatchState, what: str) -> None:
    if state.phase != "playing":
        hint = {"setup": "finish the setup (setup bid and choice) first",
                "between": "start the next round (refresh) first",
                "over": "the match is over"}[state.phase]
        raise IllegalEntry(f"{what}: {hint}.")


def _deploy(state: MatchState, e: Mapping) -> None:
    _playing(state, "Deploy")
    p = _player(state, e)
    name = str(e.get("name") or "Unit")
    cost = _int(e, "cost", default=0, low=0)
    seeker = bool(e.get("seeker", False))
    free = bool(e.get("free", False))
    ps = state.players[p]
    if seeker and ps.seeker_on_board:
        raise IllegalEntry("The Seeker is already on the board.")
    if free:
        if not state.mode.is_nemesis_side(state.side_of[p]):
            raise IllegalEntry("Only the Nemesis deploys a unit without spending echo.")
        if ps.free_deploy_round == state.round:
            raise IllegalEntry("The Nemesis's free unit is one per deploy phase.")
        if str(e.get("rank", "basic")).lower() not in ("basic", "elite"):
            raise IllegalEntry("The Nemesis's free unit is a Basic or Elite unit.")
        ps.free_deploy_round = state.round
    else:
        _spend(state, p, cost, name)
    if not seeker:
        _from_hand(state, p, name)
    _add_unit(state, p, name, cost, seeker)


def _item(state: MatchState, e: Mapping) -> None:
    _playing(state, "Item")
    p = _player(state, e)
    unit = _unit(state, e)
    if unit.owner != p:
        raise IllegalEntry("An item goes on a unit its player owns.")
    if unit.item is not None:
        raise IllegalEntry(f"{unit.name} already has an item (one item per unit).")
    cost = _int(e, "cost", default=0, low=0)
    name = str(e.get("name") or "Item")
    _spend(state, p, cost, name)
    _from_hand(state, p, name)
    unit.item, unit.item_cost = name, cost


def _spell(state: MatchState, e: Mapping) -> None:
    _playing(state, "Spell")
    p = _player(state, e)
    cost = _int(e, "cost", default=0, low=0)
    name = str(e.get("name") or "Spell")
    _spend(state, p, cost, name)
    _from_hand(state, p, name)
    state.players[p].discarded += 1


def _gain(state: MatchState, side: int, source: str, amount: int) -> None:
    state.mastery[side][source] += amount


def _scorer(state: MatchState, owner_side: int, by: int | None) -> int:
    """The side gaining kill mastery: the attacker's, else the opposing side."""
    if by is not None and state.side_of[by] != owner_side:
        return state.side_of[by]
    return state.opponents(owner_side)[0]


def _defeat(state: MatchState, e: Mapping) -> None:
    _playing(state, "Defeat")
    unit = _unit(state, e)
    by = _by(state, e)
    owner_side = state.side_of[unit.owner]
    worth = unit.cost + unit.item_cost  # relics cost nothing
    _gain(state, _scorer(state, owner_side, by), "kills", worth)
    relic_lost = unit.relic is not None
    if relic_lost:
        _gain(state, owner_side, "losses", -RELIC_LOSS)
        state.husks += 1
        state.relic_deck += 1
        state.relics_lost[owner_side] += 1
    del state.units[unit.id]
    ps = state.players[unit.owner]
    if unit.seeker:
        ps.seeker_on_board = False
    else:
        ps.discarded += 1 + (1 if unit.item else 0)
    state.defeats.append(Defeat(state.round, unit.name, unit.owner, by, worth, relic_lost))


def _item_destroyed(state: MatchState, e: Mapping) -> None:
    _playing(state, "Item destroyed")
    unit = _unit(state, e)
    if unit.item is None:
        raise IllegalEntry(f"{unit.name} has no item.")
    owner_side = state.side_of[unit.owner]
    _gain(state, _scorer(state, owner_side, _by(state, e)), "kills", unit.item_cost)
    state.players[unit.owner].discarded += 1
    unit.item, unit.item_cost = None, 0


def _claim(state: MatchState, e: Mapping) -> None:
    _playing(state, "Claim")
    p = _player(state, e)
    unit = _unit(state, e)
    if unit.owner != p:
        raise IllegalEntry("A player claims with a unit they own.")
    if state.husks < 1:
        raise IllegalEntry("There is no husk on the board to claim.")
    if unit.relic is not None:
        raise IllegalEntry(f"{unit.name} already holds a relic (one relic per unit).")
    source = e.get("source", "display")
    relic = e.get("relic")
    if source == "display":
        if not state.relic_display:
            raise IllegalEntry("The relic display is empty; draw from the relic deck.")
        if relic in state.relic_display:
            state.relic_display.remove(relic)
        elif None in state.relic_display:
            state.relic_display.remove(None)
        else:
            raise IllegalEntry(f"{relic!r} is not on the relic display.")
        if state.relic_deck > 0:
            state.relic_deck -= 1
            state.relic_display.append(e.get("refill"))
    elif source == "deck":
        if state.relic_deck < 1:
            raise IllegalEntry("The relic deck is empty; choose from the display.")
        state.relic_deck -= 1
    else:
        raise IllegalEntry("A relic comes from the 'display' or the 'deck'.")
    unit.relic = str(relic) if relic else "Relic"
    state.husks -= 1
    side = state.side_of[p]
    _gain(state, side, "relics", RELIC_MASTERY)
    state.relics_claimed[side] += 1


def _draw_entry(state: MatchState, e: Mapping) -> None:
    _playing(state, "Draw")
    p = _player(state, e)
    if not _draw(state, p, _int(e, "count", default=1, low=1)):
        _decked_out(state, {state.side_of[p]})


def _discard(state: MatchState, e: Mapping) -> None:
    _playing(state, "Discard")
    p = _player(state, e)
    n = _int(e, "count", default=1, low=1)
    ps = state.players[p]
    if n > ps.hand:
        raise IllegalEntry(f"Player {p} has {ps.hand} cards in hand.")
    ps.hand -= n
    ps.discarded += n


def _echo(state: MatchState, e: Mapping) -> None:
    _playing(state, "Echo")
    p = _player(state, e)
    delta = _int(e, "delta")
    ps = state.players[p]
    if ps.echo + delta < 0:
        raise IllegalEntry(f"Echo never goes below 0 (player {p} has {ps.echo}).")
    ps.echo += delta
    if delta > 0:
        ps.echo_gained += delta
    else:
        ps.echo_spent -= delta


def _mastery(state: MatchState, e: Mapping) -> None:
    _playing(state, "Mastery")
    side = _int(e, "side", low=0)
    if side >= len(state.sides):
        raise IllegalEntry(f"There is no side {side}.")
    _gain(state, side, "other", _int(e, "delta"))


def _husk(state: MatchState, e: Mapping) -> None:
    _playing(state, "Husk")
    delta = _int(e, "delta")
    if state.husks + delta < 0:
        raise IllegalEntry("There are no husks to remove.")
    state.husks += delta


def _end_round(state: MatchState, e: Mapping) -> None:
    _playing(state, "End of round")
    threshold = state.mode.threshold
    totals = [state.side_mastery(s) for s in range(len(state.sides))]
    if max(totals) >= threshold:
        leaders = [s for s, t in enumerate(totals) if t == max(totals)]
        if len(leaders) == 1:
            _result(state, leaders[0], "threshold")
            return
    state.phase = "between"


def _refresh(state: MatchState, e: Mapping) -> None:
    if state.phase != "between":
        raise IllegalEntry("A new round starts after the end-of-round check.")
    state.round += 1
    state.phase = "playing"
    losers = set()
    for p, ps in enumerate(state.players):
        if not _draw(state, p, state.mode.draw_per_refresh(state.side_of[p])):
            losers.add(state.side_of[p])
        gain = echo_gain(state.round)
        ps.echo += gain
        ps.echo_gained += gain
    if losers:
        _decked_out(state, losers)
        return
    state.bid_open = True


def _initiative_bid(state: MatchState, e: Mapping) -> None:
    if state.phase != "playing" or not state.bid_open:
        raise IllegalEntry("The initiative bid comes right after the refresh.")
    bids = e.get("bids")
    if not isinstance(bids, Mapping):
        raise IllegalEntry("Enter each bidding player's card cost.")
    holder = state.initiative
    bidders = {state.side_of[int(k)] for k, v in bids.items() if v is not None} \
        if all(str(k).isdigit() for k in bids) else None
    if bidders is None:
        raise IllegalEntry("Bids are keyed by player.")
    if bidders and all(s == holder for s in bidders):
        raise IllegalEntry("Only a side without initiative opens the initiative bid.")
    challengers = [s for s in bidders if s != holder]
    # A tie goes to the side without initiative (with two sides, the only challenger).
    winner = bid_winner(state, bids, tie_to=challengers[0] if len(challengers) == 1 else None)
    _banish_bids(state, bids)
    if winner is not None:
        state.initiative = winner
        state.bids_won.append((state.round, winner))
    state.bid_open = False


_HANDLERS = {
    "mulligan": _mulligan, "setup_bid": _setup_bid, "setup_choice": _setup_choice,
    "deploy": _deploy, "item": _item, "spell": _spell, "defeat": _defeat,
    "item_destroyed": _item_destroyed, "claim": _claim, "draw": _draw_entry,
    "discard": _discard, "echo": _echo, "mastery": _mastery, "husk": _husk,
    "end_round": _end_round, "refresh": _refresh, "initiative_bid": _initiative_bid,
}


def _apply_in_place(state: MatchState, entry: Mapping) -> None:
    if not isinstance(entry, Mapping):
        raise IllegalEntry("An entry is a mapping with a 'type'.")
    kind = entry.get("type")
    handler = _HANDLERS.get(kind)
    if handler is None:
        raise IllegalEntry(f"Unknown entry type {kind!r}; one of {', '.join(ENTRY_TYPES)}.")
    if state.phase == "over":
        raise IllegalEntry("The match is over; undo the last entry to change it.")
    if kind != "initiative_bid":
        state.bid_open = False
    try:
        handler(state, entry)
    except IllegalEntry:
        raise
    except (TypeError, ValueError, KeyError, AttributeError) as exc:
        raise IllegalEntry(f"Malformed {kind} entry: {exc}") from None
    state.entries += 1


def apply(state: MatchState, entry: Mapping) -> MatchState:
    """A new state with ``entry`` applied (``state`` is left as it was)."""
    new = copy.deepcopy(state)
    _apply_in_place(new, entry)
    return new


def replay(setup: MatchSetup, entries: Iterable[Mapping]) -> MatchState:
    """The state after ``entries``; raises ``IllegalEntry`` naming the first refused one."""
    state = _new_state(setup)
    for i, entry in enumerate(entries):
        try:
            _apply_in_place(state, entry)
        except IllegalEntry as exc:
            raise IllegalEntry(f"Entry {i + 1}: {exc}") from None
    return state
