"""Moving an Aftermath to the next phase that needs its player.

A phase with nothing to decide is passed over (no Barter flips, no completed Bounty, not
enough scrip for a Bounty, nobody Finished Off, no Doc and no Hide Out to build). A crew
that withdrew by Turn 2 keeps only its Injuries. Injuries with no cards left to Cheat
are flipped straight away: with no Cheat possible there is nothing to decide.
"""

from __future__ import annotations

from aftermath.models import Aftermath
from aftermath.services import grand_tomb, injury_flips
from aftermath.services.common import finish_game_if_done, reset_deadline, save
from campaign.models import ArsenalModel, ArsenalUpgrade, Campaign
from campaign.services import hideouts
from notifications import events as notify
from rules import tables
from rules.engine.bounties import BOUNTY_COST

Phase = Aftermath.Phase


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


def _claim_possible(aftermath: Aftermath) -> bool:
    """A Fortification that pays Scrip for what happened at the table (Wanted Posters...)."""
    paid = set(aftermath.state.get("recorded_scrip") or ())
    return ((aftermath.crew.campaign.competitive_mode == Campaign.Competitive.HIDE_OUTS
             and bool(hideouts.owned_keys(aftermath.crew) & set(hideouts.TABLE_SCRIP) - paid))
            or bool(grand_tomb.choices(aftermath)))


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
        state["injuries"] = {"remaining": injury_flips.injured_models(aftermath), "current": None,
                             "answers": []}
        return bool(state["injuries"]["remaining"])
    if phase == Phase.EXTRAS:
        state["extras"] = {"doctor": None,
                           "scrip_claimed": list(state.get("recorded_scrip") or ())}
        aftermath.crew.refresh_from_db(fields=["scrip"])
        return not early and (_doctor_possible(aftermath) or _building_possible(aftermath)
                              or _claim_possible(aftermath))
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
        aftermath = continue_injuries(aftermath, actor=actor)
    elif aftermath.phase == Phase.DONE:
        finish_game_if_done(aftermath)
    if aftermath.phase != Phase.DONE and getattr(actor, "pk", None) != aftermath.crew.player_id:
        # The job (or an organizer) moved it on: the player is not looking at it. Once per
        # phase (the notification's key), however many times this runs.
        notify.aftermath_waiting(aftermath)
    return aftermath


def continue_injuries(aftermath: Aftermath, *, actor) -> Aftermath:
    """After an Injury flip: with no hand left, flip for the rest at once; once every
    Finished Off model is flipped for, move to the next phase."""
    state = aftermath.state.get("injuries") or {}
    if aftermath.phase != Phase.INJURIES or state.get("current") is not None \
            or state.get("skill_choice") or state.get("effect_choice"):
        return aftermath
    if not aftermath.hand and not injury_flips.walls_offered(aftermath):
        aftermath = injury_flips.flip_without_hand(aftermath, actor=actor)
        state = aftermath.state.get("injuries") or {}
        if state.get("current") is not None or state.get("skill_choice"):
            return aftermath
    if not state.get("remaining"):
        return advance(aftermath, actor=actor)
    return aftermath
