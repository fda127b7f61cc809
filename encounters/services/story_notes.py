"""Story Encounters' secret notes: Jail Break's Imprisoned model and Sabotage's terrain piece
(the Attacker), Search's suit and Make them guess's number (the Defender). The note is a game
log line only its side may read (``GameLog.secret_for``, which the selector filters), and a
public line says that the note exists; so the opponent learns that, never what.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext

from encounters.models import Game, GameLog
from encounters.services.common import EncounterError, lock_game, log, side_of
from rules.encounter_tables import encounter_tables

SIDE_OF = {"first": "a", "second": "b"}
#: Who writes each Strategy's note (the rule text in rules/data/encounter-story.json).
WRITER = {"jail-break": "attacker", "sabotage": "attacker", "search": "defender"}
SECRET = "secret note for "


def asked(game: Game, side_key: str) -> list[tuple[str, str, str]]:
    """(key, name, what to note) for each note the game's Story asks of ``side_key``."""
    setup = game.setup or {}
    attacker = SIDE_OF.get(setup.get("attacker") or "")
    if game.kind != Game.Kind.STORY or attacker is None:
        return []
    role = "attacker" if side_key == attacker else "defender"
    story = encounter_tables().story
    out = []
    key = setup.get("attacker_strategy")
    if key and WRITER.get(key) == role:
        row = story.strategy(key)
        out.append((row.key, row.name, row.secret_note))
    key = setup.get("defender_objective")
    if key and role == "defender":
        row = story.objective(key)
        if row.secret_note:
            out.append((row.key, row.name, row.secret_note))
    return out


def _prefix(side_key: str, name: str) -> str:
    return f"Side {side_key} {SECRET}{name}: "


def made(game: Game, side_key: str) -> set[str]:
    """The names of the notes ``side_key`` has made (read by its own side only)."""
    lines = GameLog.objects.filter(game=game, secret_for=side_key,
                                   text__startswith=f"Side {side_key} {SECRET}")
    return {t[len(f"Side {side_key} {SECRET}"):].split(": ", 1)[0]
            for t in lines.values_list("text", flat=True)}


def pending(game: Game, side_key: str) -> list[tuple[str, str, str]]:
    """The notes the Story still asks of ``side_key``."""
    done = made(game, side_key) if asked(game, side_key) else set()
    return [row for row in asked(game, side_key) if row[1] not in done]


@transaction.atomic
def note(*, game: Game, actor, key: str, text: str) -> None:
    """The player secretly notes what the Story asks (before or during the first Turn)."""
    game = lock_game(game)
    side = side_of(game, actor)
    if side is None:
        raise EncounterError(gettext("Only the game's two players may do this."))
    if game.state not in (Game.State.SET_UP, Game.State.IN_PLAY) or game.turn > 1:
        raise EncounterError(gettext("A Story note is made before the game or in its first "
                                     "Turn."))
    row = next((r for r in pending(game, side.key) if r[0] == key), None)
    if row is None:
        raise EncounterError(gettext("This Story asks no such note of your side, or it is "
                                     "already made."))
    text = str(text).strip()
    if not text:
        raise EncounterError(gettext("Write what you note."))
    log(game, f"{_prefix(side.key, row[1])}{text[:80]}", actor=actor, side=side.key,
        secret_for=side.key)
    log(game, f"Side {side.key} made its secret note for {row[1]}", actor=actor,
        side=side.key)
