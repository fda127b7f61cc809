"""A Lucrative Offer: the optional third Scheme of that week's games.

The third scheme is a ``LucrativeScheme`` row, never a ``SchemeChoice``: every VP total
sums ``SchemeChoice.vp``, and this scheme must not reach them. Its VP are paid as weekly
event Scrip (2 per VP, the event table's rate) through the game record, so the Aftermath
pays it like any event Scrip, within the same per-game cap. Imports no sibling service
but ``common`` (games, the tracker and the record all use it).
"""

from __future__ import annotations

from django.utils.translation import gettext

from encounters.models import HiredModel, LucrativeScheme, Side
from encounters.services.common import EncounterError

LUCRATIVE = "a-lucrative-offer"


def _scheme(key: str):
    from rules.encounter_tables import encounter_tables

    try:
        return encounter_tables().scheme(key)
    except KeyError:
        return None


def third_of(side: Side) -> LucrativeScheme | None:
    """The side's third scheme, or None (also when none was chosen)."""
    try:
        return side.lucrative_scheme
    except LucrativeScheme.DoesNotExist:
        return None


def offered(faction: str | None) -> tuple[str, ...]:
    """Any generic scheme, plus the crew's own Faction scheme: the book frees the third
    scheme from the pool, not from the Faction rule a Story Encounter keeps."""
    from rules.encounter_tables import encounter_tables
    from rules.engine.encounters import story_scheme_choices
    from rules.engine.errors import RulesError

    if faction:
        try:
            return story_scheme_choices(faction)
        except RulesError:
            pass
    return tuple(s.key for s in encounter_tables().schemes.generic)


def check_third(game, side: Side, third: tuple[str, HiredModel | None], *,
                events: list[str], chosen: list[str]) -> None:
    """Refuse a third scheme the game does not allow, before anything is written."""
    key, model = third
    if LUCRATIVE not in events:
        raise EncounterError(
            gettext("Only A Lucrative Offer's week brings a third scheme.")
        )
    faction = side.crew.faction.code if side.crew_id else None
    if key in chosen:
        raise EncounterError(
            gettext("The third scheme must differ from your two schemes.")
        )
    if key not in offered(faction):
        raise EncounterError(
            gettext("Choose the third scheme from the generic schemes or your Faction's.")
        )
    if model is not None and model.side.game_id != game.pk:
        raise EncounterError(gettext("Note a model of this game."))


def vp_cap(key: str) -> int:
    """The most VP the scheme scores (its own maximum, within the 3 per scheme)."""
    from rules.engine.scoring import STANDARD

    scheme = _scheme(key)
    return min(STANDARD.per_scheme, scheme.max_vp if scheme else STANDARD.per_scheme)


def hidden_cap(key: str) -> int | None:
    """A scheme whose last VP needs it revealed scores one less while hidden."""
    scheme = _scheme(key)
    if scheme is None or not scheme.reveal_bonus:
        return None
    return max(0, vp_cap(key) - 1)


def scrip_per_vp() -> int:
    """2, read from the event's row (its one Scrip line)."""
    from rules import tables

    return tables.weekly_events().row(LUCRATIVE).scrip[0].amount


def scrip_of(side: Side) -> int:
    """The Scrip the side's third scheme earns (before the per-game event cap)."""
    third = third_of(side)
    return third.vp_equivalent * scrip_per_vp() if third else 0
