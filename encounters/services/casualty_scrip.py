"""Event Scrip computed from the recorded casualties: Contract Work and Extermination pay 2
Scrip for each enemy model of their stations killed or sacrificed (campaign book, WEEKLY
EVENTS). The tracker's casualties decide it, so nobody types it; the player may still
correct it, and the correction is its own recorded, logged number beside the computed one.

What the game record counts as a side's event Scrip: the Scrip entered at the table, the
casualties' Scrip with its correction, and A Lucrative Offer's third scheme, within the
one per-game cap (``campaign_game.event_scrip_for_game``).
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext

from encounters.models import Casualty, Game, Side
from encounters.services.common import (
    EncounterError,
    lock_game,
    log,
    require_player_or_organizer,
)
from rules.engine import campaign_game


def _station(c: Casualty) -> str | None:
    if c.table_model_id:
        return c.table_model.station or None
    if c.model_id:
        h = c.model
        card = h.arsenal_model.card if h.arsenal_model_id else h.wandering_card
        return h.station or (h.arsenal_model.station if h.arsenal_model_id else "") or (
            card.station if card else None) or None
    return None


def in_force(game: Game) -> bool:
    """True when one of the game's events pays Scrip for casualties."""
    from encounters.services.game_events import game_events

    return any(k in campaign_game.CASUALTY_SCRIP for k in game_events(game))


def _fallen(game: Game, casualties: list[Casualty] | None = None
            ) -> list[tuple[str, str, str | None]]:
    """``casualties``: the game's casualties already loaded (with their side, table model and
    hired model's card), so a page that read them does not read them again."""
    rows = sorted(casualties, key=lambda c: c.pk) if casualties is not None else (
        game.casualties.select_related(
            "side", "table_model", "model__arsenal_model__card", "model__wandering_card"
        ).order_by("id"))
    return [(c.side.key if c.side_id else "neutral", c.victim_name, _station(c)) for c in rows]


def _events(game: Game) -> list[str]:
    from encounters.services.game_events import game_events

    return [k for k in game_events(game) if k in campaign_game.CASUALTY_SCRIP]


def casualty_scrip(game: Game, side_key: str, casualties: list[Casualty] | None = None
                   ) -> campaign_game.CasualtyScrip:
    """The event Scrip ``side_key`` earned from enemy casualties so far (no correction)."""
    events = _events(game)
    if not events:
        return campaign_game.CasualtyScrip(0)
    return campaign_game.casualty_event_scrip(events, side_key, _fallen(game, casualties))


def for_sides(game: Game, sides, casualties: list[Casualty] | None = None
              ) -> list[tuple[str, int]] | None:
    """(side key, Scrip with its correction) for each side, or None when no event of the
    game pays for casualties (the tracker page passes the casualties it already read)."""
    events = _events(game)
    if not events:
        return None
    fallen = _fallen(game, casualties)
    return [(side.key, max(0, campaign_game.casualty_event_scrip(events, side.key, fallen).amount
                           + side.casualty_scrip_correction)) for side in sides]


def corrected(side: Side) -> int:
    """The casualties' Scrip with the player's correction (never below 0)."""
    return max(0, casualty_scrip(side.game, side.key).amount + side.casualty_scrip_correction)


@transaction.atomic
def correct(*, game: Game, actor, side_key: str, amount: int, why: str) -> Side:
    """The player (or an organizer) corrects the computed casualty Scrip of ``side_key`` by
    ``amount`` (signed: a model the tracker missed, or one it should not count). The
    correction is kept beside the computed figure and logged with its reason."""
    game = lock_game(game)
    require_player_or_organizer(actor, game)
    if game.state != Game.State.IN_PLAY:
        raise EncounterError(gettext("Correct the Scrip while the game is in play."))
    side = Side.objects.select_for_update().get(game=game, key=side_key)
    computed = casualty_scrip(game, side_key).amount
    if not amount or computed + side.casualty_scrip_correction + amount < 0:
        raise EncounterError(
            gettext("A correction changes the Scrip by a whole number and leaves it at 0 or "
                    "more (now %(now)s).") % {"now": computed + side.casualty_scrip_correction})
    if not str(why).strip():
        raise EncounterError(gettext("Say why the computed Scrip is corrected."))
    side.casualty_scrip_correction += amount
    side.save(update_fields=["casualty_scrip_correction"])
    log(game, f"Side {side_key} corrected the casualties' event Scrip by {amount:+d} "
        f"(computed {computed}, now {computed + side.casualty_scrip_correction}): "
        f"{str(why).strip()[:120]}", actor=actor, side=side_key)
    return side
