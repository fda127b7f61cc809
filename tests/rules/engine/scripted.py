"""Test doubles for duel decisions: scripted answers and a record of what was asked."""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.engine.cards import Card, Suit
from rules.engine.duels import DuelView, GreedyDecisions, Trigger

_UNSET = object()


@dataclass
class Asked:
    """One question put to a decisions object, with what the side could see then."""

    what: str
    role: str
    own_total: int | None
    opponent_total: int | None


@dataclass
class Scripted(GreedyDecisions):
    """Greedy unless told otherwise; records every question with the totals it saw.

    ``cheat_with`` is a card (or card code) to cheat, None to decline, or unset for greedy.
    ``forbid_cheat`` makes the test fail if the engine asks about cheating at all.
    """

    choose: Card | str | None = None
    cheat_with: object = _UNSET
    name: Suit | None = None
    trigger: object = _UNSET
    forbid_cheat: bool = False
    log: list[Asked] = field(default_factory=list)

    def _note(self, what: str, view: DuelView) -> None:
        own = view.total if view.card is not None else None
        opp = view.opponent
        opp_total = opp.total if opp is not None and opp.card is not None else None
        self.log.append(Asked(what, view.role, own, opp_total))

    def choose_card(self, allowed: tuple[Card, ...], view: DuelView) -> Card:
        self._note("choose", view)
        if self.choose is not None:
            return Card.parse(self.choose)
        return super().choose_card(allowed, view)

    def name_red_joker(self, view: DuelView) -> Suit:
        self._note("name", view)
        return self.name if self.name is not None else super().name_red_joker(view)

    def cheat(self, view: DuelView) -> Card | None:
        self._note("cheat", view)
        assert not self.forbid_cheat, "the engine asked about cheating where it is not allowed"
        if self.cheat_with is _UNSET:
            return super().cheat(view)
        return None if self.cheat_with is None else Card.parse(self.cheat_with)

    def declare_trigger(self, available: tuple[Trigger, ...], view: DuelView) -> Trigger | None:
        self._note("trigger", view)
        if self.trigger is _UNSET:
            return super().declare_trigger(available, view)
        return self.trigger

    def asked(self, what: str) -> list[Asked]:
        return [a for a in self.log if a.what == what]
