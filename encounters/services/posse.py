"""Posse (Guild Outpost Fortification): "Take Prisoner is always an available Scheme for
this Crew and the opposing Crew."

Both crews of a campaign game may choose Take Prisoner outside the pool when either owns
Posse. The scheme is an ordinary ``SchemeChoice`` once chosen, so the tracker, the record
and auto-resolve score it like any other; only the pool checks need to know about it.
"""

from __future__ import annotations

from django.utils.translation import gettext

from encounters.models import Game

POSSE = "posse"
TAKE_PRISONER = "take-prisoner"


def in_force(game: Game) -> bool:
    """Whether either crew of the game owns Posse (a standalone game has no crews)."""
    from campaign.services import hideouts

    if not game.campaign_id:
        return False
    return any(POSSE in hideouts.owned_keys(side.crew)
               for side in game.sides.select_related("crew") if side.crew_id)


def extra_schemes(game: Game, pool=None) -> tuple[str, ...]:
    """The schemes Posse adds to ``pool`` (the game's own pool by default): Take Prisoner
    when it is missing and Posse is in force, else nothing."""
    if pool is None:
        pool = (game.setup or {}).get("scheme_pool") or ()
    if not pool or TAKE_PRISONER in pool or not in_force(game):
        return ()
    return (TAKE_PRISONER,)


def allows(game: Game, pool, outside: list[str]) -> list[str]:
    """The chosen schemes still outside the pool once Posse's Take Prisoner is allowed."""
    extra = extra_schemes(game, pool) if outside else ()
    return [k for k in outside if k not in extra]


def offered(game: Game, pool=None) -> list[dict]:
    """Posse's extra schemes as the form and the API list them, labelled with the
    Fortification so the player sees why a scheme outside the pool is offered."""
    from rules.encounter_tables import encounter_tables
    from rules.summaries import said

    rows = []
    for key in extra_schemes(game, pool):
        scheme = encounter_tables().scheme(key)
        rows.append({"key": key, "name": gettext("%(scheme)s (Posse)") % {"scheme": scheme.name},
                     "summary": said(f"encounter-schemes/summary/{key}", scheme.summary),
                     "notes": said(f"encounter-schemes/notes/{key}", scheme.notes),
                     "fortification": POSSE})
    return rows
