"""The part of the Aftermath that needs no player: bounty progress, the Aftermath hand,
Payday (scrip, hide out income, Construction Material, Flair) and Shaken wearing off.

``start_game`` is what the Celery job runs after a result is confirmed. Each crew's
automatic part is one transaction that ends by moving the Aftermath to the first phase
that needs its player; a crash inside leaves the crew exactly as before.
"""

from __future__ import annotations

import os
import secrets
import time

from django.db import transaction

from aftermath.facts import bounty_facts, side_facts
from aftermath.models import Aftermath
from aftermath.services import barter_flips, flow, sinners_prayer
from aftermath.services.common import applying, lock, record_step, store_flips
from campaign.models import (
    ArsenalModel,
    ArsenalUpgrade,
    Campaign,
    Crew,
    CrewBounty,
    Fortification,
    HideOut,
)
from campaign.services import arsenal, hideouts, optional_rules, scrip
from encounters.models import Game
from rules import tables
from rules.engine import aftermath as rules
from rules.engine import bounties, campaign_game, fortification_scrip
from rules.engine.deck import deal

#: Fault injection for the crash tests: seconds to sleep in the middle of a phase.
PAUSE_ENV = "AFTERMATH_PAUSE_MID_PHASE"


def start_game(game_id: int) -> list[int]:
    """Open both crews' Aftermaths for a confirmed campaign game and run their automatic
    part. Safe to call any number of times: rows are created once, phases run once."""
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        if game is None or game.state != Game.State.AFTERMATH or not game.record:
            return []
        ids = [_open(game, side) for side in game.sides.select_related("crew") if side.crew_id]
    for pk in ids:
        run_automatic(pk)
    return ids


def stalled_games(grace_seconds: float) -> list[int]:
    """Confirmed games whose automatic part has not finished (a worker died, the broker
    lost the job) after ``grace_seconds``: the sweep sends their job again."""
    from datetime import timedelta

    from django.db.models import Q
    from django.utils import timezone

    cutoff = timezone.now() - timedelta(seconds=grace_seconds)
    return list(Game.objects.filter(state=Game.State.AFTERMATH, updated_at__lt=cutoff)
                .filter(Q(aftermaths__isnull=True) | Q(aftermaths__phase=Aftermath.Phase.PENDING))
                .distinct().values_list("pk", flat=True))


def _open(game: Game, side) -> int:
    opponent = next((s.crew_id for s in game.sides.all() if s.key != side.key), None)
    aftermath, _ = Aftermath.objects.get_or_create(
        game=game, crew_id=side.crew_id,
        defaults={"side_key": side.key, "opponent_id": opponent,
                  "week": game.record.get("week") or game.campaign.current_week,
                  "seed": str(secrets.randbits(63))})
    return aftermath.pk


@transaction.atomic
def run_automatic(aftermath_id: int) -> Aftermath:
    aftermath = lock(Aftermath(pk=aftermath_id))
    if aftermath.phase != Aftermath.Phase.PENDING:
        return aftermath
    record = aftermath.game.record
    facts = side_facts(record, aftermath.side_key)
    crew = scrip.lock_crew(aftermath.crew)
    completed = _bounty_progress(aftermath, crew, record)
    _draw_hand(aftermath, facts, completed)
    _payday(aftermath, crew, facts, completed)
    if crew.campaign.competitive_mode == Campaign.Competitive.HIDE_OUTS:
        _construction(aftermath, crew, facts)
    _pause_for_crash_tests()
    _shaken_wears_off(aftermath, crew, facts)
    if crew.campaign.wandering_relic and facts.lost and aftermath.opponent_id and \
            crew.upgrades.filter(wandering_relic=True, status="active").exists():
        step = record_step(aftermath, "The Wandering Relic goes to the winner", phase="payday")
        with applying(step):
            optional_rules.pass_wandering_relic(loser=crew, winner=aftermath.opponent)
    total, extras = barter_flips.barter_flips(aftermath, crew, facts)
    spared = sinners_prayer.pray(aftermath, crew, facts.finished_off)
    aftermath.state = {"barter_total": total, "bounty_completed": completed,
                       "early_withdraw": facts.early_withdraw,
                       "barter_extras": [[n, why] for n, why in extras],
                       "recorded_scrip": [] if facts.early_withdraw
                       else recorded_scrip(crew, aftermath),
                       "prayer_spared": spared}
    flow.advance(aftermath, actor=None)
    return aftermath


def _pause_for_crash_tests() -> None:
    seconds = float(os.environ.get(PAUSE_ENV) or 0)
    if seconds:
        time.sleep(seconds)


def _progress_from(row: CrewBounty) -> bounties.BountyProgress:
    start = bounties.start(row.bounty_key)
    contributions = tuple(bounties.Contribution(c["game"], c["count"], tuple(c["schemes"]))
                          for c in (row.progress or {}).get("contributions", ()))
    return bounties.BountyProgress(start.bounty, start.target, contributions)


def _bounty_progress(aftermath: Aftermath, crew: Crew, record: dict) -> str:
    """Mark off this game's part of the crew's Bounty; the key when it was completed."""
    row = crew.bounties.filter(status=CrewBounty.Status.ACTIVE).first()
    if row is None:
        return ""
    stations = None
    if not record.get("models"):  # a version 1 record: stations from the arsenal
        stations = dict(ArsenalModel.objects.filter(
            pk__in=[k.get("victim") for k in record.get("kills") or () if k.get("victim")])
            .values_list("pk", "station"))
    before = _progress_from(row)
    bounty_row = next(b for b in tables.bounties().rows if b.key == row.bounty_key)
    after = bounties.advance(bounty_row, before,
                             bounty_facts(aftermath.game_id, record, aftermath.side_key,
                                          stations))
    row.progress = {"counted": after.counted, "target": after.target, "contributions": [
        {"game": c.game, "count": c.count, "schemes": list(c.schemes)}
        for c in after.contributions]}
    done = bounties.final_part_completed(before, after)
    if done:
        row.status, row.completed_week = CrewBounty.Status.COMPLETED, aftermath.week
    row.save(update_fields=["progress", "status", "completed_week"])
    gained = after.counted - before.counted
    if gained or done:
        record_step(aftermath, f"{row.name}: {after.counted} of {after.target} done"
                    + (" (completed)" if done else ""), phase="bounty",
                    bounty=row.bounty_key, counted=after.counted)
    return row.bounty_key if done else ""


def _draw_hand(aftermath: Aftermath, facts, completed: str) -> None:
    size = rules.aftermath_hand_size(
        completed_without_withdraw=facts.withdrew_on_turn is None, won=facts.won,
        completed_bounty_final_part=bool(completed), late_withdraw=facts.late_withdraw,
        early_withdraw=facts.early_withdraw)
    cards = deal(int(aftermath.seed), 0, size)
    aftermath.hand, aftermath.dealt = [c.code for c in cards], size
    flips = []
    if cards:
        hand_step = rules.FlipStep("Aftermath hand", tuple(cards), cards[0], "", None, True)
        flips = store_flips(aftermath, [hand_step], start=0)
    record_step(aftermath, f"Aftermath hand: {size} card(s)", phase="hand", flips=flips,
                size=size)


def _payday(aftermath: Aftermath, crew: Crew, facts, completed: str) -> None:
    pay = campaign_game.payday(facts.vp, facts.won, facts.own_rating, facts.other_rating,
                               facts.event_scrip, withdrew_early=facts.early_withdraw)
    lines = [(pay.vp_scrip, f"{facts.vp} VP"), (pay.win_bonus, "winning"),
             (pay.rating_bonus, "the lower Campaign Rating"),
             (pay.event.counted, "the weekly event")]
    if not facts.early_withdraw:
        effects = hideouts.fortification_effects(crew)
        lines += [(effects.get("scrip_per_game", 0), "the Hide Out's income"),
                  (effects.get("scrip_on_loss", 0) if facts.lost else 0, "losing (Hide Out)"),
                  (effects.get("scrip_on_bounty", 0) if completed else 0,
                   "completing a Bounty (Hide Out)")]
        for key in recorded_scrip(crew, aftermath):
            amount, why = hideouts.TABLE_SCRIP[key]
            name = Fortification.objects.get(hide_out__crew=crew, key=key).name
            lines.append((amount, f"{name} ({why}: the game record)"))
        pockets = len(barter_flips.deep_pockets(aftermath, facts))
        lines.append((pockets, "Deep Pockets (in play at the end)"))
        if crew.campaign.extra_scrip and facts.withdrew_on_turn is None:
            # A crew that withdrew has no model in play at the end (Strategic Withdraw).
            lines.append((2 * _big_models_standing(aftermath, facts),
                          "Enforcers and Henchmen still in play (Extra Scrip)"))
    step = record_step(aftermath, "Payday", phase="payday", forfeited=pay.forfeited,
                       lines=[[n, why] for n, why in lines if n],
                       event_cut=pay.event.cut)
    with applying(step):
        for amount, why in lines:
            if amount and not facts.early_withdraw:
                scrip.gain_scrip(crew, amount, week=aftermath.week,
                                 reason=f"Payday, game {aftermath.game_id}: {why}")


def recorded_scrip(crew: Crew, aftermath: Aftermath) -> list[str]:
    """Trophy Rack and Junkyard Dogs the crew owns whose condition the game record shows:
    paid at Payday, so the player does not claim them."""
    if crew.campaign.competitive_mode != Campaign.Competitive.HIDE_OUTS:
        return []
    owned = hideouts.owned_keys(crew)
    return [key for key in fortification_scrip.RECORDED if key in owned and
            fortification_scrip.shown_by_record(key, aftermath.game.record, aftermath.side_key)]


def _big_models_standing(aftermath: Aftermath, facts) -> int:
    killed = {k.get("victim") for k in aftermath.game.record.get("kills") or ()}
    return ArsenalModel.objects.filter(
        pk__in=[m for m in facts.played if m not in killed],
        station__in=["enforcer", "henchman"]).count()


def _construction(aftermath: Aftermath, crew: Crew, facts) -> None:
    if facts.early_withdraw:
        return
    table = tables.hide_outs().construction_material
    earned = [(table.scheme_two_vp if facts.best_scheme_vp >= 2 else 0, "2 VP from a Scheme"),
              (table.strategy_max_vp if facts.full_strategy else 0, "full Strategy VP"),
              (table.win if facts.won else 0, "winning")]
    earned = [(n, why) for n, why in earned if n]
    hide_out = HideOut.objects.filter(crew=crew).first()
    flair = bool(hide_out and facts.won and Fortification.objects.filter(
        hide_out=hide_out).count() >= tables.hide_outs().flair.fortifications_needed)
    if not earned and not flair:
        return
    step = record_step(aftermath, "Construction Material", phase="payday",
                       cm=sum(n for n, _ in earned), flair=flair)
    with applying(step):
        for amount, why in earned[:table.max_per_game]:
            hideouts.add_cm(crew, amount, week=aftermath.week,
                            reason=f"Game {aftermath.game_id}: {why}")
    if flair:
        hide_out.flair += tables.hide_outs().flair.per_win
        hide_out.save(update_fields=["flair"])


def _shaken_wears_off(aftermath: Aftermath, crew: Crew, facts) -> None:
    shaken = ArsenalUpgrade.objects.filter(
        crew=crew, kind=ArsenalUpgrade.Kind.INJURY, table_key="shaken",
        status=ArsenalUpgrade.Status.ACTIVE, attached_to__in=facts.played)
    for injury in shaken.select_related("attached_to__card"):
        step = record_step(aftermath, f"Shaken wears off {injury.attached_to.card.name}",
                           phase="injuries")
        with applying(step):
            arsenal.annihilate_upgrade(injury, why="(Shaken lasts one game)")
