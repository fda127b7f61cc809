"""A simulated encounter written into the game as the live tracker would have written it.

The tracker's rows (``Casualty`` with killer and action, ``MarkerChange``, Horror
failures, each side's strategy and scheme VP, end facts and Pool) are the one source the
result pipeline reads (``encounters.services.record.build_record``), so an auto-resolved
game feeds Finished Off, the Aftermath, Bounties, the Bullet and standings exactly as a
played one. Finished Off flips are the server's (recorded), because nobody sits at this
table to flip; nobody cheats them.
"""

from __future__ import annotations

from campaign.services import hideouts
from encounters.models import Casualty, Game, HiredModel, MarkerChange, ModelEvent
from encounters.services import tracker
from rules import services as flip_services
from rules.engine import campaign_game
from rules.engine import record as rec
from rules.engine.cards import Card
from rules.engine.simulation import SimulationResult
from rules.engine.simulation.record import game_record


def write_result(game: Game, result: SimulationResult, arsenal: dict[str, int]) -> rec.GameRecord:
    """Write the simulated facts into ``game`` (locked by the caller); returns the record
    the simulator itself made of them, for comparison and the summary."""
    record = game_record(result)
    hired = {h.pk: h for h in HiredModel.objects.filter(side__game=game).select_related("side")}
    by_sim = {sim: hired[pk] for sim, pk in arsenal.items() if pk in hired}
    by_ref = {i: by_sim.get(m.id) for i, m in enumerate(result.models, start=1)}
    sides = {s.key: s for s in game.sides.select_for_update(of=("self",))}
    _casualties(game, result, by_sim, sides)
    MarkerChange.objects.bulk_create(
        MarkerChange(game=game, turn=m.turn, kind=m.kind, delta=m.delta, owner=m.owner,
                     quarter=m.quarter, by_side=m.by, interact=m.interact)
        for m in record.markers)
    ModelEvent.objects.bulk_create(
        ModelEvent(game=game, turn=h.turn, kind=ModelEvent.Kind.HORROR_FAILED,
                   model=by_ref.get(h.ref)) for h in record.horror if by_ref.get(h.ref))
    for key, side in sides.items():
        part = record.sides[key]
        side.strategy_vp = dict(part.strategy_vp)
        side.end_facts = {
            "zone": dict(record.end.zones.get(key, {})),
            "engaging_leader": int(record.end.engaging_leader.get(key, 0)),
            "afflicted": int(record.end.afflicted.get(key, 0)),
            "pigs": list(record.end.pigs.get(key, ())),
        }
        side.soulstone_pool = record.end.pool.get(key, side.soulstone_pool)
        side.save(update_fields=["strategy_vp", "end_facts", "soulstone_pool"])
        outcomes = {s["scheme"]: s for s in part.schemes}
        for choice in side.schemes.all():
            got = outcomes.get(choice.scheme_key)
            if got is not None:
                choice.vp, choice.revealed = got["vp"], bool(got["revealed"])
                choice.revealed_on_turn = result.ended_on_turn if choice.revealed else None
                choice.save(update_fields=["vp", "revealed", "revealed_on_turn"])
    game.turn = game.ended_on_turn = result.ended_on_turn
    return record


def _casualties(game, result, by_sim, sides) -> None:
    seen: set[int] = set()
    for c in result.casualties:
        victim = by_sim.get(c.model)
        killer = by_sim.get(c.killer) if c.killer else None
        how = c.how if c.how in Casualty.How.values else Casualty.How.KILLED
        casualty = Casualty(
            game=game, side=sides[c.side], model=victim, how=how, by_model=killer,
            by_effect=c.by_effect[:120], by_side=c.killer_side or "", action=c.action[:60],
            blast=c.with_blast, own_activation=c.during_own_activation,
            pools={k: v for k, v in c.pools.items() if k in ("a", "b")}, turn=max(c.turn, 1),
            summoned_name="" if victim else c.name[:120])
        if victim is None or victim.arsenal_model_id is None:
            casualty.finished_off = Casualty.FinishedOff.NOT_ARSENAL
        elif tracker.accident_prone(victim.arsenal_model_id):
            casualty.finished_off = Casualty.FinishedOff.AUTOMATIC
        elif victim.pk in seen:
            casualty.finished_off = Casualty.FinishedOff.ALREADY
        casualty.threshold = tracker.finished_off_threshold(victim)
        casualty.save()
        if casualty.finished_off == Casualty.FinishedOff.PENDING:
            _flip_finished_off(game, casualty)
        if victim is not None:
            seen.add(victim.pk)


def _flip_finished_off(game: Game, casualty: Casualty) -> None:
    """The server flips for the model's controller, with the crew's Bouncer + if it has
    one (the lowest card counts), as the tracker would."""
    twist = hideouts.finished_off_twist(casualty.side.crew if casualty.side.crew_id else None)
    record = flip_services.server_flip(
        purpose=f"Game {game.pk}: Finished Off: {casualty.model} (auto-resolve)"
        + (" (Bouncer: +)" if twist else ""),
        subject=casualty, positive=twist, chooser=campaign_game.keep_for_finished_off)
    outcome = campaign_game.finished_off(Card.parse(record.final),
                                         threshold=casualty.threshold, may_cheat=False,
                                         cheated=False)
    casualty.flip = record
    casualty.finished_off = (Casualty.FinishedOff.FINISHED if outcome.needs_injury_flip
                             else Casualty.FinishedOff.SPARED)
    casualty.save(update_fields=["flip", "finished_off"])
