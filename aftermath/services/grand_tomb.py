"""Grand Tomb (Mausoleum): once per Campaign, an enemy model killed during the game joins
the crew's Arsenal, in the Aftermath's last phase. A model the crew could not hire
normally (neither of its Faction nor a Mercenary) may be hired, and gains Undead.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext

from aftermath.models import Aftermath
from aftermath.services.common import (
    AftermathError,
    applying,
    lock,
    record_step,
    require_phase,
    require_player,
)
from campaign.models import ArsenalEvent, ArsenalModel, Campaign
from campaign.services import hideouts
from campaign.services.arsenal import _event
from encounters.models import Casualty

GRAND_TOMB = "grand-tomb"
UNDEAD = "Undead"


def used(crew) -> bool:
    return ArsenalEvent.objects.filter(crew=crew, detail__fortification=GRAND_TOMB).exists()


def choices(aftermath: Aftermath) -> list[Casualty]:
    """The enemy models killed in this game that the Grand Tomb may take (none once
    used, or without the Fortification). A Master is not offered: it could only lead."""
    crew = aftermath.crew
    if crew.campaign.competitive_mode != Campaign.Competitive.HIDE_OUTS \
            or GRAND_TOMB not in hideouts.owned_keys(crew) or used(crew):
        return []
    rows = (Casualty.objects.filter(game=aftermath.game, model__isnull=False,
                                    side__isnull=False,
                                    how__in=[Casualty.How.KILLED, Casualty.How.BURIED])
            .exclude(side__key=aftermath.side_key)
            .select_related("model__arsenal_model__card", "model__wandering_card")
            .order_by("id"))
    out, seen = [], set()
    for casualty in rows:
        card = _card(casualty)
        station = casualty.model.station or (card.station if card else "")
        if card is not None and station != "master" and casualty.model_id not in seen:
            seen.add(casualty.model_id)
            out.append(casualty)
    return out


def _card(casualty: Casualty):
    hired = casualty.model
    if hired.arsenal_model_id:
        return hired.arsenal_model.card
    return hired.wandering_card


def undead(crew, card) -> bool:
    """True when the crew could not hire ``card`` normally: it then gains Undead."""
    in_faction = card.factions.filter(pk=crew.faction_id).exists()
    return not (in_faction or card.is_mercenary) and UNDEAD.lower() not in {
        str(c).lower() for c in card.characteristics or ()}


@transaction.atomic
def take(*, aftermath: Aftermath, actor, casualty: Casualty) -> ArsenalModel:
    aftermath = lock(aftermath)
    require_player(actor, aftermath)
    require_phase(aftermath, Aftermath.Phase.EXTRAS)
    crew = aftermath.crew
    if GRAND_TOMB not in hideouts.owned_keys(crew):
        raise AftermathError(gettext("The crew's Hide Out has no Grand Tomb."))
    if used(crew):
        raise AftermathError(gettext("The Grand Tomb is used once per Campaign."))
    if casualty.pk not in {c.pk for c in choices(aftermath)}:
        raise AftermathError(gettext("Choose an enemy model killed in this game."))
    card = _card(casualty)
    station = casualty.model.station or card.station
    gains = [UNDEAD] if undead(crew, card) else []
    step = record_step(aftermath, f"Grand Tomb: {card.name} joins the Arsenal"
                       + (" (Undead)" if gains else ""), actor=actor,
                       fortification=GRAND_TOMB, casualty=casualty.pk)
    with applying(step):
        model = ArsenalModel.objects.create(crew=crew, card=card, station=station,
                                            hired_week=aftermath.week, cost_paid=0,
                                            gained_characteristics=gains)
        _event(crew, ArsenalEvent.Kind.HIRED, f"Grand Tomb: {card.name} added to the Arsenal"
               + (", with the Undead Characteristic" if gains else ""), actor=actor,
               model=model, fortification=GRAND_TOMB, characteristics=gains,
               game=aftermath.game_id)
    return model
