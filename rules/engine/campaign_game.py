"""The arithmetic of one Campaign game, from setting up to Payday: plain Python, no database.

A Campaign game changes a few steps of an ordinary Encounter (campaign book, SETTING UP A
GAME, PLAYING, AFTERMATH): the Encounter size is capped by the two Arsenals, Masters cost
15, a Campaign Rating offsets advancement with bonus Soulstones and Scrip, killed models
flip to be Finished Off, a Crew may Strategically Withdraw, and Payday turns VP into Scrip.
The end-of-Turn-5 flip (rules manual, CHECK FOR ENCOUNTER END ON TURN 5) lives here too
because a Campaign night records it.

Every function takes plain values (or the hiring snapshots of ``rules.engine.hiring``) and
returns a small frozen result carrying its breakdown, so a page can show *why* a number
is what it is. The weekly Scrip cap is not applied here: it spans games, so the ledger
applies it. Decisions where the text is unclear: ``docs/rules-decisions.md``, "Campaign
game".
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from rules.tables import station_limits, weekly_events

from .cards import Card
from .errors import IllegalCheat, RulesError
from .flips import Flip
from .hiring import HENCHMAN, MASTER, CardInfo, hire_cost, leader_cost

__all__ = [
    "AVATAR_RATING_BONUS",
    "CASUALTY_SCRIP",
    "ENCOUNTER_SIZE_MARGIN",
    "FINISHED_OFF_THRESHOLD",
    "LAST_TURN_WITHOUT_FLIP",
    "MASTER_CAMPAIGN_COST",
    "MAX_POOL",
    "ArsenalModel",
    "CampaignRating",
    "CasualtyScrip",
    "EndOfTurnFlip",
    "EventScrip",
    "FinishedOff",
    "FinishedOffOutcome",
    "HiredModel",
    "Payday",
    "Pool",
    "PoolCrew",
    "RatedUpgrade",
    "SoulstonePools",
    "StrategicWithdraw",
    "UpgradeKind",
    "arsenal_models",
    "arsenal_total",
    "campaign_rating",
    "casualty_event_scrip",
    "continue_value_needed",
    "end_of_game_flip",
    "event_scrip_for_game",
    "finished_off",
    "hire_cost_in_game",
    "max_encounter_size",
    "payday",
    "soulstone_pools",
    "strategic_withdraw",
]

MASTER_CAMPAIGN_COST = 15
ENCOUNTER_SIZE_MARGIN = 5
AVATAR_RATING_BONUS = 3
MAX_POOL = 7
FINISHED_OFF_THRESHOLD = 3
LAST_TURN_WITHOUT_FLIP = 4
FIRST_CONTINUE_VALUE = 10  # needed at the end of Turn 5
LAST_EARLY_WITHDRAW_TURN = 2


def _count(value: object, what: str) -> int:
    """A whole number >= 0, or a RulesError naming ``what``."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise RulesError(f"{what} must be a whole number of 0 or more, got {value!r}.")
    return value


def _whole(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{what} must be a whole number, got {value!r}.")
    return value


def _rating(value: object) -> int:
    """A Campaign Rating given as a whole number or a ``CampaignRating``."""
    if isinstance(value, CampaignRating):
        return value.value
    return _whole(value, "A Campaign Rating")


def _turn(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise RulesError(f"Turns are numbered from 1, got {value!r}.")
    return value


# --- Encounter size and hiring -------------------------------------------------------


@dataclass(frozen=True)
class ArsenalModel:
    """One model of an Arsenal as the Encounter size sees it: its cost, and whether it is
    a Master (Masters have no cost and count 15). Upgrades are not listed: they are ignored.

    ``cost_change`` is what its Injuries and Skills do to its Soulstone Cost (Big Head +1,
    Lowered Expectations -1); ``free`` is a Master under Masters from the start, which is
    never paid for nor counted in the Crew's size.
    """

    cost: int | None
    is_master: bool = False
    cost_change: int = 0
    free: bool = False

    @property
    def counted_cost(self) -> int:
        if self.free:
            return 0
        if self.is_master:
            return max(0, MASTER_CAMPAIGN_COST + self.cost_change)
        return max(0, _count(self.cost or 0, "A model's cost") + self.cost_change)


def _as_arsenal_model(entry: ArsenalModel | tuple[int | None, bool]) -> ArsenalModel:
    if isinstance(entry, ArsenalModel):
        return entry
    cost, is_master = entry
    return ArsenalModel(cost, bool(is_master))


def arsenal_total(models: Iterable[ArsenalModel | tuple[int | None, bool]]) -> int:
    """The Soulstone total of an Arsenal's models: Masters 15, upgrades ignored."""
    return sum(_as_arsenal_model(m).counted_cost for m in models)


def max_encounter_size(
    arsenal_a: Iterable[ArsenalModel | tuple[int | None, bool]],
    arsenal_b: Iterable[ArsenalModel | tuple[int | None, bool]],
) -> int:
    """The largest Encounter two Crews may play: the smaller Arsenal total + 5.

    Each Arsenal is given as its models, ``ArsenalModel`` or ``(cost, is_master)`` pairs.
    Players may agree on a smaller game; this is only the ceiling.
    """
    return min(arsenal_total(arsenal_a), arsenal_total(arsenal_b)) + ENCOUNTER_SIZE_MARGIN


def arsenal_models(cards: Iterable[CardInfo], *, leader: CardInfo | None = None
                   ) -> tuple[ArsenalModel, ...]:
    """Build the Encounter-size view of an Arsenal from hiring snapshots.

    The Arsenal's ``leader`` (if it is among ``cards``) counts at what it costs to lead, so
    a zero-cost Henchman Leader counts 13 minus its Cache: the ceiling must leave room to
    pay for the Leader every Campaign game. Other zero-cost models count 0.
    """
    models = []
    for card in cards:
        if card.station == MASTER:
            models.append(ArsenalModel(None, is_master=True))
        elif leader is not None and card.id == leader.id:
            models.append(ArsenalModel(leader_cost(card)))
        else:
            models.append(ArsenalModel(card.cost or 0))
    return tuple(models)


def hire_cost_in_game(card: CardInfo, *, faction: str, as_leader: bool = False,
                      masters_free: bool = False, cost_change: int = 0) -> int:
    """Soulstones a model costs in a Campaign game's crew.

    Every Crew pays for its Leader so that a free Master cannot face a paid Henchman:
    a Master costs 15; a Henchman Leader pays its cost (13 minus its Cache when that cost
    is 0); any other model costs what it would in an ordinary crew (out-of-faction
    Mercenaries one more). The 15 is for hiring only: Schemes that read a cost still see
    the Master as having none.

    ``masters_free``: the campaign uses Masters from the start, whose Master is never paid
    for (it costs 0). ``cost_change``: what the model's Injuries and Skills do to its
    Soulstone Cost (Big Head +1, Lowered Expectations -1); a cost never goes below 0.
    """
    if card.station == MASTER:
        if not as_leader:
            raise RulesError(f"{card.name} is a Master: a Master is always the crew's Leader.")
        if masters_free:
            return 0
        return max(0, MASTER_CAMPAIGN_COST + cost_change)
    if as_leader:
        if card.leads_as != HENCHMAN:
            raise RulesError(f"{card.name} is a {card.station}: only a Master or a Henchman "
                             "may lead a crew.")
        return max(0, leader_cost(card) + cost_change)
    return max(0, hire_cost(card, faction) + cost_change)


# --- Campaign Rating -----------------------------------------------------------------


class UpgradeKind(StrEnum):
    """How an upgrade on a hired model counts towards the Campaign Rating."""

    CAMPAIGN = "campaign"  # a non-Injury Campaign Upgrade: a Skill or Campaign Equipment
    AVATAR = "avatar"      # a Campaign Upgrade that also adds 3
    INJURY = "injury"
    REGULAR = "regular"    # an ordinary (non-Campaign) upgrade: not rated


@dataclass(frozen=True)
class RatedUpgrade:
    name: str
    kind: UpgradeKind = UpgradeKind.CAMPAIGN


@dataclass(frozen=True)
class HiredModel:
    """A model hired for this game with every upgrade it carries into it.

    Skills and Injuries come with the model whenever it is hired; Campaign Equipment is
    listed on the model it was attached to for this game.
    """

    name: str
    station: str
    upgrades: tuple[RatedUpgrade, ...] = ()

    def count(self, *kinds: UpgradeKind) -> int:
        return sum(1 for u in self.upgrades if u.kind in kinds)


@dataclass(frozen=True)
class CampaignRating:
    """A crew's Campaign Rating with its parts: ``value = upgrades - injuries + avatar_bonus``."""

    upgrades: int
    injuries: int
    avatar_bonus: int

    @property
    def value(self) -> int:
        return self.upgrades - self.injuries + self.avatar_bonus

    def __int__(self) -> int:
        return self.value


def campaign_rating(hired: Iterable[HiredModel]) -> CampaignRating:
    """The Campaign Rating of the crew hired for this game (may be negative).

    Only what is hired counts: upgrades left in the Arsenal do not. An Avatar counts as a
    Campaign Upgrade *and* adds 3 (once per crew). A hired model cannot carry more Injuries
    than its station allows (it would have been Annihilated), so that is refused.
    """
    upgrades = injuries = 0
    has_avatar = False
    for model in hired:
        model_injuries = model.count(UpgradeKind.INJURY)
        allowed = station_limits(model.station).max_injuries
        if model_injuries > allowed:
            raise RulesError(f"{model.name} carries {model_injuries} Injuries; a "
                             f"{model.station} is Annihilated past {allowed}.")
        injuries += model_injuries
        upgrades += model.count(UpgradeKind.CAMPAIGN, UpgradeKind.AVATAR)
        has_avatar = has_avatar or model.count(UpgradeKind.AVATAR) > 0
    return CampaignRating(upgrades, injuries, AVATAR_RATING_BONUS if has_avatar else 0)


# --- Soulstone Pool --------------------------------------------------------------------


@dataclass(frozen=True)
class PoolCrew:
    """What the Pool needs about one crew: its Leader, the Soulstones left after hiring,
    and its Campaign Rating."""

    leader: CardInfo
    unspent: int
    rating: int | CampaignRating


@dataclass(frozen=True)
class Pool:
    """One crew's starting Soulstone Pool.

    ``cache`` is the Cache that counts, ``cache_ignored`` the part of the Leader's Cache
    that does not; ``bought`` the unspent Soulstones put into the Pool (up to 7 with the
    Cache) and ``unspent_lost`` those that did not fit; ``rating_bonus`` comes on top and
    may take the Pool past 7.
    """

    cache: int
    cache_ignored: int
    bought: int
    unspent_lost: int
    rating_bonus: int

    @property
    def before_bonus(self) -> int:
        return self.cache + self.bought

    @property
    def total(self) -> int:
        return self.before_bonus + self.rating_bonus


@dataclass(frozen=True)
class SoulstonePools:
    a: Pool
    b: Pool
    rating_difference: int


def _pool(crew: PoolCrew, opponent: PoolCrew, bonus: int) -> Pool:
    leader = crew.leader
    if leader.leads_as not in (MASTER, HENCHMAN):
        raise RulesError(f"{leader.name} is a {leader.station}: a crew is led by a Master or "
                         "a Henchman.")
    full_cache = _count(leader.cache or 0, f"{leader.name}'s Cache")
    counts = leader.station == MASTER and opponent.leader.station == MASTER
    cache = full_cache if counts else 0
    unspent = _count(crew.unspent, "Unspent Soulstones")
    bought = max(0, min(unspent, MAX_POOL - cache))
    return Pool(cache, full_cache - cache, bought, unspent - bought, bonus)


def soulstone_pools(crew_a: PoolCrew, crew_b: PoolCrew) -> SoulstonePools:
    """Both crews' Soulstone Pools for a Campaign game.

    A Henchman Leader adds no Cache; a Master adds its Cache only against another Master,
    so a Master gains nothing over a Henchman-led crew. Unspent Soulstones buy Pool up to
    the usual 7 (every one that fits is assumed bought). The lower-rated crew then gains
    the rating difference, which may exceed 7.
    """
    ra, rb = _rating(crew_a.rating), _rating(crew_b.rating)
    difference = abs(ra - rb)
    return SoulstonePools(
        a=_pool(crew_a, crew_b, difference if ra < rb else 0),
        b=_pool(crew_b, crew_a, difference if rb < ra else 0),
        rating_difference=difference,
    )


# --- Finished Off --------------------------------------------------------------------


class FinishedOffOutcome(StrEnum):
    """Values match the casualty record's choices (encounters app)."""

    FINISHED_OFF = "finished"          # flipped at or above the threshold: Injury flip later
    UNCONSCIOUS = "spared"             # flipped below it: no lasting harm
    AUTOMATIC = "automatic"            # an effect Finished it Off: no flip, Injury flip later
    NOT_ARSENAL = "not_arsenal"        # summoned during the game: never flips
    ALREADY_FLIPPED = "already_flipped"  # killed again: only the first kill flips


@dataclass(frozen=True)
class FinishedOff:
    outcome: FinishedOffOutcome
    card: Card | None
    threshold: int
    reason: str

    @property
    def flipped(self) -> bool:
        return self.card is not None

    @property
    def needs_injury_flip(self) -> bool:
        return self.outcome in (FinishedOffOutcome.FINISHED_OFF, FinishedOffOutcome.AUTOMATIC)


def _final_card(card: Card | Flip | str, *, may_cheat: bool, cheated: bool, what: str) -> Card:
    if isinstance(card, Flip):
        cheated = cheated or card.cheated
        card = card.final
    if cheated and not may_cheat:
        raise IllegalCheat(f"The {what} flip may not be cheated here; record the flipped card.")
    return Card.parse(card)


def keep_for_finished_off(cards):
    """Which card of a twisted Finished Off flip counts: the lowest, since 3 or more
    Finishes a model Off (Bouncer's + is there to spare it)."""
    return min(cards, key=lambda c: c.value)


def finished_off(
    card: Card | Flip | str | None,
    *,
    threshold: int = FINISHED_OFF_THRESHOLD,
    automatic: bool = False,
    already: bool = False,
    summoned: bool = False,
    may_cheat: bool = True,
    cheated: bool = False,
) -> FinishedOff:
    """Whether an Arsenal model that was killed or sacrificed is Finished Off.

    ``card`` is the card that counts: cheating (allowed from the controller's hand, also for
    models buried at the end, which count as killed) happens before, so a cheated card is
    simply the final card; pass a ``Flip`` to have ``.final`` taken. ``threshold`` is the
    lowest value that Finishes Off: 3, or 11 for a model with Tough As Nails or under On
    Our Ground. ``may_cheat=False`` (A Bad Moon Rises) refuses a cheated flip.

    No flip is made for a summoned model (``summoned``), for one that already flipped
    this game (``already``: only the first kill counts, however it came back), or when an
    effect Finishes it Off ``automatic``-ally (Accident Prone, a Neutral killer, ...).
    ``automatic`` wins over ``already``: the effect applies to this kill.
    """
    threshold = _count(threshold, "The Finished Off threshold")
    if summoned:
        return FinishedOff(FinishedOffOutcome.NOT_ARSENAL, None, threshold,
                           "Summoned during the game: only models hired from the Arsenal flip.")
    if automatic:
        return FinishedOff(FinishedOffOutcome.AUTOMATIC, None, threshold,
                           "Automatically Finished Off: no flip; flip for an Injury in the "
                           "Aftermath.")
    if already:
        return FinishedOff(FinishedOffOutcome.ALREADY_FLIPPED, None, threshold,
                           "Already flipped to be Finished Off this game; the first flip stands.")
    if card is None:
        raise RulesError("Flip a card to see whether the model is Finished Off.")
    final = _final_card(card, may_cheat=may_cheat, cheated=cheated, what="Finished Off")
    if final.value >= threshold:
        return FinishedOff(FinishedOffOutcome.FINISHED_OFF, final, threshold,
                           f"{final} is {threshold} or higher: Finished Off.")
    return FinishedOff(FinishedOffOutcome.UNCONSCIOUS, final, threshold,
                       f"{final} is below {threshold}: knocked unconscious, no Injury.")


# --- End of the Encounter ------------------------------------------------------------


def continue_value_needed(turn: int) -> int | None:
    """The card value that keeps the Encounter going after ``turn``: None before Turn 5
    (no flip; the game goes on), 10 after Turn 5, one more for each later Turn."""
    turn = _turn(turn)
    if turn <= LAST_TURN_WITHOUT_FLIP:
        return None
    return FIRST_CONTINUE_VALUE + (turn - LAST_TURN_WITHOUT_FLIP - 1)


@dataclass(frozen=True)
class EndOfTurnFlip:
    turn: int
    card: Card
    value_needed: int

    @property
    def continues(self) -> bool:
        return self.card.value >= self.value_needed

    @property
    def game_ends(self) -> bool:
        return not self.continues


def end_of_game_flip(turn: int, card: Card | Flip | str) -> EndOfTurnFlip:
    """The First Player's flip at the end of Turn 5 and each later Turn (after VP are
    earned): the Encounter continues on the value needed or more, else it ends.

    The flip is not a duel and nothing allows cheating it, so a cheated ``Flip`` is refused.
    From Turn 10 the value needed (15) is beyond any card: the game ends.
    """
    needed = continue_value_needed(turn)
    if needed is None:
        raise RulesError(f"No flip at the end of Turn {turn}: the Encounter always continues "
                         "until the end of Turn 5.")
    final = _final_card(card, may_cheat=False, cheated=False, what="end of game")
    return EndOfTurnFlip(turn, final, needed)


# --- Strategic Withdraw --------------------------------------------------------------


@dataclass(frozen=True)
class StrategicWithdraw:
    """What a Strategic Withdraw did to a game.

    ``vp_withdrawing``/``vp_other`` are the VP each crew counts as scoring (the VP used to
    find the winner and for Payday); ``vp_forfeited`` is what the withdrawing crew lost and
    ``other_vp_adjustment`` what the other crew's score was raised by.
    """

    turn: int
    early: bool
    vp_withdrawing: int
    vp_other: int
    vp_forfeited: int
    other_vp_adjustment: int
    barter_flips: bool
    aftermath_hand: bool
    aftermath_cards_lost: int
    forfeits_game_scrip: bool
    aftermath_injuries_only: bool

    @property
    def winner(self) -> str | None:
        """"other", "withdrawing", or None for a tie."""
        if self.vp_other == self.vp_withdrawing:
            return None
        return "other" if self.vp_other > self.vp_withdrawing else "withdrawing"


def strategic_withdraw(turn_withdrew: int, vp_withdrawing: int, vp_other: int
                       ) -> StrategicWithdraw:
    """Consequences of a Strategic Withdraw made right after Turn ``turn_withdrew``'s
    initiative flip (the initiative winner may withdraw first; one crew withdraws).

    Give each crew's VP as scored at the end of the game (the other crew plays out the
    remaining Turns). On or before Turn 2 the withdrawing crew gets no VP, no Barter flips
    and no Aftermath Hand, loses the game's Scrip and only flips for Injuries. From Turn 3
    VP count as usual, except that a withdrawing crew with as many VP or more makes the
    other crew count as scoring one VP more than it; the withdrawing crew's Aftermath Hand
    lacks the card for completing the game without withdrawing.
    """
    turn = _turn(turn_withdrew)
    vp_w = _count(vp_withdrawing, "VP")
    vp_o = _count(vp_other, "VP")
    if turn <= LAST_EARLY_WITHDRAW_TURN:
        return StrategicWithdraw(
            turn=turn, early=True, vp_withdrawing=0, vp_other=vp_o, vp_forfeited=vp_w,
            other_vp_adjustment=0, barter_flips=False, aftermath_hand=False,
            aftermath_cards_lost=0, forfeits_game_scrip=True, aftermath_injuries_only=True,
        )
    adjustment = vp_w + 1 - vp_o if vp_w >= vp_o else 0
    return StrategicWithdraw(
        turn=turn, early=False, vp_withdrawing=vp_w, vp_other=vp_o + adjustment,
        vp_forfeited=0, other_vp_adjustment=adjustment, barter_flips=True,
        aftermath_hand=True, aftermath_cards_lost=1, forfeits_game_scrip=False,
        aftermath_injuries_only=False,
    )


# --- Scrip -----------------------------------------------------------------------------


@dataclass(frozen=True)
class EventScrip:
    """Weekly-event Scrip from one game: what was earned, what counts, what the cap cut."""

    amounts: tuple[int, ...]
    cap: int

    @property
    def earned(self) -> int:
        return sum(self.amounts)

    @property
    def counted(self) -> int:
        return min(self.earned, self.cap)

    @property
    def cut(self) -> int:
        return self.earned - self.counted


def event_scrip_for_game(amounts: int | Iterable[int], *, cap: int | None = None) -> EventScrip:
    """Apply the weekly events' per-game limit (6, from the event table) to the Scrip one
    crew earned from the week's event(s) in one game; the excess is recorded in ``cut``."""
    if isinstance(amounts, int):
        amounts = (amounts,)
    amounts = tuple(_count(a, "Event Scrip") for a in amounts)
    if cap is None:
        cap = weekly_events().max_scrip_per_game
    return EventScrip(amounts, _count(cap, "The event Scrip cap"))


#: Weekly events paying event Scrip for each enemy model of some stations killed or
#: sacrificed (Buried at the end counts as killed): Scrip per model, the stations.
CASUALTY_SCRIP: dict[str, tuple[int, frozenset[str]]] = {
    "contract-work": (2, frozenset({"master", "henchman", "enforcer"})),
    "extermination": (2, frozenset({"minion", "peon"})),
}


@dataclass(frozen=True)
class CasualtyScrip:
    """Event Scrip one side earned from enemy casualties: the total and one line per
    model that paid (event key, model name, station)."""

    amount: int
    lines: tuple[tuple[str, str, str], ...] = ()


def casualty_event_scrip(events: Iterable[str], side: str,
                         casualties: Iterable[tuple[str, str, str | None]]) -> CasualtyScrip:
    """Contract Work and Extermination: ``casualties`` are (victim's side, name, station)
    for every model killed, sacrificed or Buried in the game; each *enemy* model (the other
    crew's, never a Neutral one) of the event's stations pays ``side`` 2 Scrip, whoever
    killed it. A model of unknown station pays nothing."""
    paying = [(key, *CASUALTY_SCRIP[key]) for key in dict.fromkeys(events)
              if key in CASUALTY_SCRIP]
    lines, amount = [], 0
    for victim_side, name, station in casualties:
        if victim_side in (side, "neutral", "") or not station:
            continue
        for key, scrip, stations in paying:
            if station in stations:
                amount += scrip
                lines.append((key, name, station))
    return CasualtyScrip(amount, tuple(lines))


@dataclass(frozen=True)
class Payday:
    """One crew's Payday: ``total`` is what it gains before the weekly cap (the ledger's)."""

    vp: int
    vp_scrip: int
    win_bonus: int
    rating_bonus: int
    event: EventScrip
    forfeited: int = 0

    @property
    def earned(self) -> int:
        return self.vp_scrip + self.win_bonus + self.rating_bonus + self.event.counted

    @property
    def total(self) -> int:
        return self.earned - self.forfeited


def payday(vp: int, won: bool, own_rating: int | CampaignRating,
           other_rating: int | CampaignRating,
           event_scrip: int | Iterable[int] | EventScrip = 0, *,
           withdrew_early: bool = False) -> Payday:
    """Scrip for one crew after a game: 1 per 2 VP (rounded up), 1 for the winner (nobody
    in a draw), the rating difference when this crew was the lower-rated, and event Scrip
    up to 6. A crew that withdrew by Turn 2 forfeits all of it (``forfeited``)."""
    vp = _count(vp, "VP")
    difference = _rating(other_rating) - _rating(own_rating)
    event = (event_scrip if isinstance(event_scrip, EventScrip)
             else event_scrip_for_game(event_scrip))
    result = Payday(vp=vp, vp_scrip=(vp + 1) // 2, win_bonus=1 if won else 0,
                    rating_bonus=max(0, difference), event=event)
    if withdrew_early:
        return Payday(result.vp, result.vp_scrip, result.win_bonus, result.rating_bonus,
                      result.event, forfeited=result.earned)
    return result
