"""The turn in either edition: its phases and steps, Action Points, hand size, initiative
and the end of the encounter.

Second edition: four phases (Draw, with the shuffle first; Initiative; Activation; End,
with VP each turn and the end flip from Turn 5); Masters get 3 AP; the highest initiative
card chooses to go first or second. First edition: three phases (Draw; Activation, with
the initiative flip; Closing, where the discards are shuffled back); every model gets 2
AP; the highest initiative card goes first; the end flip comes after Turn 6.
Each function takes ``ruleset`` (second edition by default).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from .cards import Card
from .errors import RulesError
from .ruleset import Ruleset, get_ruleset

__all__ = [
    "InitiativeResult",
    "TurnStep",
    "action_points",
    "continue_value",
    "encounter_continues",
    "initiative",
    "turn_steps",
]

#: Reflips in one initiative step beyond this mean the card source is broken.
MAX_INITIATIVE_ROUNDS = 20


@dataclass(frozen=True, slots=True)
class TurnStep:
    phase: str
    step: str
    #: The discard piles are shuffled into the Fate Decks at this step.
    shuffles: bool = False


_STEPS = {
    "m2e": (
        TurnStep("draw", "shuffle discard piles", shuffles=True),
        TurnStep("draw", "discard cards"),
        TurnStep("draw", "draw cards and meet hand size"),
        TurnStep("initiative", "flip for initiative"),
        TurnStep("initiative", "use soulstones"),
        TurnStep("initiative", "determine first player"),
        TurnStep("activation", "activate models"),
        TurnStep("end", "upkeep"),
        TurnStep("end", "earn victory points"),
        TurnStep("end", "check for encounter end"),
    ),
    "m1e": (
        TurnStep("draw", "start of the draw phase"),
        TurnStep("draw", "discard control cards"),
        TurnStep("draw", "draw control cards"),
        TurnStep("draw", "end of the draw phase"),
        TurnStep("activation", "start of the activation phase"),
        TurnStep("activation", "determine initiative"),
        TurnStep("activation", "alternate activations"),
        TurnStep("activation", "end of the activation phase"),
        TurnStep("closing", "start of the closing phase"),
        TurnStep("closing", "resolve effects"),
        TurnStep("closing", "shuffle fate decks", shuffles=True),
        TurnStep("closing", "end of the closing phase"),
    ),
}


def turn_steps(turn: int, ruleset: Ruleset | str | None = None) -> tuple[TurnStep, ...]:
    """The steps of ``turn`` in order. First edition's Turn 1 starts at "draw control
    cards" (nothing to discard yet); second edition's checks for the end only from the
    last sure turn on, and its Turn 1 has no discards to shuffle or hand to discard."""
    rules = get_ruleset(ruleset)
    if isinstance(turn, bool) or not isinstance(turn, int) or turn < 1:
        raise RulesError(f"Turns are numbered from 1, not {turn!r}.")
    steps = _STEPS[rules.key]
    if rules.key == "m1e":
        return steps[2:] if turn == 1 else steps
    out = steps[2:] if turn == 1 else steps
    if turn < rules.last_sure_turn:
        out = tuple(s for s in out if s.step != "check for encounter end")
    return out


def action_points(
    station: str,
    *,
    ruleset: Ruleset | str | None = None,
    fast: bool = False,
    slow: bool = False,
    paralyzed: bool = False,
) -> int:
    """General AP a model generates at the start of its activation.

    Fast gives one more, Slow one fewer; a model with both has neither. A Paralyzed model
    has none.
    """
    rules = get_ruleset(ruleset)
    if paralyzed:
        return 0
    ap = rules.master_ap if str(station).strip().lower() == "master" else rules.general_ap
    if fast and not slow:
        ap += 1
    elif slow and not fast:
        ap -= 1
    return ap


def continue_value(turn: int, ruleset: Ruleset | str | None = None) -> int | None:
    """The card value that keeps the encounter going after ``turn``: None before the last
    sure turn (5 in second edition, 6 in first), 10 after it, one more each turn after."""
    rules = get_ruleset(ruleset)
    if isinstance(turn, bool) or not isinstance(turn, int) or turn < 1:
        raise RulesError(f"Turns are numbered from 1, not {turn!r}.")
    if turn < rules.last_sure_turn:
        return None
    return rules.continue_value + turn - rules.last_sure_turn


def encounter_continues(turn: int, card: Card | str, ruleset: Ruleset | str | None = None
                        ) -> bool:
    """Whether the end-of-turn flip ``card`` keeps the encounter going for another turn.

    A Red Joker counts 14, the Black Joker 0.
    """
    needed = continue_value(turn, ruleset)
    return True if needed is None else Card.parse(card).value >= needed


# --- Initiative ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class InitiativeResult:
    """The initiative of one turn.

    ``order``: players from the highest card to the lowest. In second edition the first
    of them (``chooser``) then picks to be the First or Second Player; in first edition
    ``order`` is the activation order itself and ``chooser`` is None. ``flips`` lists
    (player, card, why) in the order the cards were turned; ``soulstones`` the players
    who spent one to reflip.
    """

    order: tuple[str, ...]
    chooser: str | None
    flips: tuple[tuple[str, Card, str], ...]
    soulstones: tuple[str, ...]


#: Asked when a player may spend a Soulstone to reflip: (player, every current card).
ReflipChoice = Callable[[str, Mapping[str, Card]], bool]


def never_reflip(player: str, cards: Mapping[str, Card]) -> bool:
    return False


def reflip_unless_highest(player: str, cards: Mapping[str, Card]) -> bool:
    """A simple policy: spend a Soulstone whenever another player's card is higher."""
    return any(card.value > cards[player].value for p, card in cards.items() if p != player)


def initiative(
    players: Sequence[str],
    draw: Callable[[str], Card | str],
    *,
    reflip: ReflipChoice = never_reflip,
    ruleset: Ruleset | str | None = None,
) -> InitiativeResult:
    """Flip for initiative. ``draw(player)`` returns the card that player flips.

    Both editions: tied cards are reflipped before anyone may spend a Soulstone; then,
    from the lowest card to the highest, each player may spend one to reflip once. Still
    tied afterwards: second edition reflips the tied players (no more Soulstones); first
    edition restarts the step for the tied players, with a new chance to spend one. First
    edition allows any number of players; second edition plays two.
    """
    rules = get_ruleset(ruleset)
    players = tuple(players)
    if len(set(players)) != len(players) or len(players) < 2:
        raise RulesError("Initiative needs at least two different players.")
    if rules.initiative == "highest_chooses" and len(players) != 2:
        raise RulesError(f"{rules.name} initiative is between two players.")
    flips: list[tuple[str, Card, str]] = []
    spent: list[str] = []
    order = _initiative_round(players, draw, reflip, rules, flips, spent, soulstones=True)
    chooser = order[0] if rules.initiative == "highest_chooses" else None
    return InitiativeResult(tuple(order), chooser, tuple(flips), tuple(spent))


def _initiative_round(players, draw, reflip, rules, flips, spent, *, soulstones: bool):
    cards: dict[str, Card] = {}

    def flip(player: str, why: str) -> None:
        card = Card.parse(draw(player)).identity
        cards[player] = card
        flips.append((player, card, why))

    for player in players:
        flip(player, "initiative")
    for _ in range(MAX_INITIATIVE_ROUNDS):  # ties before Soulstones: plain reflips
        tied = _tied(cards)
        if not tied:
            break
        for player in tied:
            flip(player, "tie: reflip")
    else:
        raise RulesError("The initiative flips kept tying; check the cards being entered.")
    if soulstones:
        for player in sorted(players, key=lambda p: cards[p].value):
            if reflip(player, dict(cards)):
                spent.append(player)
                flip(player, "Soulstone reflip")
    order = sorted(players, key=lambda p: -cards[p].value)
    tied = _tied(cards)
    if not tied:
        return order
    # Players still tied: settle their places among themselves.
    again_with_stones = rules.initiative == "highest_goes_first"
    groups: dict[int, list[str]] = {}
    for player in tied:
        groups.setdefault(cards[player].value, []).append(player)
    result: list[str] = []
    done: set[int] = set()
    for player in order:
        value = cards[player].value
        if value in groups:
            if value not in done:
                done.add(value)
                result.extend(_initiative_round(groups[value], draw, reflip, rules, flips,
                                                spent, soulstones=again_with_stones))
        else:
            result.append(player)
    return result


def _tied(cards: Mapping[str, Card]) -> list[str]:
    values = [card.value for card in cards.values()]
    return [p for p, card in cards.items() if values.count(card.value) > 1]
