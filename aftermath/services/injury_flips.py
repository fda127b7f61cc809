"""Injury flips for Finished Off models, shared by the Injuries phase and the flow.

The engine (``rules.engine.aftermath.resolve_injury``) decides what the flips give; this
applies it: Injuries attached (stats never below 1 on the sheet), faction-chart Skills
(past the station's limit only if the player annihilates a Skill for it), Knocked Out,
annihilation at the station's maximum (with Leader succession), and the traitor that
joins the opposing crew. It never moves the Aftermath to another phase: ``flow`` does,
and the Injuries decisions (``injuries``) ask it to, so neither imports the other's caller.
"""

from __future__ import annotations

import dataclasses

from aftermath import flipping
from aftermath.models import Aftermath
from aftermath.services.common import (
    applying,
    ask,
    keep_run,
    record_step,
    save,
)
from campaign.models import ArsenalEvent, ArsenalModel, ArsenalUpgrade
from campaign.services import arsenal, hideouts, one_use, scrip
from rules import tables
from rules.engine import aftermath as rules

Phase = Aftermath.Phase


def injured_models(aftermath: Aftermath) -> list[int]:
    """Finished Off models still in this crew, in the order they fell."""
    if aftermath.crew.campaign.no_injuries:
        return []
    side = aftermath.game.record["sides"][aftermath.side_key]
    spared = set((aftermath.state or {}).get("prayer_spared") or ())  # A Sinner's Prayer
    ids = [m for m in side.get("finished_off") or () if m and m not in spared]
    active = set(ArsenalModel.objects.filter(pk__in=ids, crew=aftermath.crew,
                                             status=ArsenalModel.Status.ACTIVE)
                 .values_list("pk", flat=True))
    return [m for m in ids if m in active]


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
    abilities = {str(a.get("name", "")).lower() for a in card.abilities or ()
                 if isinstance(a, dict)}
    if "incorporeal" in traits | abilities:
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


def chart_keys(faction: str) -> set[str]:
    """Results the engine may be told are inapplicable: reflipped rows, faction rows."""
    keys = {r.key for r in tables.injury_chart().rows if r.reflip_if}
    return keys | {r.key for r in tables.faction_injury_chart(faction).rows}


def _run(aftermath: Aftermath, model: ArsenalModel):
    crew = aftermath.crew
    faction = crew.faction.code
    skills = len(arsenal.counted_skills(model))  # Barter and Reward Skills count too
    return flipping.run(
        rules.resolve_injury, seed=int(aftermath.seed), skip=aftermath.dealt,
        hand=aftermath.hand, answers=aftermath.state["injuries"]["answers"],
        station=model.station, faction=faction, existing=_existing(model),
        max_injuries=hideouts.fortification_effects(crew).get("max_injuries"),
        inapplicable=inapplicable(model, is_leader=crew.leader_id == model.pk)
        & chart_keys(faction),
        skills=skills, adjust=aftermath.state["injuries"].get("foot_change") or 0,
        twists=aftermath.state["injuries"].get("twists") or 0,
        ask_empty=reflip_on_offer(aftermath))


SURGICAL_TOOLS = "surgical-tools"
WRASTLIN = "we-was-just-wrastlin"


def opponent_crew(aftermath: Aftermath):
    side = aftermath.game.sides.exclude(key=aftermath.side_key).select_related("crew").first()
    return side.crew if side and side.crew_id else None


def tools_unused(aftermath: Aftermath) -> bool:
    """Surgical Tools owned and not yet used this game."""
    return (not aftermath.state.get("surgical_tools_used")
            and SURGICAL_TOOLS in hideouts.owned_keys(aftermath.crew))


def wrastlin_unused(aftermath: Aftermath) -> bool:
    """The opponent has We Was Just Wrastlin' and it was not used this game."""
    if aftermath.state.get("wrastlin_used"):
        return False
    other = opponent_crew(aftermath)
    return other is not None and WRASTLIN in hideouts.owned_keys(other)


def reflip_on_offer(aftermath: Aftermath) -> bool:
    """A reflip may still be offered on an Injury flip: then the flip waits for the
    player's keep-or-reflip decision even with no Aftermath hand."""
    return tools_unused(aftermath) or wrastlin_unused(aftermath)


def lucky_foot(model: ArsenalModel) -> ArsenalUpgrade | None:
    """The model's unspent Lucky Gremlin's Foot, if any."""
    return model.upgrades.filter(table_key=one_use.LUCKY_FOOT,
                                 status=ArsenalUpgrade.Status.ACTIVE).order_by("id").first()


def model_of(aftermath: Aftermath, model_id: int) -> ArsenalModel:
    return ArsenalModel.objects.select_related("card").get(pk=model_id, crew=aftermath.crew)


def settle(aftermath: Aftermath, actor, by_default: bool) -> Aftermath:
    """Flip for the current model as far as the answers go: ask the next Cheat question,
    wait for a Skill choice past the limit, or apply the result and finish the model."""
    state = aftermath.state["injuries"]
    model = model_of(aftermath, state["current"])
    outcome = _run(aftermath, model)
    if isinstance(outcome, flipping.Question):
        return ask(aftermath, state, outcome)
    result = outcome.result
    foot = lucky_foot(model)
    if foot is not None and "foot_change" not in state:
        # Lucky Gremlin's Foot: the player sees the result, then may move it 1 up or down.
        state["foot"] = {"model": model.pk, "card": result.steps[0].card.code,
                         "result": result.steps[0].result_key}
        state["question"] = None
        save(aftermath, "state")
        return aftermath
    records = keep_run(aftermath, outcome, result.steps, state)
    optional = [g for g in result.gained if "optional" in g.flags]
    if optional:  # Steamborg Executioner, The Chosen: the player decides below
        result = dataclasses.replace(result, gained=tuple(
            g for g in result.gained if "optional" not in g.flags))
    change = state.pop("foot_change", 0)
    state.pop("foot", None)
    state["answers"] = []
    step = record_step(aftermath, _describe(model, result, aftermath.crew), actor=actor,
                       by_default=by_default, flips=records, model=model.pk,
                       gained=[r.key for r in result.gained],
                       annihilated=result.annihilated, traitor=result.traitor)
    with applying(step):
        if change and foot is not None:
            one_use.spend(upgrade=foot, actor=actor, where=f"Injury flip of {model.card.name} "
                          f"moved {change:+d}")
        pending_skill = apply_outcome(aftermath, model, result)
    choice = next((g for g in optional if offer_allowed(aftermath, g.key)), None)
    if choice is not None:
        state["effect_choice"] = {"model": model.pk, "key": choice.key, "name": choice.name}
    if pending_skill:
        state["skill_choice"] = pending_skill
    if pending_skill or choice is not None:
        save(aftermath, "state", "hand", "dealt")
        return aftermath
    done_with_current(aftermath)
    return aftermath


THE_CHOSEN = "the-chosen"
STEAMBORG = "steamborg-executioner"


def offer_allowed(aftermath: Aftermath, key: str) -> bool:
    """The Chosen is only offered to a crew without a Master."""
    return key != THE_CHOSEN or not aftermath.crew.models.filter(
        station="master", status=ArsenalModel.Status.ACTIVE).exists()


def done_with_current(aftermath: Aftermath) -> None:
    """The current model's flip is settled: take it off the list."""
    state = aftermath.state["injuries"]
    state["remaining"].remove(state["current"])
    state["current"] = None
    state.pop("twists", None)
    save(aftermath, "state", "hand", "dealt")


def walls_offered(aftermath: Aftermath) -> bool:
    """Fortified Walls with a Scrip to spend: the flips wait for the player even with no
    Aftermath hand, so the Walls can be offered before each one."""
    crew = aftermath.crew
    return ("fortified-walls" in hideouts.owned_keys(crew)
            and type(crew).objects.filter(pk=crew.pk, scrip__gte=1).exists())


def eulogies_twist(crew, model_id: int) -> int:
    """Rousing Eulogies: the Leader flips twice on the Injury chart and keeps one."""
    return int(crew.leader_id == model_id and "rousing-eulogies" in hideouts.owned_keys(crew))


def flip_without_hand(aftermath: Aftermath, *, actor) -> Aftermath:
    """No cards to Cheat with: flip for each model in the listed order straight away."""
    state = aftermath.state["injuries"]
    while aftermath.phase == Phase.INJURIES and state["remaining"] and not aftermath.hand \
            and not state.get("skill_choice") and not state.get("foot") \
            and not state.get("effect_choice") and not state.get("question"):
        current = state["remaining"][0]
        state.update(current=current, answers=[], question=None,
                     twists=eulogies_twist(aftermath.crew, current))
        aftermath = settle(aftermath, actor, False)
        state = aftermath.state.get("injuries") or {}
    return aftermath


def _describe(model: ArsenalModel, result: rules.InjuryOutcome, crew) -> str:
    name = model.card.name
    if result.traitor:
        return f"{name} turned traitor"
    if result.annihilated:
        return f"{name} was annihilated (too many Injuries)"
    if result.gained:
        return f"{name}: " + ", ".join(_gained_name(r, crew) for r in result.gained)
    return f"{name}: no lasting harm"


def _gained_name(gained, crew) -> str:
    """The result's name, saying when the Lab's Electrodes cancel a missed game."""
    if "cannot_be_hired_next_game" in gained.flags and _ignores_missed_game(crew):
        return f"{gained.name} (ignored: Electrodes)"
    return gained.name


def _ignores_missed_game(crew) -> bool:
    return "electrodes" in hideouts.owned_keys(crew)


def apply_outcome(aftermath: Aftermath, model: ArsenalModel, result: rules.InjuryOutcome):
    """Write the outcome; returns a pending Skill choice when one is over the limit."""
    crew, pending = aftermath.crew, None
    effects = hideouts.fortification_effects(crew)
    for gained in result.gained:
        gained = _with_halved_wd(model, gained)
        if gained.key == DOPPELGANGER and model.station != "master":
            _doppelganger(aftermath, model)
        if gained.kind == "injury":
            attach(aftermath, model, gained, "injury")
            if effects.get("scrip_per_injury"):
                scrip.gain_scrip(crew, effects["scrip_per_injury"], week=aftermath.week,
                                 reason=f"Memento Mori: {model.card.name} injured")
        elif gained.kind == "skill":
            if result.over_skill_limit and pending is None:
                pending = {"model": model.pk, "key": gained.key, "name": gained.name,
                           "stat_effects": dict(gained.stat_effects)}
            else:
                attach(aftermath, model, gained, "skill")
        elif "cannot_be_hired_next_game" in gained.flags and not _ignores_missed_game(crew):
            model.misses_next_game = True
            model.save(update_fields=["misses_next_game"])
    if result.traitor:
        _defect(aftermath, model)
    elif result.annihilated:  # Marble Headstones pays in annihilate_model
        arsenal.annihilate_model(model=model, actor=None, why="one Injury too many",
                                 week=aftermath.week)
    return pending


DOPPELGANGER = "doppelganger"


def _with_halved_wd(model: ArsenalModel, gained):
    """Spirit ("halve_wd"): the model's Wd as it stands now, halved and rounded up (as
    the book prints), becomes a fixed change on the new Skill, so it is halved once."""
    if "halve_wd" not in gained.flags:
        return gained
    wd = arsenal.effective_stats(model).get("wd")
    if not wd:
        return gained
    return dataclasses.replace(gained, stat_effects={**dict(gained.stat_effects),
                                                     "wd": (wd + 1) // 2 - wd})


def _doppelganger(aftermath: Aftermath, model: ArsenalModel) -> None:
    """Doppelganger: a copy of the model (its card and station, none of its Upgrades,
    Skills or Injuries) joins the Arsenal."""
    copy = ArsenalModel.objects.create(crew=aftermath.crew, card=model.card,
                                       station=model.station, hired_week=aftermath.week)
    arsenal._event(aftermath.crew, ArsenalEvent.Kind.HIRED,
                   f"Doppelganger: a copy of {model.card.name} joined the Arsenal", actor=None,
                   model=copy, doppelganger_of=model.pk)


def attach(aftermath, model, gained, kind) -> ArsenalUpgrade:
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
    arsenal.annihilate_model(model=model, actor=None, why="turned traitor", week=aftermath.week)
    if aftermath.opponent_id is None:
        return
    joined = ArsenalModel.objects.create(crew_id=aftermath.opponent_id, card=model.card,
                                         station=model.station, hired_week=aftermath.week)
    opponent = joined.crew
    arsenal._event(opponent, ArsenalEvent.Kind.HIRED,
                   f"{model.card.name} deserted {aftermath.crew.name} and joined the crew",
                   actor=None, model=joined, traitor_from=model.pk)
