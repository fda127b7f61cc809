"""Pairing a campaign night, in plain Python so it is tested without a database.

Swiss style: the highest-placed free player meets the next free player down the order
who suits them, and the search backtracks when that leaves someone worse off. Rules, in
order of weight:

1. Nobody over the campaign's maximum games per week plays (they sit the night out).
2. Nobody meets an opponent they already played this week (a player with no such
   opponent left has no game tonight, and the result says why).
3. With an odd count, one bye: the lowest-placed player without a bye this campaign,
   unless giving it to someone else lets more players have a game.
4. Rematches from earlier weeks are avoided where any other pairing allows it.

Every time a rule could not be met the result carries a sentence saying so.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

NODE_BUDGET = 20_000
"""Search nodes for one pairing (shared between bye candidates, at least
``MIN_CANDIDATE_BUDGET`` each): exhaustive for a venue's usual field; a huge or hopeless
field still gets the greedy Swiss pairing, which the search finds first."""
MIN_CANDIDATE_BUDGET = 2_000


@dataclass(frozen=True)
class History:
    """What the pairing must respect, keyed by player (crew) id."""

    max_games_per_week: int
    week_opponents: Mapping[int, frozenset[int]] = field(default_factory=dict)
    campaign_opponents: Mapping[int, frozenset[int]] = field(default_factory=dict)
    games_this_week: Mapping[int, int] = field(default_factory=dict)
    had_bye: frozenset[int] = frozenset()

    @classmethod
    def from_games(cls, *, max_games_per_week: int, week_games: Iterable[tuple[int, int]],
                   earlier_games: Iterable[tuple[int, int]] = (),
                   had_bye: Iterable[int] = ()) -> History:
        """Build the history from the week's games and the campaign's earlier games, each
        as a pair of player ids."""
        week: dict[int, set[int]] = {}
        campaign: dict[int, set[int]] = {}
        played: dict[int, int] = {}
        week_games = list(week_games)
        for a, b in week_games:
            for x, y in ((a, b), (b, a)):
                week.setdefault(x, set()).add(y)
                played[x] = played.get(x, 0) + 1
        for a, b in [*week_games, *earlier_games]:
            campaign.setdefault(a, set()).add(b)
            campaign.setdefault(b, set()).add(a)
        return cls(max_games_per_week=max_games_per_week,
                   week_opponents={k: frozenset(v) for k, v in week.items()},
                   campaign_opponents={k: frozenset(v) for k, v in campaign.items()},
                   games_this_week=played, had_bye=frozenset(had_bye))

    def met_this_week(self, a: int, b: int) -> bool:
        return b in self.week_opponents.get(a, ()) or a in self.week_opponents.get(b, ())

    def met_before(self, a: int, b: int) -> bool:
        return (b in self.campaign_opponents.get(a, ()) or a in self.campaign_opponents.get(b, ())
                or self.met_this_week(a, b))

    def at_maximum(self, player: int) -> bool:
        return self.games_this_week.get(player, 0) >= self.max_games_per_week


@dataclass(frozen=True)
class Pair:
    a: int
    b: int
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Pairings:
    pairs: tuple[Pair, ...]
    bye: int | None = None
    bye_notes: tuple[str, ...] = ()
    unpaired: tuple[int, ...] = ()
    left_out: tuple[int, ...] = ()
    notes: tuple[str, ...] = ()

    @property
    def explanations(self) -> list[str]:
        """Every sentence about a rule that could not be met, night notes first."""
        return [*self.notes, *self.bye_notes, *(n for p in self.pairs for n in p.notes)]

    def notes_by_player(self) -> dict[int, str]:
        """The night notes keyed by the player each one is about."""
        return dict(zip([*self.left_out, *self.unpaired], self.notes, strict=True))

    def players(self) -> list[int]:
        """Everyone given a game or the bye."""
        found = [x for p in self.pairs for x in (p.a, p.b)]
        return found + ([self.bye] if self.bye is not None else [])


class Namer:
    """Names players in sentences (their id when no name is known)."""

    def __init__(self, names: Mapping[int, str] | None = None):
        self.names = dict(names or {})

    def __call__(self, player: int) -> str:
        return self.names.get(player, f"#{player}")


# --- Orders -----------------------------------------------------------------------------


def by_ranking(players: Iterable[int], ranking: Sequence[int]) -> list[int]:
    """The players in ranking order (best first); anyone unranked goes last, by id."""
    wanted = set(players)
    place = {p: i for i, p in enumerate(ranking)}
    return sorted(wanted, key=lambda p: (p not in place, place.get(p, 0), p))


def shuffled(players: Iterable[int], rng: random.Random) -> list[int]:
    """The players in a random order drawn from ``rng`` (seed it to replay a night)."""
    order = sorted(set(players))
    rng.shuffle(order)
    return order


# --- Checking a pairing (manual adjustments) -------------------------------------------


def pair_notes(a: int, b: int, history: History, name: Namer) -> tuple[str, ...]:
    if history.met_before(a, b):
        return (f"{name(a)} and {name(b)} have already played each other this campaign; no "
                "other pairing left everyone with a new opponent.",)
    return ()


def refusals(pairs: Sequence[tuple[int, int]], bye: int | None, history: History,
             names: Mapping[int, str] | None = None) -> list[str]:
    """Why a pairing breaks a hard rule (empty when it is allowed)."""
    name = Namer(names)
    reasons = []
    seen: list[int] = [x for pair in pairs for x in pair] + ([bye] if bye is not None else [])
    for player in sorted({p for p in seen if seen.count(p) > 1}):
        reasons.append(f"{name(player)} appears more than once; each player has one game "
                       "or the bye.")
    for a, b in pairs:
        if a == b:
            reasons.append(f"{name(a)} cannot play against themself.")
        elif history.met_this_week(a, b):
            reasons.append(f"{name(a)} and {name(b)} have already played each other this "
                           "week.")
    for player in sorted({p for p in seen if history.at_maximum(p)}):
        reasons.append(f"{name(player)} has already played "
                       f"{history.games_this_week.get(player, 0)} game(s) this week, the "
                       "campaign's maximum.")
    return reasons


# --- Pairing ----------------------------------------------------------------------------


def pair_players(order: Sequence[int], history: History,
                 names: Mapping[int, str] | None = None, *,
                 budget: int = NODE_BUDGET) -> Pairings:
    """Pair the checked-in players given in ``order`` (best placed first, or shuffled)."""
    name = Namer(names)
    order = list(dict.fromkeys(order))
    left_out = tuple(p for p in order if history.at_maximum(p))
    eligible = [p for p in order if not history.at_maximum(p)]
    notes = [f"{name(p)} has already played {history.games_this_week.get(p, 0)} game(s) "
             "this week, the campaign's maximum, so sits this night out." for p in left_out]
    bye, bye_notes = None, []
    if len(eligible) % 2:
        bye, match = _choose_bye(eligible, history, budget)
        preferred = _bye_candidates(eligible, history)[0]
        if bye != preferred:
            bye_notes.append(f"The bye goes to {name(bye)} rather than {name(preferred)}, so "
                             "that more players have an opponent they have not met this week.")
        elif bye in history.had_bye:
            bye_notes.append(f"Everyone has had a bye this campaign; {name(bye)}, the "
                             "lowest placed, has another.")
    else:
        match = _match(eligible, history, budget)
    for player in match.unpaired:
        notes.append(f"{name(player)} has no game tonight: every player still free has "
                     "already played them this week.")
    pairs = tuple(Pair(a, b, pair_notes(a, b, history, name)) for a, b in match.pairs)
    return Pairings(pairs=pairs, bye=bye, bye_notes=tuple(bye_notes),
                    unpaired=tuple(match.unpaired), left_out=left_out, notes=tuple(notes))


@dataclass(frozen=True)
class _Match:
    pairs: tuple[tuple[int, int], ...]
    unpaired: tuple[int, ...]
    rematches: int

    @property
    def cost(self) -> tuple[int, int]:
        return len(self.unpaired), self.rematches


def _bye_candidates(eligible: Sequence[int], history: History) -> list[int]:
    """Lowest placed first; those who have had a bye this campaign only after the rest."""
    lowest_first = list(reversed(eligible))
    return ([p for p in lowest_first if p not in history.had_bye]
            + [p for p in lowest_first if p in history.had_bye])


def _choose_bye(eligible: Sequence[int], history: History, budget: int
                ) -> tuple[int, _Match]:
    """The first candidate whose remaining players can all be paired; failing that, the
    one that leaves the fewest without a game."""
    best: tuple[int, _Match] | None = None
    candidates = _bye_candidates(eligible, history)
    each = max(MIN_CANDIDATE_BUDGET, budget // len(candidates))
    for candidate in candidates:
        match = _match([p for p in eligible if p != candidate], history, each)
        if best is None or len(match.unpaired) < len(best[1].unpaired):
            best = (candidate, match)
        if not match.unpaired:
            break
    assert best is not None
    return best


def _match(players: Sequence[int], history: History, budget: int) -> _Match:
    """Branch and bound down the order: fewest players without a game, then fewest
    rematches; among equals the first found, i.e. the one closest to the order."""
    best: list[_Match] = []
    nodes = 0

    def options(top: int, rest: Sequence[int]) -> list[tuple[int, int]]:
        allowed = [q for q in rest if not history.met_this_week(top, q)]
        return ([(q, 0) for q in allowed if not history.met_before(top, q)]
                + [(q, 1) for q in allowed if history.met_before(top, q)])

    def search(remaining: tuple[int, ...], pairs: tuple, unpaired: tuple, rematches: int):
        nonlocal nodes
        nodes += 1
        if best and (nodes > budget or (len(unpaired), rematches) >= best[0].cost):
            return
        if not remaining:
            best[:] = [_Match(pairs, unpaired, rematches)]
            return
        top, rest = remaining[0], remaining[1:]
        for opponent, rematch in options(top, rest):
            search(tuple(p for p in rest if p != opponent), (*pairs, (top, opponent)),
                   unpaired, rematches + rematch)
        search(rest, pairs, (*unpaired, top), rematches)

    search(tuple(players), (), (), 0)
    return best[0]
