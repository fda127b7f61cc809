"""Exact first-edition duel odds: ``duel_odds`` for ``DuelSpec(ruleset="m1e")``.

Same counting as ``duel_counting.py`` (each side's flips grouped by the chosen card and
the damage bands the other cards took, two independent decks), with what first edition
adds:

* After its cheat, a side that may use a Soulstone (``soulstone_card``) and is still
  losing flips one more card from its deck and adds its value and suit. The side that
  would lose changes first (no TN in an opposed duel, so the lower total, the Defender
  on a tie); the other then cheats and adds its card on the new totals.
* The opponent's Red Joker blocks no cheating.
* The damage flip comes from the attacker's deck without the duel's cards and its
  Soulstone card. A Red Joker deals Severe plus a second damage flip of one card from
  what is left (no twists; the attacker cheats it with its best remaining hand card when
  that is better; a Black Joker adds nothing), and Armor applies once to the sum.

Why the Soulstone card stays exact: for a flip summarised by (chosen group, bands of the
other cards) the number of flips that leave a given card ``e`` in the deck is the number
of such flips of the deck without ``e``, and that is the same for every card of ``e``'s
group. So one recount per group of the deck (``_SideFlips``) gives the joint counts of
(flip, extra card); the extra card's suit is uniform within its group (distinct from the
chosen card when both come from one group). Counts are integers over the common
denominator C(N, n) x (N - n) per side (x 12 in a simple duel, where the chosen card's
suit is spread over its group's members); damage mixtures are exact fractions.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from .cards import Card, Suit
from .damage import Severity, accuracy_twist, apply_armor, damage_for
from .duel_counting import (
    BJ_BAND,
    N_BANDS,
    RJ_BAND,
    SEVERITIES,
    DamageOdds,
    DuelOdds,
    DuelSpec,
    _band_counts,
    _completes,
    _flip_outcomes,
    _flipped,
    _Group,
    _prepare,
    _Side,
    band_of,
    damage_cut,
    trigger_label,
)
from .duels import REDUCE_DAMAGE, has_suits
from .errors import EngineBug

__all__ = ["clear_first_edition_cache", "first_edition_odds"]

#: Outcomes of a first-edition damage flip: the four bands without a Red Joker, then the
#: Red Joker followed by each result of its second flip.
FOLLOW_UPS = SEVERITIES[:4]
N_OUTCOMES = 8
#: A simple duel spreads the chosen card over its group's members (at most four, and the
#: Soulstone card over the rest): every such share divides 12.
MEMBER_SCALE = 12


def _group_key(group: _Group) -> tuple:
    return (group.value, group.completes, group.is_black_joker, group.is_red_joker)


@dataclass
class _SideFlips:
    """One side's flips: per chosen group, the ways and the bands left in the deck; with a
    Soulstone card, the per-card joint counts with each group of the extra card."""

    side: _Side
    groups: tuple[_Group, ...]
    ways: list[int]
    lefts: list[dict[tuple[int, ...], int]]
    total: int
    mult: int = 1
    #: extra[g][G]: flips choosing g that leave one given card of group G in the deck.
    extra: list[list[int]] = field(default_factory=list)
    extra_lefts: dict[tuple[int, int], dict[tuple[int, ...], int]] = field(default_factory=dict)


def _side_flips(side: _Side, with_extra: bool) -> _SideFlips:
    groups, outcomes = _flip_outcomes(side.deck, side.n, side.negative, side.missing)
    deck_bands = _band_counts(side.deck)
    ways = [0] * len(groups)
    lefts: list[dict] = [defaultdict(int) for _ in groups]
    for (index, others), count in outcomes:
        ways[index] += count
        lefts[index][_left(deck_bands, groups[index].band, others)] += count
    flips = _SideFlips(side, groups, ways, lefts, math.comb(len(side.deck), side.n))
    if not with_extra:
        return flips
    remaining = len(side.deck) - side.n
    flips.mult = remaining
    index_of = {_group_key(g): i for i, g in enumerate(groups)}
    extra = [[0] * len(groups) for _ in groups]
    for g_extra, group in enumerate(groups):
        card = group.members[0]
        reduced = tuple(c for c in side.deck if c != card)
        r_groups, r_outcomes = _flip_outcomes(reduced, side.n, side.negative, side.missing)
        r_bands = _band_counts(reduced)
        for (r_index, others), count in r_outcomes:
            chosen = r_groups[r_index]
            g = index_of[_group_key(chosen)]
            extra[g][g_extra] += count
            bucket = flips.extra_lefts.setdefault((g, g_extra), defaultdict(int))
            bucket[_left(r_bands, chosen.band, others)] += count
    for g, row in enumerate(extra):
        joint = sum(len(groups[e].members) * w for e, w in enumerate(row))
        if joint != ways[g] * remaining:
            raise EngineBug(f"Soulstone card counts {joint} != {ways[g]} x {remaining}")
    flips.extra = extra
    return flips


def _left(bands: tuple[int, ...], chosen_band: int, others: tuple[int, ...]) -> tuple[int, ...]:
    left = list(bands)
    left[chosen_band] -= 1
    for band, taken in enumerate(others):
        left[band] -= taken
    return tuple(left)


# -- suits ------------------------------------------------------------------------------


def _card_suit(side: _Side, card: Card) -> Suit | None:
    if card.is_black_joker:
        return None
    return side.red_joker_suit if card.is_red_joker else card.suit


def _extra_suit(side: _Side, required: tuple[Suit, ...], main: Card | None, extra: Card
                ) -> Suit | None:
    """The Soulstone card's suit; a Red Joker is named as ``name_extra_red_joker`` does:
    the first of the side's ``required`` suits, then of its trigger suits, that the total
    does not carry yet."""
    if not extra.is_red_joker:
        return extra.suit
    main_suit = None if main is None else _card_suit(side, main)
    carried = side.static_suits + ((main_suit,) if main_suit else ())
    for wanted in (required, *side.triggers):
        for suit in wanted:
            if carried.count(suit) < wanted.count(suit):
                return suit
    return Suit.RAMS


def _suits(side: _Side, required: tuple[Suit, ...], main: Card, extra: Card | None
           ) -> tuple[Suit, ...]:
    out = list(side.static_suits)
    suit = _card_suit(side, main)
    if suit is not None:
        out.append(suit)
    if extra is not None:
        extra_suit = _extra_suit(side, required, main, extra)
        if extra_suit is not None:
            out.append(extra_suit)
    return tuple(out)


# -- damage -----------------------------------------------------------------------------


@lru_cache(maxsize=8192)
def _damage_outcomes(
    left: tuple[int, ...], n: int, negative: bool, hand: tuple[int, ...]
) -> tuple[Fraction, ...]:
    """Probabilities of the eight outcomes of a damage flip of ``n`` cards from a deck with
    ``left`` cards per band. ``hand``: the bands of the cards the attacker may cheat with,
    best first (empty: no cheating)."""
    total = sum(left)
    out = [Fraction(0)] * N_OUTCOMES
    denominator = math.comb(total, n)
    for comp in _compositions(n, left):
        ways = 1
        for have, take in zip(left, comp, strict=True):
            if take:
                ways *= math.comb(have, take)
        p = Fraction(ways, denominator)
        if comp[BJ_BAND]:
            out[0] += p
            continue
        rest = hand
        if comp[RJ_BAND]:
            chosen = RJ_BAND
        else:
            present = [b for b in range(N_BANDS) if comp[b]]
            chosen = min(present) if negative else max(present)
            if not negative and hand and hand[0] > chosen:
                chosen, rest = hand[0], hand[1:]
        if chosen != RJ_BAND:
            out[chosen] += p
            continue
        remaining = [have - take for have, take in zip(left, comp, strict=True)]
        if remaining[RJ_BAND]:
            raise EngineBug("a second Red Joker in one deck")
        count = sum(remaining)
        for band in range(RJ_BAND):
            if not remaining[band]:
                continue
            final = band
            if band != BJ_BAND and rest and rest[0] > band:
                final = rest[0]
            if final == RJ_BAND:
                raise EngineBug("the Red Joker cheated into its own second flip")
            out[4 + final] += p * Fraction(remaining[band], count)
    return tuple(out)


@lru_cache(maxsize=1024)
def _compositions(n: int, caps: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    if not caps:
        return ((),) if n == 0 else ()
    return tuple(
        (first, *rest)
        for first in range(min(n, caps[0]) + 1)
        for rest in _compositions(n - first, caps[1:])
    )


def _hand_bands(cards) -> tuple[int, ...]:
    return tuple(sorted((band_of(c) for c in cards if not c.is_black_joker), reverse=True))


# -- the count ------------------------------------------------------------------------------


class _Counter:
    """Every flip of both sides, every Soulstone card, every damage flip, with weights."""

    def __init__(self, spec: DuelSpec) -> None:
        a_spec, d_spec = spec.attacker, spec.defender
        self.spec = spec
        self.simple = d_spec is None
        self.attacker = _prepare(
            a_spec,
            a_spec.positive + a_spec.focused + a_spec.defensive,
            a_spec.negative,
            spec.required_suits,
            spec.trigger_suits + a_spec.trigger_suits,
        )
        self.required = {"attacker": spec.required_suits, "defender": ()}
        self.a = _side_flips(self.attacker, a_spec.soulstone_card)
        if d_spec is None:
            self.defender = None
            self.d = None
        else:
            self.defender = _prepare(
                d_spec, d_spec.positive + d_spec.defensive, d_spec.negative, (),
                d_spec.trigger_suits,
            )
            self.d = _side_flips(self.defender, d_spec.soulstone_card)
        self.tn = spec.tn if spec.tn is not None else -math.inf
        self.cuts_damage = spec.policy == REDUCE_DAMAGE
        self.damage_twist = a_spec.focused - spec.hard_to_wound
        hand = a_spec.hand if a_spec.cheat == "to_win" else ()
        self.hand_after: dict[Card | None, tuple[int, ...]] = {None: _hand_bands(hand)}
        for card in self.attacker.cheat_cards:
            self.hand_after[card] = _hand_bands(c for c in hand if c != card)
        if self.simple:
            self.everything = self.a.total * self.a.mult * MEMBER_SCALE
        else:
            self.everything = self.a.total * self.a.mult * self.d.total * self.d.mult
        self.wins = 0
        self.margins: dict[int, int] = defaultdict(int)
        self.records = {"attacker": defaultdict(int), "defender": defaultdict(int)}
        self.cheats = {"attacker": 0, "defender": 0}
        # (attacker flip key, damage twist, duel cheat card) -> weight of the rest.
        self.damage_mass: dict[tuple, int] = defaultdict(int)

    # -- decisions -------------------------------------------------------------------

    def attacker_cheat(self, against: float, done_with) -> Card | None:
        side = self.attacker
        need = max(against, self.tn) - side.base
        for card in side.cheat_cards:
            if card.value >= need and done_with(card):
                return card
        return None

    def defender_cheat(self, against: int, current: int) -> Card | None:
        side = self.defender
        for card in side.cheat_cards:
            if side.base + card.value > against:
                return card
        return damage_cut(side, against, current) if self.cuts_damage else None

    # -- opposed duels -----------------------------------------------------------------

    def run_opposed(self) -> None:
        a, d = self.a, self.d
        attacker, defender = self.attacker, self.defender
        for g_a, a_group in enumerate(a.groups):
            if not a.ways[g_a]:
                continue
            a_may_cheat = bool(attacker.cheat_cards) and not (
                attacker.negative or a_group.is_black_joker
            )
            for g_d, d_group in enumerate(d.groups):
                if not d.ways[g_d]:
                    continue
                d_may_cheat = bool(defender.cheat_cards) and not (
                    defender.negative or d_group.is_black_joker
                )
                sides = {
                    "attacker": _Change(g_a, attacker.base + a_group.value, a_may_cheat),
                    "defender": _Change(g_d, defender.base + d_group.value, d_may_cheat),
                }
                first = "attacker" if sides["attacker"].total < sides["defender"].total \
                    else "defender"
                second = "defender" if first == "attacker" else "attacker"
                for one in self._changes(first, sides):
                    for both in self._changes(second, one):
                        self._record_opposed(both)

    def _changes(self, role: str, sides: dict[str, _Change]) -> list[dict[str, _Change]]:
        """The outcomes of ``role``'s step (cheat, then maybe a Soulstone card)."""
        me, other = sides[role], sides["defender" if role == "attacker" else "attacker"]
        flips = self.a if role == "attacker" else self.d
        if role == "attacker":
            losing = me.total < other.total
            card = self.attacker_cheat(other.total, _always) if (me.may_cheat and losing) \
                else None
            base = self.attacker.base
        else:
            losing = other.total >= me.total
            card = self.defender_cheat(other.total, me.total) if (me.may_cheat and losing) \
                else None
            base = self.defender.base
        if card is not None:
            me = me.cheat(card, base + card.value)
            losing = me.total < other.total if role == "attacker" else other.total >= me.total
        spec = self.spec.attacker if role == "attacker" else self.spec.defender
        if not (losing and spec.soulstone_card):
            return [{**sides, role: me.factor(flips.ways[me.group] * flips.mult)}]
        out = []
        for g_extra, count in enumerate(flips.extra[me.group]):
            if count:
                group = flips.groups[g_extra]
                out.append({**sides, role: me.add_extra(g_extra, group.value,
                                                        count * len(group.members))})
        return out

    def _record_opposed(self, sides: dict[str, _Change]) -> None:
        a, d = sides["attacker"], sides["defender"]
        weight = a.weight * d.weight
        margin = a.total - d.total
        self.margins[margin] += weight
        for role, change in sides.items():
            main = ("card", change.cheated) if change.cheated else ("g", change.group)
            extra = None if change.extra is None else ("g", change.extra)
            self.records[role][main, extra] += weight
            if change.cheated is not None:
                self.cheats[role] += weight
        if margin < 0:
            return
        self.wins += weight
        if self.spec.damage is not None:
            twist = self.damage_twist + accuracy_twist(margin)
            self.damage_mass[(a.group, a.extra), twist, a.cheated] += d.weight

    # -- simple duels ------------------------------------------------------------------

    def run_simple(self) -> None:
        a, side = self.a, self.attacker
        spec = self.spec.attacker
        required = side.missing
        for g, group in enumerate(a.groups):
            if not a.ways[g]:
                continue
            may_cheat = bool(side.cheat_cards) and not (side.negative or group.is_black_joker)
            members = group.members
            for main in members:
                total = side.base + main.value
                cheated = None
                done = _completes(main, required)
                if may_cheat and not (total >= self.tn and done):
                    cheated = self.attacker_cheat(self.tn, lambda c: _completes(c, required))
                    if cheated is not None:
                        total, done = side.base + cheated.value, True
                final_main = cheated or main
                if (total >= self.tn and done) or not spec.soulstone_card:
                    unit = MEMBER_SCALE // len(members)
                    self._record_simple(g, None, final_main, None, total, done,
                                        a.ways[g] * a.mult * unit, cheated, unit)
                    continue
                suit = _card_suit(side, final_main)
                main_suits = () if suit is None else (suit,)
                for g_extra, count in enumerate(a.extra[g]):
                    extras = [c for c in a.groups[g_extra].members if c != main]
                    if not count or not extras:
                        continue
                    # With the chosen card, the extra card is any other member equally.
                    unit = MEMBER_SCALE // (len(members) - 1 if g_extra == g else len(members))
                    for extra in extras:
                        extra_suit = _extra_suit(side, self.required["attacker"], final_main,
                                                 extra)
                        carried = main_suits + ((extra_suit,) if extra_suit else ())
                        self._record_simple(g, g_extra, final_main, extra, total + extra.value,
                                            not _still_missing(required, carried),
                                            count * unit, cheated, unit)

    def _record_simple(self, g, g_extra, main, extra, total, done, weight, cheated,
                       unit) -> None:
        """``unit``: this record's share of its flips (the damage mixture weighs them)."""
        self.margins[total - self.tn] += weight
        extra_key = None if extra is None else ("card", extra)
        self.records["attacker"][("card", main), extra_key] += weight
        if cheated is not None:
            self.cheats["attacker"] += weight
        if not (total >= self.tn and done):
            return
        self.wins += weight
        if self.spec.damage is not None:
            self.damage_mass[(g, g_extra), self.damage_twist, cheated] += unit

    # -- results ---------------------------------------------------------------------

    def damage(self) -> list[Fraction]:
        a = self.a
        outcomes = [Fraction(0)] * N_OUTCOMES
        for ((g, g_extra), twist, cheated), mass in self.damage_mass.items():
            if not mass:
                continue
            n, negative = _flipped(max(twist, 0), max(-twist, 0))
            hand = self.hand_after.get(cheated, ())
            if g_extra is None:
                lefts, factor = a.lefts[g], a.mult
            else:
                lefts = a.extra_lefts[g, g_extra]
                factor = 1 if self.simple else len(a.groups[g_extra].members)
            for left, count in lefts.items():
                probs = _damage_outcomes(left, n, negative, hand)
                weight = mass * count * factor
                for i, p in enumerate(probs):
                    if p:
                        outcomes[i] += p * weight
        return [o / self.everything for o in outcomes]

    def suit_odds(self, role: str):
        side = self.attacker if role == "attacker" else self.defender
        groups = (self.a if role == "attacker" else self.d).groups
        suit_p: dict[Suit, Fraction] = dict.fromkeys(Suit, Fraction(0))
        trigger_p = {trigger_label(t): Fraction(0) for t in side.triggers}
        for (main, extra), weight in self.records[role].items():
            for main_card, extra_card, share in _expand(groups, main, extra):
                p = Fraction(weight, self.everything) * share
                suits = _suits(side, self.required[role], main_card, extra_card)
                for suit in set(suits):
                    suit_p[suit] += p
                for trigger in side.triggers:
                    if has_suits(suits, trigger):
                        trigger_p[trigger_label(trigger)] += p
        return MappingProxyType(suit_p), MappingProxyType(trigger_p)

    def result(self) -> DuelOdds:
        everything = self.everything
        p_win = Fraction(self.wins, everything)
        roles = ("attacker",) if self.simple else ("attacker", "defender")
        suits, triggers = {}, {}
        for role in roles:
            suits[role], triggers[role] = self.suit_odds(role)
        cheats = {role: Fraction(self.cheats[role], everything) for role in roles}
        extra: dict[str, Any] = {}
        track = self.spec.damage
        if track is not None:
            outcomes = self.damage()
            armor = self.spec.armor
            plain = [apply_armor(damage_for(track, s), armor) for s in list(Severity)[:4]]
            joker = [apply_armor(track.severe + damage_for(track, s), armor)
                     for s in list(Severity)[:4]]
            expected = sum((p * amount for p, amount in zip(outcomes, plain + joker,
                                                            strict=True)), Fraction(0))
            red_joker = sum(outcomes[4:], Fraction(0))
            hit = outcomes[1:4]
            extra["damage"] = DamageOdds(1 - sum(hit) - red_joker, *hit, red_joker)
            extra["expected_damage"] = expected
            if red_joker:
                extra["red_joker_follow_up"] = MappingProxyType(
                    {name: p / red_joker for name, p in zip(FOLLOW_UPS, outcomes[4:],
                                                           strict=True)})
            if p_win:
                extra["damage_on_hit"] = DamageOdds(outcomes[0] / p_win,
                                                    *(p / p_win for p in hit),
                                                    red_joker / p_win)
                extra["expected_damage_on_hit"] = expected / p_win
        return DuelOdds(
            p_win=p_win,
            margin_distribution=MappingProxyType(
                {m: Fraction(w, everything) for m, w in sorted(self.margins.items())}
            ),
            suit_probability=MappingProxyType(suits),
            trigger_probability=MappingProxyType(triggers),
            cheat_probability=MappingProxyType(cheats),
            policy=self.spec.policy,
            ruleset=self.spec.ruleset,
            **extra,
        )


def _always(card: Card) -> bool:
    return True


def _still_missing(required: tuple[Suit, ...], carried: tuple[Suit, ...]) -> bool:
    left = list(carried)
    for suit in required:
        if suit in left:
            left.remove(suit)
        else:
            return True
    return False


@dataclass(frozen=True, slots=True)
class _Change:
    """One side during the "change the total" step of an opposed duel."""

    group: int
    total: int
    may_cheat: bool
    cheated: Card | None = None
    extra: int | None = None
    weight: int = 0

    def cheat(self, card: Card, total: int) -> _Change:
        return _Change(self.group, total, self.may_cheat, card, self.extra, self.weight)

    def factor(self, weight: int) -> _Change:
        return _Change(self.group, self.total, self.may_cheat, self.cheated, None, weight)

    def add_extra(self, group: int, value: int, weight: int) -> _Change:
        return _Change(self.group, self.total + value, self.may_cheat, self.cheated, group,
                       weight)


def _expand(groups, main, extra):
    """(main card, extra card, share) for a record: members of a group are equally likely,
    and two cards from one group are two different members."""
    if main[0] == "card":
        mains = [(main[1], Fraction(1))]
    else:
        members = groups[main[1]].members
        mains = [(c, Fraction(1, len(members))) for c in members]
    if extra is None:
        return [(m, None, p) for m, p in mains]
    if extra[0] == "card":
        return [(m, extra[1], p) for m, p in mains]
    extras = groups[extra[1]].members
    out = []
    for card, p in mains:
        pool = [c for c in extras if c != card] if main == ("g", extra[1]) else extras
        out.extend((card, e, p / len(pool)) for e in pool)
    return out


def first_edition_odds(spec: DuelSpec) -> DuelOdds:
    """Exact first-edition odds (called by ``odds.duel_odds``, which caches them)."""
    counter = _Counter(spec)
    if counter.simple:
        counter.run_simple()
    else:
        counter.run_opposed()
    return counter.result()


def clear_first_edition_cache() -> None:
    for cached in (_damage_outcomes, _compositions):
        cached.cache_clear()
