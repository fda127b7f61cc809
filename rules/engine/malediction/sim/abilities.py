"""The registry of ability and spell effects the simulator plays; the rest is not modelled.

Card abilities are text ("Name N: effect", as the app stores them). An ability is modelled
when its name is in ``NAMED`` (the rulebook's own examples and the common keywords) or its
text matches one of the templated phrasings in ``PATTERNS`` (a flat stat gain). Spells are
modelled by ``SPELL_PATTERNS``. Everything else is returned as not modelled, per card, and
the result lists it: the simulator never guesses and never silently drops a card's text.

Modelled (see docs/rules-decisions.md, Malediction simulator):
- Regeneration N: recovers N health when it activates.
- Onslaught (2AP): up to three melee attacks against engaged enemies.
- Death Throes N: when defeated, every unit within 3" suffers N damage.
- Martyr's Blessing N: when defeated, allies within 3" recover N health.
- Knockback N: after its melee attack hits, the target is pushed N" away.
- Relentless: charges up to 3 x Speed. Skirmisher: may shift 2" after it attacks.
- Pack Hunter: +1 ACC against a unit already engaged with one of its allies.
- Bodyguard: allies within 1" gain +1 DEF. Stubborn: once a round, survives on 1 health.
- Echo Leech: its owner gains 1 echo when it defeats a unit.
- Relic Sense: claims from a husk within 2".
- Clumsy: cannot equip attachments.
- "X gains +N ACC/DEF/Speed/Range/Max HP/Power." with no condition (items, relics, units).
- Spells: "Deal N damage to target enemy unit within R inches.", "Target allied unit
  within R inches gains +N ACC/DEF/Speed until the end of the round.", "Target allied unit
  within R inches recovers N health."
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

__all__ = ["NAMED", "Profile", "SpellEffect", "parse_abilities", "parse_spell", "split_ability"]

_STAT = {"acc": "acc", "def": "defense", "defense": "defense", "speed": "speed",
         "range": "range", "max hp": "max_hp", "power": "power", "health": "max_hp"}


@dataclass(slots=True)
class Profile:
    """What the simulator knows of a card's abilities (units, items, relics)."""

    stats: dict[str, int] = field(default_factory=dict)
    regeneration: int = 0
    onslaught: bool = False
    death_throes: int = 0
    martyr: int = 0
    knockback: int = 0
    relentless: bool = False
    skirmisher: float = 0.0
    pack_hunter: bool = False
    bodyguard: bool = False
    stubborn: bool = False
    echo_leech: bool = False
    claim_reach: float = 1.0
    clumsy: bool = False
    modelled: list[str] = field(default_factory=list)
    not_modelled: list[str] = field(default_factory=list)

    def merge(self, other: Profile) -> Profile:
        """Abilities from attachments: same name keeps the highest modifier."""
        out = Profile(dict(self.stats))
        for key, value in other.stats.items():
            out.stats[key] = out.stats.get(key, 0) + value
        for name in ("regeneration", "death_throes", "martyr", "knockback", "skirmisher",
                     "claim_reach"):
            setattr(out, name, max(getattr(self, name), getattr(other, name)))
        for name in ("onslaught", "relentless", "pack_hunter", "bodyguard", "stubborn",
                     "echo_leech", "clumsy"):
            setattr(out, name, getattr(self, name) or getattr(other, name))
        out.modelled = self.modelled + other.modelled
        out.not_modelled = self.not_modelled + other.not_modelled
        return out


def _set(attr: str, value_from_modifier: bool = True, const=True):
    def apply(p: Profile, n: int | None) -> None:
        setattr(p, attr, (n or 0) if value_from_modifier else const)
    return apply


NAMED = {
    "regeneration": _set("regeneration"),
    "onslaught": _set("onslaught", False),
    "death throes": _set("death_throes"),
    "martyr's blessing": _set("martyr"),
    "knockback": _set("knockback"),
    "relentless": _set("relentless", False),
    "skirmisher": _set("skirmisher", False, 2.0),
    "pack hunter": _set("pack_hunter", False),
    "bodyguard": _set("bodyguard", False),
    "stubborn": _set("stubborn", False),
    "echo leech": _set("echo_leech", False),
    "relic sense": _set("claim_reach", False, 2.0),
    "clumsy": _set("clumsy", False),
}

_GAIN = re.compile(
    r"^(?:the equipped unit|the holder|this unit|it|[\w' ,-]+?) gains \+(\d+) "
    r"(acc|def|defense|speed|range|max hp|power)\.?$", re.IGNORECASE)
#: Words that make a stat gain conditional (then it is not modelled).
_CONDITIONS = re.compile(r"\b(while|when|if|against|until|within|after|unless)\b", re.I)
_NAME = re.compile(r"^\s*(?P<name>[A-Za-z' -]+?)(?:\s+(?P<n>\d+))?(?:\s*\((?P<ap>\d)\s*AP\))?"
                   r"\s*:\s*(?P<text>.*)$", re.DOTALL)


def split_ability(text: str) -> tuple[str, int | None, str]:
    """"Regeneration 2: ..." -> ("regeneration", 2, "..."); no name -> ("", None, text)."""
    m = _NAME.match(text)
    if not m:
        return "", None, text.strip()
    n = m.group("n")
    return m.group("name").strip().lower(), int(n) if n else None, m.group("text").strip()


def parse_abilities(texts, card: str = "") -> Profile:
    """A card's ability texts as a ``Profile``; unknown ones go to ``not_modelled``.

    Cached per (texts, card): callers must not change the returned profile."""
    return _parse_abilities(tuple(texts), card)


@lru_cache(maxsize=4096)
def _parse_abilities(texts: tuple[str, ...], card: str) -> Profile:
    profile = Profile()
    for text in texts:
        name, n, body = split_ability(text)
        label = f"{card}: {text}" if card else text
        if name in NAMED:
            NAMED[name](profile, n)
            profile.modelled.append(label)
            continue
        m = _GAIN.match(body)
        if m and not _CONDITIONS.search(body):
            stat = _STAT[m.group(2).lower()]
            profile.stats[stat] = profile.stats.get(stat, 0) + int(m.group(1))
            profile.modelled.append(label)
            continue
        profile.not_modelled.append(label)
    return profile


@dataclass(frozen=True, slots=True)
class SpellEffect:
    kind: str  # damage | buff | heal
    amount: int
    reach: float
    stat: str = ""


_SPELLS = (
    (re.compile(r"^deal (\d+) damage to target enemy unit within (\d+) inch(?:es)?\.?$", re.I),
     lambda m: SpellEffect("damage", int(m.group(1)), float(m.group(2)))),
    (re.compile(r"^target allied unit within (\d+) inch(?:es)? gains \+(\d+) "
                r"(acc|def|speed) until the end of the round\.?$", re.I),
     lambda m: SpellEffect("buff", int(m.group(2)), float(m.group(1)),
                           _STAT[m.group(3).lower()])),
    (re.compile(r"^target allied unit within (\d+) inch(?:es)? recovers (\d+) health\.?$", re.I),
     lambda m: SpellEffect("heal", int(m.group(2)), float(m.group(1)))),
)
SPELL_PATTERNS = tuple(p for p, _ in _SPELLS)


@lru_cache(maxsize=4096)
def parse_spell(texts: tuple[str, ...]) -> SpellEffect | None:
    """The spell's single modelled effect, or ``None`` (then it is not modelled)."""
    if len(texts) != 1:
        return None
    _, _, body = split_ability(texts[0])
    for pattern, build in _SPELLS:
        m = pattern.match(body)
        if m:
            return build(m)
    return None
