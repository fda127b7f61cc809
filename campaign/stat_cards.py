"""Stat cards: each arsenal model as a card a player reads at the table.

A presenter over what ``campaign.selectors.arsenal_sheet`` already loaded (the card, its
active upgrades, skills and injuries): it makes no query, so the sheet, the print view
and the API show the same cards at the sheet's query count. Effective values come from
``rules.engine.stat_line.effective_stat_line`` (the one place effects are applied);
``stat_line_for`` feeds it an arsenal model's upgrades.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from django.utils.translation import gettext_lazy as _

from rules.engine.stat_line import (
    CARD_STATS,
    Effect,
    EffectiveStat,
    StatLine,
    effective_stat_line,
)

STAT_LABELS = {"wk": _("Wk"), "cg": _("Cg"), "ht": _("Ht"), "wp": _("Wp"), "df": _("Df"),
               "wd": _("Wd"), "cost": _("Cost"), "ml": _("Ml"), "sh": _("Sh"), "ca": _("Ca"),
               "melee_range": _("melee range")}
SUIT_NAMES = {"rams": _("Rams"), "crows": _("Crows"), "tomes": _("Tomes"), "masks": _("Masks")}


def stat_line_for(model, upgrades: Iterable | None = None) -> StatLine:
    """The arsenal model's effective stat line from its active upgrades' ``stat_effects``
    and, for campaign-table rows, their caps (pass ``upgrades`` when already fetched;
    otherwise they are queried)."""
    if upgrades is None:
        upgrades = model.upgrades.filter(status="active")
    card = model.card
    base = {key: getattr(card, key) for key in CARD_STATS} | {"cost": card.cost}
    ordered = sorted(upgrades, key=lambda u: u.pk or 0)  # the order they were gained
    return effective_stat_line(base, [Effect(u.name, u.stat_effects or {}, _caps(u))
                                      for u in ordered])


def _caps(upgrade) -> dict[str, int]:
    row = None if upgrade.card_id else _table_rows().get(upgrade.table_key)
    return dict(getattr(row, "stat_caps", None) or {})


@dataclass(frozen=True)
class Trigger:
    suits: tuple[str, ...]
    name: str
    text: str

    @property
    def suit_names(self) -> str:
        return " + ".join(str(SUIT_NAMES.get(s, s)) for s in self.suits)


@dataclass(frozen=True)
class ActionLine:
    name: str
    stat: str
    value: int | None
    printed_value: int | None
    suits: tuple[str, ...]
    range: str
    printed_range: str
    resist: str
    tn: int | None
    damage: str
    text: str
    triggers: tuple[Trigger, ...]
    source: str = ""  # the upgrade that grants it; empty for the card's own actions

    @property
    def changed(self) -> bool:
        return self.value != self.printed_value or self.range != self.printed_range

    @property
    def suit_names(self) -> str:
        return " ".join(str(SUIT_NAMES.get(s, s)) for s in self.suits)


@dataclass(frozen=True)
class Attachment:
    """An upgrade, skill or injury on the card, with what it does."""

    name: str
    kind: str
    text: str
    effects: str  # "Df -1, Wp +1"
    table_only: bool = False  # the app does not apply it: the players do (rules/table_only.py)


@dataclass(frozen=True)
class StatCard:
    model_id: int
    name: str
    station: str
    station_label: str
    cost: EffectiveStat
    cache: int | None
    base_size: int
    characteristics: tuple[str, ...]
    is_leader: bool
    is_sample: bool
    misses_next_game: bool
    stats: tuple[tuple[str, EffectiveStat], ...]  # (label, stat) in card order
    actions: tuple[ActionLine, ...]
    abilities: tuple[tuple[str, str], ...]
    upgrades: tuple[Attachment, ...]
    skills: tuple[Attachment, ...]
    injuries: tuple[Attachment, ...]

    @property
    def changed_stats(self) -> list[tuple[str, EffectiveStat]]:
        return [(label, stat) for label, stat in self.stats if stat.changed]


def _effects_text(stat_effects) -> str:
    return ", ".join(f"{STAT_LABELS.get(k, k)} {int(v):+d}" for k, v in
                     (stat_effects or {}).items() if int(v))


@cache
def _table_rows() -> dict[str, object]:
    """Campaign upgrades and injuries by key (first one wins), for their summaries and the
    actions equipment grants. Plain data loaded once per process: no query."""
    rows: dict[str, object] = {}
    for chart in _charts():
        for row in chart.rows:
            rows.setdefault(row.key, row)
    return rows


@cache
def _summaries() -> dict[str, tuple[str, str]]:
    """Row key -> (the key of its summary's French (``rules.summaries``), the English
    summary), first one wins as in ``_table_rows``; the Reward charts' Skills and
    Equipment come after (their keys are the same summary on every chart)."""
    from rules import tables
    from rules.summaries import row_key

    rewards = [tables.reward_chart(chart) for chart in ("generic", *tables.FACTIONS)]
    out: dict[str, tuple[str, str]] = {}
    for chart in (*_charts(), *rewards):
        for row in chart.rows:
            out.setdefault(row.key, (row_key(chart, row), row.summary))
    return out


def _charts():
    from rules import tables

    return [tables.campaign_upgrades(), tables.injury_chart(),
            *(tables.faction_injury_chart(code) for code in tables.FACTIONS)]


def _attachment(upgrade) -> Attachment:
    if upgrade.card_id:
        text = upgrade.card.effect
    else:
        from rules.summaries import said

        key, english = _summaries().get(upgrade.table_key, ("", ""))
        text = said(key, english)
    from rules import table_only

    return Attachment(upgrade.name, upgrade.get_kind_display(), text,
                      _effects_text(upgrade.stat_effects),
                      table_only=not upgrade.card_id and table_only.is_table_only(
                          upgrade.table_key))


def _triggers(raw) -> tuple[Trigger, ...]:
    return tuple(Trigger(tuple(t.get("suits") or ()), t.get("name", ""), t.get("text", ""))
                 for t in raw or ())


def _action(raw: dict, line: StatLine, source: str = "") -> ActionLine:
    stat, value, rng = raw.get("stat") or "", raw.get("value"), raw.get("range") or ""
    return ActionLine(
        name=raw.get("name", ""), stat=stat, value=line.action_value(stat, value),
        printed_value=value, suits=tuple(raw.get("suits") or ()),
        range=line.action_range(stat, rng) or "", printed_range=rng,
        resist=raw.get("resist") or "", tn=raw.get("tn"), damage=raw.get("damage") or "",
        text=raw.get("text") or "", triggers=_triggers(raw.get("triggers")), source=source)


def _granted_actions(upgrades, line: StatLine) -> list[ActionLine]:
    """Actions that campaign equipment or skills give the model (from the tables)."""
    granted = []
    for upgrade in upgrades:
        row = _table_rows().get(upgrade.table_key) if not upgrade.card_id else None
        action = getattr(row, "action", None)
        if action is not None:
            granted.append(_action({"name": action.name, "stat": action.stat,
                                    "value": action.value, "range": action.range,
                                    "resist": action.resist, "tn": action.tn,
                                    "damage": action.damage}, line, source=upgrade.name))
    return granted


#: Abilities a campaign result gives (the book's name; the card shows it by name only).
GRANTED_ABILITIES = {"spirit": ("Incorporeal", "")}


def _gained(attached) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """Characteristics and abilities the model's table results give it (Spirit: the
    Spirit Characteristic and the Incorporeal Ability)."""
    words, abilities = [], []
    for upgrade in attached:
        if upgrade.card_id or upgrade.status != "active":
            continue
        row = _table_rows().get(upgrade.table_key)
        words += [w for w in getattr(row, "gains_characteristics", ()) or () if w not in words]
        if upgrade.table_key in GRANTED_ABILITIES:
            abilities.append(GRANTED_ABILITIES[upgrade.table_key])
    return tuple(words), tuple(abilities)


def stat_card(model) -> StatCard:
    """The card of one ``SheetModel`` (from ``arsenal_sheet``): no query."""
    row, card = model.row, model.row.card
    # One entry per upgrade (a skill-like injury may sit in two of the sheet's lists).
    attached = list({u.pk: u for u in (*model.upgrades, *model.skills, *model.injuries)}
                    .values())
    line = stat_line_for(row, attached)
    words, gained_abilities = _gained(attached)
    words = (*(row.gained_characteristics or ()), *words)
    printed = tuple(card.characteristics or ())
    return StatCard(
        model_id=row.pk, name=card.name, station=row.station,
        station_label=row.get_station_display(), cost=line.stats["cost"], cache=card.cache,
        base_size=card.base_size,
        characteristics=printed + tuple(dict.fromkeys(w for w in words if w not in printed)),
        is_leader=model.is_leader, is_sample=card.pack.is_sample,
        misses_next_game=row.misses_next_game,
        stats=tuple((STAT_LABELS[key], line.stats[key]) for key in CARD_STATS),
        actions=(*(_action(a, line) for a in card.actions or ()),
                 *_granted_actions(attached, line)),
        abilities=(*((a.get("name", ""), a.get("text", "")) for a in card.abilities or ()),
                   *(a for a in gained_abilities
                     if a[0] not in {x.get("name") for x in card.abilities or ()})),
        upgrades=tuple(_attachment(u) for u in model.upgrades),
        skills=tuple(_attachment(u) for u in model.skills),
        injuries=tuple(_attachment(u) for u in model.injuries),
    )


def stat_cards(models: Sequence) -> list[StatCard]:
    return [stat_card(m) for m in models]
