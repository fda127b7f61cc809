"""A tracker entry as a player reads it: "Deploy: Ash Wraith (Alice, cost 3)", not its
stored kind and JSON ("deploy {'player': 0, 'name': ...}"). Card names stay as the pack
spells them (marked English on French pages); players are named by their seats."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.utils.html import conditional_escape, format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _

from rules.mal_entry_names import kind_name

#: Fields that name a card (shown as the pack spells it).
NAMES = ("name", "unit", "relic", "source")
#: Fields that name a player by their index in the match.
PLAYERS = {"player": None, "side": None, "by": _("by %(player)s"),
           "tie_winner": _("tie to %(player)s")}
#: Numbers and words, each with its label.
LABELLED = {"cost": _("cost %(value)s"), "count": _("%(value)s cards"),
            "delta": _("change %(value)s"), "choice": _("choice: %(value)s"),
            "refill": _("refill: %(value)s"), "note": _("note: %(value)s")}


def entry_line(data: Mapping, seats: Sequence) -> SafeString:
    """One stored entry (its ``data``), for the tracker's event log."""
    french = (get_language() or "").startswith("fr")
    names = [format_html('<span lang="en">{}</span>', data[k]) if french else str(data[k])
             for k in NAMES if data.get(k)]
    details = []
    for key, template in PLAYERS.items():
        player = _player(data.get(key), seats)
        if player is not None:
            details.append(str(template) % {"player": player} if template else player)
    for key, template in LABELLED.items():
        if data.get(key) not in (None, ""):
            details.append(str(template) % {"value": data[key]})
    if data.get("seeker"):
        details.append(gettext("the Seeker"))
    if data.get("free"):
        details.append(gettext("free"))
    bids = data.get("bids")
    if isinstance(bids, Mapping) and bids:
        details.append(gettext("bids: %(bids)s") % {"bids": ", ".join(
            f"{_player(index, seats) or index} {value}" for index, value in sorted(bids.items()))})
    text = conditional_escape(kind_name(str(data.get("type", ""))))
    if names:
        text = mark_safe(gettext("%(kind)s: %(names)s") % {
            "kind": text, "names": format_html_join(", ", "{}", ((n,) for n in names))})
    if details:
        return format_html("{} ({})", text, ", ".join(details))
    return text


def _player(index, seats: Sequence) -> str | None:
    try:
        number = int(index)
    except (TypeError, ValueError):
        return None
    if 0 <= number < len(seats):
        return str(seats[number].player)
    return None
