"""The game record frozen when a result counts: the table's facts read into the engine's
``GameRecord`` (``rules.engine.record``), the one format the simulator also writes.

Read in a fixed number of queries whatever the game's size. Models get record refs in a
stable order (side a's hired models, side b's, then summoned and Neutral models in the
order they came in); arsenal model and catalogue card ids stay plain ints.
"""

from __future__ import annotations

from django.db.models import Prefetch

from campaign.models import CrewBounty
from encounters.models import (
    BountyNote,
    Casualty,
    Game,
    HiredModel,
    MarkerChange,
    ModelEvent,
    ResultReport,
    Side,
    TableModel,
)
from encounters.services.lucrative import scrip_of
from rules.engine import record as rec
from rules.engine.campaign_game import event_scrip_for_game


def _traits(card, gained=()) -> tuple[str, ...]:
    """The printed Characteristics plus those the model gained in the campaign (Grand
    Tomb's Undead, the Good Doctor's Construct or Undead), so Bounties that count a
    Characteristic (Purge, Roundup) see them."""
    if card is None:
        return ()
    traits = [str(c).lower() for c in card.characteristics or ()]
    traits += [t for t in (str(c).lower() for c in gained or ()) if t not in traits]
    if card.is_totem and "totem" not in traits:
        traits.append("totem")
    return tuple(traits)


class _Refs:
    """Record refs for the game's hired and table models."""

    def __init__(self) -> None:
        self.entries: list[rec.ModelEntry] = []
        self.hired: dict[int, int] = {}
        self.table: dict[int, int] = {}

    def add_hired(self, side: Side, h: HiredModel) -> None:
        ref = len(self.entries) + 1
        card = h.arsenal_model.card if h.arsenal_model_id else h.wandering_card
        station = h.station or (h.arsenal_model.station if h.arsenal_model_id else "") or \
            (card.station if card else "")
        cost = h.model_cost if h.model_cost is not None else (card.cost if card else None)
        self.entries.append(rec.ModelEntry(
            ref=ref, side=side.key, name=h.name[:120],
            origin="wandering" if h.wandering_card_id else "hired",
            station=station or None,
            characteristics=_traits(card, h.arsenal_model.gained_characteristics
                                    if h.arsenal_model_id else ()),
            cost=None if station == "master" else cost, leader=h.is_leader,
            arsenal_model=h.arsenal_model_id, card=card.pk if card else None))
        self.hired[h.pk] = ref

    def add_table(self, t: TableModel) -> None:
        ref = len(self.entries) + 1
        self.entries.append(rec.ModelEntry(
            ref=ref, side=t.side.key if t.side_id else rec.NEUTRAL, name=t.name,
            origin=t.origin, station=t.station or None,
            characteristics=tuple(str(c).lower() for c in t.characteristics or ()),
            cost=t.cost, card=t.card_id, turn=t.turn))
        self.table[t.pk] = ref

    def of(self, hired_id: int | None, table_id: int | None) -> int | None:
        if hired_id:
            return self.hired.get(hired_id)
        if table_id:
            return self.table.get(table_id)
        return None


def _kill(c: Casualty, refs: _Refs) -> rec.Kill:
    victim_card = None
    if c.model_id:
        victim_card = c.model.wandering_card_id
    return rec.Kill(
        victim_side=c.side.key if c.side_id else rec.NEUTRAL, turn=max(c.turn, 1),
        how=c.how, victim_ref=refs.of(c.model_id, c.table_model_id),
        victim=c.model.arsenal_model_id if c.model_id else None,
        victim_name=c.victim_name[:120], victim_is_leader=bool(c.model_id and c.model.is_leader),
        wandering_card=victim_card, by_ref=refs.of(c.by_model_id, c.by_table_model_id),
        by_model=c.by_model.arsenal_model_id if c.by_model_id else None,
        by_side=c.by_side, by_effect=c.by_effect, action=c.action, blast=c.blast,
        own_activation=c.own_activation,
        pools={k: v for k, v in (c.pools or {}).items() if k in rec.SIDES},
        finished_off=c.finished_off)


def _event_scrip(side: Side) -> int:
    """Event Scrip at the table, the casualties' (Contract Work, Extermination, with the
    player's correction) and A Lucrative Offer's (2 per VP of the third scheme), within
    the one per-game cap of event Scrip; the third scheme is never a VP."""
    from encounters.services.casualty_scrip import corrected

    return event_scrip_for_game([side.event_scrip, corrected(side), scrip_of(side)]).counted


def build_record(game: Game, report: ResultReport) -> rec.GameRecord:
    """Everything the Aftermath and Bounties need, as the result starts to count."""
    from encounters.services.games import game_events

    hired = HiredModel.objects.select_related("arsenal_model__card", "wandering_card") \
        .order_by("id")
    sides = list(game.sides.prefetch_related(
        "schemes", "lucrative_scheme", Prefetch("hired", queryset=hired),
        Prefetch("bounty_notes", queryset=BountyNote.objects.order_by("id"))).order_by("key"))
    refs = _Refs()
    for side in sides:
        for h in side.hired.all():
            refs.add_hired(side, h)
    for t in TableModel.objects.filter(game=game).order_by("id"):
        refs.add_table(t)
    casualties = list(game.casualties.select_related("model", "by_model", "table_model", "side")
                      .order_by("id"))
    kills = tuple(_kill(c, refs) for c in casualties)
    held = dict(CrewBounty.objects.filter(crew__in=[s.crew_id for s in sides if s.crew_id],
                                          status=CrewBounty.Status.ACTIVE)
                .values_list("crew_id", "bounty_key"))
    side_records, notes, end = {}, [], {"zones": {}, "engaging_leader": {}, "afflicted": {},
                                        "pool": {}, "pigs": {}, "in_enemy_zone": {}}
    quarters = []
    for side in sides:
        side_records[side.key] = rec.SideRecord(
            crew=side.crew_id, vp=report.vp_a if side.key == "a" else report.vp_b,
            strategy_vp={str(k): int(v) for k, v in (side.strategy_vp or {}).items()},
            schemes=tuple({"scheme": c.scheme_key, "vp": c.vp, "revealed": c.revealed}
                          for c in side.schemes.all()),
            withdrew_on_turn=side.withdrew_on_turn, event_scrip=_event_scrip(side),
            campaign_rating=side.campaign_rating,
            played=tuple(h.arsenal_model_id for h in side.hired.all() if h.arsenal_model_id),
            finished_off=tuple(k.victim for k in kills if k.victim_side == side.key
                               and k.victim and k.finished_off in ("finished", "automatic")),
            bounty=held.get(side.crew_id, ""),
            traveler_barter_flips=side.traveler_barter_flips)
        for n in side.bounty_notes.all():
            notes.append(rec.Note(side=side.key, bounty=n.bounty_key,
                                  ref=refs.of(n.model_id, None), characteristic=n.characteristic))
            if n.bounty_key == "escort-mission" and n.escorted and n.model_id:
                end["in_enemy_zone"][side.key] = (refs.of(n.model_id, None),)
        facts = side.end_facts or {}
        if facts.get("zone"):
            end["zones"][side.key] = {k: int(v) for k, v in facts["zone"].items()}
        for name in ("engaging_leader", "afflicted"):
            if name in facts:
                end[name][side.key] = int(facts[name])
        if facts.get("pigs"):
            end["pigs"][side.key] = tuple(facts["pigs"])
        end["pool"][side.key] = side.soulstone_pool
        for turn, held_quarters in sorted((side.quarters_held or {}).items(),
                                          key=lambda kv: int(kv[0])):
            quarters.append(rec.QuartersHeld(turn=int(turn), side=side.key,
                                             quarters=tuple(held_quarters)))
    markers = tuple(rec.MarkerChange(turn=max(m.turn, 1), kind=m.kind, delta=m.delta,
                                     owner=m.owner, quarter=m.quarter, by=m.by_side,
                                     interact=m.interact)
                    for m in MarkerChange.objects.filter(game=game).order_by("id"))
    horror, attached = [], []
    for e in ModelEvent.objects.filter(game=game).order_by("id"):
        ref = refs.of(e.model_id, e.table_model_id)
        if e.kind == ModelEvent.Kind.HORROR_FAILED:
            horror.append(rec.HorrorFailure(turn=max(e.turn, 1), ref=ref))
        else:
            attached.append(rec.UpgradeAttached(turn=max(e.turn, 1), ref=ref, name=e.name))
    return rec.GameRecord(
        sides=side_records, winner=report.winner, vp={"a": report.vp_a, "b": report.vp_b},
        withdraw=report.details.get("withdraw"), event=game.moved_event or game.event_key,
        events=tuple(game_events(game)) if game.week_id else (),
        week=game.week.number if game.week_id else None, ended_on_turn=game.ended_on_turn,
        models=tuple(refs.entries), kills=kills, markers=markers, horror=tuple(horror),
        attached=tuple(attached), notes=tuple(notes), quarters=tuple(quarters),
        end=rec.EndState(**end))

