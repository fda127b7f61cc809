"""Optional rules that act between games: Cut 'Em Up For Parts, Collusion and Trading
(Equipment and scrip), Highlander (no second copy of a lost Rare 1 model), and The
Wandering Relic (handed out at the start, passed on when its crew loses or sits a week
out).

Each is refused unless the campaign turned the option on; each writes its history and
ledger entries like any other arsenal change.
"""

from __future__ import annotations

import secrets

from django.db import transaction
from django.utils.translation import gettext, gettext_lazy
from django.utils.translation import gettext as _

from campaign.models import ArsenalEvent, ArsenalModel, ArsenalUpgrade, Campaign, Crew
from campaign.services import arsenal, scrip
from campaign.services.access import require_campaign_manager, require_crew_editor
from campaign.services.errors import CampaignError

BUSY_GAME_STATES = ("set_up", "in_play", "reported", "disputed", "confirmed")
#: A game counts as played for the Wandering Relic once its result is reported.
PLAYED_GAME_STATES = ("reported", "disputed", "confirmed", "aftermath", "done")


def option_refusal(campaign: Campaign, option: str) -> str | None:
    """Why an optional rule cannot be used in this campaign (None when it is on)."""
    if getattr(campaign, option):
        return None
    label = campaign._meta.get_field(option).verbose_name
    return gettext("This campaign does not use the optional rule %(label)s.") % {"label": label}


def _require(campaign: Campaign, option: str) -> None:
    refusal = option_refusal(campaign, option)
    if refusal is not None:
        raise CampaignError(refusal)


def _between_games(crew: Crew) -> None:
    from aftermath.models import Aftermath
    from encounters.models import Side

    if Side.objects.filter(crew=crew, game__state__in=BUSY_GAME_STATES).exists():
        raise CampaignError(
            gettext("Finish the crew's game in progress first: this happens between games.")
        )
    if Aftermath.objects.filter(crew=crew).exclude(phase="done").exists():
        raise CampaignError(
            gettext("Finish the crew's Aftermath first: this happens between games.")
        )


@transaction.atomic
def cut_em_up(*, model: ArsenalModel, actor) -> int:
    """Annihilate a crew member for half its Soulstone cost (rounded up) in scrip."""
    crew = scrip.lock_crew(model.crew)
    _require(crew.campaign, "cut_em_up")
    require_crew_editor(actor, crew)
    _between_games(crew)
    model = ArsenalModel.objects.select_related("card").get(pk=model.pk)
    if not model.is_active:
        raise CampaignError(
            gettext("%(name)s is no longer in the arsenal.") % {"name": model.card.name}
        )
    value = ((model.card.cost or 0) + 1) // 2
    arsenal.annihilate_model(model=model, actor=actor, why="cut up for parts")
    week = crew.campaign.current_week
    result = scrip.gain_scrip(
        crew,
        value,
        week=week,
        source=model,
        actor=actor,
        reason=f"Cut 'Em Up For Parts: {model.card.name}",
    )
    return result.gained


def tradeable_equipment(crew: Crew):
    """The upgrades a crew may trade under Collusion and Trading: its Campaign Equipment
    still in the arsenal, never the Wandering Relic (it passes only by losing)."""
    return crew.upgrades.filter(kind=ArsenalUpgrade.Kind.EQUIPMENT,
                                status=ArsenalUpgrade.Status.ACTIVE, wandering_relic=False)


def equipment_refusal(upgrade: ArsenalUpgrade) -> str | None:
    """Why this upgrade cannot be traded (None when it can): the page, the API and the
    service give the same reason."""
    if upgrade.wandering_relic:
        return gettext("The Wandering Relic is never traded: it passes only to the crew that "
                       "beats the crew holding it.")
    if upgrade.kind != ArsenalUpgrade.Kind.EQUIPMENT:
        return gettext(
            "Only Campaign Equipment may be traded, not Skills, Injuries or ordinary upgrades."
        )
    if upgrade.status != ArsenalUpgrade.Status.ACTIVE:
        return gettext("%(name)s is no longer in the arsenal.") % {"name": upgrade.name}
    return None


@transaction.atomic
def trade_equipment(*, upgrade: ArsenalUpgrade, to_crew: Crew, actor) -> ArsenalUpgrade:
    """Hand a Campaign Equipment upgrade to another active crew of the campaign, between
    games (never Skills, Injuries, ordinary upgrades or the Wandering Relic). The giving
    crew's player (or an organizer) makes the trade; the upgrade arrives unattached."""
    # Lock both crews in a fixed order (as trade_scrip does) so two trades cannot deadlock.
    giver_id = ArsenalUpgrade.objects.values_list("crew_id", flat=True).get(pk=upgrade.pk)
    locked = {pk: scrip.lock_crew(Crew(pk=pk)) for pk in sorted({giver_id, to_crew.pk})}
    giver, taker = locked[giver_id], locked[to_crew.pk]
    _may_trade(giver, actor)
    upgrade = ArsenalUpgrade.objects.select_for_update().get(pk=upgrade.pk)
    if upgrade.crew_id != giver.pk:  # moved meanwhile: the crew locked is not its crew
        raise CampaignError(
            gettext("%(name)s is no longer in the arsenal.") % {"name": upgrade.name})
    refusal = equipment_refusal(upgrade)
    if refusal is not None:
        raise CampaignError(refusal)
    _trade_partners(giver, taker)
    _move(upgrade, giver, taker, actor, verb="traded")
    return upgrade


def _may_trade(giver: Crew, actor) -> None:
    """Who asks, then the rule, then the campaign: another player is told 403 whatever
    the rule, and an ended campaign's sheets stay read-only."""
    require_crew_editor(actor, giver)
    _require(giver.campaign, "collusion_and_trading")
    if giver.campaign.is_read_only:
        raise CampaignError(
            gettext("This campaign has ended; its arsenal sheets are read-only."))


def _trade_partners(giver: Crew, taker: Crew) -> None:
    """Both crews active in the same campaign, and no game or Aftermath of the giver's
    open: trades happen between games."""
    if giver.status != Crew.Status.ACTIVE:
        raise CampaignError(gettext("Only an active crew may trade."))
    if (
        taker.pk == giver.pk
        or taker.campaign_id != giver.campaign_id
        or taker.status != Crew.Status.ACTIVE
    ):
        raise CampaignError(gettext("Trade with another active crew of this campaign."))
    _between_games(giver)


@transaction.atomic
def trade_scrip(*, crew: Crew, to_crew: Crew, amount: int, actor) -> int:
    """Give scrip to another crew between games (Collusion and Trading).

    What the taker receives is scrip gained, so it counts toward its weekly cap; a gift
    larger than the taker's room this week is refused rather than half discarded, so
    nothing is lost in the trade.
    """
    if not isinstance(amount, int) or amount < 1:
        raise CampaignError(_("Trade at least 1 scrip."))
    # Lock both crews in a fixed order so two opposite trades cannot deadlock.
    first, second = sorted([crew, to_crew], key=lambda c: c.pk)
    locked = {c.pk: scrip.lock_crew(c) for c in (first, second)}
    giver, taker = locked[crew.pk], locked[to_crew.pk]
    _may_trade(giver, actor)
    _trade_partners(giver, taker)
    if amount > giver.scrip:
        raise CampaignError(_("%(crew)s has only %(scrip)s scrip to trade.")
                            % {"crew": giver, "scrip": giver.scrip})
    week = giver.campaign.current_week
    room = max(0, giver.campaign.weekly_scrip_cap - scrip.gained_in_week(taker, week))
    if amount > room:
        raise CampaignError(_("%(crew)s can take only %(room)s more scrip this week (the "
                              "weekly cap).") % {"crew": taker, "room": room})
    scrip.spend_scrip(giver, amount, week=week, locked=giver, actor=actor,
                      reason=f"Traded to {taker}")
    scrip.gain_scrip(taker, amount, week=week, actor=actor, reason=f"Traded from {giver}")
    return amount


def highlander_refusals(crew: Crew, cards) -> list[str]:
    """Highlander: a Rare 1 (or Unique) model once annihilated never rejoins its crew."""
    if not crew.campaign.highlander:
        return []
    limited = {c.pk: c for c in cards if c.rare_limit == 1}
    if not limited:
        return []
    lost = set(crew.models.filter(status=ArsenalModel.Status.ANNIHILATED, card__in=list(limited))
               .values_list("card_id", flat=True))
    return [_("%(name)s was annihilated; under Highlander the crew may never add it again.")
            % {"name": limited[pk].name} for pk in sorted(lost)]


def _move(upgrade: ArsenalUpgrade, giver: Crew, taker: Crew, actor, *, verb: str) -> None:
    upgrade.crew, upgrade.attached_to = taker, None
    upgrade.save(update_fields=["crew", "attached_to"])
    arsenal._event(
        giver,
        ArsenalEvent.Kind.UPGRADE_MOVED,
        f"{upgrade.name} {verb} to {taker}",
        actor=actor,
        upgrade=upgrade,
        to_crew=taker.pk,
    )
    arsenal._event(
        taker,
        ArsenalEvent.Kind.UPGRADE_BOUGHT,
        f"{upgrade.name} {verb} from {giver}",
        actor=actor,
        upgrade=upgrade,
        from_crew=giver.pk,
    )


@transaction.atomic
def grant_wandering_relic(*, campaign: Campaign, actor, crew: Crew | None = None) -> ArsenalUpgrade:
    """A random crew (or the one named) flips on Those Who Thirst for the relic."""
    from rules import tables
    from rules.services import recorded_draw

    campaign = Campaign.objects.select_for_update().get(pk=campaign.pk)
    _require(campaign, "wandering_relic")
    require_campaign_manager(actor, campaign)
    if ArsenalUpgrade.objects.filter(
        crew__campaign=campaign, wandering_relic=True, status=ArsenalUpgrade.Status.ACTIVE
    ).exists():
        raise CampaignError(gettext("The Wandering Relic is already in play."))
    candidates = list(campaign.crews.filter(status=Crew.Status.ACTIVE))
    if crew is None:
        if not candidates:
            raise CampaignError(gettext("No crew is ready to receive the relic."))
        crew = secrets.choice(candidates)
    elif crew not in candidates:
        raise CampaignError(gettext("Give the relic to an active crew of this campaign."))
    draw = recorded_draw(label=gettext_lazy("The Wandering Relic"), subject=campaign, actor=actor)
    relic = None
    while relic is None:  # Jokers are reflipped
        relic = tables.those_who_thirst_for(draw("Those Who Thirst"))
    upgrade = ArsenalUpgrade.objects.create(
        crew=crew,
        kind=ArsenalUpgrade.Kind.EQUIPMENT,
        table_key=relic.key,
        name=relic.name,
        acquired_week=campaign.current_week,
        wandering_relic=True,
    )
    arsenal._event(
        crew,
        ArsenalEvent.Kind.UPGRADE_BOUGHT,
        f"{relic.name} came to the crew: the Wandering Relic",
        actor=actor,
        upgrade=upgrade,
    )
    return upgrade


def pass_wandering_relic(*, loser: Crew, winner: Crew) -> ArsenalUpgrade | None:
    """The relic leaves a crew that lost and joins the crew that beat it."""
    relic = ArsenalUpgrade.objects.filter(
        crew=loser, wandering_relic=True, status=ArsenalUpgrade.Status.ACTIVE
    ).first()
    if relic is not None:
        _move(relic, loser, winner, None, verb="passed (the Wandering Relic)")
    return relic


def relic_for_idle_crew(*, week, actor=None) -> ArsenalUpgrade | None:
    """At the week's close: a crew holding the relic that played no game in the week
    loses it to another active crew, chosen at random."""
    campaign = week.campaign
    if not campaign.wandering_relic:
        return None
    from encounters.models import Side

    relic = (ArsenalUpgrade.objects.select_for_update(of=("self",)).select_related("crew")
             .filter(crew__campaign=campaign, wandering_relic=True,
                     status=ArsenalUpgrade.Status.ACTIVE).first())
    if relic is None:
        return None
    played = Side.objects.filter(crew=relic.crew, game__week=week,
                                 game__state__in=PLAYED_GAME_STATES).exists()
    if played:
        return None
    others = list(campaign.crews.filter(status=Crew.Status.ACTIVE).exclude(pk=relic.crew_id)
                  .order_by("pk"))
    if not others:
        return None
    taker = secrets.choice(others)
    _move(relic, relic.crew, taker, actor,
          verb=f"passed (the Wandering Relic: no game in week {week.number})")
    return relic
