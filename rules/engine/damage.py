"""Damage, blasts, damage prevention and healing flips.

A damage profile ("Dg 2/3/5") gives Weak/Moderate/Severe amounts; the card flipped picks
the severity (Black Joker none, 1-5 Weak, 6-10 Moderate, 11-13 Severe, Red Joker Severe
plus Weak). A damage flip after an opposed duel carries an accuracy twist taken from the
margin of victory; Focused, Hard to Wound and a defender's Soulstone add their own
twists. Jokers and cheating follow the ordinary flip rules (``flips.py``).

First edition (``ruleset="m1e"``): a Red Joker deals Severe plus a second damage flip (one
card, no twists, cheatable; a Black Joker adds nothing), the action's own twists (Charge,
Channel) add to the flip, and a healing flip reads the fixed healing table and is never
cheated. Damage prevention is the same table in both editions.

Blast notation used by ``DamageTrack.parse``: each of the three amounts may be followed by
one "b" per Blast Marker, e.g. "2/3b/4bb" is Weak 2, Moderate 3 with one marker, Severe 4
with two markers (the rulebook's blast glyph is accepted in place of "b").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import TYPE_CHECKING, Protocol

from .cards import Card
from .errors import IllegalChoice, IllegalSoulstoneUse, RulesError
from .flips import Flip, allowed_choices, cards_to_flip, cheat_block_reason
from .ruleset import DEFAULT_RULESET, RULESETS, Ruleset, get_ruleset

if TYPE_CHECKING:
    from .deck import FateDeck


__all__ = [
    "FIRST_EDITION_HEALING",
    "DamageDecisions",
    "DamageResult",
    "DamageTrack",
    "GreedyDamageDecisions",
    "HealingResult",
    "PreventionResult",
    "Severity",
    "accuracy_twist",
    "apply_armor",
    "apply_healing",
    "blast_damage",
    "blast_markers",
    "damage_fate_modifiers",
    "damage_flip",
    "damage_for",
    "first_edition_healing",
    "healing_flip",
    "prevention_flip",
    "severity_of",
]


class Severity(IntEnum):
    """How hard a damage (or healing) flip landed; ordered so that bigger is better."""

    NONE = 0
    WEAK = 1
    MODERATE = 2
    SEVERE = 3
    RED_JOKER = 4  # Severe plus Weak


# Indexed by card value 0 (Black Joker) .. 14 (Red Joker).
_SEVERITY_BY_VALUE: tuple[Severity, ...] = (
    Severity.NONE,
    *(Severity.WEAK,) * 5,
    *(Severity.MODERATE,) * 5,
    *(Severity.SEVERE,) * 3,
    Severity.RED_JOKER,
)

# Indexed by value as above: wounds a prevention flip removes (-1 means all of them).
_PREVENTION_BY_VALUE: tuple[int, ...] = (0, *(1,) * 5, *(2,) * 5, *(3,) * 3, -1)

#: First edition's healing table by card value (Black Joker 0 .. Red Joker 14): wounds
#: healed, -1 meaning every wound suffered so far. Same shape as the prevention table.
FIRST_EDITION_HEALING: tuple[int, ...] = _PREVENTION_BY_VALUE


def first_edition_healing(card: Card, missing_wounds: int) -> int:
    """Wounds a first-edition healing flip heals with ``card`` (capped at those missing)."""
    amount = FIRST_EDITION_HEALING[card.value]
    return missing_wounds if amount < 0 else min(amount, missing_wounds)


def severity_of(card: Card) -> Severity:
    """The damage severity a card gives (the value decides; Jokers have their own rows)."""
    return _SEVERITY_BY_VALUE[card.value]


_BLAST_MARK = re.compile(r"^(\d+)\s*([b☛]*)$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class DamageTrack:
    """A Weak/Moderate/Severe damage (or healing) profile with Blast Markers per severity."""

    weak: int
    moderate: int
    severe: int
    blasts: tuple[int, int, int] = (0, 0, 0)

    def __post_init__(self) -> None:
        for name in ("weak", "moderate", "severe"):
            amount = getattr(self, name)
            if not isinstance(amount, int) or amount < 0:
                raise RulesError(
                    f"{name.title()} damage must be a whole number >= 0, got {amount!r}."
                )
        blasts = tuple(self.blasts)
        if len(blasts) != 3 or any(not isinstance(b, int) or b < 0 for b in blasts):
            raise RulesError(f"Blast markers need three counts >= 0, got {self.blasts!r}.")
        object.__setattr__(self, "blasts", blasts)

    @classmethod
    def parse(cls, text: str | DamageTrack) -> DamageTrack:
        """Parse "2/3/5", "Dg 2/3b/4bb" (see the module docstring for the blast notation)."""
        if isinstance(text, DamageTrack):
            return text
        raw = str(text).strip()
        if raw[:3].lower() in ("dg ", "dg:"):
            raw = raw[3:]
        parts = [p.strip() for p in raw.split("/")]
        if len(parts) != 3:
            raise RulesError(
                f"{text!r} is not a damage profile: write Weak/Moderate/Severe, e.g. 2/3/5."
            )
        amounts, blasts = [], []
        for part in parts:
            match = _BLAST_MARK.match(part)
            if not match:
                raise RulesError(
                    f"{part!r} in {text!r} is not an amount: write a number, optionally "
                    "followed by one 'b' per Blast Marker (e.g. 3b)."
                )
            amounts.append(int(match.group(1)))
            blasts.append(len(match.group(2)))
        return cls(amounts[0], amounts[1], amounts[2], (blasts[0], blasts[1], blasts[2]))

    def __str__(self) -> str:
        return "/".join(
            f"{amount}{'b' * marks}"
            for amount, marks in zip(
                (self.weak, self.moderate, self.severe), self.blasts, strict=True
            )
        )

    def amount(self, severity: Severity) -> int:
        return damage_for(self, severity)


def damage_for(track: DamageTrack, severity: Severity) -> int:
    """Damage dealt to the target at this severity (Red Joker: Severe plus Weak)."""
    if severity is Severity.MODERATE:
        return track.moderate
    if severity is Severity.SEVERE:
        return track.severe
    if severity is Severity.WEAK:
        return track.weak
    if severity is Severity.RED_JOKER:
        return track.severe + track.weak
    return 0


def blast_damage(track: DamageTrack, severity: Severity) -> int:
    """Damage to other models under the Blast Markers: one step below the flipped severity.

    The Red Joker steps down to Moderate (as the rulebook says). A Weak blast steps down to
    nothing: 0 damage (the markers are still placed, for blasts that carry other effects).
    """
    if severity is Severity.SEVERE or severity is Severity.RED_JOKER:
        return track.moderate
    if severity is Severity.MODERATE:
        return track.weak
    return 0


def blast_markers(track: DamageTrack, severity: Severity) -> int:
    """Blast Markers placed at this severity; the Red Joker places the Severe markers."""
    if severity is Severity.NONE:
        return 0
    if severity is Severity.RED_JOKER:
        return track.blasts[2]
    return track.blasts[severity - 1]


def accuracy_twist(margin: int) -> int:
    """The accuracy modifier for a damage flip after an opposed duel won by ``margin``.

    Tied: two negative twists; 1-5: one negative; 6-10: none; 11 or more: one positive.
    A negative margin means the attack failed, so there is no damage flip at all.
    """
    if margin < 0:
        raise RulesError(f"The Attacker lost the duel by {-margin}; there is no damage flip.")
    if margin == 0:
        return -2
    if margin <= 5:
        return -1
    if margin <= 10:
        return 0
    return 1


def apply_armor(damage: int, armor: int) -> int:
    """Armor +N: reduce damage by N but not below 1; damage of 0 stays 0."""
    if damage <= 0:
        return 0
    if armor <= 0:
        return damage
    reduced = damage - armor
    return reduced if reduced > 1 else 1


def damage_fate_modifiers(
    *,
    margin: int | None = None,
    positive: int = 0,
    negative: int = 0,
    hard_to_wound: int = 0,
    defender_soulstone: bool = False,
    focused: int = 0,
) -> tuple[int, int]:
    """(positive, negative) twists on a damage flip, before cancellation.

    Accuracy (from the duel margin) and the Attacker's Focused add positive twists or
    negative ones; Hard to Wound and the defender's Soulstone add negative ones.
    """
    if positive < 0 or negative < 0 or hard_to_wound < 0 or focused < 0:  # no min() call
        raise RulesError("Twist counts and condition values cannot be negative.")
    return _twists(margin, positive, negative, hard_to_wound, defender_soulstone, focused)


def _twists(margin: int | None, positive: int, negative: int, hard_to_wound: int,
            defender_soulstone: bool, focused: int) -> tuple[int, int]:
    """``damage_fate_modifiers`` for counts already checked, called positionally (a damage
    flip on every hit: keywords would go through a dict)."""
    pos = positive + focused
    neg = negative + hard_to_wound + (1 if defender_soulstone else 0)
    if margin is not None:
        acc = accuracy_twist(margin)
        if acc > 0:
            pos += acc
        else:
            neg -= acc
    return pos, neg


class DamageDecisions(Protocol):
    """What the flipping model decides on a damage or healing flip."""

    def choose_damage_card(self, allowed: tuple[Card, ...], track: DamageTrack) -> Card:
        """Pick the active card among ``allowed`` (only asked when there is a choice)."""
        ...

    def cheat_damage(
        self, hand: tuple[Card, ...], current: Card, track: DamageTrack
    ) -> Card | None:
        """Return a Control Hand card to Cheat Fate with, or None (only asked when allowed)."""
        ...


class GreedyDamageDecisions:
    """Default damage policy (the odds helper mirrors it exactly).

    Choose: the highest value (so the Red Joker whenever allowed, then the best severity);
    ties go to the first card in flip order.
    Cheat: the hand card with the best severity, if that severity beats the current card's;
    among cards of that severity the lowest value (first in hand order on ties); never the
    Black Joker. The Red Joker counts as the best severity.
    """

    __slots__ = ()

    def choose_damage_card(self, allowed: tuple[Card, ...], track: DamageTrack) -> Card:
        best = allowed[0]
        for card in allowed:
            if card.value > best.value:
                best = card
        return best

    def cheat_damage(
        self, hand: tuple[Card, ...], current: Card, track: DamageTrack
    ) -> Card | None:
        table = _SEVERITY_BY_VALUE
        best: Card | None = None
        best_severity = table[current.value]
        for card in hand:
            if card.joker == "black":
                continue
            severity = table[card.value]
            if severity > best_severity or (
                best is not None and severity == best_severity and card.value < best.value
            ):
                best, best_severity = card, severity
        return best


_DEFAULT_DAMAGE_DECISIONS = GreedyDamageDecisions()


#: Not frozen (the same eq and hash): a game builds thousands, and a frozen dataclass's
#: ``__init__`` sets every field through ``object.__setattr__``. Treat it as read-only.
@dataclass(slots=True, unsafe_hash=True)
class DamageResult:
    """The outcome of a damage flip against one target (blast damage is before Armor)."""

    flip: Flip
    severity: Severity
    damage: int
    unreduced_damage: int
    blast_damage: int
    blast_markers: int
    positive: int
    negative: int
    cheat_blocked: str | None
    #: First edition: the second damage flip a Red Joker brings (its damage is included
    #: in ``damage`` and ``unreduced_damage``; its blasts are not).
    follow_up: DamageResult | None = None

    @property
    def card(self) -> Card:
        return self.flip.final


@dataclass(frozen=True, slots=True)
class PreventionResult:
    """A damage prevention flip: how much of the damage it stopped."""

    flip: Flip
    damage: int
    prevented: int
    remaining: int


@dataclass(frozen=True, slots=True)
class HealingResult:
    """A healing flip: what the card offered and what the model actually regained."""

    flip: Flip
    severity: Severity
    rolled: int
    healed: int
    wounds_after: int
    cheat_blocked: str | None


def damage_flip(
    track: DamageTrack | str,
    deck: FateDeck,
    *,
    margin: int | None = None,
    positive: int = 0,
    negative: int = 0,
    hard_to_wound: int = 0,
    defender_soulstone: bool = False,
    focused: int = 0,
    armor: int = 0,
    opponent_flipped: Sequence[Card] = (),
    decisions: DamageDecisions | None = None,
    purpose: str = "damage flip",
    ruleset: Ruleset | str | None = None,
    action: str | None = None,
) -> DamageResult:
    """Flip for damage from the attacker's ``deck``.

    ``margin`` is the opposed duel's margin (None for damage not caused by a duel, so no
    accuracy twist). ``armor`` reduces the target's damage only: models under the blast
    apply their own Armor to ``blast_damage``. ``opponent_flipped`` is for the rare effect
    that flips against a damage flip; the duel's own flips do not carry over.
    ``action`` names the action whose own damage twist applies (first edition: "charge",
    "channel"; see ``Ruleset.action_damage_twists``).
    """
    # ``get_ruleset`` for the usual None and exact keys ("m2e": a duel result's) at once.
    if ruleset is None:
        rules = DEFAULT_RULESET
    elif ruleset.__class__ is str and ruleset in RULESETS:
        rules = RULESETS[ruleset]
    else:
        rules = get_ruleset(ruleset)
    if track.__class__ is not DamageTrack:
        track = DamageTrack.parse(track)
    if action is not None:
        twists = rules.action_damage_twists
        if action not in twists:
            known = ", ".join(twists) or "none"
            raise RulesError(
                f"{rules.name} gives no damage twist for the {action!r} action (actions with "
                f"one: {known}); pass the twists of the effects that say so."
            )
        extra = twists[action]
        positive, negative = positive + max(extra, 0), negative + max(-extra, 0)
    if positive >= 0 and negative >= 0 and hard_to_wound >= 0 and focused >= 0:
        # ``damage_fate_modifiers`` for counts it accepts (it refuses the others).
        pos, neg = _twists(margin, positive, negative, hard_to_wound, defender_soulstone,
                           focused)
    else:
        pos, neg = damage_fate_modifiers(
            margin=margin,
            positive=positive,
            negative=negative,
            hard_to_wound=hard_to_wound,
            defender_soulstone=defender_soulstone,
            focused=focused,
        )
    policy = decisions or _DEFAULT_DAMAGE_DECISIONS
    second_flip = rules.red_joker_damage == "severe_plus_flip"
    record, blocked, cards = _severity_flip(
        track, deck, pos - neg, opponent_flipped, policy, purpose, rules, discard=False
    )
    severity = _SEVERITY_BY_VALUE[record.final.value]
    follow_up = None
    if second_flip and severity is Severity.RED_JOKER:
        # The Red Joker's cards stay in play until the second flip is made.
        follow_up = damage_flip(
            track, deck, decisions=policy, purpose=f"{purpose} (Red Joker's second flip)",
            ruleset=rules,
        )
        raw = track.severe + follow_up.unreduced_damage
    else:
        raw = damage_for(track, severity)
    deck.discard(cards)
    return DamageResult(
        record,
        severity,
        apply_armor(raw, armor) if armor else (raw if raw > 0 else 0),  # no Armor: raw, >= 0
        raw,
        blast_damage(track, severity),
        blast_markers(track, severity),
        pos,
        neg,
        blocked,
        follow_up,
    )


def prevention_flip(
    deck: FateDeck,
    damage: int,
    *,
    can_use_soulstones: bool = True,
    purpose: str = "damage prevention flip",
) -> PreventionResult:
    """A Master's or Henchman's Soulstone-bought prevention flip: one card, no cheating.

    Black Joker prevents nothing, 1-5 one, 6-10 two, 11-13 three, Red Joker all of it.
    """
    if not can_use_soulstones:
        raise IllegalSoulstoneUse(
            "Only Masters and Henchmen may spend a Soulstone to prevent damage."
        )
    if damage < 0:
        raise RulesError("Damage to prevent cannot be negative.")
    card = deck.flip(1)[0]
    deck.discard((card,))
    prevents = _PREVENTION_BY_VALUE[card.value]
    prevented = damage if prevents < 0 else min(prevents, damage)
    record = Flip(purpose, (card,), 0, card, None, "deck", deck.seed)
    return PreventionResult(record, damage, prevented, damage - prevented)


def apply_healing(current_wounds: int, max_wounds: int, amount: int) -> int:
    """Wounds actually regained: healing never lifts a model above its Wounds stat."""
    if max_wounds < 1 or not 0 <= current_wounds <= max_wounds:
        raise RulesError(
            "Current wounds must lie between 0 and the Wounds stat "
            f"({current_wounds}/{max_wounds})."
        )
    if amount < 0:
        raise RulesError("Healing cannot be negative.")
    return min(amount, max_wounds - current_wounds)


def healing_flip(
    track: DamageTrack | str | None,
    deck: FateDeck,
    *,
    current_wounds: int,
    max_wounds: int,
    positive: int = 0,
    negative: int = 0,
    opponent_flipped: Sequence[Card] = (),
    decisions: DamageDecisions | None = None,
    purpose: str = "healing flip",
    ruleset: Ruleset | str | None = None,
) -> HealingResult:
    """A healing flip: read like a damage flip, made (and cheated) by the healed model.

    Pass the healed model's ``deck``. The amount is capped at the wounds it is missing.
    The default policy cheats exactly as on a damage flip. First edition reads the fixed
    healing table instead of ``track`` (give None) and never cheats: Black Joker 0, 1-5
    one, 6-10 two, 11+ three, Red Joker every wound suffered.
    """
    rules = get_ruleset(ruleset)
    apply_healing(current_wounds, max_wounds, 0)  # validates the wound counts first
    if positive < 0 or negative < 0:
        raise RulesError("Twist counts cannot be negative.")
    if rules.healing == "fixed_table":
        net = positive - negative
        cards = deck.flip(cards_to_flip(net))
        allowed = allowed_choices(cards, net)
        chosen = allowed[0]
        for card in allowed:  # the healed model takes the best card it may
            if card.value > chosen.value:
                chosen = card
        deck.discard(cards)
        missing = max_wounds - current_wounds
        rolled = missing if FIRST_EDITION_HEALING[chosen.value] < 0 else \
            FIRST_EDITION_HEALING[chosen.value]
        healed = apply_healing(current_wounds, max_wounds, rolled)
        record = Flip(purpose, tuple(cards), net, chosen, None, "deck", deck.seed)
        return HealingResult(record, _SEVERITY_BY_VALUE[chosen.value], rolled, healed,
                             current_wounds + healed, NO_CHEATING_ON_HEALING)
    if not isinstance(track, DamageTrack):
        track = DamageTrack.parse(track)
    policy = decisions or _DEFAULT_DAMAGE_DECISIONS
    record, blocked, _ = _severity_flip(
        track, deck, positive - negative, opponent_flipped, policy, purpose, rules
    )
    severity = _SEVERITY_BY_VALUE[record.final.value]
    rolled = damage_for(track, severity)
    healed = apply_healing(current_wounds, max_wounds, rolled)
    return HealingResult(record, severity, rolled, healed, current_wounds + healed, blocked)


#: Why a first-edition healing flip is never cheated (``HealingResult.cheat_blocked``).
NO_CHEATING_ON_HEALING = "first edition healing flips cannot be cheated"


def _severity_flip(
    track: DamageTrack,
    deck: FateDeck,
    net: int,
    opponent_flipped: Sequence[Card],
    policy: DamageDecisions,
    purpose: str,
    ruleset: Ruleset | None = None,
    *,
    discard: bool = True,
) -> tuple[Flip, str | None, list[Card]]:
    """Flip, choose and maybe cheat on a damage-style flip.

    Returns the record, why cheating was blocked, and the cards used; they are discarded
    unless ``discard`` is False (then the caller discards them).
    """
    if net == 0:  # one card, the only choice (``allowed_choices`` of one untwisted card)
        cards = deck.flip(1)
        chosen = cards[0]
    else:
        cards = deck.flip(cards_to_flip(net))
        allowed = allowed_choices(cards, net)
        chosen = allowed[0] if len(allowed) == 1 else policy.choose_damage_card(allowed, track)
        if len(allowed) > 1 and chosen not in allowed:
            raise IllegalChoice(f"{chosen} is not an allowed choice on this {purpose}.")
    blocked = cheat_block_reason(net, cards, opponent_flipped, ruleset=ruleset)
    cheated = None
    if blocked is None:
        pick = policy.cheat_damage(deck.hand, chosen, track)
        if pick is not None:
            cheated = deck.play_from_hand(pick)
            cards.append(cheated)
    if discard:
        deck.discard(cards)
    flipped = tuple(cards) if cheated is None else tuple(cards[:-1])
    return Flip(purpose, flipped, net, chosen, cheated, "deck", deck.seed), blocked, cards
