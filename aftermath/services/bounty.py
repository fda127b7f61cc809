"""Phase 5, Purchase a Bounty: 4 scrip, one at a time (a new one discards the old),
never one the crew has already accomplished this campaign."""

from __future__ import annotations

from django.db import transaction

from aftermath.models import Aftermath
from aftermath.services import flow
from aftermath.services.common import (
    AftermathError,
    applying,
    lock,
    record_step,
    require_phase,
    require_player,
)
from campaign.models import CrewBounty
from campaign.services import scrip
from rules import tables
from rules.engine import bounties

Phase = Aftermath.Phase


def choices(aftermath: Aftermath) -> list:
    """The Bounties this crew may buy now (its faction's and the generic ones)."""
    done = set(aftermath.crew.bounties.filter(status=CrewBounty.Status.COMPLETED)
               .values_list("bounty_key", flat=True))
    return [b for b in tables.bounties_for(aftermath.crew.faction.code) if b.key not in done]


@transaction.atomic
def buy(*, aftermath: Aftermath, actor, key: str, replace: bool = False) -> CrewBounty:
    aftermath = lock(aftermath)
    require_player(actor, aftermath)
    require_phase(aftermath, Phase.BOUNTY)
    crew = scrip.lock_crew(aftermath.crew)
    active = list(crew.bounties.filter(status=CrewBounty.Status.ACTIVE))
    refusal = bounties.can_purchase(
        key, active={b.bounty_key for b in active},
        completed=set(crew.bounties.filter(status=CrewBounty.Status.COMPLETED)
                      .values_list("bounty_key", flat=True)),
        scrip=crew.scrip, faction=crew.faction.code, replace_active=replace)
    if refusal:
        raise AftermathError(refusal)
    row = next(b for b in tables.bounties().rows if b.key == key)
    step = record_step(aftermath, f"Bought the Bounty {row.name}", actor=actor, bounty=key,
                       replaced=[b.bounty_key for b in active])
    with applying(step):
        scrip.spend_scrip(crew, bounties.BOUNTY_COST, week=aftermath.week,
                          reason=f"Bounty: {row.name}")
    for old in active:
        old.status = CrewBounty.Status.ABANDONED
        old.save(update_fields=["status"])
    bought = CrewBounty.objects.create(crew=crew, bounty_key=key, name=row.name,
                                       bought_week=aftermath.week,
                                       progress={"counted": 0, "target": row.target,
                                                 "contributions": []})
    flow.advance(aftermath, actor=actor)
    return bought


@transaction.atomic
def skip(*, aftermath: Aftermath, actor, by_default: bool = False) -> Aftermath:
    aftermath = lock(aftermath)
    require_player(actor, aftermath)
    require_phase(aftermath, Phase.BOUNTY)
    record_step(aftermath, "No Bounty bought", actor=actor, by_default=by_default)
    return flow.advance(aftermath, actor=actor)
