"""Crews: joining a campaign, the starting arsenal, New Hires, Masters, moving upgrades.

The order of writes matters in two places: scrip is spent (under the crew's row lock)
before anything is added to the arsenal, so a refused purchase writes nothing; and the
Leader is set after its arsenal row exists, in the same transaction.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext

from campaign.models import (
    ArsenalEvent,
    ArsenalModel,
    ArsenalUpgrade,
    Campaign,
    Crew,
    CrewBounty,
    NewHires,
)
from campaign.services import arsenal, optional_rules, scrip
from campaign.services.access import require_crew_editor
from campaign.services.errors import CampaignError
from catalogue.models import Faction, ModelCard, Station, UpgradeCard
from league import permissions as league_permissions
from rules.engine import hiring


@dataclass(frozen=True)
class StartingArsenalResult:
    crew: Crew
    plan: hiring.StartingArsenalPlan


@dataclass(frozen=True)
class NewHiresResult:
    crew: Crew
    models: list[ArsenalModel]
    upgrades: list[ArsenalUpgrade]
    scrip_spent: int


def cards_for(campaign: Campaign):
    """Stat cards the campaign allows (its chosen packs, or every pack)."""
    cards = ModelCard.objects.prefetch_related("factions")
    pack_ids = list(campaign.content_packs.values_list("pk", flat=True))
    return cards.filter(pack__in=pack_ids) if pack_ids else cards


def upgrades_for(campaign: Campaign):
    upgrades = UpgradeCard.objects.prefetch_related("factions")
    pack_ids = list(campaign.content_packs.values_list("pk", flat=True))
    return upgrades.filter(pack__in=pack_ids) if pack_ids else upgrades


def _event(crew, kind, description, *, week, actor, model=None, upgrade=None, **detail):
    return ArsenalEvent.objects.create(crew=crew, kind=kind, week=week, model=model,
                                       upgrade=upgrade, description=description[:250],
                                       detail=detail, actor=actor)


def _require_writable(campaign: Campaign) -> None:
    if campaign.is_read_only:
        raise CampaignError(gettext("This campaign has ended; its arsenal sheets are read-only."))


@transaction.atomic
def join_campaign(*, campaign: Campaign, player, name: str, faction: Faction,
                  actor=None) -> Crew:
    """A league member joins with a crew name and the faction it keeps all campaign."""
    actor = actor or player
    if not league_permissions.is_member(player, campaign.league):
        raise CampaignError(
            gettext("Join the league first: only its members play in its campaigns.")
        )
    if actor != player:
        from campaign.services.access import require_campaign_manager

        require_campaign_manager(actor, campaign)
    campaign = Campaign.objects.select_for_update().get(pk=campaign.pk)
    _require_writable(campaign)
    if campaign.crews.filter(player=player).exclude(status=Crew.Status.RETIRED).exists():
        raise CampaignError(gettext("You already have a crew in this campaign."))
    week = campaign.current_week if campaign.status == Campaign.Status.RUNNING else 1
    crew = Crew.objects.create(
        campaign=campaign, player=player, name=name.strip(), faction=faction, joined_week=week
    )
    _credit_late_start(crew, actor)
    return crew


def _infos(cards: Sequence[ModelCard]) -> list[hiring.CardInfo]:
    return [hiring.CardInfo.from_card(c) for c in cards]


def plan_for(
    crew: Crew,
    *,
    leader: ModelCard | None,
    models: Sequence[ModelCard],
    upgrade: UpgradeCard | None = None,
    upgrade_on_index: int | None = None,
) -> hiring.StartingArsenalPlan:
    """Check a starting arsenal without writing anything (the builder's live totals).

    ``upgrade_on_index`` is -1 for the Leader or the index into ``models``.
    """
    campaign = crew.campaign
    leader_info = hiring.CardInfo.from_card(leader) if leader else None
    infos = _infos(models)
    upgrade_on = None
    if upgrade is not None and upgrade_on_index is not None:
        upgrade_on = (
            leader_info
            if upgrade_on_index == -1
            else (infos[upgrade_on_index] if 0 <= upgrade_on_index < len(infos) else None)
        )
    return hiring.plan_starting_arsenal(
        faction=crew.faction.code,
        leader=leader_info,
        models=infos,
        budget=campaign.starting_arsenal_size,
        scrip_available=crew.scrip,
        masters_from_start=campaign.masters_from_start,
        upgrade=hiring.UpgradeInfo.from_card(upgrade) if upgrade else None,
        upgrade_on=upgrade_on,
    )


LATE_START_SCRIP_PER_WEEK = 5


def _credit_late_start(crew: Crew, actor) -> None:
    """Starting Anew and late joiners gain 5 scrip for each week past the first, to hire
    their starting arsenal with (recorded like starting scrip: not weekly earnings)."""
    weeks = max(0, crew.joined_week - 1)
    if weeks:
        scrip.credit_starting(
            crew,
            LATE_START_SCRIP_PER_WEEK * weeks,
            week=crew.joined_week,
            reason=f"Late start: {LATE_START_SCRIP_PER_WEEK} scrip for each "
            f"of {weeks} week(s) past the first",
            actor=actor,
        )
        crew.refresh_from_db(fields=["scrip"])


@transaction.atomic
def build_starting_arsenal(
    *,
    crew: Crew,
    actor,
    leader: ModelCard,
    models: Sequence[ModelCard],
    upgrade: UpgradeCard | None = None,
    upgrade_on_index: int | None = None,
) -> StartingArsenalResult:
    """Hire the starting arsenal in one go, or refuse with every reason and write nothing."""
    require_crew_editor(actor, crew)
    crew = scrip.lock_crew(crew)
    _require_writable(crew.campaign)
    if crew.status != Crew.Status.BUILDING:
        raise CampaignError(gettext("This crew's starting arsenal is already built."))
    allowed = set(cards_for(crew.campaign).values_list("pk", flat=True))
    outside = [c.name for c in [leader, *models] if c.pk not in allowed]
    if outside:
        raise hiring.HiringRefused(
            [f"{n} is not in this campaign's content packs." for n in outside]
        )
    plan = plan_for(
        crew, leader=leader, models=models, upgrade=upgrade, upgrade_on_index=upgrade_on_index
    )
    if not plan.is_legal:
        raise hiring.HiringRefused(plan.refusals)
    week = crew.joined_week
    if plan.scrip_spent:
        scrip.spend_scrip(
            crew,
            plan.scrip_spent,
            week=week,
            locked=crew,
            actor=actor,
            reason="Starting arsenal beyond the soulstone budget",
        )
    rows = []
    for line, card in zip(plan.lines, [leader, *models], strict=True):
        rows.append(
            ArsenalModel.objects.create(
                crew=crew, card=card, station=card.station, hired_week=week, cost_paid=line.cost
            )
        )
    crew.leader = rows[0]
    crew.status = Crew.Status.ACTIVE
    crew.save(update_fields=["leader", "status"])
    if upgrade is not None:
        target = rows[0] if upgrade_on_index == -1 else rows[1 + upgrade_on_index]
        ArsenalUpgrade.objects.create(
            crew=crew,
            kind=ArsenalUpgrade.Kind.UPGRADE,
            card=upgrade,
            name=upgrade.name,
            attached_to=target,
            acquired_week=week,
            cost_paid=upgrade.cost,
        )
    if plan.starting_scrip:
        scrip.credit_starting(
            crew,
            plan.starting_scrip,
            week=week,
            actor=actor,
            reason="Unspent soulstones of the starting arsenal",
        )
    _event(
        crew,
        ArsenalEvent.Kind.STARTED,
        f"Starting arsenal: {len(rows)} models for {plan.total} soulstones, "
        f"{plan.starting_scrip} scrip left over",
        week=week,
        actor=actor,
        total=plan.total,
        budget=plan.budget,
        models=[r.pk for r in rows],
    )
    return StartingArsenalResult(crew, plan)


def _active_infos(crew: Crew) -> tuple[hiring.CardInfo | None, list[hiring.CardInfo]]:
    rows = list(
        crew.models.filter(status=ArsenalModel.Status.ACTIVE)
        .select_related("card")
        .prefetch_related("card__factions", "upgrades")
    )
    leader = next((r for r in rows if r.pk == crew.leader_id), None)
    leader_info = arsenal.hiring_info(leader, crew.leader_id) if leader else None
    others = [hiring.CardInfo.from_card(r.card, r.station) for r in rows if r.pk != crew.leader_id]
    return leader_info, others


def _new_hires_open(crew: Crew) -> int:
    campaign = crew.campaign
    if campaign.status != Campaign.Status.RUNNING:
        raise CampaignError(gettext("New Hires open once the campaign is running."))
    if campaign.current_week < 2:
        raise CampaignError(gettext("There are no New Hires in the first week of a campaign."))
    if crew.status != Crew.Status.ACTIVE:
        raise CampaignError(gettext("Build the starting arsenal first."))
    week = campaign.weeks.filter(number=campaign.current_week).first()
    if week is not None and week.state in (week.State.UPCOMING, week.State.CLOSED):
        raise CampaignError(
            gettext("New Hires for week %(current_week)s are not open (the week is %(lower)s).")
            % {"current_week": campaign.current_week, "lower": week.get_state_display().lower()}
        )
    if NewHires.objects.filter(crew=crew, week=campaign.current_week).exists():
        raise CampaignError(
            gettext("This crew already took its New Hires in week %(current_week)s.")
            % {"current_week": campaign.current_week}
        )
    _before_the_crews_games(crew)
    return campaign.current_week


def _before_the_crews_games(crew: Crew) -> None:
    """New Hires happen at the start of the week: once the crew has a game set up this
    week (in any state), the phase is over for it (campaign book, NEW HIRES)."""
    campaign = crew.campaign
    if crew.game_sides.filter(
        game__campaign=campaign, game__week__number=campaign.current_week
    ).exists():
        raise CampaignError(
            gettext(
                "New Hires are taken at the start of week %(current_week)s, "
                "before the crew's games; this crew already has a game this "
                "week."
            )
            % {"current_week": campaign.current_week}
        )


def _first_hire_discount(crew: Crew) -> int:
    """5, or the Hide Out's larger discount (Extra Guards: 6)."""
    from campaign.services import hideouts

    effects = hideouts.fortification_effects(crew)
    return max(hiring.FIRST_HIRE_DISCOUNT, effects.get("first_hire_discount", 0))


@transaction.atomic
def new_hires(
    *, crew: Crew, actor, models: Sequence[ModelCard], upgrades: Sequence[UpgradeCard] = ()
) -> NewHiresResult:
    """This week's New Hires: at least one model, the first 5 cheaper, upgrades at double."""
    require_crew_editor(actor, crew)
    crew = scrip.lock_crew(crew)
    _require_writable(crew.campaign)
    week = _new_hires_open(crew)
    if not models:
        raise CampaignError(gettext("Every crew hires at least one new model each week."))
    faction = crew.faction.code
    leader, others = _active_infos(crew)
    infos = _infos(models)
    reasons: list[str] = []
    for info in infos:
        reasons += hiring.model_refusals(info, faction=faction, leader=leader, others=others)
        others.append(info)
    reasons += optional_rules.highlander_refusals(crew, models)
    if reasons:
        raise hiring.HiringRefused(reasons)
    costs = hiring.new_hire_costs(infos, faction, discount=_first_hire_discount(crew))
    upgrade_costs = [hiring.upgrade_scrip_cost(hiring.UpgradeInfo.from_card(u))
                     for u in upgrades]
    for upgrade in upgrades:
        if upgrade.factions.exists() and not upgrade.factions.filter(pk=crew.faction_id).exists():
            raise hiring.HiringRefused([f"{upgrade.name} is not an upgrade of the crew's faction."])
    total = sum(costs) + sum(upgrade_costs)
    scrip.spend_scrip(
        crew, total, week=week, reason=f"New Hires, week {week}", actor=actor, locked=crew
    )
    hired = []
    for card, cost in zip(models, costs, strict=True):
        row = ArsenalModel.objects.create(
            crew=crew, card=card, station=card.station, hired_week=week, cost_paid=cost
        )
        _event(
            crew,
            ArsenalEvent.Kind.HIRED,
            f"Hired {card.name} for {cost} scrip",
            week=week,
            actor=actor,
            model=row,
        )
        hired.append(row)
    bought = []
    for upgrade, cost in zip(upgrades, upgrade_costs, strict=True):
        row = ArsenalUpgrade.objects.create(
            crew=crew,
            kind=ArsenalUpgrade.Kind.UPGRADE,
            card=upgrade,
            name=upgrade.name,
            acquired_week=week,
            cost_paid=cost,
        )
        _event(
            crew,
            ArsenalEvent.Kind.UPGRADE_BOUGHT,
            f"Bought {upgrade.name} for {cost} scrip",
            week=week,
            actor=actor,
            upgrade=row,
        )
        bought.append(row)
    NewHires.objects.create(crew=crew, week=week, scrip_spent=total)
    return NewHiresResult(crew, hired, bought, total)


@transaction.atomic
def add_master(*, crew: Crew, actor, master: ModelCard) -> ArsenalModel:
    """Adding a Master: from the halfway week, with a completed bounty, for 10 scrip.

    The Master becomes the Leader; a crew holds one Master at most. It may be bought in
    the same week as the New Hires (it is part of that phase).
    """
    require_crew_editor(actor, crew)
    crew = scrip.lock_crew(crew)
    campaign = crew.campaign
    _require_writable(campaign)
    if campaign.status != Campaign.Status.RUNNING or campaign.current_week < 2:
        raise CampaignError(gettext("Masters are added during New Hires of a running campaign."))
    week = campaign.current_week
    reasons = []
    if master.station != Station.MASTER:
        reasons.append(f"{master.name} is not a Master.")
    if week < campaign.halfway_week:
        reasons.append(
            f"Masters may join from week {campaign.halfway_week}, the campaign's halfway point."
        )
    if not crew.bounties.filter(status=CrewBounty.Status.COMPLETED).exists():
        reasons.append("Only a crew that has completed a Bounty may hire a Master.")
    if crew.models.filter(status=ArsenalModel.Status.ACTIVE, station=Station.MASTER).exists():
        reasons.append("The crew already has a Master; it may not hire another.")
    if not master.factions.filter(pk=crew.faction_id).exists():
        reasons.append(f"{master.name} does not belong to the crew's faction.")
    reasons += optional_rules.highlander_refusals(crew, [master])
    if reasons:
        raise hiring.HiringRefused(reasons)
    _before_the_crews_games(crew)
    scrip.spend_scrip(
        crew,
        hiring.MASTER_SCRIP_COST,
        week=week,
        reason=f"Master {master.name} joins",
        actor=actor,
        locked=crew,
    )
    row = ArsenalModel.objects.create(
        crew=crew,
        card=master,
        station=Station.MASTER,
        hired_week=week,
        cost_paid=hiring.MASTER_SCRIP_COST,
    )
    previous = crew.leader
    crew.leader = row
    crew.save(update_fields=["leader"])
    _event(
        crew,
        ArsenalEvent.Kind.HIRED,
        f"{master.name} joins as the crew's Master",
        week=week,
        actor=actor,
        model=row,
    )
    _event(
        crew,
        ArsenalEvent.Kind.LEADER,
        f"{master.name} now leads (was {previous})",
        week=week,
        actor=actor,
        model=row,
    )
    return row


@transaction.atomic
def attach_upgrade(
    *, crew: Crew, actor, upgrade: ArsenalUpgrade, model: ArsenalModel | None
) -> ArsenalUpgrade:
    """Move a non-Campaign upgrade to another legal model (or detach it). Skills and
    injuries stay on their model."""
    require_crew_editor(actor, crew)
    crew = scrip.lock_crew(crew)
    _require_writable(crew.campaign)
    upgrade = ArsenalUpgrade.objects.select_for_update().get(pk=upgrade.pk, crew=crew)
    if upgrade.kind in (ArsenalUpgrade.Kind.SKILL, ArsenalUpgrade.Kind.INJURY):
        raise CampaignError(
            gettext("%(name)s stays on the model that earned it.") % {"name": upgrade.name}
        )
    if model is not None:
        if model.crew_id != crew.pk or not model.is_active:
            raise CampaignError(gettext("Choose a model in this crew's arsenal."))
        leader, _ = _active_infos(crew)
        on_model = [
            hiring.UpgradeInfo.from_card(u.card)
            for u in model.upgrades.filter(kind=ArsenalUpgrade.Kind.UPGRADE, status="active")
            .exclude(pk=upgrade.pk)
            .select_related("card")
            .prefetch_related("card__factions")
        ]
        reasons = hiring.upgrade_refusals(
            hiring.UpgradeInfo.from_card(upgrade.card),
            faction=crew.faction.code,
            model=arsenal.hiring_info(model, crew.leader_id),
            leader=leader,
            on_model=on_model,
        )
        if reasons:
            raise hiring.HiringRefused(reasons)
    upgrade.attached_to = model
    upgrade.save(update_fields=["attached_to"])
    where = model.card.name if model else "the arsenal (unattached)"
    _event(
        crew,
        ArsenalEvent.Kind.UPGRADE_MOVED,
        f"{upgrade.name} moved to {where}",
        week=crew.campaign.current_week,
        actor=actor,
        upgrade=upgrade,
        model=model,
    )
    return upgrade


@transaction.atomic
def start_anew(*, crew: Crew, actor, name: str, faction: Faction) -> Crew:
    """Retire the crew and open a new one that builds with 5 more soulstones per week past
    the first (the same path as a late joiner)."""
    require_crew_editor(actor, crew)
    crew = scrip.lock_crew(crew)
    campaign = crew.campaign
    _require_writable(campaign)
    # Re-checked under the lock: a retired crew was already started anew, and its player
    # has a current crew (a second new one would break one_current_crew_per_player).
    if crew.status == Crew.Status.RETIRED:
        raise CampaignError(
            gettext("This crew is retired; start anew from the player's current crew.")
        )
    crew.status = Crew.Status.RETIRED
    crew.save(update_fields=["status"])
    _event(
        crew,
        ArsenalEvent.Kind.RETIRED,
        "The player started anew",
        week=campaign.current_week,
        actor=actor,
    )
    week = campaign.current_week if campaign.status == Campaign.Status.RUNNING else 1
    new = Crew.objects.create(
        campaign=campaign, player=crew.player, name=name.strip(), faction=faction, joined_week=week
    )
    _credit_late_start(new, actor)
    return new
