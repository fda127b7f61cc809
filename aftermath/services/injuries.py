"""Phase 6, Injuries: the player's decisions, one Finished Off model at a time.

The flips and what they do are in ``injury_flips``; this takes the player's choices (which
model next, Cheat or not, which Skill to give up) and lets ``flow`` move on once every
model is flipped for.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext

from aftermath.models import Aftermath
from aftermath.services import flow, injury_flips
from aftermath.services.common import (
    AftermathError,
    add_answer,
    applying,
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


@transaction.atomic
def flip(*, aftermath: Aftermath, actor, model: ArsenalModel,
         by_default: bool = False, walls: bool = False) -> Aftermath:
    """Flip for ``model``'s Injuries (any Finished Off model not yet flipped for).

    ``walls``: Fortified Walls, 1 Scrip for a positive twist on this flip. Rousing
    Eulogies gives the Leader's flip a positive twist without asking."""
    aftermath = lock(aftermath)
    require_player(actor, aftermath)
    require_phase(aftermath, Phase.INJURIES)
    state = aftermath.state["injuries"]
    if state.get("current") is not None:
        raise AftermathError(gettext("Finish this model's Injury flip before the next one."))
    if model.pk not in state["remaining"]:
        raise AftermathError(gettext("That model has no Injury flip waiting."))
    owned = hideouts.owned_keys(aftermath.crew)
    twists = 0
    if walls:
        if FORTIFIED_WALLS not in owned:
            raise AftermathError(gettext("The crew's Hide Out has no Fortified Walls."))
        step = record_step(aftermath, f"Fortified Walls: + on {model.card.name}'s Injury "
                           "flip (1 Scrip)", actor=actor, fortification=FORTIFIED_WALLS,
                           model=model.pk)
        with applying(step):
            scrip.spend_scrip(aftermath.crew, 1, week=aftermath.week,
                              reason=f"Fortified Walls: {model.card.name}'s Injury flip")
        twists += 1
    if injury_flips.eulogies_twist(aftermath.crew, model.pk):
        record_step(aftermath, f"Rousing Eulogies: {model.card.name} flips twice and "
                    "keeps one", actor=actor, fortification="rousing-eulogies", model=model.pk)
        twists += 1
    state.update(current=model.pk, answers=[], question=None, twists=twists)
    return flow.continue_injuries(injury_flips.settle(aftermath, actor, by_default), actor=actor)


@transaction.atomic
def answer(*, aftermath: Aftermath, actor, card: str | None, by_default: bool = False
           ) -> Aftermath:
    aftermath, _ = add_answer(aftermath, actor, Phase.INJURIES,
                              lambda state: state["injuries"], card,
                              "No Injury flip is waiting for a Cheat decision.")
    return flow.continue_injuries(injury_flips.settle(aftermath, actor, by_default), actor=actor)


SURGICAL_TOOLS = injury_flips.SURGICAL_TOOLS
FORTIFIED_WALLS = "fortified-walls"
WRASTLIN = injury_flips.WRASTLIN
opponent_crew = injury_flips.opponent_crew


def _first_question_open(aftermath: Aftermath) -> bool:
    state = (aftermath.state or {}).get("injuries") or {}
    question = state.get("question") or {}
    return question.get("purpose") == "injury flip" and not state.get("answers")


def can_reflip(aftermath: Aftermath) -> bool:
    """Surgical Tools: once per game, the first Injury flip of a model may be reflipped
    while its Cheat decision is open (before Cheating)."""
    return _first_question_open(aftermath) and injury_flips.tools_unused(aftermath)


def can_wrastle(aftermath: Aftermath) -> bool:
    """We Was Just Wrastlin' (the opponent's Fortification): once per game, 1 Scrip paid to
    the opponent reflips an Injury flip while its Cheat decision is open."""
    return _first_question_open(aftermath) and injury_flips.wrastlin_unused(aftermath)


@transaction.atomic
def reflip(*, aftermath: Aftermath, actor, wrastlin: bool = False) -> Aftermath:
    """Surgical Tools (or, with ``wrastlin``, the opponent's We Was Just Wrastlin' for 1
    Scrip): discard the Injury card just turned over and flip again."""
    aftermath = lock(aftermath)
    require_player(actor, aftermath)
    require_phase(aftermath, Phase.INJURIES)
    state = aftermath.state["injuries"]
    if wrastlin:
        if not can_wrastle(aftermath):
            raise AftermathError(gettext("We Was Just Wrastlin' reflips one Injury flip per "
                                         "game, before Cheating, when the opponent has it."))
        other, old = opponent_crew(aftermath), state["question"]["card"]
        step = record_step(aftermath, f"We Was Just Wrastlin': Injury card {old} reflipped "
                           f"for 1 Scrip to {other.name}", actor=actor,
                           fortification=WRASTLIN, card=old)
        with applying(step):
            scrip.spend_scrip(aftermath.crew, 1, week=aftermath.week,
                              reason=f"We Was Just Wrastlin': paid to {other.name}")
            scrip.gain_scrip(other, 1, week=aftermath.week,
                             reason=f"We Was Just Wrastlin': paid by {aftermath.crew.name}")
        aftermath.state["wrastlin_used"] = True
    else:
        if not can_reflip(aftermath):
            raise AftermathError(gettext("Surgical Tools reflips one Injury flip per game, "
                                         "before Cheating."))
        old = state["question"]["card"]
        record_step(aftermath, f"Surgical Tools: Injury card {old} reflipped", actor=actor,
                    fortification=SURGICAL_TOOLS, card=old)
        aftermath.state["surgical_tools_used"] = True
    aftermath.dealt += state["question"].get("dealt", 1)  # the cards turned over: discarded
    state.update(answers=[], question=None)
    save(aftermath, "state", "dealt")  # the discarded cards stay discarded
    return flow.continue_injuries(injury_flips.settle(aftermath, actor, False), actor=actor)


@transaction.atomic
def lucky_foot(*, aftermath: Aftermath, actor, change: int, by_default: bool = False
               ) -> Aftermath:
    """Lucky Gremlin's Foot: move the Injury result just flipped 1 up or down (the Foot is
    annihilated), or keep it (0: the Foot stays)."""
    aftermath = lock(aftermath)
    require_player(actor, aftermath)
    require_phase(aftermath, Phase.INJURIES)
    state = aftermath.state["injuries"]
    if not state.get("foot"):
        raise AftermathError(gettext("No Injury flip is waiting for Lucky Gremlin's Foot."))
    if change not in (-1, 0, 1):
        raise AftermathError(gettext("Lucky Gremlin's Foot moves the result 1 up or down."))
    state["foot_change"] = change
    return flow.continue_injuries(injury_flips.settle(aftermath, actor, by_default), actor=actor)


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
        raise AftermathError(gettext("No Skill is waiting for a decision."))
    model = injury_flips.model_of(aftermath, choice["model"])
    step = record_step(aftermath, f"{model.card.name}: " + (
        f"{choice['name']} kept in place of {replaces.name}" if replaces else
        f"{choice['name']} declined (no room)"), actor=actor, by_default=by_default)
    if replaces is not None:
        if replaces.attached_to_id != model.pk or replaces.kind != ArsenalUpgrade.Kind.SKILL \
                or replaces.status != ArsenalUpgrade.Status.ACTIVE:
            raise AftermathError(gettext("Choose one of this model's own Skills to annihilate."))
        with applying(step):
            arsenal.annihilate_upgrade(replaces, why=f"to make room for {choice['name']}")
            injury_flips.attach(aftermath, model, rules.InjuryResult(
                choice["key"], choice["name"], "", "skill", choice["stat_effects"], ()),
                "skill")
    state["skill_choice"] = None
    if not state.get("effect_choice"):
        injury_flips.done_with_current(aftermath)
    else:
        save(aftermath, "state")
    return flow.continue_injuries(aftermath, actor=actor)


@transaction.atomic
def choose_effect(*, aftermath: Aftermath, actor, accept: bool, by_default: bool = False
                  ) -> Aftermath:
    """Steamborg Executioner (annihilate the model for a Howard Langston) or The Chosen
    (attach it and lead the crew): the player accepts or declines."""
    aftermath = lock(aftermath)
    require_player(actor, aftermath)
    require_phase(aftermath, Phase.INJURIES)
    state = aftermath.state["injuries"]
    choice = state.get("effect_choice")
    if not choice:
        raise AftermathError(gettext("No faction-chart result is waiting for a decision."))
    if state.get("skill_choice"):
        raise AftermathError(gettext("Decide on the Skill first."))
    model = injury_flips.model_of(aftermath, choice["model"])
    step = record_step(aftermath, f"{model.card.name}: {choice['name']} "
                       + ("taken" if accept else "declined"), actor=actor,
                       by_default=by_default, model=model.pk, result=choice["key"],
                       accepted=accept)
    if accept:
        with applying(step):
            if choice["key"] == injury_flips.STEAMBORG:
                _steamborg(aftermath, model)
            elif choice["key"] == injury_flips.THE_CHOSEN:
                _the_chosen(aftermath, model, choice)
    state["effect_choice"] = None
    injury_flips.done_with_current(aftermath)
    return flow.continue_injuries(aftermath, actor=actor)


def _lead(crew, model, why: str) -> None:
    crew.leader = model
    crew.save(update_fields=["leader"])
    arsenal._event(crew, ArsenalEvent.Kind.LEADER, f"{model.card.name} now leads the crew "
                   f"({why})", actor=None, model=model)


def _steamborg(aftermath: Aftermath, model: ArsenalModel) -> None:
    from catalogue.models import ModelCard

    card = ModelCard.objects.filter(name__iexact="Howard Langston").order_by("id").first()
    if card is None:
        raise AftermathError(gettext("The catalogue has no Howard Langston card: decline instead."))
    crew = aftermath.crew
    led = crew.leader_id == model.pk
    arsenal.annihilate_model(model=model, actor=None, why="Steamborg Executioner",
                             week=aftermath.week)
    langston = ArsenalModel.objects.create(
        crew=crew, card=card, station="henchman" if led else card.station,
        hired_week=aftermath.week)
    arsenal._event(crew, ArsenalEvent.Kind.HIRED, "Steamborg Executioner: Howard Langston "
                   "joined the Arsenal (no Rare 1)", actor=None, model=langston,
                   steamborg_of=model.pk)
    if led:
        _lead(type(crew).objects.get(pk=crew.pk), langston, "Steamborg Executioner")


def _the_chosen(aftermath: Aftermath, model: ArsenalModel, choice: dict) -> None:
    if not injury_flips.offer_allowed(aftermath, injury_flips.THE_CHOSEN):
        raise AftermathError(gettext("The Chosen cannot lead a crew that has a Master."))
    injury_flips.attach(aftermath, model, rules.InjuryResult(
        choice["key"], choice["name"], "faction", "skill", {}, ()), "skill")
    _lead(aftermath.crew, model, "The Chosen")
