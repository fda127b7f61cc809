"""What the pages say instead of rule-table keys and codes: a card as people read it
("5 of Crows", "Red Joker"), a scheme, strategy or deployment by its name (never its slug),
a rate as a percentage. Filters for templates and the same functions for Python callers
(game logs, the replay)."""

from __future__ import annotations

from django import template
from django.utils.formats import number_format
from django.utils.safestring import mark_safe
from django.utils.translation import gettext

from rules.hide_out_names import hide_out_name
from rules.wording import card_label, readable

register = template.Library()


def _name(lookup, key) -> str:
    if not key:
        return ""
    try:
        return lookup(key).name
    except (KeyError, StopIteration, LookupError, ValueError):
        return str(key).replace("-", " ").capitalize()


def scheme_label(key) -> str:
    from rules.encounter_tables import encounter_tables

    return _name(encounter_tables().scheme, key)


def strategy_label(key) -> str:
    from rules.encounter_tables import encounter_tables

    tables = encounter_tables()

    def lookup(k):
        try:
            return tables.standard_strategy(k)
        except (KeyError, LookupError, ValueError):
            return tables.story.strategy(k)

    return _name(lookup, key)


def deployment_label(key) -> str:
    from rules.encounter_tables import encounter_tables

    return _name(encounter_tables().deployment, key)


def percent_label(rate, digits: int = 1) -> str:
    """0.4251 -> "42.5%" ("42,5 %" in French); blank for no value."""
    if rate in (None, ""):
        return ""
    value = number_format(round(float(rate) * 100, digits), digits)
    return gettext("%(value)s%%") % {"value": value}


def cards_label(codes) -> str:
    """Several cards: "6 of Crows and 13 of Masks"."""
    labels = [card_label(c) for c in codes or []]
    if len(labels) < 2:
        return "".join(labels)
    return gettext("%(first)s and %(last)s") % {"first": ", ".join(labels[:-1]),
                                                 "last": labels[-1]}


def plain_words(text, sides=None) -> str:
    """A stored line (a log entry, a flip's purpose) in plain words; ``sides`` are the game
    page's side rows (``key`` and ``side``) whose crews' names replace "side a"."""

    crews = {}
    for row in sides or []:
        key = row.get("key") if isinstance(row, dict) else getattr(row, "key", None)
        side = row.get("side") if isinstance(row, dict) else getattr(row, "side", None)
        if key:
            crews[key] = str(side)
    return readable(str(text or ""), crews)


def log_line(text) -> str:
    """A stored English log or ledger line in the reader's language (rules.log_lines);
    the arsenal's history and an Injury flip's result with their names marked English."""
    from rules.log_lines import shown

    return shown(str(text or ""))


def lang_attr(text) -> str:
    """` lang="en"` for a summary left in English (``rules.summaries.said``; any plain
    string counts as English), nothing for one in the page's own French."""
    return "" if getattr(text, "lang", "en") == "fr" else mark_safe(' lang="en"')


def _coverage(name):
    def show(value):
        from rules import coverage_words

        return getattr(coverage_words, name)(value)

    return show


register.filter("lang_attr", lang_attr)
register.filter("hide_out_name", hide_out_name)
register.filter("coverage_line", _coverage("line"))
register.filter("coverage_element", _coverage("element"))
register.filter("coverage_played", _coverage("played"))
register.filter("coverage_reason", _coverage("reason"))
register.filter("coverage_label", _coverage("label"))
register.filter("malediction_not_modelled", _coverage("malediction_line"))
register.filter("logline", log_line)
register.filter("card", card_label)
register.filter("cards", cards_label)
register.filter("plain", plain_words)
register.filter("scheme_name", scheme_label)
register.filter("strategy_name", strategy_label)
register.filter("deployment_name", deployment_label)
register.filter("percent", percent_label)
