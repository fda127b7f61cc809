"""A Sinner's Prayer (weekly event): after each game of the week, one flip per Finished
Off model of the crew, never cheated; on 10 or more the model skips its Injury flip and
the crew gains 3 Scrip. Made once, in the Aftermath's automatic part; the Injuries phase
then leaves the saved models out."""

from __future__ import annotations

from aftermath.models import Aftermath
from aftermath.services.common import applying, record_step
from campaign.models import ArsenalModel, Crew
from campaign.services import scrip
from rules.engine.cards import Card

PRAYER = "a-sinners-prayer"
SAVED_ON = 10
PRAYER_SCRIP = 3


def in_force(aftermath: Aftermath) -> bool:
    from encounters.services.games import game_events

    return PRAYER in game_events(aftermath.game)


def pray(aftermath: Aftermath, crew: Crew, finished_off) -> list[int]:
    """Flip for each Finished Off model still in the crew; the ids saved from Injury."""
    from rules.services import server_flip

    if crew.campaign.no_injuries or not finished_off or not in_force(aftermath):
        return []
    models = {m.pk: m for m in ArsenalModel.objects.filter(pk__in=list(finished_off),
                                                           crew=crew, status="active")
              .select_related("card")}
    saved, flips = [], []
    for model_id in finished_off:
        model = models.get(model_id)
        if model is None:
            continue
        record = server_flip(purpose=f"A Sinner's Prayer: {model.card.name}", subject=aftermath)
        flips.append(record)
        if Card.parse(record.final).value >= SAVED_ON:
            saved.append(model_id)
    if not flips:
        return []
    step = record_step(aftermath, "A Sinner's Prayer: " + (", ".join(
        models[m].card.name for m in saved) + " spared the Injury flip" if saved
        else "no model spared"), phase="payday", flips=flips, saved=saved)
    with applying(step):
        for model_id in saved:
            scrip.gain_scrip(crew, PRAYER_SCRIP, week=aftermath.week,
                             reason=f"A Sinner's Prayer: {models[model_id].card.name}")
    return saved
