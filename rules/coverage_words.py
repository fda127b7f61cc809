"""What the simulator does not play, in the reader's language (issue 23).

The simulator writes its "not modelled" lines and the coverage reasons in English (an
auto-resolved game stores them in its summary; the coverage of a card is computed). A
page reads them here: the words around them in the reader's language, and what must
stay English marked ``lang="en"``: the names from a pack (models, actions, abilities,
upgrades) and the card text it quotes; the simulator's own short descriptions of effects
are read in the reader's language by ``rules.effect_words``. A reason of no known
wording is shown whole, marked ``lang="en"``."""

from __future__ import annotations

import re
from functools import lru_cache

from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, pgettext

from rules.effect_words import effects_text, joined_effects_text


def _french() -> bool:
    """Only a French page rewrites the lines: an English one shows them as stored."""
    from django.utils.translation import get_language

    return (get_language() or "").startswith("fr")


def english(text: str) -> SafeString:
    return format_html('<span lang="en">{}</span>', text)


def _named() -> str:
    """A name, then what is said of it ("Doc Shover: ..."): French puts a non-breaking
    space before the colon."""
    return pgettext("a name, a colon and its text", "{name}: {text}")


def _fill(template: str, parts: dict[str, str]) -> SafeString:
    """``template`` (already translated) with each part escaped and marked English (a
    SafeString part is already marked where it must be)."""
    pieces = re.split(r"%\((\w+)\)s", template)
    out = []
    for index, piece in enumerate(pieces):
        if not index % 2:
            out.append(format_html("{}", piece))
        else:
            part = parts[piece]
            out.append(part if isinstance(part, SafeString) else english(part))
    return mark_safe("".join(out))


def _reasons() -> list[tuple[str, str]]:
    """(pattern, template) for every reason the simulator gives (rules/engine/effects/
    coverage.py and rules/engine/simulation/crews.py); looked up at render time."""
    return [
        (r"text not read: (?P<text>.+)", gettext("text not read: %(text)s")),
        (r"so none of it is played \((?P<what>.+) only with the rest\)",
         gettext("so none of it is played (%(what)s only with the rest)")),
        (r"it does nothing the simulator plays", gettext("it does nothing the simulator plays")),
        (r"an ability the simulator does not play",
         gettext("an ability the simulator does not play")),
        (r"its action is not played", gettext("its action is not played")),
        (r"triggers of tactical actions are not declared",
         gettext("triggers of tactical actions are not declared")),
        (r"a tactical action without a duel declares no triggers",
         gettext("a tactical action without a duel declares no triggers")),
        (r"its action deals no damage", gettext("its action deals no damage")),
        (r"range (?P<range>.+) is not understood", gettext("range %(range)s is not understood")),
        (r"an attack without a stat and value", gettext("an attack without a stat and value")),
        (r"an attack resisted by (?P<stat>.+)", gettext("an attack resisted by %(stat)s")),
        (r"attacks without a single target", gettext("attacks without a single target")),
        (r"an attack whose effect is only text", gettext("an attack whose effect is only text")),
        (r"a tactical action whose effect is only text",
         gettext("a tactical action whose effect is only text")),
        (r"a TN without a stat", gettext("a TN without a stat")),
        (r"not read by the simulator", gettext("not read by the simulator")),
        (r"(?P<what>.+) is not played", gettext("%(what)s is not played")),
    ]


@lru_cache(maxsize=1)
def _reason_patterns() -> list[re.Pattern]:
    return [re.compile(p + r"\Z") for p, _ in _reasons()]


def reason(text: str) -> SafeString:
    """One reason in the reader's language (its English parts marked)."""
    text = str(text or "")
    if not _french():
        return format_html("{}", text)
    for pattern, (_, template) in zip(_reason_patterns(), _reasons(), strict=True):
        match = pattern.match(text)
        if match:
            parts = match.groupdict()
            if "what" in parts:  # the simulator's own description of effects
                parts["what"] = joined_effects_text(parts["what"])
            return _fill(template, parts)
    return english(text)


def reasons(texts) -> SafeString:
    return mark_safe(gettext("; ").join(reason(t) for t in texts))


def element_label(role: str, name: str, of: str = "") -> SafeString:
    """"action X", "ability X", "trigger X of Y" with the names marked English."""
    if role == "trigger":
        return _fill(gettext("trigger %(name)s of %(action)s"), {"name": name, "action": of})
    if role == "ability":
        return _fill(gettext("ability %(name)s"), {"name": name})
    return _fill(gettext("action %(name)s"), {"name": name})


def label(coverage) -> SafeString:
    """A card element's label ("action X", "trigger X of Y"): English as it was on an
    English page, the names marked on a French one."""
    if not _french():
        return format_html("{}", coverage.label)
    e = coverage.element
    return element_label(e.role, e.name, e.of or "")


def element(coverage) -> SafeString:
    """A card element's coverage (``ElementCoverage``) as one line: its label, then what
    is played of it and why the rest is not."""
    if not _french():
        return format_html("{}", coverage.line())
    e = coverage.element
    label = element_label(e.role, e.name, e.of or "")
    if coverage.status == "played":
        return label
    why = reasons(coverage.reasons)
    if coverage.status == "partly":
        return format_html(gettext("{label} (partly played: {played}; {why})"), label=label,
                           played=effects_text(coverage.played), why=why)
    return format_html(gettext("{label} ({why})"), label=label, why=why)


def played(coverage) -> SafeString:
    """A played element: its label and what of it is played."""
    if not _french():
        return format_html("{}{}", coverage.label,
                           f": {', '.join(coverage.played)}" if coverage.played else "")
    e = coverage.element
    label = element_label(e.role, e.name, e.of or "")
    if not coverage.played:
        return label
    return format_html(_named(), name=label, text=effects_text(coverage.played))


_HEAD = re.compile(r"(?P<role>action|ability|trigger) (?P<name>.+?)(?: of (?P<of>.+))?")
_LINE = re.compile(r"(?P<head>.+?)(?: \(from (?P<source>[^()]+)\))? \((?P<body>.*)\)")
_FIELD = re.compile(r"(?:(?P<head>.+): )?(?:card )?field (?P<key>'[^']*'|\"[^\"]*\") "
                    r"\(not read by the simulator\)")


def _head(text: str) -> SafeString:
    match = _HEAD.fullmatch(text)
    if match is None:  # an upgrade, an injury... named as the simulator names it
        return english(text)
    return element_label(match["role"], match["name"], match["of"] or "")


def line(text: str) -> SafeString:
    """A stored "not modelled" line of an auto-resolved game ("Model: action X (why)")
    in the reader's language, the names, card text and effect descriptions marked
    English."""
    text = str(text or "")
    if not _french():
        return format_html("{}", text)
    model, sep, rest = text.partition(": ")
    if not sep:
        return english(text)
    prefix = format_html(_named(), name=english(model), text="")
    field = _FIELD.fullmatch(rest)
    if field:
        what = _head(field["head"]) if field["head"] else pgettext("coverage", "card")
        return format_html(gettext("{prefix}{what}: field {key} ({why})"), prefix=prefix,
                           what=what, key=english(field["key"]),
                           why=gettext("not read by the simulator"))
    match = _LINE.fullmatch(rest)
    if match is None:
        return format_html("{}{}", prefix, _head(rest))
    head = _head(match["head"])
    if match["source"]:
        head = format_html(gettext("{what} (from {source})"), what=head,
                           source=english(match["source"]))
    body = match["body"]
    if body.startswith("partly played: ") and "; " in body:
        done, why = body.removeprefix("partly played: ").split("; ", 1)
        return format_html(gettext("{prefix}{label} (partly played: {played}; {why})"),
                           prefix=prefix, label=head, played=joined_effects_text(done),
                           why=reasons(why.split("; ")))
    return format_html(gettext("{prefix}{label} ({why})"), prefix=prefix, label=head,
                       why=reasons(body.split("; ")))


def malediction_line(text: str) -> SafeString:
    """A Malediction match's "not modelled" line ("Card: its text", "Name (legacy): its
    text"): card names and texts stay English, marked; the kind is the reader's."""

    text = str(text or "")
    if not _french():
        return format_html("{}", text)
    match = re.fullmatch(r"(?P<name>.+?) \((?P<kind>legacy|spell|terrain)\): (?P<text>.+)",
                         text, flags=re.S)
    if match is None:
        return english(text)
    kinds = {"legacy": pgettext("malediction", "legacy"),
             "spell": pgettext("malediction", "spell"),
             "terrain": pgettext("malediction", "terrain")}
    return format_html(gettext("{name} ({kind}): {text}"), name=english(match["name"]),
                       kind=kinds[match["kind"]], text=english(match["text"]))
