"""Standings metrics: small pluggable pieces, each a key, a label, a direction and a
function of one crew's facts (``facts.CrewFacts``, fetched beforehand: no query here).

A campaign ranks its crews by an ordered list of metric keys (its tie-breaks); the
defaults per competitive mode follow the campaign book.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import StrEnum

from django.utils.translation import gettext_lazy as _

from standings.facts import CrewFacts, Outcome

POINTS_FOR_WIN, POINTS_FOR_DRAW = 3, 1


class Direction(StrEnum):
    HIGHER = "higher"
    LOWER = "lower"


@dataclass(frozen=True)
class Metric:
    key: str
    label: str
    short: str
    direction: Direction
    description: str
    compute: Callable[[CrewFacts], int]
    #: A sum over the facts, one term per fact: its value over two sets of facts is the
    #: sum of its values over each (the history adds week by week). Flair is not.
    additive: bool = False

    def sort_key(self, value: int) -> int:
        """Smaller sorts first: the better value comes first whatever the direction."""
        return -value if self.direction == Direction.HIGHER else value


REGISTRY: dict[str, Metric] = {}


def register(key: str, label: str, short: str, description: str,
             direction: Direction = Direction.HIGHER, *, additive: bool = True):
    def decorate(compute: Callable[[CrewFacts], int]) -> Callable[[CrewFacts], int]:
        if key in REGISTRY:
            raise ValueError(f"Metric {key!r} is registered twice.")
        REGISTRY[key] = Metric(key, label, short, direction, description, compute, additive)
        return compute
    return decorate


def campaign_points(outcome: Outcome) -> int:
    return POINTS_FOR_WIN if outcome.won else POINTS_FOR_DRAW if outcome.drawn else 0


@register("cp", _("Campaign Points"), _("CP"),
          _("3 for a win, 1 for a draw, 0 for a loss."))
def _cp(facts: CrewFacts) -> int:
    return sum(campaign_points(g) for g in facts.games)


@register("diff", _("Differential"), _("Diff"),
          _("Your VP minus your opponent's, added up over your games (may be negative)."))
def _diff(facts: CrewFacts) -> int:
    return sum(g.vp_for - g.vp_against for g in facts.games)


@register("vp", _("Victory Points"), _("VP"),
          _("Every VP you scored in campaign games."))
def _vp(facts: CrewFacts) -> int:
    return sum(g.vp_for for g in facts.games)


@register("games", _("Games played"), _("Games"),
          _("Campaign games with a confirmed result."))
def _games(facts: CrewFacts) -> int:
    return len(facts.games)


@register("wins", _("Wins"), _("Wins"),
          _("Campaign games won."))
def _wins(facts: CrewFacts) -> int:
    return sum(1 for g in facts.games if g.won)


@register("fortifications", _("Fortifications"), _("Forts"),
          _("Fortifications built in the Hide Out."))
def _fortifications(facts: CrewFacts) -> int:
    return len(facts.fortifications)


def completed_hide_out_week(facts: CrewFacts, needed: int) -> int | None:
    """The week the Hide Out got its last Fortification, or None while it is incomplete."""
    weeks = sorted(facts.fortifications)
    return weeks[needed - 1] if len(weeks) >= needed else None


def _fortifications_needed() -> int:
    from rules.tables import hide_outs

    return hide_outs().flair.fortifications_needed


@register("flair", _("Flair"), _("Flair"),
          _("One per win in a week after the Hide Out had every Fortification."), additive=False)
def _flair(facts: CrewFacts) -> int:
    complete = completed_hide_out_week(facts, _fortifications_needed())
    if complete is None:
        return 0
    return sum(1 for g in facts.games if g.won and g.week > complete)


@register("scrip_earned", _("Scrip earned"), _("Scrip"),
          _("Scrip earned (what the weekly cap let the crew keep); spending does not count."))
def _scrip_earned(facts: CrewFacts) -> int:
    return sum(s.amount for s in facts.scrip if s.kind in ("gain", "discarded"))


@register("bounties", _("Bounties completed"), _("Bounties"),
          _("Bounties the crew completed."))
def _bounties(facts: CrewFacts) -> int:
    return len(facts.bounties_completed)


@register("annihilated", _("Models annihilated"), _("Lost"),
          _("The crew's own models annihilated (fewer is better)."), Direction.LOWER)
def _annihilated(facts: CrewFacts) -> int:
    return len(facts.annihilated)


@register("linked_vp", _("Linked Games VP"), _("Linked VP"),
          _("VP scored in Linked Games series against other players of the campaign."))
def _linked_vp(facts: CrewFacts) -> int:
    return sum(g.vp_for for g in facts.linked_games)


DEFAULTS: dict[str, tuple[str, ...]] = {
    "tournament": ("cp", "diff", "vp"),
    "hide_outs": ("fortifications", "flair"),
    "none": ("games", "wins", "scrip_earned", "bounties", "annihilated"),
}

SHOWN_WITH_EVERY_TABLE = ("games",)


def default_keys(competitive_mode: str) -> tuple[str, ...]:
    return DEFAULTS.get(competitive_mode, DEFAULTS["none"])


def problems(keys: Iterable) -> list[str]:
    """What is wrong with an ordered list of tie-break keys (empty when it is valid)."""
    if isinstance(keys, str) or not isinstance(keys, list | tuple):
        return ["Give the tie-breaks as a list of metric keys."]
    found = []
    if not keys:
        found.append("Choose at least one tie-break.")
    for key in keys:
        if not isinstance(key, str) or key not in REGISTRY:
            found.append(f"Unknown metric {key!r}; choose from {', '.join(REGISTRY)}.")
    seen = [k for k in keys if isinstance(k, str)]
    if len(set(seen)) != len(seen):
        found.append("Each metric may appear only once.")
    return found


def columns_for(keys: Iterable[str]) -> tuple[Metric, ...]:
    """The tie-breaks in order, then the columns every table shows."""
    ordered = list(dict.fromkeys([*keys, *SHOWN_WITH_EVERY_TABLE]))
    return tuple(REGISTRY[k] for k in ordered)
