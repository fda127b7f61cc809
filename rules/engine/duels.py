"""Simple and opposed duels: Soulstones, flips, Cheating Fate, Triggers and success.

A duel total is the stat plus any bonus plus the active card's value, and it carries a
*multiset* of suits: the card's suit (the suit named for a Red Joker, none for the Black
Joker), the suits built into the action or stat, and a suit bought with a Soulstone.
"Rams Rams" needs two Rams in that multiset.

The sequences follow the rulebook's five steps. In an opposed duel each model flips from
its own Fate Deck; the Defender declares Soulstones first and, when there is a choice to
make, chooses its card first; the lower total (the Defender on a tie) decides first
whether to Cheat Fate and first whether to declare a Trigger; the Attacker wins ties but
must also meet the action's TN and required suits.

First edition (``ruleset="m1e"``, see ``ruleset.py``) changes the sequence in a few places:
the Attacker picks its card first; the side that would lose changes first, each side
cheating and then, if it can use Soulstones, discarding one to add a second card's value
and suit (``DuelView.extra_card``); the opponent's Red Joker blocks no cheating; no
Soulstone is declared before the flip; an opposed duel has no TN.

Everything a player decides goes through a ``DuelDecisions`` object, so the same engine
serves the live tracker (decisions from the UI), auto-resolve and the odds estimator
(``GreedyDecisions``). Decisions see the duel through a ``DuelView``.

Duel policy: ``GreedyDecisions`` cheats to win, and a losing Defender that cannot win
cheats the card that cuts the margin into a gentler damage band (the rules manual's
Seamus example); ``CheatToWin`` cheats only to win. ``decisions_for(policy)`` returns
the one named by ``DUEL_POLICIES`` ("reduce_damage" is the default, "to_win").

Event log: results carry ``events``, a tuple of ``(step, role, detail)`` string triples in
the order things happened, for the UI and the flip record. Steps: "soulstone", "flip",
"choose", "name", "cheat", "pass" (declined to cheat), "blocked" (not allowed to cheat;
detail is the reason), "trigger", "result".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar, Literal, Protocol

from .cards import RED_JOKER, Card, Suit
from .damage import (
    DamageDecisions,
    DamageResult,
    DamageTrack,
    GreedyDamageDecisions,
    accuracy_twist,
    damage_flip,
)
from .errors import IllegalChoice, IllegalSoulstoneUse, RulesError
from .flips import Flip, allowed_choices, cards_to_flip, cheat_block_reason
from .ruleset import DEFAULT_RULESET, Ruleset, get_ruleset

if TYPE_CHECKING:
    from .deck import FateDeck

__all__ = [
    "DEFAULT_DUEL_POLICY",
    "DUEL_POLICIES",
    "GREEDY",
    "REDUCE_DAMAGE",
    "TO_WIN",
    "CheatToWin",
    "DuelDecisions",
    "DuelSide",
    "DuelView",
    "Duelist",
    "GreedyDecisions",
    "NeverCheat",
    "OpposedDuelResult",
    "Role",
    "SimpleDuelResult",
    "SoulstoneUse",
    "Trigger",
    "decisions_for",
    "has_suits",
    "opposed_duel",
    "parse_suits",
    "resolve_damage",
    "simple_duel",
]

Role = Literal["attacker", "defender", "simple"]

#: Duel policies: "cheat only to win", and "cheat to win or to reduce damage".
TO_WIN = "to_win"
REDUCE_DAMAGE = "reduce_damage"
DUEL_POLICIES = {
    REDUCE_DAMAGE: "Cheat to win, or to reduce the damage when the duel is lost anyway",
    TO_WIN: "Cheat only to win",
}
DEFAULT_DUEL_POLICY = REDUCE_DAMAGE


def parse_suits(value: Iterable[Suit | str] | Suit | str | None) -> tuple[Suit, ...]:
    """Suits from a Suit, a name/letter string ("rams masks", "R,M") or an iterable of them."""
    if value is None:
        return ()
    if isinstance(value, Suit):
        return (value,)
    if isinstance(value, str):
        value = value.replace(",", " ").split()
    return tuple(Suit.parse(s) for s in value)


def _all_suits(suits: tuple) -> bool:
    """Is every item a ``Suit`` (``parse_suits`` would give the same tuple back)?"""
    for suit in suits:  # noqa: SIM110 - a plain loop beats all() on this hot path
        if suit.__class__ is not Suit:
            return False
    return True


def has_suits(suits: Sequence[Suit], needed: Sequence[Suit]) -> bool:
    """True when the multiset ``suits`` contains every suit of ``needed`` (with repeats)."""
    for suit in needed:  # noqa: SIM110 - a plain loop beats all() on this hot path
        if suits.count(suit) < needed.count(suit):
            return False
    return True


@dataclass(frozen=True, slots=True)
class Trigger:
    """A Trigger usable when the final duel total carries all of ``suits`` (a multiset)."""

    name: str
    suits: tuple[Suit, ...]

    def __post_init__(self) -> None:
        suits = parse_suits(self.suits)
        if not suits:
            raise RulesError(f"Trigger {self.name!r} needs at least one suit.")
        object.__setattr__(self, "suits", suits)

    def met_by(self, suits: Sequence[Suit]) -> bool:
        return has_suits(suits, self.suits)


@dataclass(frozen=True, slots=True)
class SoulstoneUse:
    """Soulstones a Master or Henchman declares before flipping: a twist, a suit, or both.

    The twist is one positive twist on the model's own flip; a defender's twist also puts
    one negative twist on any damage flip it suffers from the attack. The suit is added
    to the final duel total.
    """

    twist: bool = False
    suit: Suit | None = None

    def __post_init__(self) -> None:
        if self.suit is not None:
            object.__setattr__(self, "suit", Suit.parse(self.suit))

    @property
    def stones(self) -> int:
        """Soulstones spent: one for the twist, one for the suit."""
        return int(self.twist) + (self.suit is not None)

    def __str__(self) -> str:
        parts = (["twist"] if self.twist else []) + ([self.suit.value] if self.suit else [])
        return "+".join(parts) or "none"


#: Not frozen (the same eq and hash): a game builds thousands, and a frozen dataclass's
#: ``__init__`` sets every field through ``object.__setattr__``. Treat it as read-only.
@dataclass(slots=True, unsafe_hash=True)
class Duelist:
    """One side of a duel: the stat used and everything that modifies its flip.

    ``suits`` are built into the action or stat ("Ml 6 Rams" always carries Rams).
    ``focused`` is the Focused +N Condition spent on this action: N positive twists to the
    action's duel and to its damage flip (so only the acting model can use it).
    ``defensive`` is Defensive +N: N positive twists when ``is_df_duel``.
    ``triggers`` are listed in the order printed on the card.
    ``soulstone_card`` (first edition): the model may discard a Soulstone after the cheat
    to add a second card; the decisions say whether it does (``add_soulstone_card``).
    """

    stat: int
    positive: int = 0
    negative: int = 0
    suits: tuple[Suit, ...] = ()
    bonus: int = 0
    can_use_soulstones: bool = False
    soulstone: SoulstoneUse | None = None
    focused: int = 0
    defensive: int = 0
    is_df_duel: bool = False
    triggers: tuple[Trigger, ...] = ()
    name: str = ""
    soulstone_card: bool = False
    #: The suits every total of this duelist carries: built-in suits, then the Soulstone's.
    fixed_suits: tuple[Suit, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        stat = self.stat
        # A plain int skips the isinstance checks (bool, another type or an int subclass).
        if ((stat.__class__ is not int and (isinstance(stat, bool) or not isinstance(stat, int)))
                or stat < 0):
            raise RulesError(f"A duel stat must be a whole number >= 0, got {stat!r}.")
        p, n, f, d = self.positive, self.negative, self.focused, self.defensive
        if not (p.__class__ is int and n.__class__ is int and f.__class__ is int
                and d.__class__ is int and p >= 0 and n >= 0 and f >= 0 and d >= 0):
            self._check_counts()  # the plain ints above pass at once (one per attack)
        suits = self.suits
        # Built per attack: suits and triggers that already are tuples are kept as they are.
        if suits.__class__ is not tuple or (suits and not _all_suits(suits)):
            suits = self.suits = parse_suits(suits)
        if self.triggers.__class__ is not tuple:
            self.triggers = tuple(self.triggers)
        stone = self.soulstone
        if stone is not None and stone.stones and not self.can_use_soulstones:
            raise IllegalSoulstoneUse(
                f"{self.name or 'This model'} cannot spend Soulstones on a duel: only Masters "
                "and Henchmen can."
            )
        if self.soulstone_card and not self.can_use_soulstones:
            raise IllegalSoulstoneUse(
                f"{self.name or 'This model'} cannot add a card with a Soulstone: only models "
                "that can use Soulstones can."
            )
        extra = (stone.suit,) if stone is not None and stone.suit is not None else ()
        self.fixed_suits = suits + extra

    def _check_counts(self) -> None:
        """Refuse a twist count that is not a whole number >= 0."""
        for name in ("positive", "negative", "focused", "defensive"):
            value = getattr(self, name)
            if not isinstance(value, int) or value < 0:
                raise RulesError(f"{name} must be a whole number >= 0, got {value!r}.")

    def check_ruleset(self, ruleset: Ruleset) -> None:
        """Refuse the Soulstone use the edition does not have."""
        stone = self.soulstone
        if ruleset.soulstones_in_duels == "card_after_cheat":
            if stone is not None and stone.stones:
                raise IllegalSoulstoneUse(
                    f"In {ruleset.name} a Soulstone is not declared before the flip; it adds "
                    "a second card after the cheat (soulstone_card)."
                )
        elif self.soulstone_card:
            raise IllegalSoulstoneUse(
                f"In {ruleset.name} a Soulstone is declared before the flip (a twist or a "
                "suit); it cannot add a second card."
            )

    def fate_modifiers(self, role: Role) -> tuple[int, int]:
        """(positive, negative) twists on this duelist's flip in the given role."""
        positive = self.positive + self.defensive * self.is_df_duel
        if role != "defender":
            positive += self.focused
        if self.soulstone is not None and self.soulstone.twist:
            positive += 1
        return positive, self.negative


class DuelView:
    """One side's state while a duel is resolved, as the decisions see it (read-only).

    ``card`` is the current active card (None before choosing; a Red Joker is kept
    unnamed, its suit is ``red_joker_suit``). ``opponent`` is the other side's view in an
    opposed duel, None in a simple duel. ``tn`` and ``required_suits`` are the side's own
    requirements: the Attacker's (or simple duel's) TN and suits; none for the Defender.
    ``extra_card`` is the first-edition Soulstone card (named if a Red Joker): its value
    and suit count in every total and suit check.
    """

    __slots__ = (
        "base",
        "card",
        "cheat_block",
        "cheated_in",
        "chosen",
        "decisions",
        "deck",
        "duelist",
        "extra_card",
        "extra_suits",
        "extra_value",
        "fixed_suits",
        "flipped",
        "negative",
        "net",
        "opponent",
        "positive",
        "red_joker_suit",
        "required_suits",
        "role",
        "ruleset",
        "tn",
        "trigger",
    )

    def __init__(
        self,
        role: Role,
        duelist: Duelist,
        deck: FateDeck,
        decisions: DuelDecisions,
        tn: int | None,
        required_suits: tuple[Suit, ...],
        ruleset: Ruleset | None = None,
    ) -> None:
        self.role = role
        self.ruleset = ruleset or DEFAULT_RULESET
        self.duelist = duelist
        self.deck = deck
        self.decisions = decisions
        self.tn = tn
        self.required_suits = required_suits
        self.opponent: DuelView | None = None
        self.base = duelist.stat + duelist.bonus
        self.fixed_suits = duelist.fixed_suits
        # ``duelist.fate_modifiers(role)`` written out (two views a duel).
        positive = duelist.positive + duelist.defensive * duelist.is_df_duel
        if role != "defender":
            positive += duelist.focused
        stone = duelist.soulstone
        if stone is not None and stone.twist:
            positive += 1
        self.positive = positive
        self.negative = negative = duelist.negative
        self.net = positive - negative
        self.flipped: list[Card] = []
        self.chosen: Card | None = None
        self.card: Card | None = None
        self.red_joker_suit: Suit | None = None
        self.cheated_in: Card | None = None
        self.cheat_block: str | None = None
        self.trigger: Trigger | None = None
        self.extra_card: Card | None = None
        self.extra_value = 0
        self.extra_suits: tuple[Suit, ...] = ()

    # -- what the side has now -------------------------------------------------------

    @property
    def total(self) -> int:
        """The current duel total (only meaningful once a card is chosen)."""
        return self.base + self.card.value + self.extra_value

    @property
    def suits(self) -> tuple[Suit, ...]:
        """The current duel total's suits: card suit first, then the fixed suits."""
        return self.suits_with(self.card, self.red_joker_suit)

    @property
    def hand(self) -> tuple[Card, ...]:
        return self.deck.hand

    @property
    def cheat_allowed(self) -> bool:
        return self.cheat_block is None

    # -- what-ifs for decisions ----------------------------------------------------

    def total_with(self, card: Card) -> int:
        return self.base + card.value + self.extra_value

    def suits_with(self, card: Card, red_joker_suit: Suit | None = None) -> tuple[Suit, ...]:
        """Suits of the total if ``card`` were the active card (Red Joker: the named suit)."""
        fixed = self.fixed_suits
        if self.extra_suits:
            fixed = self.extra_suits + fixed
        joker = card.joker
        if joker is None:
            suit = card.suit
        elif joker == "red":
            suit = red_joker_suit or card.suit
        else:
            return fixed
        return (suit, *fixed) if suit is not None else fixed

    def meets_requirements(self, total: int, suits: Sequence[Suit]) -> bool:
        """The side's own TN and required suits (always met for a Defender)."""
        tn = self.tn
        if tn is not None and total < tn:
            return False
        return has_suits(suits, self.required_suits) if self.required_suits else True

    def wins_with(self, card: Card, red_joker_suit: Suit | None = None) -> bool:
        """Would this side win the duel with ``card`` against the opponent's current card?"""
        # ``total`` and ``meets_requirements`` written out; the suits are worked out only
        # when there are required suits to check (asked on every cheat decision).
        total = self.base + card.value + self.extra_value
        role = self.role
        if role == "defender":
            attacker = self.opponent
            a_total = attacker.base + attacker.card.value + attacker.extra_value
            if a_total < total:
                return True
            tn = attacker.tn
            if tn is not None and a_total < tn:
                return True
            required = attacker.required_suits
            return bool(required) and not has_suits(attacker.suits, required)
        if role == "attacker":
            opponent = self.opponent
            if total < opponent.base + opponent.card.value + opponent.extra_value:
                return False
        tn = self.tn
        if tn is not None and total < tn:
            return False
        required = self.required_suits
        return not required or has_suits(self.suits_with(card, red_joker_suit), required)

    def value_needed(self) -> int:
        """The lowest card value with which this side's total would win (suits aside).

        For a Defender this assumes the Attacker meets its own TN and suits (otherwise
        the Defender wins whatever it holds).
        """
        role = self.role
        base = self.base + self.extra_value
        if role == "defender":
            opponent = self.opponent
            return opponent.base + opponent.card.value + opponent.extra_value - base + 1
        if role == "attacker":
            opponent = self.opponent
            opposing = opponent.base + opponent.card.value + opponent.extra_value
            tn = self.tn  # max(opposing, tn) without the call
            target = opposing if tn is None or opposing >= tn else tn
        else:
            target = 0 if self.tn is None else self.tn
        return target - base

    def is_winning(self) -> bool:
        """Would this side win if nothing changed from here?"""
        return self.wins_with(self.card, self.red_joker_suit)


class DuelDecisions(Protocol):
    """Everything a player decides during a duel (and, via DamageDecisions, a damage flip)."""

    def choose_card(self, allowed: tuple[Card, ...], view: DuelView) -> Card:
        """Pick the active card among ``allowed`` (asked only when there is a choice)."""
        ...

    def name_red_joker(self, view: DuelView) -> Suit:
        """Name the suit of a Red Joker that has just become the active card."""
        ...

    def cheat(self, view: DuelView) -> Card | None:
        """A Control Hand card to Cheat Fate with, or None (asked only when allowed)."""
        ...

    def declare_trigger(self, available: tuple[Trigger, ...], view: DuelView) -> Trigger | None:
        """One of the Triggers whose suits the final total carries, or None."""
        ...

    # First edition asks two more questions, through ``getattr`` so that decision objects
    # written for second edition keep working (the greedy answers are the fallback):
    # ``add_soulstone_card(view) -> bool`` and ``name_extra_red_joker(view) -> Suit``.


class GreedyDecisions(GreedyDamageDecisions):
    """The documented default policy; ``rules/engine/odds.py`` implements the same rules.

    Choose a card: the Red Joker whenever it is allowed. Otherwise prefer cards with which
    the total carries all the side's required suits (the Defender has none), then the
    highest value; ties go to the first card in flip order. Under negative twists the
    allowed cards are already the lowest ones (plus the Red Joker): same preference.

    Name the Red Joker's suit: the first required suit (in the order given) that the total
    would not otherwise carry; else, for the first Trigger (in listed order) whose suits
    the total would not otherwise carry, the first of its suits still missing; else Rams.
    ("Otherwise" means from the built-in and Soulstone suits, without the Joker.)

    Cheat Fate ("to win"): only when cheating is allowed and the side is currently losing.
    Then cheat the hand card that makes the side win with the lowest value (ties: the
    first in hand order). Never the Black Joker; the Red Joker counts as value 14 and is
    used only when no numbered card wins.
    Winning means: Attacker, total >= the Defender's total and the TN and required suits
    are met; Defender, the Attacker would lose; simple duel, total >= TN with the suits.

    "To reduce damage" (this class's ``policy``; ``CheatToWin`` leaves it out): a losing
    Defender with no winning card cheats the card that puts the margin in the gentlest
    damage band (tied 0: two negative twists; 1-5: one; 6-10: none; 11+: one positive),
    the lowest such card (first in hand order on ties), only if that band is gentler than
    the current one. Otherwise, if no hand card wins, do not cheat.

    First edition: after its cheat a losing side that may add a Soulstone card does so
    (``add_soulstone_card``). A Red Joker coming up as that card is named like a cheated
    one, counting the active card's suit as already carried (``name_extra_red_joker``).

    Triggers: declare the first listed Trigger whose suits the final total carries.

    Damage and healing flips: see ``GreedyDamageDecisions``.
    """

    __slots__ = ()
    policy: ClassVar[str] = REDUCE_DAMAGE

    def choose_card(self, allowed: tuple[Card, ...], view: DuelView) -> Card:
        best: Card | None = None
        best_fit = False
        required = view.required_suits
        for card in allowed:
            if card.joker == "red":
                return card
            fits = has_suits(view.suits_with(card), required) if required else True
            if (
                best is None
                or (fits and not best_fit)
                or (fits == best_fit and card.value > best.value)
            ):
                best, best_fit = card, fits
        return best

    def name_red_joker(self, view: DuelView) -> Suit:
        fixed = view.fixed_suits
        required = view.required_suits
        for suit in required:
            if fixed.count(suit) < required.count(suit):
                return suit
        for trigger in view.duelist.triggers:
            wanted = trigger.suits
            for suit in wanted:
                if fixed.count(suit) < wanted.count(suit):
                    return suit
        return Suit.RAMS

    def name_extra_red_joker(self, view: DuelView) -> Suit:
        carried = view.suits
        required = view.required_suits
        for suit in required:
            if carried.count(suit) < required.count(suit):
                return suit
        for trigger in view.duelist.triggers:
            wanted = trigger.suits
            for suit in wanted:
                if carried.count(suit) < wanted.count(suit):
                    return suit
        return Suit.RAMS

    def add_soulstone_card(self, view: DuelView) -> bool:
        return not view.is_winning()

    def cheat(self, view: DuelView) -> Card | None:
        if view.cheat_block is not None or view.wins_with(view.card, view.red_joker_suit):
            return None  # blocked, or winning already (``view.is_winning()``)
        best = self._winning_cheat(view)
        if best is None and self.policy == REDUCE_DAMAGE and view.role == "defender":
            return self._damage_cutting_cheat(view)
        return best

    def _damage_cutting_cheat(self, view: DuelView) -> Card | None:
        """The lowest hand card that moves the margin into the gentlest damage band."""
        attacker = view.opponent
        attacker_total = attacker.base + attacker.card.value + attacker.extra_value
        base = view.base + view.extra_value
        best: Card | None = None
        best_band = accuracy_twist(attacker_total - base - view.card.value)
        for card in view.deck.hand:
            if card.joker == "black":
                continue
            margin = attacker_total - base - card.value
            if margin < 0:  # a winning card; ``_winning_cheat`` found none, so never here
                continue
            # ``accuracy_twist(margin)`` for a margin >= 0, without a call per card.
            band = -2 if margin == 0 else -1 if margin <= 5 else 0 if margin <= 10 else 1
            if band < best_band or (best is not None and band == best_band
                                    and card.value < best.value):
                best, best_band = card, band
        return best

    def _winning_cheat(self, view: DuelView) -> Card | None:
        # Same answer as trying ``view.wins_with`` on every card, without the calls: the
        # totals need a card of at least ``need``; only the suits remain to be checked.
        need = view.value_needed()
        required = view.required_suits
        red_joker = None
        best: Card | None = None
        for card in view.deck.hand:
            joker = card.joker
            if joker is not None:
                if joker == "red":
                    red_joker = card
                continue
            value = card.value
            if (
                value >= need
                and (best is None or value < best.value)
                and (not required or has_suits(view.suits_with(card), required))
            ):
                best = card
        if (
            best is None
            and red_joker is not None
            and view.wins_with(red_joker, self.name_red_joker(view))
        ):
            return red_joker
        return best

    def declare_trigger(self, available: tuple[Trigger, ...], view: DuelView) -> Trigger | None:
        return available[0] if available else None


class CheatToWin(GreedyDecisions):
    """``GreedyDecisions`` that cheats only to win (the "to_win" policy)."""

    __slots__ = ()
    policy: ClassVar[str] = TO_WIN


class NeverCheat(GreedyDecisions):
    """``GreedyDecisions`` that never Cheats Fate (on duels, damage or healing flips)."""

    __slots__ = ()

    def cheat(self, view: DuelView) -> Card | None:
        return None

    def cheat_damage(self, hand: tuple[Card, ...], current: Card, track: DamageTrack) -> None:
        return None


GREEDY = GreedyDecisions()
_BY_POLICY = {REDUCE_DAMAGE: GREEDY, TO_WIN: CheatToWin()}


def decisions_for(policy: str | None = None) -> GreedyDecisions:
    """The default decisions for a duel policy (``DUEL_POLICIES``; None: the default)."""
    key = DEFAULT_DUEL_POLICY if policy is None else policy
    try:
        return _BY_POLICY[key]
    except KeyError:
        raise RulesError(
            f"Unknown duel policy {policy!r}: use one of {', '.join(DUEL_POLICIES)}."
        ) from None


#: Not frozen (the same eq and hash): a game builds thousands, and a frozen dataclass's
#: ``__init__`` sets every field through ``object.__setattr__``. Treat it as read-only.
@dataclass(slots=True, unsafe_hash=True)
class DuelSide:
    """One model's part of a finished duel.

    ``card`` is the final card (a Red Joker carries the suit named for it); ``suits`` are
    the final total's suits, card suit first (see ``DuelView.suits``).
    """

    role: Role
    name: str
    flip: Flip
    card: Card
    total: int
    suits: tuple[Suit, ...]
    trigger: Trigger | None
    soulstone: SoulstoneUse | None
    cheat_blocked: str | None
    #: First edition: the card a Soulstone added after the cheat (a named Red Joker).
    extra_card: Card | None = None

    @property
    def cheated(self) -> bool:
        return self.flip.cheated_in is not None

    @property
    def soulstones_spent(self) -> int:
        spent = self.soulstone.stones if self.soulstone is not None else 0
        return spent + (self.extra_card is not None)

    @property
    def suit_counts(self) -> Counter[Suit]:
        return Counter(self.suits)


#: Not frozen (the same eq and hash): a game builds thousands, and a frozen dataclass's
#: ``__init__`` sets every field through ``object.__setattr__``. Treat it as read-only.
@dataclass(slots=True, unsafe_hash=True)
class SimpleDuelResult:
    """A finished simple duel."""

    side: DuelSide
    tn: int
    required_suits: tuple[Suit, ...]
    success: bool
    events: tuple[tuple[str, str, str], ...]
    ruleset: str = "m2e"

    @property
    def total(self) -> int:
        return self.side.total

    @property
    def suits(self) -> tuple[Suit, ...]:
        return self.side.suits

    @property
    def flip(self) -> Flip:
        return self.side.flip

    @property
    def trigger(self) -> Trigger | None:
        return self.side.trigger


#: Not frozen (the same eq and hash): a game builds thousands, and a frozen dataclass's
#: ``__init__`` sets every field through ``object.__setattr__``. Treat it as read-only.
@dataclass(slots=True, unsafe_hash=True)
class OpposedDuelResult:
    """A finished opposed duel.

    ``margin`` is the Attacker's total minus the Defender's. ``cheat_order`` and
    ``trigger_order`` say who was asked first. ``damage_positive_twists`` (the Attacker's
    Focused) and ``damage_negative_twists`` (the Defender's Soulstone twist) belong on the
    damage flip that may follow, besides the accuracy twist; ``resolve_damage`` applies them.
    """

    attacker: DuelSide
    defender: DuelSide
    tn: int | None
    required_suits: tuple[Suit, ...]
    winner: Literal["attacker", "defender"]
    margin: int
    cheat_order: tuple[Role, Role]
    trigger_order: tuple[Role, Role]
    damage_positive_twists: int
    damage_negative_twists: int
    events: tuple[tuple[str, str, str], ...]
    ruleset: str = "m2e"

    @property
    def attacker_won(self) -> bool:
        return self.winner == "attacker"

    @property
    def attacker_total(self) -> int:
        return self.attacker.total

    @property
    def defender_total(self) -> int:
        return self.defender.total

    @property
    def accuracy_twist(self) -> int | None:
        """The damage flip's accuracy twist, or None when the attack failed."""
        return accuracy_twist(self.margin) if self.winner == "attacker" else None


# -- sequences ------------------------------------------------------------------------


def simple_duel(
    duelist: Duelist,
    tn: int,
    required_suits: Iterable[Suit | str] | str | None,
    deck: FateDeck,
    decisions: DuelDecisions | None = None,
    *,
    purpose: str = "simple duel",
    ruleset: Ruleset | str | None = None,
) -> SimpleDuelResult:
    """Resolve a simple duel: the total must reach ``tn`` and carry ``required_suits``."""
    # The small steps are written out as in ``opposed_duel``.
    rules = DEFAULT_RULESET if ruleset is None else get_ruleset(ruleset)
    if duelist.soulstone is not None or duelist.soulstone_card:
        duelist.check_ruleset(rules)
    required = parse_suits(required_suits) if required_suits else ()
    side = DuelView("simple", duelist, deck, decisions or GREEDY, tn, required, rules)
    events: list[tuple[str, str, str]] = []
    if duelist.soulstone is not None:
        _declare_soulstones(side, events)
    net = side.net
    side.flipped = flipped = deck.flip(1 if net == 0 else cards_to_flip(net))
    events.append(("flip", "simple", _codes(flipped)))
    _choose(side, events)
    side.cheat_block = cheat_block_reason(net, flipped, (), ruleset=rules)
    if duelist.soulstone_card:
        _change_total(side, events)
    else:
        _offer_cheat(side, events)
    if duelist.triggers:
        _offer_trigger(side, events)
    total = side.base + side.card.value + side.extra_value
    suits = side.suits_with(side.card, side.red_joker_suit)
    success = side.meets_requirements(total, suits)
    events.append(("result", "simple", "success" if success else "failure"))
    return SimpleDuelResult(
        _finish(side, purpose), tn, required, success, tuple(events), rules.key
    )


def opposed_duel(
    attacker: Duelist,
    defender: Duelist,
    attacker_deck: FateDeck,
    defender_deck: FateDeck,
    *,
    tn: int | None = None,
    required_suits: Iterable[Suit | str] | str | None = (),
    attacker_decisions: DuelDecisions | None = None,
    defender_decisions: DuelDecisions | None = None,
    purpose: str = "attack",
    ruleset: Ruleset | str | None = None,
) -> OpposedDuelResult:
    """Resolve an opposed duel, each model flipping from its own Fate Deck.

    ``tn`` and ``required_suits`` are the action's (the Attacker must meet them too; a
    first-edition opposed duel has none).
    """
    rules = DEFAULT_RULESET if ruleset is None else get_ruleset(ruleset)
    if defender.focused:
        raise RulesError(
            "Focused is spent when a model declares an Action; the Defender cannot use it."
        )
    # ``check_ruleset`` refuses only a Soulstone use; most duels have none.
    if attacker.soulstone is not None or attacker.soulstone_card:
        attacker.check_ruleset(rules)
    if defender.soulstone is not None or defender.soulstone_card:
        defender.check_ruleset(rules)
    required = parse_suits(required_suits) if required_suits else ()
    if not rules.opposed_duels_have_tn and (tn is not None or required):
        raise RulesError(
            f"A {rules.name} opposed duel compares the two totals only; it has no TN or "
            "required suits (a spell's CC is its casting duel: see spells.cast_spell)."
        )
    a = DuelView(
        "attacker", attacker, attacker_deck, attacker_decisions or GREEDY, tn, required, rules
    )
    d = DuelView("defender", defender, defender_deck, defender_decisions or GREEDY, None, (), rules)
    a.opponent = d
    d.opponent = a
    events: list[tuple[str, str, str]] = []

    # 1. Soulstones (second edition): the Defender declares first.
    if defender.soulstone is not None:
        _declare_soulstones(d, events)
    if attacker.soulstone is not None:
        _declare_soulstones(a, events)

    # 2. Both flip; the Defender (first edition: the Attacker) picks first.
    a.flipped = a_flipped = attacker_deck.flip(1 if a.net == 0 else cards_to_flip(a.net))
    d.flipped = d_flipped = defender_deck.flip(1 if d.net == 0 else cards_to_flip(d.net))
    events.append(("flip", "attacker", _codes(a_flipped)))
    events.append(("flip", "defender", _codes(d_flipped)))
    first, second = (d, a) if rules.picks_first == "defender" else (a, d)
    _choose(first, events)
    _choose(second, events)

    # 3. Change the totals: the lower total first, the Defender on a tie (first edition:
    # the side that would lose first). Each side once. (The totals are written out:
    # ``base + card.value + extra_value`` is ``DuelView.total``.)
    a.cheat_block = cheat_block_reason(a.net, a_flipped, d_flipped, ruleset=rules)
    d.cheat_block = cheat_block_reason(d.net, d_flipped, a_flipped, ruleset=rules)
    if rules.changes_first == "lower_total":
        lower = a.base + a.card.value + a.extra_value < d.base + d.card.value + d.extra_value
        first, second = (a, d) if lower else (d, a)
    else:
        first, second = (d, a) if a.is_winning() else (a, d)
    if attacker.soulstone_card or defender.soulstone_card:
        _change_total(first, events)
        _change_total(second, events)
    else:  # ``_change_total`` without a Soulstone card to offer
        _offer_cheat(first, events)
        _offer_cheat(second, events)
    cheat_order = (first.role, second.role)

    # 4. Triggers on the final totals: the lower first, the Defender on a tie.
    a_total = a.base + a.card.value + a.extra_value
    d_total = d.base + d.card.value + d.extra_value
    first, second = (a, d) if a_total < d_total else (d, a)
    if first.duelist.triggers:  # ``_offer_trigger`` does nothing without triggers
        _offer_trigger(first, events)
    if second.duelist.triggers:
        _offer_trigger(second, events)
    trigger_order = (first.role, second.role)

    # 5. The Attacker wins ties, but must also meet the TN and required suits.
    attacker_side = _finish(a, purpose)
    defender_side = _finish(d, purpose)
    won = a_total >= d_total and a.meets_requirements(a_total, attacker_side.suits)
    winner: Literal["attacker", "defender"] = "attacker" if won else "defender"
    margin = a_total - d_total
    events.append(("result", winner, str(margin)))
    stone = defender.soulstone
    hurts = stone is not None and stone.twist and rules.defender_soulstone_hurts_damage
    # The two views point at each other; nothing keeps them after the duel, so break the
    # cycle and let them go at once (a simulated game fights thousands of duels).
    a.opponent = d.opponent = None
    return OpposedDuelResult(
        attacker_side,
        defender_side,
        tn,
        required,
        winner,
        margin,
        cheat_order,
        trigger_order,
        attacker.focused,
        1 if hurts else 0,
        tuple(events),
        rules.key,
    )


def resolve_damage(
    result: OpposedDuelResult,
    track: DamageTrack | str,
    attacker_deck: FateDeck,
    *,
    armor: int = 0,
    hard_to_wound: int = 0,
    positive: int = 0,
    negative: int = 0,
    decisions: DamageDecisions | None = None,
    purpose: str = "damage flip",
    action: str | None = None,
) -> DamageResult:
    """The damage flip after a won attack: accuracy, Focused and the Defender's Soulstone
    twist come from ``result``; the target's Armor and Hard to Wound are passed here.
    The duel's edition (``result.ruleset``) decides the Red Joker and ``action`` twists."""
    if result.winner != "attacker":
        raise RulesError("The attack failed, so there is no damage flip.")
    return damage_flip(
        track,
        attacker_deck,
        margin=result.margin,
        positive=positive + result.damage_positive_twists,
        negative=negative + result.damage_negative_twists,
        hard_to_wound=hard_to_wound,
        armor=armor,
        decisions=decisions,
        purpose=purpose,
        ruleset=result.ruleset,
        action=action,
    )


# -- steps ------------------------------------------------------------------------------


def _declare_soulstones(side: DuelView, events: list[tuple[str, str, str]]) -> None:
    stone = side.duelist.soulstone
    if stone is not None and stone.stones:
        events.append(("soulstone", side.role, str(stone)))


def _change_total(side: DuelView, events: list[tuple[str, str, str]]) -> None:
    """Step "change the total or pass": cheat, then (first edition) a Soulstone card."""
    _offer_cheat(side, events)
    if side.duelist.soulstone_card and side.ruleset.soulstones_in_duels == "card_after_cheat":
        _offer_soulstone_card(side, events)


def _offer_soulstone_card(side: DuelView, events: list[tuple[str, str, str]]) -> None:
    decisions = side.decisions
    ask = getattr(decisions, "add_soulstone_card", None) or GREEDY.add_soulstone_card
    if not ask(side):
        return
    card = side.deck.flip(1)[0]
    side.extra_card = card
    events.append(("soulstone", side.role, f"card {card.code}"))
    if card.joker == "red":
        name = getattr(decisions, "name_extra_red_joker", None) or GREEDY.name_extra_red_joker
        suit = Suit.parse(name(side))
        side.extra_card = card.named(suit)
        events.append(("name", side.role, suit.value))
    named = side.extra_card
    side.extra_value = named.value
    side.extra_suits = (named.suit,) if named.suit is not None else ()


def _choose(side: DuelView, events: list[tuple[str, str, str]]) -> None:
    flipped = side.flipped
    if side.net == 0 and len(flipped) == 1:
        card = flipped[0]  # no twist, one card: ``allowed_choices`` allows just that one
    elif len(allowed := allowed_choices(flipped, side.net)) == 1:
        card = allowed[0]
    else:
        card = side.decisions.choose_card(allowed, side)
        card = _accept(card, allowed, side)
    side.chosen = side.card = card
    events.append(("choose", side.role, card.code))
    if card.joker == "red":
        if side.red_joker_suit is None:
            _name_red_joker(side, events)
        else:
            events.append(("name", side.role, side.red_joker_suit.value))


def _accept(card: Card, allowed: tuple[Card, ...], side: DuelView) -> Card:
    """Check a decision's pick; a named Red Joker names its suit on the way in."""
    if card in allowed:
        return card
    if card.joker == "red" and card.suit is not None and RED_JOKER in allowed:
        side.red_joker_suit = card.suit
        return RED_JOKER
    raise IllegalChoice(
        f"{card} cannot be chosen from {_codes(side.flipped)} with net twist {side.net:+d}; "
        f"allowed: {_codes(allowed)}."
    )


def _name_red_joker(side: DuelView, events: list[tuple[str, str, str]]) -> None:
    suit = Suit.parse(side.decisions.name_red_joker(side))
    side.red_joker_suit = suit
    events.append(("name", side.role, suit.value))


def _offer_cheat(side: DuelView, events: list[tuple[str, str, str]]) -> None:
    if side.cheat_block is not None:
        events.append(("blocked", side.role, side.cheat_block))
        return
    pick = side.decisions.cheat(side)
    if pick is None:
        events.append(("pass", side.role, ""))
        return
    named = pick.suit if pick.joker == "red" else None
    card = side.deck.play_from_hand(pick)
    events.append(("cheat", side.role, f"{side.card.code}>{card.code}"))
    side.cheated_in = side.card = card
    if card.joker == "red":
        side.red_joker_suit = named
        if named is None:
            _name_red_joker(side, events)
        else:
            events.append(("name", side.role, named.value))
    else:
        side.red_joker_suit = None


def _offer_trigger(side: DuelView, events: list[tuple[str, str, str]]) -> None:
    triggers = side.duelist.triggers
    if not triggers:
        return
    suits = side.suits_with(side.card, side.red_joker_suit)  # ``side.suits``
    available = []
    for trigger in triggers:
        needed = trigger.suits
        if len(needed) == 1:
            if needed[0] in suits:
                available.append(trigger)
        elif has_suits(suits, needed):
            available.append(trigger)
    if not available:
        return
    available = tuple(available)
    pick = side.decisions.declare_trigger(available, side)
    if pick is None:
        return
    if pick not in available:
        raise IllegalChoice(
            f"Trigger {pick.name!r} is not available: the final total carries "
            f"{', '.join(s.value for s in suits) or 'no suits'}."
        )
    side.trigger = pick
    events.append(("trigger", side.role, pick.name))


def _finish(side: DuelView, purpose: str) -> DuelSide:
    """Discard the cards in use and freeze the side's outcome."""
    deck = side.deck
    flipped = side.flipped
    cheated = side.cheated_in
    used = flipped if cheated is None else (*flipped, cheated)
    extra = side.extra_card
    deck.discard(used if extra is None else (*used, extra))
    card = side.card
    if card.joker == "red" and side.red_joker_suit is not None:
        card = card.named(side.red_joker_suit)
    record = Flip(purpose, tuple(flipped), side.net, side.chosen, cheated, "deck", deck.seed)
    return DuelSide(
        side.role,
        side.duelist.name,
        record,
        card,
        side.base + card.value + side.extra_value,
        side.suits_with(side.card, side.red_joker_suit),  # ``side.suits``
        side.trigger,
        side.duelist.soulstone,
        side.cheat_block,
        extra,
    )


def _codes(cards: Sequence[Card]) -> str:
    # Most flips turn over one card: its code, without building a list to join.
    return cards[0].code if len(cards) == 1 else " ".join([c.code for c in cards])
