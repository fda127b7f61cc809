"""Read paths for campaign pages and the API, with their query counts bounded.

``arsenal_sheet`` loads a crew's whole sheet in a fixed number of queries whatever the
arsenal's size; pages and the API both use it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Prefetch, Q, QuerySet

from campaign.models import ArsenalModel, ArsenalUpgrade, Campaign, Crew
from campaign.services.access import can_view_campaign
from campaign.services.arsenal import effective_stats
from league.models import Membership


def visible_campaigns(user) -> QuerySet[Campaign]:
    """Public campaigns, plus members-only campaigns of the user's leagues."""
    campaigns = Campaign.objects.select_related("league")
    if user.is_authenticated and user.is_staff:
        return campaigns
    public = campaigns.filter(visibility=Campaign.Visibility.PUBLIC)
    if not user.is_authenticated:
        return public
    leagues = Membership.objects.filter(user=user, status="active").values("league")
    return campaigns.filter(Q(visibility=Campaign.Visibility.PUBLIC) | Q(league__in=leagues))


@dataclass
class SheetModel:
    row: ArsenalModel
    stats: dict[str, int | None]
    upgrades: list[ArsenalUpgrade] = field(default_factory=list)
    skills: list[ArsenalUpgrade] = field(default_factory=list)
    injuries: list[ArsenalUpgrade] = field(default_factory=list)

    @property
    def is_leader(self) -> bool:
        return self.row.crew.leader_id == self.row.pk


@dataclass
class ArsenalSheet:
    crew: Crew
    models: list[SheetModel]
    annihilated: list[ArsenalModel]
    unattached: list[ArsenalUpgrade]
    ledger: list
    events: list
    bounties: list
    hide_out: object | None
    fortifications: list

    @property
    def arsenal_cost(self) -> int:
        return sum(m.row.card.cost or 0 for m in self.models)


def crew_queryset() -> QuerySet[Crew]:
    return Crew.objects.select_related(
        "campaign", "campaign__league", "faction", "player", "leader", "leader__card"
    )


def arsenal_sheet(crew: Crew) -> ArsenalSheet:
    """Everything the sheet shows, in a fixed number of queries."""
    active_upgrades = Prefetch(
        "upgrades",
        queryset=ArsenalUpgrade.objects.filter(status=ArsenalUpgrade.Status.ACTIVE)
        .select_related("card"),
        to_attr="active_upgrades",
    )
    rows = list(
        crew.models.select_related("card", "card__pack")
        .prefetch_related("card__factions", active_upgrades)
        .order_by("id")
    )
    models, annihilated = [], []
    for row in rows:
        row.crew = crew
        if not row.is_active:
            annihilated.append(row)
            continue
        ups = row.active_upgrades
        models.append(SheetModel(
            row=row, stats=effective_stats(row, ups),
            upgrades=[u for u in ups if u.kind in ("upgrade", "equipment")],
            skills=[u for u in ups if u.kind == "skill" or u.counts_as_skill],
            injuries=[u for u in ups if u.kind == "injury" and not u.counts_as_skill],
        ))
    models.sort(key=lambda m: (not m.is_leader, _station_rank(m.row.station), m.row.card.name))
    unattached = list(crew.upgrades.filter(status="active", attached_to__isnull=True)
                      .select_related("card"))
    hide_out = getattr(crew, "hide_out", None) if _has_hide_out(crew) else None
    return ArsenalSheet(
        crew=crew, models=models, annihilated=annihilated, unattached=unattached,
        ledger=list(crew.scrip_entries.select_related("actor").order_by("-id")),
        events=list(crew.events.select_related("actor").order_by("-id")[:50]),
        bounties=list(crew.bounties.all()),
        hide_out=hide_out,
        fortifications=list(hide_out.fortifications.all()) if hide_out else [],
    )


def _has_hide_out(crew: Crew) -> bool:
    from campaign.models import HideOut

    return crew.campaign.competitive_mode == Campaign.Competitive.HIDE_OUTS and \
        HideOut.objects.filter(crew=crew).exists()


_RANKS = {"master": 0, "henchman": 1, "enforcer": 2, "minion": 3, "peon": 4}


def _station_rank(station: str) -> int:
    return _RANKS.get(station, 9)


def can_view_crew(user, crew: Crew) -> bool:
    return can_view_campaign(user, crew.campaign)
