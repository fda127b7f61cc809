"""The Aftermath of a Campaign game (campaign book, AFTERMATH phases 1, 3, 4 and 6): plain
Python over a card source, no database.

* Phase 1, the Aftermath Hand: ``aftermath_hand_size``.
* Phase 2, Payday: ``rules.engine.campaign_game.payday`` (not repeated here).
* Phase 3, Barter: ``barter_flip_count`` and ``barter_options`` (what a Barter card may buy);
  a Barter card of 14 may buy Those Who Thirst, whose own flip is ``flip_those_who_thirst``.
* Phase 4, the Reward flip for a completed Bounty: ``reward_for_bounty``.
* Phase 6, Injuries: ``resolve_injury`` (one Finished Off model).

Flips follow ``campaign.weeks.event_flip``: ``draw(purpose)`` returns one card turned
over from the Fate Deck (the service records a server flip, tests script the cards). Each
flip may be Cheated from the Aftermath Hand: when a ``cheat(purpose, card)`` callable is
given it is asked after every flip that may be cheated (no negative twist left, no Black
Joker turned over; ``rules.engine.flips``) and returns the card played from the hand, or
None. The card that counts is then resolved, so cheating into a result that must be
reflipped reflips as usual. Keeping the hand (how many cards, which) is the caller's.

Every outcome lists each flip as a ``FlipStep`` (purpose, cards, the card that counted,
the row it selected, kept or why not) so a page can show how a result came about.
Decisions where the book is unclear: ``docs/rules-decisions.md``, "Aftermath".
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from rules import tables
from rules.tables import CampaignUpgrade, Injury, Reward

from .cards import Card
from .errors import EngineBug, RulesError
from .flips import allowed_choices, cards_to_flip, cheat_block_reason

__all__ = [
    "MAX_AFTERMATH_HAND",
    "MAX_FLIPS",
    "STRATEGY_VP_FOR_EXTRA_BARTER",
    "BarterFlip",
    "BarterOptions",
    "DoctorVisit",
    "FlipStep",
    "InjuryOutcome",
    "InjuryResult",
    "RewardOutcome",
    "ThirstOutcome",
    "aftermath_hand_size",
    "barter_flip",
    "barter_flip_count",
    "barter_options",
    "doctor_visit",
    "flip_those_who_thirst",
    "resolve_injury",
    "reward_for_bounty",
]

#: "a player's maximum Aftermath Hand size is three cards".
MAX_AFTERMATH_HAND = 3
#: Strategy VP that earn a second Barter flip.
STRATEGY_VP_FOR_EXTRA_BARTER = 3
#: Reflips are unbounded in the book; a flip that has not settled after this many cards
#: means the card source is broken (a real deck is reshuffled long before).
MAX_FLIPS = 200

Draw = Callable[[str], Card]
#: ``cheat(purpose, card)`` -> the card played from the Aftermath Hand, or None.
Cheat = Callable[[str, Card], Card | None]
#: Picks one of several cards a positive twist lets the crew choose from.
Chooser = Callable[[tuple[Card, ...]], Card]


def _count(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise RulesError(f"{what} must be a whole number of 0 or more, got {value!r}.")
    return value


# --- Flip records ----------------------------------------------------------------------


@dataclass(frozen=True)
class FlipStep:
    """One flip of the Aftermath.

    ``cards`` were turned over (more than one under twists), ``card`` is the card that
    counted (the one chosen, or the one cheated in when ``cheated``). ``chart`` is the
    table key; ``result_key`` the row ``card`` selected (None for a Joker on a chart that
    reflips Jokers). ``kept`` is False when the result was reflipped or gave nothing, and
    ``why`` says why (or what the result did).
    """

    purpose: str
    cards: tuple[Card, ...]
    card: Card
    chart: str
    result_key: str | None
    kept: bool
    why: str = ""
    cheated: bool = False


def _turn_over(draw: Draw, purpose: str, net: int) -> tuple[Card, ...]:
    n = cards_to_flip(net)
    if n == 1:
        return (Card.parse(draw(purpose)).identity,)
    return tuple(Card.parse(draw(f"{purpose} (card {i} of {n})")).identity
                 for i in range(1, n + 1))


def _offer_cheat(cheat: Cheat | None, purpose: str, cards: tuple[Card, ...], net: int,
                 chosen: Card) -> Card | None:
    """The card cheated in, or None; refuses a card turned over in this flip."""
    if cheat is None or cheat_block_reason(net, cards) is not None:
        return None
    played = cheat(purpose, chosen)
    if played is None:
        return None
    played = Card.parse(played)
    if played.identity in cards:
        raise RulesError(f"{played} was turned over in this flip; it cannot be cheated in.")
    return played


# --- Phase 1: the Aftermath Hand ----------------------------------------------------------


def aftermath_hand_size(completed_without_withdraw: bool, won: bool,
                        completed_bounty_final_part: bool, late_withdraw: bool = False, *,
                        early_withdraw: bool = False) -> int:
    """Cards in one crew's Aftermath Hand (0-3): one for completing the game without a
    Strategic Withdraw, one for winning, one for completing a Bounty's final part.

    A crew that withdrew from Turn 3 on (``late_withdraw``) gets "one less card": the card
    for completing without withdrawing, so passing both flags is refused. A crew that
    withdrew by Turn 2 (``early_withdraw``) gets no Aftermath Hand at all.
    """
    if late_withdraw and early_withdraw:
        raise RulesError("A crew withdraws once: early (Turns 1-2) or late (Turn 3 on).")
    if (late_withdraw or early_withdraw) and completed_without_withdraw:
        raise RulesError("A crew that withdrew did not complete the game without withdrawing.")
    if early_withdraw:
        return 0
    size = int(bool(completed_without_withdraw)) + int(bool(won))
    size += int(bool(completed_bounty_final_part))
    return min(size, MAX_AFTERMATH_HAND)


# --- Phase 3: Barter ----------------------------------------------------------------------


def barter_flip_count(strategy_vp: int, *, extra: int = 0) -> int:
    """One Barter flip, one more for 3 or more VP from the Strategy, plus ``extra`` from
    the weekly event or other effects (Deep Pockets, fortifications). A crew that withdrew
    by Turn 2 makes none (``campaign_game.strategic_withdraw(...).barter_flips``)."""
    vp = _count(strategy_vp, "Strategy VP")
    return 1 + int(vp >= STRATEGY_VP_FOR_EXTRA_BARTER) + _count(extra, "Extra Barter flips")


@dataclass(frozen=True)
class BarterOptions:
    """What one Barter card may buy.

    ``upgrades`` have a Barter Rating equal to ``value``; ``always`` are the "Always"
    upgrades, on offer after any flip. ``those_who_thirst`` is True when Those Who Thirst
    is among ``upgrades`` (a card of 14, i.e. the Red Joker, and the crew has none yet):
    buying it means a flip on the Those Who Thirst table (``flip_those_who_thirst``).
    """

    card: Card
    value: int
    upgrades: tuple[CampaignUpgrade, ...]
    always: tuple[CampaignUpgrade, ...]
    those_who_thirst: bool

    @property
    def all(self) -> tuple[CampaignUpgrade, ...]:
        return self.upgrades + self.always

    def cost(self, key: str) -> int:
        """Scrip price (CC) of an upgrade on offer; RulesError when it is not on offer."""
        for upgrade in self.all:
            if upgrade.key == key:
                return upgrade.campaign_cost
        raise RulesError(f"{key!r} cannot be bought with a Barter card of {self.value}.")


def _thirsts(upgrade: CampaignUpgrade) -> bool:
    return "flip_those_who_thirst" in upgrade.restrictions


def barter_options(card: Card | str, *, has_those_who_thirst: bool = False,
                   change: int = 0, no_injuries: bool = False) -> BarterOptions:
    """The Campaign Upgrades a Barter card (the card that counted, after any Cheat) may buy.

    The card's value picks the Barter Rating: the Black Joker is 0 and matches none, so it
    offers only the "Always" upgrades; the Red Joker is 14 (Fated, Those Who Thirst). A
    crew that already has one of Those Who Thirst is not offered another. Under the No
    Injuries option the upgrades that only act on Injuries or Finished Off are not offered.
    """
    card = Card.parse(card)
    value = card.value if card.joker == "black" else max(0, min(14, card.value + change))
    rated = tables.upgrades_by_barter_rating(value, include_always=False) if value else ()
    if has_those_who_thirst:
        rated = tuple(u for u in rated if not _thirsts(u))
    always = tuple(u for u in tables.campaign_upgrades().rows if u.always_available)
    if no_injuries:
        rated = tuple(u for u in rated if "injury_related" not in u.restrictions)
        always = tuple(u for u in always if "injury_related" not in u.restrictions)
    return BarterOptions(card.identity, value, rated, always, any(_thirsts(u) for u in rated))


@dataclass(frozen=True)
class BarterFlip:
    """One Barter flip: the flip as made (and Cheated) and what its card may buy."""

    step: FlipStep
    options: BarterOptions


def barter_flip(draw: Draw, *, cheat: Cheat | None = None, number: int = 1,
                has_those_who_thirst: bool = False, change: int = 0,
                no_injuries: bool = False) -> BarterFlip:
    """Make Barter flip ``number``; it may be Cheated from the Aftermath Hand (not after
    the Black Joker). ``change`` is a fortification's adjustment to the value (Smuggling
    Tunnels +1, One Man's Trash -3), applied after any Cheat; the Black Joker stays 0."""
    purpose = f"Barter flip {number}"
    cards = _turn_over(draw, purpose, 0)
    played = _offer_cheat(cheat, purpose, cards, 0, cards[0])
    card = played or cards[0]
    options = barter_options(card, has_those_who_thirst=has_those_who_thirst, change=change,
                             no_injuries=no_injuries)
    step = FlipStep(purpose, cards, card, "campaign-upgrades", str(options.value), True,
                    cheated=played is not None)
    return BarterFlip(step, options)


@dataclass(frozen=True)
class ThirstOutcome:
    relic_key: str
    steps: tuple[FlipStep, ...]


def flip_those_who_thirst(draw: Draw, *, cheat: Cheat | None = None) -> ThirstOutcome:
    """The flip after buying Those Who Thirst: the suit picks the relic, Jokers are
    reflipped, the Aftermath Hand may Cheat it."""
    steps: list[FlipStep] = []
    purpose = "Those Who Thirst"
    for _ in range(MAX_FLIPS):
        cards = _turn_over(draw, purpose, 0)
        played = _offer_cheat(cheat, purpose, cards, 0, cards[0])
        card = played or cards[0]
        relic = tables.those_who_thirst_for(card)
        if relic is None:
            steps.append(FlipStep(purpose, cards, card, "those-who-thirst", None, False,
                                  "Jokers are reflipped", played is not None))
            purpose = "Those Who Thirst (reflip a Joker)"
            continue
        steps.append(FlipStep(purpose, cards, card, "those-who-thirst", relic.key, True,
                              cheated=played is not None))
        return ThirstOutcome(relic.key, tuple(steps))
    raise EngineBug(f"The Those Who Thirst flip did not settle after {MAX_FLIPS} flips.")


# --- Phase 4: the Reward flip ---------------------------------------------------------------


@dataclass(frozen=True)
class RewardOutcome:
    """The Reward for a completed Bounty.

    ``reward`` is the row gained (None only when every flippable result is owned and
    nothing was taken: ``exhausted``). ``taken`` is True when a chosen row (the Avatar,
    Favors of Treachery) was taken instead of flipping. ``alternatives`` are the rows the
    crew could have chosen instead of the flip.
    """

    chart: str
    reward: Reward | None
    steps: tuple[FlipStep, ...]
    alternatives: tuple[Reward, ...]
    taken: bool = False
    exhausted: bool = False


def _choosable(row: Reward, owned: Collection[str], has_master: bool) -> bool:
    if row.flip is not None or row.key in owned:
        return False
    return has_master or "requires_master" not in row.flags


def _first(cards: tuple[Card, ...]) -> Card:
    return cards[0]


def reward_for_bounty(draw: Draw, *, chart: str, owned: Collection[str], has_master: bool,
                      twists: int = 0, take: str | None = None, cheat: Cheat | None = None,
                      choose: Chooser | None = None) -> RewardOutcome:
    """Flip on a Reward chart (a faction code or ``"generic"``) for a completed Bounty.

    ``twists`` is the Bounty's net fate modifier (``Bounty.reward_twist``: +1 "gains",
    -1 "suffers"): one card plus one per twist is turned over (``rules.engine.flips``);
    under a positive twist the crew picks any of them (``choose``, default: the first that
    gives a new result), under a negative one the lowest. A Joker or a result the crew
    already ``owned`` is reflipped (the whole flip, twists and all) until a new result
    comes. ``take`` names a row chosen instead of flipping: the Avatar (only when
    ``has_master``) or the generic chart's Favors of Treachery; no card is drawn then.
    If every flippable row is owned the outcome is ``exhausted`` and nothing is drawn.
    """
    try:
        table = tables.reward_chart(chart)
    except KeyError as exc:
        raise RulesError(str(exc.args[0])) from None
    if isinstance(twists, bool) or not isinstance(twists, int):
        raise RulesError(f"twists must be a whole number, got {twists!r}.")
    owned = frozenset(owned)
    alternatives = tuple(r for r in table.rows if _choosable(r, owned, has_master))
    if take is not None:
        row = next((r for r in table.rows if r.key == take), None)
        if row is None or row.flip is not None:
            raise RulesError(f"{take!r} is not a row of {table.title} that may be chosen.")
        if row.key in owned:
            raise RulesError(f"The crew already has {row.name}.")
        if "requires_master" in row.flags and not has_master:
            raise RulesError(f"{row.name} may only be chosen by a crew with a Master.")
        return RewardOutcome(table.key, row, (), alternatives, taken=True)
    if all(r.key in owned for r in table.rows if r.flip is not None):
        return RewardOutcome(table.key, None, (), alternatives, exhausted=True)

    def new_result(card: Card) -> Reward | None:
        row = table.for_card(card)
        return row if row is not None and row.key not in owned else None

    pick = choose or _first
    steps: list[FlipStep] = []
    purpose = "reward flip"
    for _ in range(MAX_FLIPS):
        cards = _turn_over(draw, purpose, twists)
        allowed = allowed_choices(cards, twists)
        useful = tuple(c for c in allowed if new_result(c) is not None)
        chosen = pick(useful) if len(useful) > 1 else (useful or allowed)[0]
        if chosen not in allowed:
            raise RulesError(f"{chosen} is not one of the cards that may be chosen.")
        played = _offer_cheat(cheat, purpose, cards, twists, chosen)
        card = played or chosen
        row = table.for_card(card)
        key = None if row is None else row.key
        if row is None:
            why = "Jokers are reflipped"
        elif row.key in owned:
            why = f"the crew already has {row.name}"
        else:
            steps.append(FlipStep(purpose, cards, card, table.key, key, True,
                                  cheated=played is not None))
            return RewardOutcome(table.key, row, tuple(steps), alternatives)
        steps.append(FlipStep(purpose, cards, card, table.key, key, False, why,
                              played is not None))
        purpose = f"reward reflip ({why})"
    raise EngineBug(f"The Reward flip did not settle after {MAX_FLIPS} flips.")


# --- Phase 6: Injuries ---------------------------------------------------------------------


@dataclass(frozen=True)
class InjuryResult:
    """A result a model gained: an Injury attached (``kind == "injury"``), a faction-chart
    result that counts as a Skill (``"skill"``), or an effect that attaches nothing
    (``"effect"``: Knocked Out, A Wayward Adventure, Doppelganger, Steamborg Executioner).
    ``stat_effects`` are the changes as printed; keeping stats at 1 or more is the caller's
    (the stat line lives with the model)."""

    key: str
    name: str
    chart: str
    kind: str
    stat_effects: Mapping[str, int]
    flags: tuple[str, ...]
    gains_characteristics: tuple[str, ...] = ()
    adds_model: str | None = None


@dataclass(frozen=True)
class InjuryOutcome:
    """One Finished Off model's Injury flips.

    ``gained`` lists the new results in order. ``annihilated``: the model was at its
    station's maximum and would have received another Injury; ``traitor``: a Minion or
    Peon flipped the Black Joker (its crew counts it as Annihilated, the crew it faced
    adds it to its Arsenal). ``duplicates`` are results it already had (nothing happens).
    ``over_skill_limit``: a Skill was gained beyond the station's maximum, so the crew must
    Annihilate one of the model's Skills to keep it (or decline it).
    """

    station: str
    steps: tuple[FlipStep, ...]
    gained: tuple[InjuryResult, ...]
    duplicates: tuple[str, ...] = ()
    annihilated: bool = False
    traitor: bool = False
    over_skill_limit: bool = False
    max_injuries: int = 0
    injuries_before: int = 0

    @property
    def injuries(self) -> tuple[str, ...]:
        return tuple(r.key for r in self.gained if r.kind == "injury")

    @property
    def skills(self) -> tuple[str, ...]:
        return tuple(r.key for r in self.gained if r.kind == "skill")

    @property
    def effects(self) -> tuple[str, ...]:
        return tuple(r.key for r in self.gained if r.kind == "effect")

    @property
    def leaves_crew(self) -> bool:
        return self.annihilated or self.traitor

    @property
    def stat_effects(self) -> Mapping[str, int]:
        """The summed stat changes of everything gained (before any floor of 1)."""
        total: dict[str, int] = {}
        for result in self.gained:
            for stat, delta in result.stat_effects.items():
                total[stat] = total.get(stat, 0) + delta
        return MappingProxyType(total)


def _kind(row: Injury, chart: str) -> str:
    """Faction-chart results are never Injuries ("all of the results on these charts are
    good"): a row that is not a Skill there (Doppelganger, Steamborg Executioner) is an
    effect, although the row lacks the no_injury flag."""
    if row.counts_as_skill:
        return "skill"
    return "injury" if row.attaches_injury and chart == "injuries" else "effect"


def _result(row: Injury, chart: str) -> InjuryResult:
    return InjuryResult(row.key, row.name, chart, _kind(row, chart), row.stat_effects, row.flags,
                        row.gains_characteristics, row.adds_model)


@dataclass
class _InjuryState:
    station: str
    faction: str
    existing: frozenset[str]
    inapplicable: frozenset[str]
    max_injuries: int
    max_skills: int
    injuries: int
    skills: int
    cheat: Cheat | None
    draw: Draw
    steps: list[FlipStep] = field(default_factory=list)
    gained: list[InjuryResult] = field(default_factory=list)
    duplicates: list[str] = field(default_factory=list)
    annihilated: bool = False
    traitor: bool = False
    over_skill_limit: bool = False
    flips: int = 0
    reflip_jokers: bool = False
    adjust: int = 0
    twists: int = 0
    choose: Chooser | None = None

    def has(self, key: str) -> bool:
        return key in self.existing or any(r.key == key for r in self.gained)

    def flip(self, purpose: str) -> tuple[tuple[Card, ...], Card, bool]:
        self.flips += 1
        if self.flips > MAX_FLIPS:
            raise EngineBug(f"The Injury flips did not settle after {MAX_FLIPS} flips.")
        net, self.twists = self.twists, 0  # a positive twist: the first flip only
        cards = _turn_over(self.draw, purpose, net)
        allowed = allowed_choices(cards, net)
        chosen = (self.choose or _mildest)(allowed) if len(allowed) > 1 else allowed[0]
        played = _offer_cheat(self.cheat, purpose, cards, net, chosen)
        return cards, played or chosen, played is not None

    def keep(self, row: Injury, chart: str) -> str:
        """Apply a result; returns what happened for the step's ``why``."""
        if self.has(row.key):
            self.duplicates.append(row.key)
            return "already has this result: nothing happens"
        result = _result(row, chart)
        if result.kind == "injury":
            if self.injuries >= self.max_injuries:
                self.annihilated = True
                return f"at its maximum of {self.max_injuries} Injuries: Annihilated"
            self.injuries += 1
        elif result.kind == "skill":
            self.skills += 1
            self.over_skill_limit |= self.skills > self.max_skills
        self.gained.append(result)
        return ""


def _mildest(cards: tuple[Card, ...]) -> Card:
    """The default pick under a positive twist on the Injury chart: a result that
    attaches no Injury (never the Black Joker), else the highest card."""
    chart = tables.injury_chart()

    def rank(card: Card) -> tuple[bool, int]:
        row = chart.for_card(card)
        return (not row.attaches_injury and row.key != "black-joker",
                -1 if row.key == "black-joker" else card.value)

    return max(cards, key=rank)


def _injury_flip(state: _InjuryState, purpose: str) -> None:
    """Flip on the Injury chart until a result applies, and resolve it (recursively for
    the Black Joker's two more flips and the Red Joker's faction chart)."""
    chart = tables.injury_chart()
    while not state.annihilated:
        cards, card, cheated = state.flip(purpose)
        if state.adjust and not card.joker:  # Lucky Gremlin's Foot: the first result only
            card = Card(max(1, min(13, card.value + state.adjust)), card.suit)
        state.adjust = 0
        if card.joker and state.reflip_jokers:
            state.steps.append(FlipStep(purpose, cards, card, chart.key, None, False,
                                        "Jokers are reflipped", cheated))
            purpose = "injury reflip (a Joker)"
            continue
        row = chart.for_card(card)
        if row.reflip_if and row.key in state.inapplicable:
            why = f"reflip: {row.reflip_if}"
            state.steps.append(FlipStep(purpose, cards, card, chart.key, row.key, False, why,
                                        cheated))
            purpose = f"injury reflip ({row.name} cannot apply)"
            continue
        outcome = row.station_outcomes.get(state.station)
        if outcome == "traitor":
            state.traitor = True
            state.steps.append(FlipStep(purpose, cards, card, chart.key, row.key, True,
                                        "traitor: joins the crew it faced", cheated))
            return
        if outcome == "flip_twice_more":
            state.steps.append(FlipStep(purpose, cards, card, chart.key, row.key, True,
                                        "flips twice more on the Injury chart", cheated))
            for n in (1, 2):
                if state.annihilated:
                    return
                _injury_flip(state, f"Black Joker: extra injury flip {n} of 2")
            return
        if "faction_chart" in row.flags:
            state.steps.append(FlipStep(purpose, cards, card, chart.key, row.key, True,
                                        f"flips on the {state.faction} injury chart", cheated))
            _faction_flip(state)
            return
        why = state.keep(row, chart.key)
        state.steps.append(FlipStep(purpose, cards, card, chart.key, row.key, not why, why,
                                    cheated))
        return


def _faction_flip(state: _InjuryState) -> None:
    chart = tables.faction_injury_chart(state.faction)
    purpose = f"{chart.title} flip"
    cards, card, cheated = state.flip(purpose)
    row = chart.for_card(card)
    if row.key in state.inapplicable:
        why = "does not apply to this model: ignored"
    else:
        why = state.keep(row, chart.key)
    state.steps.append(FlipStep(purpose, cards, card, chart.key, row.key, not why, why,
                                cheated))


def resolve_injury(draw: Draw, *, station: str, faction: str, existing: Collection[str],
                   max_injuries: int | None = None, inapplicable: Collection[str] = (),
                   skills: int | None = None, cheat: Cheat | None = None,
                   reflip_jokers: bool = False, faction_chart: bool = False,
                   adjust: int = 0, twists: int = 0,
                   choose: Chooser | None = None) -> InjuryOutcome:
    """Flip for the Injuries of one model that was Finished Off.

    ``station`` is "master" ... "peon"; ``faction`` the crew's Faction code (its injury
    chart is used on the Red Joker). ``existing`` holds the keys of the Injuries and
    faction-chart Skills the model already has: a repeat gives nothing, and the Injury-chart
    rows among them that attach an Injury count toward ``max_injuries`` (default: the
    station's, ``tables.station_limits``). ``inapplicable`` names results whose condition
    holds for this model: Injury-chart rows with a ``reflip_if`` are reflipped (e.g.
    "broken-arm" for a model without Ml actions), faction-chart rows are ignored (Spirit on
    an Incorporeal model, Doppelganger on a Master, The Chosen on the Leader). ``skills``
    is how many Skills the model has from any source (default: the faction-chart Skills
    in ``existing``); it only decides ``over_skill_limit``. ``reflip_jokers`` reflips
    both Jokers (The Good Doctor's Injury flips); ``faction_chart`` flips once on the
    faction chart instead of the Injury chart (the Doc's Red Joker). ``adjust`` (-1, 0
    or 1, Lucky Gremlin's Foot) moves the value of the first Injury-chart card, Jokers
    excepted, between 1 and 13. ``twists`` (0 or more: Fortified Walls, Rousing Eulogies)
    turns over one more card per twist for the first Injury-chart flip only and the crew
    picks one (``choose``; by default a result with no Injury, else the highest card).
    """
    twists = _count(twists, "twists")
    if adjust not in (-1, 0, 1):
        raise RulesError("Lucky Gremlin's Foot moves the result by 1 at most.")
    station = str(station)
    try:
        limits = tables.station_limits(station)
        faction_rows = {r.key for r in tables.faction_injury_chart(faction).rows}
    except KeyError as exc:
        raise RulesError(str(exc.args[0])) from None
    main = tables.injury_chart()
    reflippable = {r.key for r in main.rows if r.reflip_if}
    unknown = sorted(set(inapplicable) - reflippable - faction_rows)
    if unknown:
        raise RulesError(f"{unknown}: only results the charts reflip or ignore can be "
                         f"inapplicable ({sorted(reflippable)} or {sorted(faction_rows)}).")
    existing = frozenset(existing)
    injuries = sum(1 for r in main.rows if r.key in existing and r.attaches_injury)
    if skills is None:
        skills = sum(1 for r in tables.faction_injury_chart(faction).rows
                     if r.key in existing and r.counts_as_skill)
    skills = _count(skills, "skills")
    cap = limits.max_injuries if max_injuries is None else _count(max_injuries, "max_injuries")
    state = _InjuryState(station=station, faction=faction, existing=existing,
                         inapplicable=frozenset(inapplicable), max_injuries=cap,
                         max_skills=limits.max_skills, injuries=injuries, skills=skills,
                         cheat=cheat, draw=draw, reflip_jokers=reflip_jokers,
                         adjust=0 if faction_chart else adjust,
                         twists=0 if faction_chart else twists, choose=choose)
    if faction_chart:
        _faction_flip(state)
    else:
        _injury_flip(state, "injury flip")
    return InjuryOutcome(station, tuple(state.steps), tuple(state.gained),
                         tuple(state.duplicates), state.annihilated, state.traitor,
                         state.over_skill_limit, cap, injuries)


# --- Phase 7 (optional): The Good Doctor -------------------------------------------------


@dataclass(frozen=True)
class DoctorVisit:
    """A Trip To The Doc's: the row flipped, the Injuries it takes off (the oldest first,
    or all), Characteristics gained, and any Injury flips it leads to."""

    result_key: str
    steps: tuple[FlipStep, ...]
    removes_injuries: int
    removes_all: bool
    characteristics: tuple[str, ...]
    injury: InjuryOutcome | None


def _doctor_rank(card: Card) -> int:
    row = tables.good_doctor_for(card)
    return (2 if row.removes_all_injuries else row.removes_injuries) * 2 - bool(row.then_flip)


def doctor_visit(draw: Draw, *, station: str, faction: str, injuries: Collection[str] = (),
                 others: Collection[str] = (), inapplicable: Collection[str] = (),
                 twists: int = 0, cheat: Cheat | None = None,
                 choose: Chooser | None = None) -> DoctorVisit:
    """Flip on The Good Doctor chart for a model with ``injuries`` (keys, oldest first)
    and other results ``others`` (its faction-chart Skills).

    A paid positive twist turns over two cards and the crew picks one (``choose``; by
    default the one that takes off the most). Results that lead to more flips make them
    here, after the Injuries come off: the Injury chart with Jokers reflipped, or the
    faction chart on the Red Joker.
    """
    table = tables.good_doctor()
    purpose = "The Doc's"
    cards = _turn_over(draw, purpose, twists)
    allowed = allowed_choices(cards, twists)
    chosen = (choose or (lambda cs: max(cs, key=_doctor_rank)))(allowed) \
        if len(allowed) > 1 else allowed[0]
    played = _offer_cheat(cheat, purpose, cards, twists, chosen)
    card = played or chosen
    row = table.for_card(card)
    step = FlipStep(purpose, cards, card, table.key, row.key, True, cheated=played is not None)
    injuries = list(injuries)
    left = [] if row.removes_all_injuries else injuries[row.removes_injuries:]
    injury = None
    if row.then_flip:
        injury = resolve_injury(draw, station=station, faction=faction,
                                existing=[*left, *others], inapplicable=inapplicable,
                                cheat=cheat, reflip_jokers=row.then_flip == "injuries",
                                faction_chart=row.then_flip == "faction-injuries")
    steps = (step, *(injury.steps if injury else ()))
    return DoctorVisit(row.key, steps, row.removes_injuries, row.removes_all_injuries,
                       tuple(row.gains_characteristics), injury)
