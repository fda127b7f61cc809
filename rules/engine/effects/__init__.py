"""Card effects as data: the effect language, the parser of card text, and coverage.

``language`` holds the effect types (frozen dataclasses with a JSON form), ``parser``
reads the templated phrasings of card text into them (refusing what it cannot read),
and ``coverage`` says, per element, card and pack, what a player of effects (the
simulator) plays and what it does not. Pure Python: no Django, no app imports.
"""

from .language import (
    CONDITIONS,
    EFFECT_KINDS,
    Bury,
    Cards,
    DealDamage,
    Effect,
    EffectError,
    ForcedDuel,
    GainCondition,
    Heal,
    Marker,
    Move,
    Prohibit,
    Qualifiers,
    Reading,
    RemoveCondition,
    Sacrifice,
    Scope,
    Summon,
    Twist,
    Unbury,
    effect_from_dict,
    effects_from_list,
)

__all__ = [
    "CONDITIONS",
    "EFFECT_KINDS",
    "Bury",
    "Cards",
    "DealDamage",
    "Effect",
    "EffectError",
    "ForcedDuel",
    "GainCondition",
    "Heal",
    "Marker",
    "Move",
    "Prohibit",
    "Qualifiers",
    "Reading",
    "RemoveCondition",
    "Sacrifice",
    "Scope",
    "Summon",
    "Twist",
    "Unbury",
    "effect_from_dict",
    "effects_from_list",
]
