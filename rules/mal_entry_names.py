"""The names of a Malediction tracker entry's types (``rules.engine.malediction``'s
``match_state``), for pages and history lines; below both ``log_lines`` and the app."""

from __future__ import annotations

from django.utils.translation import pgettext_lazy

#: Each name in the context "tracker entry" (a noun: "Deploy" is a deployment).
KINDS = {
    "mulligan": pgettext_lazy("tracker entry", "Mulligan"),
    "setup_bid": pgettext_lazy("tracker entry", "Setup bid"),
    "setup_choice": pgettext_lazy("tracker entry", "Setup choice"),
    "deploy": pgettext_lazy("tracker entry", "Deploy"),
    "item": pgettext_lazy("tracker entry", "Item"),
    "spell": pgettext_lazy("tracker entry", "Spell"),
    "defeat": pgettext_lazy("tracker entry", "Defeat"),
    "item_destroyed": pgettext_lazy("tracker entry", "Item destroyed"),
    "claim": pgettext_lazy("tracker entry", "Relic claimed"),
    "draw": pgettext_lazy("tracker entry", "Cards drawn"),
    "discard": pgettext_lazy("tracker entry", "Cards discarded"),
    "echo": pgettext_lazy("tracker entry", "Echo"),
    "mastery": pgettext_lazy("tracker entry", "Mastery"),
    "husk": pgettext_lazy("tracker entry", "Husk"),
    "end_round": pgettext_lazy("tracker entry", "End of round"),
    "refresh": pgettext_lazy("tracker entry", "Refresh"),
    "initiative_bid": pgettext_lazy("tracker entry", "Initiative bid"),
}


def kind_name(kind: str) -> str:
    """The entry type's name, or the type as stored when it is not one we know."""
    return str(KINDS.get(kind, kind))
