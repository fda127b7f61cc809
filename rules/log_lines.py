"""Stored log lines in the reader's language (issue 23: game logs, week logs and scrip
ledger lines were English on French pages).

Lines are stored in English (they are an audit record, written once for every reader);
each known shape is a pattern with named parts and a translatable template with the same
parameters, rendered when a page shows the line, so each reader sees their own language.
A line of no known shape is shown as it was stored."""

from __future__ import annotations

import re

from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _


def _templates() -> list[tuple[str, str]]:
    """(pattern, template): the templates are lazy, looked up in the request's language
    only when a line matches (the game page shows dozens of lines; translating all sixty
    templates for each line cost it tens of milliseconds)."""
    n = r"(?P<%s>\d+)"
    return [
        (r"(?P<crew>Side [abAB]) revealed its crew", _("%(crew)s revealed its crew")),
        (r"(?P<crew>Side [abAB]) chose its schemes", _("%(crew)s chose its schemes")),
        (r"(?P<crew>Side [abAB]) hired its crew \(" + n % "cost" + r" soulstones\)",
         _("%(crew)s hired its crew (%(cost)s soulstones)")),
        (r"The game begins: Turn " + n % "turn", _("The game begins: Turn %(turn)s")),
        (r"Turn " + n % "turn" + r" begins", _("Turn %(turn)s begins")),
        (r"(?P<crew>Side [abAB]) scored " + n % "vp" + r" Strategy VP",
         _("%(crew)s scored %(vp)s Strategy VP")),
        (r"(?P<crew>Side [abAB]) scored " + n % "vp" + r" VP from (?P<name>.+)",
         _("%(crew)s scored %(vp)s VP from %(name)s")),
        (r"(?P<crew>Side [abAB]) revealed (?P<name>.+?) \(noting (?P<model>.+)\)",
         _("%(crew)s revealed %(name)s (noting %(model)s)")),
        (r"(?P<crew>Side [abAB]) revealed (?P<name>.+)", _("%(crew)s revealed %(name)s")),
        (r"Schemes: (?P<names>.+)", _("Schemes: %(names)s")),
        (r"Crews revealed: Campaign Rating (?P<ra>-?\d+) vs (?P<rb>-?\d+); "
         r"Soulstone Pools (?P<pa>\d+) and (?P<pb>\d+)",
         _("Crews revealed: Campaign Rating %(ra)s vs %(rb)s; "
           "Soulstone Pools %(pa)s and %(pb)s")),
        (r"Game set up: (?P<a>.+) vs (?P<b>.+), " + n % "size" + r" soulstones",
         _("Game set up: %(a)s vs %(b)s, %(size)s soulstones")),
        (r"(?P<actor>.+) reported (?P<a>\d+)-(?P<b>\d+)",
         _("%(actor)s reported %(a)s-%(b)s")),
        (r"(?P<actor>.+) confirmed the result (?P<a>\d+)-(?P<b>\d+)",
         _("%(actor)s confirmed the result %(a)s-%(b)s")),
        (r"(?P<actor>.+) ruled the result (?P<a>\d+)-(?P<b>\d+)",
         _("%(actor)s ruled the result %(a)s-%(b)s")),
        (r"(?P<actor>.+) disputed the result: (?P<reason>.*)",
         _("%(actor)s disputed the result: %(reason)s")),
        (r"(?P<actor>.+) overrode the result: (?P<a>\d+)-(?P<b>\d+) \((?P<reason>.*)\)",
         _("%(actor)s overrode the result: %(a)s-%(b)s (%(reason)s)")),
        (r"End of the game recorded for (?P<crew>side [abAB])",
         _("End of the game recorded for %(crew)s")),
        (r"(?P<actor>.+) asked to auto-resolve the game",
         _("%(actor)s asked to auto-resolve the game")),
        (r"(?P<actor>.+) confirmed the auto-resolved result",
         _("%(actor)s confirmed the auto-resolved result")),
        (r"Auto-resolve queued \(seed (?P<seed>\d+), simulator (?P<version>[^)]+)\)",
         _("Auto-resolve queued (seed %(seed)s, simulator %(version)s)")),
        (r"Auto-resolved (?P<a>\d+)-(?P<b>\d+) \(seed (?P<seed>\d+), simulator "
         r"(?P<version>[^)]+)\)",
         _("Auto-resolved %(a)s-%(b)s (seed %(seed)s, simulator %(version)s)")),
        (r"(?P<model>.+): flipped (?P<card>\S+) for Finished Off: (?P<outcome>.+)",
         _("%(model)s: flipped %(card)s for Finished Off: %(outcome)s")),
        (r"(?P<victim>.+) was (?P<how>killed|sacrificed) by (?P<killer>.+)",
         _("%(victim)s was %(how)s by %(killer)s")),
        # Flip purposes (the set-up's flip record).
        (r"Game " + n % "game" + r": (?P<purpose>.+)", _("Game %(game)s: %(purpose)s")),
        (r"scheme card " + n % "n", _("scheme card %(n)s")),
        (r"Week " + n % "week" + r": (?P<purpose>.+)", _("Week %(week)s: %(purpose)s")),
        (r"another event after (?P<name>.+)", _("another event after %(name)s")),
        # Aftermath flip purposes (the Cheat question, rules/engine/aftermath.py).
        (r"Barter flip " + n % "n", _("Barter flip %(n)s")),
        (r"reward flip", _("reward flip")),
        (r"reward reflip \(Jokers are reflipped\)",
         _("reward reflip (Jokers are reflipped)")),
        (r"reward reflip \(the crew already has (?P<name>.+)\)",
         _("reward reflip (the crew already has %(name)s)")),
        (r"injury flip", _("injury flip")),
        (r"injury reflip \(a Joker\)", _("injury reflip (a Joker)")),
        (r"injury reflip \((?P<name>.+) cannot apply\)",
         _("injury reflip (%(name)s cannot apply)")),
        (r"Black Joker: extra injury flip " + n % "n" + r" of 2",
         _("Black Joker: extra injury flip %(n)s of 2")),
        (r"(?P<name>.+) Injuries flip", _("%(name)s Injuries flip")),
        (r"The Doc's", _("The Doc's")),
        (r"Those Who Thirst \(reflip a Joker\)", _("Those Who Thirst (reflip a Joker)")),
        (r"(?P<purpose>.+) \(card (?P<i>\d+) of (?P<total>\d+)\)",
         _("%(purpose)s (card %(i)s of %(total)s)")),
        # Aftermath steps (aftermath/services).
        (r"Aftermath hand: " + n % "n" + r" card\(s\)",
         _("Aftermath hand: %(n)s card(s)")),
        (r"Aftermath finished", _("Aftermath finished")),
        (r"Payday", _("Payday")),
        (r"(?P<purpose>.+): (?P<card>(?:1[0-3]|[1-9])[RMTC]|RJ|BJ)",
         _("%(purpose)s: %(card)s")),
        (r"No Bounty bought", _("No Bounty bought")),
        (r"Bought the Bounty (?P<name>.+)", _("Bought the Bounty %(name)s")),
        (r"Bought (?P<name>.+) for " + n % "cost" + r" scrip",
         _("Bought %(name)s for %(cost)s scrip")),
        (r"Sent (?P<model>.+) to the Doc's \(" + n % "cost" + r" scrip\)",
         _("Sent %(model)s to the Doc's (%(cost)s scrip)")),
        (r"Reward: the crew already has every result",
         _("Reward: the crew already has every result")),
        (r"Reward: (?P<name>.+)", _("Reward: %(name)s")),
        # The week's log and the crew's ledger.
        (r"Games open", _("Games open")),
        (r"New Hires open", _("New Hires open")),
        (r"Week closed", _("Week closed")),
        (r"Flipped: (?P<names>.+)", pgettext_lazy("week log", "Flipped: %(names)s")),
        (r"Individual Events: each game flips its own event",
         _("Individual Events: each game flips its own event")),
        (r"Event set by an organizer: (?P<reason>.*)",
         _("Event set by an organizer: %(reason)s")),
        (r"Starting arsenal: " + n % "models" + r" models for " + n % "total"
         + r" soulstones, " + n % "scrip" + r" scrip left over",
         _("Starting arsenal: %(models)s models for %(total)s soulstones, "
           "%(scrip)s scrip left over")),
        (r"Unspent soulstones of the starting arsenal",
         _("Unspent soulstones of the starting arsenal")),
    ]


#: (compiled pattern, lazy template), made once: a template becomes text in the active
#: language when ``%`` fills it in.
_LINES = [(re.compile(pattern + r"\Z"), template) for pattern, template in _templates()]


def translated(text: str) -> str:
    """``text`` (a stored English log line) in the active language, or as it was."""
    if not text:
        return text
    for pattern, template in _LINES:
        match = pattern.match(text)
        if match:
            parts = {k: translated(v) if k == "purpose" else v
                     for k, v in match.groupdict().items()}
            if "outcome" in parts:
                parts["outcome"] = gettext(parts["outcome"])
            if "how" in parts:
                parts["how"] = gettext(parts["how"].capitalize()).lower()
            return template % parts
    return text
