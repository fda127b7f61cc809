"""Warrant (Guild Outpost Fortification): "When playing a relevant Story Encounter, this
Crew may choose to Attack or Defend."

The setup flips the Attacker when the game is created; a Warrant crew's player may then
overrule it once, before either crew hires. The flipped Attacker is kept in
``setup["flipped_attacker"]`` and the choices in ``setup["warrant"]`` (side key -> role),
so the settled Attacker is always recomputed from the flip and every choice: when both
crews own a Warrant and their choices clash, the flip stands (docs/rules-decisions.md).
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext

from encounters.models import Game, HiredModel, Side
from encounters.services.common import EncounterError, lock_game, log, other, require_player

WARRANT = "warrant"
ROLES = ("attacker", "defender")
#: The engine's Attacker values ("first"/"second") and the side keys they name.
SIDE_OF = {"first": "a", "second": "b"}
ATTACKER_OF = {v: k for k, v in SIDE_OF.items()}


def owns_warrant(side: Side) -> bool:
    from campaign.services import hideouts

    return bool(side.crew_id) and WARRANT in hideouts.owned_keys(side.crew)


def refusal(game: Game, side: Side) -> str | None:
    """Why this side may not choose its role now, or None."""
    setup = game.setup or {}
    if not game.campaign_id or not owns_warrant(side):
        return gettext("Only a crew whose Hide Out has a Warrant chooses to Attack or Defend.")
    if game.kind != Game.Kind.STORY or setup.get("attacker") not in SIDE_OF:
        return gettext("A Warrant only applies to a Story Encounter with an Attacker and a "
                       "Defender.")
    if game.state != Game.State.SET_UP or HiredModel.objects.filter(side__game=game).exists():
        return gettext("Too late: the role is chosen before the crews are hired.")
    if side.key in (setup.get("warrant") or {}):
        return gettext("Your Warrant has already chosen your role in this game.")
    return None


def settle(flipped: str, choices: dict[str, str]) -> str:
    """The Attacker ("first"/"second") once the Warrant choices are applied: the one
    Attacker they agree on, or the flip when two choices clash."""
    wanted = {key if role == "attacker" else other(key) for key, role in choices.items()}
    if len(wanted) != 1:
        return flipped
    return ATTACKER_OF[wanted.pop()]


def role_of(game: Game, side_key: str) -> str | None:
    """"attacker" or "defender" for the side, or None before the role is known."""
    attacker = SIDE_OF.get((game.setup or {}).get("attacker") or "")
    if attacker is None:
        return None
    return "attacker" if attacker == side_key else "defender"


@transaction.atomic
def choose_role(*, game: Game, actor, role: str) -> str:
    """Record the Warrant crew's chosen role and return the settled Attacker's side key.
    Every refusal is raised before anything is written."""
    game = lock_game(game)
    side = require_player(actor, game)
    if role not in ROLES:
        raise EncounterError(gettext("Choose to Attack or Defend."))
    reason = refusal(game, side)
    if reason:
        raise EncounterError(reason)
    setup = dict(game.setup)
    flipped = setup.setdefault("flipped_attacker", setup["attacker"])
    choices = {**(setup.get("warrant") or {}), side.key: role}
    setup["warrant"] = choices
    setup["attacker"] = settle(flipped, choices)
    game.setup = setup
    game.save(update_fields=["setup"])
    attacker = SIDE_OF[setup["attacker"]]
    stood = " (the choices clash, so the flip stands)" if len(choices) == 2 and \
        setup["attacker"] == flipped and len(set(choices.values())) == 1 else ""
    log(game, f"Warrant: Side {side.key.upper()} chose to "
        f"{'Attack' if role == 'attacker' else 'Defend'}; Side {attacker.upper()} is the "
        f"Attacker{stood}", actor=actor, side=side.key)
    return attacker
