"""An organizer corrects a card's structured effects, element by element.

Business logic: ``correct_effects`` locks the card, checks every corrected element
against the effect language (``effects_json.clean_effects``), and writes all of them or
none. An empty correction removes the stored effects, so the element is read from its
text again. Everything else here only lists the elements and their current readings.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.utils.translation import gettext

from catalogue.effects_json import READING_KEYS, clean_effects, parsed_effects
from catalogue.models import ModelCard


@dataclass(frozen=True)
class EditableElement:
    """One ability, action or trigger: its form key, label, text and current reading."""

    key: str
    label: str
    text: str
    stored: bool
    json: str


@dataclass
class CorrectionResult:
    changed: int = 0
    errors: dict[str, list[str]] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.errors


def _walk(card: ModelCard):
    for index, ability in enumerate(card.abilities or []):
        yield f"abilities-{index}", gettext("ability %(name)s") % {"name": ability.get("name")}, \
            ability
    for index, action in enumerate(card.actions or []):
        yield f"actions-{index}", gettext("action %(name)s") % {"name": action.get("name")}, \
            action
        for t_index, trigger in enumerate(action.get("triggers") or []):
            label = gettext("trigger %(name)s of %(action)s") % {
                "name": trigger.get("name"), "action": action.get("name")}
            yield f"actions-{index}-triggers-{t_index}", label, trigger


def editable_elements(card: ModelCard) -> list[EditableElement]:
    out = []
    for key, label, element in _walk(card):
        stored = element.get("effects") is not None
        reading = ({k: element[k] for k in READING_KEYS if k in element} if stored
                   else parsed_effects(str(element.get("text") or "")))
        out.append(EditableElement(key, label, str(element.get("text") or ""), stored,
                                   json.dumps(reading, indent=1, ensure_ascii=False)
                                   if reading else ""))
    return out


@transaction.atomic
def correct_effects(*, card_id: int, corrections: Mapping[str, str]) -> CorrectionResult:
    """Apply the corrections (element key -> JSON text) to the card, all or nothing."""
    card = ModelCard.objects.select_for_update().get(pk=card_id)
    result = CorrectionResult()
    elements = {key: element for key, _, element in _walk(card)}
    updates: dict[str, dict[str, Any] | None] = {}
    for key, text in corrections.items():
        if key not in elements:
            result.errors[key] = [gettext("is not an element of this card")]
            continue
        if not str(text or "").strip():
            updates[key] = None
            continue
        reading, problems = clean_effects(str(text))
        if problems:
            result.errors[key] = problems
        elif reading is None:
            updates[key] = None
        else:
            updates[key] = reading
    if result.errors:
        return result
    for key, reading in updates.items():
        element = elements[key]
        before = {k: element.get(k) for k in READING_KEYS}
        for name in READING_KEYS:
            element.pop(name, None)
        if reading is not None:
            element.update(reading)
        if {k: element.get(k) for k in READING_KEYS} != before:
            result.changed += 1
    if result.changed:
        card.save(update_fields=["abilities", "actions"])
    return result
