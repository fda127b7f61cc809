"""Bounties: buying one, and marking off its parts game by game. Plain Python, no database.

Campaign book, AFTERMATH, PHASE 5: PURCHASE BOUNTIES. A crew buys one Bounty for 4 Scrip,
keeps it from game to game, marks off each part when an Encounter accomplishes it, and on
the last part makes a Reward flip (and draws one more Aftermath card, "for completing the
final portion of a Bounty during the game"). A crew accomplishes a given Bounty at most once
per Campaign.

The rows (goal, target, tally, threshold, scheme list) live in ``rules/data/bounties.json``
(``rules.tables.bounties``). This module reads one crew's part of one game as a
:class:`GameFacts` (built by the caller from the stored game record plus a few questions
the record cannot answer, such as Corpse Markers left on the table) and folds it into a
:class:`BountyProgress`:

* ``tally == "total"``: every occurrence counts, across games, up to the target;
* ``tally == "games"``: a game counts at most once ("2 times", "in two different games");
* ``tally == "schemes"``: one listed Scheme per game, never the same Scheme twice.

Folding the same game in twice changes nothing, so a retried Aftermath is harmless.
Decisions where the book is loose: ``docs/rules-decisions.md``, "Bounties".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from functools import cache
from typing import Literal

from rules.encounter_tables import encounter_tables
from rules.tables import Bounty, bounties, bounties_for

from .errors import RulesError

__all__ = [
    "BOUNTY_COST",
    "GOALS",
    "TALLIES",
    "BountyProgress",
    "Casualty",
    "Contribution",
    "GameFacts",
    "SchemeResult",
    "advance",
    "can_purchase",
    "final_part_completed",
    "game_count",
    "listed_schemes",
    "start",
]

#: The book's price of a Bounty (also ``bounties().cost_scrip``).
BOUNTY_COST = 4

Victim = Literal["friendly", "opposing", "neutral"]
How = Literal["killed", "sacrificed", "buried"]
GameId = int | str


@dataclass(frozen=True)
class Casualty:
    """One model killed or sacrificed during the game, seen from the crew whose facts these are.

    ``victim``: whose model it was: ``"friendly"`` (this crew's, summoned ones included),
    ``"opposing"`` (the other player's crew, its Wandering Mercenary and summoned models
    included) or ``"neutral"`` (a weekly event's Neutral model). The book makes Neutral
    models "enemy to all models", so every "enemy" goal counts them too, except the goals
    that name the opposing Crew or its Leader.
    ``how``: ``"killed"``, ``"sacrificed"`` or ``"buried"`` (Buried at the end of the game,
    which counts as killed), as the record's ``how``.
    ``by_us``: this crew killed or sacrificed it (one of its models or one of its effects);
    the record's ``by_side`` is this crew's side, or the caller credits ``by_effect`` to it.
    ``is_leader``: the victim led its crew (record ``victim_is_leader``).
    ``station``: ``"master"``, ``"henchman"``, ``"enforcer"``, ``"minion"``, ``"peon"``, or
    None when the card has none (a Totem, whose station is only a Characteristic).
    ``characteristics``: the card's Characteristics, lower case (``"living"``, ``"undead"``,
    ``"totem"``...).
    ``cost``: the victim's Soulstone cost (as hired, or its card cost when summoned).
    ``noted``: it is the enemy model this crew secretly noted for Hit List this game.
    ``during_own_activation``: it died during its own Activation (Burn Down the Barn).
    ``with_blast``: a Blast Marker killed it (Kabloooy!).
    ``our_pool_empty``: this crew's Soulstone Pool was empty when it fell (Purity of Spirit).
    """

    victim: Victim
    how: How = "killed"
    by_us: bool = False
    is_leader: bool = False
    station: str | None = None
    characteristics: frozenset[str] = frozenset()
    cost: int | None = None
    noted: bool = False
    during_own_activation: bool = False
    with_blast: bool = False
    our_pool_empty: bool = False

    def __post_init__(self) -> None:
        if self.victim not in ("friendly", "opposing", "neutral"):
            raise RulesError(f"unknown victim {self.victim!r}: friendly, opposing or neutral")
        if self.how not in ("killed", "sacrificed", "buried"):
            raise RulesError(f"unknown casualty {self.how!r}: killed, sacrificed or buried")

    @property
    def enemy(self) -> bool:
        return self.victim != "friendly"

    @property
    def killed(self) -> bool:
        """Killed rather than sacrificed (Buried at the end counts as killed)."""
        return self.how != "sacrificed"


@dataclass(frozen=True)
class SchemeResult:
    """One Scheme this crew chose: its key (``encounter-schemes.json``), the VP it scored,
    and whether it was revealed during the game (record ``schemes``)."""

    scheme: str
    vp: int = 0
    revealed: bool = False


@dataclass(frozen=True)
class GameFacts:
    """What one crew did in one game, as far as any Bounty goal needs to know.

    ``game``: the game's id; a game is counted once per Bounty, whatever is retried.
    ``won``: record ``winner`` is this crew's side (a tie is not a win).
    ``withdrew``: this crew made a Strategic Withdraw (record ``withdrew_on_turn`` set).
    ``strategy_vp`` / ``opponent_strategy_vp``: VP this crew / its opponent scored from the
    Strategy (the sum of the record's ``strategy_vp`` per Turn).
    ``schemes``: this crew's chosen Schemes with their VP and revealed flag.
    ``event_scrip``: Scrip this crew gained from the week's Event(s) in this game.
    ``casualties``: every model killed or sacrificed in the game, in the order they fell.
    ``enemy_priciest_non_leader_cost``: the highest cost among the non-Leader models the
    opponent hired for this game (summoned models excluded); None if it hired none.
    ``enemy_marker_removals``: (1) Interact Actions by this crew that removed at least one
    enemy Scheme Marker.
    ``friendly_in_enemy_zone`` / ``enemy_in_enemy_zone``: at game end, this crew's models
    and enemy models (Neutrals included) in the opponent's Deployment Zone.
    ``scheme_marker_quarters``: board quarters (0-4) holding one of this crew's Scheme
    Markers after all VP are scored; Markers within 6" of the centre or straddling
    quarters do not count.
    ``own_scheme_markers_at_end``: this crew's Scheme Markers in play after all VP.
    ``escorted_noted_model``: the friendly non-Leader noted for Escort Mission ended the
    game in the opponent's Deployment Zone.
    ``roundup_named_count``: enemy models sharing the Characteristic named for Roundup after
    deployment (0 when none was named); ``roundup_left_at_end``: how many of them (or any
    other enemy model with it) are in play at game end.
    ``engaging_enemy_leader``: this crew's models engaging the enemy Leader at game end
    (0 when the Leader is not in play).
    ``corpse_markers_at_end`` / ``scrap_markers_at_end``: Markers of that kind in play at
    game end, whoever dropped them.
    ``summoned_soulstones``: total cost of the models this crew summoned in the game.
    ``enemies_failed_horror``: enemy models that failed at least one Horror duel.
    ``afflicted_enemies_at_end``: enemy models in play at game end with a Condition applied,
    or an Upgrade attached, by one of this crew's models.
    ``soulstones_at_end``: Soulstones left in this crew's Pool at game end.
    ``pig_quarters``: board quarters (0-4) holding at least one of this crew's Pigs at end.
    ``upgrades_attached``: Upgrades this crew attached to its own models during the game.
    """

    game: GameId
    won: bool = False
    withdrew: bool = False
    strategy_vp: int = 0
    opponent_strategy_vp: int = 0
    schemes: tuple[SchemeResult, ...] = ()
    event_scrip: int = 0
    casualties: tuple[Casualty, ...] = ()
    enemy_priciest_non_leader_cost: int | None = None
    enemy_marker_removals: int = 0
    friendly_in_enemy_zone: int = 0
    enemy_in_enemy_zone: int = 0
    scheme_marker_quarters: int = 0
    own_scheme_markers_at_end: int = 0
    escorted_noted_model: bool = False
    roundup_named_count: int = 0
    roundup_left_at_end: int = 0
    engaging_enemy_leader: int = 0
    corpse_markers_at_end: int = 0
    scrap_markers_at_end: int = 0
    summoned_soulstones: int = 0
    enemies_failed_horror: int = 0
    afflicted_enemies_at_end: int = 0
    soulstones_at_end: int = 0
    pig_quarters: int = 0
    upgrades_attached: int = 0

    def __post_init__(self) -> None:
        for name in ("scheme_marker_quarters", "pig_quarters"):
            if not 0 <= getattr(self, name) <= 4:
                raise RulesError(f"{name} must be 0-4 (a board has four quarters)")
        counts = ("strategy_vp", "opponent_strategy_vp", "event_scrip",
                  "enemy_marker_removals", "friendly_in_enemy_zone", "enemy_in_enemy_zone",
                  "own_scheme_markers_at_end", "roundup_named_count", "roundup_left_at_end",
                  "engaging_enemy_leader", "corpse_markers_at_end", "scrap_markers_at_end",
                  "summoned_soulstones", "enemies_failed_horror", "afflicted_enemies_at_end",
                  "soulstones_at_end", "upgrades_attached")
        for name in counts:
            if getattr(self, name) < 0:
                raise RulesError(f"{name} cannot be negative")


@dataclass(frozen=True)
class Contribution:
    """What one game added to a Bounty: ``count`` parts (0 is kept too, so the game is not
    counted again) and, for a Scheme Bounty, the Schemes that counted."""

    game: GameId
    count: int
    schemes: tuple[str, ...] = ()


@dataclass(frozen=True)
class BountyProgress:
    """A crew's progress on one bought Bounty. Build it with :func:`start`."""

    bounty: str
    target: int
    contributions: tuple[Contribution, ...] = ()

    @property
    def counted(self) -> int:
        """Parts marked off so far (never above ``target``)."""
        return sum(c.count for c in self.contributions)

    @property
    def completed(self) -> bool:
        return self.counted >= self.target

    @property
    def completed_in_game(self) -> GameId | None:
        """The game that marked off the final part, or None while incomplete."""
        total = 0
        for c in self.contributions:
            total += c.count
            if c.count and total >= self.target:
                return c.game
        return None

    @property
    def games(self) -> tuple[GameId, ...]:
        return tuple(c.game for c in self.contributions)

    @property
    def schemes_counted(self) -> tuple[str, ...]:
        return tuple(key for c in self.contributions for key in c.schemes)


def start(bounty: Bounty | str) -> BountyProgress:
    """Fresh progress for a just-bought Bounty (a row or its key)."""
    row = _row(bounty)
    return BountyProgress(bounty=row.key, target=row.target)


# --- Goals -------------------------------------------------------------------------
# Each goal returns how many times this game accomplished it; the tally decides how much
# of that counts (all of it for "total", at most one for "games").

Goal = Callable[[Bounty, GameFacts], int]


def _threshold(row: Bounty, default: int) -> int:
    return default if row.threshold is None else row.threshold


def _kills(facts: GameFacts, test: Callable[[Casualty], bool]) -> int:
    """Enemy models this crew killed or sacrificed that pass ``test``."""
    return sum(1 for c in facts.casualties if c.by_us and c.enemy and test(c))


def _at_least(value: int, threshold: int) -> int:
    return int(value >= threshold)


@cache
def _scheme_keys() -> dict[str, str]:
    """Scheme name -> key, from ``encounter-schemes.json``."""
    return {row.name: row.key for row in encounter_tables().schemes.rows}


@cache
def _scheme_max_vp() -> dict[str, int]:
    return {row.key: row.max_vp for row in encounter_tables().schemes.rows}


def listed_schemes(row: Bounty) -> tuple[str, ...]:
    """The keys of the Schemes a Scheme Bounty lists, in the order printed."""
    try:
        return tuple(_scheme_keys()[name] for name in row.schemes)
    except KeyError as missing:
        raise RulesError(f"{row.key}: unknown Scheme {missing}") from None


def _full_vp_schemes(row: Bounty, facts: GameFacts) -> tuple[str, ...]:
    """Listed Schemes this crew scored in full this game, in the Bounty's order."""
    scored = {s.scheme for s in facts.schemes
              if _scheme_max_vp().get(s.scheme, 0) > 0 and s.vp >= _scheme_max_vp()[s.scheme]}
    return tuple(key for key in listed_schemes(row) if key in scored)


def _priciest(row: Bounty, facts: GameFacts) -> int:
    top = facts.enemy_priciest_non_leader_cost
    if top is None:
        return 0
    return _kills(facts, lambda c: c.victim == "opposing" and not c.is_leader and c.cost == top)


def _noted(row: Bounty, facts: GameFacts) -> int:
    return _kills(facts, lambda c: c.noted and c.victim == "opposing" and not c.is_leader
                  and (c.cost or 0) >= _threshold(row, 6))


def _first_kill(row: Bounty, facts: GameFacts) -> int:
    if not facts.casualties:
        return 0
    first = facts.casualties[0]
    return int(first.by_us and first.enemy)


def _no_losses(row: Bounty, facts: GameFacts) -> int:
    lost = any(c.victim == "friendly" for c in facts.casualties)
    return int(not lost and not facts.withdrew)


def _roundup(row: Bounty, facts: GameFacts) -> int:
    named = facts.roundup_named_count >= _threshold(row, 3)
    return int(named and facts.roundup_left_at_end == 0)


GOALS: dict[str, Goal] = {
    "kill_enemy_leader": lambda r, f: _kills(f, lambda c: c.victim == "opposing" and c.is_leader),
    "strategy_vp": lambda r, f: _at_least(f.strategy_vp, _threshold(r, 3)),
    "full_vp_scheme": lambda r, f: len(_full_vp_schemes(r, f)),
    "remove_enemy_scheme_marker": lambda r, f: f.enemy_marker_removals,
    "kill_neutral": lambda r, f: _kills(f, lambda c: c.victim == "neutral"),
    "kill_priciest_non_leader": _priciest,
    "no_friendly_losses": _no_losses,
    "weekly_event_scrip": lambda r, f: _at_least(f.event_scrip, _threshold(r, 1)),
    "outnumber_in_enemy_zone": lambda r, f: int(f.friendly_in_enemy_zone > f.enemy_in_enemy_zone),
    "scheme_marker_each_quarter": lambda r, f: int(f.scheme_marker_quarters == 4),
    "escort_noted_model": lambda r, f: int(f.escorted_noted_model),
    "kill_noted_model": _noted,
    "clear_characteristic": _roundup,
    "engage_enemy_leader": lambda r, f: _at_least(f.engaging_enemy_leader, _threshold(r, 2)),
    "kill_minion_peon_totem": lambda r, f: _kills(
        f, lambda c: c.station in ("minion", "peon") or "totem" in c.characteristics),
    "corpse_markers_at_end": lambda r, f: _at_least(f.corpse_markers_at_end, _threshold(r, 5)),
    "summoned_soulstones": lambda r, f: _at_least(f.summoned_soulstones, _threshold(r, 12)),
    "enemies_fail_horror": lambda r, f: _at_least(f.enemies_failed_horror, _threshold(r, 2)),
    "scrap_markers_at_end": lambda r, f: _at_least(f.scrap_markers_at_end, _threshold(r, 4)),
    "own_scheme_markers_at_end": lambda r, f: _at_least(f.own_scheme_markers_at_end,
                                                        _threshold(r, 4)),
    "hold_enemy_strategy_vp": lambda r, f: int(f.opponent_strategy_vp <= _threshold(r, 2)),
    "kill_living_or_undead": lambda r, f: _at_least(
        _kills(f, lambda c: bool({"living", "undead"} & c.characteristics)), _threshold(r, 4)),
    "win_with_hidden_schemes": lambda r, f: int(
        f.won and sum(1 for s in f.schemes if not s.revealed) >= 2),
    "kill_master_enforcer_henchman": lambda r, f: _kills(
        f, lambda c: c.station in ("master", "enforcer", "henchman")),
    "afflicted_enemies_at_end": lambda r, f: _at_least(f.afflicted_enemies_at_end,
                                                       _threshold(r, 3)),
    "soulstones_at_end": lambda r, f: _at_least(f.soulstones_at_end, _threshold(r, 2)),
    "win": lambda r, f: int(f.won),
    "pig_each_quarter": lambda r, f: int(f.pig_quarters == 4),
    "killed_in_own_activation": lambda r, f: sum(
        1 for c in f.casualties
        if c.victim == "friendly" and c.how == "killed" and c.during_own_activation),
    "kill_with_blast": lambda r, f: _kills(f, lambda c: c.killed and c.with_blast),
    "kill_with_empty_pool": lambda r, f: _kills(f, lambda c: c.our_pool_empty),
    "attach_upgrades_in_game": lambda r, f: _at_least(f.upgrades_attached, _threshold(r, 3)),
    "first_kill": _first_kill,
}

TALLIES = ("total", "games", "schemes")


# --- Progress ----------------------------------------------------------------------

def _row(bounty: Bounty | str) -> Bounty:
    if isinstance(bounty, Bounty):
        return bounty
    for row in bounties().rows:
        if row.key == bounty:
            return row
    raise RulesError(f"no Bounty {bounty!r}")


def game_count(row: Bounty, progress: BountyProgress, facts: GameFacts) -> Contribution:
    """What ``facts`` would add to ``progress`` (before the cap at the target)."""
    if row.tally == "schemes":
        done = set(progress.schemes_counted)
        fresh = [key for key in _full_vp_schemes(row, facts) if key not in done]
        if row.one_per_game:  # only one Scheme counts per game: the first listed one
            fresh = fresh[:1]
        return Contribution(facts.game, len(fresh), tuple(fresh))
    try:
        goal = GOALS[row.goal]
    except KeyError:
        raise RulesError(f"{row.key}: unknown goal {row.goal!r}") from None
    hits = max(0, goal(row, facts))
    if row.tally == "games":
        hits = min(hits, 1)
    elif row.tally != "total":
        raise RulesError(f"{row.key}: unknown tally {row.tally!r}")
    return Contribution(facts.game, hits)


def advance(bounty_row: Bounty, progress: BountyProgress, facts: GameFacts) -> BountyProgress:
    """Fold one game of one crew into its Bounty progress.

    A completed Bounty, or a game already folded in, returns ``progress`` unchanged. The
    count is capped at what the Bounty still needs, so ``counted`` never passes ``target``.
    """
    if progress.bounty != bounty_row.key:
        raise RulesError(f"progress is for {progress.bounty!r}, not {bounty_row.key!r}")
    if progress.target != bounty_row.target:
        raise RulesError(f"{bounty_row.key}: progress target {progress.target} does not match "
                         f"the Bounty's {bounty_row.target}")
    if progress.completed or facts.game in progress.games:
        return progress
    got = game_count(bounty_row, progress, facts)
    room = progress.target - progress.counted
    capped = replace(got, count=min(got.count, room), schemes=got.schemes[:room])
    return replace(progress, contributions=(*progress.contributions, capped))


def final_part_completed(progress_before: BountyProgress, progress_after: BountyProgress) -> bool:
    """Did this game mark off the Bounty's final part? (One more Aftermath card, and the
    Reward flip.)"""
    if progress_before.bounty != progress_after.bounty:
        raise RulesError("both progresses must be for the same Bounty")
    return progress_after.completed and not progress_before.completed


# --- Buying ------------------------------------------------------------------------

def can_purchase(
    bounty_key: str,
    *,
    active: Iterable[str] | set[str],
    completed: Iterable[str] | set[str],
    scrip: int,
    cost: int = BOUNTY_COST,
    faction: str | None = None,
    replace_active: bool = False,
) -> str | None:
    """Why this crew may not buy ``bounty_key`` now, or None when it may.

    ``active``: the crew's current Bounty (at most one); ``completed``: Bounties it has
    accomplished this Campaign. A crew holds one Bounty at a time: buying another discards
    the old one (book), so that is refused unless the player confirms with
    ``replace_active=True``. ``faction``, when given, limits the choice to the generic
    Bounties and that Faction's own.
    """
    active, completed = set(active), set(completed)
    known = {row.key: row for row in bounties().rows}
    if bounty_key not in known:
        return f"There is no Bounty {bounty_key!r}."
    name = known[bounty_key].name
    if faction is not None and known[bounty_key] not in bounties_for(faction):
        return f"{name} is only open to {known[bounty_key].faction} crews."
    if bounty_key in completed:
        return f"{name} is already accomplished; a crew completes each Bounty once per Campaign."
    if bounty_key in active:
        return f"{name} is already this crew's Bounty."
    if active and not replace_active:
        names = ", ".join(sorted(known[k].name if k in known else k for k in active))
        return (f"A crew holds one Bounty at a time; buying {name} discards {names} "
                f"and its progress. Confirm to replace it.")
    if scrip < cost:
        return f"{name} costs {cost} Scrip; the crew has {scrip}."
    return None


