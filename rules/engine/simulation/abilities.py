"""The abilities the simulator plays, by name, and what a played trigger does.

Catalogue cards carry abilities as names and free text. The simulator keeps a registry
of the common ones, keyed by name (with the value parsed out of the name, "Armor +2").
An ability that matches nothing is *not modelled*: the simulator never guesses at it and
the result lists it. Triggers and tactical actions are read by the effects parser and
played through ``plays.py``; ``TriggerEffect`` is what the engine executes of a trigger.

Each ability updates ``Talents``, the flat record of what a model's rules change; the
engine reads only ``Talents``, never names.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields, replace

__all__ = [
    "ABILITIES",
    "ABILITY_TEXTS",
    "Talents",
    "TriggerEffect",
    "ability_names",
    "apply_ability",
    "plays_ability_text",
]


@dataclass(frozen=True, slots=True)
class Talents:
    """Everything a model's abilities (and Injuries, Upgrades) change, as plain values."""

    armor: int = 0
    hard_to_wound: int = 0
    hard_to_kill: bool = False
    incorporeal: bool = False
    flight: bool = False
    unimpeded: bool = False
    underfoot: bool = False
    terrifying: int = 0
    terrifying_to: str = ""
    manipulative: int = 0
    fast: bool = False
    slow: bool = False
    regeneration: int = 0
    melee_expert: bool = False
    casting_expert: bool = False
    shooting_expert: bool = False
    insignificant: bool = False
    thick_hide: int = 0
    shifting_shape: bool = False
    commanding_presence: int = 0
    bound_familiar: bool = False
    fragile: int = 0
    no_charge: bool = False
    no_interact: bool = False
    no_focus: bool = False
    no_defensive: bool = False
    shaken: bool = False
    counts_as_peon: bool = False
    immune_slow_paralyzed: bool = False
    ignores_soft_cover: bool = False
    paired_melee: bool = False
    paired_ranged: bool = False
    ignores_armor_incorporeal: bool = False
    ignores_pulse_blast_damage: bool = False
    critical_strike_ml: bool = False
    critical_strike_sh: bool = False
    walk_after_deployment: bool = False

    def merged(self, updates: Mapping[str, object]) -> Talents:
        """Stack updates: numbers add (Armor +1 and Armor +1 make Armor +2), flags stay on."""
        changes = {}
        for name, value in updates.items():
            current = getattr(self, name)
            if isinstance(current, bool):
                changes[name] = current or bool(value)
            elif isinstance(current, int):
                changes[name] = current + int(value)
            else:
                changes[name] = value or current
        return replace(self, **changes)

    def active(self) -> dict[str, object]:
        """The talents that differ from a plain model (for the log and the result)."""
        plain = _PLAIN
        return {f.name: getattr(self, f.name) for f in fields(self)
                if getattr(self, f.name) != getattr(plain, f.name)}


_PLAIN = Talents()

Handler = Callable[[re.Match, str], dict]


def _value(match: re.Match, group: int = 1, default: int = 1) -> int:
    text = match.group(group) if match.lastindex and match.lastindex >= group else None
    return int(text) if text else default


#: Ability name patterns (lower case, single spaces) and what they change. The patterns
#: take the value printed in the name ("Armor +2", "Terrifying (Living) 11").
ABILITIES: tuple[tuple[str, re.Pattern, Handler], ...] = tuple(
    (label, re.compile(pattern), handler)
    for label, pattern, handler in (
        ("Armor +N", r"^armou?r \+?(\d+)$", lambda m, t: {"armor": _value(m)}),
        ("Hard to Wound +N", r"^hard to wound \+?(\d+)$",
         lambda m, t: {"hard_to_wound": _value(m)}),
        ("Hard to Kill", r"^hard to kill$", lambda m, t: {"hard_to_kill": True}),
        ("Incorporeal", r"^incorporeal$", lambda m, t: {"incorporeal": True}),
        ("Flight", r"^flight$", lambda m, t: {"flight": True}),
        ("Unimpeded", r"^unimpeded$", lambda m, t: {"unimpeded": True}),
        ("Terrifying (X) N", r"^terrifying(?: \((\w+)\))? (\d+)$",
         lambda m, t: {"terrifying": int(m.group(2)),
                       "terrifying_to": (m.group(1) or "").lower().replace("all", "")}),
        ("Manipulative N", r"^manipulative (\d+)$", lambda m, t: {"manipulative": _value(m)}),
        ("Fast", r"^fast$", lambda m, t: {"fast": True}),
        ("Slow", r"^slow$", lambda m, t: {"slow": True}),
        ("Regeneration +N", r"^regeneration \+?(\d+)$", lambda m, t: {"regeneration": _value(m)}),
        ("Melee Expert", r"^melee expert$", lambda m, t: {"melee_expert": True}),
        ("Casting Expert", r"^casting expert$", lambda m, t: {"casting_expert": True}),
        ("Shooting Expert", r"^shooting expert$", lambda m, t: {"shooting_expert": True}),
        ("Insignificant", r"^insignificant$", lambda m, t: {"insignificant": True}),
        # Sample pack and campaign talents whose text is a plain, modelled rule.
        ("Thick Hide", r"^thick hide$", lambda m, t: {"thick_hide": 1}),
        # Bullet Proof +N (Flak Jacket): the same rule as Thick Hide, N less from Sh damage.
        ("Bullet Proof +N", r"^bullet ?proof \+?(\d+)$", lambda m, t: {"thick_hide": _value(m)}),
        ("Underfoot", r"^underfoot$", lambda m, t: {"underfoot": True}),
        ("Shifting Shape", r"^shifting shape$", lambda m, t: {"shifting_shape": True}),
        ("Commanding Presence", r"^commanding presence$",
         lambda m, t: {"commanding_presence": 1}),
        ("Bound Familiar", r"^bound familiar$", lambda m, t: {"bound_familiar": True}),
        # Injuries (campaign book) that change how the model plays.
        ("Fragile +N", r"^fragile \+?(\d+)$", lambda m, t: {"fragile": _value(m)}),
        ("Shaky Nerves", r"^shaky nerves$", lambda m, t: {"no_charge": True}),
        ("Not Quite Right", r"^not quite right$", lambda m, t: {"no_interact": True}),
        ("Unfocused", r"^unfocused$", lambda m, t: {"no_focus": True}),
        ("Foolhardy", r"^foolhardy$", lambda m, t: {"no_defensive": True}),
        ("Shaken", r"^shaken$", lambda m, t: {"shaken": True}),
        ("Easily Distracted", r"^easily distracted$", lambda m, t: {"counts_as_peon": True}),
        # Campaign Upgrades' granted talents.
        ("Field Experience", r"^field experience$", lambda m, t: {"immune_slow_paralyzed": True}),
        ("Scope", r"^scope$", lambda m, t: {"ignores_soft_cover": True}),
        ("Paired Melee Weapons", r"^paired melee weapons$", lambda m, t: {"paired_melee": True}),
        ("Paired Range Weapons", r"^paired range(?:d)? weapons$",
         lambda m, t: {"paired_ranged": True}),
        ("Hag's Blessing", r"^hag'?s blessing$",
         lambda m, t: {"ignores_armor_incorporeal": True}),
        ("Freikorps Suit", r"^freikorps suit$", lambda m, t: {"ignores_pulse_blast_damage": True}),
        ("Steady Aim", r"^steady aim$", lambda m, t: {"critical_strike_sh": True}),
        ("Steady Hands", r"^steady hands$", lambda m, t: {"critical_strike_ml": True}),
    )
)


#: Ability texts read whole (lower case, single spaces, no final full stop) as a rule the
#: registry already plays, whatever the ability is called: the manual's own wording of
#: Armor ("Reduce all damage suffered by this model by +N, to a minimum of 1") and of
#: Hard to Kill ("reduced to 1 Wd instead" of killed while it has 2 or more Wd), and a
#: free Walk after deployment (``Game.after_deployment``).
ABILITY_TEXTS: tuple[tuple[str, re.Pattern, Handler], ...] = tuple(
    (label, re.compile(pattern), handler)
    for label, pattern, handler in (
        ("Armor-like text", r"^reduce all damage (?:this model suffers|suffered by this model)"
         r" by \+?(\d+),? to a minimum of 1$", lambda m, t: {"armor": _value(m)}),
        ("Hard to Kill-like text",
         r"^(?:when|if) this model would be killed while it has (?:2|two) or more (?:wd|wounds),"
         r" it is reduced to (?:1|one) (?:wd|wound) instead$",
         lambda m, t: {"hard_to_kill": True}),
        ("Free Walk after deployment",
         r"^after deployment, this model may (?:make|take) a free walk action$",
         lambda m, t: {"walk_after_deployment": True}),
    )
)


def _normal(name: str) -> str:
    return " ".join(str(name).lower().replace("\u2019", "'").split())


def _text_updates(text: str) -> dict | None:
    key = _normal(text).rstrip(".").strip()
    if not key:
        return None
    for _, pattern, handler in ABILITY_TEXTS:
        match = pattern.match(key)
        if match:
            return handler(match, text)
    return None


def apply_ability(talents: Talents, name: str, text: str = "") -> Talents | None:
    """``talents`` with the ability added, or None when it is not modelled. The name is
    matched first ("Armor +2"); an unknown name is played when its whole text is one of
    ``ABILITY_TEXTS``."""
    key = _normal(name)
    for _, pattern, handler in ABILITIES:
        match = pattern.match(key)
        if match:
            return talents.merged(handler(match, text))
    updates = _text_updates(text)
    return None if updates is None else talents.merged(updates)


def plays_ability_text(text: str) -> bool:
    """Whether an ability's whole text is a rule the registry plays (``ABILITY_TEXTS``)."""
    return _text_updates(text) is not None


def ability_names() -> tuple[str, ...]:
    """The registry's entries as people write them (for documentation and pages)."""
    return tuple(label for label, _, _ in ABILITIES)


# -- triggers ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TriggerEffect:
    """What a played trigger or tactical action does. ``kind`` is one of:

    damage (``value`` extra damage when damaging), critical (+1 damage per ``suit`` in the
    final total), slow, paralyzed, paralyzed_if_empty_hand, poison, burning (``value``),
    pinned (no Walk until the end of its next Activation), lingering (``value`` damage at
    the end of its next Activation), push_target (``value``" directly away), push_self
    (up to ``value``"), and the general kinds: gain (Condition ``name`` +``value``),
    remove (Condition ``name``, "any" for all; ``value`` 0 ends it), heal (``value``),
    draw (``value`` cards), discard (the opponent discards ``value`` cards), lure
    (``value``" toward this model), unmark (remove ``value`` enemy Scheme Markers within
    ``distance``" of this model); and the table kinds (``table_effects``): summon (``value``
    models named ``name``), sacrifice, bury, unbury (within ``distance``), place_marker
    (``value`` Markers of kind ``name``), take_marker (remove ``value`` Markers of kind
    ``name``, 0 all, within ``distance``, whose: ``side``), place (this model placed in
    base contact with the target: ``name`` "target"; "unbury" of this model while it is
    in play places it the same way).

    Simulator 1.6 adds: blast (``value`` more Blast Markers on the damage), damage with
    ``name`` (only when the target has that Condition), ignore_armor (this attack's
    damage ignores Armor), twist (``value`` +1 or -1: a twist on the next duel of the
    model in ``who``), no_cheat (the target's controller may not Cheat Fate for the rest
    of the action), duel (the target takes a TN ``value`` duel on stat ``name``, suits
    ``suit``; ``then`` on failing, ``otherwise`` on passing).

    ``who`` and ``area`` say whom a general kind applies to (``Scope``): "target", "self",
    or "friendly"/"enemy"/"any" models in a "pulse", "within" ``distance`` or "range".
    """

    kind: str
    value: int | float = 0
    suit: str = ""
    name: str = ""
    who: str = "target"
    area: str = ""
    distance: float = 0
    side: str = ""
    #: A Condition's rule when the card defines it ("no_triggers"), for "gain".
    rule: str = ""
    #: A forced duel's effects on failing and on passing (kind "duel").
    then: tuple = ()
    otherwise: tuple = ()

    @property
    def needs_target(self) -> bool:
        """Whether the effect acts on, or places next to, the action's target."""
        return self.who == "target" or (self.kind in ("unbury", "place")
                                        and self.name == "target")
