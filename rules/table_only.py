"""Campaign results the app declares *table-only*: their rule happens at the table in ways
the tracker does not record and the simulator does not play (a push, a discard, a duel
twist, a line of sight...), so the players apply them. Every Campaign Upgrade, Injury and
faction Injury is either applied (``tests/campaign/test_declared_effects.py`` names the
test that shows it) or listed here with the reason; that test fails when one is neither.

The stat card marks these "apply at the table", and the tracker reminds the players of
them on the hired model's line while the game is in play. Reasons are for developers;
the players see the row's own summary.
"""

from __future__ import annotations

from types import MappingProxyType

#: Campaign Upgrades (``campaign-upgrades.json``) the app does not apply.
UPGRADES = MappingProxyType({
    "the-hags-kiss": "Poison is a Condition the simulator does not model.",
    "tool-kit": "An Interact as a (0) action: the tracker records no action costs.",
    "neverborn-hide": "Black Blood needs distances to other models.",
    "aetheric-disruptor": "Nether Fluctuation needs distances and suits of enemy actions.",
    "snares": "Snares limits where enemy Charges end: positions the tracker does not keep.",
    "bond": "Companion chains activations: activation order is the table's.",
    "instinctual": "Two different (0) actions: the tracker records no actions.",
    "fated": "Damage flips not cheated: the tracker records no damage flips.",
})

#: Injuries of the general chart (``injuries.json``) the app does not apply.
INJURIES = MappingProxyType({
    "blow-to-the-head": "A discard or Slow at each activation: the tracker keeps no hands.",
    "cursed": "Suits lost on its stats: duels are flipped at the table.",
    "swamp-hex": "A discard for each (0) action: the tracker records no actions.",
    "blood-hex": "A discard for each trigger: the tracker records no triggers.",
    "baggage": "A Scheme Marker dropped in base contact: the opponent records it as any "
               "Marker placed.",
    "flashbacks": "A Wp duel when targeted by a Charge: duels are at the table.",
    "wanders-off": "A 6\" push after the first initiative: positions are the table's.",
    "a-wayward-adventure": "Deployment and Turn 3 entry happen on the table.",
})

#: Faction Injuries (``injuries-<faction>.json``) the app does not apply.
FACTION_INJURIES = MappingProxyType({
    "metal-patchwork-hydraulic-limb": "+1 Ml damage is not modelled (its Construct "
                                      "Characteristic is on the stat card).",
    "decembers-hunger": "Corpse Markers within 3\": distances are the table's.",
    "bestial-rage": "3 damage for Fast: the tracker keeps no damage.",
    "stop-hitting-yourself": "Damage during its own activation: the tracker keeps no damage.",
    "twitchy": "A trigger applied twice: triggers are resolved at the table.",
    "fast-runner": "Pushes go 3\" further: positions are the table's.",
    "scapegoat": "Heals its killer and gives Reactivate: the tracker keeps no damage.",
    "martyr": "Fast for friendly models within 6\": distances are the table's.",
    "in-the-name-of-research": "A card drawn and discarded: the tracker keeps no hands.",
    "relentless": "Immune to Horror duels: duels are at the table.",
    "secret-directive": "A push and a Scheme Marker at the end: the Marker is recorded as any "
                        "Marker placed.",
    "to-the-death": "One more attack as it dies: attacks are at the table.",
    "silent": "Line of sight and cover: the table's.",
    "ravenous": "Enemy Scheme Markers within 2\" removed: recorded as any Marker removed.",
    "slippery": "A push when an attack fails: positions are the table's.",
    "the-hunter": "A discard for a Soulstone: the player adjusts the Pool in the tracker.",
    "the-scholar": "A card drawn and discarded: the tracker keeps no hands.",
    "the-murderer": "2 damage for a twist on its damage flip: flips are at the table.",
    "my-lucky-stitches": "A Red Joker damage flip counted as the Black Joker: damage flips are "
                         "at the table.",
    "too-many-pieces": "More Corpse Markers: recorded as any Marker placed.",
    "embalmed": "Poison heals it: Conditions are the table's.",
    "pounce": "An attack when an enemy ends a move near it: the table's.",
    "arcane-disturbance": "A twist while the Pool is empty: duels are at the table.",
    "clear-mind-pure-body": "Immune to Slow and Poison: Conditions are the table's.",
    "reserves": "Starts buried and unburies: positions are the table's.",
    "ninja-attack": "Two Torakage summoned: recorded as any summoned model.",
})

ALL = MappingProxyType({**UPGRADES, **INJURIES, **FACTION_INJURIES})


def is_table_only(key: str) -> bool:
    return key in ALL


#: Table-only results whose moment is the model's death: the tracker's log reminds the
#: players when the casualty is recorded.
WHEN_KILLED = frozenset({"baggage", "to-the-death", "martyr", "ninja-attack",
                         "too-many-pieces", "scapegoat"})


def _row(key: str):
    """(chart, row) of a table-only result in the campaign tables, or (None, None)."""
    from rules import tables

    for chart in (tables.campaign_upgrades(), tables.injury_chart(),
                  *(tables.faction_injury_chart(code) for code in tables.FACTIONS)):
        for row in chart.rows:
            if row.key == key:
                return chart, row
    return None, None


def summary(key: str) -> str:
    """The row's own summary (what the players apply), from the campaign tables, in
    English (the game log keeps English)."""
    _, row = _row(key)
    return row.summary if row else ""


def shown(key: str):
    """The row's summary in the reader's language (``rules.summaries.said``), for pages."""
    from rules.summaries import row_key, said

    chart, row = _row(key)
    return said(row_key(chart, row), row.summary) if row else said("", "")

