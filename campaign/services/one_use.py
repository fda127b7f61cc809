"""One-use and once-per-game Campaign Upgrades: which they are, which are unspent, and
spending them.

The tracker (at the table) and the Aftermath (Good Lead at Barter) both spend items
through here, so an item is annihilated once, wherever it was used, and the sheet reads
what is left. A spent one-use item is an annihilated ``ArsenalUpgrade`` whose history
event says where it went (``detail["used"]``, ``detail["used_in_game"]``); Field
Repairs is not annihilated, and its once-per-game use is an event naming the game.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from django.db import transaction
from django.utils.translation import gettext as _

from campaign.models import ArsenalEvent, ArsenalUpgrade
from campaign.services import arsenal
from campaign.services.errors import CampaignError
from rules import tables

#: Used at the table, during the game (the tracker offers them on the model's line).
AT_THE_TABLE = ("coffee", "whiskey", "soulstone-ale", "hydraulics", "healing-salve",
                "dynamite")
#: Used in the Aftermath.
GOOD_LEAD = "good-lead"
LUCKY_FOOT = "lucky-gremlins-foot"
#: Once per game, never annihilated (the Arcanists' reward).
FIELD_REPAIRS = "field-repairs"
#: These annihilate an Injury on their target.
REMOVES_INJURY = ("healing-salve", FIELD_REPAIRS)
FIELD_REPAIRS_DAMAGE = 4
#: Wasteland Outpost: pay this to keep an Upgrade that would be annihilated.
SCRAP_PILE, SCRAP_PILE_COST = "scrap-pile", 3


@cache
def one_use_keys() -> frozenset[str]:
    """Campaign Upgrades annihilated when used (the table's ``annihilated_on_use``)."""
    return frozenset(u.key for u in tables.campaign_upgrades().rows
                     if "annihilated_on_use" in u.restrictions)


def unspent(upgrades: Iterable[ArsenalUpgrade]) -> list[ArsenalUpgrade]:
    """The active one-use (or once-per-game) items among ``upgrades``; no query."""
    keys = one_use_keys() | {FIELD_REPAIRS}
    return [u for u in upgrades if u.table_key in keys
            and u.status == ArsenalUpgrade.Status.ACTIVE]


def kept_in_game(upgrade: ArsenalUpgrade, game_id: int | None) -> bool:
    """Kept by the Scrap Pile in this game: still discarded from play until it ends."""
    return game_id is not None and ArsenalEvent.objects.filter(
        upgrade=upgrade, detail__scrap_pile_game=game_id).exists()


def field_repairs_used(upgrade: ArsenalUpgrade, game_id: int) -> bool:
    return ArsenalEvent.objects.filter(upgrade=upgrade, detail__field_repairs_game=game_id
                                       ).exists()


@transaction.atomic
def spend(*, upgrade: ArsenalUpgrade, actor, where: str, game_id: int | None = None,
          injury: ArsenalUpgrade | None = None, keep: bool = False) -> ArsenalUpgrade:
    """Use ``upgrade``: annihilate it (Field Repairs: note its use in this game), and
    annihilate ``injury`` when the item removes one. With ``keep`` the crew's Scrap Pile
    pays 3 Scrip and the item stays in the Arsenal (discarded from play for this game).
    Refused, writing nothing, when the item is already spent or the Injury is not one."""
    upgrade = ArsenalUpgrade.objects.select_for_update(of=("self",)).select_related(
        "crew__campaign", "attached_to__card").get(pk=upgrade.pk)
    if upgrade.status != ArsenalUpgrade.Status.ACTIVE:
        raise CampaignError(_("%(name)s is already used up.") % {"name": upgrade.name})
    key = upgrade.table_key
    if key not in one_use_keys() | {FIELD_REPAIRS}:
        raise CampaignError(_("%(name)s is not a one-use item.") % {"name": upgrade.name})
    if kept_in_game(upgrade, game_id):
        raise CampaignError(_("%(name)s is already used up.") % {"name": upgrade.name})
    if keep and (key == FIELD_REPAIRS or not has_scrap_pile(upgrade.crew)):
        raise CampaignError(_("Only a crew with a Scrap Pile keeps a used Upgrade."))
    if key in REMOVES_INJURY:
        if upgrade.crew.campaign.no_injuries:
            raise CampaignError(_("This campaign plays without Injuries."))
        if injury is None:
            raise CampaignError(_("Choose the Injury %(name)s removes.") % {"name": upgrade.name})
        injury = ArsenalUpgrade.objects.select_for_update(of=("self",)).select_related(
            "attached_to__card").get(pk=injury.pk)
        if injury.kind != ArsenalUpgrade.Kind.INJURY or \
                injury.status != ArsenalUpgrade.Status.ACTIVE:
            raise CampaignError(_("Choose an Injury the model still has."))
    if key == FIELD_REPAIRS:
        if game_id is None:
            raise CampaignError(_("Field Repairs is used during a game."))
        if field_repairs_used(upgrade, game_id):
            raise CampaignError(_("Field Repairs is used once per game."))
        arsenal._event(upgrade.crew, ArsenalEvent.Kind.UPGRADE_MOVED,
                       f"{upgrade.name} used: {where} (suffers {FIELD_REPAIRS_DAMAGE} damage)",
                       actor=actor, upgrade=upgrade, model=upgrade.attached_to,
                       field_repairs_game=game_id, used=where)
    elif keep:
        from campaign.services import scrip

        scrip.spend_scrip(upgrade.crew, SCRAP_PILE_COST, week=upgrade.crew.campaign.current_week,
                          reason=f"Scrap Pile: kept {upgrade.name}", actor=_real(actor))
        arsenal._event(upgrade.crew, ArsenalEvent.Kind.UPGRADE_MOVED,
                       f"{upgrade.name} used: {where}; kept by the Scrap Pile "
                       f"({SCRAP_PILE_COST} Scrip)", actor=actor, upgrade=upgrade,
                       model=upgrade.attached_to, used=where, scrap_pile_game=game_id or 0)
    else:
        upgrade.status = ArsenalUpgrade.Status.ANNIHILATED
        upgrade.save(update_fields=["status"])
        arsenal._event(upgrade.crew, ArsenalEvent.Kind.ANNIHILATED,
                       f"{upgrade.name} used up: {where}", actor=actor, upgrade=upgrade,
                       model=upgrade.attached_to, used=where, used_in_game=game_id)
    if injury is not None and key in REMOVES_INJURY:
        injury.status = ArsenalUpgrade.Status.ANNIHILATED
        injury.save(update_fields=["status"])
        model = injury.attached_to.card.name if injury.attached_to else ""
        arsenal._event(injury.crew, ArsenalEvent.Kind.ANNIHILATED,
                       f"{injury.name} removed from {model} by {upgrade.name}", actor=actor,
                       upgrade=injury, model=injury.attached_to, healed_by=upgrade.pk)
    return upgrade


def has_scrap_pile(crew) -> bool:
    """``crew`` (or its id) has built the Scrap Pile. One query."""
    from campaign.models import Fortification

    return Fortification.objects.filter(hide_out__crew=crew, key=SCRAP_PILE).exists()


def _real(actor):
    return actor if getattr(actor, "pk", None) else None
