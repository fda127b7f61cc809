"""Phase 6, Injuries: one Finished Off model at a time, in the player's order.

The engine (``rules.engine.aftermath.resolve_injury``) decides what the flips give; this
applies it: Injuries attached (stats never below 1 on the sheet), faction-chart Skills
(past the station's limit only if the player annihilates a Skill for it), Knocked Out,
annihilation at the station's maximum (with Leader succession), and the traitor that
joins the opposing crew.
"""

from __future__ import annotations

from django.db import transaction

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
from campaign.models import ArsenalEvent, ArsenalModel, ArsenalUpgrade
from campaign.services import arsenal, hideouts, scrip
from rules.engine import aftermath as rules

Phase = Aftermath.Phase


def inapplicable(model: ArsenalModel, *, is_leader: bool) -> set[str]:
    """Results that cannot apply to this model (reflipped or ignored by the charts).

    Decided from what the stat card records: characteristics always; actions only when
    the card lists them (a card without actions is taken to have all kinds).
    """
    card = model.card
    traits = {str(c).lower() for c in card.characteristics or ()}
    out = set()
    if "insignificant" in traits:
        out.add("not-quite-right")
    if "peon" in traits:
        out.add("easily-distracted")
    if "incorporeal" in traits:
        out.add("spirit")
    if is_leader:
        out |= {"big-head", "the-chosen"}
    if model.station == "master":
        out.add("doppelganger")
    actions = [a for a in card.actions or () if isinstance(a, dict)]
    if actions:
        stats = {str(a.get("stat", "")).lower() for a in actions}
        for stat, key in (("ml", "broken-arm"), ("sh", "fractured-wrist"),
                          ("ca", "missing-fingers")):
            if stat not in stats:
                out.add(key)
        if not any(a.get("ap") == 0 for a in actions):
            out.add("swamp-hex")
        if not any(a.get("triggers") for a in actions):
            out.add("blood-hex")
    return out


def _existing(model: ArsenalModel) -> set[str]:
    return set(model.upgrades.filter(
        status=ArsenalUpgrade.Status.ACTIVE,
        kind__in=[ArsenalUpgrade.Kind.INJURY, ArsenalUpgrade.Kind.SKILL])
        .values_list("table_key", flat=True))


def _chart_keys(faction: str) -> set[str]:
    """Results the engine may be told are inapplicable: reflipped rows, faction rows."""
    from rules import tables

    keys = {r.key for r in tables.injury_chart().rows if r.reflip_if}
    return keys | {r.key for r in tables.faction_injury_chart(faction).rows}


def _run(aftermath: Aftermath, model: ArsenalModel):
    crew = aftermath.crew
    faction = crew.faction.code
    skills = model.upgrades.filter(status=ArsenalUpgrade.Status.ACTIVE,
                                   kind=ArsenalUpgrade.Kind.SKILL, counts_as_skill=True).count()
    return flipping.run(
        rules.resolve_injury, seed=int(aftermath.seed), skip=aftermath.dealt,
        hand=aftermath.hand, answers=aftermath.state["injuries"]["answers"],
        station=model.station, faction=faction, existing=_existing(model),
        max_injuries=hideouts.fortification_effects(crew).get("max_injuries"),
        inapplicable=inapplicable(model, is_leader=crew.leader_id == model.pk)
        & _chart_keys(faction),
        skills=skills)


def _model(aftermath: Aftermath, model_id: int) -> ArsenalModel:
    return ArsenalModel.objects.select_related("card").get(pk=model_id, crew=aftermath.crew)


def _settle(aftermath: Aftermath, actor, by_default: bool) -> Aftermath:
    state = aftermath.state["injuries"]
    model = _model(aftermath, state["current"])
    outcome = _run(aftermath, model)
    if isinstance(outcome, flipping.Question):
        return ask(aftermath, state, outcome)
    result = outcome.result
    records = keep_run(aftermath, outcome, result.steps, state)
    state["answers"] = []
    step = record_step(aftermath, _describe(model, result), actor=actor, by_default=by_default,
                       flips=records, model=model.pk, gained=[r.key for r in result.gained],
                       annihilated=result.annihilated, traitor=result.traitor)
    with applying(step):
        pending_skill = _apply(aftermath, model, result)
    if pending_skill:
        state["skill_choice"] = pending_skill
        save(aftermath, "state", "hand", "dealt")
        return aftermath
    return _next(aftermath, actor)


def _next(aftermath: Aftermath, actor) -> Aftermath:
    state = aftermath.state["injuries"]
    state["remaining"].remove(state["current"])
    state["current"] = None
    if not state["remaining"]:
        return flow.advance(aftermath, actor=actor)
    save(aftermath, "state", "hand", "dealt")
    if not aftermath.hand:
        return resolve_without_hand(aftermath, actor=actor)
    return aftermath


def _describe(model: ArsenalModel, result: rules.InjuryOutcome) -> str:
    name = model.card.name
    if result.traitor:
        return f"{name} turned traitor"
    if result.annihilated:
        return f"{name} was annihilated (too many Injuries)"
    if result.gained:
        return f"{name}: " + ", ".join(r.name for r in result.gained)
    return f"{name}: no lasting harm"


def _apply(aftermath: Aftermath, model: ArsenalModel, result: rules.InjuryOutcome):
    """Write the outcome; returns a pending Skill choice when one is over the limit."""
    crew, pending = aftermath.crew, None
    effects = hideouts.fortification_effects(crew)
    for gained in result.gained:
        if gained.kind == "injury":
            _attach(aftermath, model, gained, "injury")
            if effects.get("scrip_per_injury"):
                scrip.gain_scrip(crew, effects["scrip_per_injury"], week=aftermath.week,
                                 reason=f"Memento Mori: {model.card.name} injured")
        elif gained.kind == "skill":
            if result.over_skill_limit and pending is None:
                pending = {"model": model.pk, "key": gained.key, "name": gained.name,
                           "stat_effects": dict(gained.stat_effects)}
            else:
                _attach(aftermath, model, gained, "skill")
        elif "cannot_be_hired_next_game" in gained.flags and \
                "electrodes" not in hideouts.owned_keys(crew):
            model.misses_next_game = True
            model.save(update_fields=["misses_next_game"])
    if result.traitor:
        _defect(aftermath, model)
    elif result.annihilated:
        arsenal.annihilate_model(model=model, actor=None, why="one Injury too many")
    if (result.traitor or result.annihilated) and effects.get("scrip_per_annihilation"):
        scrip.gain_scrip(crew, effects["scrip_per_annihilation"], week=aftermath.week,
                         reason=f"Marble Headstones: {model.card.name} lost")
    return pending


def _attach(aftermath, model, gained, kind) -> ArsenalUpgrade:
    upgrade = ArsenalUpgrade.objects.create(
        crew=aftermath.crew, kind=kind, table_key=gained.key, name=gained.name,
        attached_to=model, acquired_week=aftermath.week,
        stat_effects=dict(gained.stat_effects), counts_as_skill=kind == "skill")
    verb = "suffered" if kind == "injury" else "gained"
    arsenal._event(aftermath.crew, ArsenalEvent.Kind.INJURY if kind == "injury"
                   else ArsenalEvent.Kind.SKILL, f"{model.card.name} {verb} {gained.name}",
                   actor=None, model=model, upgrade=upgrade)
    return upgrade


def _defect(aftermath: Aftermath, model: ArsenalModel) -> None:
    """A Minion or Peon on the Black Joker: lost to its crew, added to the opponent's."""
    arsenal.annihilate_model(model=model, actor=None, why="turned traitor")
    if aftermath.opponent_id is None:
        return
    joined = ArsenalModel.objects.create(crew_id=aftermath.opponent_id, card=model.card,
                                         station=model.station, hired_week=aftermath.week)
    opponent = joined.crew
    arsenal._event(opponent, ArsenalEvent.Kind.HIRED,
                   f"{model.card.name} deserted {aftermath.crew.name} and joined the crew",
                   actor=None, model=joined, traitor_from=model.pk)


@transaction.atomic
def flip(*, aftermath: Aftermath, actor, model: ArsenalModel,
         by_default: bool = False) -> Aftermath:
    """Flip for ``model``'s Injuries (any Finished Off model not yet flipped for)."""
    aftermath = lock(aftermath)
    require_player(actor, aftermath)
    require_phase(aftermath, Phase.INJURIES)
    state = aftermath.state["injuries"]
    if state.get("current") is not None:
        raise AftermathError("Finish this model's Injury flip before the next one.")
    if model.pk not in state["remaining"]:
        raise AftermathError("That model has no Injury flip waiting.")
    state.update(current=model.pk, answers=[], question=None)
    return _settle(aftermath, actor, by_default)


@transaction.atomic
def answer(*, aftermath: Aftermath, actor, card: str | None, by_default: bool = False
           ) -> Aftermath:
    aftermath, _ = add_answer(aftermath, actor, Phase.INJURIES,
                              lambda state: state["injuries"], card,
                              "No Injury flip is waiting for a Cheat decision.")
    return _settle(aftermath, actor, by_default)


@transaction.atomic
def keep_skill(*, aftermath: Aftermath, actor, replaces: ArsenalUpgrade | None,
               by_default: bool = False) -> Aftermath:
    """A faction-chart Skill past the limit: annihilate ``replaces`` to keep it, or decline."""
    aftermath = lock(aftermath)
    require_player(actor, aftermath)
    require_phase(aftermath, Phase.INJURIES)
    state = aftermath.state["injuries"]
    choice = state.get("skill_choice")
    if not choice:
        raise AftermathError("No Skill is waiting for a decision.")
    model = _model(aftermath, choice["model"])
    step = record_step(aftermath, f"{model.card.name}: " + (
        f"{choice['name']} kept in place of {replaces.name}" if replaces else
        f"{choice['name']} declined (no room)"), actor=actor, by_default=by_default)
    if replaces is not None:
        if replaces.attached_to_id != model.pk or replaces.kind != ArsenalUpgrade.Kind.SKILL \
                or replaces.status != ArsenalUpgrade.Status.ACTIVE:
            raise AftermathError("Choose one of this model's own Skills to annihilate.")
        with applying(step):
            arsenal.annihilate_upgrade(replaces, why=f"to make room for {choice['name']}")
            _attach(aftermath, model, rules.InjuryResult(
                choice["key"], choice["name"], "", "skill", choice["stat_effects"], ()),
                "skill")
    state["skill_choice"] = None
    return _next(aftermath, actor)


def resolve_without_hand(aftermath: Aftermath, *, actor) -> Aftermath:
    """No cards to Cheat with: flip for each model in the listed order straight away."""
    state = aftermath.state["injuries"]
    while aftermath.phase == Phase.INJURIES and state["remaining"] and not aftermath.hand \
            and not state.get("skill_choice"):
        state.update(current=state["remaining"][0], answers=[], question=None)
        aftermath = _settle(aftermath, actor, False)
        state = aftermath.state.get("injuries") or {}
    return aftermath
