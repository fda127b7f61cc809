"""Effective stats: a model's printed stat line as changed by what it carries.

Injuries, skills and campaign equipment change stats through ``stat_effects`` such as
``{"df": -1}`` or ``{"ml": 1}`` (see ``rules/tables.py``: wk, cg, ht, wp, df, wd, the duel
stats ml, sh and ca of its actions, cost and melee_range). ``effective_stat_line`` is the
one place that applies them; the arsenal sheet, its stat cards, the roster PDF and the API
all read its result, so a new kind of effect is added here once.

A stat never drops below 1 through an effect and a stat the card lacks (Cg "-") stays
absent (docs/rules-decisions.md, Arsenals: Effective stats).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

#: The stat line printed on every card, in the card's order.
CARD_STATS = ("wk", "cg", "ht", "wp", "df", "wd")
#: Effects on the duel stat of the model's actions (an action "Ml 6" becomes "Ml 7").
ACTION_STATS = ("ml", "sh", "ca")
MELEE = "ml"


@dataclass(frozen=True)
class Effect:
    """What one injury, skill or upgrade does to the stat line: ``stat_effects`` such as
    ``{"ml": 1}`` and, from the campaign tables, ``stat_caps`` such as ``{"ml": 7}`` (a
    bonus never lifts the stat above its cap; a stat already above it keeps its value)."""

    source: str
    stat_effects: Mapping[str, int]
    stat_caps: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Change:
    """One effect on one stat: what caused it, by how much, and any cap on a bonus."""

    source: str
    delta: int
    cap: int | None = None


def _apply(value: int, change: Change, floor: int = 1) -> int:
    raised = value + change.delta
    if change.delta > 0 and change.cap is not None:
        raised = min(raised, max(change.cap, value))
    return max(floor, raised)


@dataclass(frozen=True)
class EffectiveStat:
    key: str
    base: int | None
    value: int | None
    changes: tuple[Change, ...] = ()

    @property
    def changed(self) -> bool:
        return self.value != self.base


@dataclass(frozen=True)
class StatLine:
    """The card's stats (and cost) as effective values, plus what applies to actions."""

    stats: Mapping[str, EffectiveStat]
    action_changes: Mapping[str, tuple[Change, ...]] = field(default_factory=dict)
    melee_range: tuple[Change, ...] = ()

    def values(self) -> dict[str, int | None]:
        """``{"wk": 5, ...}``: the six card stats, as the sheet's stat row shows them."""
        return {key: self.stats[key].value for key in CARD_STATS}

    def action_value(self, stat: str | None, value: int | None) -> int | None:
        """An action's duel value after effects on its stat (never below 1)."""
        changes = self.action_changes.get((stat or "").lower(), ())
        if value is None:
            return value
        for change in changes:
            value = _apply(value, change)
        return value

    def action_range(self, stat: str | None, text: str | None) -> str | None:
        """A melee action's range after melee range effects: ``1"`` becomes ``2"``."""
        if not text or (stat or "").lower() != MELEE or not self.melee_range:
            return text
        match = re.fullmatch(r"\s*(\d+)\s*(\"|”|in\.?)?\s*", text)
        if match is None:  # "Pulse 6"" and other shapes are not a melee reach
            return text
        reach = int(match.group(1))
        for change in self.melee_range:
            reach = _apply(reach, change, floor=0)
        return f"{reach}\""


def effective_stat_line(base: Mapping[str, int | None], effects: Iterable[Effect]) -> StatLine:
    """Apply ``effects`` in order to the printed ``base`` stats (``wk``...``wd`` and
    ``cost``). Effects on a stat the card lacks change nothing; keys outside the
    vocabulary are ignored, so an old row never breaks a sheet."""
    values = {key: base.get(key) for key in (*CARD_STATS, "cost")}
    changes: dict[str, list[Change]] = {key: [] for key in (*values, *ACTION_STATS,
                                                            "melee_range")}
    for effect in effects:
        for stat, delta in (effect.stat_effects or {}).items():
            if stat not in changes or not int(delta):
                continue
            change = Change(effect.source, int(delta), (effect.stat_caps or {}).get(stat))
            if stat in values:
                if values[stat] is None:
                    continue
                values[stat] = _apply(values[stat], change, floor=0 if stat == "cost" else 1)
            changes[stat].append(change)
    return StatLine(
        stats={key: EffectiveStat(key, base.get(key), values[key], tuple(changes[key]))
               for key in values},
        action_changes={key: tuple(changes[key]) for key in ACTION_STATS if changes[key]},
        melee_range=tuple(changes["melee_range"]),
    )
