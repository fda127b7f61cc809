"""Read paths for campaign pages and the API, with their query counts bounded.

``arsenal_sheet`` loads a crew's whole sheet in a fixed number of queries whatever the
arsenal's size; pages and the API both use it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Q, QuerySet

from campaign.models import ArsenalModel, ArsenalUpgrade, Campaign, Crew
from campaign.services import catch_up, one_use
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
    one_use: list[ArsenalUpgrade] = field(default_factory=list)

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
    open_aftermaths: list = field(default_factory=list)
    catch_up: object | None = None
    #: The campaign plays Hide Outs (competitive mode).
    hide_outs_mode: bool = False

    @property
    def arsenal_cost(self) -> int:
        return sum(m.row.card.cost or 0 for m in self.models)

    @property
    def hide_outs_to_choose(self) -> tuple:
        """The Hide Out types on offer while the crew of a Hide Outs campaign has none."""
        if not self.hide_outs_mode or self.hide_out is not None:
            return ()
        from rules import tables

        return tables.hide_outs().rows


def crew_queryset() -> QuerySet[Crew]:
    return Crew.objects.select_related(
        "campaign", "campaign__league", "faction", "player", "leader", "leader__card"
    )


def sheet_crew_queryset() -> QuerySet[Crew]:
    """The crew as the sheet page loads it: with the campaign and league its permission
    checks read, and nothing else (the cache key holds these rows: ``sheet_cache``)."""
    return Crew.objects.select_related("campaign__league")


def arsenal_sheet(crew: Crew) -> ArsenalSheet:
    """Everything the sheet shows, in six queries (seven in Hide Outs mode) whatever the
    arsenal's size: the models with their cards, every active upgrade with its card at
    once (grouped by model here), the ledger, the latest events, the bounties, the open
    Aftermaths."""
    rows = list(crew.models.select_related("card", "card__pack").order_by("id"))
    attached: dict[int | None, list[ArsenalUpgrade]] = {}
    for upgrade in (crew.upgrades.filter(status=ArsenalUpgrade.Status.ACTIVE)
                    .select_related("card").order_by("kind", "id")):
        attached.setdefault(upgrade.attached_to_id, []).append(upgrade)
    models, annihilated = [], []
    for row in rows:
        row.crew = crew
        if not row.is_active:
            annihilated.append(row)
            continue
        ups = attached.get(row.pk, [])
        models.append(SheetModel(
            row=row, stats=effective_stats(row, ups),
            upgrades=[u for u in ups if u.kind in ("upgrade", "equipment")],
            skills=[u for u in ups if u.kind == "skill" or u.counts_as_skill],
            injuries=[u for u in ups if u.kind == "injury" and not u.counts_as_skill],
            one_use=one_use.unspent(ups),
        ))
    models.sort(key=lambda m: (not m.is_leader, _station_rank(m.row.station), m.row.card.name))
    hide_out = _hide_out(crew)
    return ArsenalSheet(
        crew=crew, models=models, annihilated=annihilated, unattached=attached.get(None, []),
        ledger=list(crew.scrip_entries.only("id", "crew_id", "week", "kind", "amount",
                                            "reason", "created_at").order_by("-id")),
        events=list(crew.events.only("id", "crew_id", "week", "kind", "description")
                    .order_by("-id")[:50]),
        bounties=list(crew.bounties.only("id", "crew_id", "name", "status")),
        hide_out=hide_out,
        fortifications=list(hide_out.fortifications.all()) if hide_out else [],
        open_aftermaths=list(crew.aftermaths.exclude(phase="done")  # Aftermath.Phase.DONE
                             .only("id", "crew_id", "week", "phase").order_by("id")),
        catch_up=catch_up.for_sheet(crew),
        hide_outs_mode=crew.campaign.competitive_mode == Campaign.Competitive.HIDE_OUTS,
    )


def _hide_out(crew: Crew):
    from campaign.models import HideOut

    if crew.campaign.competitive_mode != Campaign.Competitive.HIDE_OUTS:
        return None
    return HideOut.objects.filter(crew=crew).first()


_RANKS = {"master": 0, "henchman": 1, "enforcer": 2, "minion": 3, "peon": 4}


def _station_rank(station: str) -> int:
    return _RANKS.get(station, 9)


def can_view_crew(user, crew: Crew) -> bool:
    return can_view_campaign(user, crew.campaign)
