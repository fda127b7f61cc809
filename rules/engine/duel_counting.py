"""Counting duel odds exactly: enumeration over the Fate Deck, never sampling.

The specs, the answer and second edition's count; ``first_edition_odds`` builds on this
module, and ``odds.duel_odds`` (the public entry) dispatches to one or the other, so the
imports point one way: odds -> first_edition_odds -> duel_counting.

Why exact: the odds are shown to players next to a flip ("62% to hit, 18% severe"),
are compared across builds in the arsenal tools, and are checked against the engine
in tests. Sampled figures would wobble between page loads and hide small rule bugs.

The model is the engine core's default policy (``GreedyDecisions``), stated once in
``docs/rules-decisions.md`` ("Odds"):

* Each side flips from its own fresh 54-card deck minus its known control hand.
* Fate modifiers cancel one-to-one; ``1 + |net|`` cards are flipped, at most four.
  Under a net positive twist the side picks its preferred card, under a net negative
  twist the lowest value (ties: preferred); the Black Joker is always taken and the
  Red Joker always taken unless the Black Joker is out too.
* Preference: cards that give the total every required suit, then the highest value.
* Cheating (only with a known hand): the side with the lower total (the defender on a
  tie) decides first; a side cheats only if it is losing and may cheat, with the
  lowest-value hand card that wins (first in hand order; the Red Joker last, the Black
  Joker never). Under the default duel policy ("reduce_damage") a losing defender that
  cannot win cheats the lowest card that puts the margin in a gentler damage band;
  ``DuelSpec.policy="to_win"`` leaves that out (``CheatToWin`` in the engine).
* ``DuelSpec.ruleset="m1e"`` counts first edition (``first_edition_odds.py``): the
  Soulstone card after the cheat and the Red Joker's second damage flip.
* The damage flip comes from the attacker's deck *after* the duel's flipped cards left
  it, with the accuracy modifier from the margin; the attacker cheats it with its best
  remaining hand card when that raises the severity.

How, in short: under a fixed preference order the chosen card is the top card of the
flipped set, so ``P(top group = G)`` is a difference of binomials. The damage flip
depends on which damage bands (Black Joker, 1-5, 6-10, 11-13, Red Joker) the other
flipped cards took out of the deck, so each side's outcome is the pair (chosen group,
band counts of the others), counted with a multivariate hypergeometric. Decks are
independent, so the two sides combine as a product; cheating is applied per pair.
Everything is counted with integers and turned into ``Fraction`` at the end.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from .cards import FULL_DECK, Card, Suit
from .damage import (
    DamageTrack,
    Severity,
    accuracy_twist,
    apply_armor,
    damage_for,
    severity_of,
)
from .duels import (
    DEFAULT_DUEL_POLICY,
    DUEL_POLICIES,
    REDUCE_DAMAGE,
    Trigger,
    has_suits,
    parse_suits,
)
from .errors import EngineBug, IllegalSoulstoneUse, RulesError
from .ruleset import RULESETS, get_ruleset

__all__ = [
    "SEVERITIES",
    "DamageOdds",
    "DuelOdds",
    "DuelSpec",
    "DuelistSpec",
    "InvalidOddsRequest",
    "clear_counting_cache",
    "second_edition_odds",
    "trigger_label",
]

MAX_CARDS_FLIPPED = 4
MAX_MODIFIERS_OF_ONE_SIGN = 4
MAX_HAND_SIZE = 13
CHEAT_POLICIES = ("to_win", "never")

#: Damage bands, in rising severity (the values of ``damage.Severity``). A card's band
#: decides the damage flip's outcome.
BJ_BAND, WEAK, MODERATE, SEVERE, RJ_BAND = (int(s) for s in Severity)
N_BANDS = len(Severity)
#: Names of the damage flip outcomes, in the order of the bands above.
SEVERITIES = ("none", "weak", "moderate", "severe", "red_joker")

#: The Red Joker's suit when nothing is required or wanted (the rulebook's first suit).
DEFAULT_RED_JOKER_SUIT = Suit.RAMS


class InvalidOddsRequest(RulesError):
    """The odds request describes a duel that cannot happen; the message says what to fix."""


# ---------------------------------------------------------------------------
# Input
# ---------------------------------------------------------------------------


def _parse_triggers(value: Any) -> tuple[tuple[Suit, ...], ...]:
    """Triggers' suit requirements, in listed order.

    One suit or one string ("crows", "crows crows") is one trigger; a sequence holds one
    trigger per item (a suit, a string, a tuple of suits or an engine ``Trigger``).
    """
    if value is None:
        return ()
    if isinstance(value, str | Suit | Trigger):
        value = (value,)
    triggers = []
    for item in value:
        suits = item.suits if isinstance(item, Trigger) else parse_suits(item)
        if not suits:
            raise InvalidOddsRequest("A trigger needs at least one suit.")
        triggers.append(suits)
    return tuple(triggers)


def trigger_label(suits: tuple[Suit, ...]) -> str:
    """A trigger requirement as text, e.g. "crows+crows" (the key in ``trigger_probability``)."""
    return "+".join(s.value for s in suits)


def _check_count(value: Any, what: str, maximum: int | None = None) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise InvalidOddsRequest(f"{what} must be a whole number of 0 or more, got {value!r}.")
    if maximum is not None and value > maximum:
        raise InvalidOddsRequest(
            f"{what} is {value}; a flip takes at most {maximum} fate modifiers of one sign "
            f"(at most {MAX_CARDS_FLIPPED} cards are ever flipped)."
        )


@dataclass(frozen=True)
class DuelistSpec:
    """One side of a duel, as declared before any card is flipped.

    ``positive``/``negative`` are the fate modifiers from the situation; Soulstone,
    Focused and Defensive twists are given by their own fields so they can also reach
    the damage flip where the rules say so (Defensive counts on this flip: give it only
    for a Df duel). ``suits`` are the suits built into the action or stat.
    ``trigger_suits`` are this model's stat triggers (see ``DuelSpec.trigger_suits``);
    they decide the Red Joker's suit and are reported in ``trigger_probability``.
    ``hand`` is the known control hand: those cards are not in the deck, and they are
    the cards this side may cheat with (``cheat="never"`` keeps them in hand; "to_win"
    cheats as the duel's policy says).
    ``soulstone_card`` (first edition): this side may discard a Soulstone after its cheat
    to add a second card, which it does whenever it is still losing.
    Card codes and suit names are accepted and normalized to ``Card`` and ``Suit``.
    """

    stat: int
    positive: int = 0
    negative: int = 0
    bonus: int = 0
    suits: tuple[Suit, ...] = ()
    can_use_soulstones: bool = False
    soulstone_twist: bool = False
    soulstone_suit: Suit | None = None
    focused: int = 0
    defensive: int = 0
    hand: tuple[Card, ...] = ()
    cheat: str = "to_win"
    trigger_suits: tuple[tuple[Suit, ...], ...] = ()
    soulstone_card: bool = False

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        _check_count(self.stat, "The stat")
        if not isinstance(self.bonus, int) or isinstance(self.bonus, bool):
            raise InvalidOddsRequest(f"The bonus must be a whole number, got {self.bonus!r}.")
        _check_count(self.positive, "Positive twists", MAX_MODIFIERS_OF_ONE_SIGN)
        _check_count(self.negative, "Negative twists", MAX_MODIFIERS_OF_ONE_SIGN)
        _check_count(self.focused, "Focused", MAX_MODIFIERS_OF_ONE_SIGN)
        _check_count(self.defensive, "Defensive", MAX_MODIFIERS_OF_ONE_SIGN)
        set_(self, "suits", parse_suits(self.suits))
        set_(self, "trigger_suits", _parse_triggers(self.trigger_suits))
        if self.soulstone_suit is not None:
            set_(self, "soulstone_suit", Suit.parse(self.soulstone_suit))
        uses = self.soulstone_twist or self.soulstone_suit is not None or self.soulstone_card
        if uses and not self.can_use_soulstones:
            raise IllegalSoulstoneUse(
                "Only Masters and Henchmen may spend Soulstones on a duel; set "
                "can_use_soulstones=True for them or drop the Soulstone use."
            )
        hand = self.hand
        if isinstance(hand, str):
            hand = hand.replace(",", " ").split()
        cards = tuple(Card.parse(c).identity for c in hand)
        if len(cards) > MAX_HAND_SIZE:
            raise InvalidOddsRequest(
                f"A control hand of {len(cards)} cards is not plausible; at most "
                f"{MAX_HAND_SIZE} are supported."
            )
        if len(set(cards)) != len(cards):
            dupes = sorted({c.code for c in cards if cards.count(c) > 1})
            raise InvalidOddsRequest(
                f"The hand holds {', '.join(dupes)} more than once; "
                "a Fate Deck has one of each card."
            )
        set_(self, "hand", cards)
        if self.cheat not in CHEAT_POLICIES:
            raise InvalidOddsRequest(
                f"Unknown cheating policy {self.cheat!r}: use one of {', '.join(CHEAT_POLICIES)}."
            )

    @property
    def static_suits(self) -> tuple[Suit, ...]:
        """Suits the total carries whatever card is used (built in + Soulstone suit)."""
        extra = () if self.soulstone_suit is None else (self.soulstone_suit,)
        return self.suits + extra


def _parse_damage(value: Any) -> DamageTrack:
    """Accept the engine's ``DamageTrack``, text such as "2/3/4", or a 3-tuple."""
    if isinstance(value, DamageTrack):
        return value
    if isinstance(value, str):
        return DamageTrack.parse(value)
    try:
        weak, moderate, severe = value
    except (TypeError, ValueError):
        raise InvalidOddsRequest(
            f"Damage must be (weak, moderate, severe), e.g. (2, 3, 4); got {value!r}."
        ) from None
    return DamageTrack(weak, moderate, severe)


@dataclass(frozen=True)
class DuelSpec:
    """A whole duel: the attacker, the defender (None for a simple duel) and the action.

    ``tn`` and ``required_suits`` are the action's target number and suits the attacker's
    total must carry. ``trigger_suits`` are the action's triggers in listed order, each a
    suit or several ("crows crows"); they come before the attacker's own stat triggers
    when the Red Joker's suit is named. ``damage`` (an engine ``DamageTrack``, "2/3/4" or
    a ``(weak, moderate, severe)`` tuple) asks for the damage flip; ``armor`` and
    ``hard_to_wound`` belong to the target.
    """

    attacker: DuelistSpec
    defender: DuelistSpec | None = None
    tn: int | None = None
    required_suits: tuple[Suit, ...] = ()
    trigger_suits: tuple[tuple[Suit, ...], ...] = ()
    damage: DamageTrack | None = None
    armor: int = 0
    hard_to_wound: int = 0
    policy: str = DEFAULT_DUEL_POLICY
    ruleset: str = "m2e"

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        if self.policy not in DUEL_POLICIES:
            raise InvalidOddsRequest(
                f"Unknown duel policy {self.policy!r}: use one of {', '.join(DUEL_POLICIES)}."
            )
        if self.ruleset not in RULESETS:
            raise InvalidOddsRequest(
                f"Unknown ruleset {self.ruleset!r}: use one of {', '.join(RULESETS)}."
            )
        if not isinstance(self.attacker, DuelistSpec):
            raise InvalidOddsRequest("The attacker must be a DuelistSpec.")
        if self.defender is not None and not isinstance(self.defender, DuelistSpec):
            raise InvalidOddsRequest("The defender must be a DuelistSpec or None.")
        if self.defender is None and self.tn is None:
            raise InvalidOddsRequest("A simple duel needs a TN; give tn=... or a defender.")
        if self.tn is not None:
            _check_count(self.tn, "The TN")
        set_(self, "required_suits", parse_suits(self.required_suits))
        set_(self, "trigger_suits", _parse_triggers(self.trigger_suits))
        if self.damage is not None:
            set_(self, "damage", _parse_damage(self.damage))
        _check_count(self.armor, "Armor")
        _check_count(self.hard_to_wound, "Hard to Wound", MAX_MODIFIERS_OF_ONE_SIGN)
        if self.defender is not None:
            if self.attacker.defensive:
                raise InvalidOddsRequest(
                    "Defensive helps Df duels; give it to the defender, not the attacker."
                )
            if self.defender.focused:
                raise InvalidOddsRequest(
                    "Focused is spent when declaring an Action; only the attacker can use it."
                )
        self._check_ruleset()

    def _check_ruleset(self) -> None:
        rules = get_ruleset(self.ruleset)
        sides = [s for s in (self.attacker, self.defender) if s is not None]
        if rules.soulstones_in_duels == "card_after_cheat":
            if any(s.soulstone_twist or s.soulstone_suit is not None for s in sides):
                raise InvalidOddsRequest(
                    f"In {rules.name} a Soulstone is not declared before the flip (no twist "
                    "or suit): it adds a second card after the cheat (soulstone_card)."
                )
        elif any(s.soulstone_card for s in sides):
            raise InvalidOddsRequest(
                f"In {rules.name} a Soulstone is declared before the flip (a twist or a "
                "suit); it cannot add a second card."
            )
        if not rules.opposed_duels_have_tn and self.defender is not None and (
            self.tn is not None or self.required_suits
        ):
            raise InvalidOddsRequest(
                f"A {rules.name} opposed duel compares the two totals only: leave out the "
                "TN and required suits (or make it a simple duel)."
            )

    @property
    def is_simple(self) -> bool:
        return self.defender is None


# ---------------------------------------------------------------------------
# Output
# ---------------------------------------------------------------------------


def _floats(mapping: Mapping[Any, Fraction]) -> dict[str, float]:
    return {str(k): float(v) for k, v in mapping.items()}


@dataclass(frozen=True)
class DamageOdds:
    """Probabilities of each damage flip outcome; they sum to 1."""

    none: Fraction
    weak: Fraction
    moderate: Fraction
    severe: Fraction
    red_joker: Fraction

    def as_dict(self) -> dict[str, float]:
        return {name: float(getattr(self, name)) for name in SEVERITIES}

    def as_fractions(self) -> dict[str, Fraction]:
        return {name: getattr(self, name) for name in SEVERITIES}


@dataclass(frozen=True)
class DuelOdds:
    """Exact odds of one duel. Every probability is a ``Fraction``; ``as_dict`` gives floats.

    * ``p_win``: the attacker (or the simple duel's model) wins.
    * ``margin_distribution``: attacker total minus defender total (or minus the TN),
      over every outcome, won or lost.
    * ``suit_probability``: per side ("attacker", "defender"), the probability that the
      final total carries each suit.
    * ``trigger_probability``: per side, for each of its triggers (keyed by
      ``trigger_label``, e.g. "crows+crows"), the probability that the final total
      carries the trigger's suits, won or lost.
    * ``cheat_probability``: per side, the probability that it cheats fate in the duel.
    * ``damage``: damage flip outcomes, unconditional ("none" includes losing the duel);
      ``damage_on_hit``: the same given the attacker won (None when it cannot win).
    * ``expected_damage`` / ``expected_damage_on_hit``: after Armor.
    * ``red_joker_follow_up`` (first edition): given a Red Joker on the damage flip, the
      chances of the second damage flip ("none", "weak", "moderate", "severe").
    * ``policy`` and ``ruleset``: what the figures assume.
    """

    p_win: Fraction
    margin_distribution: Mapping[int, Fraction]
    suit_probability: Mapping[str, Mapping[Suit, Fraction]]
    trigger_probability: Mapping[str, Mapping[str, Fraction]]
    cheat_probability: Mapping[str, Fraction]
    damage: DamageOdds | None = None
    damage_on_hit: DamageOdds | None = None
    expected_damage: Fraction | None = None
    expected_damage_on_hit: Fraction | None = None
    red_joker_follow_up: Mapping[str, Fraction] | None = None
    policy: str = DEFAULT_DUEL_POLICY
    ruleset: str = "m2e"

    @property
    def p_lose(self) -> Fraction:
        return 1 - self.p_win

    def as_dict(self) -> dict[str, Any]:
        """JSON-friendly floats (margins and suits as string keys)."""

        def opt(value: Fraction | None) -> float | None:
            return None if value is None else float(value)

        return {
            "p_win": float(self.p_win),
            "margin_distribution": {
                str(m): float(p) for m, p in sorted(self.margin_distribution.items())
            },
            "suit_probability": {
                side: {s.value: float(p) for s, p in probs.items()}
                for side, probs in self.suit_probability.items()
            },
            "trigger_probability": {
                side: _floats(probs) for side, probs in self.trigger_probability.items()
            },
            "cheat_probability": _floats(self.cheat_probability),
            "damage": None if self.damage is None else self.damage.as_dict(),
            "damage_on_hit": None if self.damage_on_hit is None else self.damage_on_hit.as_dict(),
            "expected_damage": opt(self.expected_damage),
            "expected_damage_on_hit": opt(self.expected_damage_on_hit),
            "red_joker_follow_up": None
            if self.red_joker_follow_up is None
            else _floats(self.red_joker_follow_up),
            "policy": self.policy,
            "ruleset": self.ruleset,
        }


# ---------------------------------------------------------------------------
# One side's flip, counted exactly
# ---------------------------------------------------------------------------


def band_of(card: Card) -> int:
    """The damage band (``Severity`` value) a card's value falls in."""
    return int(severity_of(card))


def _band_counts(cards: Iterable[Card]) -> tuple[int, ...]:
    counts = [0] * N_BANDS
    for card in cards:
        counts[band_of(card)] += 1
    return tuple(counts)


def _missing_suits(required: tuple[Suit, ...], present: tuple[Suit, ...]) -> tuple[Suit, ...]:
    """Required suits (a multiset) the present suits do not cover, in required order."""
    left = list(present)
    missing = []
    for suit in required:
        if suit in left:
            left.remove(suit)
        else:
            missing.append(suit)
    return tuple(missing)


def _completes(card: Card, missing: tuple[Suit, ...]) -> bool:
    """Whether using this card gives the total every required suit."""
    if not missing:
        return True
    if card.is_black_joker:
        return False
    if card.is_red_joker:
        return len(missing) == 1
    return missing == (card.suit,)


@dataclass(frozen=True)
class _Group:
    """Deck cards the policy cannot tell apart (same value, same suit usefulness)."""

    value: int
    completes: bool
    band: int
    is_black_joker: bool
    is_red_joker: bool
    members: tuple[Card, ...]


@lru_cache(maxsize=1024)
def _compositions(total: int, caps: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every way to spread ``total`` cards over bands holding ``caps`` cards."""
    if not caps:
        return ((),) if total == 0 else ()
    out = []
    for first in range(min(total, caps[0]) + 1):
        for rest in _compositions(total - first, caps[1:]):
            out.append((first, *rest))
    return tuple(out)


@lru_cache(maxsize=256)
def _flip_outcomes(
    deck: tuple[Card, ...], n: int, negative: bool, missing: tuple[Suit, ...]
) -> tuple[tuple[_Group, ...], tuple[tuple[tuple[int, tuple[int, ...]], int], ...]]:
    """Count the n-card flips of ``deck`` by (chosen group, band counts of the others).

    Returns the groups in preference order and pairs ((group index, others' band
    counts), number of n-card subsets), out of C(len(deck), n) subsets in all.
    """

    def rank(card: Card) -> tuple:
        done = _completes(card, missing)
        if negative:
            return (card.is_black_joker, card.is_red_joker, -card.value, done)
        return (card.is_black_joker, card.is_red_joker, done, card.value)

    by_rank: dict[tuple, list[Card]] = defaultdict(list)
    for card in deck:
        by_rank[rank(card)].append(card)
    groups = tuple(
        _Group(
            value=cards[0].value,
            completes=_completes(cards[0], missing),
            band=band_of(cards[0]),
            is_black_joker=cards[0].is_black_joker,
            is_red_joker=cards[0].is_red_joker,
            members=tuple(cards),
        )
        for key, cards in sorted(by_rank.items(), key=lambda item: item[0], reverse=True)
    )
    below = list(_band_counts(deck))
    outcomes: dict[tuple[int, tuple[int, ...]], int] = {}
    for index, group in enumerate(groups):
        size = len(group.members)
        below[group.band] -= size
        caps = tuple(below)
        for k in range(1, min(size, n) + 1):
            ways_in_group = math.comb(size, k)
            for comp in _compositions(n - k, caps):
                ways = ways_in_group
                for have, take in zip(caps, comp, strict=True):
                    if take:
                        ways *= math.comb(have, take)
                others = list(comp)
                others[group.band] += k - 1
                key = (index, tuple(others))
                outcomes[key] = outcomes.get(key, 0) + ways
    return groups, tuple(outcomes.items())


@lru_cache(maxsize=8)
def _common_denominator(remaining: int) -> int:
    """A denominator every C(remaining, k), k = 1..4, divides (damage flips share it)."""
    return math.lcm(*(math.comb(remaining, k) for k in range(1, MAX_CARDS_FLIPPED + 1)))


@lru_cache(maxsize=4096)
def _damage_flip(
    counts: tuple[int, ...], n: int, negative: bool, cheat_to: int | None, scale: int
) -> tuple[int, ...]:
    """Weights of the damage flip's final band from a deck with these band counts.

    The chosen band is the top of the flipped set under BJ > RJ > (highest, or lowest
    under a negative twist). ``cheat_to`` is the band of the best card the attacker may
    cheat in (None: no cheating); it replaces any lower band except the Black Joker.
    Weights are scaled so they sum to ``scale``.
    """
    total = sum(counts)
    order = (
        (BJ_BAND, RJ_BAND, WEAK, MODERATE, SEVERE)
        if negative
        else (BJ_BAND, RJ_BAND, SEVERE, MODERATE, WEAK)
    )
    weights = [0] * N_BANDS
    above = 0
    for band in order:
        weights[band] = math.comb(total - above, n) - math.comb(total - above - counts[band], n)
        above += counts[band]
    if cheat_to is not None:
        for band in range(WEAK, cheat_to):
            weights[cheat_to] += weights[band]
            weights[band] = 0
    factor, rest = divmod(scale, math.comb(total, n))
    if rest:
        raise EngineBug(f"Damage flip denominator {math.comb(total, n)} does not divide {scale}.")
    return tuple(w * factor for w in weights)


# ---------------------------------------------------------------------------
# The duel
# ---------------------------------------------------------------------------


def _flipped(positive: int, negative: int) -> tuple[int, bool]:
    """Cards flipped and whether the net twist is negative, after one-to-one cancellation."""
    net = positive - negative
    return min(MAX_CARDS_FLIPPED, 1 + abs(net)), net < 0


@dataclass(frozen=True)
class _Side:
    """A duelist prepared for counting: deck, flip size, preferences and cheat options."""

    base: int
    deck: tuple[Card, ...]
    n: int
    negative: bool
    static_suits: tuple[Suit, ...]
    missing: tuple[Suit, ...]
    red_joker_suit: Suit
    triggers: tuple[tuple[Suit, ...], ...]
    # Hand cards this side may cheat in, in the order it would try them (lowest value
    # first, hand order on ties, the Red Joker last, never the Black Joker).
    cheat_cards: tuple[Card, ...]
    # The hand's cards as a set (``deck`` is the Fate Deck without them): a key whose
    # hash is kept, where the 48-card deck would be hashed card by card.
    hand: frozenset[Card] = frozenset()

    def card_suit(self, card: Card) -> Suit | None:
        if card.is_red_joker:
            return self.red_joker_suit
        return card.suit


def _name_red_joker(
    static: tuple[Suit, ...], missing: tuple[Suit, ...], triggers: tuple[tuple[Suit, ...], ...]
) -> Suit:
    """The default policy's suit for a Red Joker (it cannot depend on the other cards).

    The first required suit the total would not otherwise carry; else, for the first
    trigger the total would not otherwise carry, its first missing suit; else Rams.
    """
    if missing:
        return missing[0]
    for trigger in triggers:
        still_missing = _missing_suits(trigger, static)
        if still_missing:
            return still_missing[0]
    return DEFAULT_RED_JOKER_SUIT


def _prepare(
    spec: DuelistSpec,
    positive: int,
    negative: int,
    required: tuple[Suit, ...],
    triggers: tuple[tuple[Suit, ...], ...],
) -> _Side:
    static = spec.static_suits
    missing = _missing_suits(required, static)
    red_joker_suit = _name_red_joker(static, missing, triggers)
    n, neg = _flipped(positive, negative)
    hand = frozenset(spec.hand)
    deck = _deck_without(hand)
    usable = [(c.value, i, c) for i, c in enumerate(spec.hand) if not c.is_black_joker]
    cheat_cards = tuple(c for _, _, c in sorted(usable)) if spec.cheat == "to_win" else ()
    return _Side(
        base=spec.stat + spec.bonus,
        deck=deck,
        n=n,
        negative=neg,
        static_suits=static,
        missing=missing,
        red_joker_suit=red_joker_suit,
        triggers=triggers,
        cheat_cards=cheat_cards,
        hand=hand,
    )


@lru_cache(maxsize=256)
def _deck_without(hand: frozenset[Card]) -> tuple[Card, ...]:
    """The Fate Deck without the hand's cards, in deck order."""
    return tuple(c for c in FULL_DECK if c not in hand)


@lru_cache(maxsize=4096)
def _mixture_of(hand: frozenset[Card], flip_n: int, flip_negative: bool,
                missing: tuple[Suit, ...], state: tuple[int, bool], n: int, negative: bool,
                cheat_to: int | None, scale: int) -> tuple[int, ...]:
    """Damage band weights summed over the attacker flips behind ``state`` (the flip
    states of ``_states_of(hand, flip_n, flip_negative, missing)``): cached, as the
    states are, by what they are built from."""
    acc = [0] * N_BANDS
    for left, ways in _states_of(hand, flip_n, flip_negative, missing)[1][state].items():
        weights = _damage_flip(left, n, negative, cheat_to, scale)
        for band in range(N_BANDS):
            acc[band] += weights[band] * ways
    return tuple(acc)


def _best_damage_band(cards: Iterable[Card]) -> int | None:
    bands = [band_of(c) for c in cards if not c.is_black_joker]
    return max(bands) if bands else None


#: A side's flips by duel state: (group index, Red Joker flipped) -> {band counts left in
#: its deck after the flip: number of flips}.
_States = dict[tuple[int, bool], dict[tuple[int, ...], int]]


def _side_states(side: _Side) -> tuple[tuple[_Group, ...], _States, int]:
    """Every flip of one side, grouped by what the rest of the duel needs to know.

    Returns the groups, the states and the number of possible flips C(N, n).
    """
    return _states_of(side.hand, side.n, side.negative, side.missing)


@lru_cache(maxsize=256)
def _states_of(hand: frozenset[Card], n: int, negative: bool, missing: tuple[Suit, ...],
               ) -> tuple[tuple[_Group, ...], _States, int]:
    """``_side_states`` by what it reads, the deck by the hand it lacks (cached as
    ``_flip_outcomes``: the states are only read)."""
    deck = _deck_without(hand)
    groups, flips = _flip_outcomes(deck, n, negative, missing)
    deck_bands = _band_counts(deck)
    states: _States = defaultdict(dict)
    for (index, others), ways in flips:
        group = groups[index]
        red_joker_out = group.is_red_joker or others[RJ_BAND] > 0
        left = list(deck_bands)
        left[group.band] -= 1
        for band, taken in enumerate(others):
            left[band] -= taken
        bucket = states[(index, red_joker_out)]
        key = tuple(left)
        bucket[key] = bucket.get(key, 0) + ways
    return groups, dict(states), math.comb(len(deck), n)


#: The simple duel's missing opponent: one "flip" that changes nothing.
_NO_DEFENDER_GROUPS = (_Group(0, True, BJ_BAND, False, False, ()),)
_NO_DEFENDER_STATES: _States = {(0, False): {(): 1}}


class _DuelCounter:
    """Combines every attacker flip with every defender flip and adds up integer weights.

    All counts share the denominator ``attacker flips x defender flips`` (damage counts
    are further scaled by ``scale``), so nothing is divided until the very end.
    """

    def __init__(self, spec: DuelSpec) -> None:
        a_spec, d_spec = spec.attacker, spec.defender
        self.spec = spec
        self.simple = d_spec is None
        self.attacker = _prepare(
            a_spec,
            a_spec.positive + a_spec.soulstone_twist + a_spec.focused + a_spec.defensive,
            a_spec.negative,
            spec.required_suits,
            spec.trigger_suits + a_spec.trigger_suits,
        )
        self.a_groups, self.a_states, a_total = _side_states(self.attacker)
        if d_spec is None:
            self.defender = None
            self.d_groups, self.d_states, d_total = _NO_DEFENDER_GROUPS, _NO_DEFENDER_STATES, 1
        else:
            self.defender = _prepare(
                d_spec,
                d_spec.positive + d_spec.soulstone_twist + d_spec.defensive,
                d_spec.negative,
                (),
                d_spec.trigger_suits,
            )
            self.d_groups, self.d_states, d_total = _side_states(self.defender)
        self.everything = a_total * d_total
        # No TN means no floor at all: totals can go below zero with a negative bonus.
        self.tn = spec.tn if spec.tn is not None else -math.inf
        self.damage_twist = a_spec.focused - spec.hard_to_wound
        if d_spec is not None and d_spec.soulstone_twist:
            self.damage_twist -= 1
        self.scale = _common_denominator(len(self.attacker.deck) - self.attacker.n)
        # Best damage band the attacker can cheat in, after a duel cheat (None: no cheat).
        self.hand_best_after: dict[Card | None, int | None] = {None: None}
        if a_spec.cheat == "to_win":
            hand = a_spec.hand
            self.hand_best_after[None] = _best_damage_band(hand)
            for card in self.attacker.cheat_cards:
                self.hand_best_after[card] = _best_damage_band(c for c in hand if c != card)
        self._attacker_cheats: dict[int, Card | None] = {}
        self._damage_cuts: dict[tuple[int, int], Card | None] = {}
        self.cuts_damage = spec.policy == REDUCE_DAMAGE

        self.wins = 0
        self.margins: dict[int, int] = defaultdict(int)
        # Per side: group index -> ways the flipped card stayed; hand card -> ways cheated in.
        self.kept = {"attacker": defaultdict(int), "defender": defaultdict(int)}
        self.cheated = {"attacker": defaultdict(int), "defender": defaultdict(int)}
        self.damage = [0] * N_BANDS

    # -- decisions -------------------------------------------------------------------

    def attacker_cheat(self, against: int | float) -> Card | None:
        """The lowest hand card that makes the attacker win against ``against``."""
        if against not in self._attacker_cheats:
            attacker = self.attacker
            need = max(against, self.tn) - attacker.base
            self._attacker_cheats[against] = next(
                (
                    card
                    for card in attacker.cheat_cards
                    if card.value >= need and _completes(card, attacker.missing)
                ),
                None,
            )
        return self._attacker_cheats[against]

    def defender_cheat(self, against: int) -> Card | None:
        """The lowest hand card with which the defender's total beats ``against``."""
        defender = self.defender
        for card in defender.cheat_cards:
            if defender.base + card.value > against:
                return card
        return None

    def defender_damage_cut(self, against: int, current: int) -> Card | None:
        """A losing defender's cheat under "reduce damage" (see ``damage_cut``)."""
        key = (against, current)
        if key not in self._damage_cuts:
            self._damage_cuts[key] = damage_cut(self.defender, against, current)
        return self._damage_cuts[key]

    def damage_flip_size(self, margin: int) -> tuple[int, bool]:
        """(cards flipped, negative twist) of the damage flip after a win by ``margin``."""
        twist = self.damage_twist + (0 if self.simple else accuracy_twist(margin))
        return _flipped(max(twist, 0), max(-twist, 0))

    def damage_mixture(self, state: tuple[int, bool], margin: int, duel_cheat: Card | None):
        """Damage band weights summed over the attacker flips behind ``state``."""
        n, negative = self.damage_flip_size(margin)
        best = self.hand_best_after.get(duel_cheat)
        return self._mixture(state, n, negative, None if negative else best)

    def _mixture(self, state: tuple[int, bool], n: int, negative: bool,
                 cheat_to: int | None) -> tuple[int, ...]:
        a = self.attacker
        return _mixture_of(a.hand, a.n, a.negative, a.missing, state, n, negative, cheat_to,
                           self.scale)

    # -- counting --------------------------------------------------------------------

    def run(self, *, tally: bool = True) -> None:
        # Written out with locals, no method call per pair of flip states (a duel has
        # thousands): the attacker wins on a total at least the defender's and the TN
        # with the required suits; a kept card counts by group, a cheated one by card.
        # Without ``tally`` only the wins and the damage are counted (``hit_odds``).
        # The damage of a win depends only on (attacker state, margin, attacker cheat):
        # the defender ways are summed per such key and each mixture weighed once at the
        # end (integer sums, so the same totals).
        attacker, defender, simple = self.attacker, self.defender, self.simple
        with_damage = self.spec.damage is not None
        hits: dict[tuple, int] = defaultdict(int)
        tn = self.tn
        a_kept, d_kept = self.kept["attacker"], self.kept["defender"]
        a_cheated, d_cheated = self.cheated["attacker"], self.cheated["defender"]
        margins, damage = self.margins, self.damage
        bands = range(N_BANDS)
        # Per defender state: its ways, its flipped total and whether it may cheat (but
        # for an attacker's Red Joker), worked out once and not per pair.
        if simple:
            d_entries = [
                (index, red_joker, sum(rest.values()), tn, False)
                for (index, red_joker), rest in self.d_states.items()
            ]
        else:
            d_groups = self.d_groups
            d_can = bool(defender.cheat_cards) and not defender.negative
            d_entries = [
                (index, red_joker, sum(rest.values()), defender.base + d_groups[index].value,
                 d_can and not d_groups[index].is_black_joker)
                for (index, red_joker), rest in self.d_states.items()
            ]
        wins = 0
        if not tally and not attacker.cheat_cards and (simple or not defender.cheat_cards):
            # Nobody can cheat (a commander weighing an attack knows no hands): a pair's
            # totals are its flipped ones, the attacker wins against every defender total
            # up to its own, and the defender's Red Joker (which only stops the attacker
            # cheating) does not matter, so defender states are summed by total.
            wins = self._count_flipped(d_entries, with_damage)
            a_states: Mapping = {}
        else:
            a_states = self.a_states
        for a_state, a_rest in a_states.items():
            a_index, a_red_joker = a_state
            a_group = self.a_groups[a_index]
            a_ways = sum(a_rest.values())
            a_may_cheat = bool(attacker.cheat_cards) and not (
                attacker.negative or a_group.is_black_joker
            )
            a_flipped, a_completes = attacker.base + a_group.value, a_group.completes
            for d_index, d_red_joker, d_ways, d_total, d_may_cheat in d_entries:
                ways = a_ways * d_ways
                a_card = d_card = None
                a_total, a_done = a_flipped, a_completes
                if a_red_joker:
                    d_may_cheat = False
                a_can = a_may_cheat and not d_red_joker
                # The lower total decides first (the defender on a tie); each side once.
                attacker_first = simple or a_total < d_total
                for attacker_turn in (attacker_first, not attacker_first) if (
                        a_can or d_may_cheat) else ():
                    winning = a_total >= d_total and a_total >= tn and a_done
                    if attacker_turn and a_can and not winning:
                        card = self.attacker_cheat(d_total)
                        if card is not None:
                            a_card, a_total, a_done = card, attacker.base + card.value, True
                    elif not attacker_turn and d_may_cheat and winning:
                        card = self.defender_cheat(a_total)
                        if card is None and self.cuts_damage:
                            card = self.defender_damage_cut(a_total, d_total)
                        if card is not None:
                            d_card, d_total = card, defender.base + card.value
                margin = a_total - d_total
                if tally:
                    if a_card is None:
                        a_kept[a_index] += ways
                    else:
                        a_cheated[a_card] += ways
                    if not simple:
                        if d_card is None:
                            d_kept[d_index] += ways
                        else:
                            d_cheated[d_card] += ways
                    margins[margin] += ways
                if not (a_total >= d_total and a_total >= tn and a_done):
                    continue
                wins += ways
                if with_damage:
                    hits[(a_state, margin, a_card)] += d_ways
        self.wins += wins
        if not hits:
            return
        # Wins whose damage flips are alike (same state, flip size, twist and best cheat,
        # as ``damage_mixture`` reads them) are summed before the mixture is weighed.
        sizes: dict[int, tuple[int, bool]] = {}
        best_after = self.hand_best_after
        alike: dict[tuple, int] = defaultdict(int)
        for (a_state, margin, a_card), d_ways in hits.items():
            size = sizes.get(margin)
            if size is None:
                size = sizes[margin] = self.damage_flip_size(margin)
            n, negative = size
            alike[(a_state, n, negative, None if negative else best_after.get(a_card))] += d_ways
        for (a_state, n, negative, cheat_to), d_ways in alike.items():
            mixture = self._mixture(a_state, n, negative, cheat_to)
            for band in bands:
                damage[band] += mixture[band] * d_ways

    def _count_flipped(self, d_entries: list[tuple], with_damage: bool) -> int:
        """``run``'s wins (and damage) when no side can cheat. Each attacker state's wins
        are summed by damage flip size before its mixture is weighed (as ``run`` sums
        alike wins; integer sums, so the same totals)."""
        by_total: dict[int | float, int] = defaultdict(int)
        for _, _, d_ways, d_total, _ in d_entries:
            by_total[d_total] += d_ways
        totals = sorted(by_total.items())
        base, tn, groups = self.attacker.base, self.tn, self.a_groups
        best, damage, mixture_of = self.hand_best_after.get(None), self.damage, self._mixture
        sizes: dict[int | float, tuple[int, bool]] = {}
        wins = 0
        for a_state, a_rest in self.a_states.items():
            group = groups[a_state[0]]
            a_total = base + group.value
            if not (group.completes and a_total >= tn):
                continue
            won = 0
            by_size: dict[tuple[int, bool], int] = defaultdict(int)
            for d_total, d_ways in totals:
                if d_total > a_total:
                    break
                won += d_ways
                if with_damage:
                    margin = a_total - d_total
                    size = sizes.get(margin)
                    if size is None:
                        size = sizes[margin] = self.damage_flip_size(margin)
                    by_size[size] += d_ways
            wins += sum(a_rest.values()) * won
            for (n, negative), ways in by_size.items():
                mixture = mixture_of(a_state, n, negative, None if negative else best)
                for band in range(N_BANDS):
                    damage[band] += mixture[band] * ways
        return wins

    # -- results ---------------------------------------------------------------------

    def card_suits(self, role: str) -> dict[Suit | None, Fraction]:
        """Distribution of the side's final card suit (None: the Black Joker)."""
        side, groups = (
            (self.attacker, self.a_groups) if role == "attacker" else (self.defender, self.d_groups)
        )
        ways_by_suit: dict[Suit | None, Fraction] = defaultdict(Fraction)
        for index, ways in self.kept[role].items():
            group = groups[index]
            if group.is_black_joker or group.is_red_joker:
                ways_by_suit[side.card_suit(group.members[0])] += ways
                continue
            # Ties go to the first card in flip order, so each member is equally likely.
            for card in group.members:
                ways_by_suit[card.suit] += Fraction(ways, len(group.members))
        for card, ways in self.cheated[role].items():
            ways_by_suit[side.card_suit(card)] += ways
        return {suit: ways / self.everything for suit, ways in ways_by_suit.items()}

    def suit_odds(self, role: str) -> tuple[Mapping[Suit, Fraction], Mapping[str, Fraction]]:
        """(probability of each suit, probability of each trigger) for the final total."""
        side = self.attacker if role == "attacker" else self.defender
        card_suits = self.card_suits(role)

        def carries(needed: tuple[Suit, ...]) -> Fraction:
            return sum(
                (
                    p
                    for suit, p in card_suits.items()
                    if has_suits(side.static_suits + ((suit,) if suit else ()), needed)
                ),
                Fraction(0),
            )

        per_suit = MappingProxyType({suit: carries((suit,)) for suit in Suit})
        per_trigger = MappingProxyType({trigger_label(t): carries(t) for t in side.triggers})
        return per_suit, per_trigger

    def hit_odds(self) -> tuple[Fraction, DamageOdds | None]:
        """(P(win), the damage flip's odds or None without a damage track)."""
        p_win = Fraction(self.wins, self.everything)
        if self.spec.damage is None:
            return p_win, None
        hit = self._damage_odds()
        return p_win, DamageOdds(1 - sum(hit[WEAK:]), *hit[WEAK:])

    def _damage_odds(self) -> list[Fraction]:
        """The probability of each damage band, over every outcome."""
        return [Fraction(w, self.everything * self.scale) for w in self.damage]

    def result(self) -> DuelOdds:
        everything = self.everything
        p_win = Fraction(self.wins, everything)
        roles = ("attacker",) if self.simple else ("attacker", "defender")
        suits, triggers = {}, {}
        for role in roles:
            suits[role], triggers[role] = self.suit_odds(role)
        cheats = {role: Fraction(sum(self.cheated[role].values()), everything) for role in roles}
        extra: dict[str, Any] = {}
        track = self.spec.damage
        if track is not None:
            hit = self._damage_odds()
            armor = self.spec.armor
            amounts = [apply_armor(damage_for(track, severity), armor) for severity in Severity]
            expected = sum((p * a for p, a in zip(hit, amounts, strict=True)), Fraction(0))
            extra["damage"] = DamageOdds(1 - sum(hit[WEAK:]), *hit[WEAK:])
            extra["expected_damage"] = expected
            if p_win:
                extra["damage_on_hit"] = DamageOdds(*(p / p_win for p in hit))
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


def damage_cut(defender: _Side, against: int, current: int) -> Card | None:
    """The "reduce damage" cheat of a defender that cannot win: the lowest hand card
    (in ``cheat_cards`` order) that puts the margin ``against`` minus its new total in the
    gentlest accuracy band, if that band is gentler than the current one."""
    best, best_band = None, accuracy_twist(against - current)
    for card in defender.cheat_cards:
        margin = against - defender.base - card.value
        if margin < 0:
            continue
        band = accuracy_twist(margin)
        if band < best_band:
            best, best_band = card, band
    return best


def second_edition_odds(spec: DuelSpec) -> DuelOdds:
    """Second edition's count of one duel (``odds.duel_odds`` caches and dispatches)."""
    counter = _DuelCounter(spec)
    counter.run()
    return counter.result()


def second_edition_hit_odds(spec: DuelSpec) -> tuple[Fraction, DamageOdds | None]:
    """The same count as ``second_edition_odds``, giving only P(win) and the damage odds
    (what a commander weighs an attack by): the suit, trigger, margin and cheat odds
    are left out, which is about a third of the work."""
    counter = _DuelCounter(spec)
    counter.run(tally=False)
    return counter.hit_odds()


def clear_counting_cache() -> None:
    """Forget the memoized counts shared by both editions."""
    for cached in (_flip_outcomes, _states_of, _deck_without, _mixture_of, _damage_flip,
                   _compositions, _common_denominator):
        cached.cache_clear()
