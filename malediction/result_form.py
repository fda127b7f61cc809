"""The rulebook's result form checked as plain data: what a reported or ruled result must
hold together. Returns field -> message, empty when the result is acceptable."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext

from malediction.models import RULING_WIN_TYPES, WinType

MAX_ROUND = 5
"""The tracker's round counter caps at 5 (a tie at the threshold plays on at round 5)."""

OPTIONAL_FACTS = ("relics_claimed", "relics_lost", "kill_mastery", "bids_won")


@dataclass(frozen=True)
class ResultForm:
    winner: str
    mastery_a: int
    mastery_b: int
    final_round: int
    win_type: str
    facts: dict = field(default_factory=dict)
    """Optional per side: {"a": {"relics_claimed": 1, ...}, "b": {...}}."""


def problems(form: ResultForm, *, threshold: int, ruling: bool = False) -> dict[str, str]:
    found: dict[str, str] = {}
    if form.winner not in ("a", "b"):
        found["winner"] = gettext("The winner is side a or side b; Malediction has no draws.")
    if form.win_type not in WinType.values or form.win_type == WinType.BYE:
        found["win_type"] = gettext("Choose how the match was won.")
    elif form.win_type in RULING_WIN_TYPES and not ruling:
        found["win_type"] = gettext(
            "A concession or a no-show is recorded by an organizer's ruling.")
    if not 1 <= form.final_round <= MAX_ROUND:
        found["final_round"] = gettext("The final round is 1 to 5.")
    for key in ("mastery_a", "mastery_b"):
        if not -200 <= getattr(form, key) <= 500:
            found[key] = gettext("Mastery is a whole number between -200 and 500.")
    if form.win_type == WinType.THRESHOLD and "winner" not in found and not (
            {"mastery_a", "mastery_b"} & found.keys()):
        won, lost = ((form.mastery_a, form.mastery_b) if form.winner == "a"
                     else (form.mastery_b, form.mastery_a))
        if won < threshold:
            found["win_type"] = gettext(
                "A threshold win needs the winner at %(t)s mastery or more.") % {"t": threshold}
        elif won <= lost:
            found["winner"] = gettext(
                "At the threshold the most mastery wins; a tie plays another round.")
    for side, facts in (form.facts or {}).items():
        if side not in ("a", "b") or not isinstance(facts, dict):
            found["facts"] = gettext("Optional facts are given per side, a or b.")
            continue
        for name, value in facts.items():
            if name not in OPTIONAL_FACTS:
                found["facts"] = gettext("Unknown fact %(name)s.") % {"name": name}
            elif value is not None and (not isinstance(value, int) or isinstance(value, bool)
                                        or not 0 <= value <= 500):
                found["facts"] = gettext("%(name)s is a whole number from 0.") % {"name": name}
    return found
