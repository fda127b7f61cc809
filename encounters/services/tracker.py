"""The live tracker at the table (assist mode): turns and initiative, VP with the book's
caps, schemes revealed, kills and Finished Off flips, event scrip, Strategic Withdraw and
the end-of-game flip. Every flip is made by a freshly seeded server deck or entered as
flipped at the table, and recorded.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext

from encounters.models import (
    Casualty,
    Game,
    HiredModel,
    LucrativeScheme,
    MarkerChange,
    SchemeChoice,
    Side,
    TableModel,
)
from encounters.services import lucrative
from encounters.services.common import (
    EncounterError,
    lock_game,
    log,
    move,
    other,
    require_player,
    require_player_or_organizer,
)
from rules import services as flip_services
from rules import tables
from rules.engine import campaign_game, scoring
from rules.engine.cards import Card
from rules.engine.errors import RulesError

MAX_TURNS = 10


def _flip(game: Game, purpose: str, actor, *, table_card: str | None = None,
          cheated_in: str | None = None, subject=None, positive: int = 0, chooser=None):
    """A recorded flip: the server's (fresh seed) or the card flipped at the table.
    ``positive``/``chooser`` twist a server flip (the table card is the one chosen)."""
    subject = subject or game
    if table_card:
        return flip_services.record_table_flip(purpose=f"Game {game.pk}: {purpose}",
                                               cards=[table_card], actor=actor,
                                               cheated_in=cheated_in, subject=subject)
    record = flip_services.server_flip(purpose=f"Game {game.pk}: {purpose}", actor=actor,
                                       subject=subject, positive=positive, chooser=chooser)
    if cheated_in:
        record.cheated_in = Card.parse(cheated_in).code
        record.save(update_fields=["cheated_in"])
    return record


def _side(game: Game, key: str) -> Side:
    return game.sides.select_for_update().get(key=key)


def limits_for(game: Game) -> scoring.VictoryLimits:
    return scoring.victory_limits("shindig" if game.setup.get("shindig") else "standard")


def _require_in_play(game: Game) -> None:
    if game.state != Game.State.IN_PLAY:
        raise EncounterError(
            gettext("The game is %(lower)s, not in play.")
            % {"lower": game.get_state_display().lower()}
        )


@transaction.atomic
def start(*, game: Game, actor) -> Game:
    """Set up -> in play, turn 1. Campaign games need both hires revealed."""
    game = lock_game(game)
    require_player_or_organizer(actor, game)
    sides = list(game.sides.all())
    if game.campaign_id and not all(s.hire_revealed for s in sides):
        raise EncounterError(
            gettext("Both players hire and reveal their crews before the game starts.")
        )
    if any(s.schemes.count() != 2 for s in sides):
        raise EncounterError(
            gettext("Both players choose their two schemes before the game starts.")
        )
    move(game, Game.State.IN_PLAY)
    game.turn = 1
    game.save(update_fields=["state", "turn", "updated_at"])
    log(game, "The game begins: Turn 1", actor=actor)
    _place_start_markers(game, sides, actor)
    return game


#: Fortifications that put a Marker anywhere on the centre line at the start of the game
#: (Loose Gravedirt: a Corpse Marker; Pick and Pull: a Scrap Marker), by the Marker kind.
START_MARKERS = {"loose-gravedirt": ("Loose Gravedirt", MarkerChange.Kind.CORPSE, "Corpse"),
                 "pick-and-pull": ("Pick and Pull", MarkerChange.Kind.SCRAP, "Scrap")}


def _place_start_markers(game: Game, sides, actor) -> None:
    """Record the start-of-game Markers of each crew's Fortifications for its player, on
    the centre line (quarter 0: in no single quarter); the log says where to put them."""
    from campaign.services import hideouts

    for side in sides:
        if not side.crew_id:
            continue
        owned = hideouts.owned_keys(side.crew)
        for key, (name, kind, word) in START_MARKERS.items():
            if key not in owned:
                continue
            MarkerChange.objects.create(game=game, turn=1, kind=kind, delta=1, quarter=0,
                                        by_side=side.key, actor=actor)
            log(game, f"{name}: side {side.key} places a {word} Marker anywhere on the "
                "centre line", actor=actor, side=side.key)


@transaction.atomic
def flip_initiative(*, game: Game, actor, table_cards: dict[str, str] | None = None) -> str:
    """Both players flip; the higher card wins (ties flip again). Returns the winner."""
    game = lock_game(game)
    require_player_or_organizer(actor, game)
    _require_in_play(game)
    for _ in range(20):
        cards = {}
        for key in ("a", "b"):
            card = (table_cards or {}).get(key)
            cards[key] = Card.parse(
                _flip(
                    game, f"turn {game.turn} initiative, side {key}", actor, table_card=card
                ).final
            )
        if cards["a"].value != cards["b"].value:
            break
        if table_cards:
            raise EncounterError(gettext("The initiative cards tie: flip again at the table."))
    winner = "a" if cards["a"].value > cards["b"].value else "b"
    game.first_player = winner
    game.initiative = {"turn": game.turn, "a": cards["a"].code, "b": cards["b"].code}
    game.save(update_fields=["first_player", "initiative", "updated_at"])
    log(
        game,
        f"Turn {game.turn} initiative: {cards['a']} vs {cards['b']}, side {winner} goes first",
        actor=actor,
    )
    return winner


#: How a player pays for an initiative reflip: a Soulstone, or 1 Scrip with Brain In a Jar.
PAYMENTS = ("soulstone", "scrip")


@transaction.atomic
def reflip_initiative(*, game: Game, actor, pay: str = "soulstone") -> str:
    """Spend a Soulstone from the pool (or, with Brain In a Jar, 1 Scrip of the crew) to
    reflip the player's own initiative card."""
    from encounters.services import scrip_effects

    game = lock_game(game)
    mine = require_player(actor, game)
    _require_in_play(game)
    if pay not in PAYMENTS:
        raise EncounterError(gettext("Pay with a soulstone or with scrip."))
    if game.initiative.get("turn") != game.turn:
        raise EncounterError(gettext("Flip for initiative this turn before reflipping it."))
    side = _side(game, mine.key)
    crew = None
    if pay == "scrip":
        crew = scrip_effects.require(side, scrip_effects.ScripEffect.Kind.BRAIN_IN_A_JAR)
    elif not side.soulstone_pool:
        raise EncounterError(gettext("Your Soulstone Pool is empty."))
    else:
        side.soulstone_pool -= 1
        side.save(update_fields=["soulstone_pool"])
    record = _flip(game, f"turn {game.turn} initiative reflip, side {side.key}", actor)
    card = Card.parse(record.final)
    if crew is not None:
        scrip_effects.pay(game, side, crew, scrip_effects.ScripEffect.Kind.BRAIN_IN_A_JAR,
                          actor, f"reflipped initiative, Turn {game.turn}", flip=record)
    cards = {**game.initiative, side.key: card.code}
    theirs = Card.parse(cards[other(side.key)])
    if card.value == theirs.value:  # a tie: both flip again, as for any initiative tie
        for key in ("a", "b"):
            cards[key] = _flip(game, f"turn {game.turn} initiative tie, side {key}", actor).final
    game.initiative = cards
    game.first_player = "a" if Card.parse(cards["a"]).value > Card.parse(cards["b"]).value else "b"
    game.save(update_fields=["initiative", "first_player", "updated_at"])
    paid = "1 Scrip (Brain In a Jar)" if crew is not None else "a Soulstone"
    log(
        game,
        f"Side {side.key} spent {paid} to reflip initiative: {card}; side "
        f"{game.first_player} goes first",
        actor=actor,
        side=side.key,
    )
    return card.code


@transaction.atomic
def score_strategy(*, game: Game, actor, side_key: str, vp: int) -> int:
    """Strategy VP for the current turn, within the strategy cap and the game total."""
    game = lock_game(game)
    require_player_or_organizer(actor, game)
    _require_in_play(game)
    side = _side(game, side_key)
    score = _score(game, side)
    try:
        award = score.add_strategy_vp(game.turn, vp)
    except RulesError as exc:
        raise EncounterError(str(exc)) from exc
    turns = dict(side.strategy_vp or {})
    turns[str(game.turn)] = turns.get(str(game.turn), 0) + award.added
    side.strategy_vp = turns
    side.save(update_fields=["strategy_vp"])
    log(game, f"Side {side_key} scored {award.added} Strategy VP", actor=actor, side=side_key)
    return score.total


@transaction.atomic
def score_scheme(*, game: Game, actor, scheme: SchemeChoice, vp: int) -> int:
    """Scheme VP within the per-scheme cap; scoring an unrevealed scheme stays secret."""
    game = lock_game(game)
    choice = (
        SchemeChoice.objects.select_for_update(of=("self",))
        .select_related("side")
        .get(pk=scheme.pk)
    )
    mine = require_player(actor, game)
    if choice.side.game_id != game.pk or choice.side_id != mine.pk:
        raise EncounterError(gettext("Score your own schemes."))
    _require_in_play(game)
    cap = unrevealed_cap(choice.scheme_key)
    if cap is not None and not choice.revealed and choice.vp + vp > cap:
        raise EncounterError(
            gettext(
                "%(scheme_name)s scores its last VP only when revealed: "
                "reveal it first (at most %(cap)s VP while hidden)."
            )
            % {"scheme_name": _scheme_name(choice.scheme_key), "cap": cap}
        )
    score = _score(game, choice.side)
    try:
        award = score.add_scheme_vp(choice.scheme_key, vp)
    except RulesError as exc:
        raise EncounterError(str(exc)) from exc
    choice.vp += award.added
    choice.save(update_fields=["vp"])
    name = _scheme_name(choice.scheme_key) if choice.revealed else "a hidden scheme"
    log(game, f"Side {mine.key} scored {award.added} VP from {name}", actor=actor, side=mine.key)
    return score.total


@transaction.atomic
def reveal_scheme(*, game: Game, actor, scheme: SchemeChoice) -> SchemeChoice:
    game = lock_game(game)
    mine = require_player(actor, game)
    choice = SchemeChoice.objects.select_for_update().get(pk=scheme.pk)
    if choice.side_id != mine.pk:
        raise EncounterError(gettext("Reveal your own schemes."))
    if choice.revealed:
        return choice
    choice.revealed, choice.revealed_on_turn = True, game.turn
    choice.save(update_fields=["revealed", "revealed_on_turn"])
    noted = f" (noting {choice.noted_model})" if choice.noted_model_id else ""
    log(
        game,
        f"Side {mine.key} revealed {_scheme_name(choice.scheme_key)}{noted}",
        actor=actor,
        side=mine.key,
    )
    return choice


def _own_third(game: Game, actor) -> tuple[Side, LucrativeScheme]:
    mine = require_player(actor, game)
    third = LucrativeScheme.objects.select_for_update().filter(side=mine).first()
    if third is None:
        raise EncounterError(gettext("You chose no third scheme (A Lucrative Offer)."))
    return mine, third


@transaction.atomic
def reveal_third_scheme(*, game: Game, actor) -> LucrativeScheme:
    """Reveal the player's A Lucrative Offer scheme (and its noted model) to everyone."""
    game = lock_game(game)
    mine, third = _own_third(game, actor)
    if third.revealed:
        return third
    third.revealed, third.revealed_on_turn = True, game.turn
    third.save(update_fields=["revealed", "revealed_on_turn"])
    noted = f" (noting {third.noted_model})" if third.noted_model_id else ""
    log(game, f"Side {mine.key} revealed its A Lucrative Offer scheme: "
        f"{_scheme_name(third.scheme_key)}{noted} (scrip, not VP)", actor=actor, side=mine.key)
    return third


@transaction.atomic
def score_third_scheme(*, game: Game, actor, vp: int) -> LucrativeScheme:
    """The VP the third scheme would have scored so far (replacing what was entered), in
    the scheme's own caps. No VP total changes; the record pays 2 Scrip per VP."""
    game = lock_game(game)
    mine, third = _own_third(game, actor)
    _require_in_play(game)
    cap, hidden = lucrative.vp_cap(third.scheme_key), lucrative.hidden_cap(third.scheme_key)
    name = _scheme_name(third.scheme_key)
    if vp < 0 or vp > cap:
        raise EncounterError(gettext("%(scheme_name)s scores at most %(cap)s VP.")
                             % {"scheme_name": name, "cap": cap})
    if hidden is not None and not third.revealed and vp > hidden:
        raise EncounterError(
            gettext(
                "%(scheme_name)s scores its last VP only when revealed: "
                "reveal it first (at most %(cap)s VP while hidden)."
            )
            % {"scheme_name": name, "cap": hidden}
        )
    third.vp_equivalent = vp
    third.save(update_fields=["vp_equivalent"])
    shown = name if third.revealed else "its hidden third scheme"
    scrip = vp * lucrative.scrip_per_vp()
    log(game, f"Side {mine.key}: {shown} is worth {vp} VP, paid as {scrip} Scrip "
        "(A Lucrative Offer)", actor=actor, side=mine.key,
        secret_for="" if third.revealed else mine.key)
    return third


def _scheme(key: str):
    from rules.encounter_tables import encounter_tables

    try:
        return encounter_tables().scheme(key)
    except KeyError:
        return None


def _scheme_name(key: str) -> str:
    scheme = _scheme(key)
    return scheme.name if scheme else key.replace("-", " ").title()


def unrevealed_cap(key: str) -> int | None:
    """A scheme whose last VP needs it revealed scores at most one less while hidden."""
    scheme = _scheme(key)
    if scheme is None or not scheme.reveal_bonus:
        return None
    return max(0, scheme.max_vp - 1)


def _score(game: Game, side: Side) -> scoring.Score:
    """Rebuild the side's score (with the game's caps) from what is recorded."""
    choices = list(side.schemes.all())
    score = scoring.Score(
        [c.scheme_key for c in choices],
        limits_for(game),
        revealed=[c.scheme_key for c in choices if c.revealed],
    )
    for turn, vp in sorted((side.strategy_vp or {}).items(), key=lambda kv: int(kv[0])):
        if vp:
            score.add_strategy_vp(int(turn), int(vp))
    for choice in choices:
        if choice.vp:
            score.add_scheme_vp(choice.scheme_key, choice.vp)
    return score


KILLER_SIDES = ("a", "b", "neutral", "")


@transaction.atomic
def record_casualty(
    *,
    game: Game,
    actor,
    side_key: str,
    model: HiredModel | None = None,
    summoned_name: str = "",
    how: str = Casualty.How.KILLED,
    by_model: HiredModel | None = None,
    by_effect: str = "",
    automatic: bool = False,
    table_model: TableModel | None = None,
    by_table_model: TableModel | None = None,
    by_side: str | None = None,
    action: str = "",
    blast: bool = False,
    own_activation: bool = False,
) -> Casualty:
    """A model of ``side_key`` (``"neutral"`` for a Neutral model) was killed or
    sacrificed, by a hired model, a summoned or Neutral model, or an effect (credited to
    ``by_side``). Summoned and Neutral models are not arsenal models and never flip; an
    arsenal model flips to be Finished Off only once a game, and is Finished Off without a
    flip when a Neutral model killed it (NEUTRAL MODELS). Naming a summoned model that is
    not on the table yet brings it in. Both Soulstone Pools are noted as they stand."""
    from encounters.services import table as table_facts

    game = lock_game(game)
    require_player_or_organizer(actor, game)
    _require_in_play(game)
    if how not in Casualty.How.values:
        raise EncounterError(gettext("A model is killed, sacrificed or buried at the end."))
    if table_model is not None:
        side_key = table_model.side.key if table_model.side_id else NEUTRAL
    side = None if side_key == NEUTRAL else _side(game, side_key)
    if model is not None and (side is None or model.side_id != side.pk):
        raise EncounterError(gettext("That model is not on this side."))
    for killer in (by_model, by_table_model):
        if killer is not None and _game_of(killer) != game.pk:
            raise EncounterError(gettext("The killer must be a model of this game."))
    if table_model is not None and table_model.game_id != game.pk:
        raise EncounterError(gettext("That model is not in this game."))
    if model is None and table_model is None:
        if not summoned_name.strip():
            raise EncounterError(
                gettext("Name the model: a hired model, or a summoned one by name.")
            )
        if side is None:
            raise EncounterError(
                gettext("Add the Neutral model to the table first, then record it.")
            )
        table_model = table_facts.bring_in_locked(
            game, side=side, name=summoned_name, origin=TableModel.Origin.SUMMONED
        )
    killer_side = _killer_side(by_model, by_table_model, by_side)
    sides = {s.key: s.soulstone_pool for s in game.sides.all()}
    earlier = model is not None and game.casualties.filter(model=model).exists()
    casualty = Casualty(
        game=game,
        side=side,
        model=model,
        table_model=table_model,
        summoned_name=summoned_name[:120],
        how=how,
        by_model=by_model,
        by_table_model=by_table_model,
        by_effect=by_effect[:120],
        by_side=killer_side,
        action=action[:60],
        blast=blast,
        own_activation=own_activation,
        pools=sides,
        turn=game.turn,
    )
    by_neutral = by_table_model is not None and by_table_model.side_id is None
    campaign = game.campaign if game.campaign_id else None
    automatic_reason = ""
    if campaign is not None and campaign.unavoidable_injury and \
            "finished_off_cannot_be_cheated" in _event_flags(game):
        automatic = True  # Unavoidable Injury: an uncheatable flip becomes no flip at all
    if campaign is not None and model is not None and model.arsenal_model_id and \
            accident_prone(model.arsenal_model_id):
        automatic, automatic_reason = True, "Accident Prone"
    elif campaign is not None and by_model is not None and _has_skill(by_model, SCAVENGER):
        automatic, automatic_reason = True, "killed by The Scavenger"
    if model is None or (model.arsenal_model_id is None and game.campaign_id):
        casualty.finished_off = Casualty.FinishedOff.NOT_ARSENAL
    elif campaign is not None and campaign.no_injuries:
        casualty.finished_off = Casualty.FinishedOff.NO_INJURIES
    elif earlier:
        casualty.finished_off = (
            Casualty.FinishedOff.AUTOMATIC
            if automatic or by_neutral
            else Casualty.FinishedOff.ALREADY
        )
    elif automatic or by_neutral:
        casualty.finished_off = Casualty.FinishedOff.AUTOMATIC
    casualty.threshold = finished_off_threshold(model)
    casualty.save()
    if campaign is not None and model is not None and model.arsenal_model_id:
        _collect_wanted(game, side, model, casualty, actor)
        _remind_when_killed(game, model, side_key, actor)
    victim = casualty.victim_name + (f" ({table_model.get_origin_display().lower()})"
                                     if table_model else "")
    log(game, f"{victim} was {casualty.get_how_display().lower()} by {casualty.killer_name}"
        + (f": Finished Off ({automatic_reason})" if automatic_reason and
           casualty.finished_off == Casualty.FinishedOff.AUTOMATIC else ""),
        actor=actor, side="" if side is None else side_key)
    return casualty


NEUTRAL = "neutral"


def _remind_when_killed(game: Game, model: HiredModel, side_key: str, actor) -> None:
    """Table-only results whose moment is this death (Baggage, Martyr...): the log
    reminds the players to apply them (``rules/table_only.py``)."""
    from campaign.models import ArsenalUpgrade
    from rules import table_only

    for name, key in ArsenalUpgrade.objects.filter(
            attached_to_id=model.arsenal_model_id, status=ArsenalUpgrade.Status.ACTIVE,
            table_key__in=list(table_only.WHEN_KILLED)).values_list("name", "table_key"):
        log(game, f"Apply at the table: {model.name}'s {name} ({table_only.summary(key)})",
            actor=actor, side=side_key)


TOUGH_AS_NAILS = "tough-as-nails"
TOUGH_THRESHOLD = 11


def accident_prone(arsenal_model_id: int) -> bool:
    """An active Injury flagged ``auto_finished_off`` (Accident Prone): the model is
    Finished Off without a flip whenever it is killed or sacrificed."""
    from campaign.models import ArsenalUpgrade

    keys = {row.key for row in tables.injury_chart().rows if "auto_finished_off" in row.flags}
    return ArsenalUpgrade.objects.filter(
        attached_to_id=arsenal_model_id, kind=ArsenalUpgrade.Kind.INJURY,
        status=ArsenalUpgrade.Status.ACTIVE, table_key__in=keys).exists()


#: Outcasts faction Injury: models it kills are automatically Finished Off.
SCAVENGER = "the-scavenger"


def _has_skill(model: HiredModel, key: str) -> bool:
    from campaign.models import ArsenalUpgrade

    return bool(model.arsenal_model_id) and ArsenalUpgrade.objects.filter(
        attached_to_id=model.arsenal_model_id, table_key=key,
        status=ArsenalUpgrade.Status.ACTIVE).exists()


def finished_off_threshold(model: HiredModel | None) -> int:
    """The lowest Finished Off value for a hired model, from its Skills: 11 with Tough As
    Nails (book: Campaign Upgrades), else 3. Nobody types it at the table."""
    from campaign.models import ArsenalUpgrade

    if model is not None and model.arsenal_model_id and ArsenalUpgrade.objects.filter(
            attached_to_id=model.arsenal_model_id, table_key=TOUGH_AS_NAILS,
            status=ArsenalUpgrade.Status.ACTIVE).exists():
        return TOUGH_THRESHOLD
    return campaign_game.FINISHED_OFF_THRESHOLD


def _collect_wanted(game: Game, side: Side, model: HiredModel, casualty: Casualty,
                    actor) -> None:
    """A Wanted model fell: its opponent is paid now and the Injury is gone."""
    from campaign.services import wanted

    opponent = game.sides.exclude(pk=side.pk).select_related("crew").first()
    week = game.week.number if game.week_id else game.campaign.current_week
    paid = wanted.collect(model_id=model.arsenal_model_id,
                          opponent=opponent.crew if opponent and opponent.crew_id else None,
                          week=week, source=casualty, actor=actor)
    if paid:
        log(game, f"{model.name} was Wanted: side {opponent.key} gains {paid} Scrip",
            actor=actor, side=opponent.key)


def _game_of(model: HiredModel | TableModel) -> int:
    return model.game_id if isinstance(model, TableModel) else model.side.game_id


def _killer_side(by_model, by_table_model, by_side: str | None) -> str:
    """The side whose model did it; an effect is credited to ``by_side`` (blank: nobody)."""
    if by_model is not None:
        return by_model.side.key
    if by_table_model is not None:
        return by_table_model.side.key if by_table_model.side_id else NEUTRAL
    if by_side not in KILLER_SIDES and by_side is not None:
        raise EncounterError(
            gettext("Credit the effect to side a, side b, a Neutral model or nobody.")
        )
    return by_side or ""


@transaction.atomic
def flip_finished_off(
    *,
    casualty: Casualty,
    actor,
    table_card: str | None = None,
    cheated_in: str | None = None,
    threshold: int | None = None,
) -> Casualty:
    """The victim's controller flips (3 or more: Finished Off; 11 for a model with Tough As
    Nails, read from its Skills). ``threshold`` may only raise it (On Our Ground, whose
    10" the tracker cannot see). Cheating is allowed unless the week's event forbids it (A
    Bad Moon Rises) or the campaign uses Unavoidable Injury."""
    game = lock_game(casualty.game_id)
    casualty = (
        Casualty.objects.select_for_update(of=("self",)).select_related("side").get(pk=casualty.pk)
    )
    mine = require_player(actor, game)
    if casualty.side_id != mine.pk:
        raise EncounterError(gettext("The model's controller makes its Finished Off flip."))
    if casualty.finished_off != Casualty.FinishedOff.PENDING:
        raise EncounterError(gettext("This model's Finished Off flip is already settled."))
    unavoidable = bool(game.campaign_id) and game.campaign.unavoidable_injury
    may_cheat = not unavoidable and "finished_off_cannot_be_cheated" not in _event_flags(game)
    if cheated_in and unavoidable:
        raise EncounterError(gettext("Finished Off flips may not be cheated in this campaign "
                                     "(Unavoidable Injury)."))
    if cheated_in and not may_cheat:
        raise EncounterError(
            gettext("Nobody may cheat a Finished Off flip this week (A Bad Moon Rises).")
        )
    bouncer = _has_bouncer(casualty.side)
    threshold = max(finished_off_threshold(casualty.model), threshold or 0)
    try:
        record = _flip(game, f"Finished Off: {casualty.model}", actor, table_card=table_card,
                       cheated_in=cheated_in, subject=casualty, positive=int(bouncer),
                       chooser=campaign_game.keep_for_finished_off)
        result = campaign_game.finished_off(Card.parse(record.final), threshold=threshold,
                                            may_cheat=may_cheat, cheated=bool(cheated_in))
    except RulesError as exc:
        raise EncounterError(str(exc)) from exc
    casualty.flip, casualty.threshold = record, result.threshold
    casualty.finished_off = (
        Casualty.FinishedOff.FINISHED if result.needs_injury_flip else Casualty.FinishedOff.SPARED
    )
    casualty.save(update_fields=["flip", "threshold", "finished_off"])
    log(game, f"{casualty.model}: flipped {record.final} for Finished Off"
        + (" (Bouncer: +)" if bouncer else "") + f": {casualty.get_finished_off_display()}",
        actor=actor, side=mine.key)
    return casualty


def _has_bouncer(side: Side | None) -> bool:
    """Bouncer (Saloon): the crew's models get + to Finished Off flips."""
    from campaign.services import hideouts

    return bool(side and side.crew_id) and bool(hideouts.finished_off_twist(side.crew))


def _event_flags(game: Game) -> set[str]:
    from encounters.services.games import game_events

    flags: set[str] = set()
    keys = game_events(game)
    table = tables.weekly_events()
    for key in keys:
        try:
            flags.update(table.row(key).flags)
        except KeyError:
            continue
    return flags


@transaction.atomic
def add_event_scrip(*, game: Game, actor, side_key: str, amount: int, why: str) -> int:
    """Weekly-event scrip earned at the table (e.g. markers discarded); 6 per game at most.
    Returns what was counted."""
    game = lock_game(game)
    require_player_or_organizer(actor, game)
    _require_in_play(game)
    if amount <= 0:
        raise EncounterError(gettext("Enter the scrip earned (a positive number)."))
    side = _side(game, side_key)
    capped = campaign_game.event_scrip_for_game([side.event_scrip, amount])
    counted = capped.counted - side.event_scrip
    # A Lucrative Offer's third scheme shares the cap; the record applies it to both, so
    # the full table scrip is kept here and the log says what counts as of now.
    third = lucrative.scrip_of(side)
    if third:
        counted = min(counted, max(0, campaign_game.event_scrip_for_game(
            [side.event_scrip, third, amount]).counted
            - campaign_game.event_scrip_for_game([side.event_scrip, third]).counted))
    side.event_scrip = capped.counted
    side.save(update_fields=["event_scrip"])
    cut = f" ({amount - counted} over the 6-per-game limit)" if counted < amount else ""
    log(
        game,
        f"Side {side_key} earned {counted} event scrip: {why}{cut}",
        actor=actor,
        side=side_key,
    )
    return counted


@transaction.atomic
def strategic_withdraw(*, game: Game, actor) -> Side:
    """The player's crew leaves the table (right after the initiative flip)."""
    game = lock_game(game)
    mine = require_player(actor, game)
    _require_in_play(game)
    side = _side(game, mine.key)
    if side.withdrew_on_turn or _side(game, other(mine.key)).withdrew_on_turn:
        raise EncounterError(gettext("A crew has already withdrawn from this game."))
    side.withdrew_on_turn = game.turn
    side.save(update_fields=["withdrew_on_turn"])
    when = (
        "on or before Turn 2: no VP, Barter or Aftermath hand"
        if game.turn <= 2
        else "from Turn 3: VP compared as the rules say"
    )
    log(
        game,
        f"Side {mine.key} made a Strategic Withdraw on Turn {game.turn} ({when})",
        actor=actor,
        side=mine.key,
    )
    return side


@transaction.atomic
def end_turn(*, game: Game, actor, table_card: str | None = None) -> bool:
    """End the current turn. From Turn 5 a card decides whether the game goes on (it
    cannot be cheated). Returns True when the game continues."""
    game = lock_game(game)
    require_player_or_organizer(actor, game)
    _require_in_play(game)
    if game.ended_on_turn:
        raise EncounterError(
            gettext("The game ended on Turn %(ended_on_turn)s: report the result.")
            % {"ended_on_turn": game.ended_on_turn}
        )
    needed = campaign_game.continue_value_needed(game.turn)
    if needed is not None:
        record = _flip(game, f"end of Turn {game.turn}", actor, table_card=table_card)
        flip = campaign_game.end_of_game_flip(game.turn, Card.parse(record.final))
        if flip.game_ends or game.turn >= MAX_TURNS:
            game.ended_on_turn = game.turn
            game.save(update_fields=["ended_on_turn", "updated_at"])
            log(
                game,
                f"End of Turn {game.turn}: flipped {record.final}, needed {needed}: the game ends",
                actor=actor,
            )
            return False
        log(
            game,
            f"End of Turn {game.turn}: flipped {record.final}, needed {needed}: the game goes on",
            actor=actor,
        )
    game.turn += 1
    game.save(update_fields=["turn", "updated_at"])
    log(game, f"Turn {game.turn} begins", actor=actor)
    return True
