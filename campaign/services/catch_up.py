"""Starting Anew and late joiners: the catch-up Barter flips.

A crew that starts after week 1 (a late joiner, or a player who started anew) makes one
Barter flip for each week it missed, the first week included, and may buy one Campaign
Upgrade with each. There is no Aftermath Hand, so nothing is Cheated; Skills may go on
any model of the arsenal (it has played no game yet), at most one Skill per model this
way. The 5 scrip per week past the first is credited when the crew joins
(``crews._credit_late_start``).

The state lives in the arsenal's history: each flip is an ``ArsenalEvent`` naming its
recorded card, each purchase an event naming its flip, so the sheet (whose cache watches
those events) and the API read it without a table of its own.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaign.models import ArsenalEvent, ArsenalModel, ArsenalUpgrade, Crew
from campaign.services import arsenal, scrip
from campaign.services.access import require_crew_editor
from campaign.services.errors import CampaignError
from rules import tables
from rules.engine import aftermath as rules

FLIP = "catch_up_flip"
BOUGHT = "catch_up_bought"
STATION_UP = {"peon": "minion", "minion": "enforcer"}


def flips_owed(crew: Crew) -> int:
    """One flip per week missed, the first week included (docs/rules-decisions.md)."""
    return max(0, (crew.joined_week or 1) - 1)


@dataclass(frozen=True)
class CatchUpFlip:
    number: int
    card: str
    bought: str = ""
    event_id: int | None = None


@dataclass(frozen=True)
class CatchUp:
    owed: int
    flips: tuple[CatchUpFlip, ...]

    @property
    def remaining(self) -> int:
        return max(0, self.owed - len(self.flips))

    @property
    def open_flip(self) -> CatchUpFlip | None:
        """The latest flip while nothing was bought with it yet."""
        last = self.flips[-1] if self.flips else None
        return last if last is not None and not last.bought else None


def state_from_events(crew: Crew, events) -> CatchUp:
    """Read the catch-up flips from the crew's history (``events``: any iterable of its
    ``ArsenalEvent`` rows, so the sheet can pass the rows it already loaded)."""
    flips: dict[int, CatchUpFlip] = {}
    bought: dict[int, str] = {}
    for event in events:
        detail = event.detail or {}
        if FLIP in detail and "card" in detail:
            flips[detail[FLIP]] = CatchUpFlip(detail[FLIP], detail["card"], event_id=event.pk)
        elif BOUGHT in detail:
            bought[detail[BOUGHT]] = detail.get("name", "")
    ordered = tuple(CatchUpFlip(n, f.card, bought.get(n, ""), f.event_id)
                    for n, f in sorted(flips.items()))
    return CatchUp(flips_owed(crew), ordered)


def state(crew: Crew) -> CatchUp:
    return state_from_events(crew, crew.events.filter(detail__has_key=FLIP)
                             | crew.events.filter(detail__has_key=BOUGHT))


def _require_ready(crew: Crew) -> None:
    if crew.campaign.is_read_only:
        raise CampaignError(_("This campaign has ended; its arsenal sheets are read-only."))
    if crew.status != Crew.Status.ACTIVE:
        raise CampaignError(_("Build the starting arsenal before the catch-up Barter flips."))


@dataclass(frozen=True)
class SheetCatchUp:
    """What the sheet shows: the flips so far and what the open one may buy."""

    state: CatchUp
    offer: tuple = ()


def for_sheet(crew: Crew) -> SheetCatchUp | None:
    """None (and no query) for a crew that owes no catch-up flip."""
    if crew.status != Crew.Status.ACTIVE or not flips_owed(crew):
        return None
    current = state(crew)
    offer = options(crew, current.open_flip.card).all if current.open_flip else ()
    return SheetCatchUp(current, tuple(offer))


def options(crew: Crew, card: str) -> rules.BarterOptions:
    thirst_keys = {r.key for r in tables.those_who_thirst().rows}
    has_thirst = crew.upgrades.filter(table_key__in=thirst_keys,
                                      status=ArsenalUpgrade.Status.ACTIVE).exists()
    return rules.barter_options(card, has_those_who_thirst=has_thirst,
                                no_injuries=crew.campaign.no_injuries)


@transaction.atomic
def flip(*, crew: Crew, actor) -> CatchUpFlip:
    """Make the next catch-up Barter flip (a recorded server flip, never Cheated)."""
    from rules.services import server_flip

    require_crew_editor(actor, crew)
    crew = scrip.lock_crew(crew)
    _require_ready(crew)
    current = state(crew)
    if current.remaining == 0:
        raise CampaignError(_("This crew has no catch-up Barter flip left."))
    number = len(current.flips) + 1
    record = server_flip(purpose=f"Catch-up Barter flip {number}", actor=actor, subject=crew)
    arsenal._event(crew, ArsenalEvent.Kind.STARTED,
                   f"Catch-up Barter flip {number}: {record.final}", actor=actor,
                   **{FLIP: number, "card": record.final, "flip": record.pk})
    return CatchUpFlip(number, record.final)


@transaction.atomic
def buy(*, crew: Crew, actor, number: int, key: str,
        model: ArsenalModel | None = None) -> ArsenalUpgrade:
    """Buy one Campaign Upgrade the catch-up flip ``number`` offers (one per flip)."""
    require_crew_editor(actor, crew)
    crew = scrip.lock_crew(crew)
    _require_ready(crew)
    current = state(crew)
    made = next((f for f in current.flips if f.number == number), None)
    if made is None:
        raise CampaignError(_("Make that catch-up Barter flip first."))
    if made.bought:
        raise CampaignError(_("Catch-up flip %(n)s already bought %(name)s: one Campaign "
                              "Upgrade per flip.") % {"n": number, "name": made.bought})
    offered = options(crew, made.card)
    upgrade = next((u for u in offered.all if u.key == key), None)
    if upgrade is None:
        raise CampaignError(_("A Barter card of %(value)s cannot buy %(key)s.")
                            % {"value": offered.value, "key": key})
    week = crew.campaign.current_week
    scrip.spend_scrip(crew, upgrade.campaign_cost, week=week, locked=crew, actor=actor,
                      reason=f"Catch-up Barter: {upgrade.name}")
    row = _add(crew, upgrade, model, actor)
    arsenal._event(crew, ArsenalEvent.Kind.UPGRADE_BOUGHT,
                   f"Catch-up flip {number} bought {row.name}", actor=actor,
                   upgrade=row, model=row.attached_to,
                   **{BOUGHT: number, "name": row.name})
    return row


def _add(crew: Crew, upgrade, model: ArsenalModel | None, actor) -> ArsenalUpgrade:
    week = crew.campaign.current_week
    if upgrade.key == "those-who-thirst":
        from rules.services import recorded_draw

        draw = recorded_draw(label=gettext_lazy("Catch-up Barter"), subject=crew, actor=actor)
        relic = None
        while relic is None:  # Jokers are reflipped
            relic = tables.those_who_thirst_for(draw("Those Who Thirst"))
        return ArsenalUpgrade.objects.create(crew=crew, kind=ArsenalUpgrade.Kind.EQUIPMENT,
                                             table_key=relic.key, name=relic.name,
                                             acquired_week=week)
    if upgrade.type != "Skill":
        return ArsenalUpgrade.objects.create(crew=crew, kind=ArsenalUpgrade.Kind.EQUIPMENT,
                                             table_key=upgrade.key, name=upgrade.name,
                                             acquired_week=week,
                                             cost_paid=upgrade.campaign_cost)
    if model is None or model.crew_id != crew.pk or not model.is_active:
        raise CampaignError(_("%(name)s is a Skill: choose a model of this crew's arsenal.")
                            % {"name": upgrade.name})
    if crew.events.filter(model=model, detail__has_key=BOUGHT, kind__in=[
            ArsenalEvent.Kind.UPGRADE_BOUGHT]).filter(upgrade__kind="skill").exists():
        raise CampaignError(_("%(model)s already took a Skill from a catch-up flip; one per "
                              "model.") % {"model": model.card.name})
    if upgrade.key == "change-of-station":
        if model.station not in STATION_UP:
            raise CampaignError(_("Change of Station raises a Peon or a Minion only."))
        row = ArsenalUpgrade.objects.create(
            crew=crew, kind=ArsenalUpgrade.Kind.SKILL, table_key=upgrade.key,
            name=upgrade.name, attached_to=model, acquired_week=week,
            cost_paid=upgrade.campaign_cost)
        arsenal.change_station(model=model, actor=actor, station=STATION_UP[model.station])
        return row
    return arsenal.add_skill(model=model, actor=actor, key=upgrade.key, name=upgrade.name,
                             stat_effects=dict(upgrade.stat_effects),
                             cost_paid=upgrade.campaign_cost)
