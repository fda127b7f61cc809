"""What the simulator plays of a catalogue card and of a pack, for the coverage pages
and API: every ability, action and trigger, played, partly played or not modelled,
with the reasons (the effect language's classifier, ``rules.engine.effects.coverage``,
against the simulator's own table of plays, so nothing more is claimed than it runs).

An element's stored effects (imported or corrected by an organizer) are what is
classified; an element without them is read from its text by the parser, exactly as the
simulator reads it. A card the simulator cannot read at all is listed whole as not
modelled, with the simulator's message.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.utils.translation import gettext

from catalogue.effects_json import reading_of
from catalogue.models import ContentPack, ModelCard
from rules.engine.effects.coverage import (
    NOT_MODELLED,
    PARTLY,
    PLAYED,
    CardCoverage,
    CardElement,
    ElementCoverage,
    PackCoverage,
    classify,
    pack_coverage,
)
from rules.engine.simulation.crews import action_coverage, parse_actions
from rules.engine.simulation.errors import InvalidEncounterInput
from rules.engine.simulation.plays import SIMULATOR_SUPPORT

STATUS_LABELS = {PLAYED: "played", PARTLY: "partly played", NOT_MODELLED: "not modelled"}


def status_label(status: str) -> str:
    return {PLAYED: gettext("played"), PARTLY: gettext("partly played"),
            NOT_MODELLED: gettext("not modelled")}.get(status, status)


def _elements_unreadable(card: Mapping[str, Any], why: str) -> list[ElementCoverage]:
    out = []
    for ability in card.get("abilities") or ():
        out.append(classify(CardElement("ability", str(ability.get("name", "")),
                                        frame_problem=why), SIMULATOR_SUPPORT))
    for action in card.get("actions") or ():
        out.append(classify(CardElement("tactical", str(action.get("name", "")),
                                        frame_problem=why), SIMULATOR_SUPPORT))
        for trigger in action.get("triggers") or ():
            out.append(classify(CardElement("trigger", str(trigger.get("name", "")),
                                            of=str(action.get("name", "")),
                                            frame_problem=why), SIMULATOR_SUPPORT))
    return out


def coverage_of_card(card: Mapping[str, Any]) -> CardCoverage:
    """Coverage of one card in the pack format (a card row or ``card_dict``)."""
    name = str(card.get("name", "?"))
    elements: list[ElementCoverage] = []
    try:
        for ability in card.get("abilities") or ():
            element = CardElement("ability", str(ability.get("name", "")),
                                  str(ability.get("text", "") or ""), reading_of(ability))
            elements.append(classify(element, SIMULATOR_SUPPORT))
        for raw in card.get("actions") or ():
            for action in parse_actions(raw, f"Card {name!r}"):
                elements.extend(action_coverage(action))
    except InvalidEncounterInput as exc:
        elements = _elements_unreadable(card, str(exc))
    return CardCoverage(name, tuple(elements))


def card_row(card: ModelCard) -> dict[str, Any]:
    return {"name": card.name, "abilities": card.abilities or [],
            "actions": card.actions or []}


def model_coverage(card: ModelCard) -> CardCoverage:
    return coverage_of_card(card_row(card))


def coverage_of_cards(cards: Iterable[ModelCard]) -> PackCoverage:
    return pack_coverage([model_coverage(card) for card in cards])


def pack_cards(pack: ContentPack):
    """The pack's cards with only what coverage reads (one query)."""
    return pack.models.order_by("name", "slug").only(
        "id", "name", "slug", "pack_id", "abilities", "actions")


def coverage_of_pack(pack: ContentPack) -> tuple[PackCoverage, list[ModelCard]]:
    cards = list(pack_cards(pack))
    return coverage_of_cards(cards), cards


def card_coverage_dict(coverage: CardCoverage) -> dict[str, Any]:
    """The API form: the engine's dict plus a readable line per element not played."""
    out = coverage.to_dict()
    for element, item in zip(coverage.elements, out["elements"], strict=True):
        item["label"] = element.label
        if element.status != PLAYED:
            item["line"] = element.line()
    return out
