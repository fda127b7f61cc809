"""What the simulator plays of a catalogue card and of a pack, element by element.

The same classification ``build_profile`` uses for a result's not-modelled list, for the
catalogue's coverage page and API: every ability, action and trigger of the card, played,
partly played or not modelled, with reasons (``rules.engine.effects.coverage``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ..effects.coverage import (
    CardCoverage,
    ElementCoverage,
    PackCoverage,
    pack_coverage,
)
from .crews import ability_coverage, action_coverage, element_reading, parse_actions, unread_fields
from .plays import SIMULATOR_SUPPORT

__all__ = ["SIMULATOR_SUPPORT", "card_coverage", "simulator_pack_coverage"]


def card_coverage(card: Mapping) -> CardCoverage:
    """Coverage of one stat card (the content pack's card dict). Raises
    ``InvalidEncounterInput`` for a card the simulator cannot even read."""
    name = str(card.get("name", "?"))
    where = f"Card {name!r}"
    elements: list[ElementCoverage] = []
    for ability in card.get("abilities") or ():
        elements.append(ability_coverage(str(ability.get("name", "")),
                                         str(ability.get("text", "") or ""),
                                         element_reading(ability, f"{where}, ability")))
    for raw in card.get("actions") or ():
        for action in parse_actions(raw, where):
            elements.extend(action_coverage(action))
    return CardCoverage(name, tuple(elements), tuple(unread_fields(card)))


def simulator_pack_coverage(cards: Iterable[Mapping]) -> PackCoverage:
    """Coverage of every card of a pack, with the pack's shares."""
    return pack_coverage([card_coverage(card) for card in cards])
