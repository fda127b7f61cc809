"""The simulator's own descriptions of structured effects, in the reader's language
(issue 23).

``rules.engine.effects.coverage.describe`` writes a short English description of an
effect ("+2 damage, 1 Blast", "push up to 2\" away from the target (enemy models), once
per turn"); coverage lists show them and an auto-resolved game stores them in its "not
modelled" lines. They are our words, not a pack's: a French page reads each shape here
from a translatable template, and only what comes from a card stays English, marked
``lang="en"`` (a Condition's or a Marker's name, a summoned model, a condition as printed).
A description of no known shape is shown whole, marked English."""

from __future__ import annotations

import re

from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, npgettext, pgettext


def _english(text: str) -> SafeString:
    return format_html('<span lang="en">{}</span>', text)


def _t(template: str, **parts) -> SafeString:
    """``template`` (translated) with ``parts`` escaped (a SafeString is kept as is)."""
    pieces = re.split(r"%\((\w+)\)s", template)
    out = [format_html("{}", p) if not i % 2 else format_html("{}", parts[p])
           for i, p in enumerate(pieces)]
    return mark_safe("".join(out))


def _suit(name: str) -> str:
    """A suit in the singular ("per Ram")."""
    return {"Ram": pgettext("one suit", "Ram"), "Crow": pgettext("one suit", "Crow"),
            "Tome": pgettext("one suit", "Tome"), "Mask": pgettext("one suit", "Mask")
            }.get(name, name)


def _relative(name: str) -> str:
    """What a move is relative to, with its "of"."""
    return {"this model": pgettext("effect", "of this model"),
            "the target": pgettext("effect", "of the target"),
            "a Marker": pgettext("effect", "of a Marker"),
            "a point": pgettext("effect", "of a point"),
            "the attacker": pgettext("effect", "of the attacker")}[name]


def _how(verb: str) -> str:
    return {"push": pgettext("effect", "push"), "place": pgettext("effect", "place"),
            "lure": pgettext("effect", "lure"), "move": pgettext("effect", "move")}[verb]


def _flip(flip: str) -> str:
    words = {"duel": pgettext("twist on", "the duel"),
             "damage": pgettext("twist on", "the damage flip"),
             "attack": pgettext("twist on", "the attack"),
             "defense": pgettext("twist on", "the defense")}
    return words.get(flip) or flip.title()


def _marker(name: str) -> SafeString | str:
    words = {"Scheme": pgettext("marker", "Scheme"), "Corpse": pgettext("marker", "Corpse"),
             "Scrap": pgettext("marker", "Scrap")}
    return words[name] if name in words else _english(name)


def _action(name: str) -> str:
    return {"Walk": pgettext("action", "Walk"), "Charge": pgettext("action", "Charge"),
            "Interact": pgettext("action", "Interact"), "Focus": pgettext("action", "Focus"),
            "Any": pgettext("action", "Any")}[name]


def _until(text: str) -> str:
    return {"end of activation": pgettext("until", "the end of the activation"),
            "next activation": pgettext("until", "the next activation"),
            "end of turn": pgettext("until", "the end of the Turn"),
            "end of next activation": pgettext("until", "the end of the next activation"),
            }[text]


def _timing(text: str) -> str:
    return {"after resolving": pgettext("timing", "after resolving"),
            "after damaging": pgettext("timing", "after damaging"),
            "after succeeding": pgettext("timing", "after succeeding"),
            "when declaring": pgettext("timing", "when declaring"),
            "end of activation": pgettext("timing", "at the end of the activation"),
            "end of next activation": pgettext("timing", "at the end of the next activation"),
            "end of turn": pgettext("timing", "at the end of the Turn"),
            "start of activation": pgettext("timing", "at the start of the activation"),
            }[text]


def _once(per: str) -> str:
    return {"turn": pgettext("once per", "once per Turn"),
            "activation": pgettext("once per", "once per activation"),
            "game": pgettext("once per", "once per game")}[per]


def _who(who: str) -> str:
    return {"this model": pgettext("effect", "this model"),
            "friendly models": pgettext("effect", "friendly models"),
            "enemy models": pgettext("effect", "enemy models"),
            "models": pgettext("effect", "models"),
            "the target": pgettext("effect", "the target")}[who]


def _area(area: str) -> str:
    return {"pulse": pgettext("area", "pulse"), "aura": pgettext("area", "aura"),
            "within": pgettext("area", "within")}[area]


N = r"(?P<n>\d+)"
SUIT = r"(?P<suit>Ram|Crow|Tome|Mask)"
REL = r"(?P<rel>this model|the target|a Marker|a point|the attacker)"
DIST = r"(?P<distance>\d+(?:\.\d+)?\")"
NAME = r"[A-Z][A-Za-z' ]*"  # a Condition's name, as describe() titles it
STAT = r"(?P<stat>Ml|Sh|Ca|Df|Wp|Wk|Cg|Ht|Sp)"
CORE: list[tuple[str, callable]] = [
    (r"\+" + N + r" damage",
     lambda m: _t(npgettext("effect", "+%(n)s damage", "+%(n)s damage", int(m["n"])),
                  n=m["n"])),
    (N + r" damage",
     lambda m: _t(npgettext("effect", "%(n)s damage", "%(n)s damage", int(m["n"])),
                  n=m["n"])),
    (r"\+" + N + r" damage per " + SUIT,
     lambda m: _t(npgettext("effect", "+%(n)s damage per %(suit)s",
                            "+%(n)s damage per %(suit)s", int(m["n"])), n=m["n"],
                  suit=_suit(m["suit"]))),
    (N + r" damage per " + SUIT,
     lambda m: _t(npgettext("effect", "%(n)s damage per %(suit)s",
                            "%(n)s damage per %(suit)s", int(m["n"])), n=m["n"],
                  suit=_suit(m["suit"]))),
    (r"damage (?P<track>\S+)",
     lambda m: _t(pgettext("effect", "damage %(track)s"), track=m["track"])),
    (r"1 Blast", lambda m: _t(pgettext("effect", "1 Blast"))),
    (N + r" Blasts", lambda m: _t(pgettext("effect", "%(n)s Blasts"), n=m["n"])),
    (r"(?P<op>place|remove) (?P<count>all|\d+) (?P<name>.+?) (?P<plural>Markers?)",
     lambda m: _markers(m)),
    (r"gain (?P<name>" + NAME + r") \+(?P<value>\d+)",
     lambda m: _t(pgettext("effect", "gain %(name)s +%(value)s"), name=_english(m["name"]),
                  value=m["value"])),
    (r"gain (?P<name>" + NAME + r")",
     lambda m: _t(pgettext("effect", "gain %(name)s"), name=_english(m["name"]))),
    (r"remove Any", lambda m: _t(pgettext("effect", "remove every Condition"))),
    (r"remove (?P<name>" + NAME + r")",
     lambda m: _t(pgettext("effect", "remove %(name)s"), name=_english(m["name"]))),
    (r"(?P<how>push|place|lure|move) into base contact with " + REL,
     lambda m: _t(pgettext("effect", "%(how)s into base contact %(rel)s"),
                  how=_how(m["how"]), rel=_relative(m["rel"]))),
    (r"(?P<how>push|place|lure|move) (?P<up>up to )?" + DIST
     + r"(?: (?P<way>away from|toward) " + REL + r")?", lambda m: _move(m)),
    (r"heal " + N, lambda m: _t(pgettext("effect", "heal %(n)s"), n=m["n"])),
    (r"may not cheat fate", lambda m: _t(pgettext("effect", "may not cheat fate"))),
    (r"(?P<op>draw|discard|reveal) 1 card", lambda m: _cards(m, one=True)),
    (r"(?P<op>draw|discard|reveal) " + N + r" cards", lambda m: _cards(m, one=False)),
    (r"(?P<what>.+) \(opponent\)",
     lambda m: _inner(m["what"], pgettext("effect", "%(what)s (opponent)"))),
    (N + r" (?P<sign>positive|negative) twists? on (?P<flip>\w+)", lambda m: _twist(m)),
    (r"summon " + N + r" (?P<model>[^,;]+)",
     lambda m: _t(pgettext("effect", "summon %(n)s %(model)s"), n=m["n"],
                  model=_english(m["model"]))),
    (r"unbury", lambda m: _t(pgettext("effect", "unbury"))),
    (r"bury", lambda m: _t(pgettext("effect", "bury"))),
    (r"sacrifice", lambda m: _t(pgettext("effect", "sacrifice"))),
    (r"no (?P<action>Walk|Charge|Interact|Focus|Any) action until (?P<until>end of activation|"
     r"next activation|end of turn|end of next activation)",
     lambda m: _t(pgettext("effect", "no %(action)s action until %(until)s"),
                  action=_action(m["action"]), until=_until(m["until"]))),
    (r"TN (?P<tn>\d+) " + STAT + r"(?P<suits>(?: (?:Ram|Crow|Tome|Mask))*) duel or "
     r"(?P<fail>.+)", lambda m: _duel(m)),
    (r"the attack and its damage", lambda m: _t(pgettext("effect", "the attack and its damage"))),
    # An element's own qualifiers (rules.engine.effects.coverage.element_capabilities).
    (r"ignores (?P<what>armor|cover|los)", lambda m: _t({
        "armor": pgettext("effect", "ignores Armor"), "cover": pgettext("effect", "ignores cover"),
        "los": pgettext("effect", "ignores line of sight")}[m["what"]])),
    (r"once:(?P<per>turn|activation|game)", lambda m: _t(_once(m["per"]))),
    (r"timing:(?P<timing>.+)", lambda m: _t(_timing(m["timing"]))),
    (r"if:(?P<cond>.+)", lambda m: _t(pgettext("effect", "only if %(condition)s"),
                                      condition=_english(m["cond"]))),
]
_CORE = [(re.compile(p + r"\Z"), build) for p, build in CORE]

_QUALIFIED = re.compile(
    r"(?P<core>.+?)"
    r"(?: \((?P<who>this model|friendly models|enemy models|models|the target)"
    r"(?: \((?P<area>pulse|aura|within) (?P<distance>\d+(?:\.\d+)?\")\)| (?P<range>in range))?"
    r"\))?"
    r"(?: only if (?P<only_if>.+?))?"
    r"(?:, once per (?P<once>turn|activation|game))?"
    r"(?:, (?P<timing>after resolving|after damaging|after succeeding|when declaring|"
    r"end of activation|end of next activation|end of turn|start of activation))?\Z")


def _move(m) -> SafeString:
    how, distance = _how(m["how"]), m["distance"]
    if m["way"] == "away from":
        template = (pgettext("effect", "%(how)s up to %(distance)s away %(rel)s") if m["up"]
                    else pgettext("effect", "%(how)s %(distance)s away %(rel)s"))
    elif m["way"] == "toward":
        template = (pgettext("effect", "%(how)s up to %(distance)s toward %(rel)s") if m["up"]
                    else pgettext("effect", "%(how)s %(distance)s toward %(rel)s"))
    else:
        template = (pgettext("effect", "%(how)s up to %(distance)s") if m["up"]
                    else pgettext("effect", "%(how)s %(distance)s"))
    return _t(template, how=how, distance=distance,
              rel=_relative(m["rel"]) if m["rel"] else "")


def _cards(m, *, one: bool) -> SafeString:
    templates = {
        ("draw", True): pgettext("effect", "draw 1 card"),
        ("draw", False): pgettext("effect", "draw %(n)s cards"),
        ("discard", True): pgettext("effect", "discard 1 card"),
        ("discard", False): pgettext("effect", "discard %(n)s cards"),
        ("reveal", True): pgettext("effect", "reveal 1 card"),
        ("reveal", False): pgettext("effect", "reveal %(n)s cards"),
    }
    return _t(templates[(m["op"], one)], n="1" if one else m["n"])


def _twist(m) -> SafeString:
    one = m["n"] == "1"
    templates = {
        ("positive", True): pgettext("effect", "1 positive twist on %(flip)s"),
        ("positive", False): pgettext("effect", "%(n)s positive twists on %(flip)s"),
        ("negative", True): pgettext("effect", "1 negative twist on %(flip)s"),
        ("negative", False): pgettext("effect", "%(n)s negative twists on %(flip)s"),
    }
    return _t(templates[(m["sign"], one)], n=m["n"], flip=_flip(m["flip"]))


def _markers(m) -> SafeString:
    name = _marker(m["name"])
    if m["count"] == "all":
        template = (pgettext("effect", "place all %(name)s Markers") if m["op"] == "place"
                    else pgettext("effect", "remove all %(name)s Markers"))
        return _t(template, name=name)
    one = m["plural"] == "Marker"
    templates = {
        ("place", True): pgettext("effect", "place 1 %(name)s Marker"),
        ("place", False): pgettext("effect", "place %(count)s %(name)s Markers"),
        ("remove", True): pgettext("effect", "remove 1 %(name)s Marker"),
        ("remove", False): pgettext("effect", "remove %(count)s %(name)s Markers"),
    }
    return _t(templates[(m["op"], one)], count=m["count"], name=name)


def _duel(m) -> SafeString:
    suits = " ".join(str(_suit(s)) for s in m["suits"].split())
    fail = m["fail"]
    failing = (_t(pgettext("effect", "nothing")) if fail == "nothing"
               else mark_safe(gettext("; ").join(effect_text(f) for f in fail.split("; "))))
    stat = f"{m['stat']} {suits}" if suits else m["stat"]
    return _t(pgettext("effect", "TN %(tn)s %(stat)s duel or %(fail)s"), tn=m["tn"], stat=stat,
              fail=failing)


def _inner(text: str, template: str) -> SafeString | None:
    inner = _core(text)
    return None if inner is None else _t(template, what=inner)


def _core(text: str) -> SafeString | None:
    for pattern, build in _CORE:
        match = pattern.match(text)
        if match:
            try:
                return build(match)
            except KeyError:
                return None
    return None


def _parts(text: str) -> SafeString | None:
    """A core of comma-joined parts ("+2 damage, 1 Blast"), each of a known shape."""
    whole = _core(text)
    if whole is not None:
        return whole
    parts = [_core(p) for p in text.split(", ")]
    if len(parts) < 2 or any(p is None for p in parts):
        return None
    return mark_safe(", ".join(parts))


def _translated(text: str) -> SafeString | None:
    match = _QUALIFIED.match(text)
    if match is None:
        return None
    core = _parts(match["core"])
    if core is None:
        return None
    out = core
    if match["who"]:
        who = _who(match["who"])
        if match["area"]:
            who = _t(pgettext("effect", "%(who)s (%(area)s %(distance)s)"), who=who,
                     area=_area(match["area"]), distance=match["distance"])
        elif match["range"]:
            who = _t(pgettext("effect", "%(who)s in range"), who=who)
        out = _t(pgettext("effect", "%(effect)s (%(who)s)"), effect=out, who=who)
    if match["only_if"]:
        out = _t(pgettext("effect", "%(effect)s only if %(condition)s"), effect=out,
                 condition=_english(match["only_if"]))
    if match["once"]:
        out = _t(pgettext("effect", "%(effect)s, %(qualifier)s"), effect=out,
                 qualifier=_once(match["once"]))
    if match["timing"]:
        out = _t(pgettext("effect", "%(effect)s, %(qualifier)s"), effect=out,
                 qualifier=_timing(match["timing"]))
    return out


def effect_text(text: str) -> SafeString:
    """One description in the reader's language; English (marked) if of no known shape.
    An English page shows it as written."""
    from django.utils.translation import get_language

    text = str(text or "")
    if not (get_language() or "").startswith("fr"):
        return format_html("{}", text)
    return _translated(text) or _english(text)


def effects_text(texts) -> SafeString:
    """Several descriptions (a coverage's "played" list), joined."""
    return mark_safe(", ".join(effect_text(t) for t in texts))


def joined_effects_text(text: str) -> SafeString:
    """Descriptions stored joined by ", " (a "partly played: ..." line), where one
    description may itself hold ", ": each run of parts read as the longest known
    description; a part of no known shape is marked English."""
    from django.utils.translation import get_language

    if not (get_language() or "").startswith("fr"):
        return format_html("{}", text)
    parts = str(text or "").split(", ")
    out, i = [], 0
    while i < len(parts):
        for j in range(len(parts), i, -1):
            found = _translated(", ".join(parts[i:j]))
            if found is not None:
                out.append(found)
                i = j
                break
        else:
            out.append(_english(parts[i]))
            i += 1
    return mark_safe(", ".join(out))
