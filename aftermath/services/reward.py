"""Phase 4, the Reward flip for a Bounty completed in the game.

The player picks the generic chart or the crew's faction chart (or takes the Avatar when
the crew has a Master, unless the campaign is set Before The Event). The flip gains or
suffers the Bounty's twist, may be Cheated, and is reflipped on Jokers and on results the
crew already owns. A rewarded Skill goes to the model the player chooses, within that
model's Skill limit (a Skill may be annihilated to make room); the Avatar goes to the
Master, the only model that may attach it.
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
from campaign.models import ArsenalEvent, ArsenalModel, ArsenalUpgrade
from campaign.services import arsenal, hideouts
from rules import tables
from rules.engine import aftermath as rules

Phase = Aftermath.Phase
AVATAR = "avatar"


def charts(aftermath: Aftermath) -> list[str]:
    return ["generic", aftermath.crew.faction.code]


def master(aftermath: Aftermath) -> ArsenalModel | None:
    return (aftermath.crew.models.filter(station="master", status=ArsenalModel.Status.ACTIVE)
            .select_related("card").first())


def _owned(aftermath: Aftermath, chart: str) -> set[str]:
    """The chart's rows the crew already has. An Avatar Upgrade The Event gave counts as
    the Avatar row: a crew holds one Avatar, however it came."""
    keys = {r.key for r in tables.reward_chart(chart).rows}
    active = ArsenalUpgrade.objects.filter(crew=aftermath.crew, status=ArsenalUpgrade.Status.ACTIVE)
    owned = set(active.filter(table_key__in=keys).values_list("table_key", flat=True))
    if AVATAR in keys and active.filter(card__is_avatar=True).exists():
        owned.add(AVATAR)
    return owned


def _twist(aftermath: Aftermath) -> int:
    key = aftermath.state.get("bounty_completed")
    return next((b.reward_twist for b in tables.bounties().rows if b.key == key), 0)


def _run(aftermath: Aftermath):
    reward = aftermath.state["reward"]
    return flipping.run(
        rules.reward_for_bounty, seed=int(aftermath.seed), skip=aftermath.dealt,
        hand=aftermath.hand, answers=reward["answers"], chart=reward["chart"],
        owned=_owned(aftermath, reward["chart"]), twists=_twist(aftermath),
        has_master=master(aftermath) is not None and not aftermath.crew.campaign.before_the_event,
        take=reward["take"] or None, ask_empty=_library_unused(aftermath))


def _library_unused(aftermath: Aftermath) -> bool:
    """The Library may still reflip: the Reward card then waits for a keep-or-reflip
    decision even with no Aftermath hand."""
    return not aftermath.state.get("library_used") and \
        LIBRARY in hideouts.owned_keys(aftermath.crew)


def _settle(aftermath: Aftermath, actor, by_default: bool) -> Aftermath:
    reward = aftermath.state["reward"]
    outcome = _run(aftermath)
    if isinstance(outcome, flipping.Question):
        return ask(aftermath, reward, outcome)
    result = outcome.result
    records = keep_run(aftermath, outcome, result.steps, reward)
    if result.reward is None:
        record_step(aftermath, "Reward: the crew already has every result", actor=actor,
                    by_default=by_default, flips=records)
        return flow.advance(aftermath, actor=actor)
    step = record_step(aftermath, f"Reward: {result.reward.name}", actor=actor,
                       by_default=by_default, flips=records, reward=result.reward.key)
    holder = master(aftermath) if result.reward.key == AVATAR else None
    if holder is not None and len(arsenal.counted_skills(holder)) < \
            arsenal.max_skills(holder.station):
        with applying(step):  # the Avatar has one possible holder, with room: no question
            _grant(aftermath, result.reward, holder=holder)
        return flow.advance(aftermath, actor=actor)
    if result.reward.type == "Skill":
        # The player names the model that learns it (within its Skill limit): wait.
        reward["place"] = {"key": result.reward.key, "name": result.reward.name,
                           "chart": reward["chart"]}
        save(aftermath, "state", "hand", "dealt")
        return aftermath
    with applying(step):
        _grant(aftermath, result.reward)
    return flow.advance(aftermath, actor=actor)


def candidates(aftermath: Aftermath, place: dict) -> list[ArsenalModel]:
    """Models that may learn the rewarded Skill: the Master for the Avatar, otherwise any
    active model whose station has Skill slots (Peons have none)."""
    if place["key"] == AVATAR:
        found = master(aftermath)
        return [found] if found else []
    models = (aftermath.crew.models.filter(status=ArsenalModel.Status.ACTIVE)
              .select_related("card").prefetch_related("upgrades").order_by("id"))
    return [m for m in models if arsenal.max_skills(m.station) > 0]


def default_holder(aftermath: Aftermath, place: dict) -> ArsenalModel | None:
    """The deadline's choice: the Leader (the Master for the Avatar) if it has room, else
    the first model with room; None when every slot is full (the Skill is let go)."""
    models = candidates(aftermath, place)
    models.sort(key=lambda m: m.pk != aftermath.crew.leader_id)
    return next((m for m in models if len(arsenal.counted_skills(m, m.upgrades.all()))
                 < arsenal.max_skills(m.station)), None)


@transaction.atomic
def place(*, aftermath: Aftermath, actor, model: ArsenalModel | None,
          replaces: ArsenalUpgrade | None = None, by_default: bool = False) -> Aftermath:
    """Give the rewarded Skill to ``model`` (annihilating ``replaces``, one of its Skills,
    when it is at its limit); ``model=None`` lets the Skill go."""
    aftermath = lock(aftermath)
    require_player(actor, aftermath)
    require_phase(aftermath, Phase.REWARD)
    state = aftermath.state["reward"]
    pending = state.get("place")
    if not pending:
        raise AftermathError(gettext("No rewarded Skill is waiting for a model."))
    row = next(r for r in tables.reward_chart(pending["chart"]).rows if r.key == pending["key"])
    if model is None:
        record_step(aftermath, f"{pending['name']} let go (no model takes it)", actor=actor,
                    by_default=by_default)
    else:
        if model.pk not in {m.pk for m in candidates(aftermath, pending)}:
            parts = {"model": model.card.name, "skill": pending["name"]}
            raise AftermathError(
                gettext("%(model)s cannot learn %(skill)s: the Avatar goes to the crew's "
                        "Master.") % parts if pending["key"] == AVATAR else
                gettext("%(model)s cannot learn %(skill)s: choose an active model of this "
                        "crew with Skill slots.") % parts)
        skills = arsenal.counted_skills(model)
        if len(skills) >= arsenal.max_skills(model.station):
            if replaces is None or replaces.pk not in {s.pk for s in skills}:
                raise AftermathError(
                    gettext(
                        "%(name)s is at its Skill limit: choose one of its Skills to "
                        "annihilate, or another model."
                    )
                    % {"name": model.card.name}
                )
        elif replaces is not None:
            raise AftermathError(
                gettext("%(name)s has room: no Skill needs annihilating.")
                % {"name": model.card.name}
            )
        step = record_step(
            aftermath,
            f"{pending['name']} goes to {model.card.name}",
            actor=actor,
            by_default=by_default,
            model=model.pk,
        )
        with applying(step):
            if replaces is not None:
                arsenal.annihilate_upgrade(replaces, why=f"to make room for {pending['name']}")
            _grant(aftermath, row, holder=model)
    state["place"] = None
    return flow.advance(aftermath, actor=actor)


def _grant(aftermath: Aftermath, row, holder: ArsenalModel | None = None) -> ArsenalUpgrade:
    crew = aftermath.crew
    name = f"Avatar of {holder.card.name}" if row.key == AVATAR and holder else row.name
    upgrade = ArsenalUpgrade.objects.create(
        crew=crew,
        kind="skill" if row.type == "Skill" else "equipment",
        table_key=row.key,
        name=name,
        attached_to=holder,
        acquired_week=aftermath.week,
        counts_as_skill=row.type == "Skill",
    )
    arsenal._event(
        crew,
        ArsenalEvent.Kind.SKILL if row.type == "Skill" else ArsenalEvent.Kind.UPGRADE_BOUGHT,
        f"Bounty reward: {name}" + (f" on {holder.card.name}" if holder else ""),
        actor=None,
        model=holder,
        upgrade=upgrade,
    )
    return upgrade


@transaction.atomic
def choose(
    *, aftermath: Aftermath, actor, chart: str, take: str = "", by_default: bool = False
) -> Aftermath:
    """Flip on ``chart`` (or take the Avatar / Favors of Treachery without flipping)."""
    aftermath = lock(aftermath)
    require_player(actor, aftermath)
    require_phase(aftermath, Phase.REWARD)
    reward = aftermath.state["reward"]
    if reward["chart"]:
        raise AftermathError(
            gettext("The Reward chart is chosen; answer the flip's Cheat question.")
        )
    if chart not in charts(aftermath):
        raise AftermathError(
            gettext("Flip on the generic chart or the crew's faction chart, not %(chart)s.")
            % {"chart": repr(chart)}
        )
    if take == AVATAR and aftermath.crew.campaign.before_the_event:
        raise AftermathError(gettext("This campaign is set Before The Event: no Avatars."))
    reward.update(chart=chart, take=take, answers=[])
    return _settle(aftermath, actor, by_default)


@transaction.atomic
def answer(*, aftermath: Aftermath, actor, card: str | None, by_default: bool = False) -> Aftermath:
    aftermath, _ = add_answer(
        aftermath,
        actor,
        Phase.REWARD,
        lambda state: state["reward"],
        card,
        "The Reward flip is not waiting for a Cheat decision.",
    )
    return _settle(aftermath, actor, by_default)


LIBRARY = "library"


def can_reflip(aftermath: Aftermath) -> bool:
    """Library: the Reward card may be reflipped while its first Cheat decision is open
    (before Cheating), once per Aftermath."""
    reward = (aftermath.state or {}).get("reward") or {}
    return (bool(reward.get("question")) and not reward.get("answers")
            and _library_unused(aftermath))


@transaction.atomic
def reflip(*, aftermath: Aftermath, actor) -> Aftermath:
    """Library: discard the Reward card(s) just turned over and flip again."""
    aftermath = lock(aftermath)
    require_player(actor, aftermath)
    require_phase(aftermath, Phase.REWARD)
    if not can_reflip(aftermath):
        raise AftermathError(gettext("The Library reflips the Reward card once, before Cheating."))
    reward = aftermath.state["reward"]
    old = reward["question"]["card"]
    aftermath.dealt += reward["question"].get("dealt", 1)
    record_step(aftermath, f"Library: Reward card {old} reflipped", actor=actor,
                fortification=LIBRARY, card=old)
    aftermath.state["library_used"] = True
    reward.update(answers=[], question=None)
    save(aftermath, "state", "dealt")
    return _settle(aftermath, actor, False)
