"""Rule summaries in the reader's language (issue 23: complete French).

The rule tables keep our own short summaries in English; ``data/fr/summaries.json`` holds
their French, flat, keyed ``"<table>/<part>/<row key>"`` (a list item adds ``/<index>``,
a one-off text has no row key). ``said`` is the one lookup the pages use: in French it
gives the French entry, otherwise (or when the entry is missing) the English, and the
result knows its language so the template marks English text ``lang="en"`` and French
text not at all. ``page_summaries`` lists every summary the pages can show, so a test can
name any key a new row adds without its French.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from django.utils.translation import get_language

FRENCH_FILE = Path(__file__).resolve().parent / "data" / "fr" / "summaries.json"


class Said(str):
    """A text that knows its language ("en" or "fr")."""

    lang = "en"

    def __new__(cls, text: str, lang: str = "en") -> Said:
        said = super().__new__(cls, text)
        said.lang = lang
        return said


@cache
def french() -> dict[str, str]:
    """The shipped French summaries, read once per process."""
    return json.loads(FRENCH_FILE.read_text(encoding="utf-8"))


def said(key: str, english: str) -> Said:
    """``english`` in the reader's language: the French entry for ``key`` on a French page
    when there is one, else the English as it is."""
    if english and (get_language() or "").startswith("fr"):
        text = french().get(key)
        if text:
            return Said(text, "fr")
    return Said(english or "", "en")


def said_from_english(english: str) -> Said:
    """A summary stored in English inside a line (a game log keeps English), in the
    reader's language: its key is found by that English text among ``page_summaries``."""
    return said(_keys_by_english().get(english, ""), english)


@cache
def _keys_by_english() -> dict[str, str]:
    return {text: key for key, text in page_summaries().items()}


def row_key(table, row) -> str:
    """The key of a campaign table row's summary: ``"<table>/summary/<row key>"`` (Campaign
    Upgrades, Injuries, faction Injuries, Reward charts, Bounties)."""
    return f"{table.key}/summary/{row.key}"


def fortification_key(key: str) -> str:
    return f"hide-outs/fortification/{key}"


def page_summaries() -> dict[str, str]:
    """{key: English} for every summary the week and game pages can show (second edition
    tables: weekly events, schemes, deployments, strategies, story terrain, objectives
    and the Shindig; first edition: locations, features, deployments, strategies, schemes
    and the notes around them), and those of the Aftermath and the tracker (Campaign
    Upgrades on a Barter card, Injuries, Reward charts, Bounties, Fortifications)."""
    from rules.encounter_tables import encounter_tables
    from rules.tables import lonely_traveler, weekly_events

    out: dict[str, str] = {}
    events = weekly_events()
    for row in events.rows:
        out[f"weekly-events/summary/{row.key}"] = row.summary
        for index, opportunity in enumerate(row.scrip):
            out[f"weekly-events/scrip/{row.key}/{index}"] = opportunity.when
    out["weekly-events/neutral_model_rules"] = events.neutral_model_rules
    t = encounter_tables()
    for row in t.schemes.rows:
        out[f"encounter-schemes/summary/{row.key}"] = row.summary
        if row.notes:  # what the Scheme has its player note
            out[f"encounter-schemes/notes/{row.key}"] = row.notes
    for row in (*t.standard.deployments, *t.story.deployments):
        out[f"deployment/summary/{row.key}"] = row.summary
    for row in t.standard.strategies:
        out[f"encounter-standard/strategy/{row.key}"] = row.summary
    for row in t.story.strategies:
        out[f"encounter-story/attacker/{row.key}"] = row.attacker
    for row in t.story.terrain:
        out[f"encounter-story/terrain/{row.key}"] = row.summary
    for row in t.story.defender_objectives:
        out[f"encounter-story/objective/{row.key}"] = row.summary
    out["encounter-story/shindig"] = t.story.shindig.summary
    for row in lonely_traveler().rows:
        out[f"lonely-traveler/summary/{row.key}"] = row.summary
    out.update(_first_edition())
    out.update(_aftermath())
    return {key: text for key, text in out.items() if text}


def _first_edition() -> dict[str, str]:
    from rules.engine.first_edition_tables import first_edition_tables

    t = first_edition_tables()
    out = {"first-edition/event_rule": t.event_rule,
           "first-edition/lost_pages_note": t.lost_pages_note}
    for row in t.locations:
        out[f"first-edition/location/{row.key}"] = row.summary
        out[f"first-edition/suggested-terrain/{row.key}"] = row.suggested_terrain
        out[f"first-edition/setting/{row.setting}"] = row.setting
    for row in t.features:
        out[f"first-edition/feature/{row.key}"] = row.summary
    for row in t.deployments:
        out[f"first-edition/deployment/{row.key}"] = row.summary
        out[f"first-edition/deployment-quick-reference/{row.key}"] = row.quick_reference
    for row in t.strategies:
        out[f"first-edition/strategy/{row.key}"] = row.summary
        out[f"first-edition/full-vp/{row.key}"] = row.full_vp
        out[f"first-edition/partial-vp/{row.key}"] = row.partial_vp
    for row in t.schemes:
        out[f"first-edition/scheme/{row.key}"] = row.summary
    return out


def _aftermath() -> dict[str, str]:
    from rules import tables

    charts = [tables.campaign_upgrades(), tables.injury_chart(), tables.bounties(),
              *(tables.faction_injury_chart(code) for code in tables.FACTIONS),
              *(tables.reward_chart(chart) for chart in ("generic", *tables.FACTIONS))]
    out = {row_key(chart, row): row.summary for chart in charts for row in chart.rows}
    for hide_out in tables.hide_outs().rows:
        for row in tables.fortifications(hide_out.key):
            out[fortification_key(row.key)] = row.summary
    return out
