"""Optional rules that act between games: Cut 'Em Up For Parts, Collusion and Trading,
and The Wandering Relic (handed out at the start, passed on when its crew loses).

Each is refused unless the campaign turned the option on; each writes its history and
ledger entries like any other arsenal change.
"""

from __future__ import annotations

import secrets

from django.db import transaction

from campaign.models import ArsenalEvent, ArsenalModel, ArsenalUpgrade, Campaign, Crew
from campaign.services import arsenal, scrip
from campaign.services.access import require_campaign_manager, require_crew_editor
from campaign.services.errors import CampaignError

BUSY_GAME_STATES = ("set_up", "in_play", "reported", "disputed", "confirmed")


def _require(campaign: Campaign, option: str) -> None:
    if not getattr(campaign, option):
        label = campaign._meta.get_field(option).verbose_name
        raise CampaignError(f"This campaign does not use the optional rule {label}.")


def _between_games(crew: Crew) -> None:
    from aftermath.models import Aftermath
    from encounters.models import Side

    if Side.objects.filter(crew=crew, game__state__in=BUSY_GAME_STATES).exists():
        raise CampaignError("Finish the crew's game in progress first: this happens between "
                            "games.")
    if Aftermath.objects.filter(crew=crew).exclude(phase="done").exists():
        raise CampaignError("Finish the crew's Aftermath first: this happens between games.")


@transaction.atomic
def cut_em_up(*, model: ArsenalModel, actor) -> int:
    """Annihilate a crew member for half its Soulstone cost (rounded up) in scrip."""
    crew = scrip.lock_crew(model.crew)
    _require(crew.campaign, "cut_em_up")
    require_crew_editor(actor, crew)
    _between_games(crew)
    model = ArsenalModel.objects.select_related("card").get(pk=model.pk)
    if not model.is_active:
        raise CampaignError(f"{model.card.name} is no longer in the arsenal.")
    value = ((model.card.cost or 0) + 1) // 2
    arsenal.annihilate_model(model=model, actor=actor, why="cut up for parts")
    week = crew.campaign.current_week
    result = scrip.gain_scrip(crew, value, week=week, source=model, actor=actor,
                              reason=f"Cut 'Em Up For Parts: {model.card.name}")
    return result.gained


@transaction.atomic
def trade_equipment(*, upgrade: ArsenalUpgrade, to_crew: Crew, actor) -> ArsenalUpgrade:
    """Hand a Campaign Equipment upgrade to another crew of the campaign (never Skills or
    ordinary upgrades). The giving crew's player (or an organizer) makes the trade."""
    crew = scrip.lock_crew(upgrade.crew)
    _require(crew.campaign, "collusion_and_trading")
    require_crew_editor(actor, crew)
    upgrade = ArsenalUpgrade.objects.select_for_update().get(pk=upgrade.pk)
    if upgrade.kind != ArsenalUpgrade.Kind.EQUIPMENT or upgrade.wandering_relic:
        raise CampaignError("Only Campaign Equipment may be traded, not Skills, Injuries or "
                            "ordinary upgrades.")
    if upgrade.status != ArsenalUpgrade.Status.ACTIVE:
        raise CampaignError(f"{upgrade.name} is no longer in the arsenal.")
    if to_crew.pk == crew.pk or to_crew.campaign_id != crew.campaign_id or \
            to_crew.status != Crew.Status.ACTIVE:
        raise CampaignError("Trade with another active crew of this campaign.")
    _move(upgrade, crew, to_crew, actor, verb="traded")
    return upgrade


def _move(upgrade: ArsenalUpgrade, giver: Crew, taker: Crew, actor, *, verb: str) -> None:
    upgrade.crew, upgrade.attached_to = taker, None
    upgrade.save(update_fields=["crew", "attached_to"])
    arsenal._event(giver, ArsenalEvent.Kind.UPGRADE_MOVED, f"{upgrade.name} {verb} to {taker}",
                   actor=actor, upgrade=upgrade, to_crew=taker.pk)
    arsenal._event(taker, ArsenalEvent.Kind.UPGRADE_BOUGHT,
                   f"{upgrade.name} {verb} from {giver}", actor=actor, upgrade=upgrade,
                   from_crew=giver.pk)


@transaction.atomic
def grant_wandering_relic(*, campaign: Campaign, actor, crew: Crew | None = None
                          ) -> ArsenalUpgrade:
    """A random crew (or the one named) flips on Those Who Thirst for the relic."""
    from rules import tables
    from rules.services import recorded_draw

    campaign = Campaign.objects.select_for_update().get(pk=campaign.pk)
    _require(campaign, "wandering_relic")
    require_campaign_manager(actor, campaign)
    if ArsenalUpgrade.objects.filter(crew__campaign=campaign, wandering_relic=True,
                                     status=ArsenalUpgrade.Status.ACTIVE).exists():
        raise CampaignError("The Wandering Relic is already in play.")
    candidates = list(campaign.crews.filter(status=Crew.Status.ACTIVE))
    if crew is None:
        if not candidates:
            raise CampaignError("No crew is ready to receive the relic.")
        crew = secrets.choice(candidates)
    elif crew not in candidates:
        raise CampaignError("Give the relic to an active crew of this campaign.")
    draw = recorded_draw(label="The Wandering Relic", subject=campaign, actor=actor)
    relic = None
    while relic is None:  # Jokers are reflipped
        relic = tables.those_who_thirst_for(draw("Those Who Thirst"))
    upgrade = ArsenalUpgrade.objects.create(
        crew=crew, kind=ArsenalUpgrade.Kind.EQUIPMENT, table_key=relic.key,
        name=relic.name, acquired_week=campaign.current_week, wandering_relic=True)
    arsenal._event(crew, ArsenalEvent.Kind.UPGRADE_BOUGHT,
                   f"{relic.name} came to the crew: the Wandering Relic", actor=actor,
                   upgrade=upgrade)
    return upgrade


def pass_wandering_relic(*, loser: Crew, winner: Crew) -> ArsenalUpgrade | None:
    """The relic leaves a crew that lost and joins the crew that beat it."""
    relic = ArsenalUpgrade.objects.filter(crew=loser, wandering_relic=True,
                                          status=ArsenalUpgrade.Status.ACTIVE).first()
    if relic is not None:
        _move(relic, loser, winner, None, verb="passed (the Wandering Relic)")
    return relic
