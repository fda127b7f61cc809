"""A Malediction event match with both lists submitted, ready to auto-resolve."""

from __future__ import annotations

import datetime as dt

from django.utils import timezone

from autoresolve.models import MalEventSetting
from malediction.models import Event
from malediction.services.matches import create_match
from malediction.services.warbands import save_war_band, submit_list
from tests.malediction.conftest import legal_band


def ready_match(world, sample, setting="both_players"):
    """Players 0 and 1 with legal sample lists (two factions), paired at table 1."""
    factions = ["primal-blood", None]
    from malediction.models import Card, Kind

    sigils = sorted({s for c in Card.objects.filter(kind=Kind.SEEKER) for s in c.sigils})
    factions[1] = next(s for s in sigils if s != factions[0])
    for reg, faction in zip(world.regs[:2], factions, strict=True):
        parts = legal_band(sample, faction)
        band = save_war_band(owner=reg.player, name=f"{faction} band", **parts)
        submit_list(registration=reg, war_band=band, actor=reg.player)
    Event.objects.filter(pk=world.event.pk).update(
        list_deadline=timezone.now() - dt.timedelta(minutes=1))
    MalEventSetting.objects.create(event=world.event, auto_resolve=setting)
    for reg in world.regs[:2]:
        reg.refresh_from_db()
    return create_match(round=world.round1, sides=[[world.regs[0]], [world.regs[1]]], table=1)
