"""The Wanted Injury: the next time its model is killed or sacrificed, the opposing crew
gains 2 Scrip and the Injury is annihilated. The tracker calls this when it records the
casualty, so it happens once, on the first such casualty."""

from __future__ import annotations

from campaign.models import ArsenalEvent, ArsenalUpgrade, Crew
from campaign.services import arsenal, scrip

WANTED = "wanted"
WANTED_SCRIP = 2


def collect(*, model_id: int, opponent: Crew | None, week: int, source=None,
            actor=None) -> int:
    """Pay the bounty on ``model_id`` to ``opponent`` and annihilate the Injury; the scrip
    paid (0 when the model is not Wanted)."""
    injury = (ArsenalUpgrade.objects.select_for_update(of=("self",))
              .select_related("crew__campaign").filter(attached_to_id=model_id, table_key=WANTED,
                      kind=ArsenalUpgrade.Kind.INJURY, status=ArsenalUpgrade.Status.ACTIVE)
              .first())
    if injury is None:
        return 0
    injury.status = ArsenalUpgrade.Status.ANNIHILATED
    injury.save(update_fields=["status"])
    arsenal._event(injury.crew, ArsenalEvent.Kind.ANNIHILATED,
                   f"{injury.name} paid out and annihilated", actor=actor, upgrade=injury,
                   model=injury.attached_to)
    if opponent is None:
        return 0
    scrip.gain_scrip(opponent, WANTED_SCRIP, week=week, source=source, actor=actor,
                     reason=f"Wanted: {injury.attached_to.card.name} of {injury.crew} fell")
    return WANTED_SCRIP
