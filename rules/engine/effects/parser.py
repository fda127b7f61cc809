"""Read the templated phrasings of card text into effects, refusing whatever else.

``parse(text)`` returns a ``Reading``: the effects of every sentence it could read whole,
and the sentences it could not (``unread``). A sentence is read only when one template
matches all of it; the parser never searches for a phrase inside a longer sentence, so a
Condition's definition ("Slow: this model has one less AP ...") or a conditional bonus
("+1 damage if the target is Poisoned") is never read as something it is not: the first
stays unread, the second keeps its condition (``Qualifiers.only_if``).

What a sentence may carry around its body:
- a leading "Once per turn," / "Once per activation," and "If <condition>,";
- a trailing "if <condition>", "until the end of the turn", "after the action resolves";
- "may" after its subject (``optional``).
A sentence starting "<Name>:" opens a definition (a Condition or an ability explained
in place): it and the rest of its paragraph stay unread.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import replace

from .language import (
    CONDITIONS,
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
)

__all__ = ["defined_condition", "parse", "read_sentence", "reading_of"]

_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_NUM = r"(\d+|a|an|one|two|three|four|five|six)"
_INCH = r"(\d+(?:\.\d+)?)\s?(?:\"|”|''|inches|inch)"
_STATS = {"ml": "ml", "sh": "sh", "ca": "ca", "df": "df", "wp": "wp", "wk": "wk", "cg": "cg",
          "ht": "ht", "sp": "sp"}
_SUITS = {"ram": "rams", "rams": "rams", "crow": "crows", "crows": "crows", "tome": "tomes",
          "tomes": "tomes", "mask": "masks", "masks": "masks", "r": "rams", "c": "crows",
          "t": "tomes", "m": "masks"}


def _n(text: str) -> int:
    text = text.lower()
    return _WORDS[text] if text in _WORDS else int(text)


def _inches(text: str) -> float:
    return float(text)


# -- subjects -------------------------------------------------------------------------

#: Who a sentence is about, written as cards write it. A subject with a filter the
#: language cannot hold ("friendly Construct models") matches none of these and the
#: sentence stays unread.
_SUBJECT = (
    r"(?P<subj>(?:the )?target|this model|the attacker|"
    r"(?:(?:all|each|every) )?(?:other )?(?:friendly |enemy )?models? "
    r"(?:within " + _INCH.replace("(", "(?:", 1) + r"(?: of this model)?|in range)|"
    r"(?:all|each) (?:other )?(?:friendly |enemy )?models? in (?:the )?(?:pulse|aura))"
)


def _scope(subject: str) -> Scope:
    s = subject.lower()
    if s in ("target", "the target"):
        return Scope(who="target")
    if s == "this model":
        return Scope(who="self")
    if s == "the attacker":  # a defensive trigger's attacker: the enemy model attacking
        return Scope(who="enemy")
    who = "friendly" if "friendly" in s else "enemy" if "enemy" in s else "any"
    inches = re.search(r"within (\d+(?:\.\d+)?)", s)
    if inches:
        return Scope(who=who, area="within", distance=float(inches.group(1)))
    if "pulse" in s:
        return Scope(who=who, area="range")
    if "aura" in s:
        return Scope(who=who, area="range")
    return Scope(who=who, area="range")


def _reference(text: str) -> str:
    text = text.lower()
    if text in ("this model", "itself", "the acting model"):
        return "self"
    if text in ("the target", "target", "that model"):
        return "target"
    if text == "the attacker":
        return "attacker"
    if "marker" in text:
        return "marker"
    return ""


# -- templates ------------------------------------------------------------------------

_COND_NAMES = "|".join(sorted((c.replace("_", " ") for c in CONDITIONS), key=len,
                              reverse=True))
_ONE_CONDITION = (r"(?:the )?(?P<cname>" + _COND_NAMES + r")(?: \+(?P<cval>\d+))?"
                  r"(?: condition)?")
_DURATION = {
    "until the end of the turn": "end_of_turn",
    "until the end of this turn": "end_of_turn",
    "until the end of its activation": "end_of_activation",
    "until the end of its next activation": "end_of_next_activation",
    "until the end of the game": "rest_of_game",
    "for the rest of the game": "rest_of_game",
}
_DURATION_RE = "|".join(re.escape(k) for k in _DURATION)


def _conditions(listing: str) -> list[tuple[str, int]] | None:
    """"Poison +1 and Burning +2" as [("poison", 1), ("burning", 2)], or None."""
    parts = re.split(r", and |, | and ", listing)
    out = []
    for part in parts:
        m = re.fullmatch(_ONE_CONDITION, part.strip(), re.I)
        if not m:
            return None
        out.append((m.group("cname").lower().replace(" ", "_"), int(m.group("cval") or 0)))
    return out


Builder = Callable[[re.Match, Scope, bool], tuple[Effect, ...] | None]
_TEMPLATES: list[tuple[re.Pattern, Builder]] = []


def _template(pattern: str) -> Callable[[Builder], Builder]:
    def register(build: Builder) -> Builder:
        _TEMPLATES.append((re.compile(pattern, re.I), build))
        return build
    return register


@_template(_SUBJECT + r" (?:gains?|receives?) (?P<list>.+?)"
           r"(?: (?P<dur>" + _DURATION_RE + r"))?")
def _gain(m, scope, may):
    listing = _conditions(m.group("list"))
    if listing is None:
        return None
    duration = _DURATION.get((m.group("dur") or "").lower(), "")
    return tuple(GainCondition(name=name, value=value, duration=duration, scope=scope)
                 for name, value in listing)


@_template(_SUBJECT + r" (?:removes|loses|ends|remove|lose|end) (?:all of )?(?P<list>.+?)")
def _lose(m, scope, may):
    listing = _conditions(m.group("list"))
    if listing is None:
        return None
    return tuple(RemoveCondition(name=name, scope=scope) for name, _ in listing)


@_template(r"remove (?:all )?(?P<list>.+?) from " + _SUBJECT)
def _remove_from(m, scope, may):
    listing = _conditions(m.group("list"))
    if listing is None:
        return None
    return tuple(RemoveCondition(name=name, scope=scope) for name, _ in listing)


@_template(_SUBJECT + r" (?:reduces|lowers|reduce|lower) (?:its|their) " + _ONE_CONDITION +
           r" by (?P<by>\d+)")
def _lower(m, scope, may):
    return (RemoveCondition(name=m.group("cname").lower().replace(" ", "_"),
                            value=int(m.group("by")), scope=scope),)


@_template(r"end all conditions on " + _SUBJECT)
def _end_all(m, scope, may):
    return (RemoveCondition(name="any", scope=scope),)


@_template(_SUBJECT + r" suffers? (?P<n>" + _NUM[1:-1] + r") damage"
           r"(?: at the end of (?:its|their) next activation)?")
def _suffer(m, scope, may):
    text = m.group(0).lower()
    timing = "end_of_next_activation" if "next activation" in text else ""
    return (DealDamage(amount=_n(m.group("n")), scope=scope,
                       qualifiers=Qualifiers(timing=timing)),)


@_template(r"(?:this (?:attack|action) )?(?:deals? |gains? )?\+(?P<n>\d+) (?:damage|dg)"
           r"(?P<each> for each (?P<suit>ram|crow|tome|mask)s? in the final duel total)?")
def _bonus_damage(m, scope, may):
    suit = _SUITS[m.group("suit").lower()] if m.group("each") else ""
    return (DealDamage(amount=int(m.group("n")), bonus=True, per_suit=suit),)


@_template(r"(?:this (?:attack|action) )?deals? (?P<n>" + _NUM[1:-1] +
           r") (?:extra|additional) damage")
def _extra_damage(m, scope, may):
    return (DealDamage(amount=_n(m.group("n")), bonus=True),)


@_template(r"(?:this (?:attack|action) (?:gains|deals) )?\+(?P<n>\d+) blasts?|"
           r"(?:this (?:attack|action)'s )?damage gains (?P<a>a|an|one|two) blasts?")
def _blast(m, scope, may):
    count = int(m.group("n")) if m.group("n") else _n(m.group("a"))
    return (DealDamage(blast=count, bonus=True),)


_PUSH_DIR = (r"(?: directly)? (?P<dir>away from|towards?) "
             r"(?P<ref>this model|the target|itself|the attacker)")


@_template(r"push " + _SUBJECT + r" (?P<upto>up to )?" + _INCH + r"(?:" + _PUSH_DIR +
           r"| in any direction)?")
def _push(m, scope, may):
    return _move("push", m, scope)


@_template(_SUBJECT + r" (?:is pushed|pushes|push) (?P<upto>up to )?" + _INCH +
           r"(?:" + _PUSH_DIR + r"| in any direction)?")
def _pushes(m, scope, may):
    return _move("push", m, scope)


@_template(r"lure " + _SUBJECT + r" (?P<upto>up to )?(?P<d>\d+(?:\.\d+)?)\s?(?:\"|”|'')"
           r"(?: (?:directly )?towards? (?:this model|itself))?")
def _lure(m, scope, may):
    return (Move(how="lure", distance=_inches(m.group("d")), direction="toward",
                 relative_to="self", up_to=bool(m.group("upto")), scope=scope),)


@_template(_SUBJECT + r" is lured (?P<upto>up to )?(?P<d>\d+(?:\.\d+)?)\s?(?:\"|”|'')"
           r" (?:directly )?towards? this model")
def _lured(m, scope, may):
    return _lure(m, scope, may)


def _move(how: str, m: re.Match, scope: Scope) -> tuple[Effect, ...] | None:
    inches = next(g for g in m.groups()[::-1] if g and re.fullmatch(r"\d+(?:\.\d+)?", g))
    direction, ref = "any", "self"
    if m.group("dir"):
        direction = "away" if m.group("dir").lower().startswith("away") else "toward"
        ref = _reference(m.group("ref")) or "self"
        if ref == "target" and scope.who == "target":
            return None  # "push the target away from the target" means nothing
    return (Move(how=how, distance=_inches(inches), up_to=bool(m.group("upto")),
                 direction=direction, relative_to=ref, scope=scope),)


@_template(r"place " + _SUBJECT + r" (?:in base contact with|into base contact with) "
           r"(?P<ref>this model|the target|itself|a friendly marker)")
def _place_contact(m, scope, may):
    ref = _reference(m.group("ref"))
    if not ref or (ref == "self" and scope.who == "self"):
        return None
    return (Move(how="place", direction="contact", relative_to=ref, scope=scope),)


@_template(r"place " + _SUBJECT + r" (?:anywhere )?within " + _INCH +
           r" of (?P<ref>this model|the target|itself)")
def _place_within(m, scope, may):
    ref = _reference(m.group("ref"))
    inches = [g for g in m.groups() if g and re.fullmatch(r"\d+(?:\.\d+)?", g)][-1]
    return (Move(how="place", distance=_inches(inches), relative_to=ref, scope=scope),)


@_template(_SUBJECT + r" (?:heals?|heal) (?P<n>" + _NUM[1:-1] + r") damage|"
           r"heal (?P<n2>" + _NUM[1:-1] + r") damage on (?P<subj2>this model|the target)")
def _heal(m, scope, may):
    if m.group("n2"):
        scope = _scope(m.group("subj2") or "this model")
    return (Heal(amount=_n(m.group("n") or m.group("n2")), scope=scope),)


@_template(r"(?:(?P<subj>this model|the target)'s controller )?(?P<verb>draws?) (?P<n>" +
           _NUM[1:-1] + r") cards?")
def _draw(m, scope, may):
    if not m.group("subj") and m.group("verb").lower().endswith("s"):
        return None  # "draws a card" without its subject: whose hand is not said
    hand = "opponent" if (m.group("subj") or "").lower() == "the target" else "own"
    return (Cards(op="draw", count=_n(m.group("n")), hand=hand),)


@_template(r"(?:(?P<subj>this model|the target)'s controller (?:must )?)?(?P<verb>discards?) "
           r"(?P<n>" + _NUM[1:-1] + r") cards?")
def _discard(m, scope, may):
    if not m.group("subj") and m.group("verb").lower().endswith("s"):
        return None  # "discards a card" without its subject: whose hand is not said
    hand = "opponent" if (m.group("subj") or "").lower() == "the target" else "own"
    return (Cards(op="discard", count=_n(m.group("n")), hand=hand),)


@_template(r"(?P<subj>this model|the target|the target's controller|this model's controller)"
           r" (?:may not|cannot) cheat fate(?: during this (?:duel|action))?")
def _no_cheat(m, scope, may):
    hand = "opponent" if "target" in m.group("subj").lower() else "own"
    return (Cards(op="cannot_cheat", count=0, hand=hand),)


_TWIST_FLIP = {"its next duel": "duel", "duels": "duel", "all duels": "duel",
               "the damage flip": "damage", "damage flips": "damage",
               "its damage flips": "damage", "attack actions": "attack",
               "attacks": "attack", "defense duels": "defense"}


@_template(_SUBJECT + r" (?:receives|suffers|gains|receive|suffer|gain) "
           r"(?P<count>a|an|one|two) (?P<sign>positive|negative|\+|-) twists? "
           r"(?:to|on) (?P<flip>its next duel|all duels|duels|the damage flip|damage flips|"
           r"its damage flips|attack actions|attacks|defense duels|"
           r"(?:its |all )?(?:ml|sh|ca|df|wp|wk|cg|ht) duels)")
def _twist(m, scope, may):
    flip = m.group("flip").lower()
    stat = re.match(r"(?:its |all )?(\w\w) duels", flip)
    return (Twist(sign=1 if m.group("sign").lower() in ("positive", "+") else -1,
                  count=_n(m.group("count")),
                  flip=_STATS[stat.group(1)] if stat else _TWIST_FLIP[flip], scope=scope),)


@_template(r"(?:this (?:attack|action|duel) (?:receives|gains) )?(?P<sign>\+|-)(?:fate|flip|"
           r" twist)(?: to (?P<flip>the damage flip|its duel))?")
def _twist_short(m, scope, may):
    flip = "damage" if (m.group("flip") or "").lower() == "the damage flip" else "duel"
    return (Twist(sign=1 if m.group("sign") == "+" else -1, flip=flip,
                  scope=Scope(who="self")),)


_MARKERS = r"(?P<marker>scheme|corpse|scrap|[a-z]+)"
_WHERE = (r"(?: (?:in base contact with|touching) (?P<at>this model|the target)|"
          r" within " + _INCH.replace("(", "(?P<dist>", 1) +
          r" of (?P<at2>this model|the target))")  # where: required (none is not "here")


@_template(r"(?:this model )?(?:places?|drops?) (?P<n>" + _NUM[1:-1] + r") " + _MARKERS +
           r" markers?" + _WHERE)
def _place_marker(m, scope, may):
    return _marker("place", m)


@_template(r"remove (?P<n>" + _NUM[1:-1] + r"|all) (?P<side>enemy |friendly )?" + _MARKERS +
           r" markers?" + _WHERE)
def _remove_marker(m, scope, may):
    return _marker("remove", m)


def _marker(op: str, m: re.Match) -> tuple[Effect, ...] | None:
    kind = m.group("marker").lower()
    name = ""
    if kind not in ("scheme", "corpse", "scrap"):
        if kind in ("blast", "a", "the", "enemy", "friendly"):
            return None
        kind, name = "other", m.group("marker").title()
    count = 0 if m.group("n").lower() == "all" else _n(m.group("n"))
    side = (m.groupdict().get("side") or "any").strip().lower()
    at = m.group("at") or m.group("at2") or "this model"
    distance = _inches(m.group("dist")) if m.group("dist") else 0.0
    return (Marker(op=op, marker=kind, name=name, count=count, side=side,
                   distance=distance, scope=_scope(at)),)


@_template(r"summon (?P<n>a|an|one|two|\d+) (?P<model>[A-Z][\w'\-]*(?: [A-Z][\w'\-]*)*?)"
           r"(?: (?:in base contact with|within \d+\s?\" of) (?:this model|the target|"
           r"a (?:corpse|scrap) marker))?")
def _summon(m, scope, may):
    if not all(word[0].isupper() for word in m.group("model").split()):
        return None  # "summon a friendly model" names no model
    return (Summon(model=m.group("model"), count=_n(m.group("n"))),)


@_template(r"sacrifice (?P<subj>this model|the target)")
def _sacrifice(m, scope, may):
    return (Sacrifice(scope=scope),)


@_template(r"bury (?P<subj>this model|the target)|(?P<subj2>this model|the target) is buried")
def _bury(m, scope, may):
    return (Bury(scope=_scope(m.group("subj") or m.group("subj2"))),)


@_template(r"unbury (?P<subj>this model|the target)(?: (?:in base contact with "
           r"(?P<ref>this model|the target|a friendly model)|"
           r"(?:anywhere )?within (?P<d>\d+(?:\.\d+)?)\s?\" of (?P<ref2>this model|the target)))")
def _unbury(m, scope, may):
    ref = _reference(m.group("ref") or m.group("ref2") or "")
    if not ref:
        return None
    distance = _inches(m.group("d")) if m.group("d") else 0.0
    return (Unbury(distance=distance, relative_to=ref, scope=scope),)


@_template(_SUBJECT + r" (?:may not|cannot) (?:take|declare) (?:the )?(?P<what>walk|charge|"
           r"interact) actions? until (?P<until>its next activation|the end of the turn|"
           r"the end of its next activation)")
def _prohibit(m, scope, may):
    until = {"its next activation": "next_activation", "the end of the turn": "end_of_turn",
             "the end of its next activation": "end_of_next_activation"}[
        m.group("until").lower()]
    return (Prohibit(action=m.group("what").lower(), until=until, scope=scope),)


@_template(_SUBJECT + r" must (?:pass|succeed (?:in|on)) a tn (?P<tn>\d+) (?P<stat>ml|sh|ca|df|"
           r"wp|wk|cg|ht)(?P<suit> (?:ram|crow|tome|mask)s?)? duel or (?P<fail>.+)")
def _forced(m, scope, may):
    failure = _clause(m.group("subj") + " " + _third_person(m.group("fail")))
    if failure is None:
        return None
    suits = (_SUITS[m.group("suit").strip().lower()],) if m.group("suit") else ()
    return (ForcedDuel(stat=m.group("stat").lower(), tn=int(m.group("tn")), suits=suits,
                       on_failure=failure, scope=scope),)


def _third_person(verb_phrase: str) -> str:
    """"gain Paralyzed" -> "gains Paralyzed" after a subject ("Target must ... or gain")."""
    phrase = verb_phrase.strip()
    be = re.fullmatch(r"be (?:come )?(" + _COND_NAMES + r")", phrase, re.I)
    if be:  # "or be Paralyzed": gains the Condition
        return f"gains {be.group(1)}"
    return re.sub(r"^(gain|suffer|heal|discard|lose)\b", r"\1s", phrase, flags=re.I)


# -- sentences ------------------------------------------------------------------------

_ELEMENT_RULES = {
    "ignores armor": Qualifiers(ignores_armor=True),
    "ignores armour": Qualifiers(ignores_armor=True),
    "this attack ignores armor": Qualifiers(ignores_armor=True),
    "this action ignores armor": Qualifiers(ignores_armor=True),
    "ignores cover": Qualifiers(ignores_cover=True),
    "this attack ignores cover": Qualifiers(ignores_cover=True),
    "this action ignores cover": Qualifiers(ignores_cover=True),
    "this attack ignores soft cover": None,  # only soft cover: not a full "ignores cover"
    "ignores line of sight": Qualifiers(ignores_los=True),
    "this action ignores line of sight": Qualifiers(ignores_los=True),
    "once per turn": Qualifiers(once_per="turn"),
    "once per activation": Qualifiers(once_per="activation"),
    "once per game": Qualifiers(once_per="game"),
    "this ability may only be used once per turn": Qualifiers(once_per="turn"),
    "this action may only be taken once per turn": Qualifiers(once_per="turn"),
    "this action may only be taken once per activation": Qualifiers(once_per="activation"),
}
_ONCE = re.compile(r"^once per (turn|activation|game),? ", re.I)
_IF_LEAD = re.compile(r"^if (?P<cond>[^,]+), (?P<rest>.+)$", re.I)
_IF_TAIL = re.compile(r"^(?P<rest>.+?),? (?P<word>if|unless|instead of|when|while|as long as)"
                      r" (?P<cond>.+)$", re.I)
_TIMING = {"after the action resolves": "after_resolving",
           "after this action resolves": "after_resolving",
           "after resolving": "after_resolving", "after damaging": "after_damaging",
           "after succeeding": "after_succeeding", "after failing": "after_failing"}
_TIMING_TAIL = re.compile(r"^(?P<rest>.+?),? (?P<t>" + "|".join(_TIMING) + r")$", re.I)
#: "After this model is hit by a Ml attack, ..." (a defensive trigger's moment): the
#: sentence's timing, for the whole element. Being damaged names no attack stat.
_AFTER_ATTACKED = re.compile(r"^after this model is (?P<how>hit|damaged) by an? (?:enemy )?"
                             r"(?:(?P<stat>ml|sh) )?attack, (?P<rest>.+)$", re.I)
_MAY = re.compile(r"\b(may|must) (?=\w)", re.I)


def _clause(text: str) -> tuple[Effect, ...] | None:
    """Effects of one clause (no leading qualifiers), or None when no template reads it."""
    body = text.strip().rstrip(".").strip()
    optional = False
    plain = re.sub(r"^((?:the )?target|this model|[\w\" ]*?models?(?: within [\d.]+\s?\"|"
                   r" in range)?(?: of this model)?) may (?!not )", r"\1 ", body, flags=re.I)
    if plain != body:
        optional, body = True, plain
    elif body.lower().startswith("may ") and not body.lower().startswith("may not "):
        optional, body = True, body[4:]
    for pattern, build in _TEMPLATES:
        m = pattern.fullmatch(body)
        if not m:
            continue
        subject = m.groupdict().get("subj")
        scope = _scope(subject) if subject else Scope()
        try:
            effects = build(m, scope, optional)
        except (EffectError, KeyError, ValueError, StopIteration):
            effects = None
        if effects:
            if optional:
                effects = tuple(_qualify(e, Qualifiers(optional=True)) for e in effects)
            return effects
    return None


def _qualify(effect: Effect, extra: Qualifiers) -> Effect:
    q = effect.qualifiers
    merged = Qualifiers(
        ignores_armor=q.ignores_armor or extra.ignores_armor,
        ignores_cover=q.ignores_cover or extra.ignores_cover,
        ignores_los=q.ignores_los or extra.ignores_los,
        once_per=q.once_per or extra.once_per,
        only_if=" and ".join(c for c in (q.only_if, extra.only_if) if c),
        optional=q.optional or extra.optional,
        timing=q.timing or extra.timing,
    )
    return replace(effect, qualifiers=merged)


def _split_clauses(body: str) -> list[str] | None:
    """"Target gains Slow and push it 2\" away" as two clauses (each must read alone)."""
    parts = re.split(r"(?:, then|\. then|;|,? and then|,? and) (?=(?:push|place|draw|discard|"
                     r"heal|remove|summon|bury|unbury|sacrifice|lure|the target|this model|"
                     r"target)\b)|, then (?=(?:the target|this model|target)\b)", body,
                     flags=re.I)
    return parts if len(parts) > 1 else None


def read_sentence(sentence: str) -> tuple[tuple[Effect, ...], Qualifiers | None] | None:
    """One sentence as (effects, element qualifiers), or None when it cannot be read."""
    body = " ".join(sentence.split()).strip().rstrip(".").strip()
    if not body:
        return (), None
    element = _ELEMENT_RULES.get(body.lower(), False)
    if element is None:
        return None
    if element is not False:
        return (), element
    attacked = _AFTER_ATTACKED.match(body)
    if attacked:
        how, stat = attacked.group("how").lower(), (attacked.group("stat") or "").lower()
        if how == "damaged" and stat:
            return None
        effects = _with_tail(attacked.group("rest"), Qualifiers())
        if effects is None or any(e.qualifiers.timing for e in effects):
            return None
        timing = "after_damaging" if how == "damaged" else "after_hit" + (
            f"_{stat}" if stat else "")
        return effects, Qualifiers(timing=timing)
    extra = Qualifiers()
    once = _ONCE.match(body)
    if once:
        extra = replace(extra, once_per=once.group(1).lower())
        body = body[once.end():]
    lead = _IF_LEAD.match(body)
    if lead:
        extra = replace(extra, only_if=lead.group("cond"))
        body = lead.group("rest")
    effects = _with_tail(body, extra)
    return None if effects is None else (effects, None)


def _with_tail(body: str, extra: Qualifiers) -> tuple[Effect, ...] | None:
    timing = _TIMING_TAIL.match(body)
    if timing:
        extra = replace(extra, timing=_TIMING[timing.group("t").lower()])
        body = timing.group("rest")
    effects = _clause(body)
    if effects is None:
        parts = _split_clauses(body)
        if parts:
            read = [_clause(p) for p in parts]
            if all(r is not None for r in read):
                effects = tuple(e for r in read for e in r)
    if effects is None:
        tail = _IF_TAIL.match(body)
        if tail is None or tail.group("word").lower() != "if":
            return None  # "unless", "while", "when": not readable as a plain condition
        if extra.only_if:
            return None
        inner = _clause(tail.group("rest"))
        if inner is None:
            return None
        extra = replace(extra, only_if=tail.group("cond"))
        effects = inner
    if extra != Qualifiers():
        effects = tuple(_qualify(e, extra) for e in effects)
    return effects


_DEFINITION = re.compile(r"^[A-Z][\w'\- ]{0,40}?(?: \+?\d+| \(.*?\))?:\s")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z+\-(])")


#: Rules of a Condition a card defines in place that the language names (lower case, no
#: final full stop), as ``GainCondition.rule``.
_DEFINED_RULES = {
    "this model cannot declare triggers": "no_triggers",
    "this model may not declare triggers": "no_triggers",
}
_WHOLE_DEFINITION = re.compile(r"^(?P<name>[A-Z][\w'\- ]{0,40}?):\s+(?P<rule>.+?)\.?$")


def defined_condition(text: str) -> Reading | None:
    """A trigger whose whole text defines one Condition ("Smothered: This model cannot
    declare Triggers."), with a rule the language names: read as the target gaining that
    Condition (the trigger gives what it defines). None for anything else: such text
    stays a definition, unread (``parse``)."""
    body = " ".join(str(text or "").split())
    m = _WHOLE_DEFINITION.match(body)
    if not m:
        return None
    rule = _DEFINED_RULES.get(m.group("rule").lower().rstrip("."))
    name = "_".join(m.group("name").lower().split())
    if rule is None or not re.fullmatch(r"[a-z][a-z_]{0,39}", name):
        return None
    return Reading(effects=(GainCondition(name=name, rule=rule, scope=Scope(who="target")),))


def parse(text: str) -> Reading:
    """Read card text into a ``Reading``; what cannot be read stays in ``unread``."""
    effects: list[Effect] = []
    qualifiers = Qualifiers()
    unread: list[str] = []
    for paragraph in str(text or "").splitlines():
        paragraph = " ".join(paragraph.split())
        if not paragraph:
            continue
        sentences = _SENTENCE_END.split(paragraph)
        for index, sentence in enumerate(sentences):
            if _DEFINITION.match(sentence):
                unread.append(" ".join(sentences[index:]))
                break
            read = read_sentence(sentence)
            if read is None:
                unread.append(sentence)
                continue
            found, element = read
            effects.extend(found)
            if element is not None:
                qualifiers = _merge(qualifiers, element)
    return Reading(effects=tuple(effects), qualifiers=qualifiers, unread=tuple(unread))


def _merge(a: Qualifiers, b: Qualifiers) -> Qualifiers:
    return Qualifiers(
        ignores_armor=a.ignores_armor or b.ignores_armor,
        ignores_cover=a.ignores_cover or b.ignores_cover,
        ignores_los=a.ignores_los or b.ignores_los,
        once_per=a.once_per or b.once_per, only_if=a.only_if or b.only_if,
        optional=a.optional or b.optional, timing=a.timing or b.timing)


def reading_of(element: Mapping) -> Reading:
    """An element's reading: its structured ``effects`` (a list, with ``qualifiers`` and
    ``unread`` beside it, or one ``Reading`` object) when a pack gives them (corrected by
    an organizer), else its ``text`` parsed. Bad structured effects raise
    ``EffectError`` naming the field."""
    given = element.get("effects")
    if isinstance(given, Mapping):  # a whole reading: {"effects": [...], "unread": [...]}
        return Reading.from_dict(given, "effects")
    if given is not None:
        return Reading.from_dict({"effects": given,
                                  "qualifiers": element.get("qualifiers") or {},
                                  "unread": element.get("unread") or []})
    return parse(str(element.get("text") or ""))
