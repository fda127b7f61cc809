"""One-use Campaign Upgrades at the table: the tracker offers each hired model's unspent
items (Coffee, Whiskey, Soulstone Ale, Hydraulics, Healing Salve, Dynamite, and Field
Repairs once per game) and records their use; ``campaign.services.one_use`` annihilates
them, so the sheet and the Aftermath see the same thing.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from campaign.models import ArsenalEvent, ArsenalModel, ArsenalUpgrade
from campaign.services import one_use
from campaign.services.errors import CampaignError
from encounters.models import Game, HiredModel
from encounters.services.common import (
    EncounterError,
    lock_game,
    log,
    require_player_or_organizer,
)

TABLE_KEYS = (*one_use.AT_THE_TABLE, one_use.FIELD_REPAIRS)


def offered(game: Game, hired: list[HiredModel] | None = None
            ) -> dict[int, list[ArsenalUpgrade]]:
    """Items usable now, by HiredModel id, for ``hired`` (a side's models, already loaded)
    or every model of the game: what is attached to the model on the sheet, and the
    Equipment attached to it when the crew was hired (named in ``HiredModel.upgrades``).
    Items the Scrap Pile kept are out of play for the rest of the game. Two queries
    (three when Equipment was attached for the game)."""
    if not game.campaign_id:
        return {}
    if hired is None:
        hired = list(HiredModel.objects.filter(side__game=game, arsenal_model__isnull=False)
                     .only("id", "arsenal_model_id", "upgrades"))
    hired = [h for h in hired if h.arsenal_model_id]
    if not hired:
        return {}
    ids = [h.arsenal_model_id for h in hired]
    names = {n for h in hired for n in h.upgrades or ()}
    rows = list(ArsenalUpgrade.objects.filter(
        Q(attached_to__in=ids) | Q(attached_to__isnull=True, crew__models__in=ids,
                                   name__in=names),
        table_key__in=TABLE_KEYS, status=ArsenalUpgrade.Status.ACTIVE).distinct().order_by("id"))
    if rows:
        kept = set(ArsenalEvent.objects.filter(
            upgrade__in=[u.pk for u in rows], detail__scrap_pile_game=game.pk
        ).values_list("upgrade_id", flat=True))
        rows = [u for u in rows if u.pk not in kept]
    out: dict[int, list[ArsenalUpgrade]] = {}
    loose = [u for u in rows if u.attached_to_id is None]
    # Equipment carried for the game is named on the hired model: the copy is its own
    # crew's (both crews may carry a Dynamite), so one more query when there is any.
    crew_of = dict(ArsenalModel.objects.filter(pk__in=ids).values_list("pk", "crew_id")) \
        if loose else {}
    for h in hired:
        mine = [u for u in rows if u.attached_to_id == h.arsenal_model_id]
        for name in h.upgrades or ():
            match = next((u for u in loose if u.name == name
                          and u.crew_id == crew_of.get(h.arsenal_model_id)), None)
            if match is not None:
                loose.remove(match)
                mine.append(match)
        if mine:
            out[h.pk] = mine
    return out


def _carrier(game: Game, upgrade: ArsenalUpgrade) -> HiredModel | None:
    """The hired model that carries ``upgrade`` in this game."""
    for hired_id, ups in offered(game).items():
        if any(u.pk == upgrade.pk for u in ups):
            return HiredModel.objects.select_related("side").get(pk=hired_id)
    return None


def injuries_in_game(game: Game) -> list[ArsenalUpgrade]:
    """The Injuries of every arsenal model in the game (what a Healing Salve may remove)."""
    ids = HiredModel.objects.filter(side__game=game, arsenal_model__isnull=False) \
        .values_list("arsenal_model_id", flat=True)
    return list(ArsenalUpgrade.objects.filter(
        attached_to__in=list(ids), kind=ArsenalUpgrade.Kind.INJURY,
        status=ArsenalUpgrade.Status.ACTIVE).select_related("attached_to__card").order_by("id"))


def _hired(game: Game, arsenal_model_id: int | None) -> HiredModel | None:
    if arsenal_model_id is None:
        return None
    return (HiredModel.objects.select_related("side")
            .filter(side__game=game, arsenal_model_id=arsenal_model_id).first())


@transaction.atomic
def use_item(*, game: Game, actor, upgrade: ArsenalUpgrade,
             injury: ArsenalUpgrade | None = None, keep: bool = False) -> ArsenalUpgrade:
    """The model carrying ``upgrade`` uses it (Healing Salve and Field Repairs remove
    ``injury`` from a model in this game). Its controller or an organizer records it."""
    game = lock_game(game)
    side = require_player_or_organizer(actor, game)
    if game.state != "in_play":
        raise EncounterError(_("Items are used while the game is in play."))
    upgrade = ArsenalUpgrade.objects.get(pk=upgrade.pk)
    if upgrade.status != ArsenalUpgrade.Status.ACTIVE:
        raise EncounterError(_("%(name)s is already used up.") % {"name": upgrade.name})
    model = _carrier(game, upgrade)
    if model is None or upgrade.table_key not in TABLE_KEYS:
        raise EncounterError(_("That item is not carried by a model hired in this game."))
    if side is not None and model.side_id != side.pk:
        raise EncounterError(_("Only the model's controller uses its items."))
    target = None
    if upgrade.table_key in one_use.REMOVES_INJURY:
        target = _hired(game, injury.attached_to_id) if injury is not None else None
        if target is None:
            raise EncounterError(_("Choose an Injury of a model in this game."))
    try:
        one_use.spend(upgrade=upgrade, actor=actor, where=f"game {game.pk}, turn {game.turn}",
                      game_id=game.pk, injury=injury, keep=keep)
    except CampaignError as exc:
        raise EncounterError(str(exc)) from exc
    text = f"{model.name} used {upgrade.name}"
    if target is not None:
        text += f": {injury.name} removed from {target.name}"
        if upgrade.table_key == one_use.FIELD_REPAIRS:
            text += f" ({model.name} suffers {one_use.FIELD_REPAIRS_DAMAGE} damage)"
    if keep:
        text += f" (kept by the Scrap Pile for {one_use.SCRAP_PILE_COST} Scrip)"
    log(game, text, actor=actor, side=model.side.key)
    return upgrade
