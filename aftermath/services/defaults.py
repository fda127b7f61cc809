"""Decisions not taken by the deadline are taken by the documented default: no Cheat,
no purchase, the crew's own faction chart for a Reward (a rewarded Skill to the Leader,
else the first model with room), Injuries in the order the models fell, a Skill past the
limit declined. Run by the scheduled job (``tasks``)."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from aftermath.models import Aftermath
from aftermath.services import barter, bounty, extras, injuries, reward
from campaign.models import ArsenalModel

Phase = Aftermath.Phase
MAX_STEPS = 500


def _one(aftermath: Aftermath) -> None:
    """Take the default for whatever the Aftermath is waiting on now."""
    state, kw = aftermath.state, {"aftermath": aftermath, "actor": None, "by_default": True}
    if aftermath.phase == Phase.BARTER:
        current = state["barter"]["current"]
        if current is None:
            barter.flip(**kw)
        elif current.get("question") or (current.get("thirst") or {}).get("question"):
            barter.answer(card=None, **kw)
        else:
            barter.next_card(**kw)
    elif aftermath.phase == Phase.REWARD:
        if state["reward"].get("place"):
            reward.place(model=reward.default_holder(aftermath, state["reward"]["place"]), **kw)
        elif not state["reward"]["chart"]:
            reward.choose(chart=aftermath.crew.faction.code, **kw)
        else:
            reward.answer(card=None, **kw)
    elif aftermath.phase == Phase.BOUNTY:
        bounty.skip(**kw)
    elif aftermath.phase == Phase.INJURIES:
        state = state["injuries"]
        if state.get("skill_choice"):
            injuries.keep_skill(replaces=None, **kw)
        elif state.get("effect_choice"):
            injuries.choose_effect(accept=False, **kw)
        elif state.get("foot"):
            injuries.lucky_foot(change=0, **kw)
        elif state.get("question"):
            injuries.answer(card=None, **kw)
        else:
            model = ArsenalModel.objects.get(pk=state["remaining"][0])
            injuries.flip(model=model, **kw)
    elif aftermath.phase == Phase.EXTRAS:
        doctor = state["extras"].get("doctor") or {}
        if doctor.get("question"):
            extras.doctor_answer(card=None, **kw)
        else:
            extras.finish(**kw)


def take_defaults(aftermath_id: int) -> Aftermath:
    """Finish one Aftermath with the defaults (each decision its own transaction)."""
    for _ in range(MAX_STEPS):
        aftermath = Aftermath.objects.select_related("crew__campaign", "crew__faction",
                                                     "game").get(pk=aftermath_id)
        if aftermath.phase in (Phase.PENDING, Phase.DONE):
            break
        _one(aftermath)
    with transaction.atomic():
        Aftermath.objects.filter(pk=aftermath_id).update(defaults_taken=True)
    return Aftermath.objects.get(pk=aftermath_id)


def overdue(now=None) -> list[int]:
    now = now or timezone.now()
    return list(Aftermath.objects.exclude(phase__in=[Phase.PENDING, Phase.DONE])
                .filter(deadline__lte=now).values_list("pk", flat=True))
