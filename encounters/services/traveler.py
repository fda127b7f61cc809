"""The Lonely Traveler (a weekly event): a Traveler Marker stands in the middle of the
table, and a model within 1" of it may spend a (1) Interact Action to ask it for guidance.
The answer is one recorded server flip on the Lonely Traveler chart
(``rules/data/lonely-traveler.json``), which nobody may cheat, and the tracker applies it:

- Black Joker: the model dies; the casualty is recorded as the tracker records any kill
  (``tracker.record_casualty``), by the effect "the Lonely Traveler", credited to nobody
  (no opposing model killed it). Its Finished Off flip follows as usual.
- Rams: the model heals all its damage. The tracker counts no damage, so only the log
  says so.
- Crows: its controller may place a Scheme Marker anywhere; the log says so, and a
  Marker placed is recorded on the Markers board as any other (its quarter is the
  player's choice).
- Tomes, Masks: 2 Scrip, as weekly-event scrip (``tracker.add_event_scrip``, under the
  event table's limit per game), paid in the Aftermath's Payday.
- Red Joker: one more Barter flip for that side at the end of the game
  (``Side.traveler_barter_flips``), carried by the game record to the Aftermath.

Only the model's controller asks (it is their model's Action and their flip), for one of
their hired models still in play, while the game is in play in a week when the event is
in force.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext

from encounters.models import Casualty, Game, HiredModel, Side
from encounters.services import tracker
from encounters.services.common import EncounterError, lock_game, log, require_player
from encounters.services.games import game_events
from encounters.services.in_play import fallen, models_in_play
from rules import services as flip_services
from rules import tables
from rules.engine.cards import Card
from rules.models import FlipRecord

EVENT = "the-lonely-traveler"
#: Who killed a model the Traveler's Black Joker killed (an effect, nobody's model).
BY_EFFECT = "the Lonely Traveler"


class TravelerRefused(EncounterError):
    """A refusal of the guidance request; ``field`` names the input at fault (or None)."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class Guidance:
    """What the Traveler answered and what the tracker did about it."""

    model: HiredModel
    flip: FlipRecord
    result: tables.TravelerResult
    casualty: Casualty | None = None
    scrip: int = 0  # event scrip counted (the per-game limit may cut it)

    @property
    def card(self) -> str:
        return self.flip.final


def in_force(game: Game) -> bool:
    """The Lonely Traveler is one of the events the game is played under."""
    return EVENT in game_events(game)


def offer(game: Game, side: Side | None) -> list[HiredModel]:
    """The models the tracker offers to ask the Traveler: ``side``'s models in play, in a
    game in play under the Lonely Traveler; otherwise none."""
    if side is None or game.state != Game.State.IN_PLAY or not in_force(game):
        return []
    return models_in_play(game, side)


@transaction.atomic
def ask_guidance(*, game: Game, actor, model: HiredModel,
                 cheated_in: str | None = None) -> Guidance:
    """``model`` asks the Traveler for guidance: one recorded server flip on the chart,
    applied at once. Refused (writing nothing) outside a game in play under the Lonely
    Traveler, for a model that is not the player's own or not in play, and for any card
    cheated in."""
    game = lock_game(game)
    mine = require_player(actor, game)
    if cheated_in:
        raise TravelerRefused(gettext("Nobody may cheat the Traveler's flip."), "cheated_in")
    if game.state != Game.State.IN_PLAY:
        raise TravelerRefused(
            gettext("The game is %(lower)s, not in play.")
            % {"lower": game.get_state_display().lower()})
    if not in_force(game):
        raise TravelerRefused(gettext("The Lonely Traveler is not on the table this week."))
    side = game.sides.select_for_update().get(pk=mine.pk)
    model = HiredModel.objects.select_related("side").filter(pk=getattr(model, "pk", None)) \
        .first()
    if model is None or model.side.game_id != game.pk:
        raise TravelerRefused(gettext("That model is not hired in this game."), "model")
    if model.side_id != side.pk:
        raise TravelerRefused(gettext("Only a model's controller asks the Traveler for it."),
                              "model")
    if side.withdrew_on_turn or model.pk in fallen(game):
        raise TravelerRefused(gettext("%(name)s is not in play.") % {"name": model.name},
                              "model")
    record = flip_services.server_flip(
        purpose=f"Game {game.pk}: the Lonely Traveler's guidance for {model.name}",
        actor=actor, subject=game)
    result = tables.lonely_traveler_for(Card.parse(record.final))
    log(game, f"{model.name} asked the Lonely Traveler for guidance: flipped {record.final} "
        f"(not cheated): {result.summary}", actor=actor, side=side.key)
    return _apply(game, side, model, record, result, actor)


def _apply(game: Game, side: Side, model: HiredModel, record: FlipRecord,
           result: tables.TravelerResult, actor) -> Guidance:
    outcome = result.outcome
    if outcome == "model_killed":
        casualty = tracker.record_casualty(game=game, actor=actor, side_key=side.key,
                                           model=model, how=Casualty.How.KILLED,
                                           by_effect=BY_EFFECT, by_side="")
        return Guidance(model, record, result, casualty=casualty)
    if outcome == "scrip":
        counted = tracker.add_event_scrip(game=game, actor=actor, side_key=side.key,
                                          amount=result.scrip,
                                          why=f"the Lonely Traveler's guidance ({model.name})")
        return Guidance(model, record, result, scrip=counted)
    if outcome == "extra_barter_flip":
        Side.objects.filter(pk=side.pk).update(traveler_barter_flips=F("traveler_barter_flips") + 1)
        log(game, f"Side {side.key} flips one more Barter card at the end of the game "
            f"(the Lonely Traveler)", actor=actor, side=side.key)
    elif outcome == "heal_all":
        log(game, f"{model.name} heals all its damage (remove it at the table)", actor=actor,
            side=side.key)
    elif outcome == "scheme_marker":
        log(game, f"Side {side.key} may place a Scheme Marker anywhere on the table (record it "
            f"on the Markers board if placed)", actor=actor, side=side.key)
    return Guidance(model, record, result)
