"""What a player of effects (the simulator) plays of a card, element by element.

An element is one ability, action or trigger of a card (``CardElement``): its text, its
``Reading`` and, when the player cannot take the element at all (an attack resisted by
an attack stat, a range it does not understand), the ``frame_problem`` saying why.

``classify`` compares the reading with what the player can play (``Support``: a set of
*capability keys*, see ``capability``) and says whether the element is **played** (all
of it), **partly** played (some effects; the rest is listed) or **not modelled**, with
the reasons. ``card_coverage`` and ``pack_coverage`` sum that up with shares, for the
catalogue's coverage page and API and for the simulator's result.

A capability key names what is played, in which role and on whom, and every qualifier
that changes its meaning: ``trigger:gain_condition:poison@target``,
``trigger:move:push:away:self@target``, ``tactical:heal@friendly-range``,
``trigger:gain_condition:paralyzed@target|if:it has no cards in its owner's hand``.
A conditional effect ("only if ...") is played only when its exact condition is in the
support set, so "+1 damage if the target is Poisoned" is never played as a plain +1.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field

from .language import (
    Cards,
    DealDamage,
    Effect,
    ForcedDuel,
    GainCondition,
    Heal,
    Marker,
    Move,
    Prohibit,
    Qualifiers,
    Reading,
    RemoveCondition,
    Scope,
    Summon,
    Twist,
    Unbury,
)
from .parser import parse

__all__ = [
    "NOT_MODELLED",
    "PARTLY",
    "PLAYED",
    "ROLES",
    "CardCoverage",
    "CardElement",
    "ElementCoverage",
    "PackCoverage",
    "Support",
    "capability",
    "card_coverage",
    "classify",
    "describe",
    "pack_coverage",
]

PLAYED = "played"
PARTLY = "partly"
NOT_MODELLED = "not_modelled"
#: Element roles: "attack" (an action a stat resists), "tactical" (any other action),
#: "trigger", "ability".
ROLES = ("attack", "tactical", "trigger", "ability")


def _no_abilities(name: str) -> bool:
    return False


@dataclass(frozen=True)
class Support:
    """What a player plays: ``effects`` (capability keys), ``ability`` (abilities it
    plays by name, as a predicate on the printed name) and ``whole_only`` roles."""

    effects: frozenset[str] = frozenset()
    ability: Callable[[str], bool] = _no_abilities
    #: Abilities it plays by their whole text, whatever their name (a predicate on the
    #: text: "Reduce all damage this model suffers by 1, to a minimum of 1").
    ability_text: Callable[[str], bool] = _no_abilities
    #: Roles played whole or not at all: a part played alone could give a benefit
    #: without its cost or its limit ("once per turn"), so such an element with anything
    #: not played is not modelled at all.
    whole_only: frozenset[str] = frozenset()

    def plays(self, role: str, effect: Effect) -> bool:
        if isinstance(effect, ForcedDuel):
            return capability(role, effect) in self.effects and all(
                self.plays("duel", e) for e in (*effect.on_failure, *effect.on_success))
        return capability(role, effect) in self.effects


# -- capability keys ------------------------------------------------------------------


def _condition_text(text: str) -> str:
    return " ".join(text.lower().replace("\u2019", "'").split()).rstrip(".")


def _who(scope: Scope) -> str:
    return scope.who + (f"-{scope.area}" if scope.area else "")


def _detail(effect: Effect) -> str:
    if isinstance(effect, DealDamage):
        parts = ["bonus" if effect.bonus else "flat"]
        if effect.per_suit:
            parts.append("per_suit")
        if effect.blast:
            parts.append("blast")
        if effect.track:
            parts.append("track")
        return ":".join(parts)
    if isinstance(effect, GainCondition):
        if effect.rule:  # a Condition the card defines: its rule, whatever its name
            return ":".join([f"defined_{effect.rule}", *(["value"] if effect.value else []),
                             *([effect.duration] if effect.duration else [])])
        return ":".join([effect.name, *(["value"] if effect.value else []),
                         *([effect.duration] if effect.duration else [])])
    if isinstance(effect, RemoveCondition):
        return effect.name + (":value" if effect.value else "")
    if isinstance(effect, Move):
        return f"{effect.how}:{effect.direction}:{effect.relative_to}" + (
            ":up_to" if effect.up_to else "")
    if isinstance(effect, Cards):
        return f"{effect.op}:{effect.hand}"
    if isinstance(effect, Twist):
        return f"{'positive' if effect.sign > 0 else 'negative'}:{effect.flip}"
    if isinstance(effect, Marker):
        return f"{effect.op}:{effect.marker}"
    if isinstance(effect, Prohibit):
        return f"{effect.action}:{effect.until}"
    if isinstance(effect, ForcedDuel):
        return effect.stat
    return ""


def _qualifier_parts(q: Qualifiers) -> list[str]:
    parts = []
    for name in ("ignores_armor", "ignores_cover", "ignores_los"):
        if getattr(q, name):
            parts.append(name)
    if q.once_per:
        parts.append(f"once:{q.once_per}")
    if q.timing:
        parts.append(f"timing:{q.timing}")
    if q.only_if:
        parts.append(f"if:{_condition_text(q.only_if)}")
    return parts


def capability(role: str, effect: Effect) -> str:
    """The capability key of ``effect`` in ``role`` (see the module docstring)."""
    detail = _detail(effect)
    key = f"{role}:{type(effect).kind}" + (f":{detail}" if detail else "")
    key += "@" + _who(effect.scope)
    return "|".join([key, *_qualifier_parts(effect.qualifiers)])


def element_capabilities(role: str, qualifiers: Qualifiers) -> list[str]:
    """Capability keys of an element's own qualifiers ("Once per turn", "Ignores Armor")."""
    return [f"{role}:{part}" for part in _qualifier_parts(qualifiers)]


# -- words ----------------------------------------------------------------------------


def _inches(value: float) -> str:
    return f"{value:g}\""


def describe(effect: Effect) -> str:
    """A short English description of an effect, for coverage lists and results."""
    text = _describe(effect)
    if effect.scope.who != "target" or effect.scope.area:
        who = {"self": "this model", "friendly": "friendly models", "enemy": "enemy models",
               "any": "models", "target": "the target"}[effect.scope.who]
        if effect.scope.area in ("pulse", "aura", "within"):
            who += f" ({effect.scope.area} {_inches(effect.scope.distance)})"
        elif effect.scope.area == "range":
            who += " in range"
        text += f" ({who})"
    q = effect.qualifiers
    if q.only_if:
        text += f" only if {q.only_if}"
    if q.once_per:
        text += f", once per {q.once_per}"
    if q.timing:
        text += f", {q.timing.replace('_', ' ')}"
    return text


def _describe(effect: Effect) -> str:
    if isinstance(effect, DealDamage):
        parts = []
        if effect.amount:
            parts.append(f"+{effect.amount} damage" if effect.bonus else
                         f"{effect.amount} damage")
        if effect.per_suit:
            parts[-1] += f" per {effect.per_suit[:-1].title()}"
        if effect.track:
            parts.append(f"damage {effect.track}")
        if effect.blast:
            parts.append(f"{effect.blast} Blast" + ("s" if effect.blast > 1 else ""))
        return ", ".join(parts)
    if isinstance(effect, GainCondition):
        value = f" +{effect.value}" if effect.value else ""
        return f"gain {effect.name.replace('_', ' ').title()}{value}"
    if isinstance(effect, RemoveCondition):
        return f"remove {effect.name.replace('_', ' ').title()}"
    if isinstance(effect, Move):
        rel = {"self": "this model", "target": "the target", "marker": "a Marker",
               "point": "a point", "attacker": "the attacker"}[effect.relative_to]
        if effect.direction == "contact":
            return f"{effect.how} into base contact with {rel}"
        way = {"away": f" away from {rel}", "toward": f" toward {rel}", "any": ""}[
            effect.direction]
        up = "up to " if effect.up_to else ""
        return f"{effect.how} {up}{_inches(effect.distance)}{way}"
    if isinstance(effect, Heal):
        return f"heal {effect.amount}"
    if isinstance(effect, Cards):
        hand = " (opponent)" if effect.hand == "opponent" else ""
        if effect.op == "cannot_cheat":
            return f"may not cheat fate{hand}"
        return f"{effect.op} {effect.count} card{'s' if effect.count != 1 else ''}{hand}"
    if isinstance(effect, Twist):
        sign = "positive" if effect.sign > 0 else "negative"
        return f"{effect.count} {sign} twist on {effect.flip}"
    if isinstance(effect, Marker):
        name = effect.name if effect.marker == "other" else effect.marker.title()
        count = "all" if effect.count == 0 else str(effect.count)
        return f"{effect.op} {count} {name} Marker{'s' if effect.count != 1 else ''}"
    if isinstance(effect, Summon):
        return f"summon {effect.count} {effect.model}"
    if isinstance(effect, Unbury):
        return "unbury"
    if isinstance(effect, Prohibit):
        return f"no {effect.action.title()} action until {effect.until.replace('_', ' ')}"
    if isinstance(effect, ForcedDuel):
        suits = "".join(f" {s[:-1].title()}" for s in effect.suits)
        fail = "; ".join(describe(e) for e in effect.on_failure) or "nothing"
        return f"TN {effect.tn} {effect.stat.title()}{suits} duel or {fail}"
    return type(effect).kind


# -- elements -------------------------------------------------------------------------


@dataclass(frozen=True)
class CardElement:
    """One ability, action or trigger of a card.

    ``role``: one of ``ROLES``. ``of``: for a trigger, its action's name. ``reading``:
    the structured effects (None: read from ``text`` with the parser).
    ``frame_problem``: why the player cannot take this element at all ("" when it can).
    """

    role: str
    name: str
    text: str = ""
    reading: Reading | None = None
    of: str = ""
    frame_problem: str = ""

    def __post_init__(self) -> None:
        if self.role not in ROLES:
            raise ValueError(f"role must be one of {ROLES}, not {self.role!r}")

    @property
    def effective_reading(self) -> Reading:
        return self.reading if self.reading is not None else parse(self.text)

    @property
    def label(self) -> str:
        if self.role == "trigger":
            return f"trigger {self.name} of {self.of}"
        if self.role == "ability":
            return f"ability {self.name}"
        return f"action {self.name}"


@dataclass(frozen=True)
class ElementCoverage:
    """How much of one element is played: ``status`` (``PLAYED``, ``PARTLY``,
    ``NOT_MODELLED``), what is played and the reasons for the rest."""

    element: CardElement
    status: str
    played: tuple[str, ...] = ()
    reasons: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        return self.element.label

    def line(self) -> str:
        """One line for a result's not-modelled list: "action X (why)", or
        "trigger X of Y (partly played: ...; not played: ...)"."""
        if self.status == PLAYED:
            return self.label
        why = "; ".join(self.reasons)
        if self.status == PARTLY:
            return f"{self.label} (partly played: {', '.join(self.played)}; {why})"
        return f"{self.label} ({why})"

    def to_dict(self) -> dict:
        out = {"role": self.element.role, "name": self.element.name, "status": self.status,
               "played": list(self.played), "reasons": list(self.reasons)}
        if self.element.of:
            out["of"] = self.element.of
        return out


def classify(element: CardElement, support: Support) -> ElementCoverage:
    """Played, partly played or not modelled, with reasons (see the module docstring)."""
    if element.frame_problem:
        return ElementCoverage(element, NOT_MODELLED, reasons=(element.frame_problem,))
    if element.role == "ability" and (support.ability(element.name)
                                      or support.ability_text(element.text)):
        return ElementCoverage(element, PLAYED, played=(element.name,))
    reading = element.effective_reading
    played: list[str] = []
    reasons: list[str] = []
    for effect in reading.effects:
        if support.plays(element.role, effect):
            played.append(describe(effect))
        else:
            reasons.append(f"{describe(effect)} is not played")
    for key in element_capabilities(element.role, reading.qualifiers):
        words = key.split(':', 1)[1].replace('_', ' ')
        if key not in support.effects:
            reasons.append(f"{words} is not played")
        else:  # an element rule the player plays ("This attack ignores Armor.")
            played.append(words)
    for sentence in reading.unread:
        reasons.append(f"text not read: {sentence!r}")
    if element.role == "attack":
        played.insert(0, "the attack and its damage")
    if not reasons and played:
        return ElementCoverage(element, PLAYED, tuple(played))
    if played and element.role in support.whole_only:
        reasons.append(f"so none of it is played ({', '.join(played)} only with the rest)")
        return ElementCoverage(element, NOT_MODELLED, (), tuple(reasons))
    if played:
        return ElementCoverage(element, PARTLY, tuple(played), tuple(reasons))
    if not reasons:
        reasons.append("it does nothing the simulator plays" if element.role != "ability"
                       else "an ability the simulator does not play")
    return ElementCoverage(element, NOT_MODELLED, (), tuple(reasons))


# -- cards and packs ------------------------------------------------------------------


def _share(part: int, whole: int) -> float:
    return round(part / whole, 4) if whole else 1.0


@dataclass(frozen=True)
class CardCoverage:
    """Every element of one card with its coverage; ``unread_fields``: what else the card
    holds that the player does not read at all (one line each)."""

    card: str
    elements: tuple[ElementCoverage, ...] = ()
    unread_fields: tuple[str, ...] = ()

    def count(self, status: str) -> int:
        return sum(1 for e in self.elements if e.status == status)

    @property
    def share_played(self) -> float:
        """Share of the card's elements played in full (1.0 for a card with none)."""
        return _share(self.count(PLAYED), len(self.elements))

    @property
    def status(self) -> str:
        """``PLAYED`` when every element is played, ``NOT_MODELLED`` when none is."""
        if all(e.status == PLAYED for e in self.elements) and not self.unread_fields:
            return PLAYED
        if all(e.status == NOT_MODELLED for e in self.elements):
            return NOT_MODELLED
        return PARTLY

    @property
    def not_played(self) -> tuple[ElementCoverage, ...]:
        return tuple(e for e in self.elements if e.status != PLAYED)

    def to_dict(self) -> dict:
        return {"card": self.card, "status": self.status, "share_played": self.share_played,
                "counts": {s: self.count(s) for s in (PLAYED, PARTLY, NOT_MODELLED)},
                "elements": [e.to_dict() for e in self.elements],
                "unread_fields": list(self.unread_fields)}

    def lines(self) -> list[str]:
        """What is not played, one line each, as a result lists it."""
        return ([f"{self.card}: {e.line()}" for e in self.not_played]
                + [f"{self.card}: {line}" for line in self.unread_fields])


def card_coverage(card: str, elements: Iterable[CardElement], support: Support,
                  unread_fields: Iterable[str] = ()) -> CardCoverage:
    return CardCoverage(card, tuple(classify(e, support) for e in elements),
                        tuple(unread_fields))


@dataclass(frozen=True)
class PackCoverage:
    """A pack's cards and the shares of their elements played, per role and overall."""

    cards: tuple[CardCoverage, ...] = ()
    summary: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        return {"summary": self.summary, "cards": [c.to_dict() for c in self.cards]}


def pack_coverage(cards: Sequence[CardCoverage]) -> PackCoverage:
    """Shares of elements played, partly played and not modelled, per role and in all;
    the share of cards played in full; the most common reasons."""
    elements = [e for c in cards for e in c.elements]

    def shares(items: Collection[ElementCoverage]) -> dict:
        return {"elements": len(items),
                **{s: _share(sum(1 for e in items if e.status == s), len(items))
                   for s in (PLAYED, PARTLY, NOT_MODELLED)}}

    reasons: dict[str, int] = {}
    for e in elements:
        for reason in e.reasons:
            reasons[reason] = reasons.get(reason, 0) + 1
    summary = {
        "cards": len(cards),
        "cards_fully_played": _share(sum(1 for c in cards if c.status == PLAYED), len(cards)),
        "all": shares(elements),
        "by_role": {role: shares([e for e in elements if e.element.role == role])
                    for role in ROLES},
        "top_reasons": sorted(reasons.items(), key=lambda kv: (-kv[1], kv[0]))[:20],
    }
    return PackCoverage(tuple(cards), summary)
