"""Hide Out Fortifications paid in Scrip at the table (Hidden Lab, Swamp Village):

- Brain In a Jar: 1 Scrip instead of a Soulstone to reflip initiative
  (``tracker.reflip_initiative(pay="scrip")`` calls ``pay`` here).
- Metal Servant: once per game, 1 Scrip to reflip the Strategy flip, while the game is
  set up and before either crew is revealed or any scheme chosen (the window in which
  the book's Strategy flip is made; a later reflip would change the game crews were hired
  and schemes chosen for).
- BBQ: once per Turn, after that Turn's initiative flip, 1 Scrip to heal 1 damage on one
  of the crew's models in play. The tracker keeps no damage: the log names the model and
  the players remove the damage at the table.

Each use writes a ``ScripEffect`` row (the limits), a ledger entry naming the
Fortification and the game, and a log line. Every refusal is checked before anything is
written.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext, override

from campaign.services import hideouts, scrip
from encounters.models import Game, HiredModel, SchemeChoice, ScripEffect, Side
from encounters.services.common import EncounterError, lock_game, log, require_player
from encounters.services.in_play import models_in_play
from rules import services as flip_services
from rules.encounter_tables import encounter_tables
from rules.engine.cards import Card

COST = 1
NAMES = dict(ScripEffect.Kind.choices)


def _week(game: Game) -> int:
    return game.week.number if game.week_id else game.campaign.current_week


def owns(side: Side | None, kind: str) -> bool:
    return bool(side and side.crew_id) and kind in hideouts.owned_keys(side.crew)


def require(side: Side, kind: str):
    """The side's crew, locked, when it owns ``kind`` and has the Scrip; else refuse."""
    name = str(NAMES[kind])
    if not owns(side, kind):
        raise EncounterError(gettext("Your crew's Hide Out has no %(name)s.") % {"name": name})
    crew = scrip.lock_crew(side.crew)
    if crew.scrip < COST:
        raise EncounterError(gettext("%(name)s costs 1 Scrip; your crew has none.")
                             % {"name": name})
    return crew


def pay(game: Game, side: Side, crew, kind: str, actor, what: str, *, flip=None,
        model_name: str = "") -> ScripEffect:
    """Spend the Scrip (the crew is locked by ``require``) and record the use."""
    with override("en"):  # stored in English, read in the reader's (rules.log_lines)
        name = str(NAMES[kind])
    scrip.spend_scrip(crew, COST, week=_week(game), locked=crew, actor=actor, source=game,
                      reason=f"{name}: {what} (Game {game.pk})")
    return ScripEffect.objects.create(side=side, kind=kind, turn=game.turn, flip=flip,
                                      model_name=model_name[:120])


def offers(game: Game, side: Side, *, owned: set[str] | None = None) -> dict:
    """What the tracker offers ``side`` now: ``brain_in_a_jar`` (pay the initiative reflip
    in Scrip), ``metal_servant`` (the Strategy reflip) and ``bbq_models``. Offered only
    while allowed and while the crew has the Scrip; the services check again. ``owned``:
    the crew's Fortification keys when the caller has read them already."""
    if not side.crew_id or game.state not in (Game.State.SET_UP, Game.State.IN_PLAY):
        return {}
    if owned is None:
        owned = hideouts.owned_keys(side.crew)
    if not owned & set(NAMES) or side.crew.scrip < COST:
        return {}
    offered: dict = {}
    if ScripEffect.Kind.BRAIN_IN_A_JAR in owned and game.state == Game.State.IN_PLAY:
        offered["brain_in_a_jar"] = (game.initiative or {}).get("turn") == game.turn
    if ScripEffect.Kind.METAL_SERVANT in owned and game.state == Game.State.SET_UP:
        offered["metal_servant"] = strategy_refusal(game, side) is None
    if ScripEffect.Kind.BBQ in owned and bbq_refusal(game, side) is None:
        offered["bbq_models"] = models_in_play(game, side)
    return offered


# --- Metal Servant ----------------------------------------------------------------------


def strategy_refusal(game: Game, side: Side | None) -> str | None:
    """Why ``side`` may not reflip the Strategy now (Metal Servant), or None."""
    if game.state != Game.State.SET_UP:
        return gettext("The Strategy is reflipped while the game is set up.")
    if game.kind != Game.Kind.STANDARD or "strategy" not in (game.setup or {}):
        return gettext("Metal Servant reflips a Standard Encounter's Strategy flip.")
    if game.sides.filter(hire_revealed=True).exists() or \
            SchemeChoice.objects.filter(side__game=game).exists():
        return gettext("The Strategy is reflipped before either crew is revealed and before "
                       "any scheme is chosen.")
    if side is not None and side.scrip_effects.filter(kind=ScripEffect.Kind.METAL_SERVANT) \
            .exists():
        return gettext("Your crew has used Metal Servant in this game.")
    return None


@transaction.atomic
def reflip_strategy(*, game: Game, actor) -> str:
    """Metal Servant: a new recorded flip on the Strategy table replaces the Strategy."""
    game = lock_game(game)
    side = game.sides.select_for_update().get(pk=require_player(actor, game).pk)
    refusal = strategy_refusal(game, side)
    if refusal:
        raise EncounterError(refusal)
    crew = require(side, ScripEffect.Kind.METAL_SERVANT)
    record = flip_services.server_flip(
        purpose=f"Game {game.pk}: strategy (Metal Servant reflip, side {side.key})",
        actor=actor, subject=game)
    card = Card.parse(record.final)
    old, new = game.setup["strategy"], encounter_tables().standard_strategy_for(card).key
    flips = [dict(f, kept=False, why="reflipped (Metal Servant)")
             if f.get("purpose") == "strategy" and f.get("kept") else f
             for f in game.setup.get("flips", [])]
    flips.append({"purpose": "strategy (Metal Servant reflip)", "card": card.code,
                  "result": [new], "kept": True, "why": ""})
    game.setup = {**game.setup, "strategy": new, "flips": flips}
    game.save(update_fields=["setup", "updated_at"])
    pay(game, side, crew, ScripEffect.Kind.METAL_SERVANT, actor,
        f"reflipped the Strategy flip ({card})", flip=record)
    log(game, f"Side {side.key} paid 1 Scrip (Metal Servant) to reflip the Strategy: "
        f"{card}, {old} becomes {new}", actor=actor, side=side.key)
    return new


# --- BBQ --------------------------------------------------------------------------------


def bbq_refusal(game: Game, side: Side | None) -> str | None:
    """Why ``side`` may not use BBQ now, or None."""
    if game.state != Game.State.IN_PLAY:
        return gettext("BBQ is used while the game is in play.")
    if (game.initiative or {}).get("turn") != game.turn:
        return gettext("BBQ is used after this Turn's initiative flip.")
    if side is not None and side.scrip_effects.filter(kind=ScripEffect.Kind.BBQ,
                                                      turn=game.turn).exists():
        return gettext("Your crew has used BBQ this Turn.")
    return None


def bbq_models(game: Game, side: Side | None) -> list[HiredModel]:
    """The models BBQ is offered for now: none unless the crew owns it and may use it."""
    if side is None or not owns(side, ScripEffect.Kind.BBQ) or bbq_refusal(game, side):
        return []
    return models_in_play(game, side)


@transaction.atomic
def bbq(*, game: Game, actor, model: HiredModel) -> ScripEffect:
    """BBQ: 1 Scrip heals 1 damage on one of the crew's models in play (at the table)."""
    game = lock_game(game)
    side = game.sides.select_for_update().get(pk=require_player(actor, game).pk)
    refusal = bbq_refusal(game, side)
    if refusal:
        raise EncounterError(refusal)
    model = HiredModel.objects.filter(pk=getattr(model, "pk", None), side=side).first()
    if model is None or model.pk not in {m.pk for m in models_in_play(game, side)}:
        raise EncounterError(gettext("Choose one of your models in play."))
    crew = require(side, ScripEffect.Kind.BBQ)
    use = pay(game, side, crew, ScripEffect.Kind.BBQ, actor,
              f"healed 1 damage on {model.name}, Turn {game.turn}", model_name=model.name)
    log(game, f"Side {side.key} paid 1 Scrip (BBQ): {model.name} heals 1 damage "
        "(remove it at the table)", actor=actor, side=side.key)
    return use
