"""Moving an Aftermath to the next phase that needs its player.

A phase with nothing to decide is passed over (no Barter flips, no completed Bounty, not
enough scrip for a Bounty, nobody Finished Off, no Doc and no Hide Out to build). A crew
that withdrew by Turn 2 keeps only its Injuries. Injuries with no cards left to Cheat
are flipped straight away: with no Cheat possible there is nothing to decide.
"""

from __future__ import annotations

from aftermath.models import Aftermath
from aftermath.services.common import finish_game_if_done, reset_deadline, save
from campaign.models import ArsenalModel, ArsenalUpgrade, Campaign
from campaign.services import hideouts
from rules import tables
from rules.engine.bounties import BOUNTY_COST

Phase = Aftermath.Phase


def injured_models(aftermath: Aftermath) -> list[int]:
    """Finished Off models still in this crew, in the order they fell."""
    if aftermath.crew.campaign.no_injuries:
        return []
    side = aftermath.game.record["sides"][aftermath.side_key]
    ids = [m for m in side.get("finished_off") or () if m]
    active = set(ArsenalModel.objects.filter(pk__in=ids, crew=aftermath.crew,
                                             status=ArsenalModel.Status.ACTIVE)
                 .values_list("pk", flat=True))
    return [m for m in ids if m in active]


def _doctor_possible(aftermath: Aftermath) -> bool:
    crew = aftermath.crew
    return (crew.campaign.good_doctor and crew.scrip >= 2 and ArsenalUpgrade.objects.filter(
        crew=crew, kind=ArsenalUpgrade.Kind.INJURY, status=ArsenalUpgrade.Status.ACTIVE,
        attached_to__status=ArsenalModel.Status.ACTIVE).exists())


def _building_possible(aftermath: Aftermath) -> bool:
    crew = aftermath.crew
    if crew.campaign.competitive_mode != Campaign.Competitive.HIDE_OUTS:
        return False
    hide_out = getattr(crew, "hide_out", None)
    if hide_out is None:
        return False
    balance = hideouts.cm_balance(crew)
    return any(hideouts.fortification_refusal(crew, f.key) is None
               for f in tables.fortifications(hide_out.hide_out_key) if f.cm <= balance)


def _prepare(aftermath: Aftermath, phase: str) -> bool:
    """Set up ``phase``'s state; False when it has nothing for the player."""
    state = aftermath.state
    early = state.get("early_withdraw")
    if phase == Phase.BARTER:
        state["barter"] = {"done": 0, "current": None}
        return not early and state.get("barter_total", 0) > 0
    if phase == Phase.REWARD:
        state["reward"] = {"chart": "", "take": "", "answers": []}
        return not early and bool(state.get("bounty_completed"))
    if phase == Phase.BOUNTY:
        aftermath.crew.refresh_from_db(fields=["scrip"])
        return not early and aftermath.crew.scrip >= BOUNTY_COST
    if phase == Phase.INJURIES:
        state["injuries"] = {"remaining": injured_models(aftermath), "current": None,
                             "answers": []}
        return bool(state["injuries"]["remaining"])
    if phase == Phase.EXTRAS:
        state["extras"] = {"doctor": None}
        aftermath.crew.refresh_from_db(fields=["scrip"])
        return not early and (_doctor_possible(aftermath) or _building_possible(aftermath))
    return True


def advance(aftermath: Aftermath, *, actor) -> Aftermath:
    """Leave the current phase for the next one with something to decide (or Done)."""
    order = list(Aftermath.ORDER)
    for phase in order[order.index(aftermath.phase) + 1:]:
        Aftermath.LIFECYCLE.check(aftermath.phase, phase)
        aftermath.phase = phase
        if phase == Phase.DONE or _prepare(aftermath, phase):
            break
    if aftermath.phase == Phase.DONE:
        aftermath.deadline = None
    else:
        reset_deadline(aftermath)
    save(aftermath, "phase", "state", "hand", "dealt", "deadline")
    if aftermath.phase == Phase.INJURIES and not aftermath.hand:
        from aftermath.services import injuries

        return injuries.resolve_without_hand(aftermath, actor=actor)
    if aftermath.phase == Phase.DONE:
        finish_game_if_done(aftermath)
    return aftermath
