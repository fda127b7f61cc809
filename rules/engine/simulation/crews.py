"""The simulator's input: two crews as hired, the encounter setup and the table.

Everything here is plain data built from dicts (``from_dict``/``to_dict`` are JSON-safe),
because the input is stored with a game and sent to workers. A model is its catalogue
card (the content pack's stat card dict, ``docs/content-packs.md``) plus the
``Modifier``s its arsenal attaches for this game (Upgrades, Injuries, Campaign Upgrades);
``profile()`` folds them into the stat line the simulator plays.

Only names and numbers come from the card; what free text means is read by the effects
parser (``rules/engine/effects``), what of it is played is decided in ``plays.py`` (and
abilities by name in ``abilities.py``), and every element not played in full is listed
as not modelled, with the reasons.
"""

from __future__ import annotations

import marshal
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from types import MappingProxyType
from typing import Any

from ..cards import Suit
from ..damage import DamageTrack
from ..duels import Trigger, parse_suits
from ..effects import EffectError, Reading
from ..effects.coverage import PLAYED, CardElement, ElementCoverage, classify, describe
from ..effects.parser import defined_condition, reading_of
from ..errors import RulesError
from .abilities import Talents, TriggerEffect, apply_ability
from .errors import InvalidEncounterInput
from .geometry import base_radius
from .plays import (
    DAMAGE_FLIP_KINDS,
    SIMULATOR_SUPPORT,
    activation_play,
    attack_play,
    defensive_play,
    tactical_play,
    trigger_play,
)

__all__ = [
    "CAMPAIGN_UPGRADE_TALENTS",
    "INJURY_TALENTS",
    "ActionProfile",
    "CrewInput",
    "EncounterInput",
    "ModelInput",
    "ModelProfile",
    "Modifier",
    "SchemeChoice",
    "TableInput",
    "TriggerProfile",
    "modifier_from_campaign_upgrade",
    "modifier_from_injury",
    "modifier_from_upgrade_card",
]

STATIONS = ("master", "henchman", "enforcer", "minion", "peon")
STAT_NAMES = ("wk", "cg", "ht", "wp", "df", "wd")
#: Stats a target can resist an attack with (a model's own stat line).
RESIST_STATS = ("df", "wp", "wk", "cg", "ht")
ACTION_STATS = ("ml", "sh", "ca", "df", "wp", "wk", "cg", "ht")
MODIFIABLE = frozenset({*STAT_NAMES, "ml", "sh", "ca", "cost", "melee_range"})

#: Campaign Upgrades whose rule is one registry ability (``abilities.py``), by table key.
CAMPAIGN_UPGRADE_TALENTS: Mapping[str, str] = MappingProxyType({
    "helmet": "Hard to Kill",
    "metal-plate": "Armor +1",
    "determination": "Hard to Wound +1",
    "machete": "Unimpeded",
    "field-experience": "Field Experience",
    "scope": "Scope",
    "off-hand-fighting": "Paired Melee Weapons",
    "off-hand-shooting": "Paired Range Weapons",
    "enchanted-weapons": "Hag's Blessing",
    "freikorps-suit": "Freikorps Suit",
    "steady-aim": "Steady Aim",
    "steady-hands": "Steady Hands",
    "thick-hide": "Regeneration +1",
    "jetpack": "Flight",
    "grotesque-trophy": "Terrifying (All) 12",
    "flak-jacket": "Bullet Proof +1",
})
#: Injuries whose rule is one registry ability, by table key.
INJURY_TALENTS: Mapping[str, str] = MappingProxyType({
    "fragile": "Fragile +1",
    "shaky-nerves": "Shaky Nerves",
    "not-quite-right": "Not Quite Right",
    "unfocused": "Unfocused",
    "foolhardy": "Foolhardy",
    "shaken": "Shaken",
    "easily-distracted": "Easily Distracted",
    "metal-patchwork-armor": "Armor +1",
})


def _require(data: Mapping, key: str, where: str) -> Any:
    try:
        return data[key]
    except (KeyError, TypeError):
        raise InvalidEncounterInput(f"{where}: {key!r} is missing.") from None


def _int(value: Any, where: str, *, allow_none: bool = False) -> int | None:
    if value is None or value == "" or value == "-":
        if allow_none:
            return None
        raise InvalidEncounterInput(f"{where} is missing.")
    if isinstance(value, bool):
        raise InvalidEncounterInput(f"{where} must be a whole number, not {value!r}.")
    try:
        return int(value)
    except (TypeError, ValueError):
        raise InvalidEncounterInput(f"{where} must be a whole number, not {value!r}.") from None


# -- modifiers ------------------------------------------------------------------------


#: The campaign Skill that lets a Leader below Henchman use Soulstones.
THE_CHOSEN = "the-chosen"

@dataclass(frozen=True)
class Modifier:
    """Something attached to a model for this game that changes its stat line or rules.

    ``stat_effects`` add to stats (wk, cg, ht, wp, df, wd, ml, sh, ca, cost, melee_range);
    ``stat_caps`` stop an effect from lifting a stat past a value ("to at most 7"; a stat
    already above the cap keeps its printed value). ``abilities`` and ``actions`` use the
    card's formats. ``text`` is free text; a modifier with text and nothing else the
    simulator can read is reported as not modelled.
    """

    name: str
    kind: str = "upgrade"
    key: str = ""
    stat_effects: Mapping[str, int] = field(default_factory=dict)
    stat_caps: Mapping[str, int] = field(default_factory=dict)
    abilities: tuple[Mapping[str, str], ...] = ()
    actions: tuple[Mapping[str, Any], ...] = ()
    text: str = ""

    def __post_init__(self) -> None:
        for what in ("stat_effects", "stat_caps"):
            values = dict(getattr(self, what))
            unknown = sorted(set(values) - MODIFIABLE)
            if unknown:
                raise InvalidEncounterInput(
                    f"Modifier {self.name!r}: {what} names unknown stats {unknown}.")
            object.__setattr__(self, what, MappingProxyType(
                {k: _int(v, f"Modifier {self.name!r} {what}[{k}]") for k, v in values.items()}))
        object.__setattr__(self, "abilities", tuple(dict(a) for a in self.abilities))
        object.__setattr__(self, "actions", tuple(dict(a) for a in self.actions))

    @property
    def reads_as_rules(self) -> bool:
        return bool(self.stat_effects or self.abilities or self.actions)

    def to_dict(self) -> dict:
        out: dict[str, Any] = {"name": self.name, "kind": self.kind}
        if self.key:
            out["key"] = self.key
        if self.stat_effects:
            out["stat_effects"] = dict(self.stat_effects)
        if self.stat_caps:
            out["stat_caps"] = dict(self.stat_caps)
        if self.abilities:
            out["abilities"] = [dict(a) for a in self.abilities]
        if self.actions:
            out["actions"] = [dict(a) for a in self.actions]
        if self.text:
            out["text"] = self.text
        return out

    @classmethod
    def from_dict(cls, data: Mapping) -> Modifier:
        where = f"Modifier {data.get('name', '?')!r}" if isinstance(data, Mapping) else "Modifier"
        if not isinstance(data, Mapping):
            raise InvalidEncounterInput(f"{where} must be an object.")
        return cls(
            name=str(_require(data, "name", where)),
            kind=str(data.get("kind", "upgrade")),
            key=str(data.get("key", "")),
            stat_effects=data.get("stat_effects") or {},
            stat_caps=data.get("stat_caps") or {},
            abilities=tuple(data.get("abilities") or ()),
            actions=tuple(data.get("actions") or ()),
            text=str(data.get("text", "")),
        )


_STAT_GAIN = re.compile(r"^this model gains \+(\d+) (wd|df|wp|wk)"
                        r"(?:,? and \+(\d+) (wd|df|wp|wk))?$", re.I)
#: Upgrade sentences about hiring, settled before play (nothing to play).
_HIRING = re.compile(r"^the crew may (?:only )?hold only one$|^the crew may hold one$", re.I)


def upgrade_text_reading(text: str) -> tuple[dict[str, int], list[str]]:
    """An upgrade card's effect text as (stat gains read, sentences not read). A sentence
    is read only whole ("This model gains +1 Wd."), so a conditional gain ("When ..., it
    gains +1 Df") is never applied always."""
    effects: dict[str, int] = {}
    unread: list[str] = []
    for sentence in re.split(r"(?<=[.!?])\s+", " ".join(str(text or "").split())):
        body = sentence.strip().rstrip(".").strip()
        if not body or _HIRING.match(body):
            continue
        match = _STAT_GAIN.match(body)
        if match is None:
            unread.append(sentence.strip())
            continue
        for value, stat in ((match.group(1), match.group(2)), (match.group(3), match.group(4))):
            if stat:
                effects[stat.lower()] = effects.get(stat.lower(), 0) + int(value)
    return effects, unread


def modifier_from_upgrade_card(card: Mapping) -> Modifier:
    """A content pack upgrade card as a modifier (its effect is free text; only whole
    stat-gain sentences are read, see ``upgrade_text_reading``)."""
    text = str(card.get("effect", ""))
    effects, _ = upgrade_text_reading(text)
    return Modifier(name=str(card["name"]), kind="upgrade", key=str(card.get("slug", "")),
                    stat_effects=effects, text=text)


def modifier_from_campaign_upgrade(row: Any) -> Modifier:
    """A Campaign Upgrade (a row of ``rules/data/campaign-upgrades.json``, as a dict or the
    loaded dataclass) as a modifier: its stat effects, its action, its one talent."""
    get = row.get if isinstance(row, Mapping) else lambda k, d=None: getattr(row, k, d)
    key = str(get("key", ""))
    talent = CAMPAIGN_UPGRADE_TALENTS.get(key)
    action = get("action")
    actions = ()
    if action:
        action = dict(action) if isinstance(action, Mapping) else dict(vars(action))
        actions = (_campaign_action(action),)
    return Modifier(
        name=str(get("name", key)), kind="campaign_upgrade", key=key,
        stat_effects=dict(get("stat_effects") or {}), stat_caps=dict(get("stat_caps") or {}),
        abilities=({"name": talent, "text": str(get("summary", ""))},) if talent else (),
        actions=actions, text=str(get("summary", "")),
    )


def _campaign_action(action: dict) -> dict:
    """Campaign Upgrade actions write ranges as "12", "melee 2" or "10 or melee 2"."""
    out = {k: v for k, v in action.items() if v is not None}
    if "range" in out and re.fullmatch(r"\d+(?:\.\d+)?", str(out["range"]).strip()):
        out["range"] = f'{out["range"]}"'
    return out


def modifier_from_injury(row: Any) -> Modifier:
    """An Injury (a row of ``rules/data/injuries*.json``, dict or dataclass) as a modifier."""
    get = row.get if isinstance(row, Mapping) else lambda k, d=None: getattr(row, k, d)
    key = str(get("key", ""))
    talent = INJURY_TALENTS.get(key)
    return Modifier(
        name=str(get("name", key)), kind="injury", key=key,
        stat_effects=dict(get("stat_effects") or {}),
        abilities=({"name": talent, "text": str(get("summary", ""))},) if talent else (),
        text=str(get("summary", "")),
    )


# -- actions --------------------------------------------------------------------------

_RANGE_NUMBER = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(?:\"|''|in|inch(?:es)?)?\s*$", re.I)
_RANGE_PULSE = re.compile(r"^\s*(?:pulse|aura|\(x\))\s*(\d+(?:\.\d+)?)\s*\"?\s*$", re.I)
_RANGE_AREA = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*\"?\s*\(area\)\s*$", re.I)
_RANGE_MELEE = re.compile(r"^\s*melee\s*(\d+(?:\.\d+)?)\s*\"?\s*$", re.I)
_RANGE_OR_MELEE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*\"?\s+or\s+melee\s*(\d+(?:\.\d+)?)\s*\"?\s*$",
                             re.I)


@dataclass(frozen=True)
class TriggerProfile:
    """One trigger of an action: its ``reading`` (effects read from its text, or given by
    the pack) and the ``effects`` of it the simulator plays (``plays.py``); a trigger
    with none is never declared."""

    name: str
    suits: tuple[Suit, ...]
    text: str
    effects: tuple[TriggerEffect, ...] = ()
    reading: Reading = field(default_factory=Reading)
    #: When it resolves (format 2 packs): "immediately", "when_declaring",
    #: "after_succeeding", "after_failing", "after_damaging" (only when the attack dealt
    #: damage), "after_resolving"; "" is "immediately" (``plays.ON_SUCCESS_TIMINGS``).
    timing: str = ""

    @property
    def effect(self) -> TriggerEffect | None:
        """The first effect played (None when the simulator plays none of it)."""
        return self.effects[0] if self.effects else None

    @cached_property
    def engine_trigger(self) -> Trigger:
        return Trigger(self.name, self.suits)


@dataclass(frozen=True)
class ActionProfile:
    """One action a model can take, read from its card.

    ``kind``: "close" (an Ml attack: it engages and can be used while engaged),
    "projectile" (Sh: cover applies, not while engaged, shots into engagements are
    randomized), "spell" (any other stat: line of sight only), "pulse" (around the model).
    ``is_attack`` is True when a stat resists it (an opposed duel).
    """

    name: str
    stat: str | None
    value: int | None
    suits: tuple[Suit, ...]
    range: float
    kind: str
    resist: str | None
    tn: int | None
    damage: DamageTrack | None
    triggers: tuple[TriggerProfile, ...]
    ap: int
    text: str
    effect: tuple[TriggerEffect, ...] | None
    modelled: bool
    why_not: str = ""
    reading: Reading = field(default_factory=Reading)
    #: Suits the TN of a tactical action's duel requires ("TN 13 Mask": format 2's
    #: ``tn_suits``); played since simulator 1.6.
    tn_suits: tuple[Suit, ...] = ()

    @property
    def is_attack(self) -> bool:
        return self.resist is not None

    @cached_property
    def resists(self) -> tuple[str, ...]:
        """The stats the target may resist with: one, or a choice ("df or wp": the target
        picks, ``actions.resist_choice``); () for a tactical action."""
        return resist_stats(self.resist)

    @cached_property
    def engine_triggers(self) -> tuple[Trigger, ...]:
        """The modelled triggers as the duel engine takes them (only these are declared)."""
        return tuple(t.engine_trigger for t in self.triggers if t.effects)

    def trigger_named(self, name: str) -> TriggerProfile | None:
        for trigger in self.triggers:
            if trigger.name == name:
                return trigger
        return None


def resist_stats(resist: str | None) -> tuple[str, ...]:
    """"df" as ("df",), "df or wp" as ("df", "wp"); a stat a model cannot resist with
    (an attack stat) leaves it out, so such an attack resists with nothing."""
    if not resist:
        return ()
    stats = tuple(s.strip() for s in resist.split(" or "))
    return stats if all(s in RESIST_STATS for s in stats) else ()


def _kind_for(stat: str | None) -> str:
    return {"ml": "close", "sh": "projectile"}.get(stat or "", "spell")


def parse_actions(raw: Mapping, where: str) -> list[ActionProfile]:
    """One card action as one or two profiles ("10 or melee 2" is a shot and a blow)."""
    name = str(_require(raw, "name", where))
    stat = raw.get("stat")
    stat = str(stat).strip().lower() if stat else None
    if stat is not None and stat not in ACTION_STATS:
        raise InvalidEncounterInput(f"{where}, action {name!r}: unknown stat {stat!r}.")
    value = _int(raw.get("value"), f"{where}, action {name!r} value", allow_none=True)
    resist = raw.get("resist")
    resist = " ".join(str(resist).strip().lower().split()) if resist else None
    tn = _int(raw.get("tn"), f"{where}, action {name!r} tn", allow_none=True)
    try:
        suits = parse_suits(raw.get("suits") or ())
        tn_suits = parse_suits(raw.get("tn_suits") or ())
        damage = DamageTrack.parse(raw["damage"]) if raw.get("damage") else None
    except RulesError as exc:
        raise InvalidEncounterInput(f"{where}, action {name!r}: {exc}") from None
    ap = _int(raw.get("ap", 1), f"{where}, action {name!r} ap")
    text = str(raw.get("text", "") or "")
    triggers = []
    for t in raw.get("triggers") or ():
        try:
            t_suits = parse_suits(t.get("suits") or ())
        except RulesError as exc:
            raise InvalidEncounterInput(f"{where}, trigger of {name!r}: {exc}") from None
        if not t_suits:
            raise InvalidEncounterInput(f"{where}, trigger of {name!r} needs a suit.")
        t_text = str(t.get("text", "") or "")
        t_reading = element_reading(t, f"{where}, trigger of {name!r}")
        if "effects" not in t and t_reading.unread:
            # A trigger that is only a Condition's definition gives that Condition.
            t_reading = defined_condition(t_text) or t_reading
        triggers.append(TriggerProfile(str(t.get("name", "")), t_suits, t_text,
                                       trigger_play(t_reading), t_reading,
                                       str(t.get("timing", "") or "")))
    triggers = tuple(triggers)
    reading = element_reading(raw, f"{where}, action {name!r}")
    range_text = str(raw.get("range") or "").strip()
    shapes: list[tuple[float, str]] = []
    names = [name]
    if not range_text or range_text.lower() == "self":  # format 2 writes "self"
        shapes.append((0.0, "self"))
    elif m := _RANGE_OR_MELEE.match(range_text):
        shapes += [(float(m.group(1)), _kind_for(stat)), (float(m.group(2)), "close")]
        # The blow is its own action, so a command can name either.
        names = [name, f"{name} (melee)"]
    elif m := _RANGE_MELEE.match(range_text):
        shapes.append((float(m.group(1)), "close"))
    elif m := _RANGE_PULSE.match(range_text) or _RANGE_AREA.match(range_text):
        shapes.append((float(m.group(1)), "pulse"))
    elif m := _RANGE_NUMBER.match(range_text):
        shapes.append((float(m.group(1)), _kind_for(stat)))
    else:
        shapes.append((0.0, "unknown"))
    out = []
    for index, (rng, kind) in enumerate(shapes):
        effect = None
        modelled, why = True, ""
        if kind == "unknown":
            modelled, why = False, f"range {range_text!r} is not understood"
        elif resist is not None:
            if stat is None or value is None:
                modelled, why = False, "an attack without a stat and value"
            elif not resist_stats(resist):
                modelled, why = False, f"an attack resisted by {resist.title()}"
            elif kind == "self":
                modelled, why = False, "attacks without a single target"
            elif damage is None:
                modelled, why = False, "an attack whose effect is only text"
            else:
                effect = attack_play(reading) or None
        else:
            effect = tactical_play(reading) if kind != "unknown" else None
            if effect is None:
                modelled, why = False, _TEXT_ONLY
            elif tn is not None and (stat is None or value is None):
                modelled, why = False, "a TN without a stat"
        out.append(ActionProfile(names[min(index, len(names) - 1)], stat, value, suits, rng,
                                 kind, resist, tn, damage, triggers, ap, text, effect,
                                 modelled, why, reading, tn_suits=tn_suits))
    return out


_TEXT_ONLY = "a tactical action whose effect is only text"


def element_reading(raw: Mapping, where: str) -> Reading:
    """An element's reading (``reading_of``), bad structured effects refused as input."""
    try:
        return reading_of(raw)
    except EffectError as exc:
        raise InvalidEncounterInput(f"{where}: effects {exc}") from None


def action_coverage(action: ActionProfile) -> list[ElementCoverage]:
    """How much of an action and of each of its triggers the simulator plays."""
    role = "attack" if action.is_attack else "tactical"
    frame = "" if action.modelled else action.why_not
    if frame == _TEXT_ONLY:
        frame = ""  # the reading's own reasons say what is not played
    out = [classify(CardElement(role, action.name, action.text, action.reading,
                                frame_problem=frame), SIMULATOR_SUPPORT)]
    for trigger in action.triggers:
        t_frame = "" if action.modelled else "its action is not played"
        if not t_frame and not action.is_attack:
            # A tactical action's trigger is declared on its duel (since 1.6); its action
            # deals no damage, so an effect on damage or "after damaging" does nothing.
            if action.tn is None:
                t_frame = "a tactical action without a duel declares no triggers"
            elif trigger.timing == "after_damaging" or any(
                    e.kind in DAMAGE_FLIP_KINDS for e in trigger.effects):
                t_frame = "its action deals no damage"
        out.append(classify(CardElement("trigger", trigger.name, trigger.text,
                                        trigger.reading, of=action.name,
                                        frame_problem=t_frame), SIMULATOR_SUPPORT))
    return out


def ability_coverage(name: str, text: str = "", reading: Reading | None = None,
                     *, defensive: bool = False) -> ElementCoverage:
    """How much of an ability the simulator plays (abilities are played by name; a
    defensive trigger by its reading, through ``plays.defensive_play``)."""
    element = CardElement("ability", name, text, reading)
    if reading is not None and (defensive_play(reading) if defensive
                                else activation_play(reading)):
        return ElementCoverage(element, PLAYED, tuple(describe(e) for e in reading.effects))
    return classify(element, SIMULATOR_SUPPORT)


def is_defensive_trigger(ability: Mapping) -> bool:
    """A format 2 defensive trigger: an ability with ``kind`` and ``suits``."""
    return ability.get("kind") == "defensive_trigger" and bool(ability.get("suits"))


#: Card fields the simulator reads, and fields settled before play (hiring, identity).
_CARD_FIELDS = frozenset({"name", "station", "characteristics", "factions", "cost", "wk",
                          "cg", "ht", "wp", "df", "wd", "base_size", "abilities", "actions",
                          "is_totem", "slug", "cache", "is_mercenary", "is_unique", "rare",
                          "totem_of", "id"})
_ELEMENT_FIELDS = frozenset({"name", "text", "effects", "qualifiers", "unread"})
_ACTION_FIELDS = _ELEMENT_FIELDS | {"stat", "value", "suits", "range", "resist", "tn",
                                    "damage", "triggers", "ap"}
_TRIGGER_FIELDS = _ELEMENT_FIELDS | {"suits"}


def _holds(value: Any) -> bool:
    """A field holds something (0 and False do: "(0)" is an AP cost)."""
    return value is not None and not (isinstance(value, str | list | tuple | dict)
                                      and not value)


def unread_fields(card: Mapping) -> list[str]:
    """What a card holds that the simulator does not read at all (a field it does not
    know, with a value), one line each: never silent, whatever a pack adds."""
    out = [f"card field {key!r} (not read by the simulator)"
           for key, value in card.items() if key not in _CARD_FIELDS and _holds(value)]
    for ability in card.get("abilities") or ():
        read = _ELEMENT_FIELDS | ({"kind", "suits"} if is_defensive_trigger(ability)
                                  else frozenset())
        out += [f"ability {ability.get('name', '?')}: field {key!r} (not read by the "
                f"simulator)" for key, value in ability.items()
                if key not in read and _holds(value)]
    for action in card.get("actions") or ():
        out += [f"action {action.get('name', '?')}: field {key!r} (not read by the "
                f"simulator)" for key, value in action.items()
                if key not in _ACTION_FIELDS and _holds(value)]
        for trigger in action.get("triggers") or ():
            out += [f"trigger {trigger.get('name', '?')} of {action.get('name', '?')}: field "
                    f"{key!r} (not read by the simulator)" for key, value in trigger.items()
                    if key not in _TRIGGER_FIELDS and _holds(value)]
    return out


# -- models ---------------------------------------------------------------------------


@dataclass(frozen=True)
class ModelProfile:
    """The stat line the simulator plays for one model: card plus modifiers, resolved."""

    id: str
    name: str
    station: str | None
    characteristics: frozenset[str]
    factions: tuple[str, ...]
    is_leader: bool
    printed_cost: int
    cost: int
    wk: int
    cg: int | None
    ht: int
    wp: int
    df: int
    wd: int
    base_mm: int
    radius: float
    actions: tuple[ActionProfile, ...]
    talents: Talents
    not_modelled: tuple[str, ...]
    enters_on_turn: int | None = None
    #: Leads with The Chosen (campaign): spends Soulstones as a Henchman would.
    chosen_leader: bool = False
    #: Defensive triggers it plays (declared on the defender's side of an attack).
    defensive_triggers: tuple[TriggerProfile, ...] = ()
    #: What its abilities with no stated moment do at the start of each Activation.
    activation_effects: tuple[TriggerEffect, ...] = ()

    @cached_property
    def defensive_engine_triggers(self) -> tuple[Trigger, ...]:
        return tuple(t.engine_trigger for t in self.defensive_triggers)

    def defensive_named(self, name: str) -> TriggerProfile | None:
        return next((t for t in self.defensive_triggers if t.name == name), None)

    @property
    def can_use_soulstones(self) -> bool:
        return self.station in ("master", "henchman") or self.chosen_leader

    @property
    def general_ap(self) -> int:
        return 3 if self.station == "master" else 2

    @property
    def is_peon(self) -> bool:
        """Peons, and models that count as Peons when VP are worked out."""
        return self.station == "peon" or self.talents.counts_as_peon

    @cached_property
    def engagement_range(self) -> float:
        """The longest Close attack's range (0 without one)."""
        return max((a.range for a in self.actions if a.kind == "close" and a.is_attack),
                   default=0.0)

    @cached_property
    def attacks(self) -> tuple[ActionProfile, ...]:
        return tuple(a for a in self.actions if a.modelled and a.is_attack)

    @cached_property
    def close_attacks(self) -> tuple[ActionProfile, ...]:
        return tuple(a for a in self.attacks if a.kind == "close")

    @cached_property
    def tacticals(self) -> tuple[ActionProfile, ...]:
        return tuple(a for a in self.actions if a.modelled and not a.is_attack)

    def action(self, name: str) -> ActionProfile | None:
        for action in self.actions:
            if action.name == name and action.modelled:
                return action
        return None

    def stat(self, name: str) -> int:
        return getattr(self, name)


#: Profiles by their input (``ModelInput._profile_key``): a profile is frozen and read
#: only, and every encounter input read from a request builds its models anew, the same
#: cards again and again. Bounded: emptied when full.
_PROFILES: dict[bytes, ModelProfile] = {}
_PROFILES_KEPT = 512


@dataclass(frozen=True)
class ModelInput:
    """One hired model: an id unique in the encounter, its card, and what is attached."""

    id: str
    card: Mapping[str, Any]
    is_leader: bool = False
    cost: int | None = None
    modifiers: tuple[Modifier, ...] = ()
    name: str = ""
    enters_on_turn: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.card, Mapping):
            raise InvalidEncounterInput(f"Model {self.id!r}: card must be a stat card object.")
        object.__setattr__(self, "id", str(self.id))
        object.__setattr__(self, "card", MappingProxyType(dict(self.card)))
        object.__setattr__(self, "modifiers", tuple(
            m if isinstance(m, Modifier) else Modifier.from_dict(m) for m in self.modifiers))

    @cached_property
    def profile(self) -> ModelProfile:
        key = self._profile_key()
        if key is None:
            return build_profile(self)
        found = _PROFILES.get(key)
        if found is None:
            found = build_profile(self)
            if len(_PROFILES) >= _PROFILES_KEPT:
                _PROFILES.clear()
            _PROFILES[key] = found
        return found

    def _profile_key(self) -> bytes | None:
        """The input a profile is built from, frozen as bytes (``_PROFILES``), or None for
        a model with modifiers or a card holding what marshal refuses (built every time).

        marshal writes exact types (1, 1.0 and True differ, a list is not a tuple) and
        keeps key order; format 2 writes no back-references, so the same data always
        gives the same bytes, and equal bytes load back as the same data."""
        if self.modifiers:
            return None
        try:
            return marshal.dumps((dict(self.card), self.id, self.is_leader, self.cost,
                                  self.name, self.enters_on_turn), 2)
        except ValueError:
            return None

    def to_dict(self) -> dict:
        out: dict[str, Any] = {"id": self.id, "card": _plain(self.card)}
        if self.is_leader:
            out["is_leader"] = True
        if self.cost is not None:
            out["cost"] = self.cost
        if self.modifiers:
            out["modifiers"] = [m.to_dict() for m in self.modifiers]
        if self.name:
            out["name"] = self.name
        if self.enters_on_turn is not None:
            out["enters_on_turn"] = self.enters_on_turn
        return out

    @classmethod
    def from_dict(cls, data: Mapping) -> ModelInput:
        if not isinstance(data, Mapping):
            raise InvalidEncounterInput("Each model must be an object.")
        where = f"Model {data.get('id', '?')!r}"
        return cls(
            id=str(_require(data, "id", where)),
            card=_require(data, "card", where),
            is_leader=bool(data.get("is_leader", False)),
            cost=_int(data.get("cost"), f"{where} cost", allow_none=True),
            modifiers=tuple(Modifier.from_dict(m) for m in data.get("modifiers") or ()),
            name=str(data.get("name", "")),
            enters_on_turn=_int(data.get("enters_on_turn"), f"{where} enters_on_turn",
                                allow_none=True),
        )


_SCALARS = frozenset({str, int, float, bool, type(None)})


def _plain(value: Any) -> Any:
    """A JSON-safe copy of card data (mappings and tuples become dicts and lists)."""
    kind = type(value)
    # The common types first, by exact type: an ABC ``isinstance`` is slow, and every
    # result's log copies both crews' cards.
    if kind in _SCALARS:
        return value
    if kind is dict or kind is MappingProxyType:
        return {str(k): _plain(v) for k, v in value.items()}
    if kind is list or kind is tuple:
        return [_plain(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def _apply_stat(base: int | None, stat: str, modifiers: Sequence[Modifier]) -> int | None:
    if base is None:
        return None
    value = base
    cap = None
    for m in modifiers:
        value += m.stat_effects.get(stat, 0)
        if stat in m.stat_caps:
            cap = m.stat_caps[stat] if cap is None else min(cap, m.stat_caps[stat])
    if cap is not None and value > base:
        value = max(base, min(value, cap))
    return max(1, value)


def build_profile(model: ModelInput) -> ModelProfile:
    """Fold the card and its modifiers into the stat line played."""
    card = model.card
    label = str(card.get("name", model.id))
    where = f"Model {model.id!r} ({label})"
    station = card.get("station")
    station = str(station).lower() if station else None
    if station is not None and station not in STATIONS:
        raise InvalidEncounterInput(f"{where}: unknown station {station!r}.")
    mods = model.modifiers
    stats = {}
    for stat in STAT_NAMES:
        raw = card.get(stat)
        stats[stat] = _apply_stat(_int(raw, f"{where} {stat}", allow_none=stat == "cg"),
                                  stat, mods)
    base_mm = _int(_require(card, "base_size", where), f"{where} base_size")
    if base_mm not in (30, 40, 50):
        raise InvalidEncounterInput(f"{where}: base_size must be 30, 40 or 50 mm.")
    printed = _int(card.get("cost"), f"{where} cost", allow_none=True) or 0
    hired = model.cost if model.cost is not None else printed
    hired += sum(m.stat_effects.get("cost", 0) for m in mods)
    not_modelled: list[str] = []
    talents = Talents()
    defences: list[TriggerProfile] = []
    at_activation: list[TriggerEffect] = []
    for source, abilities in [("card", card.get("abilities") or ())] + [
            (m.name, m.abilities) for m in mods]:
        for ability in abilities:
            name = str(ability.get("name", ""))
            text = str(ability.get("text", "") or "")
            defensive = is_defensive_trigger(ability)
            updated = None if defensive else apply_ability(talents, name, text)
            if updated is None:
                where_from = "" if source == "card" else f" (from {source})"
                reading = element_reading(ability, f"{where}, ability {name!r}")
                played = defensive_play(reading) if defensive else ()
                if played:
                    try:
                        suits = parse_suits(ability.get("suits") or ())
                    except RulesError as exc:
                        raise InvalidEncounterInput(f"{where}, ability {name!r}: {exc}"
                                                    ) from None
                    defences.append(TriggerProfile(name, suits, text, played, reading,
                                                   reading.qualifiers.timing))
                    continue
                if not defensive:
                    at_start = activation_play(reading)
                    if at_start:
                        at_activation.extend(at_start)
                        continue
                why = "; ".join(ability_coverage(name, text, reading,
                                                 defensive=defensive).reasons)
                not_modelled.append(f"{label}: ability {name}{where_from} ({why})")
            else:
                talents = updated
    for m in mods:
        kind = m.kind.replace("_", " ")
        if m.kind == "upgrade" and m.text:
            _, unread = upgrade_text_reading(m.text)
            why = "; ".join(f"text not read: {u!r}" for u in unread)
            if unread and m.reads_as_rules:
                played = ", ".join(f"+{v} {k.title()}" for k, v in m.stat_effects.items())
                not_modelled.append(f"{label}: {kind} {m.name} (partly played: "
                                    f"{played or 'its rules'}; {why})")
            elif unread:
                not_modelled.append(f"{label}: {kind} {m.name} ({why})")
        elif not m.reads_as_rules and m.text:
            not_modelled.append(f"{label}: {kind} {m.name}")
    actions: list[ActionProfile] = []
    raw_actions = [*(card.get("actions") or ()), *(a for m in mods for a in m.actions)]
    for raw in raw_actions:
        for action in parse_actions(raw, where):
            action = _modified_action(action, mods)
            actions.append(action)
            for element in action_coverage(action):
                if element.status != PLAYED:
                    not_modelled.append(f"{label}: {element.line()}")
    not_modelled += [f"{label}: {line}" for line in unread_fields(card)]
    characteristics = frozenset(str(c).lower() for c in card.get("characteristics") or ())
    if card.get("is_totem"):
        characteristics |= {"totem"}
    return ModelProfile(
        id=model.id,
        name=model.name or label,
        station=station,
        characteristics=characteristics,
        factions=tuple(card.get("factions") or ()),
        is_leader=model.is_leader,
        printed_cost=printed,
        cost=hired,
        wk=stats["wk"],
        cg=None if talents.no_charge else stats["cg"],
        ht=stats["ht"],
        wp=stats["wp"],
        df=stats["df"],
        wd=stats["wd"],
        base_mm=base_mm,
        radius=base_radius(base_mm),
        actions=tuple(actions),
        talents=talents,
        not_modelled=tuple(dict.fromkeys(not_modelled)),
        enters_on_turn=model.enters_on_turn,
        chosen_leader=model.is_leader and any(m.key == THE_CHOSEN for m in mods),
        defensive_triggers=tuple(defences),
        activation_effects=tuple(at_activation),
    )


def _modified_action(action: ActionProfile, mods: Sequence[Modifier]) -> ActionProfile:
    """Apply Ml/Sh/Ca and melee range modifiers to one action."""
    changes: dict[str, Any] = {}
    if action.stat in ("ml", "sh", "ca") and action.value is not None:
        value = _apply_stat(action.value, action.stat, mods)
        if value != action.value:
            changes["value"] = value
    if action.kind == "close" and any("melee_range" in m.stat_effects for m in mods):
        cap = min((m.stat_caps["melee_range"] for m in mods if "melee_range" in m.stat_caps),
                  default=None)
        rng = action.range + sum(m.stat_effects.get("melee_range", 0) for m in mods)
        if cap is not None and rng > action.range:
            rng = max(action.range, min(rng, cap))
        changes["range"] = float(rng)
    return replace(action, **changes) if changes else action


# -- crews, schemes, table, encounter -------------------------------------------------


@dataclass(frozen=True)
class SchemeChoice:
    """A Scheme a crew chose, what it noted (role -> model id) and whether it reveals it
    at the start (None: its commander decides)."""

    key: str
    noted: Mapping[str, str] = field(default_factory=dict)
    revealed: bool | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "noted", MappingProxyType(
            {str(k): str(v) for k, v in dict(self.noted).items()}))

    def to_dict(self) -> dict:
        out: dict[str, Any] = {"key": self.key}
        if self.noted:
            out["noted"] = dict(self.noted)
        if self.revealed is not None:
            out["revealed"] = self.revealed
        return out

    @classmethod
    def from_dict(cls, data: Mapping | str) -> SchemeChoice:
        if isinstance(data, str):
            return cls(data)
        return cls(str(_require(data, "key", "Scheme")), data.get("noted") or {},
                   data.get("revealed"))


@dataclass(frozen=True)
class CrewInput:
    """One crew as hired for the encounter."""

    name: str
    faction: str
    soulstone_pool: int
    models: tuple[ModelInput, ...]
    schemes: tuple[SchemeChoice, ...] = ()
    hand_size: int = 6
    #: Stat cards its effects may summon, by name (besides the cards of its own models).
    summons: tuple[Mapping[str, Any], ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "models", tuple(
            m if isinstance(m, ModelInput) else ModelInput.from_dict(m) for m in self.models))
        summons = []
        for index, card in enumerate(self.summons):
            # Read now, so a bad card is refused as input and not in the middle of a game.
            read = ModelInput(f"summons[{index}]", card)
            read.profile  # noqa: B018
            summons.append(read.card)
        object.__setattr__(self, "summons", tuple(summons))
        object.__setattr__(self, "schemes", tuple(
            s if isinstance(s, SchemeChoice) else SchemeChoice.from_dict(s)
            for s in self.schemes))

    @property
    def leader(self) -> ModelInput | None:
        leaders = [m for m in self.models if m.is_leader]
        return leaders[0] if len(leaders) == 1 else None

    def to_dict(self) -> dict:
        out = {"name": self.name, "faction": self.faction, "soulstone_pool": self.soulstone_pool,
               "models": [m.to_dict() for m in self.models],
               "schemes": [s.to_dict() for s in self.schemes]}
        if self.hand_size != 6:
            out["hand_size"] = self.hand_size
        if self.summons:
            out["summons"] = [_plain(c) for c in self.summons]
        return out

    @classmethod
    def from_dict(cls, data: Mapping) -> CrewInput:
        where = f"Crew {data.get('name', '?')!r}" if isinstance(data, Mapping) else "Crew"
        if not isinstance(data, Mapping):
            raise InvalidEncounterInput("Each crew must be an object.")
        return cls(
            name=str(data.get("name", "")),
            faction=str(_require(data, "faction", where)),
            soulstone_pool=_int(data.get("soulstone_pool", 0), f"{where} soulstone_pool"),
            models=tuple(ModelInput.from_dict(m) for m in _require(data, "models", where)),
            schemes=tuple(SchemeChoice.from_dict(s) for s in data.get("schemes") or ()),
            hand_size=_int(data.get("hand_size", 6), f"{where} hand_size"),
            summons=tuple(data.get("summons") or ()),
        )


@dataclass(frozen=True)
class TableInput:
    """Explicit terrain (a list of piece dicts, see ``table.TerrainPiece``), or a layout
    generated from the simulation seed at ``density`` (a fraction of the table)."""

    terrain: tuple[Mapping[str, Any], ...] | None = None
    density: float = 0.3

    def to_dict(self) -> dict:
        if self.terrain is not None:
            return {"terrain": [dict(t) for t in self.terrain]}
        return {"density": self.density}

    @classmethod
    def from_dict(cls, data: Mapping | None) -> TableInput:
        if not data:
            return cls()
        terrain = data.get("terrain")
        return cls(tuple(dict(t) for t in terrain) if terrain is not None else None,
                   float(data.get("density", 0.3)))


#: Top-level keys of the input dict, so an unknown key is refused rather than ignored.
_ENCOUNTER_KEYS = frozenset({"crews", "strategy", "deployment", "size", "scheme_pool",
                             "table", "shindig", "story", "limits", "kind"})


@dataclass(frozen=True)
class EncounterInput:
    """Everything the simulator needs to play one encounter, as the setup made it.

    ``kind`` is "standard" or "story"; Story encounters, a Shindig and ``story`` elements
    (unconventional terrain, Story Strategies) are refused by ``check_playable`` by name.
    ``scheme_pool``, when given, is checked against each crew's Schemes; a crew with no
    Schemes chooses two from it (through its commander).
    """

    crews: tuple[CrewInput, CrewInput]
    strategy: str
    deployment: str = "standard"
    size: int = 50
    scheme_pool: tuple[str, ...] = ()
    table: TableInput = field(default_factory=TableInput)
    shindig: str | None = None
    story: Mapping[str, Any] | None = None
    limits: str = "standard"
    kind: str = "standard"

    def __post_init__(self) -> None:
        crews = tuple(c if isinstance(c, CrewInput) else CrewInput.from_dict(c)
                      for c in self.crews)
        if len(crews) != 2:
            raise InvalidEncounterInput("An encounter needs exactly two crews.")
        object.__setattr__(self, "crews", crews)
        object.__setattr__(self, "scheme_pool", tuple(self.scheme_pool))
        if not isinstance(self.table, TableInput):
            object.__setattr__(self, "table", TableInput.from_dict(self.table))

    def models(self) -> Iterable[tuple[int, ModelInput]]:
        for side, crew in enumerate(self.crews):
            for model in crew.models:
                yield side, model

    @cached_property
    def _dict_bytes(self) -> bytes | None:
        """``_to_dict()`` frozen as bytes (None when it holds a type marshal refuses)."""
        try:
            return marshal.dumps(self._to_dict())
        except ValueError:
            return None

    def to_dict(self) -> dict:
        # Every result's log copies the setup (both crews' cards): a fresh copy read from
        # bytes made once costs half of building it again (the input never changes).
        data = self._dict_bytes
        return marshal.loads(data) if data is not None else self._to_dict()

    def _to_dict(self) -> dict:
        out: dict[str, Any] = {
            "kind": self.kind,
            "size": self.size,
            "deployment": self.deployment,
            "strategy": self.strategy,
            "crews": [c.to_dict() for c in self.crews],
            "table": self.table.to_dict(),
        }
        if self.scheme_pool:
            out["scheme_pool"] = list(self.scheme_pool)
        if self.shindig:
            out["shindig"] = self.shindig
        if self.story:
            out["story"] = _plain(self.story)
        if self.limits != "standard":
            out["limits"] = self.limits
        return out

    @classmethod
    def from_dict(cls, data: Mapping) -> EncounterInput:
        if not isinstance(data, Mapping):
            raise InvalidEncounterInput("The encounter input must be an object.")
        unknown = sorted(set(data) - _ENCOUNTER_KEYS)
        if unknown:
            raise InvalidEncounterInput(f"Unknown encounter input keys {unknown}; known: "
                                        f"{sorted(_ENCOUNTER_KEYS)}.")
        crews = _require(data, "crews", "Encounter")
        if not isinstance(crews, list | tuple) or len(crews) != 2:
            raise InvalidEncounterInput("An encounter needs exactly two crews.")
        return cls(
            crews=tuple(CrewInput.from_dict(c) for c in crews),
            strategy=str(_require(data, "strategy", "Encounter")),
            deployment=str(data.get("deployment", "standard")),
            size=_int(data.get("size", 50), "Encounter size"),
            scheme_pool=tuple(data.get("scheme_pool") or ()),
            table=TableInput.from_dict(data.get("table")),
            shindig=data.get("shindig"),
            story=data.get("story"),
            limits=str(data.get("limits", "standard")),
            kind=str(data.get("kind", "standard")),
        )

    @classmethod
    def from_standard_setup(cls, setup: Any, crews: Sequence[CrewInput], *,
                            table: TableInput | None = None) -> EncounterInput:
        """Build the input from ``encounters.generate_standard``'s result and two crews."""
        return cls(crews=tuple(crews), strategy=setup.strategy, deployment=setup.deployment,
                   size=setup.size, scheme_pool=tuple(setup.scheme_pool),
                   table=table or TableInput())
