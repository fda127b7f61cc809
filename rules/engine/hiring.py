"""Who a crew may hire into its arsenal, at what cost: plain Python, no database.

Inputs are small frozen snapshots of stat cards and upgrade cards (``CardInfo``,
``UpgradeInfo``) so the rules are tested with hand-built cards, and the services and
the builder page ask the same functions. Every check returns the reasons it refuses
(in words a player understands) instead of a bare False.

Decisions (see docs/rules-decisions.md, "Arsenals"): the starting arsenal is hired like
a crew, so Rare limits, one Totem and at most two out-of-faction Mercenaries apply to it;
later hires keep Rare limits and Totem rules against the whole active arsenal.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

MASTER, HENCHMAN, ENFORCER, MINION, PEON = "master", "henchman", "enforcer", "minion", "peon"
UPGRADE_SLOTS = {MASTER: 3, HENCHMAN: 2, ENFORCER: 1, MINION: 0, PEON: 0}
MAX_OUT_OF_FACTION_MERCENARIES = 2
ZERO_COST_LEADER_BASE = 13
MASTER_SCRIP_COST = 10
FIRST_HIRE_DISCOUNT = 5


@dataclass(frozen=True)
class CardInfo:
    """What hiring needs to know about a stat card."""

    id: int
    name: str
    factions: frozenset[str]
    station: str
    cost: int | None
    cache: int | None = None
    is_mercenary: bool = False
    rare_limit: int | None = None
    is_totem: bool = False
    totem_of: str = ""
    #: The Chosen (Outcasts' chart) leading: it leads and uses Soulstones as a Henchman
    #: would, and takes one Upgrade more than its station allows.
    chosen_leader: bool = False

    @classmethod
    def from_card(cls, card, station: str | None = None, *,
                  chosen_leader: bool = False) -> CardInfo:
        """Snapshot a ``catalogue.models.ModelCard`` (its factions should be prefetched)."""
        return cls(
            id=card.pk, name=card.name,
            factions=frozenset(f.code for f in card.factions.all()),
            station=station or card.station, cost=card.cost, cache=card.cache,
            is_mercenary=card.is_mercenary, rare_limit=card.rare_limit,
            is_totem=card.is_totem, totem_of=card.totem_of, chosen_leader=chosen_leader,
        )

    @property
    def leads_as(self) -> str:
        """The station that counts when this card leads (The Chosen leads as a Henchman)."""
        return HENCHMAN if self.chosen_leader and self.station != MASTER else self.station

    @property
    def upgrade_slots(self) -> int:
        return UPGRADE_SLOTS.get(self.station, 0) + (1 if self.chosen_leader else 0)


@dataclass(frozen=True)
class UpgradeInfo:
    """What hiring needs to know about an upgrade card."""

    id: int
    name: str
    factions: frozenset[str] = frozenset()
    cost: int = 0
    limited: bool = False
    rare: int | None = None
    stations: frozenset[str] = frozenset()
    model_name: str = ""
    leader_only: bool = False
    leader_name: str = ""
    is_campaign: bool = False

    @classmethod
    def from_card(cls, card) -> UpgradeInfo:
        return cls(
            id=card.pk, name=card.name,
            factions=frozenset(f.code for f in card.factions.all()), cost=card.cost,
            limited=card.limited, rare=card.rare, stations=frozenset(card.stations or ()),
            model_name=card.model_name, leader_only=card.leader_only,
            leader_name=card.leader_name,
        )


class HiringRefused(ValueError):
    """One or more hiring rules refuse the request; ``reasons`` lists each one."""

    def __init__(self, reasons: Sequence[str]):
        self.reasons = list(reasons)
        super().__init__(" ".join(self.reasons))


# --- Costs -------------------------------------------------------------------------


def is_in_faction(card: CardInfo, faction: str) -> bool:
    return faction in card.factions


def leader_cost(card: CardInfo) -> int:
    """A Leader costs its cost; a zero-cost Henchman leads at 13 minus its cache."""
    if card.station == HENCHMAN and not card.cost:
        return ZERO_COST_LEADER_BASE - (card.cache or 0)
    return card.cost or 0


def hire_cost(card: CardInfo, faction: str) -> int:
    """Soulstone cost to hire: out-of-faction Mercenaries cost one more."""
    base = card.cost or 0
    if not is_in_faction(card, faction) and card.is_mercenary:
        return base + 1
    return base


def upgrade_scrip_cost(upgrade: UpgradeInfo) -> int:
    """New Hires: a non-Campaign upgrade costs twice its soulstone cost, or 2 if free."""
    return 2 if upgrade.cost == 0 else 2 * upgrade.cost


# --- Models ------------------------------------------------------------------------


def model_refusals(card: CardInfo, *, faction: str, leader: CardInfo | None,
                   others: Iterable[CardInfo], as_leader: bool = False) -> list[str]:
    """Why ``card`` may not join an arsenal already holding ``others`` (empty = allowed).

    ``leader`` is the crew's Leader (None while it is being chosen); ``as_leader`` asks
    whether the card may be that Leader.
    """
    reasons: list[str] = []
    others = list(others)
    if as_leader:
        if card.leads_as not in (MASTER, HENCHMAN):
            reasons.append(f"{card.name} is a {card.station}: only a Henchman or Master leads.")
        if not is_in_faction(card, faction):
            reasons.append(f"{card.name} is not in the crew's faction, so it cannot lead it.")
        return reasons
    if card.station == MASTER:
        reasons.append(f"{card.name} is a Master: Masters join only as Leader "
                       "(Masters from the start, or Adding a Master).")
    if not is_in_faction(card, faction) and not card.is_mercenary:
        reasons.append(f"{card.name} is neither in the crew's faction nor a Mercenary.")
    if card.is_totem:
        if card.totem_of and (leader is None or leader.name != card.totem_of):
            reasons.append(f"{card.name} is a Totem of {card.totem_of}; only a crew led by "
                           f"{card.totem_of} may hire it.")
        if any(o.is_totem for o in others):
            reasons.append("A crew may hire only one Totem.")
    if card.rare_limit is not None:
        held = sum(1 for o in others if o.name == card.name)
        if leader is not None and leader.name == card.name:
            held += 1
        if held >= card.rare_limit:
            reasons.append(f"{card.name} is Rare {card.rare_limit}: the arsenal already holds "
                           f"{held}.")
    return reasons


def out_of_faction_mercenaries(cards: Iterable[CardInfo], faction: str) -> int:
    return sum(1 for c in cards if c.is_mercenary and not is_in_faction(c, faction))


# --- Upgrades ----------------------------------------------------------------------


def upgrade_refusals(upgrade: UpgradeInfo, *, faction: str, model: CardInfo,
                     leader: CardInfo | None, on_model: Iterable[UpgradeInfo] = (),
                     in_crew: Iterable[UpgradeInfo] = ()) -> list[str]:
    """Why ``upgrade`` may not be attached to ``model`` (empty = allowed)."""
    reasons: list[str] = []
    on_model = list(on_model)
    if upgrade.factions and faction not in upgrade.factions:
        reasons.append(f"{upgrade.name} is not an upgrade of the crew's faction.")
    slots = model.upgrade_slots
    if slots == 0:
        reasons.append(f"{model.name} is a {model.station} and cannot take upgrades.")
    elif len(on_model) >= slots:
        reasons.append(f"{model.name} already has {slots} upgrade(s), its station's limit.")
    if upgrade.stations and model.station not in upgrade.stations:
        allowed = ", ".join(sorted(upgrade.stations))
        reasons.append(f"{upgrade.name} is only for: {allowed}.")
    if upgrade.model_name and model.name != upgrade.model_name:
        reasons.append(f"{upgrade.name} may only be attached to {upgrade.model_name}.")
    if upgrade.leader_only and (leader is None or model.id != leader.id):
        reasons.append(f"{upgrade.name} may only be attached to the crew's Leader.")
    if upgrade.leader_name and (leader is None or leader.name != upgrade.leader_name):
        reasons.append(f"{upgrade.name} needs a crew led by {upgrade.leader_name}.")
    if any(u.name == upgrade.name for u in on_model):
        reasons.append(f"{model.name} already has {upgrade.name}.")
    if upgrade.limited and any(u.limited for u in on_model):
        reasons.append(f"{model.name} already has a Limited upgrade.")
    if upgrade.rare is not None:
        held = sum(1 for u in in_crew if u.name == upgrade.name)
        if held >= upgrade.rare:
            reasons.append(f"{upgrade.name} is Rare {upgrade.rare}: the crew already has {held}.")
    return reasons


# --- The starting arsenal ----------------------------------------------------------


@dataclass(frozen=True)
class Line:
    card: CardInfo
    cost: int
    is_leader: bool = False


@dataclass(frozen=True)
class StartingArsenalPlan:
    """A checked starting arsenal: lines with costs, the total, and the scrip it leaves."""

    lines: tuple[Line, ...]
    upgrade: UpgradeInfo | None
    upgrade_on: CardInfo | None
    total: int
    budget: int
    refusals: tuple[str, ...] = field(default=())
    scrip_available: int = 0

    @property
    def unspent(self) -> int:
        return max(0, self.budget - self.total)

    @property
    def starting_scrip(self) -> int:
        """Unspent soulstones become scrip, at most 3."""
        return min(3, self.unspent)

    @property
    def scrip_spent(self) -> int:
        """What the arsenal costs beyond the soulstone budget, paid from the crew's scrip
        (late joiners and crews Starting Anew get 5 scrip per week past the first)."""
        return max(0, self.total - self.budget)

    @property
    def is_legal(self) -> bool:
        return not self.refusals


def plan_starting_arsenal(*, faction: str, leader: CardInfo | None, models: Sequence[CardInfo],
                          budget: int, masters_from_start: bool = False,
                          scrip_available: int = 0,
                          upgrade: UpgradeInfo | None = None,
                          upgrade_on: CardInfo | None = None) -> StartingArsenalPlan:
    """Cost and check a starting arsenal; every broken rule is listed in ``refusals``.

    ``models`` are the non-Leader models. With Masters from the start the Leader is a free
    Master that is not counted in the arsenal's size.
    """
    refusals: list[str] = []
    lines: list[Line] = []
    total = 0
    if leader is None:
        refusals.append("Choose a Leader.")
    else:
        refusals += model_refusals(leader, faction=faction, leader=None, others=(),
                                   as_leader=True)
        if masters_from_start and leader.station != MASTER:
            refusals.append("With Masters from the start, the Leader is a Master.")
        if not masters_from_start and leader.station != HENCHMAN:
            refusals.append("The starting Leader must be a Henchman (Masters arrive later, "
                            "unless the campaign uses Masters from the start).")
        cost = 0 if leader.station == MASTER else leader_cost(leader)
        lines.append(Line(leader, cost, is_leader=True))
        total += cost
    hired: list[CardInfo] = []
    for card in models:
        refusals += model_refusals(card, faction=faction, leader=leader, others=hired)
        cost = hire_cost(card, faction)
        lines.append(Line(card, cost))
        total += cost
        hired.append(card)
    mercs = out_of_faction_mercenaries(hired, faction)
    if mercs > MAX_OUT_OF_FACTION_MERCENARIES:
        refusals.append(f"At most {MAX_OUT_OF_FACTION_MERCENARIES} Mercenaries from other "
                        f"factions may be hired; this arsenal has {mercs}.")
    limit = budget + scrip_available
    if total > limit:
        refusals.append(_over_budget(total, budget, scrip_available))
    if upgrade is not None:
        if upgrade.is_campaign:
            refusals.append("The starting upgrade may not be a Campaign upgrade.")
        members = [line.card for line in lines]
        if upgrade_on is None or upgrade_on not in members:
            refusals.append(f"Attach {upgrade.name} to a model of this arsenal.")
        else:
            refusals += upgrade_refusals(upgrade, faction=faction, model=upgrade_on,
                                         leader=leader)
        total += upgrade.cost
        if upgrade.cost and total > limit and not any("budget" in r for r in refusals):
            refusals.append(f"With {upgrade.name}: " + _over_budget(total, budget,
                                                                    scrip_available))
    return StartingArsenalPlan(tuple(lines), upgrade, upgrade_on, total, budget,
                               tuple(dict.fromkeys(refusals)), scrip_available)


def _over_budget(total: int, budget: int, scrip: int) -> str:
    extra = f" plus {scrip} scrip" if scrip else ""
    return f"The arsenal costs {total} soulstones; the budget is {budget}{extra}."


def new_hire_costs(cards: Sequence[CardInfo], faction: str, *,
                   discount: int = FIRST_HIRE_DISCOUNT) -> list[int]:
    """Scrip for each model of one week's New Hires.

    The first model hired each week costs 5 less (``discount``: 6 with Extra Guards;
    never below 0). A player would hire the most expensive model first, so the discount
    goes where it saves the most.
    """
    costs = [hire_cost(card, faction) for card in cards]
    if costs:
        best = max(range(len(costs)), key=lambda i: (min(costs[i], discount), -i))
        costs[best] = max(0, costs[best] - discount)
    return costs


def rare_counts(cards: Iterable[CardInfo]) -> Counter:
    return Counter(c.name for c in cards)
