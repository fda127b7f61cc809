"""War bands: validation through the engine (every refusal explained, nothing written),
saving, the text list, event list submission (until the deadline, locked from then)
and the side-deck swap of a match."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext

from malediction import list_text
from malediction.engine_cards import EngineCards
from malediction.models import (
    Card,
    Event,
    Kind,
    Match,
    Registration,
    Seat,
    WarBand,
    WarBandEntry,
)
from malediction.services.common import MaledictionError, lock_match, log
from rules.engine.malediction import warband as engine_warband

CardCounts = Sequence[tuple[Card, int]]


def problem_message(problem: engine_warband.Problem) -> str:
    """The engine's problem in the reader's language (by code, with its numbers)."""
    card = problem.card_name or ""
    data = problem.data or {}
    messages = {
        "seeker_missing": gettext("Choose a Seeker."),
        "seeker_not_legendary": gettext("%(card)s is not a Seeker (a Legendary unit)."),
        "legacy_missing": gettext("Choose the Legacy of your Seeker."),
        "legacy_mismatch": gettext("%(card)s is the Legacy of %(seeker)s, not of your Seeker."),
        "terrain_missing": gettext("Choose one terrain card."),
        "deck_too_small": gettext("The deck has %(count)s cards; it needs at least %(limit)s."),
        "deck_too_large": gettext("The deck has %(count)s cards; it may hold at most %(limit)s."),
        "side_deck_too_large": gettext(
            "The side deck has %(count)s cards; it may hold at most %(limit)s."),
        "copy_limit": gettext("%(card)s: at most %(limit)s in deck and side deck together "
                              "for its rank, not %(count)s."),
        "legendary_in_deck": gettext(
            "%(card)s is Legendary: a Legendary card is only ever your Seeker."),
        "relic_in_deck": gettext(
            "%(card)s is a relic: relics come from the relic deck, never from your deck."),
        "not_a_deck_card": gettext("%(card)s cannot go in a deck: decks hold units, spells "
                                   "and items only."),
        "sigil_not_on_seeker": gettext(
            "%(card)s bears %(missing)s, which your Seeker does not bear."),
        "swap_card_not_in_deck": gettext("%(card)s is not in the deck to swap out."),
        "swap_card_not_in_side_deck": gettext("%(card)s is not in the side deck to swap in."),
    }
    template = messages.get(problem.code)
    if template is None:
        return problem.message
    return template % {"card": card, "seeker": data.get("seeker", ""),
                       "count": data.get("count", ""), "limit": data.get("limit", ""),
                       "missing": ", ".join(data.get("missing", []))}


def _band(seeker, legacy, terrain, deck: CardCounts, side: CardCounts,
          cards: EngineCards | None = None) -> engine_warband.WarBand:
    cards = cards or EngineCards()
    return engine_warband.WarBand.from_counts(
        cards(seeker), cards(legacy), cards(terrain),
        [(cards(c), n) for c, n in deck], [(cards(c), n) for c, n in side])


def validate(*, seeker: Card | None, legacy: Card | None, terrain: Card | None,
             deck: CardCounts, side: CardCounts = ()) -> list[str]:
    """Every reason the war band is refused, in words (empty when it is legal).

    The engine checks what a deck holds; the kinds of the three chosen cards are
    checked here, since a row of the wrong kind cannot become the engine's card."""
    found = []
    if seeker is not None and seeker.kind != Kind.SEEKER:
        found.append(gettext("%(card)s is not a Seeker (a Legendary unit).") % {"card": seeker})
        seeker = None
    if legacy is not None and legacy.kind != Kind.LEGACY:
        found.append(gettext("%(card)s is not a Legacy.") % {"card": legacy})
        legacy = None
    if terrain is not None and terrain.kind != Kind.TERRAIN:
        found.append(gettext("%(card)s is not a terrain card.") % {"card": terrain})
        terrain = None
    problems = engine_warband.validate(_band(seeker, legacy, terrain, deck, side))
    return found + [problem_message(p) for p in problems]


@dataclass(frozen=True)
class Counts:
    """What the builder shows as cards are added: sizes, by rank and by kind."""

    deck: int
    side: int
    by_rank: dict[str, int]
    by_kind: dict[str, int]


def counts(deck: CardCounts, side: CardCounts = ()) -> Counts:
    by_rank: Counter = Counter()
    by_kind: Counter = Counter()
    for card, n in deck:
        by_rank[card.get_rank_display() if card.rank else "-"] += n
        by_kind[card.get_kind_display()] += n
    return Counts(sum(n for _, n in deck), sum(n for _, n in side), dict(by_rank),
                  dict(by_kind))


def entries_of(band: WarBand) -> tuple[list[tuple[Card, int]], list[tuple[Card, int]]]:
    entries = list(band.entries.select_related("card").order_by("card__kind", "card__name"))
    return ([(e.card, e.count) for e in entries if e.zone == WarBandEntry.Zone.DECK],
            [(e.card, e.count) for e in entries if e.zone == WarBandEntry.Zone.SIDE])


def _merge(pairs: Iterable[tuple[Card, int]]) -> list[tuple[Card, int]]:
    total: dict[int, list] = {}
    for card, n in pairs:
        if n > 0:
            total.setdefault(card.pk, [card, 0])[1] += n
    return [(c, n) for c, n in total.values()]


@transaction.atomic
def save_war_band(*, owner, name: str, seeker: Card | None, legacy: Card | None,
                  terrain: Card | None, deck: CardCounts, side: CardCounts = (),
                  war_band: WarBand | None = None) -> WarBand:
    """Create or replace a war band; refused with every reason, nothing written."""
    deck, side = _merge(deck), _merge(side)
    problems = validate(seeker=seeker, legacy=legacy, terrain=terrain, deck=deck, side=side)
    if not name.strip():
        problems.insert(0, gettext("Give the war band a name."))
    if problems:
        raise MaledictionError(problems[0], problems)
    if war_band is not None:
        war_band = WarBand.objects.select_for_update().get(pk=war_band.pk)
        if war_band.owner_id != owner.pk:
            raise PermissionDenied(gettext("Only its owner may change a war band."))
    else:
        war_band = WarBand(owner=owner)
    war_band.name, war_band.seeker, war_band.legacy, war_band.terrain = (
        name.strip()[:120], seeker, legacy, terrain)
    war_band.save()
    war_band.entries.all().delete()
    WarBandEntry.objects.bulk_create(
        [WarBandEntry(war_band=war_band, card=c, count=n, zone=WarBandEntry.Zone.DECK)
         for c, n in deck]
        + [WarBandEntry(war_band=war_band, card=c, count=n, zone=WarBandEntry.Zone.SIDE)
           for c, n in side])
    return war_band


# --- Text lists -------------------------------------------------------------------------


def as_text(band: WarBand) -> str:
    deck, side = entries_of(band)
    return list_text.render(
        name=band.name, seeker=band.seeker.name, legacy=band.legacy.name if band.legacy else "",
        terrain=band.terrain.name, deck=[(c.name, n) for c, n in deck],
        side=[(c.name, n) for c, n in side])


@dataclass
class ResolvedList:
    name: str
    seeker: Card | None
    legacy: Card | None
    terrain: Card | None
    deck: list[tuple[Card, int]]
    side: list[tuple[Card, int]]
    errors: list[str]


def _by_name(names: Iterable[str]) -> dict[str, Card]:
    """Cards by lower-cased name, in one query (the newest pack wins a clash)."""
    wanted = {n.lower() for n in names if n}
    query = Q()
    for name in wanted:
        query |= Q(name__iexact=name)
    if not wanted:
        return {}
    found: dict[str, Card] = {}
    for card in Card.objects.filter(query).select_related("seeker").order_by("pack_id"):
        found[card.name.lower()] = card
    return found


def resolve_text(text: str) -> ResolvedList:
    """A pasted list as cards; every unknown name and bad line is reported by line."""
    parsed = list_text.parse(text)
    errors = [gettext("Line %(line)s: %(what)s") % {"line": n, "what": what}
              for n, what in parsed.errors]
    names = [parsed.seeker, parsed.legacy, parsed.terrain,
             *(n for n, _ in parsed.deck), *(n for n, _ in parsed.side)]
    cards = _by_name(names)

    def one(name: str, label: str) -> Card | None:
        if not name:
            return None
        card = cards.get(name.lower())
        if card is None:
            errors.append(gettext("%(label)s: no card named %(name)s.")
                          % {"label": label, "name": name})
        return card

    def many(pairs, label):
        found = []
        for name, n in pairs:
            card = one(name, label)
            if card is not None:
                found.append((card, n))
        return _merge(found)

    return ResolvedList(parsed.name, one(parsed.seeker, gettext("Seeker")),
                        one(parsed.legacy, gettext("Legacy")),
                        one(parsed.terrain, gettext("Terrain")),
                        many(parsed.deck, gettext("Deck")), many(parsed.side,
                                                                 gettext("Side deck")), errors)


@transaction.atomic
def import_text(*, owner, text: str, name: str = "") -> WarBand:
    """A war band from a pasted list; every problem reported, nothing written."""
    resolved = resolve_text(text)
    if resolved.errors:
        raise MaledictionError(resolved.errors[0], resolved.errors)
    return save_war_band(owner=owner, name=name or resolved.name, seeker=resolved.seeker,
                         legacy=resolved.legacy, terrain=resolved.terrain, deck=resolved.deck,
                         side=resolved.side)


# --- Event lists ------------------------------------------------------------------------


def snapshot(band: WarBand) -> dict:
    """The list as submitted: card ids with names, so it reads without the war band."""
    deck, side = entries_of(band)

    def rows(pairs):
        return [{"card": c.pk, "name": c.name, "count": n} for c, n in pairs]

    return {"war_band": band.pk, "name": band.name, "seeker": band.seeker_id,
            "seeker_name": band.seeker.name, "legacy": band.legacy_id,
            "legacy_name": band.legacy.name if band.legacy else "", "terrain": band.terrain_id,
            "terrain_name": band.terrain.name, "deck": rows(deck), "side": rows(side)}


def is_locked(event: Event, now=None) -> bool:
    return (now or timezone.now()) >= event.list_deadline


@transaction.atomic
def submit_list(*, registration: Registration, war_band: WarBand, actor) -> Registration:
    """Submit (or resubmit) a war band as the event list, before the deadline only."""
    registration = Registration.objects.select_for_update().select_related("event").get(
        pk=registration.pk)
    if registration.player_id != actor.pk:
        raise PermissionDenied(gettext("Only the registered player submits their list."))
    if war_band.owner_id != actor.pk:
        raise PermissionDenied(gettext("Submit one of your own war bands."))
    if is_locked(registration.event):
        raise MaledictionError(gettext("The list deadline has passed: lists are locked."))
    deck, side = entries_of(war_band)
    problems = validate(seeker=war_band.seeker, legacy=war_band.legacy,
                        terrain=war_band.terrain, deck=deck, side=side)
    if problems:
        raise MaledictionError(problems[0], problems)
    registration.war_band = war_band
    registration.submitted_list = snapshot(war_band)
    registration.submitted_at = timezone.now()
    registration.save(update_fields=["war_band", "submitted_list", "submitted_at"])
    return registration


# --- Side-deck swap ---------------------------------------------------------------------


def _rows_to_pairs(rows, cards: dict[int, Card]) -> list[tuple[Card, int]]:
    return [(cards[r["card"]], r["count"]) for r in rows if r["card"] in cards]


@transaction.atomic
def swap_side_deck(*, match: Match, actor, out_of_deck: Sequence[Card],
                   into_deck: Sequence[Card]) -> Seat:
    """Record the player's side-deck swap for this match (before it starts): the deck
    stays 30-50 and the side deck at most 7; refused with every reason."""
    match = lock_match(match)
    seat = (Seat.objects.select_for_update(of=("self",))
            .filter(side__match=match, player=actor).first())
    if seat is None:
        raise PermissionDenied(gettext("Only the match's players may swap their side deck."))
    if match.state != Match.State.SET_UP:
        raise MaledictionError(gettext("The side deck is swapped before the match starts."))
    listed = seat.registration.submitted_list if seat.registration_id else {}
    ids = {r["card"] for r in listed.get("deck", []) + listed.get("side", [])}
    cards = Card.objects.in_bulk(ids | {c.pk for c in [*out_of_deck, *into_deck]})
    deck = _rows_to_pairs(listed.get("deck", []), cards)
    side = _rows_to_pairs(listed.get("side", []), cards)
    engine_cards = EngineCards()
    band = _band(cards.get(listed.get("seeker")) or seat.seeker, seat.legacy, seat.terrain,
                 deck, side, engine_cards)
    new, problems = engine_warband.swap_side_deck(
        band, [engine_cards(c) for c in out_of_deck], [engine_cards(c) for c in into_deck])
    if problems:
        messages = [problem_message(p) for p in problems]
        raise MaledictionError(messages[0], messages)
    by_name = {c.name: c for c in cards.values()}

    def rows(engine_list):
        return [{"card": by_name[n].pk, "name": n, "count": k}
                for n, k in Counter(c.name for c in engine_list).items()]

    seat.deck, seat.side_deck = rows(new.deck), rows(new.side_deck)
    seat.swap = {"out": [c.name for c in out_of_deck], "in": [c.name for c in into_deck]}
    seat.save(update_fields=["deck", "side_deck", "swap"])
    log(match, f"{actor} swapped {len(out_of_deck)} card(s) with the side deck", actor=actor)
    return seat
