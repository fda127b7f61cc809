"""Phase 3, Barter: one flip at a time, each may be Cheated from the Aftermath hand, then
the player buys (or not) what that card offers before the next flip.

Skills go only to models that played in the game, within their station's limit (the
player names one to annihilate to make room); Change of Station raises the model's
station instead. Those Who Thirst is flipped for when bought (one per crew); that flip
may be Cheated from the Aftermath hand like any other.
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
    keep_run,
    lock,
    record_step,
    require_phase,
    require_player,
    save,
)
from campaign.models import ArsenalEvent, ArsenalModel, ArsenalUpgrade
from campaign.services import arsenal, hideouts, one_use, scrip
from rules import tables
from rules.engine import aftermath as rules

Phase = Aftermath.Phase
CASH_BOX_COST = 3
STATION_UP = {"peon": "minion", "minion": "enforcer"}


def _thirst_owned(aftermath: Aftermath) -> bool:
    keys = {r.key for r in tables.those_who_thirst().rows}
    return ArsenalUpgrade.objects.filter(crew=aftermath.crew, table_key__in=keys,
                                         status=ArsenalUpgrade.Status.ACTIVE).exists()


def _hide_out_changes(aftermath: Aftermath) -> list[int]:
    """Value changes the crew's Hide Out allows on a Barter card (0 always)."""
    effects = hideouts.fortification_effects(aftermath.crew)
    out = [0]
    if effects.get("barter_flip_bonus"):
        out.append(effects["barter_flip_bonus"])
    if effects.get("barter_card_reduction"):
        out.append(-effects["barter_card_reduction"])
    return out


def _good_lead(aftermath: Aftermath) -> ArsenalUpgrade | None:
    return (ArsenalUpgrade.objects.filter(crew=aftermath.crew, table_key=one_use.GOOD_LEAD,
                                          status=ArsenalUpgrade.Status.ACTIVE)
            .order_by("id").first())


def _changes(aftermath: Aftermath) -> list[int]:
    """Value changes allowed on the open Barter card: the Hide Out's, each moved 1 up or
    down by a Good Lead (annihilated when a purchase uses it; the move then holds for
    the rest of that card)."""
    base = _hide_out_changes(aftermath)
    used = ((aftermath.state.get("barter") or {}).get("current") or {}).get("good_lead")
    if used:
        return [c + used for c in base]
    if _good_lead(aftermath) is None:
        return base
    return list(dict.fromkeys([*base, *(c + d for c in base for d in (1, -1))]))


def _run(aftermath: Aftermath, current: dict):
    return flipping.run(rules.barter_flip, seed=int(aftermath.seed), skip=aftermath.dealt,
                        hand=aftermath.hand, answers=current["answers"],
                        number=aftermath.state["barter"]["done"] + 1,
                        has_those_who_thirst=_thirst_owned(aftermath),
                        no_injuries=aftermath.crew.campaign.no_injuries)


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
        raise AftermathError(gettext("Finish with this Barter card before flipping the next."))
    barter["current"] = {"answers": [], "question": None}
    _settle(aftermath, actor, by_default)
    save(aftermath, "state", "hand", "dealt")
    return aftermath


FINE_LIQUOR = "fine-liquor"


def can_reflip(aftermath: Aftermath) -> bool:
    """Fine Liquor: once per Aftermath, the open Barter card may be reflipped before any
    Cheat decision on it and before anything is bought with it."""
    current = (aftermath.state.get("barter") or {}).get("current") or {}
    return (bool(current) and not current.get("answers") and not current.get("bought")
            and not current.get("thirst") and not current.get("good_lead")
            and not aftermath.state.get("fine_liquor_used")
            and FINE_LIQUOR in hideouts.owned_keys(aftermath.crew))


@transaction.atomic
def reflip(*, aftermath: Aftermath, actor) -> Aftermath:
    """Fine Liquor: discard the open Barter card and flip another (recorded, once)."""
    aftermath = lock(aftermath)
    require_player(actor, aftermath)
    require_phase(aftermath, Phase.BARTER)
    if not can_reflip(aftermath):
        raise AftermathError(
            gettext(
                "Fine Liquor reflips one Barter card per Aftermath, before any "
                "Cheat and before buying with it."
            )
        )
    barter = aftermath.state["barter"]
    current = barter["current"]
    question = current.get("question")
    old = question["card"] if question else current.get("card")
    if question:
        aftermath.dealt += 1  # the card shown was turned over: it is discarded
    record_step(
        aftermath,
        f"Fine Liquor: Barter card {old} reflipped",
        actor=actor,
        fortification=FINE_LIQUOR,
        card=old,
    )
    aftermath.state["fine_liquor_used"] = True
    barter["current"] = {"answers": [], "question": None}
    _settle(aftermath, actor, False)
    save(aftermath, "state", "hand", "dealt")
    return aftermath


def _thirst(state: dict) -> dict | None:
    """The Those Who Thirst flip waiting for its Cheat decision, if any."""
    current = state["barter"]["current"] or {}
    thirst = current.get("thirst")
    return thirst if thirst and thirst.get("question") else None


@transaction.atomic
def answer(*, aftermath: Aftermath, actor, card: str | None, by_default: bool = False) -> Aftermath:
    """Cheat the open Barter flip (or the Those Who Thirst flip) with ``card`` from the
    hand, or keep it (None)."""
    aftermath, _ = add_answer(
        aftermath,
        actor,
        Phase.BARTER,
        lambda state: _thirst(state) or state["barter"]["current"],
        card,
        "There is no Barter flip waiting for a Cheat decision.",
    )
    if (aftermath.state["barter"]["current"] or {}).get("thirst"):
        _settle_thirst(aftermath, actor, by_default)
    else:
        _settle(aftermath, actor, by_default)
    save(aftermath, "state", "hand", "dealt")
    return aftermath


def offer(aftermath: Aftermath, change: int = 0) -> rules.BarterOptions | None:
    """What the open Barter card may buy (None until the flip is final)."""
    current = (aftermath.state.get("barter") or {}).get("current") or {}
    if not current.get("card"):
        return None
    return rules.barter_options(
        current["card"],
        change=change,
        has_those_who_thirst=_thirst_owned(aftermath),
        no_injuries=aftermath.crew.campaign.no_injuries,
    )


def price(aftermath: Aftermath, upgrade) -> int:
    discount = hideouts.fortification_effects(aftermath.crew).get("equipment_scrip_discount", 0)
    if upgrade.type == "Equipment":
        return max(0, upgrade.campaign_cost - discount)
    return upgrade.campaign_cost


@transaction.atomic
def buy(
    *,
    aftermath: Aftermath,
    actor,
    key: str,
    model: ArsenalModel | None = None,
    replaces: ArsenalUpgrade | None = None,
    change: int = 0,
) -> ArsenalUpgrade:
    """Buy a Campaign Upgrade the open Barter card offers; refusals write nothing."""
    aftermath = lock(aftermath)
    require_player(actor, aftermath)
    require_phase(aftermath, Phase.BARTER)
    if change not in _changes(aftermath):
        raise AftermathError(gettext("The crew's Hide Out does not allow that change to the card."))
    options = offer(aftermath, change)
    if options is None:
        raise AftermathError(gettext("Flip (and decide on a Cheat) before buying."))
    upgrade = next((u for u in options.all if u.key == key), None)
    if upgrade is None:
        raise AftermathError(
            gettext("A Barter card of %(value)s cannot buy %(key)s.")
            % {"value": options.value, "key": repr(key)}
        )
    if (aftermath.state["barter"]["current"] or {}).get("thirst"):
        raise AftermathError(gettext("Settle the Those Who Thirst flip first."))
    cost = price(aftermath, upgrade)
    current = aftermath.state["barter"]["current"]
    lead = None
    if change not in _hide_out_changes(aftermath) and not current.get("good_lead"):
        lead = _good_lead(aftermath)  # the change is only reachable with a Good Lead
        delta = next(d for d in (1, -1) if change - d in _hide_out_changes(aftermath))
    step = record_step(
        aftermath, f"Bought {upgrade.name} for {cost} scrip", actor=actor, upgrade=key, cost=cost
    )
    with applying(step):
        if lead is not None:
            one_use.spend(
                upgrade=lead, actor=actor, where=f"Barter card {current['card']} moved {delta:+d}"
            )
            current["good_lead"] = delta
        bought = _attach(aftermath, upgrade, model, replaces, actor)
        scrip.spend_scrip(
            aftermath.crew, cost, week=aftermath.week, reason=f"Barter: {upgrade.name}"
        )
    aftermath.state["barter"]["current"]["bought"].append(key)
    save(aftermath, "state", "hand", "dealt")
    return bought


def _attach(aftermath, upgrade, model, replaces, actor) -> ArsenalUpgrade | None:
    crew = aftermath.crew
    if upgrade.key == "those-who-thirst":
        aftermath.state["barter"]["current"]["thirst"] = {"answers": [], "question": None}
        return _settle_thirst(aftermath, actor, False)
    if upgrade.type != "Skill":
        return _create(crew, aftermath, upgrade.key, upgrade.name, kind="equipment")
    played = aftermath.game.record["sides"][aftermath.side_key].get("played") or []
    if model is None or model.pk not in played or model.crew_id != crew.pk:
        raise AftermathError(
            gettext("%(name)s is a Skill: choose a model of this crew that played in the game.")
            % {"name": upgrade.name}
        )
    if upgrade.key == "change-of-station":
        if model.station not in STATION_UP:
            raise AftermathError(gettext("Change of Station raises a Peon or a Minion only."))
        skill = _create(
            crew,
            aftermath,
            upgrade.key,
            upgrade.name,
            kind="skill",
            model=model,
            counts_as_skill=False,
        )
        arsenal.change_station(model=model, actor=actor, station=STATION_UP[model.station])
        return skill
    return arsenal.add_skill(
        model=model,
        actor=actor,
        key=upgrade.key,
        name=upgrade.name,
        stat_effects=dict(upgrade.stat_effects),
        replaces=replaces,
        cost_paid=upgrade.campaign_cost,
    )


def _create(
    crew, aftermath, key, name, *, kind, model=None, counts_as_skill=False, stat_effects=None
) -> ArsenalUpgrade:
    row = ArsenalUpgrade.objects.create(
        crew=crew,
        kind=kind,
        table_key=key,
        name=name,
        attached_to=model,
        acquired_week=aftermath.week,
        counts_as_skill=counts_as_skill,
        stat_effects=stat_effects or {},
    )
    arsenal._event(
        crew,
        ArsenalEvent.Kind.UPGRADE_BOUGHT if kind == "equipment" else ArsenalEvent.Kind.SKILL,
        f"{name} added" + (f" to {model.card.name}" if model else ""),
        actor=None,
        model=model,
        upgrade=row,
    )
    return row


def _settle_thirst(aftermath: Aftermath, actor, by_default: bool) -> ArsenalUpgrade | None:
    """The Those Who Thirst flip bought with this card (Jokers reflipped; the Aftermath
    hand may Cheat it): stop at its Cheat question, or add the relic once it is final."""
    current = aftermath.state["barter"]["current"]
    thirst = current["thirst"]
    outcome = flipping.run(
        rules.flip_those_who_thirst,
        seed=int(aftermath.seed),
        skip=aftermath.dealt,
        hand=aftermath.hand,
        answers=thirst["answers"],
    )
    if isinstance(outcome, flipping.Question):
        thirst["question"] = outcome.as_dict()
        return None
    relic = next(r for r in tables.those_who_thirst().rows if r.key == outcome.result.relic_key)
    records = keep_run(aftermath, outcome, outcome.result.steps, thirst)
    current["thirst"] = None
    step = record_step(
        aftermath,
        f"Those Who Thirst: {relic.name}",
        actor=actor,
        by_default=by_default,
        flips=records,
        relic=relic.key,
    )
    with applying(step):
        return _create(aftermath.crew, aftermath, relic.key, relic.name, kind="equipment")


@transaction.atomic
def extra_flip(*, aftermath: Aftermath, actor) -> Aftermath:
    """Cash Box: pay 3 scrip for one more Barter flip (once per Aftermath)."""
    aftermath = lock(aftermath)
    require_player(actor, aftermath)
    require_phase(aftermath, Phase.BARTER)
    if "cash-box" not in hideouts.owned_keys(aftermath.crew):
        raise AftermathError(gettext("Only a crew with a Cash Box may buy another Barter flip."))
    if aftermath.state.get("cash_box_used"):
        raise AftermathError(gettext("The Cash Box buys one extra Barter flip per Aftermath."))
    step = record_step(aftermath, "Cash Box: one more Barter flip", actor=actor)
    with applying(step):
        scrip.spend_scrip(
            aftermath.crew,
            CASH_BOX_COST,
            week=aftermath.week,
            reason="Cash Box: another Barter flip",
        )
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
        raise AftermathError(gettext("Flip this Barter card (and decide on a Cheat) first."))
    if barter["current"].get("thirst"):
        raise AftermathError(gettext("Settle the Those Who Thirst flip (Cheat or keep it) first."))
    barter["done"] += 1
    barter["current"] = None
    if barter["done"] >= aftermath.state["barter_total"]:
        return flow.advance(aftermath, actor=actor)
    save(aftermath, "state")
    return aftermath
