"""Phase 3, Barter: one flip at a time, each may be Cheated from the Aftermath hand, then
the player buys (or not) what that card offers before the next flip.

Skills go only to models that played in the game, within their station's limit (the
player names one to annihilate to make room); Change of Station raises the model's
station instead. Those Who Thirst is flipped for when bought (one per crew).
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
    keep_run,
    lock,
    record_step,
    require_phase,
    require_player,
    save,
    store_flips,
)
from campaign.models import ArsenalEvent, ArsenalModel, ArsenalUpgrade
from campaign.services import arsenal, hideouts, scrip
from rules import tables
from rules.engine import aftermath as rules

Phase = Aftermath.Phase
CASH_BOX_COST = 3
STATION_UP = {"peon": "minion", "minion": "enforcer"}


def _thirst_owned(aftermath: Aftermath) -> bool:
    keys = {r.key for r in tables.those_who_thirst().rows}
    return ArsenalUpgrade.objects.filter(crew=aftermath.crew, table_key__in=keys,
                                         status=ArsenalUpgrade.Status.ACTIVE).exists()


def _changes(aftermath: Aftermath) -> list[int]:
    """Value changes the crew's Hide Out allows on a Barter card (0 always)."""
    effects = hideouts.fortification_effects(aftermath.crew)
    out = [0]
    if effects.get("barter_flip_bonus"):
        out.append(effects["barter_flip_bonus"])
    if effects.get("barter_card_reduction"):
        out.append(-effects["barter_card_reduction"])
    return out


def _run(aftermath: Aftermath, current: dict):
    return flipping.run(rules.barter_flip, seed=int(aftermath.seed), skip=aftermath.dealt,
                        hand=aftermath.hand, answers=current["answers"],
                        number=aftermath.state["barter"]["done"] + 1,
                        has_those_who_thirst=_thirst_owned(aftermath))


def _settle(aftermath: Aftermath, actor, by_default: bool) -> None:
    """Run the open flip with the answers so far; keep the result once it is final."""
    current = aftermath.state["barter"]["current"]
    outcome = _run(aftermath, current)
    if isinstance(outcome, flipping.Question):
        current["question"] = outcome.as_dict()
        return
    flip = outcome.result
    records = keep_run(aftermath, outcome, [flip.step], current)
    current.update(card=flip.step.card.code, value=flip.options.value,
                   cheated=flip.step.cheated, bought=[])
    record_step(aftermath, f"{flip.step.purpose}: {flip.step.card.code}"
                + (" (cheated)" if flip.step.cheated else ""), actor=actor,
                by_default=by_default, flips=records, card=flip.step.card.code)


@transaction.atomic
def flip(*, aftermath: Aftermath, actor, by_default: bool = False) -> Aftermath:
    aftermath = lock(aftermath)
    require_player(actor, aftermath)
    require_phase(aftermath, Phase.BARTER)
    barter = aftermath.state["barter"]
    if barter["current"] is not None:
        raise AftermathError("Finish with this Barter card before flipping the next.")
    barter["current"] = {"answers": [], "question": None}
    _settle(aftermath, actor, by_default)
    save(aftermath, "state", "hand", "dealt")
    return aftermath


@transaction.atomic
def answer(*, aftermath: Aftermath, actor, card: str | None, by_default: bool = False
           ) -> Aftermath:
    """Cheat the open Barter flip with ``card`` from the hand, or keep it (None)."""
    aftermath, _ = add_answer(aftermath, actor, Phase.BARTER,
                              lambda state: state["barter"]["current"], card,
                              "There is no Barter flip waiting for a Cheat decision.")
    _settle(aftermath, actor, by_default)
    save(aftermath, "state", "hand", "dealt")
    return aftermath


def offer(aftermath: Aftermath, change: int = 0) -> rules.BarterOptions | None:
    """What the open Barter card may buy (None until the flip is final)."""
    current = (aftermath.state.get("barter") or {}).get("current") or {}
    if not current.get("card"):
        return None
    return rules.barter_options(current["card"], change=change,
                                has_those_who_thirst=_thirst_owned(aftermath))


def price(aftermath: Aftermath, upgrade) -> int:
    discount = hideouts.fortification_effects(aftermath.crew).get("equipment_scrip_discount", 0)
    if upgrade.type == "Equipment":
        return max(0, upgrade.campaign_cost - discount)
    return upgrade.campaign_cost


@transaction.atomic
def buy(*, aftermath: Aftermath, actor, key: str, model: ArsenalModel | None = None,
        replaces: ArsenalUpgrade | None = None, change: int = 0) -> ArsenalUpgrade:
    """Buy a Campaign Upgrade the open Barter card offers; refusals write nothing."""
    aftermath = lock(aftermath)
    require_player(actor, aftermath)
    require_phase(aftermath, Phase.BARTER)
    if change not in _changes(aftermath):
        raise AftermathError("The crew's Hide Out does not allow that change to the card.")
    options = offer(aftermath, change)
    if options is None:
        raise AftermathError("Flip (and decide on a Cheat) before buying.")
    upgrade = next((u for u in options.all if u.key == key), None)
    if upgrade is None:
        raise AftermathError(f"A Barter card of {options.value} cannot buy {key!r}.")
    cost = price(aftermath, upgrade)
    step = record_step(aftermath, f"Bought {upgrade.name} for {cost} scrip", actor=actor,
                       upgrade=key, cost=cost)
    with applying(step):
        bought = _attach(aftermath, upgrade, model, replaces, actor)
        scrip.spend_scrip(aftermath.crew, cost, week=aftermath.week,
                          reason=f"Barter: {upgrade.name}")
    aftermath.state["barter"]["current"]["bought"].append(key)
    save(aftermath, "state", "hand", "dealt")
    return bought


def _attach(aftermath, upgrade, model, replaces, actor) -> ArsenalUpgrade:
    crew = aftermath.crew
    if upgrade.key == "those-who-thirst":
        return _those_who_thirst(aftermath, actor)
    if upgrade.type != "Skill":
        return _create(crew, aftermath, upgrade.key, upgrade.name, kind="equipment")
    played = aftermath.game.record["sides"][aftermath.side_key].get("played") or []
    if model is None or model.pk not in played or model.crew_id != crew.pk:
        raise AftermathError(f"{upgrade.name} is a Skill: choose a model of this crew that "
                             "played in the game.")
    if upgrade.key == "change-of-station":
        if model.station not in STATION_UP:
            raise AftermathError("Change of Station raises a Peon or a Minion only.")
        skill = _create(crew, aftermath, upgrade.key, upgrade.name, kind="skill", model=model,
                        counts_as_skill=False)
        arsenal.change_station(model=model, actor=actor, station=STATION_UP[model.station])
        return skill
    return arsenal.add_skill(model=model, actor=actor, key=upgrade.key, name=upgrade.name,
                             stat_effects=dict(upgrade.stat_effects), replaces=replaces,
                             cost_paid=upgrade.campaign_cost)


def _create(crew, aftermath, key, name, *, kind, model=None, counts_as_skill=False,
            stat_effects=None) -> ArsenalUpgrade:
    row = ArsenalUpgrade.objects.create(
        crew=crew, kind=kind, table_key=key, name=name, attached_to=model,
        acquired_week=aftermath.week, counts_as_skill=counts_as_skill,
        stat_effects=stat_effects or {})
    arsenal._event(crew, ArsenalEvent.Kind.UPGRADE_BOUGHT
                   if kind == "equipment" else ArsenalEvent.Kind.SKILL,
                   f"{name} added" + (f" to {model.card.name}" if model else ""),
                   actor=None, model=model, upgrade=row)
    return row


def _those_who_thirst(aftermath: Aftermath, actor) -> ArsenalUpgrade:
    """Buying Those Who Thirst flips for the relic (Jokers reflipped, no Cheat offered)."""
    dealer = flipping.Dealer(int(aftermath.seed), aftermath.dealt)
    outcome = rules.flip_those_who_thirst(dealer)
    relic = next(r for r in tables.those_who_thirst().rows if r.key == outcome.relic_key)
    records = store_flips(aftermath, outcome.steps, start=aftermath.dealt)
    aftermath.dealt += len(dealer.dealt)
    record_step(aftermath, f"Those Who Thirst: {relic.name}", actor=actor, flips=records)
    return _create(aftermath.crew, aftermath, relic.key, relic.name, kind="equipment")


@transaction.atomic
def extra_flip(*, aftermath: Aftermath, actor) -> Aftermath:
    """Cash Box: pay 3 scrip for one more Barter flip (once per Aftermath)."""
    aftermath = lock(aftermath)
    require_player(actor, aftermath)
    require_phase(aftermath, Phase.BARTER)
    if "cash-box" not in hideouts.owned_keys(aftermath.crew):
        raise AftermathError("Only a crew with a Cash Box may buy another Barter flip.")
    if aftermath.state.get("cash_box_used"):
        raise AftermathError("The Cash Box buys one extra Barter flip per Aftermath.")
    step = record_step(aftermath, "Cash Box: one more Barter flip", actor=actor)
    with applying(step):
        scrip.spend_scrip(aftermath.crew, CASH_BOX_COST, week=aftermath.week,
                          reason="Cash Box: another Barter flip")
    aftermath.state["cash_box_used"] = True
    aftermath.state["barter_total"] += 1
    save(aftermath, "state")
    return aftermath


@transaction.atomic
def next_card(*, aftermath: Aftermath, actor, by_default: bool = False) -> Aftermath:
    """Done with this Barter card: on to the next flip, or the next phase."""
    aftermath = lock(aftermath)
    require_player(actor, aftermath)
    require_phase(aftermath, Phase.BARTER)
    barter = aftermath.state["barter"]
    if not barter["current"] or not barter["current"].get("card"):
        raise AftermathError("Flip this Barter card (and decide on a Cheat) first.")
    barter["done"] += 1
    barter["current"] = None
    if barter["done"] >= aftermath.state["barter_total"]:
        return flow.advance(aftermath, actor=actor)
    save(aftermath, "state")
    return aftermath
