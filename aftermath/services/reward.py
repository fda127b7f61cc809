"""Phase 4, the Reward flip for a Bounty completed in the game.

The player picks the generic chart or the crew's faction chart (or takes the Avatar when
the crew has a Master, unless the campaign is set Before The Event). The flip gains or
suffers the Bounty's twist, may be Cheated, and is reflipped on Jokers and on results the
crew already owns. Rewarded Skills go to the Master (the Avatar) or else the Leader.
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
)
from campaign.models import ArsenalEvent, ArsenalModel, ArsenalUpgrade
from campaign.services import arsenal
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
    keys = {r.key for r in tables.reward_chart(chart).rows}
    return set(ArsenalUpgrade.objects.filter(crew=aftermath.crew, table_key__in=keys,
                                             status=ArsenalUpgrade.Status.ACTIVE)
               .values_list("table_key", flat=True))


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
        take=reward["take"] or None)


def _settle(aftermath: Aftermath, actor, by_default: bool) -> Aftermath:
    reward = aftermath.state["reward"]
    outcome = _run(aftermath)
    if isinstance(outcome, flipping.Question):
        return ask(aftermath, reward, outcome)
    result = outcome.result
    records = keep_run(aftermath, outcome, result.steps, reward)
    if result.reward is None:
        record_step(aftermath, "Reward flip: the crew already has every result", actor=actor,
                    by_default=by_default, flips=records)
    else:
        step = record_step(aftermath, f"Reward: {result.reward.name}", actor=actor,
                           by_default=by_default, flips=records, reward=result.reward.key)
        with applying(step):
            _grant(aftermath, result.reward)
    return flow.advance(aftermath, actor=actor)


def _grant(aftermath: Aftermath, row) -> ArsenalUpgrade:
    crew = aftermath.crew
    holder = None
    if row.type == "Skill":
        holder = master(aftermath) if row.key == AVATAR else None
        if holder is None and crew.leader_id:
            holder = ArsenalModel.objects.select_related("card").get(pk=crew.leader_id)
    name = f"Avatar of {holder.card.name}" if row.key == AVATAR and holder else row.name
    upgrade = ArsenalUpgrade.objects.create(
        crew=crew, kind="skill" if row.type == "Skill" else "equipment", table_key=row.key,
        name=name, attached_to=holder, acquired_week=aftermath.week,
        counts_as_skill=row.type == "Skill")
    arsenal._event(crew, ArsenalEvent.Kind.SKILL if row.type == "Skill"
                   else ArsenalEvent.Kind.UPGRADE_BOUGHT,
                   f"Bounty reward: {name}" + (f" on {holder.card.name}" if holder else ""),
                   actor=None, model=holder, upgrade=upgrade)
    return upgrade


@transaction.atomic
def choose(*, aftermath: Aftermath, actor, chart: str, take: str = "",
           by_default: bool = False) -> Aftermath:
    """Flip on ``chart`` (or take the Avatar / Favors of Treachery without flipping)."""
    aftermath = lock(aftermath)
    require_player(actor, aftermath)
    require_phase(aftermath, Phase.REWARD)
    reward = aftermath.state["reward"]
    if reward["chart"]:
        raise AftermathError("The Reward chart is chosen; answer the flip's Cheat question.")
    if chart not in charts(aftermath):
        raise AftermathError(f"Flip on the generic chart or the crew's faction chart, "
                             f"not {chart!r}.")
    if take == AVATAR and aftermath.crew.campaign.before_the_event:
        raise AftermathError("This campaign is set Before The Event: no Avatars.")
    reward.update(chart=chart, take=take, answers=[])
    return _settle(aftermath, actor, by_default)


@transaction.atomic
def answer(*, aftermath: Aftermath, actor, card: str | None, by_default: bool = False
           ) -> Aftermath:
    aftermath, _ = add_answer(aftermath, actor, Phase.REWARD,
                              lambda state: state["reward"], card,
                              "The Reward flip is not waiting for a Cheat decision.")
    return _settle(aftermath, actor, by_default)
