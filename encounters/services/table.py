"""Facts the table records for the game record (and so for Bounties): models brought into
play (summoned, or Neutral models of the week's event), Markers placed and removed,
Horror duels failed, Upgrades attached, what a crew notes for its Bounty, the quarters
held each Turn, the Soulstone Pool, and what the table shows at the end.

Each is one small service: the game is locked, the players (or an organizer) write, the
rule is re-checked under the lock, the log says what changed (a secret note only in its
owner's log) and the game's version moves so both phones refresh. A Bounty note is its
owner's alone: only that side's player writes or reveals it.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext, override

from campaign.models import CrewBounty
from encounters.models import (
    BountyNote,
    Game,
    HiredModel,
    MarkerChange,
    ModelEvent,
    Side,
    TableModel,
)
from encounters.services.common import (
    EncounterError,
    lock_game,
    log,
    require_player,
    require_player_or_organizer,
    touch,
)
from rules import tables
from rules.engine import record as game_record
from rules.engine.errors import RulesError

#: Where the tracker writes: a game in play, or one whose result waits for its opponent
#: (end-of-game facts may still be put right before the result counts).
WRITABLE = (Game.State.IN_PLAY, Game.State.REPORTED, Game.State.DISPUTED)
STATIONS = ("master", "henchman", "enforcer", "minion", "peon")
END_COUNTS = ("engaging_leader", "afflicted")


def _require_writable(game: Game, *, in_play: bool = False) -> None:
    states = (Game.State.IN_PLAY,) if in_play else WRITABLE
    if game.state not in states:
        state = game.get_state_display().lower()
        raise EncounterError(
            gettext("The game is %(state)s: this is recorded during play.") % {"state": state}
            if in_play else
            gettext("The game is %(state)s: its record is fixed.") % {"state": state})


def _side(game: Game, key: str) -> Side:
    if key not in game_record.SIDES:
        raise EncounterError(gettext("Choose side a or side b."))
    return game.sides.select_for_update().get(key=key)


# --- Models brought into play -------------------------------------------------------------


def _check_specimen(game: Game, name: str) -> None:
    """Outside the weeks whose event brings Neutral models, only A Fine Specimen's
    Sabertooth Cerberus enters, once per game, in a game of a crew that owns it."""
    if not specimen_sides(game):
        raise EncounterError(gettext("This week's event brings no Neutral models."))
    if name.strip().lower() != SPECIMEN.lower():
        raise EncounterError(
            gettext("This week's event brings no Neutral models: only A Fine Specimen's "
                    "%(name)s may enter.") % {"name": SPECIMEN})
    if game.table_models.filter(origin=TableModel.Origin.NEUTRAL,
                                name__iexact=SPECIMEN).exists():
        raise EncounterError(gettext("A Fine Specimen adds one %(name)s per game.")
                             % {"name": SPECIMEN})


def neutral_names(game: Game) -> list[str]:
    """The Neutral models the game's weekly events bring (``weekly-events.json``)."""
    from encounters.services.game_events import game_events

    names: list[str] = []
    table = tables.weekly_events()
    for key in game_events(game):
        try:
            names += [n for n in table.row(key).neutral_models if n not in names]
        except KeyError:
            continue
    return names


FINE_SPECIMEN = "a-fine-specimen"
#: The Neutral model A Fine Specimen (Mobile Encampment) adds to every game of its crew.
SPECIMEN = "Sabertooth Cerberus"


def specimen_sides(game: Game) -> list[str]:
    """The sides whose crew owns A Fine Specimen: either may add its Neutral model."""
    from campaign.services import hideouts

    return [s.key for s in game.sides.select_related("crew") if s.crew_id
            and FINE_SPECIMEN in hideouts.owned_keys(s.crew)]


def _card_facts(game: Game, name: str) -> dict:
    """Station, Characteristics and cost of the catalogue card named ``name`` (the
    campaign's packs), so a summoned or Neutral model carries its card's facts."""
    from catalogue.models import ModelCard

    cards = ModelCard.objects.filter(name__iexact=name.strip())
    if game.campaign_id:
        packs = list(game.campaign.content_packs.values_list("pk", flat=True))
        if packs:
            cards = cards.filter(pack__in=packs)
    card = cards.first()
    if card is None:
        return {}
    traits = [str(c).lower() for c in card.characteristics or ()]
    if card.is_totem and "totem" not in traits:
        traits.append("totem")
    return {"card": card, "station": card.station, "characteristics": traits,
            "cost": card.cost}


def bring_in_locked(game: Game, *, side: Side | None, name: str, origin: str,
                    station: str = "", cost: int | None = None,
                    characteristics=()) -> TableModel:
    """Add a summoned or Neutral model to a locked game (the catalogue fills what is not
    given)."""
    name = name.strip()[:120]
    if not name:
        raise EncounterError(gettext("Name the model."))
    if station and station not in STATIONS:
        raise EncounterError(gettext("Unknown station %(station)s.") % {"station": repr(station)})
    if cost is not None and not 0 <= cost <= 30:
        raise EncounterError(gettext("A model's cost is a number from 0 to 30."))
    facts = _card_facts(game, name)
    traits = [c.strip().lower() for c in characteristics if c.strip()] or \
        facts.get("characteristics", [])
    return TableModel.objects.create(
        game=game, side=side, origin=origin, name=name, card=facts.get("card"),
        station=station or facts.get("station", ""), characteristics=traits[:12],
        cost=cost if cost is not None else facts.get("cost"), turn=max(game.turn, 1))


@transaction.atomic
def bring_in(*, game: Game, actor, name: str, side_key: str | None, station: str = "",
             cost: int | None = None, characteristics=()) -> TableModel:
    """A model enters play: summoned by ``side_key``'s crew, or (``side_key`` None) a
    Neutral model of the week's event."""
    game = lock_game(game)
    require_player_or_organizer(actor, game)
    _require_writable(game, in_play=True)
    if side_key is None:
        if not neutral_names(game):
            _check_specimen(game, name)
        side, origin = None, TableModel.Origin.NEUTRAL
    else:
        side, origin = _side(game, side_key), TableModel.Origin.SUMMONED
    model = bring_in_locked(game, side=side, name=name, origin=origin, station=station,
                            cost=cost, characteristics=characteristics)
    who = f"Side {side_key} summoned" if side else "A Neutral model enters:"
    log(game, f"{who} {model.name}" + (f" ({model.cost} soulstones)" if model.cost else ""),
        actor=actor, side=side_key or "")
    return model


# --- Markers ---------------------------------------------------------------------------


def markers_in_play(game: Game) -> dict[tuple[str, str, int], int]:
    """(kind, owner, quarter) -> Markers in play now, from every change recorded."""
    counts: dict[tuple[str, str, int], int] = {}
    for kind, owner, quarter, delta in game.marker_changes.values_list(
            "kind", "owner", "quarter", "delta"):
        counts[(kind, owner, quarter)] = counts.get((kind, owner, quarter), 0) + delta
    return counts


@transaction.atomic
def mark(*, game: Game, actor, kind: str, delta: int, owner: str = "", quarter: int = 0,
         by_side: str = "", interact: bool = False) -> MarkerChange:
    """Markers placed (``delta`` > 0) or removed (< 0). A removal needs that many Markers
    in play in that place; an Interact removal is of an enemy Scheme Marker."""
    game = lock_game(game)
    mine = require_player_or_organizer(actor, game)
    _require_writable(game, in_play=True)
    if mine is not None and not by_side:
        by_side = mine.key
    change = game_record.MarkerChange(turn=max(game.turn, 1), kind=kind, delta=delta,
                                      owner=owner, quarter=quarter, by=by_side,
                                      interact=interact)
    try:
        change.check("marker")
    except RulesError as exc:
        raise EncounterError(str(exc).removeprefix("record ")) from None
    if interact and (kind != "scheme" or owner == by_side):
        raise EncounterError(gettext("An Interact removal counted for Cleanup Crew takes an enemy "
                             "Scheme Marker."))
    here = markers_in_play(game).get((kind, owner, quarter), 0)
    if here + delta < 0:
        raise EncounterError(
            gettext("Only %(here)s such Marker(s) are recorded there.") % {"here": here})
    row = MarkerChange.objects.create(
        game=game,
        turn=change.turn,
        kind=kind,
        owner=owner,
        quarter=quarter,
        delta=delta,
        by_side=by_side,
        interact=interact,
        actor=actor,
    )
    where = f"quarter {quarter}" if quarter else "the centre"
    whose = f"side {owner}'s " if owner else ""
    verb = "placed" if delta > 0 else "removed" + (" (Interact)" if interact else "")
    with override("en"):  # stored in English, read in the reader's (rules.log_lines)
        english_kind = str(row.get_kind_display())
    log(
        game,
        f"{abs(delta)} {whose}{english_kind}(s) {verb} in {where}",
        actor=actor,
        side=by_side,
    )
    return row


# --- Model events ------------------------------------------------------------------------


def _model_in(game: Game, model):
    """``model`` (a HiredModel or TableModel) if it belongs to ``game``."""
    if isinstance(model, HiredModel) and model.side.game_id == game.pk:
        return model
    if isinstance(model, TableModel) and model.game_id == game.pk:
        return model
    raise EncounterError(gettext("Choose a model of this game."))


@transaction.atomic
def model_event(*, game: Game, actor, kind: str, model, name: str = "") -> ModelEvent:
    """``model`` failed a Horror duel, or an Upgrade (``name``) was attached to it."""
    game = lock_game(game)
    require_player_or_organizer(actor, game)
    _require_writable(game, in_play=True)
    if kind not in ModelEvent.Kind.values:
        raise EncounterError(gettext("Record a failed Horror duel or an Upgrade attached."))
    model = _model_in(game, model)
    if kind == ModelEvent.Kind.UPGRADE_ATTACHED and not name.strip():
        raise EncounterError(gettext("Name the Upgrade attached."))
    event = ModelEvent.objects.create(
        game=game,
        turn=max(game.turn, 1),
        kind=kind,
        name=name.strip()[:120],
        actor=actor,
        model=model if isinstance(model, HiredModel) else None,
        table_model=model if isinstance(model, TableModel) else None,
    )
    text = (
        f"{model.name} failed a Horror duel"
        if kind == ModelEvent.Kind.HORROR_FAILED
        else f"{event.name} attached to {model.name}"
    )
    log(game, text, actor=actor)
    return event


# --- Bounty notes --------------------------------------------------------------------------


def bounty_of(side: Side) -> str:
    """The Bounty the side's crew holds now ("" for none)."""
    if not side.crew_id:
        return ""
    row = CrewBounty.objects.filter(crew_id=side.crew_id, status=CrewBounty.Status.ACTIVE).first()
    return row.bounty_key if row else ""


@dataclass(frozen=True)
class NoteRules:
    """Who a Bounty lets its crew note, and whether the note is secret."""

    bounty: str
    secret: bool
    names_model: bool


NOTES = {
    "escort-mission": NoteRules("escort-mission", secret=True, names_model=True),
    "hit-list": NoteRules("hit-list", secret=True, names_model=True),
    "roundup": NoteRules("roundup", secret=False, names_model=False),
}


def _check_note(
    game: Game, side: Side, rules: NoteRules, model: HiredModel | None, characteristic: str
) -> str:
    if rules.names_model:
        if model is None or model.side.game_id != game.pk:
            raise EncounterError(gettext("Note one of this game's hired models."))
        if rules.bounty == "escort-mission":
            if model.side_id != side.pk or model.is_leader:
                raise EncounterError(
                    gettext("Escort Mission notes one of your own models, not your Leader.")
                )
        else:
            least = next(b.threshold for b in tables.bounties().rows if b.key == "hit-list")
            if (
                model.side_id == side.pk
                or model.is_leader
                or model.model_cost is None
                or model.model_cost < least
            ):
                raise EncounterError(
                    gettext(
                        "Hit List notes an enemy model, not the Leader, costing %(least)s or more."
                    )
                    % {"least": least}
                )
        return ""
    name = characteristic.strip().lower()
    if not name:
        raise EncounterError(gettext("Name a Characteristic for Roundup."))
    enemies = (
        HiredModel.objects.filter(side__game=game)
        .exclude(side=side)
        .select_related("arsenal_model__card", "wandering_card")
    )
    sharing = sum(1 for h in enemies if name in _traits(h))
    if sharing < 3:
        raise EncounterError(
            gettext(
                "Roundup names a Characteristic at least three enemy models "
                "share; %(sharing)s enemy model(s) are %(characteristic)s."
            )
            % {"sharing": sharing, "characteristic": characteristic}
        )
    return name


def _traits(hired: HiredModel) -> list[str]:
    card = hired.arsenal_model.card if hired.arsenal_model_id else hired.wandering_card
    if card is None:
        return []
    traits = [str(c).lower() for c in card.characteristics or ()]
    return [*traits, "totem"] if card.is_totem and "totem" not in traits else traits


@transaction.atomic
def note(
    *, game: Game, actor, bounty: str, model: HiredModel | None = None, characteristic: str = ""
) -> BountyNote:
    """The player notes a model (Escort Mission, Hit List: secretly, before the game
    starts or in its first Turn) or names a Characteristic (Roundup, after deployment)
    for the Bounty their crew holds. A note is made once."""
    game = lock_game(game)
    mine = require_player(actor, game)
    if game.state not in (Game.State.SET_UP, Game.State.IN_PLAY) or game.turn > 1:
        raise EncounterError(gettext("Bounty notes are made at the start of the game."))
    rules = NOTES.get(bounty)
    if rules is None:
        raise EncounterError(gettext("Only Escort Mission, Hit List and Roundup note something."))
    if not rules.names_model and game.state != Game.State.IN_PLAY:
        raise EncounterError(
            gettext("Roundup's Characteristic is named after deployment: start the game first.")
        )
    side = _side(game, mine.key)
    if bounty_of(side) != bounty:
        raise EncounterError(gettext("Your crew does not hold that Bounty."))
    if side.bounty_notes.filter(bounty_key=bounty).exists():
        raise EncounterError(gettext("This Bounty's note is already made for this game."))
    name = _check_note(game, side, rules, model, characteristic)
    row = BountyNote.objects.create(
        side=side,
        bounty_key=bounty,
        model=model if rules.names_model else None,
        characteristic=name,
        revealed=not rules.secret,
    )
    title = tables_name(bounty)
    if rules.secret:
        log(game, f"Side {side.key} noted a model for {title} (secret)", actor=actor, side=side.key)
        log(
            game,
            f"{title}: you noted {model.name}",
            actor=actor,
            side=side.key,
            secret_for=side.key,
        )
    else:
        log(game, f"Side {side.key} named {name} for {title}", actor=actor, side=side.key)
    return row


def tables_name(bounty: str) -> str:
    return next((b.name for b in tables.bounties().rows if b.key == bounty), bounty)


@transaction.atomic
def reveal_note(*, game: Game, actor, note: BountyNote) -> BountyNote:
    game = lock_game(game)
    mine = require_player(actor, game)
    row = BountyNote.objects.select_for_update(of=("self",)).select_related("model").get(pk=note.pk)
    if row.side_id != mine.pk:
        raise EncounterError(gettext("Reveal your own notes."))
    if row.revealed:
        return row
    row.revealed, row.revealed_on_turn = True, game.turn
    row.save(update_fields=["revealed", "revealed_on_turn"])
    log(
        game,
        f"Side {mine.key} revealed its {tables_name(row.bounty_key)} note: "
        f"{row.model.name if row.model_id else row.characteristic}",
        actor=actor,
        side=mine.key,
    )
    return row


# --- The end of the game, the quarters, the Pool ------------------------------------------


@transaction.atomic
def set_end_facts(
    *,
    game: Game,
    actor,
    side_key: str,
    in_their_zone: tuple[int, int] | None = None,
    engaging_leader: int | None = None,
    afflicted: int | None = None,
    pigs: list[int] | None = None,
    pool: int | None = None,
    escorted: bool | None = None,
) -> Side:
    """What the table shows at the end, for ``side_key``'s crew: ``in_their_zone`` is
    (its models, the enemy's and Neutral models) in the opponent's Deployment Zone; its
    models engaging the enemy Leader; enemy models it afflicted; the quarters holding its
    Pigs; Soulstones left in its Pool; whether its Escort Mission model ended in the enemy
    zone (its player only). Only what is given changes."""
    game = lock_game(game)
    mine = require_player_or_organizer(actor, game)
    _require_writable(game)
    side = _side(game, side_key)
    facts = dict(side.end_facts or {})
    try:
        if in_their_zone is not None:
            theirs = _side(game, "b" if side_key == "a" else "a")
            ours, enemies = (game_record._int(n, "in_their_zone", high=50) for n in in_their_zone)
            zone = {**{"a": 0, "b": 0, "neutral": 0}, **(theirs.end_facts or {}).get("zone", {})}
            zone.update({side_key: ours, theirs.key: enemies, "neutral": 0})
            theirs.end_facts = {**(theirs.end_facts or {}), "zone": zone}
            theirs.save(update_fields=["end_facts"])
        for name, value in (("engaging_leader", engaging_leader), ("afflicted", afflicted)):
            if value is not None:
                facts[name] = game_record._int(value, name, high=50)
        if pigs is not None:
            facts["pigs"] = sorted(
                {game_record._one_of(q, game_record.QUARTERS, "pigs") for q in pigs}
            )
        if pool is not None:
            side.soulstone_pool = game_record._int(pool, "pool", high=99)
    except RulesError as exc:
        raise EncounterError(str(exc).removeprefix("record ")) from None
    if escorted is not None:
        if mine is None or mine.pk != side.pk:
            raise EncounterError(gettext("Only the crew's player answers for its Escort Mission."))
        note = side.bounty_notes.filter(bounty_key="escort-mission").first()
        if note is None:
            raise EncounterError(gettext("No model was noted for Escort Mission."))
        note.escorted = escorted
        note.save(update_fields=["escorted"])
    side.end_facts = facts
    side.save(update_fields=["end_facts", "soulstone_pool"])
    log(game, f"End of the game recorded for side {side_key}", actor=actor, side=side_key)
    return side


@transaction.atomic
def hold_quarters(*, game: Game, actor, side_key: str, quarters: list[int]) -> Side:
    """The board quarters ``side_key`` holds at the end of the current Turn."""
    game = lock_game(game)
    require_player_or_organizer(actor, game)
    _require_writable(game, in_play=True)
    side = _side(game, side_key)
    if any(q not in game_record.QUARTERS for q in quarters):
        raise EncounterError(gettext("Quarters are numbered 1 to 4."))
    held = dict(side.quarters_held or {})
    held[str(game.turn)] = sorted(set(quarters))
    side.quarters_held = held
    side.save(update_fields=["quarters_held"])
    touch(game)
    return side


@transaction.atomic
def adjust_pool(*, game: Game, actor, side_key: str, change: int) -> Side:
    """A Soulstone spent (-1) or gained (+1) from ``side_key``'s Pool."""
    game = lock_game(game)
    require_player_or_organizer(actor, game)
    _require_writable(game, in_play=True)
    side = _side(game, side_key)
    if change not in (-1, 1):
        raise EncounterError(gettext("The Pool changes one Soulstone at a time."))
    now = (side.soulstone_pool or 0) + change
    if now < 0:
        raise EncounterError(gettext("The Soulstone Pool is already empty."))
    side.soulstone_pool = now
    side.save(update_fields=["soulstone_pool"])
    log(
        game,
        f"Side {side_key} {'spent' if change < 0 else 'gained'} a Soulstone ({now} left)",
        actor=actor,
        side=side_key,
    )
    return side


__all__ = [
    "adjust_pool",
    "bounty_of",
    "bring_in",
    "hold_quarters",
    "mark",
    "model_event",
    "neutral_names",
    "note",
    "reveal_note",
    "set_end_facts",
]
