"""Phase 7: a Trip To The Doc's (The Good Doctor) and building the Hide Out.

The Doc costs 2 scrip for one injured model (2 more for a positive twist on the flip);
the flip may be Cheated. Fortifications are bought with Construction Material, never two
of one, prerequisites first (``campaign.services.hideouts``).
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext

from aftermath import flipping
from aftermath.models import Aftermath
from aftermath.services import flow
from aftermath.services.common import (
    AftermathError,
    add_answer,
    applying,
    ask,
    keep_run,
    lock,
    record_step,
    require_phase,
    require_player,
    save,
)
from aftermath.services.injury_flips import apply_outcome, chart_keys, inapplicable
from campaign.models import ArsenalModel, ArsenalUpgrade, Fortification
from campaign.services import arsenal, hideouts, scrip
from rules.engine import aftermath as rules
from rules.engine import fortification_scrip

Phase = Aftermath.Phase
DOCTOR_COST = 2
TWIST_COST = 2
TABLE_SCRIP = hideouts.TABLE_SCRIP


def _run(aftermath: Aftermath, model: ArsenalModel):
    doctor = aftermath.state["extras"]["doctor"]
    crew = aftermath.crew
    active = model.upgrades.filter(status=ArsenalUpgrade.Status.ACTIVE).order_by("id")
    return flipping.run(
        rules.doctor_visit, seed=int(aftermath.seed), skip=aftermath.dealt,
        hand=aftermath.hand, answers=doctor["answers"], twists=1 if doctor["twist"] else 0,
        station=model.station, faction=crew.faction.code,
        injuries=[u.table_key for u in active if u.kind == ArsenalUpgrade.Kind.INJURY],
        others=[u.table_key for u in active if u.kind == ArsenalUpgrade.Kind.SKILL],
        inapplicable=inapplicable(model, is_leader=crew.leader_id == model.pk)
        & chart_keys(crew.faction.code))


def _settle(aftermath: Aftermath, actor, by_default: bool) -> Aftermath:
    doctor = aftermath.state["extras"]["doctor"]
    model = ArsenalModel.objects.select_related("card").get(pk=doctor["model"])
    outcome = _run(aftermath, model)
    if isinstance(outcome, flipping.Question):
        return ask(aftermath, doctor, outcome)
    visit = outcome.result
    records = keep_run(aftermath, outcome, visit.steps, doctor)
    step = record_step(aftermath, f"The Doc's: {model.card.name} ({visit.result_key})",
                       actor=actor, by_default=by_default, flips=records,
                       removed=visit.removes_injuries, model=model.pk)
    with applying(step):
        injuries = list(model.upgrades.filter(kind=ArsenalUpgrade.Kind.INJURY,
                                              status=ArsenalUpgrade.Status.ACTIVE)
                        .order_by("id"))
        count = len(injuries) if visit.removes_all else visit.removes_injuries
        for injury in injuries[:count]:
            arsenal.annihilate_upgrade(injury, why="at the Doc's")
        if visit.characteristics:
            gained = list(model.gained_characteristics or [])
            gained += [c for c in visit.characteristics if c not in gained]
            model.gained_characteristics = gained
            model.save(update_fields=["gained_characteristics"])
            arsenal._event(aftermath.crew, "skill", f"{model.card.name} gained "
                           + ", ".join(visit.characteristics) + " at the Doc's",
                           actor=None, model=model, characteristics=list(visit.characteristics))
        if visit.injury is not None:
            apply_outcome(aftermath, model, visit.injury)
    aftermath.state["extras"]["doctor"] = {"done": True}
    save(aftermath, "state", "hand", "dealt")
    return aftermath


@transaction.atomic
def visit_doctor(*, aftermath: Aftermath, actor, model: ArsenalModel,
                 twist: bool = False) -> Aftermath:
    aftermath = lock(aftermath)
    require_player(actor, aftermath)
    require_phase(aftermath, Phase.EXTRAS)
    crew = aftermath.crew
    if not crew.campaign.good_doctor:
        raise AftermathError(gettext("This campaign does not use The Good Doctor."))
    if aftermath.state["extras"].get("doctor"):
        raise AftermathError(gettext("One model goes to the Doc's per Aftermath."))
    if model.crew_id != crew.pk or not model.is_active or not model.upgrades.filter(
            kind=ArsenalUpgrade.Kind.INJURY, status=ArsenalUpgrade.Status.ACTIVE).exists():
        raise AftermathError(gettext("Send one of this crew's injured models to the Doc's."))
    cost = DOCTOR_COST + (TWIST_COST if twist else 0)
    step = record_step(aftermath, f"Sent {model.card.name} to the Doc's ({cost} scrip)",
                       actor=actor, cost=cost)
    with applying(step):
        scrip.spend_scrip(crew, cost, week=aftermath.week,
                          reason=f"The Doc's: {model.card.name}")
    aftermath.state["extras"]["doctor"] = {"model": model.pk, "twist": twist, "answers": []}
    return _settle(aftermath, actor, False)


@transaction.atomic
def doctor_answer(*, aftermath: Aftermath, actor, card: str | None,
                  by_default: bool = False) -> Aftermath:
    aftermath, _ = add_answer(aftermath, actor, Phase.EXTRAS,
                              lambda state: state["extras"].get("doctor"), card,
                              "The Doc's flip is not waiting for a Cheat decision.")
    return _settle(aftermath, actor, by_default)


@transaction.atomic
def build(*, aftermath: Aftermath, actor, key: str) -> Fortification:
    aftermath = lock(aftermath)
    require_player(actor, aftermath)
    require_phase(aftermath, Phase.EXTRAS)
    step = record_step(aftermath, f"Built {key}", actor=actor, fortification=key)
    with applying(step):
        built = hideouts.build_fortification(crew=aftermath.crew, actor=actor, key=key,
                                             week=aftermath.week)
    step.description = f"Built {built.name}"
    step.save(update_fields=["description"])
    return built


@transaction.atomic
def claim_fortification_scrip(*, aftermath: Aftermath, actor, key: str) -> int:
    """Wanted Posters, Deputy, Trophy Rack or Junkyard Dogs: the crew's player says the
    condition was met; the Scrip is gained once per Aftermath. Returns the Scrip kept."""
    aftermath = lock(aftermath)
    require_player(actor, aftermath)
    require_phase(aftermath, Phase.EXTRAS)
    if key not in TABLE_SCRIP:
        raise AftermathError(
            gettext("%(key)s is not a Fortification that pays Scrip after a game.")
            % {"key": repr(key)})
    if key not in hideouts.owned_keys(aftermath.crew):
        raise AftermathError(gettext("The crew's Hide Out does not have that Fortification."))
    claimed = aftermath.state["extras"].setdefault("scrip_claimed", [])
    if key in claimed:
        raise AftermathError(
            gettext("That Fortification's Scrip is already claimed for this game.")
        )
    amount, why = TABLE_SCRIP[key]
    name = Fortification.objects.get(hide_out__crew=aftermath.crew, key=key).name
    # Trophy Rack and Junkyard Dogs are paid at Payday when the record shows them; a claim
    # the record does not show is the player's correction of it, and is marked so.
    correction = key in fortification_scrip.RECORDED
    step = record_step(aftermath, f"{name}: {amount} Scrip ({why})"
                       + (" (a correction: the game record does not show it)" if correction
                          else ""), actor=actor, fortification=key, correction=correction)
    with applying(step):
        result = scrip.gain_scrip(
            aftermath.crew, amount, week=aftermath.week, reason=f"{name}: {why}"
        )
    claimed.append(key)
    save(aftermath, "state")
    return result.gained


@transaction.atomic
def finish(*, aftermath: Aftermath, actor, by_default: bool = False) -> Aftermath:
    aftermath = lock(aftermath)
    require_player(actor, aftermath)
    require_phase(aftermath, Phase.EXTRAS)
    doctor = aftermath.state["extras"].get("doctor") or {}
    if doctor.get("question"):
        raise AftermathError(gettext("Decide on the Doc's flip first."))
    record_step(aftermath, "Aftermath finished", actor=actor, by_default=by_default)
    return flow.advance(aftermath, actor=actor)
